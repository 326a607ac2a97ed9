//! Kept hints on PostgreSQL (the statements are shared with SQLite: `crate::hints`).

use sqlx::Row;

use super::PostgresStore;
use crate::hints::{KEEP, READ};
use crate::{StoreError, TableId};

impl PostgresStore {
    pub async fn hint(
        &self,
        game: TableId,
        seat: u8,
        version: u64,
    ) -> Result<Option<String>, StoreError> {
        let row = sqlx::query(READ)
            .bind(game.0)
            .bind(i32::from(seat))
            .bind(version as i64)
            .fetch_optional(&self.pool)
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
        sqlx::query(KEEP)
            .bind(game.0)
            .bind(i32::from(seat))
            .bind(version as i64)
            .bind(hint)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
