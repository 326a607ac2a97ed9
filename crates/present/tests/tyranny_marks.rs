//! The Tyranny board's marks: the piece to move ringed, the last roll's die with its face,
//! and each other seat's last move along the ring until that seat moves again, drawn and in
//! words, from the events a reader saw.

#[path = "../../games/tyranny/tests/common/mod.rs"]
mod common;

use agora_engine::{Game, Seat, Viewer};
use agora_present::tyranny::{LastMoves, Marks, describe_marks, table_svg};
use agora_present::{Lang, Reader, Who};
use agora_tyranny::{Event, Tyranny};
use common::*;
use serde_json::json;

fn reader(lang: Lang, viewer: Viewer) -> Reader {
    Reader::new(lang, viewer, vec![Who::Person("Ada".into()), Who::Computer])
}

/// Plays `moves`, taking each into `last` as `viewer` sees it.
fn play_marked(state: &mut Tyranny, last: &mut LastMoves, viewer: Viewer, moves: &[&str]) {
    for text in moves {
        let before = state.view(viewer);
        let mv = state.parse_move(text).unwrap();
        let events: Vec<Event> = state
            .play_logged(mv)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .into_iter()
            .map(|e| e.seen_by(viewer))
            .collect();
        last.record(&before, &events);
    }
}

const ADA: Viewer = Viewer::Seat(Seat(0));
const COMPUTER: Viewer = Viewer::Seat(Seat(1));

/// Ada's cop and the computer's criminal each move once: Cop 1 three tiles, Criminal 1 three.
fn one_round() -> (Tyranny, [LastMoves; 3]) {
    let mut state = game(json!({"players": 2}));
    let mut seen = [
        LastMoves::default(),
        LastMoves::default(),
        LastMoves::default(),
    ];
    for moves in [&["move", "roll 3"][..], &["move", "roll 3"]] {
        for (last, viewer) in seen.iter_mut().zip([ADA, COMPUTER, Viewer::Spectator]) {
            play_marked(&mut state.clone(), last, viewer, moves);
        }
        play(&mut state, moves);
    }
    (state, seen)
}

/// The parts of the picture the marks add, one a line, for the snapshot.
fn marked_parts(svg: &str) -> Vec<&str> {
    svg.lines()
        .filter(|l| {
            l.contains("ty-trail") || l.contains("ty-board-die") || l.contains("ty-to-move")
        })
        .collect()
}

#[test]
fn the_other_seat_s_last_move_is_marked_until_it_moves_again() {
    let (mut state, [mut ada, computer, watcher]) = one_round();
    let marks = ada.marks(ADA);
    assert_eq!(marks.trails.len(), 1, "{marks:?}");
    let trail = &marks.trails[0];
    assert_eq!((trail.seat, trail.piece), (Seat(1), piece("crim1")));
    assert_eq!(
        (trail.steps[0].from, trail.steps[0].to, trail.steps[0].along),
        (tile("O14"), tile("O17"), true)
    );
    assert!(trail.fresh, "the computer moved after Ada");
    let roll = marks.roll.expect("a roll");
    assert_eq!((roll.face, roll.fresh), (3, true));

    // The computer sees Ada's move, older than its own; a spectator sees both, the latest fresh.
    let theirs = computer.marks(COMPUTER);
    assert_eq!(theirs.trails.len(), 1);
    assert_eq!(theirs.trails[0].piece, piece("cop1"));
    assert_eq!(theirs.trails[0].steps[0].to, tile("O3"));
    assert!(!theirs.trails[0].fresh);
    // Its own roll came after its last move of its own ("move"): the die arrives for it too.
    assert!(theirs.roll.unwrap().fresh);
    let watched = watcher.marks(Viewer::Spectator);
    let fresh: Vec<(Seat, bool)> = watched.trails.iter().map(|t| (t.seat, t.fresh)).collect();
    assert_eq!(fresh, [(Seat(0), false), (Seat(1), true)]);

    // Ada's second cop moves; the computer's other criminal crosses to the inner city: its mark
    // is now that jump alone, and the last roll (Ada's) is no news to Ada.
    for moves in [&["move", "roll 1"][..], &["cross"]] {
        play_marked(&mut state.clone(), &mut ada, ADA, moves);
        play(&mut state, moves);
    }
    let marks = ada.marks(ADA);
    assert_eq!(marks.trails.len(), 1);
    let trail = &marks.trails[0];
    assert_eq!(trail.piece, piece("crim2"));
    assert_eq!(trail.steps.len(), 1);
    assert_eq!(
        (trail.steps[0].from, trail.steps[0].to, trail.steps[0].along),
        (tile("O14"), tile("I7"), false)
    );
    assert_eq!(marks.roll.map(|r| (r.face, r.fresh)), Some((1, false)));
}

#[test]
fn the_picture_rings_the_piece_to_move_and_draws_the_die_and_the_way() {
    let (state, [ada, _, _]) = one_round();
    let view = state.view(ADA);
    let marks = ada.marks(ADA);
    let svg = table_svg(Lang::En, &view, &marks);
    // The die shows three pips, in the middle of the ring.
    let die = svg
        .split("<g class=\"ty-board-die fresh\" data-face=\"3\">")
        .nth(1)
        .expect("the die")
        .split("</g>")
        .next()
        .unwrap();
    assert_eq!(die.matches("<circle").count(), 3, "{die}");
    // Only the computer's way is drawn, with the piece that went it ready to arrive.
    assert!(svg.contains("<g class=\"ty-trail fresh\" data-seat=\"1\">"));
    assert!(!svg.contains("data-seat=\"0\""));
    assert!(
        svg.contains(
            "class=\"ty-piece ty-moved ty-along ty-outer ty-steps-3\" data-piece=\"crim1\""
        )
    );
    // Cop 2 is to move: ringed, and nobody else.
    assert_eq!(svg.matches("ty-to-move").count(), 1);
    assert!(svg.contains("class=\"ty-piece ty-to-move\" data-piece=\"cop2\""));
    assert!(svg.contains("class=\"ty-halo\""));
    // Without marks, none of them (the rules page's picture).
    let bare = table_svg(Lang::En, &view, &Marks::default());
    assert!(!bare.contains("ty-trail") && !bare.contains("ty-board-die"));
    insta::assert_snapshot!(marked_parts(&svg).join("\n"));
}

#[test]
fn the_marks_in_words_in_every_language() {
    let (_, [ada, computer, _]) = one_round();
    let mut out = String::new();
    for lang in Lang::ALL {
        for (last, viewer) in [(&ada, ADA), (&computer, COMPUTER)] {
            let lines = describe_marks(&reader(lang, viewer), &last.marks(viewer));
            assert_eq!(lines.len(), 2, "{lines:?}");
            for line in &lines {
                out.push_str(&format!("{lang:?} {viewer:?}: {line}\n"));
            }
        }
    }
    assert!(!out.contains('{'), "{out}");
    let misses = agora_present::text::take_misses();
    assert!(misses.is_empty(), "{misses:?}");
    insta::assert_snapshot!(out);
}
