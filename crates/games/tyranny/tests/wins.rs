//! How games end: the criminals holding 1000, the cops holding 0, the turn limit; teams share
//! results.

mod common;

use agora_engine::{Game, Seat, SeatSet, Turn};
use agora_tyranny::rules::TURN_LIMIT;
use common::*;
use serde_json::json;

fn seats(list: &[u8]) -> SeatSet {
    list.iter().map(|s| Seat(*s)).collect()
}

#[test]
fn criminals_win_after_three_cop_turns_end_at_1000_or_more() {
    let mut state = position(json!({"influence": 1000}));
    play(&mut state, &["pass"]); // cop1: 1
    assert_eq!(state.table().high_streak(), 1);
    play(&mut state, &["pass"]); // crim1: not counted
    assert_eq!(state.table().high_streak(), 1);
    play(&mut state, &["pass", "pass"]); // cop2: 2, crim2
    assert_eq!(state.table().high_streak(), 2);
    assert!(state.outcome().is_none());
    play(&mut state, &["pass"]); // cop1: 3
    let outcome = state.outcome().expect("over");
    assert_eq!(outcome.reason, "criminals_held_1000");
    assert_eq!(outcome.winners, seats(&[1, 3]));
    assert_eq!(state.turn(), Turn::Over);
    assert!(legal(&state).is_empty());
    assert_eq!(refused(&state, "pass"), "the game is over");
}

#[test]
fn the_criminals_own_turns_do_not_count_toward_their_hold() {
    // Gains 9 takes crim1 from 500 to 1000 on its own turn: the count starts with cop2.
    let mut state = position(json!({
        "pieces": {"crim1": {"tile": "O5"}},
        "to_move": "crim1",
    }));
    play(&mut state, &["move", "roll 1", "draw", "draw gains 9"]);
    assert_eq!(state.influence(), 1000);
    assert_eq!(state.table().high_streak(), 0);
    play(&mut state, &["pass"]);
    assert_eq!(state.table().high_streak(), 1);
}

#[test]
fn a_turn_ending_below_1000_resets_the_hold() {
    let mut state = position(json!({
        "influence": 1030,
        "high_streak": 2,
        "pieces": {"cop1": {"tile": "O5"}},
        "owners": {"O7": "cops"},
    }));
    play(&mut state, &["move", "roll 2"]);
    assert_eq!(state.influence(), 1000, "still at 1000: the streak goes on");
    assert!(state.outcome().is_some());
    let mut state = position(json!({
        "influence": 1020,
        "high_streak": 2,
        "pieces": {"cop1": {"tile": "O5"}},
        "owners": {"O7": "cops"},
    }));
    play(&mut state, &["move", "roll 2"]);
    assert_eq!(state.influence(), 990);
    assert_eq!(state.table().high_streak(), 0);
    assert!(state.outcome().is_none());
}

#[test]
fn cops_win_after_three_criminal_turns_end_at_0() {
    let mut state = position(json!({"influence": 0, "to_move": "crim1"}));
    play(&mut state, &["pass", "pass", "pass", "pass"]);
    assert_eq!(state.table().zero_streak(), 2);
    play(&mut state, &["pass"]);
    let outcome = state.outcome().expect("over");
    assert_eq!(outcome.reason, "cops_held_zero");
    assert_eq!(outcome.winners, seats(&[0, 2]));
}

#[test]
fn criminals_climbing_off_0_reset_the_cops_hold() {
    let mut state = position(json!({
        "influence": 0,
        "zero_streak": 2,
        "to_move": "crim1",
        "pieces": {"crim1": {"tile": "O11"}},
        "owners": {"O13": "criminals"},
    }));
    play(&mut state, &["move", "roll 2"]);
    assert_eq!(state.influence(), 60);
    assert_eq!(state.table().zero_streak(), 0);
    assert!(state.outcome().is_none());
}

#[test]
fn teams_share_the_result_with_2_and_3_players() {
    let mut state = game(
        json!({"players": 2, "position": {"influence": 0, "zero_streak": 2, "to_move": "crim1"}}),
    );
    assert_eq!(state.turn(), Turn::Seat(Seat(1)));
    play(&mut state, &["pass"]);
    assert_eq!(state.outcome().unwrap().winners, seats(&[0]));
    let mut state = game(json!({"players": 3, "position": {"influence": 1000, "high_streak": 2}}));
    play(&mut state, &["pass"]);
    assert_eq!(state.outcome().unwrap().winners, seats(&[1, 2]));
}

#[test]
fn the_turn_limit_ends_the_game_for_the_side_ahead_of_500() {
    let last = TURN_LIMIT - 1;
    let cases = [
        (501, Some(&[1u8, 3][..]), "time_limit_criminals_ahead"),
        (499, Some(&[0, 2][..]), "time_limit_cops_ahead"),
        (500, None, "time_limit_draw"),
    ];
    for (influence, winners, reason) in cases {
        let mut state = position(json!({"influence": influence, "turns": last}));
        play(&mut state, &["pass"]);
        let outcome = state.outcome().expect("over at the limit");
        assert_eq!(outcome.reason, reason);
        let expected = winners.map_or(SeatSet::first(4), seats);
        assert_eq!(outcome.winners, expected, "{reason}");
        assert_eq!(state.table().turns(), TURN_LIMIT);
    }
}

#[test]
fn a_hold_completed_on_the_last_turn_beats_the_limit() {
    let mut state = position(json!({"influence": 1000, "high_streak": 2, "turns": TURN_LIMIT - 1}));
    play(&mut state, &["pass"]);
    assert_eq!(state.outcome().unwrap().reason, "criminals_held_1000");
}

#[test]
fn skipped_turns_count_for_the_limit_and_the_hold() {
    let mut state = position(json!({
        "influence": 0,
        "zero_streak": 2,
        "pieces": {"crim1": {"misses": 1}},
    }));
    play(&mut state, &["pass"]);
    // crim1 misses its turn, which still ends at 0: the cops win.
    assert_eq!(state.outcome().unwrap().reason, "cops_held_zero");
    assert_eq!(state.table().turns(), 2);
}
