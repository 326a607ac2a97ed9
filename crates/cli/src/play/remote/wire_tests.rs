//! Tyranny told over the server's JSON, frame by frame, against local play's telling of the
//! same game.

use agora_engine::{FastRng, Game, Seat, Turn, Viewer};
use agora_present::{Lang, Reader, Who};
use agora_tyranny::{Card, Event, Move, Options, Retelling, Tyranny};

use super::wire::{FrameMove, WireGame};
use crate::play::TextUi;

/// A random game of `players` seats from `seed`: its setup's state and its moves, cut into
/// frames as the server sends them (a move and the chance moves drawn right after it).
fn random_game(seed: u64, players: u8) -> (Tyranny, Vec<Vec<Move>>) {
    let options: Options =
        serde_json::from_value(serde_json::json!({ "players": players })).unwrap();
    let start = Tyranny::from_setup(&Tyranny::setup_from_seed(&options, seed)).unwrap();
    let mut state = start.clone();
    let mut rng = FastRng::new(seed);
    let mut frames = Vec::new();
    while state.turn() != Turn::Over && frames.len() < 3000 {
        let mut frame = Vec::new();
        loop {
            let mv = match state.turn() {
                Turn::Chance => state.sample_chance(&mut rng),
                _ => state.random_legal_move(&mut rng).unwrap(),
            };
            state.play_unchecked(mv);
            frame.push(mv);
            if state.turn() != Turn::Chance {
                break;
            }
        }
        frames.push(frame);
    }
    (start, frames)
}

/// Whether a Gamble 3 held by a seat other than `me` acts by itself (at an arrest) in the game
/// where a guess of the hidden hands dealt from `me`'s view before the frame misses it.
fn hidden_gamble_3_missed(start: &Tyranny, frames: &[Vec<Move>], me: Seat) -> bool {
    let viewer = Viewer::Seat(me);
    let mut state = start.clone();
    frames.iter().any(|frame| {
        let mut guess = Retelling::new(&state.view(viewer));
        frame.iter().any(|&mv| {
            let seen = state.seen_move(mv, viewer);
            let events = state.play_logged(mv).unwrap();
            let acted = events.iter().any(
                |e| matches!(e, Event::Played { seat, card: Card::GAMBLE_ESCAPE } if *seat != me),
            );
            let shown = events.iter().map(|e| e.seen_by(viewer)).collect();
            // Played whether or not the card acted, so that the guess keeps up.
            let told = guess.play(seen);
            acted && told != Some(shown)
        })
    })
}

/// The game told to seat 0 by local play, and over the remote path: each frame's views and
/// moves written as the server's JSON, read back and told by [`WireGame::tell_frame`].
fn told_both_ways(start: &Tyranny, frames: &[Vec<Move>]) -> (Vec<String>, Vec<String>) {
    let viewer = Viewer::Seat(Seat(0));
    let seats = usize::from(start.view(viewer).table.players());
    let mut who = vec![Who::Person("Ada".into())];
    who.extend(std::iter::repeat_n(Who::Computer, seats - 1));
    let reader = Reader::new(Lang::En, viewer, who);
    let wire_view = |state: &Tyranny| {
        let json = serde_json::to_value(state.view(viewer)).unwrap();
        Tyranny::view_from(&json).expect("a view the server sends is read")
    };
    let (mut local, mut remote) = (Vec::new(), Vec::new());
    let mut state = start.clone();
    for frame in frames {
        let before = wire_view(&state);
        let mut moves = Vec::new();
        for &mv in frame {
            let mover = match state.turn() {
                Turn::Seat(seat) => Some(seat),
                _ => None,
            };
            let json = serde_json::to_value(state.seen_move(mv, viewer)).unwrap();
            moves.push(FrameMove {
                mover,
                notation: mv.to_string(),
                seen: Tyranny::seen_from(&json, mover, viewer.seat()),
            });
            local.extend(Tyranny::play_and_tell(
                &mut state,
                &reader,
                mv,
                mover,
                &mv.to_string(),
            ));
        }
        let after = wire_view(&state);
        let told = Tyranny::tell_frame(&reader, Some(&before), Some(&after), &moves);
        remote.extend(told.into_iter().flatten());
    }
    (local, remote)
}

/// A Gamble 3 in a hand the reader cannot see acts by itself at an arrest, which no move
/// shows: over the server the game is still told exactly as local play tells it. The game is
/// the first seeded one where this happens and a guess of the hidden hands misses it.
#[test]
fn a_hidden_gamble_3_at_an_arrest_is_told_as_local_play_tells_it() {
    let (start, frames) = (1..=200u64)
        .flat_map(|seed| [2, 3, 4].map(|players| (seed, players)))
        .map(|(seed, players)| random_game(seed, players))
        .find(|(start, frames)| hidden_gamble_3_missed(start, frames, Seat(0)))
        .expect("a seeded game where a hidden Gamble 3 acts");
    let (local, remote) = told_both_ways(&start, &frames);
    assert!(
        local.iter().any(|line| line.contains("Gamble 3")),
        "{local:#?}"
    );
    assert_eq!(remote, local);
}

/// Whole games of 2, 3 and 4 seats, told over the remote path as local play tells them.
#[test]
fn random_games_are_told_over_the_server_as_local_play_tells_them() {
    for (seed, players) in [(7, 2), (8, 3), (9, 4)] {
        let (start, frames) = random_game(seed, players);
        let (local, remote) = told_both_ways(&start, &frames);
        assert_eq!(remote, local, "seed {seed}, {players} players");
    }
}
