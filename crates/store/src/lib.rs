//! Agora's persistence: accounts, sessions and API tokens, lobby tables and their seats,
//! games with their secret seeds, and the move log.
//!
//! Everything goes through [`Store`], one interface over every backend. SQLite (`sqlite/`) is
//! the default: embedded, bundled into the binary, one file. Queries are plain runtime SQL:
//! reads through sqlx, writes through one thread of the store's own that owns SQLite's only
//! writing connection (rusqlite, see `sqlite/group_commit.rs`). PostgreSQL (`postgres/`, for
//! several servers sharing one database) is the other variant of the same enum, all through
//! sqlx. What the two say alike is written once: the reads (`read/`, each engine giving its
//! own SQL only where the two differ) and the write statements (`write.rs`). Each backend
//! has its own migrations folder (`migrations/sqlite/`, `migrations/postgres/`).
//!
//! The move log is the source of truth: [`Store::append`] writes a game's new events and
//! state in one transaction, checked against the version it expects, and returns only after
//! the commit. Appends that arrive while a commit is under way share the next one (group
//! commit), so a busy server pays a few statements per batch rather than per move (on SQLite;
//! PostgreSQL shares its WAL flushes among concurrent commits by itself).

pub mod chances;
mod chat;
mod error;
mod guests;
mod ids;
mod lease;
mod mail;
mod migrate;
mod model;
mod name_key;
mod postgres;
mod push;
pub mod ratings;
mod read;
mod rows;
mod sqlite;
mod store;
mod time_control;
mod write;

pub use chat::{ChatBody, ChatChannel, ChatLimit, ChatMessage, ChatReport, Posted, QUICK};
pub use error::{Refusal, StoreError};
pub use guests::NUMBER as GUEST_NUMBER;
pub use ids::{AccountId, ParseIdError, Secret, TableId, random_u64};
pub use lease::Claim;
pub use mail::MailSettings;
pub use model::{
    Account, AccountKind, Append, Event, EventKind, GameNews, GameRow, NewGame, NewSeat, NewTable,
    SeatKind, SeatRow, Seated, StoredGame, Table, TableStatus,
};
pub use name_key::name_key;
pub use postgres::{
    AI_DONE_CHANNEL, AI_JOBS_CHANNEL, ANALYSES_CHANNEL, AiJob, AiJobCounts, AiJobs, AiQueuePlace,
    GAMES_CHANNEL, NewAiJob, Notifications,
};
pub use push::PushSubscription;
pub use sqlite::now_ms;
pub use store::{Durability, Store};
pub use time_control::TimeControl;
