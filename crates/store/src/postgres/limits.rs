//! Bulk reads and counts for the limits on abuse on PostgreSQL (see `Store::guest_origins_of`,
//! `Store::count_many_in_windows`).

use std::collections::HashMap;

use super::PostgresStore;
use crate::{AccountId, StoreError};

impl PostgresStore {
    pub async fn guest_origins_of(
        &self,
        accounts: &[AccountId],
    ) -> Result<Vec<(AccountId, String)>, StoreError> {
        let ids: Vec<i64> = accounts.iter().map(|id| id.0).collect();
        let rows: Vec<(i64, String)> = sqlx::query_as(
            "SELECT account_id, address FROM guest_origins WHERE account_id = ANY($1)",
        )
        .bind(ids)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(id, a)| (AccountId(id), a)).collect())
    }

    pub async fn count_many_in_windows(
        &self,
        claims: &[(String, i64, u32)],
    ) -> Result<Vec<u64>, StoreError> {
        // Rows taken in one order by every node, so that two nodes' batches cannot deadlock.
        let mut sorted: Vec<&(String, i64, u32)> = claims.iter().collect();
        sorted.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        let keys: Vec<&str> = sorted.iter().map(|c| c.0.as_str()).collect();
        let starts: Vec<i64> = sorted.iter().map(|c| c.1).collect();
        let counts: Vec<i32> = (sorted.iter())
            .map(|c| i32::try_from(c.2).unwrap_or(i32::MAX))
            .collect();
        let rows: Vec<(String, i64, i32)> = sqlx::query_as(
            "INSERT INTO rate_windows (key, window_start, count)
             SELECT * FROM UNNEST($1::text[], $2::bigint[], $3::int[]) ORDER BY 1, 2
             ON CONFLICT (key, window_start) DO UPDATE SET count = rate_windows.count + EXCLUDED.count
             RETURNING key, window_start, count",
        )
        .bind(keys)
        .bind(starts)
        .bind(counts)
        .fetch_all(&self.pool)
        .await?;
        let after: HashMap<(String, i64), i32> = (rows.into_iter())
            .map(|(key, start, count)| ((key, start), count))
            .collect();
        claims
            .iter()
            .map(|(key, start, _)| {
                let count = after.get(&(key.clone(), *start)).ok_or_else(|| {
                    StoreError::Corrupt(format!("no count returned for {key} at {start}"))
                })?;
                Ok(u64::try_from(*count).unwrap_or(0))
            })
            .collect()
    }
}
