//! Whether a finished game's deal was fair, in the reader's language: what
//! [`agora_engine::fair::verify`] found, for `agora verify` and the game page alike.

use agora_engine::Viewer;
use agora_engine::fair::{Unfair, Verified};

use crate::text::{text, text_with};
use crate::{Lang, Reader, args};

/// One sentence: the deal was fair (with what was checked), or why it cannot be shown to be.
pub fn verdict(lang: Lang, checked: &Result<Verified, Unfair>) -> String {
    match checked {
        Ok(verified) => text_with(
            lang,
            "fair-verified",
            &args![("moves", verified.moves), ("chance", verified.chance_moves)],
        ),
        Err(unfair) => text_with(
            lang,
            "fair-failed",
            &args![("reason", reason(lang, unfair))],
        ),
    }
}

/// Why a record does not show a fair deal, as a clause.
pub fn reason(lang: Lang, unfair: &Unfair) -> String {
    let id = format!("fair-{}", unfair.code());
    match unfair {
        Unfair::NoCommitment | Unfair::NotRevealed | Unfair::DealDiffers => text(lang, &id),
        Unfair::CommitmentMismatch {
            computed,
            committed,
        } => text_with(
            lang,
            &id,
            &args![
                ("computed", computed.as_str()),
                ("committed", committed.as_str())
            ],
        ),
        Unfair::UnknownGame(game) => text_with(lang, &id, &args![("game", game.as_str())]),
        Unfair::Record(error) => text_with(lang, &id, &args![("detail", error.to_string())]),
        Unfair::ChanceDiffers {
            index,
            found,
            expected,
        } => text_with(
            lang,
            &id,
            &args![
                ("number", index + 1),
                ("found", found.as_str()),
                ("expected", expected.as_str())
            ],
        ),
        Unfair::MoveRejected {
            index,
            text,
            refusal,
        } => {
            // Seats are named by number: a record names no players. The refusal is a
            // sentence; here it ends a clause.
            let reader = Reader::new(lang, Viewer::Spectator, Vec::new());
            let why = crate::refusal::refusal(&reader, refusal);
            text_with(
                lang,
                &id,
                &args![
                    ("number", index + 1),
                    ("text", text.as_str()),
                    ("reason", why.trim_end_matches('.'))
                ],
            )
        }
    }
}
