//! Conformance checks every game runs in its tests, after OpenSpiel's random playthroughs.
//!
//! [`check_playthrough`] plays one random game and, at every state, checks the contract:
//! turn and outcome agree; every legal move is accepted and its notation round-trips; views
//! survive determinization (a state sampled from a seat's view shows that seat the same view);
//! garbage and illegal moves are refused without changing anything; the record replays to the
//! same state; the setup round-trips through JSON; `write_view` and `write_move_json`
//! write what `serde_json` writes.

use rand_core::RngCore;

use crate::{FastRng, Game, GameRecord, GameRng, Seat, Turn, Viewer, replay};

/// Strings that are no move in any game, plus the caller's own.
const GARBAGE: &[&str] = &[
    "",
    " ",
    "\u{0}",
    "🂡",
    "99999999999999999999",
    "-1",
    "own",
    "play",
    "start",
    "start z9.9",
    "play 00-00-00-00",
];

/// Plays one random game from `setup` and checks the contract at every state. Returns the
/// final state and the moves played, so callers can check their own invariants too.
///
/// # Panics
///
/// On the first broken invariant, naming the move index.
pub fn check_playthrough<G: Game>(setup: &G::Setup, seed: u64) -> (G, Vec<String>) {
    let mut rng = FastRng::new(seed);
    let setup_json = serde_json::to_value(setup).expect("setup serializes");
    let setup_back: G::Setup =
        serde_json::from_value(setup_json.clone()).expect("setup reads back");
    let mut state = G::from_setup(setup).expect("valid setup");
    assert_eq!(
        G::from_setup(&setup_back).expect("round-tripped setup"),
        state,
        "setup changed through JSON"
    );
    let mut record = GameRecord {
        game: G::NAME.to_string(),
        seed: None,
        options: None,
        setup: Some(setup_json),
        moves: Vec::new(),
        ..Default::default()
    };
    let mut moves = Vec::new();
    for ply in 0.. {
        check_state(&state, &mut rng, ply);
        let mv = match state.turn() {
            Turn::Over => break,
            Turn::Chance => state.sample_chance(&mut rng),
            Turn::Seat(_) => {
                moves.clear();
                state.legal_moves(&mut moves);
                moves[rng.index(moves.len())]
            }
        };
        let text = state.format_move(mv);
        record.moves.push(text);
        state
            .play(mv)
            .unwrap_or_else(|e| panic!("ply {ply}: legal move refused: {e}"));
        assert!(ply < 1_000_000, "game does not end");
    }
    let replayed = replay::<G>(&record).expect("record starts");
    assert_eq!(replayed.rejected, None, "record replays without rejection");
    assert_eq!(replayed.state, state, "replay reaches the same state");
    (state, record.moves)
}

fn check_state<G: Game>(state: &G, rng: &mut FastRng, ply: usize) {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    match state.turn() {
        Turn::Over => {
            assert!(state.outcome().is_some(), "ply {ply}: over without outcome");
            assert_eq!(
                state.random_legal_move(rng),
                None,
                "ply {ply}: random move after the end"
            );
            assert!(moves.is_empty(), "ply {ply}: moves after the end");
        }
        Turn::Chance => {
            assert!(
                state.outcome().is_none(),
                "ply {ply}: outcome while ongoing"
            );
            assert!(moves.is_empty(), "ply {ply}: seat moves at a chance node");
            let mv = state.sample_chance(rng);
            assert_eq!(
                state.check_move(mv),
                Ok(()),
                "ply {ply}: sampled chance refused"
            );
            let text = state.format_move(mv);
            assert_eq!(
                state.parse_move(&text),
                Ok(mv),
                "ply {ply}: {text:?} round-trip"
            );
        }
        Turn::Seat(seat) => {
            assert!(
                state.outcome().is_none(),
                "ply {ply}: outcome while ongoing"
            );
            assert!(
                !moves.is_empty(),
                "ply {ply}: seat {seat} to move has no move"
            );
            let random = state.random_legal_move(rng).expect("a random legal move");
            assert!(
                moves.contains(&random),
                "ply {ply}: random move {random:?} not legal"
            );
            for &mv in &moves {
                assert_eq!(
                    state.check_move(mv),
                    Ok(()),
                    "ply {ply}: legal move {mv:?} refused"
                );
                let text = state.format_move(mv);
                assert_eq!(
                    state.parse_move(&text),
                    Ok(mv),
                    "ply {ply}: {text:?} round-trip"
                );
                let mut json = String::new();
                state.write_move_json(mv, &mut json);
                assert_eq!(
                    json,
                    serde_json::to_string(&text).expect("strings serialize"),
                    "ply {ply}: write_move_json of {text:?}"
                );
            }
        }
    }
    for text in GARBAGE {
        let mut copy = state.clone();
        if let Ok(mv) = copy.parse_move(text) {
            if copy.play(mv).is_err() {
                assert_eq!(
                    &copy, state,
                    "ply {ply}: refused {text:?} changed the state"
                );
            }
        }
    }
    for _ in 0..4 {
        let text = random_text(rng);
        let mut copy = state.clone();
        if let Ok(mv) = copy.parse_move(&text)
            && copy.play(mv).is_err()
        {
            assert_eq!(
                &copy, state,
                "ply {ply}: refused {text:?} changed the state"
            );
        }
    }
    for seat in (0..state.seats()).map(|s| Seat(s as u8)) {
        let view = state.view(Viewer::Seat(seat));
        check_view_json(state, Viewer::Seat(seat), ply);
        let sampled = G::determinize(&view, seat, rng);
        assert_eq!(
            sampled.view(Viewer::Seat(seat)),
            view,
            "ply {ply}: determinized state shows seat {seat} another view"
        );
        assert_eq!(sampled.turn(), state.turn(), "ply {ply}: determinized turn");
        let mut sampled_moves = Vec::new();
        sampled.legal_moves(&mut sampled_moves);
        if state.turn() == Turn::Seat(seat) {
            assert_eq!(
                sampled_moves, moves,
                "ply {ply}: determinized state changes my moves"
            );
        }
    }
    check_view_json(state, Viewer::Spectator, ply);
}

/// [`Game::write_view`] writes what `serde_json` writes for the view.
fn check_view_json<G: Game>(state: &G, viewer: Viewer, ply: usize) {
    let expected = serde_json::to_string(&state.view(viewer)).expect("view serializes");
    let mut written = String::new();
    state.write_view(viewer, &mut written);
    assert_eq!(written, expected, "ply {ply}: write_view for {viewer:?}");
}

fn random_text(rng: &mut FastRng) -> String {
    const ALPHABET: &[u8] = b"SMP0123456789 -.abcdefownpcitadelmarktmplstar";
    let len = rng.index(16);
    (0..len)
        .map(|_| char::from(ALPHABET[rng.index(ALPHABET.len())]))
        .collect()
}

/// Checks that a seat's view does not depend on what it may not know: `states` must all show
/// `seat` the same view, and the caller builds them to differ only in hidden information.
pub fn assert_same_view<G: Game>(states: &[G], seat: Seat) {
    let first = states[0].view(Viewer::Seat(seat));
    for state in &states[1..] {
        assert_eq!(state.view(Viewer::Seat(seat)), first);
    }
}

/// A generator for tests that want one.
pub fn rng(seed: u64) -> impl RngCore {
    FastRng::new(seed)
}
