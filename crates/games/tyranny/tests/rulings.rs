//! The rulings R31 to R37 of docs/rules/tyranny.md ("Rulings"), one test or more each.

mod common;

use agora_engine::{Game, GameRecord, Seat, Viewer, replay};
use agora_tyranny::{Phase, Setup, Tyranny, WIDE_ESCAPE};
use common::*;
use serde_json::json;

const COMMITTED: &str = "a capture card was played: capture or play another capture card";

fn has(state: &Tyranny, mv: &str) -> bool {
    legal(state).iter().any(|m| m == mv)
}

// ---- R31: the criminals' Gains 6 is refused when it can change nothing ----

#[test]
fn r31_criminals_gains_6_is_refused_when_the_piece_already_escapes_on_2_to_6() {
    let mut state = position(json!({
        "pieces": {"crim1": {"custody": true}},
        "to_move": "crim1",
        "hands": [[], ["gains 6", "gains 6"], [], []],
    }));
    play(&mut state, &["play gains 6"]);
    assert_eq!(state.piece(piece("crim1")).escape_faces, WIDE_ESCAPE);
    // The second copy would change nothing: it is not offered and stays in the hand.
    assert!(!has(&state, "play gains 6"));
    assert_eq!(
        refused(&state, "play gains 6"),
        "the criminals' half of gains 6 is played by a piece in custody that does not already \
         escape on 2 to 6"
    );
    // The faces last until it leaves custody: on its next turn the card is still refused.
    play(&mut state, &["escape", "roll 1", "pass", "pass", "pass"]);
    assert_eq!(turn(&state), ("crim1".into(), Phase::Custody));
    assert_eq!(legal(&state), ["pay", "escape"]);
    assert_eq!(holds(&state, 1, "gains 6"), 1);
    // After the cops' half names one face, the criminals' half changes something again.
    let state = position(json!({
        "pieces": {"crim1": {"custody": true, "escape_faces": [3], "may_pay": false}},
        "to_move": "crim1",
        "hands": [[], ["gains 6"], [], []],
    }));
    assert_eq!(legal(&state), ["escape", "play gains 6"]);
}

#[test]
fn r31_cops_gains_6_may_name_any_face_even_the_one_already_named() {
    // The cops' half always has a face that changes something, so it is offered on every
    // criminal in custody with all six faces; naming the same one again is the cops' choice.
    let mut state = position(json!({
        "pieces": {"crim1": {"custody": true, "escape_faces": [3], "may_pay": false}},
        "hands": [["gains 6"], [], [], []],
    }));
    for number in 1..=6 {
        assert!(
            has(&state, &format!("play gains 6 crim1 {number}")),
            "{number}"
        );
    }
    play(&mut state, &["play gains 6 crim1 3"]);
    assert_eq!(discarded(&state, "gains 6"), 1);
}

// ---- R32: one crossing at the start of the turn, one after landing ----

#[test]
fn r32_a_piece_that_crossed_at_the_start_may_cross_again_after_landing() {
    let mut state = position(json!({"open_tunnels": ["A"]}));
    play(&mut state, &["cross"]);
    assert_eq!(at(&state, "cop1"), "I0");
    assert!(!has(&state, "cross"), "once at the start");
    // I0 + 2 is I2, the inner end of the open tunnel A: landing offers its own crossing.
    play(&mut state, &["move", "roll 2"]);
    assert_eq!(state.phase(), Phase::MayCross);
    assert_eq!(legal(&state), ["cross", "stay"]);
    play(&mut state, &["cross"]);
    assert_eq!(at(&state, "cop1"), "O4");
    assert_eq!(turn(&state).0, "crim1");
}

// ---- R33: enemies on one tile in turn order ----

