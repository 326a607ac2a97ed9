//! The computer's moves on PostgreSQL: a queue in the database (`agora_store::AiJobs`)
//! that every `agora serve` node and every `agora ai-worker` takes from, so that AI capacity
//! grows with the machines added (issue 35; docs/architecture/cluster.md, "AI jobs on PostgreSQL").
//!
//! - [`PgQueue::run`] is the game's side: its actor queues the seat's view and waits until a
//!   taker wrote the move back (woken through `AI_DONE_CHANNEL`, or by polling should a
//!   notification be lost); giving up (the actor aborting the wait: the game moved on or
//!   ended, nobody watches) deletes the job, and its taker stops at its next renewal.
//! - [`take_jobs`] is a taker's side: it claims jobs as its pool has threads free, searches
//!   on the pool (in the AI's scheduling class), renews the job's lease meanwhile, and writes the move back.
//!   A taker killed mid-job loses nothing: its lease lapses and another takes the job.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agora_ai::Level;
use agora_engine::Seat;
use agora_games::GameKind;
use agora_store::{
    AI_DONE_CHANNEL, AI_JOBS_CHANNEL, AiJob, AiJobs, NewAiJob, Store, TableId, now_ms,
};
use tokio::sync::{Notify, Semaphore};

use super::{BlockingPool, Owner, Queued};
use crate::play::ai::choose_from_view;

/// How long a taker's claim on a job lasts without renewal, unless configured otherwise.
pub const AI_LEASE: Duration = Duration::from_secs(10);
/// How often a waiting game looks at the queue even without a notification.
const POLL: Duration = Duration::from_secs(2);
/// Waits the wait estimate averages.
const RECENT: usize = 32;

/// The game's side of the queue: one per node.
#[derive(Clone, Debug)]
pub struct PgQueue {
    jobs: AiJobs,
    store: Store,
    inner: Arc<Mutex<Waiters>>,
}

#[derive(Debug, Default)]
struct Waiters {
    /// Each game waiting for a move: how it is woken, and the jobs ahead of it last seen.
    games: HashMap<TableId, (Arc<Notify>, Option<u64>)>,
    /// How long recent moves took, from queued to found.
    recent: std::collections::VecDeque<Duration>,
}

/// The round-robin turn a game's jobs wait in, as the database keeps it.
fn owner_key(owner: Owner) -> String {
    match owner {
        Owner::Account(account) => format!("account {}", account.0),
        Owner::Address(address) => format!("address {address}"),
        Owner::Game(game) => format!("game {}", game.0),
        Owner::Nobody => "nobody".to_string(),
    }
}

