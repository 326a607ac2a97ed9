//! One test for each half of each card: 10 Gamble and 10 Gains cards, cops' and criminals'
//! halves. In each, a piece lands on a Gamble (O2, I5) or Gains (O6) tile and draws the card.

mod common;

use agora_engine::Game;
use agora_tyranny::{Phase, RollFor, STANDARD_ESCAPE, WIDE_ESCAPE};
use common::*;
use serde_json::{Value, json};

/// `who` (to move) stands on `from`, rolls `roll`, lands on a card tile and draws `card`.
/// `extra` adds fields to the position.
fn draw_from(who: &str, from: &str, roll: u8, card: &str, extra: Value) -> agora_tyranny::Tyranny {
    let mut position = json!({
        "pieces": {who: {"tile": from}},
        "to_move": who,
    });
    if let Value::Object(fields) = extra {
        for (key, value) in fields {
            if key == "pieces" {
                for (name, piece) in value.as_object().unwrap() {
                    position["pieces"][name] = piece.clone();
                }
            } else {
                position[key] = value;
            }
        }
    }
    let mut state = common::position(position);
    play(
        &mut state,
        &[
            "move",
            &format!("roll {roll}"),
            "draw",
            &format!("draw {card}"),
        ],
    );
    state
}

/// Draws a Gamble card on O2 (from O1) or a Gains card on O6 (from O5).
fn draw(who: &str, card: &str, extra: Value) -> agora_tyranny::Tyranny {
    let from = if card.starts_with("gamble") {
        "O1"
    } else {
        "O5"
    };
    draw_from(who, from, 1, card, extra)
}

// ---- Gamble 1 to 10 ----

#[test]
fn gamble_1_cops_take_100_from_the_criminals() {
    let state = draw("cop1", "gamble 1", json!({}));
    assert_eq!(state.influence(), 400);
    assert_eq!(discarded(&state, "gamble 1"), 1);
    assert_eq!(turn(&state), ("crim1".into(), Phase::Start));
}

#[test]
fn gamble_1_criminals_gain_100() {
    let state = draw("crim1", "gamble 1", json!({}));
    assert_eq!(state.influence(), 600);
}

#[test]
fn gamble_2_cops_give_the_criminals_100() {
    let state = draw("cop1", "gamble 2", json!({}));
    assert_eq!(state.influence(), 600);
}

#[test]
fn gamble_2_criminals_lose_100_but_never_below_0() {
    let state = draw("crim1", "gamble 2", json!({}));
    assert_eq!(state.influence(), 400);
    let state = draw("crim1", "gamble 2", json!({"influence": 60}));
    assert_eq!(state.influence(), 0);
}

#[test]
fn gamble_3_cops_make_the_next_arrest_inescapable() {
    let state = draw("cop1", "gamble 3", json!({}));
    assert_eq!(holds(&state, 0, "gamble 3"), 1, "kept in seat 0's hand");
    assert_eq!(turn(&state), ("crim1".into(), Phase::Start));
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "O7"}, "crim1": {"tile": "O9"}},
        "hands": [["gamble 3"], [], [], []],
    }));
    play(&mut state, &["move", "roll 2"]);
    assert!(in_custody(&state, "crim1"));
    assert_eq!(holds(&state, 0, "gamble 3"), 0, "used up");
    assert_eq!(discarded(&state, "gamble 3"), 1);
    // crim1's turns in custody pass by themselves: the first right after the arrest...
    assert_eq!(state.piece(piece("crim1")).sentence, 2);
    assert_eq!(turn(&state).0, "cop2");
    play(&mut state, &["pass", "pass", "pass"]);
    // ...the second...
    assert_eq!(state.piece(piece("crim1")).sentence, 1);
    assert_eq!(turn(&state).0, "cop2");
    play(&mut state, &["pass", "pass", "pass"]);
    // ...and at the third it is let go, back at the Hideout; it plays its fourth.
    assert!(!in_custody(&state, "crim1"));
    assert_eq!(at(&state, "crim1"), "O14");
    play(&mut state, &["pass", "pass", "pass"]);
    assert_eq!(turn(&state), ("crim1".into(), Phase::Start));
}

#[test]
fn gamble_3_criminals_escape_their_next_arrest_at_once() {
    let state = draw("crim1", "gamble 3", json!({}));
    assert_eq!(holds(&state, 1, "gamble 3"), 1);
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "O7"}, "crim1": {"tile": "O9"}},
        "hands": [[], ["gamble 3"], [], []],
    }));
    play(&mut state, &["move", "roll 2"]);
    assert!(!in_custody(&state, "crim1"));
    assert_eq!(at(&state, "crim1"), "O14", "escaped to the Hideout");
    assert_eq!(holds(&state, 1, "gamble 3"), 0);
    assert_eq!(discarded(&state, "gamble 3"), 1);
}

