//! HTTP plumbing, game-blind: the accept loop and its connection caps ([`listen`]), request
//! bodies and their deadline ([`body`]), rate limits ([`limits`]), the same-site check of
//! state-changing requests ([`same_site`]), a WebSocket's bounded outbox ([`outbox`]) and
//! the sockets each account holds open ([`sockets`]).
//!
//! Nothing here knows a game, a table or an account's rules: it may import only
//! [`crate::error`] and the house's `AppState` and `ServerConfig`.

pub mod body;
pub(crate) mod limits;
pub mod listen;
pub(crate) mod outbox;
pub mod same_site;
pub mod sockets;
