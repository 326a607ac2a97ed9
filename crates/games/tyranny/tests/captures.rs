//! Capturing properties and pieces, arrests and escapes.

mod common;

use agora_tyranny::{Faction, Phase, RollFor};
use common::*;
use serde_json::json;

// ---- properties ----

#[test]
fn a_neutral_property_is_captured_by_rolling_in_its_range() {
    // Rail Yard (O1) captures on 4-6.
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}}}));
    play(&mut state, &["capture", "roll 4"]);
    assert_eq!(owner(&state, "O1"), Some(Faction::Cops));
    assert_eq!(turn(&state).0, "crim1");
}

#[test]
fn a_roll_outside_the_range_ends_the_turn() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}}}));
    play(&mut state, &["capture", "roll 3"]);
    assert_eq!(owner(&state, "O1"), None);
    assert_eq!(turn(&state), ("crim1".into(), Phase::Start));
}

#[test]
fn an_enemy_property_becomes_neutral_first() {
    let mut state = position(json!({
        "pieces": {"crim1": {"tile": "O13"}},
        "to_move": "crim1",
        "owners": {"O13": "cops"},
    }));
    play(&mut state, &["capture", "roll 6"]);
    assert_eq!(owner(&state, "O13"), None);
    play(&mut state, &["pass", "pass", "pass", "capture", "roll 5"]);
    assert_eq!(owner(&state, "O13"), Some(Faction::Criminals));
}

#[test]
fn a_piece_cannot_capture_its_own_property_or_a_non_property() {
    let state = position(json!({
        "pieces": {"cop1": {"tile": "O1"}},
        "owners": {"O1": "cops"},
    }));
    assert!(!legal(&state).contains(&"capture".to_string()));
    assert_eq!(
        refused(&state, "capture"),
        "the cops already own Rail Yard (O1)"
    );
    let state = position(json!({}));
    assert_eq!(
        refused(&state, "capture"),
        "cop1 is not on a property but on Police Station (O0)"
    );
}

#[test]
fn landing_on_an_own_property_moves_the_influence() {
    let mut state = position(json!({
        "pieces": {"crim1": {"tile": "O11"}, "cop1": {"tile": "O3"}},
        "owners": {"O13": "criminals", "O5": "cops"},
    }));
    play(&mut state, &["move", "roll 2"]);
    assert_eq!(
        state.influence(),
        455,
        "a cop on Pawn Shop, a cop property worth 45"
    );
    play(&mut state, &["move", "roll 2"]);
    assert_eq!(
        state.influence(),
        515,
        "a criminal on Night Market, worth 60"
    );
}

#[test]
fn landing_on_an_enemy_or_neutral_property_does_nothing() {
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "O3"}},
        "owners": {"O5": "criminals"},
    }));
    play(&mut state, &["move", "roll 2"]);
    assert_eq!(state.influence(), 500);
    assert_eq!(
        turn(&state).0,
        "crim1",
        "landing on a property ends the turn"
    );
}

// ---- capturing pieces ----

#[test]
fn landing_on_an_enemy_captures_it() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}, "crim1": {"tile": "O5"}}}));
    play(&mut state, &["move", "roll 4"]);
    assert!(in_custody(&state, "crim1"));
    assert_eq!(at(&state, "crim1"), "O0", "held at the Police Station");
}

#[test]
fn a_criminal_landing_on_a_cop_kidnaps_it() {
    let mut state = position(json!({
        "pieces": {"crim1": {"tile": "O1"}, "cop2": {"tile": "O3"}},
        "to_move": "crim1",
    }));
    play(&mut state, &["move", "roll 2"]);
    assert!(in_custody(&state, "cop2"));
    assert_eq!(at(&state, "cop2"), "O14", "held at the Hideout");
    // cop2's turn comes at once: it must get out.
    assert_eq!(turn(&state), ("cop2".into(), Phase::Custody));
}

#[test]
fn landing_captures_every_enemy_on_the_tile() {
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "O1"}, "crim1": {"tile": "O3"}, "crim2": {"tile": "O3"}},
    }));
    play(&mut state, &["move", "roll 2"]);
    assert!(in_custody(&state, "crim1") && in_custody(&state, "crim2"));
}

#[test]
fn safe_zones_and_own_home_bases_protect() {
    // O8 is Cathedral Square, a safe zone.
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O5"}, "crim1": {"tile": "O8"}}}));
    play(&mut state, &["move", "roll 3"]);
    assert!(!in_custody(&state, "crim1"));
    // A criminal on its own Hideout is safe...
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O11"}}}));
    play(&mut state, &["move", "roll 3"]);
    assert!(!in_custody(&state, "crim1") && !in_custody(&state, "crim2"));
    // ...but not on the Police Station.
    let mut state = position(json!({
        "pieces": {"crim1": {"tile": "O0"}, "cop1": {"tile": "O26"}},
    }));
    play(&mut state, &["move", "roll 2"]);
    assert!(in_custody(&state, "crim1"));
}

#[test]
fn passing_an_enemy_allows_a_capture_roll_that_catches_it() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}, "crim1": {"tile": "O3"}}}));
    play(&mut state, &["move", "roll 4"]);
    assert_eq!(at(&state, "cop1"), "O5");
    assert_eq!(
        legal(&state),
        [
            "challenge crim1 1-3",
            "challenge crim1 2-4",
            "challenge crim1 3-5",
            "challenge crim1 4-6",
            "spare crim1"
        ]
    );
    play(&mut state, &["challenge crim1 1-3"]);
    assert!(matches!(
        state.phase(),
        Phase::Roll {
            purpose: RollFor::Challenge { .. }
        }
    ));
    play(&mut state, &["roll 5"]);
    assert!(in_custody(&state, "crim1"), "5 is outside 1-3: caught");
    assert_eq!(turn(&state), ("crim1".into(), Phase::Custody));
}

