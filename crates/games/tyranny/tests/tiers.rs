//! Moving between the outer and inner city: home bases, tunnels, opening and collapsing.

mod common;

use agora_tyranny::Phase;
use common::*;
use serde_json::json;

#[test]
fn forward_wraps_round_the_loop() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O26"}}}));
    play(&mut state, &["move", "roll 3"]);
    assert_eq!(at(&state, "cop1"), "O1");
    let mut state = position(json!({"pieces": {"cop1": {"tile": "I12"}}}));
    play(&mut state, &["move", "roll 3"]);
    assert_eq!(at(&state, "cop1"), "I1");
}

#[test]
fn landing_on_the_own_home_base_offers_a_crossing() {
    let mut state = position(json!({
        "pieces": {"crim1": {"tile": "O11"}},
        "to_move": "crim1",
    }));
    play(&mut state, &["move", "roll 3"]);
    assert_eq!(state.phase(), Phase::MayCross);
    assert_eq!(legal(&state), ["cross", "stay"]);
    play(&mut state, &["cross"]);
    assert_eq!(at(&state, "crim1"), "I7");
    assert_eq!(turn(&state).0, "cop2");
    let mut state = position(json!({"pieces": {"cop1": {"tile": "I11"}}}));
    play(&mut state, &["move", "roll 3", "cross"]);
    assert_eq!(at(&state, "cop1"), "O0");
}

#[test]
fn staying_on_the_home_base_ends_the_turn_there() {
    let mut state = position(json!({
        "pieces": {"crim1": {"tile": "O11"}},
        "to_move": "crim1",
    }));
    play(&mut state, &["move", "roll 3", "stay"]);
    assert_eq!(at(&state, "crim1"), "O14");
    assert_eq!(turn(&state).0, "cop2");
}

#[test]
fn the_enemy_home_base_is_no_crossing() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O11"}}}));
    play(&mut state, &["move", "roll 3"]);
    assert_eq!(at(&state, "cop1"), "O14");
    assert_eq!(turn(&state).0, "crim1");
}

#[test]
fn a_piece_on_its_home_base_may_cross_at_the_start_of_its_turn_then_move() {
    let mut state = position(json!({}));
    assert!(legal(&state).contains(&"cross".to_string()));
    play(&mut state, &["cross"]);
    assert_eq!(at(&state, "cop1"), "I0");
    assert!(!legal(&state).contains(&"cross".to_string()), "once a turn");
    assert_eq!(
        refused(&state, "cross"),
        "a piece crosses at most once at the start of its turn"
    );
    play(&mut state, &["move", "roll 1"]);
    assert_eq!(at(&state, "cop1"), "I1");
}

#[test]
fn a_closed_tunnel_is_no_crossing() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}}}));
    play(&mut state, &["move", "roll 3"]);
    assert_eq!(at(&state, "cop1"), "O4");
    assert_eq!(turn(&state).0, "crim1");
    let state = position(json!({"pieces": {"cop1": {"tile": "O4"}}}));
    assert_eq!(
        refused(&state, "cross"),
        "cop1 is on Tunnel A (O4), neither its home base nor an open tunnel"
    );
}

#[test]
fn landing_on_an_open_tunnel_offers_a_crossing() {
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "O1"}},
        "open_tunnels": ["A"],
    }));
    play(&mut state, &["move", "roll 3", "cross"]);
    assert_eq!(at(&state, "cop1"), "I2");
}

#[test]
fn criminals_pay_to_open_a_tunnel_and_may_then_cross() {
    let mut state = position(json!({
        "pieces": {"crim1": {"tile": "O18"}},
        "to_move": "crim1",
    }));
    play(&mut state, &["open tunnel B"]);
    assert!(state.table().is_open(1));
    assert_eq!(state.influence(), 350);
    play(&mut state, &["cross"]);
    assert_eq!(at(&state, "crim1"), "I9");
    assert_eq!(
        refused(&state, "collapse tunnel B"),
        "a piece opens or collapses a tunnel at most once a turn"
    );
    play(&mut state, &["move", "roll 1"]);
    assert_eq!(at(&state, "crim1"), "I10");
}

#[test]
fn a_cop_opening_a_tunnel_hands_the_criminals_its_cost() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "I2"}}}));
    play(&mut state, &["open tunnel A"]);
    assert_eq!(state.influence(), 650);
    assert!(state.table().is_open(0));
}

#[test]
fn collapsing_costs_the_same_as_opening() {
    let mut state = position(json!({
        "pieces": {"crim1": {"tile": "I2"}},
        "to_move": "crim1",
        "open_tunnels": ["A"],
    }));
    play(&mut state, &["collapse tunnel A"]);
    assert!(!state.table().is_open(0));
    assert_eq!(state.influence(), 350);
    let mut state = position(json!({
        "pieces": {"cop1": {"tile": "I2"}},
        "open_tunnels": ["A"],
    }));
    play(&mut state, &["cross", "collapse tunnel A"]);
    assert_eq!(
        at(&state, "cop1"),
        "O4",
        "crossed, then collapsed it behind"
    );
    assert_eq!(state.influence(), 650);
}

#[test]
fn criminals_cannot_open_a_tunnel_they_cannot_pay_for() {
    let state = position(json!({
        "influence": 149,
        "pieces": {"crim1": {"tile": "O4"}},
        "to_move": "crim1",
    }));
    assert!(!legal(&state).iter().any(|m| m.starts_with("open")));
    assert_eq!(
        refused(&state, "open tunnel A"),
        "the criminals need 150 influence for that and have 149"
    );
    let state = position(json!({"pieces": {"crim1": {"tile": "O5"}}, "to_move": "crim1"}));
    assert_eq!(
        refused(&state, "open tunnel A"),
        "crim1 is not on an end of tunnel A"
    );
}

#[test]
fn either_faction_uses_an_open_tunnel() {
    for who in ["cop1", "crim1"] {
        let mut state = position(json!({
            "pieces": {who: {"tile": "I9"}},
            "to_move": who,
            "open_tunnels": ["B"],
        }));
        play(&mut state, &["cross"]);
        assert_eq!(at(&state, who), "O18");
    }
}
