//! The store's one writer: a thread of its own owning the database's only writing
//! connection, with group commit for the move log and every other write after it.
//!
//! Every game's appends that wait while one transaction commits are written together in the
//! next. A move is acknowledged only once its append is committed, so a busy server would
//! otherwise pay one transaction for every move; batching keeps the guarantee (each caller
//! still waits for the commit that holds its events) and spreads a commit's cost over the
//! batch.
//!
//! The writer talks to SQLite directly (rusqlite) rather than through sqlx, the reads' path:
//! each row is bound to a prepared statement kept between batches, where through sqlx's
//! worker thread each statement is a hand-off between threads, so batches travelled as JSON
//! that SQLite parsed back into rows. That cost more than the rest of a move's storage (see
//! docs/benchmarks.md, "Why the code is built as it is").
//!
//! The lobby's writes (accounts, sessions, tables, seats, starting games) run on the same
//! connection, in the same transaction as the appends that waited with them, each in a
//! savepoint of its own so that it succeeds or fails alone. On a connection of their own,
//! each of their commits made SQLite throw away the move log connection's page cache (in WAL
//! mode a connection that sees another's commit drops every cached page), and the next batch
//! read its pages again; with a commit of their own, a busy server's rematches cost a commit
//! each.

use std::collections::HashMap;
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::{mpsc, oneshot};

use crate::{Append, StoreError, TableStatus};

/// Jobs taken into one transaction at most; a bound on how long one commit may take.
const MAX_BATCH: usize = 256;
/// Jobs waiting for the writer before callers wait to hand theirs over.
const QUEUE: usize = 4096;
/// How long the writer lets work gather before a round, when the round before held several
/// jobs: a sign that many games are being played at once, each waiting for its own commit.
/// A commit's fixed cost (BEGIN, COMMIT, the WAL's frame header, a thread wake-up) is then
/// shared by more moves. At 200 loaded matches this took the server's CPU per move from
/// ~37.4 to ~35 µs without moving the latency's p99 (docs/benchmarks.md). A quiet server, where
/// rounds hold one job, never waits.
const LINGER: Duration = Duration::from_micros(500);
/// A round of this many jobs or more makes the next one linger.
const BUSY: usize = 2;

/// A write's work, run in a savepoint of its round's transaction. It answers a failure at
/// once; on success it returns how to answer once the round's commit is known.
/// Given the round's failure instead of its transaction, it answers with that.
type WriteJob = Box<dyn FnOnce(Result<&mut Connection, StoreError>) -> Option<Answer> + Send>;
/// Answers a write's caller with the outcome of its round's commit.
type Answer = Box<dyn FnOnce(Result<(), StoreError>) + Send>;
type AppendReply = oneshot::Sender<Result<(), StoreError>>;

/// Where a game's log ends: its version and the id of its last event.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Head {
    version: i64,
    last_event: Option<i64>,
}

/// The heads of the logs of the games being played, as committed: the writer is the
/// database's only writer, so after a game's first append it need not read them back for
/// each move. A game leaves once it is over.
type Heads = HashMap<i64, Head>;
/// What a transaction changes in [`Heads`] once it commits: a game's new head, or `None`
/// when the game is over.
type NewHeads = Vec<(i64, Option<Head>)>;

enum Job {
    Append {
        append: Append,
        reply: AppendReply,
    },
    Write(WriteJob),
    /// Stop after the jobs sent before, closing the connection.
    Close(oneshot::Sender<()>),
}

/// The handle to the thread that does every write.
#[derive(Clone, Debug)]
pub(crate) struct GroupCommit {
    tx: mpsc::Sender<Job>,
}

