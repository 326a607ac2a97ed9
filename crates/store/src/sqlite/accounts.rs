//! Accounts, sessions and API tokens on SQLite.

use rusqlite::{OptionalExtension, params};

use super::{SqliteStore, insert_returning_id, run};
use crate::write::{
    DELETE_TOKEN, END_SESSION, EXPIRED_SESSIONS, NEW_ACCOUNT, NEW_SESSION, NEW_TOKEN, SAVE_SETTINGS,
};
use crate::{AccountId, AccountKind, StoreError, name_key};

impl SqliteStore {
    pub async fn create_account(
        &self,
        name: &str,
        kind: AccountKind,
        password_hash: Option<&str>,
        now: i64,
    ) -> Result<AccountId, StoreError> {
        let (name, hash) = (name.to_string(), password_hash.map(str::to_string));
        self.writer
            .write(move |conn| {
                let key = name_key(&name);
                let inserted: Option<i64> = conn
                    .prepare_cached(NEW_ACCOUNT)?
                    .query_row(params![name, kind.as_str(), hash, now, key], |r| r.get(0))
                    .optional()?;
                inserted
                    .map(AccountId)
                    .ok_or(StoreError::Conflict("name taken"))
            })
            .await
    }

    pub async fn create_session(
        &self,
        token_hash: &str,
        account: AccountId,
        now: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let token_hash = token_hash.to_string();
        self.writer
            .write(move |conn| {
                run(conn, EXPIRED_SESSIONS, params![now])?;
                let session = params![token_hash, account.0, now, expires_at];
                run(conn, NEW_SESSION, session)?;
                Ok(())
            })
            .await
    }

    pub async fn set_account_settings(
        &self,
        account: AccountId,
        settings: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let settings = settings.to_string();
        self.writer
            .write(move |conn| {
                run(conn, SAVE_SETTINGS, params![account.0, settings, now])?;
                Ok(())
            })
            .await
    }

    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        let token_hash = token_hash.to_string();
        self.writer
            .write(move |conn| {
                run(conn, END_SESSION, params![token_hash])?;
                Ok(())
            })
            .await
    }

    pub async fn create_api_token(
        &self,
        token_hash: &str,
        account: AccountId,
        label: &str,
        now: i64,
    ) -> Result<i64, StoreError> {
        let (token_hash, label) = (token_hash.to_string(), label.to_string());
        self.writer
            .write(move |conn| {
                let token = params![token_hash, account.0, label, now];
                insert_returning_id(conn, NEW_TOKEN, token)
            })
            .await
    }

    /// How many tokens it deleted (none or one).
    pub async fn delete_api_token(&self, account: AccountId, id: i64) -> Result<u64, StoreError> {
        let deleted = self
            .writer
            .write(move |conn| run(conn, DELETE_TOKEN, params![id, account.0]))
            .await?;
        Ok(deleted as u64)
    }
}
