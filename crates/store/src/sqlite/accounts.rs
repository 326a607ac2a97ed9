//! Accounts, sessions and API tokens on SQLite.

use rusqlite::{OptionalExtension, params};

use super::SqliteStore;
use crate::write::NEW_ACCOUNT;
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
}