#[test]
fn gamble_4_cops_go_to_the_police_station_of_the_other_tier() {
    let state = draw("cop1", "gamble 4", json!({}));
    assert_eq!(at(&state, "cop1"), "I0");
    assert_eq!(turn(&state).0, "crim1");
}

#[test]
fn gamble_4_criminals_go_to_the_hideout_of_the_other_tier() {
    let state = draw_from("crim1", "I4", 1, "gamble 4", json!({}));
    assert_eq!(at(&state, "crim1"), "O14");
    let state = draw("crim1", "gamble 4", json!({}));
    assert_eq!(at(&state, "crim1"), "I7");
}

#[test]
fn gamble_5_cops_are_kidnapped_to_the_hideout_and_miss_a_turn() {
    let mut state = draw("cop1", "gamble 5", json!({}));
    assert_eq!(at(&state, "cop1"), "O14");
    assert!(!in_custody(&state, "cop1"), "moved, not captured");
    assert_eq!(state.piece(piece("cop1")).misses, 1);
    play(&mut state, &["pass", "pass", "pass"]);
    assert_eq!(turn(&state).0, "crim1", "cop1's turn was skipped");
    assert_eq!(state.piece(piece("cop1")).misses, 0);
    assert_eq!(state.table().turns(), 5);
}

#[test]
fn gamble_5_criminals_are_detained_at_the_police_station_and_miss_a_turn() {
    let state = draw("crim1", "gamble 5", json!({}));
    assert_eq!(at(&state, "crim1"), "O0");
    assert_eq!(state.piece(piece("crim1")).misses, 1);
}

#[test]
fn gamble_6_cops_move_up_to_6_tiles_of_their_choice() {
    let mut state = draw("cop1", "gamble 6", json!({}));
    assert_eq!(state.phase(), Phase::Advance);
    assert_eq!(
        legal(&state),
        [
            "advance 1",
            "advance 2",
            "advance 3",
            "advance 4",
            "advance 5",
            "advance 6"
        ]
    );
    play(&mut state, &["advance 4"]);
    assert_eq!(at(&state, "cop1"), "O6");
    // O6 is a Gains tile, but a piece draws at most one card a turn.
    assert_eq!(turn(&state).0, "crim1");
}

#[test]
fn gamble_6_criminals_move_and_land_like_any_move() {
    let mut state = draw(
        "crim1",
        "gamble 6",
        json!({"pieces": {"cop2": {"tile": "O5"}}}),
    );
    play(&mut state, &["advance 3"]);
    assert!(in_custody(&state, "cop2"), "landing on a cop captures it");
    assert_eq!(at(&state, "cop2"), "O14");
}

#[test]
fn gamble_7_cops_switch_tier_to_the_facing_tile() {
    let mut state = draw("cop1", "gamble 7", json!({}));
    assert_eq!(holds(&state, 0, "gamble 7"), 1);
    play(&mut state, &["pass", "pass", "pass"]);
    assert!(legal(&state).contains(&"play gamble 7".to_string()));
    play(&mut state, &["play gamble 7"]);
    assert_eq!(at(&state, "cop1"), "I1", "O2 faces I1");
    assert_eq!(state.phase(), Phase::Start, "the turn goes on");
    play(&mut state, &["move", "roll 2"]);
    assert_eq!(at(&state, "cop1"), "I3");
}

#[test]
fn gamble_7_criminals_switch_tier_to_the_facing_tile() {
    let mut state = position(json!({
        "pieces": {"crim1": {"tile": "I5"}},
        "to_move": "crim1",
        "hands": [[], ["gamble 7"], [], []],
    }));
    play(&mut state, &["play gamble 7"]);
    assert_eq!(at(&state, "crim1"), "O10", "I5 faces O10");
    assert_eq!(holds(&state, 1, "gamble 7"), 0);
    assert_eq!(discarded(&state, "gamble 7"), 1);
}

#[test]
fn gamble_8_cops_roll_again_and_move() {
    let mut state = draw("cop1", "gamble 8", json!({}));
    assert_eq!(
        state.phase(),
        Phase::Roll {
            purpose: RollFor::CardMove
        }
    );
    play(&mut state, &["roll 3"]);
    assert_eq!(at(&state, "cop1"), "O5");
    assert_eq!(turn(&state).0, "crim1");
}

