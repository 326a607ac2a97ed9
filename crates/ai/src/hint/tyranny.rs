//! Tyranny's facts: what kind of choice the move is. Its outcome hangs on the die, so the hint
//! names the choice and leaves the rest to the search's verdict.

use agora_engine::Seat;
use agora_tyranny::{Move, Tyranny, TyrannyView};
use serde::Serialize;

use super::Explain;

/// The kind of choice a Tyranny move is, by the word that starts its notation (`move`,
/// `capture`, `pass`, `cross`, `stay`, `open`, `collapse`, `pay`, `escape`, `draw`,
/// `decline`, `challenge`, `spare`, `advance`, `target`, `discard`, `play`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TyrannyFacts {
    pub choice: &'static str,
}

impl Explain for Tyranny {
    type Facts = TyrannyFacts;

    fn facts(_view: &TyrannyView, _seat: Seat, mv: Move) -> TyrannyFacts {
        TyrannyFacts {
            choice: match mv {
                Move::Go => "move",
                Move::Capture => "capture",
                Move::Pass => "pass",
                Move::Cross => "cross",
                Move::Stay => "stay",
                Move::Open(_) => "open",
                Move::Collapse(_) => "collapse",
                Move::Pay => "pay",
                Move::Escape => "escape",
                Move::Draw => "draw",
                Move::Decline => "decline",
                Move::Challenge { .. } => "challenge",
                Move::Spare(_) => "spare",
                Move::Advance(_) => "advance",
                Move::Target(_) => "target",
                Move::Discard(_) => "discard",
                Move::Play(_) => "play",
                Move::Roll(_) | Move::Drawn(_) | Move::Picked(_) => "chance",
            },
        }
    }
}