#[test]
fn a_passed_enemy_rolling_in_the_range_gets_away() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}, "crim1": {"tile": "O3"}}}));
    play(
        &mut state,
        &["move", "roll 4", "challenge crim1 4-6", "roll 4"],
    );
    assert!(!in_custody(&state, "crim1"));
    assert_eq!(turn(&state).0, "crim1");
}

#[test]
fn a_passed_enemy_can_be_spared() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}, "crim1": {"tile": "O3"}}}));
    assert!(
        refused(
            &{
                let mut s = state.clone();
                play(&mut s, &["move", "roll 4"]);
                s
            },
            "spare crim2"
        )
        .contains("crim1, not crim2")
    );
    play(&mut state, &["move", "roll 4", "spare crim1"]);
    assert!(!in_custody(&state, "crim1"));
}

#[test]
fn two_passed_enemies_are_challenged_in_passing_order_before_landing() {
    let mut state = position(json!({
        "pieces": {
            "cop1": {"tile": "O1"}, "crim1": {"tile": "O5"}, "crim2": {"tile": "O3"}
        },
        "owners": {"O7": "cops"},
    }));
    play(&mut state, &["move", "roll 6"]);
    assert_eq!(
        state.phase(),
        Phase::Challenge {
            piece: piece("crim2"),
            then: Some(piece("crim1"))
        }
    );
    play(&mut state, &["challenge crim2 1-3", "roll 6"]);
    assert!(in_custody(&state, "crim2"));
    assert_eq!(state.influence(), 500, "not landed yet");
    play(&mut state, &["spare crim1"]);
    assert_eq!(
        state.influence(),
        470,
        "then the landing on Tenements, a cop property"
    );
}

#[test]
fn passing_an_enemy_on_a_safe_tile_allows_no_capture_roll() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O5"}, "crim1": {"tile": "O8"}}}));
    play(&mut state, &["move", "roll 4"]);
    assert_eq!(turn(&state).0, "crim1");
}

// ---- custody ----

#[test]
fn a_criminal_pays_200_to_leave_custody() {
    let mut state = position(json!({
        "pieces": {"crim1": {"custody": true}},
        "to_move": "crim1",
    }));
    assert_eq!(legal(&state), ["pay", "escape"]);
    play(&mut state, &["pay"]);
    assert_eq!(state.influence(), 300);
    assert!(!in_custody(&state, "crim1"));
    assert_eq!(at(&state, "crim1"), "O14");
    assert_eq!(turn(&state).0, "cop2", "leaving custody takes the turn");
}

#[test]
fn a_criminal_cannot_pay_without_200_influence() {
    let state = position(json!({
        "influence": 199,
        "pieces": {"crim1": {"custody": true}},
        "to_move": "crim1",
    }));
    assert_eq!(legal(&state), ["escape"]);
    assert_eq!(
        refused(&state, "pay"),
        "paying out costs 200 and the criminals have 199"
    );
}

#[test]
fn a_cop_paying_out_hands_the_criminals_200() {
    let mut state = position(json!({"pieces": {"cop1": {"custody": true}}}));
    play(&mut state, &["pay"]);
    assert_eq!(state.influence(), 700);
    assert_eq!(at(&state, "cop1"), "O0");
}

#[test]
fn rolling_a_6_frees_a_piece_and_anything_else_keeps_it() {
    let mut state = position(json!({"pieces": {"cop1": {"custody": true}}}));
    play(&mut state, &["escape", "roll 5"]);
    assert!(in_custody(&state, "cop1"));
    play(&mut state, &["pass", "pass", "pass", "escape", "roll 6"]);
    assert!(!in_custody(&state, "cop1"));
    assert_eq!(at(&state, "cop1"), "O0");
    assert_eq!(turn(&state).0, "crim1");
}

#[test]
fn an_escaped_piece_moves_off_its_home_base_next_turn() {
    let mut state = position(json!({
        "pieces": {"crim1": {"custody": true}},
        "to_move": "crim1",
    }));
    play(
        &mut state,
        &["escape", "roll 6", "pass", "pass", "pass", "move", "roll 1"],
    );
    assert_eq!(at(&state, "crim1"), "O15");
}

#[test]
fn both_gamble_3_cards_cancel_out_at_an_arrest() {
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "O7"}, "crim1": {"tile": "O9"}},
        "hands": [["gamble 3"], ["gamble 3"], [], []],
    }));
    play(&mut state, &["move", "roll 2"]);
    let held = state.piece(piece("crim1"));
    assert!(held.custody);
    assert_eq!(held.sentence, 0, "an ordinary arrest");
    assert_eq!(discarded(&state, "gamble 3"), 2);
    assert_eq!(turn(&state), ("crim1".into(), Phase::Custody));
}

#[test]
fn gamble_3_only_acts_on_arrests_not_kidnaps() {
    let mut state = position(json!({
        "pieces": {"crim1": {"tile": "O1"}, "cop2": {"tile": "O3"}},
        "to_move": "crim1",
        "hands": [[], [], ["gamble 3"], []],
    }));
    play(&mut state, &["move", "roll 2"]);
    assert!(in_custody(&state, "cop2"));
    assert_eq!(holds(&state, 2, "gamble 3"), 1);
}