#[test]
fn gamble_8_criminals_roll_again_and_move() {
    let mut state = draw("crim1", "gamble 8", json!({"owners": {"O7": "criminals"}}));
    play(&mut state, &["roll 5"]);
    assert_eq!(at(&state, "crim1"), "O7");
    assert_eq!(
        state.influence(),
        530,
        "landing on their own Tenements pays 30"
    );
}

#[test]
fn gamble_9_cops_give_the_criminals_20_percent() {
    let state = draw("cop1", "gamble 9", json!({}));
    assert_eq!(state.influence(), 600);
    // 20% of 333 is 66.6, rounded to 67.
    let state = draw("cop1", "gamble 9", json!({"influence": 333}));
    assert_eq!(state.influence(), 400);
}

#[test]
fn gamble_9_criminals_lose_20_percent() {
    let state = draw("crim1", "gamble 9", json!({}));
    assert_eq!(state.influence(), 400);
    // 20% of 12 is 2.4, rounded to 2; 20% of 2.5 would round up.
    let state = draw("crim1", "gamble 9", json!({"influence": 12}));
    assert_eq!(state.influence(), 10);
}

#[test]
fn gamble_10_cops_miss_a_turn() {
    let mut state = draw("cop1", "gamble 10", json!({}));
    assert_eq!(at(&state, "cop1"), "O2");
    assert_eq!(state.piece(piece("cop1")).misses, 1);
    play(&mut state, &["pass", "pass", "pass"]);
    assert_eq!(turn(&state).0, "crim1");
}

#[test]
fn gamble_10_criminals_miss_a_turn() {
    let mut state = draw("crim1", "gamble 10", json!({}));
    play(&mut state, &["pass", "pass", "pass"]);
    assert_eq!(turn(&state).0, "cop2", "crim1 skipped");
}

// ---- Gains 1 to 10 ----

#[test]
fn gains_1_cops_get_a_second_capture_roll() {
    let state = draw("cop1", "gains 1", json!({}));
    assert_eq!(holds(&state, 0, "gains 1"), 1);
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "O1"}},
        "hands": [["gains 1"], [], [], []],
    }));
    assert!(legal(&state).contains(&"play gains 1".to_string()));
    play(&mut state, &["play gains 1"]);
    assert_eq!(legal(&state), ["capture"], "committed to the capture");
    play(&mut state, &["capture", "roll 1"]);
    assert_eq!(owner(&state, "O1"), None);
    assert_eq!(
        state.phase(),
        Phase::Roll {
            purpose: RollFor::Capture
        }
    );
    play(&mut state, &["roll 4"]);
    assert_eq!(owner(&state, "O1"), Some(agora_tyranny::Faction::Cops));
    assert_eq!(turn(&state).0, "crim1");
}

#[test]
fn gains_1_criminals_neutralise_then_take_in_one_turn() {
    let state = draw("crim1", "gains 1", json!({}));
    assert_eq!(holds(&state, 1, "gains 1"), 1);
    let mut state = position(json!({
        "pieces": {"crim1": {"tile": "O1"}},
        "to_move": "crim1",
        "owners": {"O1": "cops"},
        "hands": [[], ["gains 1"], [], []],
    }));
    play(&mut state, &["play gains 1", "capture", "roll 5"]);
    assert_eq!(owner(&state, "O1"), None, "first roll: neutral");
    play(&mut state, &["roll 6"]);
    assert_eq!(owner(&state, "O1"), Some(agora_tyranny::Faction::Criminals));
}

#[test]
fn gains_2_cops_capture_on_1_to_3() {
    let state = draw("cop1", "gains 2", json!({}));
    assert_eq!(holds(&state, 0, "gains 2"), 1);
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "I1"}},
        "hands": [["gains 2"], [], [], []],
    }));
    play(&mut state, &["play gains 2", "capture", "roll 2"]);
    assert_eq!(owner(&state, "I1"), Some(agora_tyranny::Faction::Cops));
}

#[test]
fn gains_2_criminals_range_replaces_the_property_range() {
    let state = draw("crim1", "gains 2", json!({}));
    assert_eq!(holds(&state, 1, "gains 2"), 1);
    let mut state = position(json!({
        "pieces": {"crim1": {"tile": "I1"}},
        "to_move": "crim1",
        "hands": [[], ["gains 2"], [], []],
    }));
    play(&mut state, &["play gains 2", "capture", "roll 6"]);
    assert_eq!(owner(&state, "I1"), None, "6 is outside 1-3");
}

