//! The games being played: one actor task per game this node owns ([`actor`]) over its
//! match ([`game_match`]: the rules of the table, no I/O), who watches it and what each is
//! sent ([`audience`], [`frames`]), a relay per game another node owns ([`relay`]), the
//! registry of both ([`games`]), the AI seats ([`ai`]) on a bounded blocking pool ([`pool`]),
//! the turn mail and Web Push a move may send ([`mail`], [`push`]), and the table chat's live side ([`chat`]). Readers get a game's typed state from its
//! actor ([`snapshot`]) and its record, to replay it, from [`game_log`].
//!
//! This room keeps the game's state and the rule that a move is stored before it is told.
//! It may import [`crate::cluster`] (to publish versions and ask owners) and
//! [`crate::error`], nothing above: not the lobby, the accounts, the API or the app, and
//! never `AppState` (its parts are handed in as an [`actor::ActorContext`]).

pub mod actor;
pub mod ai;
pub(crate) mod audience;
pub mod chat;
pub(crate) mod frames;
pub mod game_log;
pub mod game_match;
pub mod games;
pub mod mail;
pub(crate) mod pool;
pub mod push;
pub(crate) mod relay;
pub mod snapshot;
pub mod turn_news;
