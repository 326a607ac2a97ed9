//! The rulings R31 to R37 of docs/rules/tyranny.md ("Rulings"), one test or more each.

mod common;

use agora_engine::{Game, GameRecord, replay};
use agora_tyranny::{Setup, Tyranny};
use common::*;
use serde_json::json;

// ---- R36: four players when a setup leaves them out ----

#[test]
fn r36_a_setup_without_players_seats_four() {
    let setup: Setup = serde_json::from_value(json!({})).unwrap();
    assert_eq!(setup.players, 4);
    assert_eq!(
        Tyranny::from_setup(&setup).unwrap(),
        Tyranny::new(4).unwrap()
    );
    let setup: Setup = serde_json::from_value(json!({"position": {"influence": 600}})).unwrap();
    let state = Tyranny::from_setup(&setup).unwrap();
    assert_eq!((state.seats(), state.influence()), (4, 600));
    let record: GameRecord = serde_json::from_value(json!({
        "game": "tyranny", "setup": {}, "moves": ["move", "roll 5"]
    }))
    .unwrap();
    let result = replay::<Tyranny>(&record).unwrap();
    assert_eq!(result.rejected, None);
    assert_eq!(result.state.seats(), 4);
}

// ---- R37: setups read words as moves do ----

#[test]
fn r37_setup_codes_and_names_are_read_in_any_case_as_in_moves() {
    let canonical = position(json!({
        "pieces": {"crim1": {"tile": "O5"}, "cop2": {"custody": true}},
        "owners": {"I1": "cops", "O3": "criminals"},
        "open_tunnels": ["A"],
        "hands": [["gains 7"], [], [], []],
        "discards": ["gamble 1"],
        "to_move": "crim1",
    }));
    let loose = position(json!({
        "pieces": {"CRIM1": {"tile": " o5"}, "Cop2": {"custody": true}},
        "owners": {"i1": "Cops", "o3": "CRIMINALS"},
        "open_tunnels": ["a"],
        "hands": [["GAINS 7"], [], [], []],
        "discards": ["Gamble  1"],
        "to_move": "Crim1",
    }));
    assert_eq!(loose, canonical);
    // The same spellings in moves.
    assert_eq!(
        canonical.parse_move("PLAY Gains 7 Tunnel a"),
        canonical.parse_move("play gains 7 tunnel A")
    );
    assert_eq!(
        canonical.parse_move("Spare CRIM1"),
        canonical.parse_move("spare crim1")
    );
}

#[test]
fn r37_a_piece_or_tile_given_twice_under_two_spellings_is_refused() {
    assert_eq!(
        setup_error(json!({"position": {"pieces": {"crim1": {}, "CRIM1": {}}}})),
        "invalid setup: crim1 is placed twice"
    );
    assert_eq!(
        setup_error(json!({"position": {"owners": {"O1": "cops", "o1": "criminals"}}})),
        "invalid setup: O1 is listed twice in owners"
    );
}