#[test]
fn r33_two_enemies_passed_on_one_tile_are_challenged_in_turn_order() {
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "O1"}, "crim2": {"tile": "O3"}, "crim1": {"tile": "O3"}},
    }));
    play(&mut state, &["move", "roll 4"]);
    assert_eq!(
        state.phase(),
        Phase::Challenge {
            piece: piece("crim1"),
            then: Some(piece("crim2"))
        }
    );
    assert_eq!(
        refused(&state, "spare crim2"),
        "the passed piece to decide on is crim1, not crim2"
    );
    play(&mut state, &["spare crim1"]);
    assert_eq!(
        state.phase(),
        Phase::Challenge {
            piece: piece("crim2"),
            then: None
        }
    );
}

#[test]
fn r33_the_cops_gamble_3_falls_on_the_first_criminal_in_turn_order() {
    // A cop holding Gamble 3 lands on two criminals: crim1 is arrested first and gets the
    // inescapable arrest; crim2's arrest is an ordinary one.
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "O1"}, "crim2": {"tile": "O3"}, "crim1": {"tile": "O3"}},
        "hands": [["gamble 3"], [], [], []],
    }));
    play(&mut state, &["move", "roll 2"]);
    assert!(in_custody(&state, "crim1") && in_custody(&state, "crim2"));
    assert!(state.piece(piece("crim1")).sentence > 0);
    assert_eq!(state.piece(piece("crim2")).sentence, 0);
}

// ---- R34: a capture card commits the turn ----

#[test]
fn r34_after_gains_1_or_2_a_piece_may_no_longer_pass() {
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "O1"}},
        "hands": [["gains 1", "gains 2", "gamble 7"], [], [], []],
    }));
    assert!(
        has(&state, "pass") && has(&state, "move"),
        "before: free to pass"
    );
    play(&mut state, &["play gains 1"]);
    assert_eq!(legal(&state), ["capture", "play gains 2"]);
    for mv in ["pass", "move", "cross", "play gamble 7"] {
        assert_eq!(refused(&state, mv), COMMITTED, "{mv}");
    }
    play(&mut state, &["play gains 2"]);
    assert_eq!(legal(&state), ["capture"]);
}

// ---- R35: a piece under an inescapable arrest can neither pay nor roll ----

#[test]
fn r35_the_summary_and_views_say_a_sentenced_piece_may_not_pay() {
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "O7"}, "crim1": {"tile": "O9"}},
        "hands": [["gamble 3"], [], [], []],
    }));
    play(&mut state, &["move", "roll 2"]);
    let held = *state.piece(piece("crim1"));
    assert!(held.custody && held.sentence == 2);
    assert!(!held.may_pay);
    assert_eq!(held.escape_faces, 0);
    let summary = serde_json::to_value(state.summary()).unwrap();
    let crim1 = &summary["pieces"][1];
    assert_eq!(crim1["piece"], "crim1");
    assert_eq!(crim1["may_pay"], false);
    assert_eq!(crim1["escape_faces"], json!([]));
    assert_eq!(crim1["sentence"], 2);
    let view = serde_json::to_value(state.view(Viewer::Seat(Seat(0)))).unwrap();
    assert_eq!(view["table"]["pieces"][1]["may_pay"], false);
    // Served, it is an ordinary free piece again.
    play(
        &mut state,
        &["pass", "pass", "pass", "pass", "pass", "pass"],
    );
    let freed = state.piece(piece("crim1"));
    assert!(!freed.custody && freed.may_pay);
}

#[test]
fn r35_a_setup_sentence_gives_the_same_terms_as_play() {
    let state = position(json!({"pieces": {"crim1": {"custody": true, "sentence": 2}}}));
    let held = state.piece(piece("crim1"));
    assert_eq!((held.escape_faces, held.may_pay), (0, false));
    assert_eq!(
        setup_error(json!({"position": {"pieces": {"crim1": {
            "custody": true, "sentence": 2, "may_pay": true
        }}}})),
        "invalid setup: crim1 serves an inescapable arrest, so it has no escape terms"
    );
    assert_eq!(
        setup_error(json!({"position": {"pieces": {"cop2": {"custody": true, "sentence": 1}}}})),
        "invalid setup: cop2 is a cop; only criminals serve an inescapable arrest"
    );
}

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
