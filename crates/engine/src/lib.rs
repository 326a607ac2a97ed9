//! The contract every Agora game implements.
//!
//! A game is a pure, deterministic state machine:
//!
//! - it is built from an explicit [`Game::Setup`], checked with a precise error, or from a
//!   `u64` seed through [`SeedRng`] (ChaCha20 with our own shuffle, so a seed means the same
//!   deal forever);
//! - the seat to act ([`Turn`]) picks one of the [`Game::legal_moves`]; [`Game::play`] checks the
//!   move and leaves the state untouched when it is illegal, [`Game::play_unchecked`] is the fast
//!   path for search;
//! - chance (a shuffle in the middle of a game, a die roll, a card draw) is never hidden inside
//!   the rules: the state asks for a chance move ([`Turn::Chance`]), the host draws one with
//!   [`Game::sample_chance`] and records it like any other move;
//! - a [`Viewer`] sees a [`Game::View`] holding exactly what it may know, and
//!   [`Game::determinize`] samples a full state consistent with a seat's view (for the AI);
//! - [`Game::outcome`] says who won and why;
//! - a [`GameRecord`] (game name, seed or setup, moves in notation) replays exactly.
//!
//! The engine does no I/O. Games live in their own crates; `agora-games` erases them into one
//! enum for the server, store and command line.

mod error;
pub mod fair;
mod game;
pub mod json;
mod outcome;
mod record;
mod refusal;
mod rng;
mod seat;
pub mod testing;
mod turn;
mod viewer;

pub use error::{IllegalMove, ParseMoveError, SetupError};
pub use game::Game;
pub use outcome::Outcome;
pub use record::{GameRecord, RecordError, Rejection, Replay, replay, start};
pub use refusal::{EngineRefusal, Refusal, RefusalArg};
pub use rng::{FastRng, GameRng, SeedRng};
pub use seat::{Seat, SeatSet};
pub use turn::Turn;
pub use viewer::Viewer;

/// Re-exported so games and bots name the same `RngCore`.
pub use rand_core::RngCore;
