//! Text for people: tables, hands, seen moves and what changed between views.

#[path = "../../games/tyranny/tests/common/mod.rs"]
mod common;

use agora_engine::{Game, Seat, Viewer};
use agora_present::tyranny::text;
use agora_tyranny::Faction;
use common::*;
use serde_json::json;

#[test]
fn the_table_says_where_every_piece_stands_and_who_owns_what() {
    let state = position(json!({
        "pieces": {"crim2": {"custody": true}, "cop1": {"tile": "O1"}, "crim1": {"misses": 1}},
        "owners": {"O13": "criminals", "I1": "cops"},
        "open_tunnels": ["B"],
    }));
    let view = state.view(Viewer::Seat(Seat(0)));
    let described = text::describe(&view);
    let expected = [
        "turn 1 of 200, round 1: cop1 (seat 0, cops) — cop1 starts its turn",
        "cop1 (seat 0) is on Rail Yard (O1), outer city",
        "crim1 (seat 1) is on Hideout (O14), outer city, misses its next turn",
        "cop2 (seat 2) is on Police Station (O0), outer city",
        "crim2 (seat 3) is in custody at Police Station (O0), escapes on 6",
        "the cops own City Hall (I1)",
        "the criminals own Night Market (O13)",
        "tunnel A (O4 to I2, costs 150) is closed",
        "tunnel B (O18 to I9, costs 150) is open",
        "cards in hand: seat 0: 0, seat 1: 0, seat 2: 0, seat 3: 0; decks: 20 gamble, 20 gains; discards: 0 gamble, 0 gains",
    ];
    for line in expected {
        assert!(described.contains(line), "{line:?} not in\n{described}");
    }
}

#[test]
fn changes_tell_what_a_card_did() {
    let mut state = position(json!({"pieces": {"crim1": {"tile": "O5"}}, "to_move": "crim1"}));
    play(&mut state, &["move", "roll 1", "draw"]);
    let viewer = Viewer::Seat(Seat(0));
    let before = state.view(viewer);
    let mv = state.parse_move("draw gains 8").unwrap();
    let seen = text::seen_move(&before.table, state.seen_move(mv, viewer));
    assert_eq!(
        seen,
        "seat 1 draws gains 8: the criminals gain 50% of their influence"
    );
    state.play(mv).unwrap();
    let after = state.view(viewer);
    assert_eq!(
        text::changes(&before, &after),
        [
            "gains 8 (criminals' half): the criminals gain 50% of their influence",
            "criminal influence 500 -> 750"
        ]
    );
}

#[test]
fn hidden_draws_stay_hidden_in_text() {
    let mut state = position(json!({"pieces": {"crim1": {"tile": "O5"}}, "to_move": "crim1"}));
    play(&mut state, &["move", "roll 1", "draw"]);
    let mv = state.parse_move("draw gains 7").unwrap();
    let before = state.view(Viewer::Seat(Seat(0)));
    let seen = text::seen_move(&before.table, state.seen_move(mv, Viewer::Seat(Seat(0))));
    assert_eq!(seen, "seat 1 draws a gains card and keeps it");
    let mine_before = state.view(Viewer::Seat(Seat(1)));
    state.play(mv).unwrap();
    let changes = text::changes(&before, &state.view(Viewer::Seat(Seat(0))));
    assert_eq!(changes, ["seat 1 holds 1 cards"]);
    let mine = text::changes(&mine_before, &state.view(Viewer::Seat(Seat(1))));
    assert_eq!(mine, ["you now hold gains 7"]);
    assert_eq!(
        text::hand(
            &state.view(Viewer::Seat(Seat(1))).hand.unwrap(),
            Faction::Criminals
        ),
        ["gains 7: kept: open or collapse any tunnel for free"]
    );
}

#[test]
fn changes_tell_of_captures_and_the_end() {
    let mut state = position(json!({
        "influence": 0, "zero_streak": 2, "to_move": "crim1",
        "pieces": {"crim1": {"tile": "O1"}, "cop2": {"tile": "O3"}},
    }));
    let before = state.view(Viewer::Spectator);
    play(&mut state, &["move", "roll 2"]);
    let changes = text::changes(&before, &state.view(Viewer::Spectator));
    assert_eq!(
        changes,
        [
            "crim1: Rail Yard (O1) -> Fish Market (O3)",
            "cop2 is kidnapped and held at Hideout (O14)",
            "the cops have won (cops_held_zero)"
        ]
    );
}

#[test]
fn crossing_captures_no_one() {
    let mut state = position(json!({"pieces": {"crim1": {"tile": "I0"}}}));
    play(&mut state, &["cross"]);
    assert_eq!(at(&state, "cop1"), "I0");
    assert!(!in_custody(&state, "crim1"));
}
