//! Helpers shared by the rule tests: positions from JSON, moves in notation.
#![allow(dead_code)]

use agora_engine::{Game, Seat};
use agora_tyranny::{Board, Card, Faction, Phase, Piece, Setup, TileId, Tyranny};
use serde_json::{Value, json};

/// A game from a setup in JSON, e.g. `json!({"players": 4, "position": {...}})`.
pub fn game(setup: Value) -> Tyranny {
    let setup: Setup = serde_json::from_value(setup).expect("setup shape");
    Tyranny::from_setup(&setup).expect("valid setup")
}

/// Why a setup in JSON is refused ("invalid setup: ..."); fails the test if it is accepted.
pub fn setup_error(setup: Value) -> String {
    let setup: Setup = serde_json::from_value(setup).expect("setup shape");
    Tyranny::from_setup(&setup)
        .expect_err("a bad setup")
        .to_string()
}

/// A four-player game from a position alone.
pub fn position(position: Value) -> Tyranny {
    game(json!({"players": 4, "position": position}))
}

/// Plays moves in notation, failing the test on the first one refused.
pub fn play(state: &mut Tyranny, moves: &[&str]) {
    for text in moves {
        let mv = state
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text:?}: {e}"));
        state
            .play(mv)
            .unwrap_or_else(|e| panic!("{text:?} refused: {e}"));
    }
}

/// The reason a move is refused; fails the test if it is accepted.
pub fn refused(state: &Tyranny, text: &str) -> String {
    let mv = state
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text:?}: {e}"));
    let mut copy = state.clone();
    match copy.play(mv) {
        Ok(()) => panic!("{text:?} was accepted"),
        Err(e) => {
            assert_eq!(&copy, state, "a refused move changed the state");
            e.to_string()
        }
    }
}

/// Every legal move, in notation.
pub fn legal(state: &Tyranny) -> Vec<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.iter().map(|m| state.format_move(*m)).collect()
}

pub fn board() -> &'static Board {
    Board::standard().expect("standard board")
}

pub fn tile(code: &str) -> TileId {
    board().tile_by_code(code).expect("a tile code")
}

pub fn piece(name: &str) -> Piece {
    Piece::from_name(name).expect("a piece name")
}

/// The tile code a piece stands on.
pub fn at(state: &Tyranny, name: &str) -> String {
    board().code(state.piece(piece(name)).tile).to_string()
}

pub fn in_custody(state: &Tyranny, name: &str) -> bool {
    state.piece(piece(name)).custody
}

pub fn owner(state: &Tyranny, code: &str) -> Option<Faction> {
    state.owner(tile(code))
}

pub fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

pub fn holds(state: &Tyranny, seat: u8, text: &str) -> u8 {
    state.hand(Seat(seat)).count(card(text))
}

pub fn discarded(state: &Tyranny, text: &str) -> u8 {
    state.table().discards().count(card(text))
}

/// Whose turn it is and in what phase, e.g. `("cop1", Phase::Start)`.
pub fn turn(state: &Tyranny) -> (String, Phase) {
    (state.table().active().name().to_string(), state.phase())
}
