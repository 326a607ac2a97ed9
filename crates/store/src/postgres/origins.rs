//! Guests' origins and shared request counts on PostgreSQL (see `Store::note_guest_origin`,
//! `Store::count_in_window`).

use sqlx::Row;
use sqlx::postgres::PgRow;

use super::PostgresStore;
use crate::rows::parse;
use crate::{StoreError, TableId, TableStatus};

impl PostgresStore {
    pub async fn live_tables_of_guests_from(
        &self,
        address: &str,
    ) -> Result<Vec<(TableId, TableStatus, bool)>, StoreError> {
        let rows = sqlx::query(
            "SELECT t.id, t.status,
                    EXISTS (SELECT 1 FROM seats s
                            WHERE s.table_id = t.id AND s.ai_level IS NOT NULL) AS has_ai
             FROM guest_origins g JOIN tables t ON t.created_by = g.account_id
             WHERE g.address = $1 AND (t.status = 'open' OR t.status = 'playing')",
        )
        .bind(address)
        .fetch_all(&self.pool)
        .await?;
        live_tables(&rows)
    }

    pub async fn count_in_window(&self, key: &str, window_start: i64) -> Result<u64, StoreError> {
        let count: i32 = sqlx::query_scalar(
            "INSERT INTO rate_windows (key, window_start, count) VALUES ($1, $2, 1)
             ON CONFLICT (key, window_start) DO UPDATE SET count = rate_windows.count + 1
             RETURNING count",
        )
        .bind(key)
        .bind(window_start)
        .fetch_one(&self.pool)
        .await?;
        Ok(u64::try_from(count).unwrap_or(0))
    }

    pub async fn forget_windows(&self, before: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM rate_windows WHERE window_start < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

/// Rows of `id`, `status` and `has_ai`: live tables with whether each has an AI seat.
pub(super) fn live_tables(rows: &[PgRow]) -> Result<Vec<(TableId, TableStatus, bool)>, StoreError> {
    rows.iter()
        .map(|row| {
            Ok((
                TableId(row.try_get("id")?),
                parse(row.try_get::<&str, _>("status")?)?,
                row.try_get("has_ai")?,
            ))
        })
        .collect()
}