#[test]
fn gains_3_cops_take_over_the_nearest_property_ahead_they_do_not_own() {
    let state = draw(
        "cop1",
        "gains 3",
        json!({"owners": {"O7": "cops", "O9": "criminals"}}),
    );
    assert_eq!(owner(&state, "O7"), Some(agora_tyranny::Faction::Cops));
    assert_eq!(owner(&state, "O9"), Some(agora_tyranny::Faction::Cops));
}

#[test]
fn gains_3_criminals_take_over_the_nearest_property_ahead() {
    let state = draw("crim1", "gains 3", json!({}));
    assert_eq!(owner(&state, "O7"), Some(agora_tyranny::Faction::Criminals));
}

#[test]
fn gains_4_cops_neutralise_the_nearest_criminal_property_ahead() {
    let state = draw(
        "cop1",
        "gains 4",
        json!({"owners": {"O7": "cops", "O11": "criminals", "O13": "criminals"}}),
    );
    assert_eq!(owner(&state, "O7"), Some(agora_tyranny::Faction::Cops));
    assert_eq!(owner(&state, "O11"), None);
    assert_eq!(
        owner(&state, "O13"),
        Some(agora_tyranny::Faction::Criminals)
    );
}

#[test]
fn gains_4_criminals_neutralise_the_nearest_cop_property_ahead() {
    let state = draw(
        "crim1",
        "gains 4",
        json!({"owners": {"O5": "cops", "O27": "cops"}}),
    );
    // The search goes forward round the loop: from O6, O27 comes before O5.
    assert_eq!(owner(&state, "O27"), None);
    assert_eq!(owner(&state, "O5"), Some(agora_tyranny::Faction::Cops));
    // With no enemy property on the loop, nothing happens.
    let state = draw("crim1", "gains 4", json!({"owners": {"O7": "criminals"}}));
    assert_eq!(owner(&state, "O7"), Some(agora_tyranny::Faction::Criminals));
}

#[test]
fn gains_5_cops_make_an_opponent_discard_blind() {
    let mut state = draw(
        "cop1",
        "gains 5",
        json!({"hands": [[], ["gains 7", "gamble 3"], [], ["gains 1"]]}),
    );
    assert_eq!(state.phase(), Phase::Target);
    assert_eq!(legal(&state), ["target seat 1", "target seat 3"]);
    play(&mut state, &["target seat 1"]);
    assert_eq!(state.turn(), agora_engine::Turn::Chance);
    assert!(refused(&state, "pick gains 1").contains("seat 1 holds no gains 1"));
    play(&mut state, &["pick gains 7"]);
    assert_eq!(holds(&state, 1, "gains 7"), 0);
    assert_eq!(discarded(&state, "gains 7"), 1, "discarded face up");
    assert_eq!(turn(&state).0, "crim1");
}

#[test]
fn gains_5_criminals_make_an_opponent_discard_blind_or_nothing() {
    let mut state = draw(
        "crim1",
        "gains 5",
        json!({"hands": [["gains 10"], [], [], []]}),
    );
    play(&mut state, &["target seat 0", "pick gains 10"]);
    assert_eq!(holds(&state, 0, "gains 10"), 0);
    // No opponent holds a card: the card has nothing to do.
    let state = draw("crim1", "gains 5", json!({}));
    assert_eq!(turn(&state).0, "cop2");
}

#[test]
fn gains_6_cops_fix_the_escape_number_and_forbid_paying() {
    let state = draw("cop1", "gains 6", json!({}));
    assert_eq!(holds(&state, 0, "gains 6"), 1);
    let mut state = position(json!({
        "pieces": {"crim1": {"custody": true}},
        "hands": [["gains 6"], [], [], []],
    }));
    assert!(legal(&state).contains(&"play gains 6 crim1 3".to_string()));
    assert!(
        !legal(&state).iter().any(|m| m.contains("crim2")),
        "crim2 is free"
    );
    play(&mut state, &["play gains 6 crim1 3", "pass"]);
    let held = state.piece(piece("crim1"));
    assert_eq!((held.escape_faces, held.may_pay), (1 << 3, false));
    assert_eq!(legal(&state), ["escape"], "paying is barred");
    play(&mut state, &["escape", "roll 6"]);
    assert!(in_custody(&state, "crim1"), "a 6 no longer frees it");
    play(&mut state, &["pass", "pass", "pass", "escape", "roll 3"]);
    assert!(!in_custody(&state, "crim1"));
}

