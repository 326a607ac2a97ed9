//! Accounts, sessions and API tokens on SQLite.

use rusqlite::{OptionalExtension, params};

use super::{SqliteStore, insert_returning_id, run};
use crate::{Account, AccountId, AccountKind, StoreError, name_key};

impl SqliteStore {
    pub async fn create_account(
        &self,
        name: &str,
        kind: AccountKind,
        password_hash: Option<&str>,
        now: i64,
    ) -> Result<Account, StoreError> {
        let (name_text, hash) = (name.to_string(), password_hash.map(str::to_string));
        let key = name_key(name);
        let id = self
            .writer
            .write(move |conn| {
                // Users and bots: the unique index on the key refuses a look-alike. Guests
                // may share a name with other guests, never with a user or a bot (checked in
                // the same statement, so a signup cannot slip in between).
                let inserted: Option<i64> = conn
                    .prepare_cached(
                        "INSERT INTO accounts (name, kind, password_hash, created_at, name_key)
                     SELECT ?1, ?2, ?3, ?4, ?5
                     WHERE ?2 <> 'guest' OR NOT EXISTS (
                         SELECT 1 FROM accounts WHERE name_key = ?5 AND kind <> 'guest')
                     RETURNING id",
                    )?
                    .query_row(params![name_text, kind.as_str(), hash, now, key], |r| {
                        r.get(0)
                    })
                    .optional()?;
                inserted.ok_or(StoreError::Conflict("name taken"))
            })
            .await?;
        Ok(Account {
            id: AccountId(id),
            name: name.to_string(),
            kind,
            password_hash: password_hash.map(str::to_string),
            created_at: now,
        })
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
                run(
                    conn,
                    "DELETE FROM sessions WHERE expires_at <= ?1",
                    params![now],
                )?;
                run(
                    conn,
                    "INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
                     VALUES (?1, ?2, ?3, ?4)",
                    params![token_hash, account.0, now, expires_at],
                )?;
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
                run(
                    conn,
                    "INSERT INTO account_settings (account_id, settings, updated_at)
                     VALUES (?1, ?2, ?3)
                     ON CONFLICT (account_id) DO UPDATE
                     SET settings = excluded.settings, updated_at = excluded.updated_at",
                    params![account.0, settings, now],
                )?;
                Ok(())
            })
            .await
    }

    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        let token_hash = token_hash.to_string();
        self.writer
            .write(move |conn| {
                run(
                    conn,
                    "DELETE FROM sessions WHERE token_hash = ?1",
                    params![token_hash],
                )?;
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
                insert_returning_id(
                    conn,
                    "INSERT INTO api_tokens (token_hash, account_id, label, created_at)
                     VALUES (?1, ?2, ?3, ?4) RETURNING id",
                    params![token_hash, account.0, label, now],
                )
            })
            .await
    }

    pub async fn delete_api_token(&self, account: AccountId, id: i64) -> Result<(), StoreError> {
        let deleted = self
            .writer
            .write(move |conn| {
                run(
                    conn,
                    "DELETE FROM api_tokens WHERE id = ?1 AND account_id = ?2",
                    params![id, account.0],
                )
            })
            .await?;
        if deleted == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }
}
