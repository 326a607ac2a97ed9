//! The store on PostgreSQL, through sqlx: for several `agora serve` nodes sharing one
//! database (docs/architecture/cluster.md).
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

use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgArguments, PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::query::Query;
use sqlx::{Postgres, Row};

use crate::StoreError;
use crate::write::{Statement, Value};

mod accounts;
mod ai_jobs;
mod guests;
mod limits;
mod lobby;
mod log;
mod migrate;
mod nodes;
mod origins;
mod ratings;
mod reader;

pub use ai_jobs::{
    AI_DONE_CHANNEL, AI_JOBS_CHANNEL, AiJob, AiJobCounts, AiJobs, AiQueuePlace, NewAiJob,
};
pub use log::ANALYSES_CHANNEL;
pub use nodes::{GAMES_CHANNEL, Notifications};

#[derive(Clone, Debug)]
pub struct PostgresStore {
    pool: PgPool,
}

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
    /// A connection of the pool, for the shared reads (`crate::read`).
    pub async fn reader(&self) -> Result<PoolConnection<Postgres>, StoreError> {
        Ok(self.pool.acquire().await?)
    }
    /// The queue of the computer's moves (`ai_jobs.rs`).
    pub fn ai_jobs(&self) -> ai_jobs::AiJobs {
        ai_jobs::AiJobs::new(self.pool.clone())
    }
    pub async fn close(&self) {
        self.pool.close().await;
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
}

impl PostgresStore {
    /// Runs shared statements (`crate::write`) in one transaction; how many rows each changed.
    pub async fn execute(&self, statements: Vec<Statement>) -> Result<Vec<u64>, StoreError> {
        // One statement is a transaction of its own already.
        if let [(sql, values)] = statements.as_slice() {
            let done = bound(sql, values).execute(&self.pool).await?;
            return Ok(vec![done.rows_affected()]);
        }
        let mut tx = self.pool.begin().await?;
        let mut changed = Vec::with_capacity(statements.len());
        for (sql, values) in &statements {
            changed.push(bound(sql, values).execute(&mut *tx).await?.rows_affected());
        }
        tx.commit().await?;
        Ok(changed)
    }

    /// Runs a shared `INSERT ... RETURNING id`; the id.
    pub async fn returning(&self, (sql, values): Statement) -> Result<i64, StoreError> {
        let row = bound(sql, &values).fetch_one(&self.pool).await?;
        Ok(row.try_get(0)?)
    }
}

/// `sql` with `values` bound to it.
fn bound<'q>(sql: &'q str, values: &'q [Value]) -> Query<'q, Postgres, PgArguments> {
    let mut query = sqlx::query(sql);
    for value in values {
        query = match value {
            Value::Int(value) => query.bind(value),
            Value::Text(value) => query.bind(value),
            Value::Flag(value) => query.bind(value),
            Value::MaybeInt(value) => query.bind(value),
        };
    }
    query
}
