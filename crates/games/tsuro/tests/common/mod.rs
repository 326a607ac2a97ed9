//! Helpers for known-answer tests: setups written by hand, moves in notation.

#![allow(dead_code)]

use agora_engine::{Game, GameRecord, Seat};
use agora_tsuro::{Tile, Tsuro, TsuroSetup};
use serde_json::Value;

pub fn tile(text: &str) -> Tile {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A setup with the given hands (any number of seats), the draw pile starting with `pile_top`
/// and then every other tile in tile order.
pub fn setup(hands: &[[&str; 3]], pile_top: &[&str], elimination_bonus: bool) -> TsuroSetup {
    let hands: Vec<[Tile; 3]> = hands.iter().map(|hand| hand.map(tile)).collect();
    let pile: Vec<Tile> = pile_top.iter().map(|t| tile(t)).collect();
    TsuroSetup::stacked(&hands, &pile, elimination_bonus)
}

pub fn start(setup: &TsuroSetup) -> Tsuro {
    Tsuro::from_setup(setup).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays moves written in notation, each of which must be legal.
pub fn play(game: &mut Tsuro, moves: &[&str]) {
    for text in moves {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

/// Why a move in notation is refused.
pub fn refusal(game: &Tsuro, text: &str) -> String {
    let mv = game
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut copy = game.clone();
    let error = copy.play(mv).expect_err("the move is refused");
    assert_eq!(&copy, game, "a refused move changed the state");
    error.to_string()
}

pub fn summary(game: &Tsuro) -> Value {
    serde_json::to_value(game.summary()).unwrap()
}

pub fn legal(game: &Tsuro) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.iter().map(|m| game.format_move(*m)).collect()
}

pub fn hand(game: &Tsuro, seat: u8) -> Vec<String> {
    game.hand(Seat(seat))
        .iter()
        .map(|t| t.to_string())
        .collect()
}

pub fn hand_sizes(game: &Tsuro) -> Vec<usize> {
    (0..game.players() as u8)
        .map(|s| game.hand(Seat(s)).len())
        .collect()
}

/// A record from `tests/data`.
pub fn record(name: &str) -> GameRecord {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}
