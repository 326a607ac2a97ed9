//! What the Tyranny narrator tests share: a four-seat table, moves played and told to one
//! reader, and positions about to draw a card.
#![allow(dead_code)]

use agora_engine::{Game, Seat, Viewer};
use agora_present::tyranny::narrate_move;
use agora_present::{Lang, Reader, Who};
use agora_tyranny::{Card, Deck, Tyranny};
use serde_json::{Value, json};

use crate::common::{play, position};

/// A four-seat table: Ada, Bruno and Chloé are people, seat 3 the computer.
pub fn reader(lang: Lang, viewer: Viewer) -> Reader {
    let seats = vec![
        Who::Person("Ada".into()),
        Who::Person("Bruno".into()),
        Who::Person("Chloé".into()),
        Who::Computer,
    ];
    Reader::new(lang, viewer, seats)
}

/// Plays `moves` and returns what `viewer` hears of them, in `lang`; fails on any message
/// that did not resolve.
pub fn told_in(lang: Lang, state: &mut Tyranny, viewer: Viewer, moves: &[&str]) -> Vec<String> {
    let reader = reader(lang, viewer);
    let mut lines = Vec::new();
    for text in moves {
        let mv = state.parse_move(text).unwrap();
        let before = state.view(viewer);
        let seen = state.seen_move(mv, viewer);
        let events: Vec<_> = (state.play_logged(mv))
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .into_iter()
            .map(|e| e.seen_by(viewer))
            .collect();
        lines.extend(narrate_move(
            &reader,
            &before,
            &seen,
            &events,
            &state.view(viewer),
        ));
    }
    let misses = agora_present::text::take_misses();
    assert!(misses.is_empty(), "{misses:?}");
    lines
}

pub fn told(state: &mut Tyranny, viewer: Viewer, moves: &[&str]) -> Vec<String> {
    told_in(Lang::En, state, viewer, moves)
}

pub fn seat(n: u8) -> Viewer {
    Viewer::Seat(Seat(n))
}

pub fn has(lines: &[String], needle: &str) {
    assert!(
        lines.iter().any(|l| l.contains(needle)),
        "{needle:?} not in:\n{}",
        lines.join("\n")
    );
}

pub fn lacks(lines: &[String], needle: &str) {
    assert!(
        lines.iter().all(|l| !l.contains(needle)),
        "{needle:?} in:\n{}",
        lines.join("\n")
    );
}

/// A position where `piece` (cop1 or crim1) is about to land on a tile of `deck` and draw.
pub fn before_a_draw(piece: &str, deck: Deck, extra: Value) -> Tyranny {
    let from = if deck == Deck::Gamble { "O1" } else { "O5" };
    let mut position = json!({"pieces": {piece: {"tile": from}}, "to_move": piece});
    if let (Value::Object(p), Value::Object(e)) = (&mut position, extra) {
        p.extend(e);
    }
    let mut state = position_of(position);
    play(&mut state, &["move", "roll 1", "draw"]);
    state
}

pub fn position_of(value: Value) -> Tyranny {
    position(value)
}

/// Draws `card` for `piece` and returns what the drawer and another seat heard, and the
/// state after.
pub fn draw(piece: &str, card: Card, extra: Value) -> (Vec<String>, Vec<String>, Tyranny) {
    let mut state = before_a_draw(piece, card.deck(), extra);
    let drawer = state.active_seat();
    let other = Seat((drawer.0 + 1) % 4);
    let mut copy = state.clone();
    let notation = format!("draw {card}");
    let theirs = told(&mut copy, Viewer::Seat(other), &[&notation]);
    let mine = told(&mut state, Viewer::Seat(drawer), &[&notation]);
    (mine, theirs, state)
}