#[test]
fn gains_6_criminals_escape_on_2_to_6() {
    let state = draw("crim1", "gains 6", json!({}));
    assert_eq!(holds(&state, 1, "gains 6"), 1);
    let mut state = position(json!({
        "pieces": {"crim1": {"custody": true}},
        "to_move": "crim1",
        "hands": [[], ["gains 6"], [], []],
    }));
    assert_eq!(legal(&state), ["pay", "escape", "play gains 6"]);
    play(&mut state, &["play gains 6"]);
    assert_eq!(state.piece(piece("crim1")).escape_faces, WIDE_ESCAPE);
    assert_ne!(WIDE_ESCAPE, STANDARD_ESCAPE);
    play(&mut state, &["escape", "roll 2"]);
    assert!(!in_custody(&state, "crim1"));
    assert_eq!(at(&state, "crim1"), "O14");
}

#[test]
fn gains_7_cops_open_and_collapse_any_tunnel_for_free() {
    let state = draw("cop1", "gains 7", json!({}));
    assert_eq!(holds(&state, 0, "gains 7"), 1);
    let mut state = position(json!({"hands": [["gains 7", "gains 7"], [], [], []]}));
    play(&mut state, &["play gains 7 tunnel B"]);
    assert!(state.table().is_open(1));
    assert_eq!(state.influence(), 500, "free: the criminals gain nothing");
    play(&mut state, &["play gains 7 tunnel B"]);
    assert!(!state.table().is_open(1));
}

#[test]
fn gains_7_criminals_open_any_tunnel_for_free() {
    let state = draw("crim1", "gains 7", json!({}));
    assert_eq!(holds(&state, 1, "gains 7"), 1);
    let mut state = position(json!({
        "to_move": "crim1",
        "hands": [[], ["gains 7"], [], []],
        "open_tunnels": ["A"],
    }));
    play(&mut state, &["play gains 7 tunnel A"]);
    assert!(!state.table().is_open(0), "collapsed");
    assert_eq!(state.influence(), 500);
}

#[test]
fn gains_8_cops_take_half_the_criminals_influence() {
    let state = draw("cop1", "gains 8", json!({}));
    assert_eq!(state.influence(), 250);
    // Half of 1 is 0.5, rounded up: the last point goes.
    let state = draw("cop1", "gains 8", json!({"influence": 1}));
    assert_eq!(state.influence(), 0);
}

#[test]
fn gains_8_criminals_gain_half_again() {
    let state = draw("crim1", "gains 8", json!({}));
    assert_eq!(state.influence(), 750);
    let state = draw("crim1", "gains 8", json!({"influence": 0}));
    assert_eq!(state.influence(), 0, "half of nothing is nothing");
}

#[test]
fn gains_9_cops_take_500() {
    let state = draw("cop1", "gains 9", json!({}));
    assert_eq!(state.influence(), 0);
    let state = draw("cop1", "gains 9", json!({"influence": 300}));
    assert_eq!(state.influence(), 0, "never below 0");
}

#[test]
fn gains_9_criminals_gain_500() {
    let state = draw("crim1", "gains 9", json!({}));
    assert_eq!(state.influence(), 1000);
}

#[test]
fn gains_10_cops_steal_a_card_blind() {
    let state = draw("cop1", "gains 10", json!({}));
    assert_eq!(holds(&state, 0, "gains 10"), 1);
    let mut state = position(json!({"hands": [["gains 10"], ["gains 6"], [], []]}));
    assert!(legal(&state).contains(&"play gains 10 seat 1".to_string()));
    assert!(
        !legal(&state).contains(&"play gains 10 seat 3".to_string()),
        "seat 3 holds nothing"
    );
    play(&mut state, &["play gains 10 seat 1", "pick gains 6"]);
    assert_eq!(holds(&state, 0, "gains 6"), 1);
    assert_eq!(holds(&state, 1, "gains 6"), 0);
    assert_eq!(state.phase(), Phase::Start, "the turn goes on");
}

#[test]
fn gains_10_criminals_steal_a_card_blind() {
    let state = draw("crim1", "gains 10", json!({}));
    assert_eq!(holds(&state, 1, "gains 10"), 1);
    let mut state = position(json!({
        "to_move": "crim1",
        "hands": [[], ["gains 10"], ["gamble 3"], []],
    }));
    play(&mut state, &["play gains 10 seat 2", "pick gamble 3"]);
    assert_eq!(holds(&state, 1, "gamble 3"), 1);
    assert_eq!(holds(&state, 2, "gamble 3"), 0);
}
