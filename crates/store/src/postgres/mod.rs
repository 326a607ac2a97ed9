//! The store on PostgreSQL, through sqlx: for several `agora serve` nodes sharing one
//! database (docs/architecture.md, "Several nodes").
//!
//! Every write is a transaction of its own on a pooled connection. PostgreSQL already shares
//! one WAL flush among the commits that wait for it at once, so the SQLite writer's group
//! commit is not needed here, and no single thread stands between the nodes.
//!
//! What must hold whatever the nodes do at once is the database's to keep:
//! - an append changes a game only if the game is still at the version the append follows,
//!   and the log's key (game, version) refuses a version written twice;
//! - a sit or a leave locks its table's row first, so the sit that fills a table, and only
//!   that one, starts its game;
//! - a name is taken under a lock on its key, so a guest and a sign-up with look-alike names
//!   cannot both pass the check.

use std::str::FromStr;
use std::time::Duration;

use sqlx::Row;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};

use crate::rows::account_from;
use crate::{Account, AccountId, AccountKind, StoreError, name_key};

mod guests;
mod lobby;
mod log;
mod mail;
mod migrate;
mod nodes;
mod origins;
mod ratings;

pub use nodes::{GAMES_CHANNEL, Notifications};

#[derive(Clone, Debug)]
pub struct PostgresStore {
    pool: PgPool,
}

const ACCOUNT_COLUMNS: &str = "id, name, kind, password_hash, created_at";

/// Holds the lock on name key `key` until the transaction ends: a name is checked and taken
/// under it, so that look-alike names cannot both pass.
async fn lock_name_key(conn: &mut sqlx::PgConnection, key: &str) -> Result<(), StoreError> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
        .bind(key)
        .execute(conn)
        .await?;
    Ok(())
}

impl PostgresStore {
    /// Connects to `url` (`postgres://user@host:port/database`) and brings the schema up to
    /// date.
    pub async fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let options = PgConnectOptions::from_str(url)?;
        let pool = PgPoolOptions::new()
            // Appends, relays' reads and the nodes' notifications all wait for one; 16 was
            // seen to queue under load with several nodes.
            .max_connections(32)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options)
            .await?;
        migrate::migrate(&pool).await?;
        Ok(PostgresStore { pool })
    }
    pub async fn close(&self) {
        self.pool.close().await;
    }
    pub async fn create_account(
        &self,
        name: &str,
        kind: AccountKind,
        password_hash: Option<&str>,
        now: i64,
    ) -> Result<Account, StoreError> {
        let key = name_key(name);
        let mut tx = self.pool.begin().await?;
        // Users and bots: the unique index on the key refuses a look-alike. A guest may share
        // a name with guests, never with a user or a bot: the check and the insert hold a
        // lock on the key, which a sign-up with the same key waits for.
        lock_name_key(&mut tx, &key).await?;
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO accounts (name, kind, password_hash, created_at, name_key)
             SELECT $1, $2, $3, $4, $5
             WHERE $2 <> 'guest' OR NOT EXISTS (
                 SELECT 1 FROM accounts WHERE name_key = $5 AND kind <> 'guest')
             RETURNING id",
        )
        .bind(name)
        .bind(kind.as_str())
        .bind(password_hash)
        .bind(now)
        .bind(&key)
        .fetch_optional(&mut *tx)
        .await?;
        let id = id.ok_or(StoreError::Conflict("name taken"))?;
        tx.commit().await?;
        Ok(Account {
            id: AccountId(id),
            name: name.to_string(),
            kind,
            password_hash: password_hash.map(str::to_string),
            created_at: now,
        })
    }
    pub async fn account(&self, id: AccountId) -> Result<Account, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = $1"
        ))
        .bind(id.0)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        account_from(&row)
    }
    pub async fn account_by_name(&self, name: &str) -> Result<Account, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM accounts
             WHERE lower(name) = lower($1) AND kind <> 'guest'"
        ))
        .bind(name)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        account_from(&row)
    }
    pub async fn create_session(
        &self,
        token_hash: &str,
        account: AccountId,
        now: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(account.0)
        .bind(now)
        .bind(expires_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }
    pub async fn session(&self, token_hash: &str, now: i64) -> Result<(Account, i64), StoreError> {
        let row = sqlx::query(
            "SELECT a.id, a.name, a.kind, a.password_hash, a.created_at, s.expires_at
             FROM sessions s JOIN accounts a ON a.id = s.account_id
             WHERE s.token_hash = $1 AND s.expires_at > $2",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        Ok((account_from(&row)?, row.try_get("expires_at")?))
    }
    pub async fn account_settings(&self, account: AccountId) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT settings FROM account_settings WHERE account_id = $1")
                .bind(account.0)
                .fetch_optional(&self.pool)
                .await?,
        )
    }
    pub async fn set_account_settings(
        &self,
        account: AccountId,
        settings: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO account_settings (account_id, settings, updated_at)
             VALUES ($1, $2, $3)
             ON CONFLICT (account_id) DO UPDATE
             SET settings = excluded.settings, updated_at = excluded.updated_at",
        )
        .bind(account.0)
        .bind(settings)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
    pub async fn create_api_token(
        &self,
        token_hash: &str,
        account: AccountId,
        label: &str,
        now: i64,
    ) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(
            "INSERT INTO api_tokens (token_hash, account_id, label, created_at)
             VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(token_hash)
        .bind(account.0)
        .bind(label)
        .bind(now)
        .fetch_one(&self.pool)
        .await?)
    }
    pub async fn token_account(&self, token_hash: &str) -> Result<Account, StoreError> {
        let row = sqlx::query(
            "SELECT a.id, a.name, a.kind, a.password_hash, a.created_at
             FROM api_tokens t JOIN accounts a ON a.id = t.account_id
             WHERE t.token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        account_from(&row)
    }
    pub async fn api_tokens(
        &self,
        account: AccountId,
    ) -> Result<Vec<(i64, String, i64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, label, created_at FROM api_tokens WHERE account_id = $1 ORDER BY id",
        )
        .bind(account.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get("id")?,
                    r.try_get("label")?,
                    r.try_get("created_at")?,
                ))
            })
            .collect()
    }
    pub async fn delete_api_token(&self, account: AccountId, id: i64) -> Result<(), StoreError> {
        let deleted = sqlx::query("DELETE FROM api_tokens WHERE id = $1 AND account_id = $2")
            .bind(id)
            .bind(account.0)
            .execute(&self.pool)
            .await?
            .rows_affected();
        if deleted == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }
    pub async fn mark_alive(&self, at: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO server_alive (id, alive_at) VALUES (1, $1)
             ON CONFLICT (id) DO UPDATE
                 SET alive_at = greatest(server_alive.alive_at, excluded.alive_at)",
        )
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
    pub async fn alive_at(&self) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT alive_at FROM server_alive WHERE id = 1")
                .fetch_optional(&self.pool)
                .await?,
        )
    }
}
