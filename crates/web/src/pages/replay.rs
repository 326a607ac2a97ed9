//! `/games/{id}/replay?step=K&as=SEAT|all|spectator`: a game stepped through, one step (an
//! event of its log) at a time: the table as it stood after step K for one viewer, that
//! step's narration (the table history's narrator), the clocks as they stood, and the whole
//! history with the step marked, each line a link to its step. Every control is a plain link;
//! `replay.js` swaps in `/games/{id}/replay/fragment` instead and says the step in a polite
//! live region.
//!
//! What may be seen: a finished game as any seat saw it, as a spectator, or with everything
//! revealed; a game still being played only up to its present and only as the reader may
//! see it now (their own seat, or a spectator of a public game).
//!
//! By concern: whose view and which step the query asks for ([`query`]), one step's view
//! ([`step`]), the controls that go to other steps and views ([`navigation`]), a game of this
//! server's page and fragment ([`game`]), its table chat at the step ([`chat`]). An uploaded record is shown in the same viewer
//! ([`upload`]); both answer with the page or fragment of [`respond`], which imports
//! neither (no import loops: `tests/module_loops.rs`).

pub mod board;
pub mod chat;
pub mod game;
pub mod navigation;
pub mod query;
pub mod respond;
pub mod step;
pub mod upload;

#[cfg(test)]
mod step_tests;

pub use game::{fragment, page};
pub use navigation::{HistoryLine, Linked, StepControl, ViewChoice};
pub use query::{StepQuery, ViewAs, parse_step, parse_view};
pub use respond::{fragment_response, page_response};
pub use step::{ReplayView, Reposted, SeatLine, StepInput, clocks_at, step_view};
