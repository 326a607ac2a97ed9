//! Games and their move log on SQLite (appends: `group_commit.rs`).

use rusqlite::{Connection, params};

use super::{SqliteStore, run};
use crate::read;
use crate::write::NEW_GAME;
use crate::{Append, GameNews, StoreError, StoredGame, TableId};

impl SqliteStore {
    pub async fn game(&self, id: TableId) -> Result<StoredGame, StoreError> {
        read::game_since(&mut *self.reader().await?, id, 0).await
    }

    /// On SQLite one server runs every game, so nobody follows one; this is for the store's
    /// one interface (and its tests).
    pub async fn game_news(&self, id: TableId, version: u64) -> Result<GameNews, StoreError> {
        let stored = read::game_since(&mut *self.reader().await?, id, version).await?;
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
        NEW_GAME,
        params![id.0, seed as i64, setup, now, rematch_of.map(|t| t.0)],
    )?;
    run(
        tx,
        "INSERT INTO live_games (table_id, version, turn_started_at) VALUES (?1, 0, ?2)",
        params![id.0, now],
    )?;
    Ok(())
}
