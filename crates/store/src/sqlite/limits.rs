//! Bulk reads for the limits on abuse on SQLite (see `Store::guest_origins_of`).

use super::SqliteStore;
use crate::{AccountId, StoreError};

impl SqliteStore {
    pub async fn guest_origins_of(
        &self,
        accounts: &[AccountId],
    ) -> Result<Vec<(AccountId, String)>, StoreError> {
        // The ids as one JSON array, read back by `json_each`: one statement for any number.
        let ids = serde_json::to_string(&accounts.iter().map(|id| id.0).collect::<Vec<_>>())
            .map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let rows: Vec<(i64, String)> = sqlx::query_as(
            "SELECT account_id, address FROM guest_origins
             WHERE account_id IN (SELECT value FROM json_each(?1))",
        )
        .bind(ids)
        .fetch_all(&self.read)
        .await?;
        Ok(rows.into_iter().map(|(id, a)| (AccountId(id), a)).collect())
    }
}
