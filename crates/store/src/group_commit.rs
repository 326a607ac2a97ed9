//! The store's one writer: group commit for the move log, and every other write after it.
//!
//! Every game's appends that wait while one transaction commits are written together in the
//! next, in two round trips whatever their number.
//!
//! A move is acknowledged only once its append is committed, so a busy server would
//! otherwise pay one transaction (and, through sqlx's SQLite worker thread, one thread
//! hand-off per statement) for every move. Batching keeps the guarantee (each caller still
//! waits for the commit that holds its events) and spreads the cost over the batch: the
//! batch's rows travel as one JSON parameter per statement, unpacked by SQLite's `json_each`.
//!
//! The lobby's writes (accounts, sessions, tables, seats, starting games) run on the same
//! connection, between batches. On a connection of their own, each of their commits made
//! SQLite throw away the move log connection's page cache (in WAL mode a connection that sees
//! another's commit drops every cached page), and the next batch read its pages again: about
//! three reads per move under load. The two writers also waited on each other's write lock.

use std::future::Future;
use std::pin::Pin;

use serde_json::Value;
use sqlx::pool::PoolConnection;
use sqlx::{Connection, Sqlite, SqliteConnection, SqlitePool};
use tokio::sync::{mpsc, oneshot};

use crate::{Append, StoreError, TableStatus};

/// Appends taken into one transaction at most; a bound on how long one commit may take.
const MAX_BATCH: usize = 256;
/// Appends waiting for the writer before callers wait to hand theirs over.
const QUEUE: usize = 4096;

/// A future borrowing the writer's connection.
pub(crate) type ConnFuture<'c, T> = Pin<Box<dyn Future<Output = T> + Send + 'c>>;

/// Work for the writer's connection, answering its caller itself.
type WriteJob = Box<dyn for<'c> FnOnce(&'c mut SqliteConnection) -> ConnFuture<'c, ()> + Send>;

enum Job {
    Append {
        append: Append,
        reply: oneshot::Sender<Result<(), StoreError>>,
    },
    Write(WriteJob),
    /// Stop after the appends sent before, closing the connection.
    Close(oneshot::Sender<()>),
}

/// The handle to the task that does every write.
#[derive(Clone, Debug)]
pub(crate) struct GroupCommit {
    tx: mpsc::Sender<Job>,
}

impl GroupCommit {
    /// Starts the writer on a connection of its own (or, for an in-memory database, which
    /// has no second connection, on the pool of its only one).
    pub(crate) fn start(writer: Writer) -> GroupCommit {
        let (tx, rx) = mpsc::channel(QUEUE);
        tokio::spawn(write_batches(writer, rx));
        GroupCommit { tx }
    }

