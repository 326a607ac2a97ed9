//! Accounts, sessions and API tokens on PostgreSQL.

use super::{PostgresStore, lock_name_key};
use crate::write::NEW_ACCOUNT;
use crate::{AccountId, AccountKind, StoreError, name_key};

impl PostgresStore {
    pub async fn create_account(
        &self,
        name: &str,
        kind: AccountKind,
        password_hash: Option<&str>,
        now: i64,
    ) -> Result<AccountId, StoreError> {
        let key = name_key(name);
        let mut tx = self.pool.begin().await?;
        // The check of a guest's name and the insert hold a lock on the key, which a sign-up
        // with the same key waits for.
        lock_name_key(&mut tx, &key).await?;
        let id: Option<i64> = sqlx::query_scalar(NEW_ACCOUNT)
            .bind(name)
            .bind(kind.as_str())
            .bind(password_hash)
            .bind(now)
            .bind(&key)
            .fetch_optional(&mut *tx)
            .await?;
        let id = id.ok_or(StoreError::Conflict("name taken"))?;
        tx.commit().await?;
        Ok(AccountId(id))
    }
}