impl GroupCommit {
    /// Starts the writer's thread on `conn`; `on_exit` runs once the thread has closed it,
    /// before [`GroupCommit::close`] returns.
    pub(crate) fn start(
        conn: Connection,
        on_exit: impl FnOnce() + Send + 'static,
    ) -> Result<GroupCommit, StoreError> {
        let (tx, rx) = mpsc::channel(QUEUE);
        std::thread::Builder::new()
            .name("agora-writer".into())
            .spawn(move || {
                let closed = write_batches(conn, rx);
                on_exit();
                // Answered last, so that a closed store has cleaned up behind it.
                if let Some(done) = closed {
                    let _ = done.send(());
                }
            })
            .map_err(|e| StoreError::Io(e.to_string()))?;
        Ok(GroupCommit { tx })
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

    /// Runs `work` on the writer's connection, after the appends already waiting, all of it
    /// or none of it; returns once it is committed. `work` runs inside a transaction (a
    /// savepoint of the writer's round), so it must not begin one of its own.
    pub(crate) async fn write<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    {
        let (reply, rx) = oneshot::channel();
        let job: WriteJob = Box::new(move |tx| match tx.and_then(|tx| in_savepoint(tx, work)) {
            Ok(value) => Some(Box::new(move |committed: Result<(), StoreError>| {
                let _ = reply.send(committed.map(|()| value));
            })),
            Err(e) => {
                let _ = reply.send(Err(e));
                None
            }
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

/// Runs `work` all or nothing inside the transaction.
fn in_savepoint<T>(
    conn: &mut Connection,
    work: impl FnOnce(&Connection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    // Dropped without a release on any error: rolled back to where it began.
    let savepoint = conn.savepoint()?;
    let value = work(&savepoint)?;
    savepoint.commit()?;
    Ok(value)
}

/// Writes until every handle is dropped, or until a close, whose caller it returns to be
/// answered.
fn write_batches(mut conn: Connection, mut rx: mpsc::Receiver<Job>) -> Option<oneshot::Sender<()>> {
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    let mut heads = Heads::new();
    let mut last_round = 0;
    // Waits for a first job, then takes whatever else is waiting: the jobs that arrived
    // while the last round committed (and, when busy, during a short linger).
    while let Some(first) = rx.blocking_recv() {
        jobs.push(first);
        if last_round >= BUSY {
            std::thread::sleep(LINGER);
        }
        while jobs.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        last_round = jobs.len();
        let mut appends = Vec::with_capacity(jobs.len());
        let mut writes = Vec::new();
        let mut close = None;
        for job in jobs.drain(..) {
            match job {
                // Dropped after a close: its caller hears that the store is closed.
                _ if close.is_some() => {}
                Job::Append { append, reply } => appends.push((append, reply)),
                Job::Write(work) => writes.push(work),
                Job::Close(done) => close = Some(done),
            }
        }
        if !appends.is_empty() || !writes.is_empty() {
            round(&mut conn, &mut heads, appends, writes);
        }
        if let Some(done) = close {
            rx.close();
            if let Err((_, e)) = conn.close() {
                tracing::warn!(error = %e, "closing the writer's connection");
            }
            return Some(done);
        }
    }
    None
}

/// One transaction for a round's appends and then its writes. A caller whose own part
/// failed hears so at once; the others once the transaction has committed, so nobody is
/// told of a write that is not durable.
fn round(
    conn: &mut Connection,
    heads: &mut Heads,
    appends: Vec<(Append, AppendReply)>,
    writes: Vec<WriteJob>,
) {
    let mut replies: Vec<AppendReply> = Vec::with_capacity(appends.len());
    let mut new_heads = NewHeads::with_capacity(appends.len());
    if let Err(e) = begin(conn) {
        return refuse(&e, appends, writes);
    }
    if !appends.is_empty() {
        let batch: Vec<&Append> = appends.iter().map(|(append, _)| append).collect();
        match append_batch(conn, heads, &batch, &mut new_heads) {
            Ok(()) => replies.extend(appends.into_iter().map(|(_, reply)| reply)),
            // One bad append must not fail the others. Nothing else is in the transaction
            // yet: it starts again, with a savepoint for each append (a lone append has
            // its answer already).
            Err(e) => {
                rollback(conn);
                new_heads.clear();
                let retry = if appends.len() == 1 {
                    let (_, reply) = appends.into_iter().next().expect("one append");
                    let _ = reply.send(Err(e));
                    Vec::new()
                } else {
                    tracing::warn!(error = %e, appends = appends.len(), "batch refused; appending one by one");
                    appends
                };
                if let Err(e) = begin(conn) {
                    return refuse(&e, retry, writes);
                }
                for (append, reply) in retry {
                    // Checked against the appends retried before it too: two appends of one
                    // game at one version must not both pass.
                    let before = new_heads.len();
                    let appended = in_savepoint(conn, |sp| {
                        append_batch(sp, heads, &[&append], &mut new_heads)
                    });
                    match appended {
                        Ok(()) => replies.push(reply),
                        Err(e) => {
                            new_heads.truncate(before);
                            let _ = reply.send(Err(e));
                        }
                    }
                }
            }
        }
    }
    let answers: Vec<Answer> = writes
        .into_iter()
        .filter_map(|work| work(Ok(&mut *conn)))
        .collect();
    let committed = commit(conn);
    if committed.is_ok() {
        for (game, head) in new_heads {
            match head {
                Some(head) => heads.insert(game, head),
                None => heads.remove(&game),
            };
        }
    }
    for reply in replies {
        let _ = reply.send(copy_of(&committed));
    }
    for answer in answers {
        answer(copy_of(&committed));
    }
}

// A round's transaction is begun and ended through statements prepared once: rusqlite's
// `Transaction` parses its BEGIN and COMMIT again for every round.

fn begin(conn: &Connection) -> Result<(), StoreError> {
    conn.prepare_cached("BEGIN IMMEDIATE")?.execute([])?;
    Ok(())
}

/// Commits, or rolls back what could not be committed.
fn commit(conn: &Connection) -> Result<(), StoreError> {
    let committed = (conn
        .prepare_cached("COMMIT")
        .and_then(|mut commit| commit.execute([])))
    .map(|_| ())
    .map_err(StoreError::from);
    if committed.is_err() && !conn.is_autocommit() {
        rollback(conn);
    }
    committed
}

fn rollback(conn: &Connection) {
    let rolled_back = conn
        .prepare_cached("ROLLBACK")
        .and_then(|mut rollback| rollback.execute([]));
    if let Err(e) = rolled_back {
        tracing::error!(error = %e, "rolling back the writer's transaction");
    }
}

/// Answers every caller of a round that could not begin.
fn refuse(e: &StoreError, appends: Vec<(Append, AppendReply)>, writes: Vec<WriteJob>) {
    let failed = Err(copy_of_error(e));
    for (_, reply) in appends {
        let _ = reply.send(copy_of(&failed));
    }
    for work in writes {
        work(Err(copy_of_error(e)));
    }
}

/// The outcome of a round's commit, for each of its callers.
fn copy_of(committed: &Result<(), StoreError>) -> Result<(), StoreError> {
    committed.as_ref().map(|_| ()).map_err(copy_of_error)
}

/// The same error again, for another caller (an error is not `Clone`).
fn copy_of_error(e: &StoreError) -> StoreError {
    match e {
        StoreError::Sqlite(rusqlite::Error::SqliteFailure(code, message)) => {
            StoreError::Sqlite(rusqlite::Error::SqliteFailure(*code, message.clone()))
        }
        StoreError::Conflict(what) => StoreError::Conflict(what),
        StoreError::Refused(why) => StoreError::Refused(*why),
        StoreError::Closed => StoreError::Closed,
        other => StoreError::Io(other.to_string()),
    }
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
/// Each game's head comes from `new_heads` (an earlier append of this transaction), else from
/// `heads`, else from the database; the appends' new heads are added to `new_heads`.
fn append_batch(
    tx: &Connection,
    heads: &Heads,
    appends: &[&Append],
    new_heads: &mut NewHeads,
) -> Result<(), StoreError> {
    {
        // The game's version, and its last event, which the next one names as its previous.
        let mut game_at = tx.prepare_cached(
            "SELECT coalesce(l.version, g.version), coalesce(l.last_event, g.last_event)
             FROM games g LEFT JOIN live_games l ON l.table_id = g.table_id
             WHERE g.table_id = ?1",
        )?;
        // On the table's last page, whatever the game (migration 0005).
        let mut insert_event = tx.prepare_cached(
            "INSERT INTO game_events
                 (game_id, version, previous, kind, seat, notation, at, clock_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?;
        // A game being played moves its narrow live_games row; a game that ends writes its
        // last values to games and drops that row (see migration 0003). Clocks are not
        // written anywhere else: each event carries its seat's, and a game read from the log
        // takes each seat's from its latest event.
        let mut live = tx.prepare_cached(
            "INSERT INTO live_games (table_id, version, turn_started_at, last_event)
             VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (table_id) DO UPDATE
                 SET version = excluded.version, turn_started_at = excluded.turn_started_at,
                     last_event = excluded.last_event",
        )?;
        let mut finish = tx.prepare_cached(
            "UPDATE games SET version = ?2, outcome = ?3, turn_started_at = ?4, finished_at = ?5,
                              last_event = ?6
             WHERE table_id = ?1",
        )?;
        let mut not_live = tx.prepare_cached("DELETE FROM live_games WHERE table_id = ?1")?;
        let mut substitute = tx
            .prepare_cached("UPDATE seats SET substituted = 1 WHERE table_id = ?1 AND seat = ?2")?;
        let mut status = tx.prepare_cached("UPDATE tables SET status = ?2 WHERE id = ?1")?;

        for append in appends {
            let game = append.game.0;
            // Checked append by append, after the ones before it in the batch. A game that
            // ended in this transaction is read back from it.
            let known = match new_heads.iter().rev().find(|(g, _)| *g == game) {
                Some((_, head)) => *head,
                None => heads.get(&game).copied(),
            };
            let head = match known {
                Some(head) => head,
                None => {
                    let at = game_at
                        .query_row([game], |row| {
                            Ok(Head {
                                version: row.get(0)?,
                                last_event: row.get(1)?,
                            })
                        })
                        .optional()?;
                    at.ok_or(StoreError::Conflict("the game's log moved on"))?
                }
            };
            let (version, mut last_event) = (head.version, head.last_event);
            if version != append.after_version as i64 {
                return Err(StoreError::Conflict("the game's log moved on"));
            }
            // Nothing in the table stops a version being logged twice: this does.
            let in_order = (append.events.iter().enumerate())
                .all(|(i, e)| e.version == append.after_version + 1 + i as u64);
            if !in_order {
                return Err(StoreError::Conflict("events out of order"));
            }
            for event in &append.events {
                insert_event.execute(params![
                    game,
                    event.version as i64,
                    last_event,
                    event.kind.as_str(),
                    event.seat,
                    event.notation,
                    event.at,
                    event.clock_ms,
                ])?;
                last_event = Some(tx.last_insert_rowid());
            }
            let last = (append.after_version + append.events.len() as u64) as i64;
            match finished_at(append) {
                None => {
                    live.execute(params![game, last, append.turn_started_at, last_event])?;
                    let head = Head {
                        version: last,
                        last_event,
                    };
                    new_heads.push((game, Some(head)));
                }
                Some(finished_at) => {
                    finish.execute(params![
                        game,
                        last,
                        append
                            .outcome
                            .as_ref()
                            .map(serde_json::to_string)
                            .transpose()?,
                        append.turn_started_at,
                        finished_at,
                        last_event,
                    ])?;
                    not_live.execute([game])?;
                    new_heads.push((game, None));
                    // A game's end says how it went for each seat, a rated one moves its
                    // players' ratings, and every finished game's look back is queued, in the
                    // same transaction.
                    if let (TableStatus::Finished, Some(outcome)) = (append.status, &append.outcome)
                    {
                        let (count, mask) = crate::ratings::sql::winners(outcome);
                        (tx.prepare_cached(crate::ratings::sql::SEAT_RESULTS)?)
                            .execute(params![game, count, mask])?;
                        crate::sqlite::ratings::rate_on_end(tx, game, outcome, finished_at)?;
                        (tx.prepare_cached(crate::write::QUEUE_ANALYSIS)?)
                            .execute(params![game, finished_at])?;
                    }
                }
            }
            for seat in &append.substituted {
                substitute.execute(params![game, seat])?;
            }
            if append.status != TableStatus::Playing {
                status.execute(params![game, append.status.as_str()])?;
            }
        }
    }
    Ok(())
}