    /// Appends to a game's log; returns once the transaction holding it is committed.
    pub(crate) async fn append(&self, append: &Append) -> Result<(), StoreError> {
        let (reply, rx) = oneshot::channel();
        let job = Job::Append {
            append: append.clone(),
            reply,
        };
        self.tx.send(job).await.map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// Runs `work` on the writer's connection, after the appends already waiting.
    pub(crate) async fn write<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut SqliteConnection) -> ConnFuture<'c, Result<T, StoreError>>
            + Send
            + 'static,
    {
        let (reply, rx) = oneshot::channel();
        let job: WriteJob = Box::new(move |conn| {
            Box::pin(async move {
                let _ = reply.send(work(conn).await);
            })
        });
        self.tx
            .send(Job::Write(job))
            .await
            .map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// Writes what was sent before, then closes the writer's connection; later writes are
    /// refused with [`StoreError::Closed`].
    pub(crate) async fn close(&self) {
        let (done, rx) = oneshot::channel();
        if self.tx.send(Job::Close(done)).await.is_ok() {
            let _ = rx.await;
        }
    }
}

/// The connection every write goes through.
pub(crate) enum Writer {
    /// Its own: a pool's connection comes back from each use through a task of its own.
    Own(SqliteConnection),
    /// An in-memory database's only connection, shared with the reads.
    Pool(SqlitePool),
}

async fn write_batches(mut writer: Writer, mut rx: mpsc::Receiver<Job>) {
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut jobs, MAX_BATCH).await > 0 {
        let mut batch = Vec::with_capacity(jobs.len());
        let mut writes = Vec::new();
        let mut close = None;
        for job in jobs.drain(..) {
            match job {
                // Dropped after a close: its caller hears that the store is closed.
                _ if close.is_some() => {}
                Job::Append { append, reply } => batch.push((append, reply)),
                Job::Write(work) => writes.push(work),
                Job::Close(done) => close = Some(done),
            }
        }
        // Moves first: a player waits for each, and the batch keeps them together.
        if !batch.is_empty() {
            write(&mut writer, batch).await;
        }
        for work in writes {
            match &mut writer {
                Writer::Own(conn) => work(conn).await,
                Writer::Pool(pool) => match pool.acquire().await {
                    Ok(mut conn) => work(&mut conn).await,
                    // Dropping the job tells its caller the store is closed.
                    Err(e) => tracing::error!(error = %e, "no connection for a write"),
                },
            }
        }
        if let Some(done) = close {
            rx.close();
            if let Writer::Own(conn) = writer
                && let Err(e) = conn.close().await
            {
                tracing::warn!(error = %e, "closing the writer's connection");
            }
            let _ = done.send(());
            return;
        }
    }
}

/// Commits a batch and answers each caller.
async fn write(
    writer: &mut Writer,
    mut batch: Vec<(Append, oneshot::Sender<Result<(), StoreError>>)>,
) {
    let mut pooled: Option<PoolConnection<Sqlite>> = None;
    let conn: &mut SqliteConnection = match writer {
        Writer::Own(conn) => conn,
        Writer::Pool(pool) => match pool.acquire().await {
            Ok(conn) => pooled.insert(conn),
            Err(e) => {
                tracing::error!(error = %e, "no connection for the move log");
                for (_, reply) in batch {
                    let _ = reply.send(Err(StoreError::Closed));
                }
                return;
            }
        },
    };
    let appends: Vec<&Append> = batch.iter().map(|(append, _)| append).collect();
    match append_batch(conn, &appends).await {
        Ok(()) => {
            for (_, reply) in batch {
                let _ = reply.send(Ok(()));
            }
        }
        Err(e) if batch.len() == 1 => {
            let (_, reply) = batch.pop().expect("one append");
            let _ = reply.send(Err(e));
        }
        // One bad append must not fail the others: each gets its own transaction and its
        // own answer.
        Err(e) => {
            tracing::warn!(error = %e, appends = batch.len(), "batch refused; appending one by one");
            for (append, reply) in batch {
                let _ = reply.send(append_batch(conn, &[&append]).await);
            }
        }
    }
}

fn rows_json<T: serde::Serialize>(rows: &[T]) -> String {
    serde_json::to_string(rows).expect("numbers and strings serialize to JSON")
}

/// When a game closes, the time of its last event.
fn finished_at(append: &Append) -> Option<i64> {
    append.status.is_closed().then(|| {
        append
            .events
            .last()
            .map_or(append.turn_started_at, |e| e.at)
    })
}

