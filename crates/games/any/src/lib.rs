//! Every Agora game behind one enum.
//!
//! [`GameKind`] names a game; [`with_game!`] runs code generic over `agora_engine::Game` for a
//! kind chosen at run time and [`with_state!`] for the state inside an [`AnyGame`];
//! [`AnyGame`] holds a state of any game and speaks notation and JSON, which is all the
//! server, the store and the command line need.

mod any_game;
mod kind;
mod refusals;

pub use any_game::{AnyGame, AnyGameError, LegalMoves, PlayedMove, SeenMove, ViewOf};
pub use kind::{GameKind, UnknownGame};
pub use refusals::refusal_of;

#[doc(hidden)]
pub use agora_tsuro;
#[doc(hidden)]
pub use agora_tyranny;
#[doc(hidden)]
pub use agora_tyrus;
