//! Who is asking, and how much they may: credentials and the accounts behind them
//! ([`auth`]) and their password hashes ([`password`]), the sign-in throttle ([`throttle`]),
//! what an account or guest may hold at once ([`quota`]), and closing what a revoked
//! credential opened ([`revoke`]).
//!
//! This room keeps the accounts' rules that hold whichever way a request comes (the JSON
//! API, the WebSocket, the web pages). It may import [`crate::play`] (the pool's owners),
//! [`crate::cluster`] (to tell other nodes), [`crate::http`] (request bodies) and
//! [`crate::error`]; not the lobby, the API or the app.

pub mod auth;
pub mod password;
pub mod players;
pub mod quota;
pub mod revoke;
pub mod throttle;
