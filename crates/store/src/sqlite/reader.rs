//! SQLite's side of the shared reads (`crate::read`): how it binds a list, and the reads it
//! words its own way.

use serde_json::Value;
use sqlx::SqliteConnection;

crate::read::reader! {
    SqliteConnection,
    // SQLite has no arrays: a list of ids goes in as a JSON array.
    ids: |ids: &[crate::TableId]| Value::from(ids.iter().map(|id| id.0).collect::<Vec<_>>()).to_string(),

    const IN_IDS: &'static str = "IN (SELECT value FROM json_each($1))";

    // The few live games have rows of their own (`live_games`, migration 0003), which the
    // appends keep up to date; `games` and `tables` catch up when a game ends.
    const IN_PLAY: &'static str = "id IN (SELECT table_id FROM live_games)";

    // CROSS JOIN: SQLite then reads the few live rows and looks each table up, rather than
    // scanning every table there ever was.
    const PLAYING_GAMES: &'static str =
        "SELECT t.id FROM live_games l CROSS JOIN tables t ON t.id = l.table_id
         WHERE t.status = 'playing' ORDER BY t.created_at";

    // A live game's version and turn start are in its live row.
    const GAME: &'static str =
        "SELECT g.seed, g.setup, coalesce(l.version, g.version) AS version, g.outcome,
                coalesce(l.turn_started_at, g.turn_started_at) AS turn_started_at,
                g.started_at, g.finished_at,
                (SELECT r.table_id FROM games r WHERE r.rematch_of = g.table_id) AS rematch
         FROM games g LEFT JOIN live_games l ON l.table_id = g.table_id
         WHERE g.table_id = $1";

    // The game's chain followed back from its last event (see migration 0005), one row
    // looked up by id per event.
    const EVENTS_SINCE: &'static str =
        "WITH RECURSIVE chain (id) AS (
             SELECT coalesce(l.last_event, g.last_event)
             FROM games g LEFT JOIN live_games l ON l.table_id = g.table_id
             WHERE g.table_id = $1
             UNION ALL
             SELECT e.previous FROM game_events e JOIN chain c ON e.id = c.id
             WHERE e.version > $2 + 1 AND e.previous IS NOT NULL
         )
         SELECT version, kind, seat, notation, at, clock_ms FROM game_events
         WHERE id IN (SELECT id FROM chain) AND game_id = $1 AND version > $2
         ORDER BY version";
}
