//! Kept hints on SQLite (the statements are shared with PostgreSQL: `crate::hints`).

use rusqlite::params;
use sqlx::Row;

use super::{SqliteStore, run};
use crate::hints::{KEEP, READ};
use crate::{StoreError, TableId};

impl SqliteStore {
    pub async fn hint(
        &self,
        game: TableId,
        seat: u8,
        version: u64,
    ) -> Result<Option<String>, StoreError> {
        let row = sqlx::query(READ)
            .bind(game.0)
            .bind(i64::from(seat))
            .bind(version as i64)
            .fetch_optional(&self.read)
            .await?;
        Ok(row.map(|r| r.try_get("hint")).transpose()?)
    }

    pub async fn keep_hint(
        &self,
        game: TableId,
        seat: u8,
        version: u64,
        hint: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let hint = hint.to_string();
        self.writer
            .write(move |conn| {
                run(conn, KEEP, params![game.0, seat, version as i64, hint, now])?;
                Ok(())
            })
            .await
    }
}
