//! The hint searched for a seat at one version of a game, kept so that the seat's turn costs
//! one search whichever node is asked and however often (`hints`, migrations 0014 SQLite,
//! 0009 PostgreSQL). The statements are the same text on both engines.

/// The stored hint of a seat at a version, if any: `$1` game, `$2` seat, `$3` version.
pub(crate) const READ: &str =
    "SELECT hint FROM hints WHERE game_id = $1 AND seat = $2 AND version = $3";

/// Keeps a hint unless one was kept first: the first search to finish is the one every press
/// shows.
pub(crate) const KEEP: &str = "INSERT INTO hints (game_id, seat, version, hint, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING";
