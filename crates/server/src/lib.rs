//! Agora's game server: accounts, a lobby, and live and correspondence play over HTTP and
//! WebSocket, with every move durable in the store before anyone hears of it.
//!
//! - [`app::start`] serves the API ([`app::router`]) on a listener and resumes every
//!   unfinished game from the store.
//! - Each game is owned by one actor task ([`actor`]): it checks each action with the
//!   engine, appends it to the move log in one transaction, and only then acknowledges it and
//!   broadcasts to every connection what that viewer may see.
//! - Games come in through a [`Catalog`] of [`HostedGame`]s, so the server never names a
//!   game; AI seats are played by [`SeatPlayer`]s on a bounded [`BlockingPool`].
//! - Every error is an [`ApiError`] with a stable code (see `docs/protocol.md`).

pub mod actor;
pub mod api;
pub mod app;
pub mod auth;
mod body;
mod error;
pub mod games;
mod hosted;
mod limits;
mod pool;
mod seat_player;
mod time_control;
pub mod ws;

pub use app::{AppState, Running, ServerConfig, router, start};
pub use body::MAX_MESSAGE_BYTES;
pub use error::ApiError;
pub use hosted::{Catalog, Engine, EngineCatalog, GameError, HostedGame, Played};
pub use limits::MessageBudget;
pub use pool::BlockingPool;
pub use seat_player::{MAX_AI_LEVEL, RandomPlayer, SeatContext, SeatPlayer, player_for_level};
pub use time_control::TimeControl;
