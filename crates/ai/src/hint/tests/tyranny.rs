//! Tyranny's hint facts on set positions: what each face of the die brings.

use agora_engine::{Game, Seat, Viewer};
use agora_tyranny::{Deck, Faction, Move, Piece, Setup, TileId, Tyranny};

use super::super::{Explain, TyrannyFacts, TyrannyOutcome};

fn position(json: serde_json::Value) -> Tyranny {
    let setup: Setup = serde_json::from_value(serde_json::json!({"players": 2, "position": json}))
        .expect("a setup");
    Tyranny::from_setup(&setup).expect("a valid setup")
}

fn tile(code: &str) -> TileId {
    agora_tyranny::Board::standard()
        .unwrap()
        .tile_by_code(code)
        .unwrap()
}

fn facts(state: &Tyranny, mv: Move) -> TyrannyFacts {
    let seat = state.active_seat();
    Tyranny::facts(&state.view(Viewer::Seat(seat)), seat, mv)
}

fn on(facts: &TyrannyFacts, face: u8) -> &TyrannyOutcome {
    facts
        .outcomes
        .iter()
        .find(|o| o.faces & (1 << face) != 0)
        .unwrap_or_else(|| panic!("face {face}: {facts:?}"))
}

/// Cop 1 on O1 with Criminal 1 four tiles ahead (on the closed tunnel end O4) and Criminal 2
/// two tiles behind (O27); the cops own O5.
fn cop_among_criminals() -> Tyranny {
    position(serde_json::json!({
        "pieces": {"cop1": {"tile": "O1"}, "crim1": {"tile": "O4"}, "crim2": {"tile": "O27"}},
        "owners": {"O5": "cops"}
    }))
}

#[test]
fn a_move_says_what_each_face_brings() {
    let state = cop_among_criminals();
    let facts = facts(&state, Move::Go);
    assert_eq!(facts.choice, "move");
    assert_eq!(facts.piece, Piece::COP1);
    assert_eq!(facts.from, Some(tile("O1")));
    assert_eq!(
        facts.outcomes.len(),
        6,
        "every face lands elsewhere: {facts:?}"
    );
    // 1: a Gamble tile, still within Criminal 2's reach (three tiles behind it).
    let one = on(&facts, 1);
    assert_eq!(one.at, Some(tile("O2")));
    assert_eq!(one.may_draw, Some(Deck::Gamble));
    assert_eq!(one.in_reach_of, [Piece::CRIM2]);
    // 3: lands on Criminal 1 and arrests it.
    let three = on(&facts, 3);
    assert_eq!(three.at, Some(tile("O4")));
    assert_eq!(three.captures, [Piece::CRIM1]);
    assert_eq!(three.in_reach_of, [Piece::CRIM2]);
    // 4: passes Criminal 1 (a challenge to decide) on the way to its own O5.
    let four = on(&facts, 4);
    assert_eq!(four.passes, [Piece::CRIM1], "{four:?}");
    assert_eq!(four.at, Some(tile("O5")));
    assert_eq!(
        four.influence,
        Some((500, 455)),
        "the landing after the challenge"
    );
    // 6: O7, out of Criminal 2's reach (eight tiles behind) and Criminal 1 passed.
    let six = on(&facts, 6);
    assert_eq!(six.passes, [Piece::CRIM1]);
    assert!(six.captures.is_empty() && six.influence.is_none());
}

#[test]
fn landing_on_an_owned_property_moves_the_influence() {
    // Criminal 1 out of the way: the 4 lands on the cops' O5 and takes 45 from the criminals.
    let state = position(serde_json::json!({
        "pieces": {"cop1": {"tile": "O1"}, "crim1": {"tile": "O20"}, "crim2": {"tile": "O21"}},
        "owners": {"O5": "cops"}
    }));
    let facts = facts(&state, Move::Go);
    let four = on(&facts, 4);
    assert_eq!(four.at, Some(tile("O5")));
    assert_eq!(four.influence, Some((500, 455)));
    assert!(four.in_reach_of.is_empty(), "{four:?}");
    // Nothing else happens on 3 (O4) and 6 (O7): quiet.
    assert!(
        on(&facts, 3).is_quiet() && on(&facts, 6).is_quiet(),
        "{facts:?}"
    );
}

#[test]
fn a_capture_roll_says_which_faces_take_the_property() {
    // O3 (Fish Market) is taken on 3 to 6.
    let state = position(serde_json::json!({"pieces": {"cop1": {"tile": "O3"}}}));
    let facts = facts(&state, Move::Capture);
    assert_eq!(facts.outcomes.len(), 2, "{facts:?}");
    let taken = on(&facts, 3);
    assert_eq!(taken.faces, 0b0111_1000);
    assert_eq!(taken.owner, Some((tile("O3"), Some(Faction::Cops))));
    let failed = on(&facts, 1);
    assert_eq!(failed.faces, 0b0000_0110);
    assert_eq!(
        (failed.owner, failed.failed_capture),
        (None, Some(tile("O3")))
    );
}

#[test]
fn custody_says_what_paying_and_rolling_bring() {
    let state = position(serde_json::json!({
        "pieces": {"crim1": {"custody": true}},
        "to_move": "crim1"
    }));
    assert_eq!(state.active_seat(), Seat(1));
    let pay = facts(&state, Move::Pay);
    assert_eq!(pay.from, None);
    let [paid] = &pay.outcomes[..] else {
        panic!("{pay:?}")
    };
    assert!(paid.freed);
    assert_eq!(paid.influence, Some((500, 300)));
    assert_eq!(paid.at, Some(tile("O14")));
    let escape = facts(&state, Move::Escape);
    assert!(on(&escape, 6).freed);
    let held = on(&escape, 1);
    assert_eq!(
        (held.faces, held.at, held.freed),
        (0b0011_1110, None, false)
    );
}

#[test]
fn a_pass_on_a_safe_zone_is_out_of_reach() {
    let state = position(serde_json::json!({
        "pieces": {"cop1": {"tile": "O8"}, "crim1": {"tile": "O5"}}
    }));
    let pass = facts(&state, Move::Pass);
    let [stay] = &pass.outcomes[..] else {
        panic!("{pass:?}")
    };
    assert_eq!((stay.faces, stay.at), (0, Some(tile("O8"))));
    assert!(stay.in_reach_of.is_empty(), "a safe zone protects");
    // The same pass on O7 is within Criminal 1's reach.
    let state = position(serde_json::json!({
        "pieces": {"cop1": {"tile": "O7"}, "crim1": {"tile": "O5"}}
    }));
    assert_eq!(
        facts(&state, Move::Pass).outcomes[0].in_reach_of,
        [Piece::CRIM1]
    );
}
