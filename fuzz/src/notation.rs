use agora_engine::{FastRng, Game, Seat, Turn, Viewer};

use crate::positions::FixedPositions;

/// Most moves one input plays, so that an input's cost stays bounded.
const MAX_MOVES: usize = 32;

/// Plays notation from a fixed position: the first byte picks one of [`crate::positions`],
/// the rest is read as text, one move a line, each played from where the last left off.
///
/// For each line: a refused parse names the text; an accepted parse formats to text that
/// parses back to the same move (and formats the same again); a move played by a seat that is
/// not to move is refused; `play` refuses exactly the moves that are not legal (or not a
/// chance move chance could draw) and a refusal leaves the state equal to what it was; after
/// an accepted move, turn and outcome agree, the seat to move has moves, and every viewer's
/// hand-written view JSON is what `serde_json` writes.
///
/// # Panics
///
/// When one of these breaks.
pub fn check_notation<G: FixedPositions>(data: &[u8]) {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let positions = G::positions();
    let mut state = positions[usize::from(pick) % positions.len()].clone();
    let text = String::from_utf8_lossy(text);
    let mut legal = Vec::new();
    for line in text.split('\n').take(MAX_MOVES) {
        let mv = match state.parse_move(line) {
            Ok(mv) => mv,
            Err(e) => {
                assert!(
                    !e.reason.code().is_empty() && !e.reason.to_string().is_empty(),
                    "{line:?} refused without a reason"
                );
                continue;
            }
        };
        let written = state.format_move(mv);
        assert_eq!(
            state.parse_move(&written),
            Ok(mv),
            "{line:?} reads as {mv:?}, written {written:?}, which does not read back"
        );
        assert_eq!(state.format_move(mv), written, "{mv:?} written two ways");
        legal.clear();
        state.legal_moves(&mut legal);
        let turn = state.turn();
        let before = state.clone();
        if let Turn::Seat(mover) = turn {
            for seat in (0..state.seats()).map(|s| Seat(s as u8)) {
                if seat != mover {
                    let refused = state.play_as(seat, mv);
                    assert!(
                        refused.is_err(),
                        "{written:?} accepted from {seat}, not to move"
                    );
                    assert_eq!(
                        state, before,
                        "{written:?} refused from {seat} changed the state"
                    );
                }
            }
        }
        let checked = state.check_move(mv);
        match state.play(mv) {
            Err(e) => {
                assert_eq!(state, before, "refused {written:?} ({e}) changed the state");
                let reason = e.refusal();
                assert!(
                    !reason.code().is_empty() && !reason.to_string().is_empty(),
                    "{written:?} refused without a reason"
                );
                assert_eq!(
                    checked,
                    Err(e),
                    "check_move and play disagree on {written:?}"
                );
                assert!(
                    !legal.contains(&mv),
                    "legal move {written:?} refused at {turn:?}"
                );
            }
            Ok(()) => {
                assert_eq!(
                    checked,
                    Ok(()),
                    "check_move and play disagree on {written:?}"
                );
                match turn {
                    Turn::Seat(_) => assert!(
                        legal.contains(&mv),
                        "{written:?} accepted but not among the legal moves"
                    ),
                    Turn::Chance => {}
                    Turn::Over => panic!("{written:?} accepted after the end"),
                }
                check_state(&state, &written);
            }
        }
    }
}

/// The contract's cheap invariants, after `last` was played.
fn check_state<G: Game>(state: &G, last: &str) {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    match state.turn() {
        Turn::Over => {
            assert!(
                state.outcome().is_some(),
                "over without outcome after {last:?}"
            );
            assert!(moves.is_empty(), "moves after the end, after {last:?}");
        }
        Turn::Chance => {
            assert!(
                state.outcome().is_none(),
                "outcome while ongoing after {last:?}"
            );
            assert!(
                moves.is_empty(),
                "seat moves at a chance turn after {last:?}"
            );
            let chance = state.sample_chance(&mut FastRng::new(moves.len() as u64));
            assert_eq!(
                state.check_move(chance),
                Ok(()),
                "drawn chance refused after {last:?}"
            );
        }
        Turn::Seat(seat) => {
            assert!(
                state.outcome().is_none(),
                "outcome while ongoing after {last:?}"
            );
            assert!(!moves.is_empty(), "seat {seat} has no move after {last:?}");
        }
    }
    let viewers = (0..state.seats())
        .map(|s| Viewer::Seat(Seat(s as u8)))
        .chain([Viewer::Spectator]);
    for viewer in viewers {
        let expected = serde_json::to_string(&state.view(viewer)).expect("views serialize");
        let mut written = String::new();
        state.write_view(viewer, &mut written);
        assert_eq!(
            written, expected,
            "write_view for {viewer:?} after {last:?}"
        );
    }
}
