//! PostgreSQL's side of the shared reads (`crate::read`): how it binds a list, and the reads
//! it words its own way.

use sqlx::PgConnection;

crate::read::reader! {
    PgConnection,
    ids: |ids: &[crate::TableId]| ids.iter().map(|id| id.0).collect::<Vec<i64>>(),

    const IN_IDS: &'static str = "= ANY($1)";

    // A game's version stays in `games` (no live rows, see migration 0001); a partial index
    // finds the games being played.
    const IN_PLAY: &'static str = "status = 'playing'";

    const PLAYING_GAMES: &'static str =
        "SELECT id FROM tables WHERE status = 'playing' ORDER BY created_at";

    const GAME: &'static str =
        "SELECT g.seed, g.setup, g.version, g.outcome, g.turn_started_at, g.started_at,
                g.finished_at,
                (SELECT r.table_id FROM games r WHERE r.rematch_of = g.table_id) AS rematch
         FROM games g WHERE g.table_id = $1";

    // No event chain: the log's key (game, version) finds them.
    const EVENTS_SINCE: &'static str =
        "SELECT version, kind, seat, notation, at, clock_ms FROM game_events
         WHERE game_id = $1 AND version > $2 ORDER BY version";
}
