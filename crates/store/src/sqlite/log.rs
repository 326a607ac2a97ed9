//! Games and their move log on SQLite (appends: `group_commit.rs`).

use rusqlite::{Connection, params};
use sqlx::Row;

use super::{EVENT_COLUMNS, SqliteStore, run};
use crate::rows::event_from;
use crate::{Append, Event, GameNews, GameRow, StoreError, StoredGame, TableId};

impl SqliteStore {
    pub async fn game(&self, id: TableId) -> Result<StoredGame, StoreError> {
        self.game_since(id, 0).await
    }

    /// On SQLite one server runs every game, so nobody follows one; this is for the store's
    /// one interface (and its tests).
    pub async fn game_news(&self, id: TableId, version: u64) -> Result<GameNews, StoreError> {
        let stored = self.game_since(id, version).await?;
        Ok(GameNews {
            status: stored.table.status,
            version: stored.game.version,
            outcome: stored.game.outcome,
            turn_started_at: stored.game.turn_started_at,
            rematch: stored.game.rematch,
            substituted: (stored.table.seats.iter())
                .filter(|s| s.substituted)
                .map(|s| s.seat)
                .collect(),
            events: stored.events,
        })
    }

    async fn game_since(&self, id: TableId, version: u64) -> Result<StoredGame, StoreError> {
        let table = self.table(id).await?;
        let row = sqlx::query(
            "SELECT g.seed, g.setup, coalesce(l.version, g.version) AS version, g.outcome,
                    coalesce(l.turn_started_at, g.turn_started_at) AS turn_started_at,
                    g.started_at, g.finished_at,
                    (SELECT r.table_id FROM games r WHERE r.rematch_of = g.table_id) AS rematch
             FROM games g LEFT JOIN live_games l ON l.table_id = g.table_id
             WHERE g.table_id = $1",
        )
        .bind(id.0)
        .fetch_optional(&self.read)
        .await?
        .ok_or(StoreError::NotFound)?;
        let outcome: Option<&str> = row.try_get("outcome")?;
        let game = GameRow {
            id,
            seed: row.try_get::<i64, _>("seed")? as u64,
            setup: serde_json::from_str(row.try_get("setup")?)?,
            version: row.try_get::<i64, _>("version")? as u64,
            outcome: outcome.map(serde_json::from_str).transpose()?,
            turn_started_at: row.try_get("turn_started_at")?,
            started_at: row.try_get("started_at")?,
            finished_at: row.try_get("finished_at")?,
            rematch: row.try_get::<Option<i64>, _>("rematch")?.map(TableId),
        };
        let events = self.events_since(id, version).await?;
        Ok(StoredGame::from_log(table, game, events))
    }

    /// A game's events after `version`, oldest first: its chain followed back from its last
    /// event (see migration 0005), one row looked up by id per event.
    pub async fn events_since(&self, id: TableId, version: u64) -> Result<Vec<Event>, StoreError> {
        let rows = sqlx::query(&format!(
            "WITH RECURSIVE chain (id) AS (
                 SELECT coalesce(l.last_event, g.last_event)
                 FROM games g LEFT JOIN live_games l ON l.table_id = g.table_id
                 WHERE g.table_id = $1
                 UNION ALL
                 SELECT e.previous FROM game_events e JOIN chain c ON e.id = c.id
                 WHERE e.version > $2 + 1 AND e.previous IS NOT NULL
             )
             SELECT {EVENT_COLUMNS} FROM game_events
             WHERE id IN (SELECT id FROM chain) AND game_id = $1 AND version > $2
             ORDER BY version"
        ))
        .bind(id.0)
        .bind(version as i64)
        .fetch_all(&self.read)
        .await?;
        rows.iter().map(event_from).collect()
    }

    pub async fn playing_games(&self) -> Result<Vec<TableId>, StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar(
            // CROSS JOIN: SQLite then reads the few live rows and looks each table up,
            // rather than scanning every table there ever was.
            "SELECT t.id FROM live_games l CROSS JOIN tables t ON t.id = l.table_id
             WHERE t.status = 'playing' ORDER BY t.created_at",
        )
        .fetch_all(&self.read)
        .await?;
        Ok(ids.into_iter().map(TableId).collect())
    }

    pub async fn append(&self, append: &Append) -> Result<(), StoreError> {
        self.writer.append(append).await
    }
    pub async fn set_turn_started_at(
        &self,
        id: TableId,
        version: u64,
        at: i64,
    ) -> Result<(), StoreError> {
        self.writer
            .write(move |conn| {
                run(
                    conn,
                    "UPDATE live_games SET turn_started_at = ?2 WHERE table_id = ?1 AND version = ?3",
                    params![id.0, at, version as i64],
                )?;
                run(
                    conn,
                    "UPDATE games SET turn_started_at = ?2 WHERE table_id = ?1",
                    params![id.0, at],
                )?;
                Ok(())
            })
            .await
    }
}

/// Inserts a game that starts at `now`, and its live row.
pub(super) fn insert_game(
    tx: &Connection,
    id: TableId,
    seed: u64,
    setup: &str,
    rematch_of: Option<TableId>,
    now: i64,
) -> Result<(), StoreError> {
    run(
        tx,
        "INSERT INTO games (table_id, seed, setup, version, turn_started_at, started_at, rematch_of)
         VALUES (?1, ?2, ?3, 0, ?4, ?4, ?5)",
        params![id.0, seed as i64, setup, now, rematch_of.map(|t| t.0)],
    )?;
    run(
        tx,
        "INSERT INTO live_games (table_id, version, turn_started_at) VALUES (?1, 0, ?2)",
        params![id.0, now],
    )?;
    Ok(())
}
