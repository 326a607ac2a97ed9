//! The store on SQLite: reads through a small sqlx pool, every write through the one
//! connection of the writer thread (`group_commit.rs`), which runs them in shared transactions.

mod accounts;
mod group_commit;
mod guests;
mod limits;
mod lobby;
mod log;
mod migrate;
pub(crate) mod ratings;
mod reader;
mod seating;

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use rusqlite::types::ToSqlOutput;
use rusqlite::{Connection, ToSql, params, params_from_iter};
use sqlx::Sqlite;
use sqlx::pool::PoolConnection;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool, SqlitePoolOptions};

use crate::write::{Statement, Value};
use crate::{Durability, StoreError};
use group_commit::GroupCommit;
use migrate::migrate_on;

/// SQLite with one connection for every write, owned by the writer thread (SQLite has a single
/// writer anyway, and a second writing connection would empty the first's page cache with
/// each commit), and a pool of a few for reads, which the write-ahead log lets run beside it.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    read: SqlitePool,
    /// Every write, the move log's group commit first.
    writer: GroupCommit,
}

impl SqliteStore {
    pub async fn open(url: &str, durability: Durability) -> Result<SqliteStore, StoreError> {
        let in_memory = url.contains(":memory:") || url.contains("mode=memory");
        // An in-memory database becomes a file of its own in the temporary directory, removed
        // once the writer closes: the writer and the reads are separate connections, which
        // one in-memory database cannot be shared between.
        let (options, scratch) = if in_memory {
            let path = std::env::temp_dir().join(format!(
                "agora-{}-{:016x}.db",
                std::process::id(),
                crate::random_u64()
            ));
            (SqliteConnectOptions::new().filename(&path), Some(path))
        } else {
            (SqliteConnectOptions::from_str(url)?, None)
        };
        let remove_scratch = move || {
            if let Some(path) = scratch {
                for suffix in ["", "-wal", "-shm"] {
                    let mut file = path.clone().into_os_string();
                    file.push(suffix);
                    let _ = std::fs::remove_file(file);
                }
            }
        };
        // Migrations run before the writer takes its first job: each in a transaction of its
        // own, where the writer runs every job inside its round's transaction.
        let path = options.get_filename().to_path_buf();
        let opened = tokio::task::spawn_blocking(move || {
            let mut conn = open_writer(&path, durability)?;
            migrate_on(&mut conn)?;
            // Afresh: a migration may have changed the schema's text in place (0006), which
            // only a connection opened after it reads.
            drop(conn);
            open_writer(&path, durability)
        })
        .await
        .map_err(|e| StoreError::Io(e.to_string()))
        .and_then(|opened| opened);
        let conn = match opened {
            Ok(conn) => conn,
            Err(e) => {
                remove_scratch();
                return Err(e);
            }
        };
        let writer = GroupCommit::start(conn, remove_scratch)?;
        // The writer has made the file and set its journal to WAL, which the file keeps.
        let options = options
            .busy_timeout(Duration::from_secs(10))
            .pragma("cache_size", "-16384")
            .pragma("temp_store", "memory")
            .read_only(true);
        // No ping before each use: a SQLite connection is a file handle, not a socket that
        // can go away, and the ping is one more hand-off to its thread per query.
        let read = SqlitePoolOptions::new()
            .test_before_acquire(false)
            .idle_timeout(None)
            .max_lifetime(None)
            .max_connections(4)
            .connect_with(options)
            .await?;
        Ok(SqliteStore { read, writer })
    }

    /// A connection of the read pool, for the shared reads (`crate::read`).
    pub async fn reader(&self) -> Result<PoolConnection<Sqlite>, StoreError> {
        Ok(self.read.acquire().await?)
    }

    pub async fn close(&self) {
        self.writer.close().await;
        self.read.close().await;
    }

    pub async fn mark_alive(&self, at: i64) -> Result<(), StoreError> {
        self.writer
            .write(move |conn| {
                run(
                    conn,
                    "INSERT INTO server_alive (id, alive_at) VALUES (1, ?1)
                     ON CONFLICT (id) DO UPDATE SET alive_at = excluded.alive_at",
                    params![at],
                )?;
                Ok(())
            })
            .await
    }
}

/// Runs one statement, prepared once per connection; returns the rows it changed.
pub(crate) fn run(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<usize, StoreError> {
    Ok(conn.prepare_cached(sql)?.execute(params)?)
}

/// Runs an `INSERT ... RETURNING id`, prepared once per connection; returns the id.
pub(super) fn insert_returning_id(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<i64, StoreError> {
    Ok(conn.prepare_cached(sql)?.query_row(params, |r| r.get(0))?)
}

/// The writer's connection: created with the database if there is none yet.
fn open_writer(path: &Path, durability: Durability) -> Result<Connection, StoreError> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(Duration::from_secs(10))?;
    let _: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    let synchronous = match durability {
        Durability::Process => "NORMAL",
        Durability::Power => "FULL",
    };
    // Measured under load (docs/benchmarks.md): the live games' pages stay cached instead of
    // being read again, and statement journals stay off disk. (A larger `wal_autocheckpoint`
    // was tried: rarer but longer checkpoint stalls, which showed in the latency tail.)
    conn.execute_batch(&format!(
        "PRAGMA synchronous = {synchronous};
         PRAGMA foreign_keys = ON;
         PRAGMA cache_size = -16384;
         PRAGMA temp_store = memory;"
    ))?;
    conn.set_prepared_statement_cache_capacity(64);
    Ok(conn)
}

/// Unix time in milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl SqliteStore {
    /// Runs shared statements (`crate::write`) in one transaction; how many rows each changed.
    pub async fn execute(&self, statements: Vec<Statement>) -> Result<Vec<u64>, StoreError> {
        self.writer
            .write(move |conn| {
                (statements.iter())
                    .map(|(sql, values)| Ok(run(conn, sql, params_from_iter(values))? as u64))
                    .collect()
            })
            .await
    }

    /// Runs a shared `INSERT ... RETURNING id`; the id.
    pub async fn returning(&self, (sql, values): Statement) -> Result<i64, StoreError> {
        self.writer
            .write(move |conn| insert_returning_id(conn, sql, params_from_iter(&values)))
            .await
    }
}

impl ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        match self {
            Value::Int(value) => value.to_sql(),
            Value::Text(value) => value.to_sql(),
            Value::Flag(value) => value.to_sql(),
            Value::MaybeInt(value) => value.to_sql(),
        }
    }
}
