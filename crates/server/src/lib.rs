//! Agora's game server: accounts, a lobby, and live and correspondence play over HTTP and
//! WebSocket, with every move durable in the store before anyone hears of it.
//!
//! - [`app::start`] serves the API ([`app::router`]) on a listener and resumes every
//!   unfinished game from the store.
//! - Each game is owned by one actor task ([`actor`]): it checks each action with the
//!   engine, appends it to the move log in one transaction, and only then acknowledges it and
//!   broadcasts to every connection what that viewer may see.
//! - Games are `agora_games::AnyGame`s, the one game-erased enum shared with the store and
//!   the command line; AI seats are played by `agora-ai`'s bots at the levels easy, medium
//!   and hard ([`ai`]) on a bounded [`BlockingPool`], each seeing only its seat's view.
//! - Tables are created, joined, left, cancelled, started and rematched through [`lobby`],
//!   whoever asks (the HTTP API, the WebSocket, the web pages).
//! - Every error is an [`ApiError`] with a stable code (see `docs/protocol.md`).

pub mod actor;
pub mod ai;
pub mod api;
pub mod app;
mod audience;
pub mod auth;
pub mod body;
mod error;
mod frames;
pub mod game_match;
pub mod games;
mod limits;
pub mod listen;
pub mod lobby;
pub mod mail;
pub mod node;
pub mod openapi;
mod outbox;
mod pool;
pub mod quota;
mod relay;
pub mod revoke;
pub mod same_site;
pub mod sockets;
pub mod throttle;
pub mod ws;

pub use agora_store::TimeControl;
pub use app::{
    AppState, DEFAULT_AI_IDLE, DEFAULT_AI_PACE, MIN_AI_PACE, Pages, Running, ServerConfig,
    default_ai_threads, router, start, start_with_pages,
};
pub use body::MAX_MESSAGE_BYTES;
pub use error::ApiError;
pub use limits::{MessageBudget, SharedRate};
pub use listen::ConnectionLimits;
pub use pool::{BlockingPool, Owner, Queued};
pub use quota::{AccountLimits, GuestLimits};
pub use same_site::same_site;
pub use throttle::SignInLimits;