impl PgQueue {
    /// The queue of `store`, or `None` on SQLite (the in-process pool serves there).
    pub fn new(store: &Store) -> Option<PgQueue> {
        Some(PgQueue {
            jobs: store.ai_jobs()?,
            store: store.clone(),
            inner: Arc::default(),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Waiters> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Hears that moves were found and wakes their games, for as long as the node runs.
    pub async fn listen(self) {
        loop {
            let mut notes = match self.store.listen(&[AI_DONE_CHANNEL]).await {
                Ok(Some(notes)) => notes,
                Ok(None) => return,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot hear the AI queue; polling meanwhile");
                    tokio::time::sleep(POLL).await;
                    continue;
                }
            };
            loop {
                match notes.recv().await {
                    Ok(Some((_, payload))) => {
                        let game = payload
                            .split_once(' ')
                            .and_then(|(game, _)| game.parse().ok())
                            .map(TableId);
                        let waiting = self.lock();
                        if let Some((wake, _)) = game.and_then(|g| waiting.games.get(&g)) {
                            wake.notify_one();
                        }
                    }
                    // Lost (and connecting again): whatever was said meanwhile is lost.
                    Ok(None) => self.lock().games.values().for_each(|(w, _)| w.notify_one()),
                    Err(e) => {
                        tracing::warn!(error = %e, "the AI queue's listener failed");
                        break;
                    }
                }
            }
        }
    }

    /// Queues the computer's move for `seat` at `version` of game `game` (`view` as
    /// `ai::seat_view` wrote it) and waits for it: the move, or why the bot gave none; `None`
    /// if the database failed. Dropping the future takes the job out of the queue.
    #[allow(clippy::too_many_arguments)]
    pub async fn run(
        &self,
        game: TableId,
        version: u64,
        kind: GameKind,
        seat: Seat,
        level: Level,
        view: String,
        owner: Owner,
        node: &str,
    ) -> Option<Result<String, String>> {
        let job = NewAiJob {
            game,
            version,
            kind: kind.name().to_string(),
            seat: seat.0,
            level: level.name().to_string(),
            view,
            bot_seed: agora_store::random_u64(),
            threads: level.threads() as u32,
            owner_key: owner_key(owner),
            game_node: node.to_string(),
        };
        let wake = Arc::new(Notify::new());
        self.lock().games.insert(game, (wake.clone(), None));
        let _queued = QueuedJob {
            queue: self,
            game,
            version,
            node,
        };
        let started = Instant::now();
        if let Err(e) = self.jobs.queue(&job, now_ms()).await {
            tracing::error!(game = %game, error = %e, "AI job not queued");
            return None;
        }
        loop {
            match self.jobs.take_result(game, version).await {
                Ok(Some(found)) => {
                    let mut waiting = self.lock();
                    if waiting.recent.len() == RECENT {
                        waiting.recent.pop_front();
                    }
                    waiting.recent.push_back(started.elapsed());
                    return Some(found);
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(game = %game, error = %e, "AI job not read"),
            }
            let ahead = self.jobs.ahead_of(game, now_ms()).await.ok().flatten();
            if let Some((_, seen)) = self.lock().games.get_mut(&game) {
                *seen = ahead;
            }
            let _ = tokio::time::timeout(POLL, wake.notified()).await;
        }
    }

    /// This node's games whose move waits for a taker (as last seen).
    pub fn waiting_games(&self) -> usize {
        self.lock()
            .games
            .values()
            .filter(|(_, ahead)| ahead.is_some())
            .count()
    }

    /// Where game `game`'s move stands if it waits for a taker (as last seen); `None` if a
    /// taker works on it or it has none.
    pub fn waiting(&self, game: TableId) -> Option<Queued> {
        let waiting = self.lock();
        let ahead = waiting.games.get(&game)?.1?;
        let jobs = waiting.recent.len().max(1) as u32;
        let typical: Duration = waiting.recent.iter().sum::<Duration>() / jobs;
        Some(Queued {
            ahead: ahead as usize,
            wait: typical * (ahead as u32 + 1),
        })
    }
}

/// A game waiting on the queue; when it stops waiting, its job leaves the queue.
struct QueuedJob<'a> {
    queue: &'a PgQueue,
    game: TableId,
    version: u64,
    node: &'a str,
}

impl Drop for QueuedJob<'_> {
    fn drop(&mut self) {
        self.queue.lock().games.remove(&self.game);
        let (jobs, game, version) = (self.queue.jobs.clone(), self.game, self.version);
        let node = self.node.to_string();
        // Harmless once the result was taken (nothing left to delete).
        tokio::spawn(async move {
            if let Err(e) = jobs.cancel(game, version, &node).await {
                tracing::warn!(game = %game, error = %e, "AI job not cancelled");
            }
        });
    }
}

/// Takes jobs from `store`'s queue as `pool` has threads free, as `taker`, under leases of
/// `lease`, until the future is dropped. Each search runs on the pool; its lease is renewed
/// meanwhile, and the search stops when the job is no longer wanted.
pub async fn take_jobs(store: Store, pool: BlockingPool, taker: String, lease: Duration) {
    let Some(jobs) = store.ai_jobs() else {
        return;
    };
    let size = pool.size();
    let free = Arc::new(Semaphore::new(size));
    let wake = Arc::new(Notify::new());
    // Queued jobs and freed threads wake the loop; it also looks now and then, in case a
    // notification was lost.
    let listener = tokio::spawn({
        let (store, wake) = (store.clone(), wake.clone());
        async move {
            loop {
                match store.listen(&[AI_JOBS_CHANNEL]).await {
                    Ok(Some(mut notes)) => {
                        while let Ok(note) = notes.recv().await {
                            if note.is_some() {
                                wake.notify_one();
                            }
                        }
                    }
                    Ok(None) => return,
                    Err(e) => tracing::warn!(error = %e, "cannot hear the AI queue"),
                }
                tokio::time::sleep(POLL).await;
            }
        }
    });
    let _listener = AbortOnDrop(listener);
    tracing::info!(taker = %taker, threads = size, "taking AI jobs");
    loop {
        let available = free.available_permits() as u32;
        let taken = if available == 0 {
            Ok(None)
        } else {
            jobs.take(
                &taker,
                (available, size as u32),
                now_ms(),
                lease.as_millis() as i64,
            )
            .await
        };
        match taken {
            Ok(Some(job)) => {
                let weight = (job.threads as usize).clamp(1, size) as u32;
                let Ok(permits) = free.clone().try_acquire_many_owned(weight) else {
                    // Never: the job was taken for the threads free, and only this loop takes.
                    continue;
                };
                let (jobs, pool, taker, wake) =
                    (jobs.clone(), pool.clone(), taker.clone(), wake.clone());
                tokio::spawn(async move {
                    work(&jobs, &pool, &taker, lease, job).await;
                    drop(permits);
                    wake.notify_one();
                });
            }
            Ok(None) => {
                let _ = tokio::time::timeout(POLL, wake.notified()).await;
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot take AI jobs");
                tokio::time::sleep(POLL).await;
            }
        }
    }
}

struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Makes the move of `job` and writes it back, renewing the lease meanwhile.
async fn work(jobs: &AiJobs, pool: &BlockingPool, taker: &str, lease: Duration, job: AiJob) {
    let started = Instant::now();
    let (game, version, id) = (job.game, job.version, job.id);
    tracing::debug!(game = %game, version, taken = job.taken_count, "AI job taken");
    let stop = Arc::new(AtomicBool::new(false));
    let renewing = tokio::spawn({
        let (jobs, taker, stop) = (jobs.clone(), taker.to_string(), stop.clone());
        async move {
            let mut every = tokio::time::interval(lease / 4);
            every.tick().await;
            loop {
                every.tick().await;
                match jobs
                    .renew(id, &taker, now_ms(), lease.as_millis() as i64)
                    .await
                {
                    Ok(true) => {}
                    Ok(false) => {
                        tracing::debug!(game = %game, version, "AI job given up by its game");
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    Err(e) => tracing::warn!(game = %game, error = %e, "AI lease not renewed"),
                }
            }
        }
    });
    let _renewing = AbortOnDrop(renewing);
    let threads = job.threads as usize;
    let found = pool
        .run_as(Owner::Game(game), threads, move || {
            let kind: GameKind = job.kind.parse().map_err(|_| "unknown game".to_string())?;
            let level: Level = job.level.parse().map_err(|_| "unknown level".to_string())?;
            choose_from_view(
                kind,
                &job.view,
                Seat(job.seat),
                level,
                job.bot_seed,
                Some(stop),
            )
            .map_err(|e| e.to_string())
        })
        .await
        .unwrap_or_else(|| Err("the bot panicked".to_string()));
    let outcome = found.as_deref().map_err(String::as_str);
    match jobs.finish(id, taker, outcome, now_ms()).await {
        Ok(true) => tracing::info!(
            game = %game, version, took_ms = started.elapsed().as_millis() as u64,
            "AI move found"
        ),
        Ok(false) => tracing::info!(game = %game, version, "AI move not wanted any more"),
        Err(e) => tracing::warn!(game = %game, error = %e, "AI move not written"),
    }
}
