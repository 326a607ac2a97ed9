//! Accounts, sessions and API tokens on PostgreSQL.

use super::{PostgresStore, lock_name_key};
use crate::write::{
    DELETE_TOKEN, END_SESSION, EXPIRED_SESSIONS, NEW_ACCOUNT, NEW_SESSION, NEW_TOKEN, SAVE_SETTINGS,
};
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

    pub async fn create_session(
        &self,
        token_hash: &str,
        account: AccountId,
        now: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let expired = sqlx::query(EXPIRED_SESSIONS).bind(now);
        expired.execute(&mut *tx).await?;
        let session = sqlx::query(NEW_SESSION)
            .bind(token_hash)
            .bind(account.0)
            .bind(now)
            .bind(expires_at);
        session.execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn set_account_settings(
        &self,
        account: AccountId,
        settings: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let save = sqlx::query(SAVE_SETTINGS)
            .bind(account.0)
            .bind(settings)
            .bind(now);
        save.execute(&self.pool).await?;
        Ok(())
    }

    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        let end = sqlx::query(END_SESSION).bind(token_hash);
        end.execute(&self.pool).await?;
        Ok(())
    }

    pub async fn create_api_token(
        &self,
        token_hash: &str,
        account: AccountId,
        label: &str,
        now: i64,
    ) -> Result<i64, StoreError> {
        let token = sqlx::query_scalar(NEW_TOKEN)
            .bind(token_hash)
            .bind(account.0)
            .bind(label)
            .bind(now);
        Ok(token.fetch_one(&self.pool).await?)
    }

    /// How many tokens it deleted (none or one).
    pub async fn delete_api_token(&self, account: AccountId, id: i64) -> Result<u64, StoreError> {
        let delete = sqlx::query(DELETE_TOKEN).bind(id).bind(account.0);
        Ok(delete.execute(&self.pool).await?.rows_affected())
    }
}