/// Appends of one or more games in one transaction: all of them, or none (a version that
/// moved on fails the whole batch, which the caller then retries append by append).
///
/// Two round trips to SQLite's thread, whatever the batch: a check that every game is at the
/// version its append expects, then the whole transaction as one multi-statement query. The
/// check cannot go stale in between: only this task appends, on the store's one write
/// connection, held across both.
async fn append_batch(conn: &mut SqliteConnection, appends: &[&Append]) -> Result<(), StoreError> {
    // Each batch parameter is a JSON array of rows, each row an array (serde writes a tuple
    // as one), written straight to text: no `Value` tree per row.
    let games: Vec<_> = appends
        .iter()
        .map(|a| {
            (
                a.game.0,
                a.after_version,
                a.after_version + a.events.len() as u64,
                a.outcome.as_ref().map(Value::to_string),
                a.turn_started_at,
                finished_at(a),
            )
        })
        .collect();
    let events: Vec<_> = appends
        .iter()
        .flat_map(|a| {
            a.events.iter().map(|e| {
                (
                    a.game.0,
                    e.version,
                    e.kind.as_str(),
                    e.seat,
                    e.notation.as_deref(),
                    e.at,
                    e.clock_ms,
                )
            })
        })
        .collect();
    let substituted: Vec<(i64, u8)> = appends
        .iter()
        .flat_map(|a| a.substituted.iter().map(|seat| (a.game.0, *seat)))
        .collect();
    let statuses: Vec<(i64, &str)> = appends
        .iter()
        .filter(|a| a.status != TableStatus::Playing)
        .map(|a| (a.game.0, a.status.as_str()))
        .collect();
    let games = rows_json(&games);

    let out_of_step: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM json_each($1) AS b
         WHERE NOT EXISTS (SELECT 1 FROM games g LEFT JOIN live_games l ON l.table_id = g.table_id
                           WHERE g.table_id = b.value ->> 0
                             AND coalesce(l.version, g.version) = b.value ->> 1)",
    )
    .bind(&games)
    .fetch_one(&mut *conn)
    .await?;
    if out_of_step > 0 {
        return Err(StoreError::Conflict("the game's log moved on"));
    }
    // A game being played moves its narrow live_games row; a game that ends writes its last
    // values to games and drops that row (see migration 0003). Clocks are not written
    // anywhere else: each event carries its seat's, and a game read from the log takes each
    // seat's from its latest event (updating the seat's row on every timed move wrote one
    // more page per move).
    let written = sqlx::query(
        "BEGIN IMMEDIATE;
         INSERT INTO live_games (table_id, version, turn_started_at)
             SELECT value ->> 0, value ->> 2, value ->> 4 FROM json_each($1)
             WHERE value ->> 5 IS NULL
         ON CONFLICT (table_id) DO UPDATE
             SET version = excluded.version, turn_started_at = excluded.turn_started_at;
         UPDATE games SET version = b.last, outcome = b.outcome,
             turn_started_at = b.turn_started_at, finished_at = b.finished_at
         FROM (SELECT value ->> 0 AS game, value ->> 2 AS last, value ->> 3 AS outcome,
                      value ->> 4 AS turn_started_at, value ->> 5 AS finished_at
               FROM json_each($1) WHERE value ->> 5 IS NOT NULL) AS b
         WHERE games.table_id = b.game;
         DELETE FROM live_games
         WHERE table_id IN (SELECT value ->> 0 FROM json_each($1) WHERE value ->> 5 IS NOT NULL);
         INSERT INTO game_events (game_id, version, kind, seat, notation, at, clock_ms)
             SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4,
                    value ->> 5, value ->> 6
             FROM json_each($2);
         UPDATE seats SET substituted = 1
         FROM (SELECT value ->> 0 AS game, value ->> 1 AS seat FROM json_each($3)) AS c
         WHERE seats.table_id = c.game AND seats.seat = c.seat;
         UPDATE tables SET status = c.status
         FROM (SELECT value ->> 0 AS game, value ->> 1 AS status FROM json_each($4)) AS c
         WHERE tables.id = c.game;
         COMMIT;",
    )
    .bind(games)
    .bind(rows_json(&events))
    .bind(rows_json(&substituted))
    .bind(rows_json(&statuses))
    .execute(&mut *conn)
    .await;
    if let Err(e) = written {
        // The transaction may be left open by the statement that failed.
        let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
        return Err(e.into());
    }
    Ok(())
}
