//! Known-answer records: whole games (chance moves included) and the summaries they must end
//! with. Made by `cargo run -p agora-tyranny --example record -- SEED PLAYERS`; a change in
//! any rule shows up here as a different ending.

use agora_engine::{Game, GameRecord, replay};
use agora_tyranny::Tyranny;
use serde_json::Value;

fn check(text: &str) {
    let data: Value = serde_json::from_str(text).unwrap();
    let record: GameRecord = serde_json::from_value(data["record"].clone()).unwrap();
    let result = replay::<Tyranny>(&record).unwrap();
    assert_eq!(result.rejected, None);
    assert!(result.state.outcome().is_some());
    assert_eq!(
        serde_json::to_value(result.state.summary()).unwrap(),
        data["summary"]
    );
}

#[test]
fn a_four_player_game_won_by_the_criminals() {
    check(include_str!("data/game-4p-criminals.json"));
}

#[test]
fn a_three_player_game_won_by_the_cops() {
    check(include_str!("data/game-3p-cops.json"));
}

#[test]
fn a_two_player_game_ended_by_the_turn_limit() {
    check(include_str!("data/game-2p-time-limit.json"));
}
