//! Who runs a game, when several servers share one database (PostgreSQL). A lease names the
//! node that owns a game until it expires; the owner renews all of its leases with every
//! heartbeat. On SQLite there is one server, which owns every game: each claim succeeds.

/// What [`crate::Store::claim_game`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This node owns the game now. `taken_over`: the game was another node's (or this
    /// node's in an earlier run) until its lease lapsed, and that owner last renewed it at
    /// this time: the last moment anyone is known to have run it.
    Owned { taken_over: Option<i64> },
    /// Another node holds a lease that has not expired.
    Held { node: String },
}
