use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use agora_store::{AccountId, TableId};
use tokio::sync::oneshot;

mod estimate;
mod lowest;
pub mod pg_queue;
mod priority;
mod queue;

pub use estimate::SearchKind;
use estimate::SearchTimes;
use lowest::{LowEntry, Lowest};
pub use priority::AiPriority;
use queue::{Entry, FairQueue, Key};

/// A bounded pool for CPU-heavy work on threads of its own: at most `size` threads' worth of
/// jobs run at once; the rest wait their turn in a [`FairQueue`], so a burst of work never
/// starves the tasks that serve moves.
///
/// Waiting jobs are served round-robin per [`Owner`], then per game within an owner's turn:
/// an account with twenty AI games waiting gets a turn as often as one with a single game,
/// not twenty times as often. A job whose caller gave up (its game ended, its players left)
/// leaves the queue at once, and a running one is told to stop through the flag it was given.
///
/// The AI's pool ([`BlockingPool::background_at`]) runs its threads in a lower scheduling
/// class ([`AiPriority`]), so that while every AI thread is busy the tasks serving moves,
/// pages and sign-ins still get the CPU first.
///
/// Below every owner's turn is the lowest class ([`BlockingPool::run_lowest`]): work nobody
/// waits for, run only while no other job waits, one at a time, and told to stop as soon as
/// another job is queued.
#[derive(Clone, Debug)]
pub struct BlockingPool {
    inner: Arc<Inner>,
    /// Stops the threads when the last handle goes.
    _threads: Arc<Threads>,
}

/// Whose work a job is, for sharing the pool fairly.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Owner {
    /// The account that created the game.
    Account(AccountId),
    /// The address that made the guest who created the game: one address's guests share
    /// one turn, as they share their quotas.
    Address(std::net::IpAddr),
    /// A game whose creator this process does not know (resumed after a restart, a
    /// rematch): it is its own owner.
    Game(TableId),
    /// Work with no owner to speak of (password hashing on its own pool).
    Nobody,
}

/// Where a game's waiting job stands.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Queued {
    /// Jobs that start before it.
    pub ahead: usize,
    /// About how long until its answer: the jobs ahead and what is left of those running,
    /// each at the measured mean time of its game and level, then its own search.
    pub wait: Duration,
}

/// A job as the pool runs it: `true` when it ran to its answer (not given up or stopped),
/// so that its time is a search's time.
type Job = Box<dyn FnOnce() -> bool + Send>;

#[derive(Debug)]
struct Inner {
    size: usize,
    state: Mutex<State>,
    /// Signalled when a job is queued, a job ends, or the pool closes.
    changed: Condvar,
    /// Who created each game, as the lobby registered it ([`BlockingPool::set_owner`]).
    owners: Mutex<HashMap<TableId, Owner>>,
    next_id: AtomicU64,
}

#[derive(Default)]
struct State {
    /// Threads not taken by running jobs.
    free: usize,
    queue: FairQueue<Job>,
    /// The lowest class: served only while `queue` is empty.
    lowest: Lowest<Job>,
    /// The jobs running, by id.
    running: HashMap<u64, RunningJob>,
    /// How long jobs took, per game and level.
    times: SearchTimes,
    closed: bool,
}

#[derive(Debug)]
struct RunningJob {
    kind: Option<SearchKind>,
    weight: usize,
    started: Instant,
}

impl std::fmt::Debug for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("State")
            .field("free", &self.free)
            .field("waiting", &self.queue.len())
            .field("lowest", &self.lowest.len())
            .field("running", &self.running.len())
            .finish_non_exhaustive()
    }
}

#[derive(Debug)]
struct Threads(Arc<Inner>);

impl Drop for Threads {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.closed = true;
        // Waiting callers learn that their jobs will never run.
        state.queue = FairQueue::default();
        state.lowest = Lowest::default();
        self.0.changed.notify_all();
    }
}

impl Inner {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// One of the pool's threads: runs the next job that fits, or waits.
    fn work(&self, background: Option<AiPriority>) {
        if let Some(priority) = background {
            priority.apply_to_this_thread();
        }
        let mut state = self.lock();
        loop {
            if state.closed {
                return;
            }
            let free = state.free;
            let Some(entry) = state.queue.pop(free) else {
                // Only while no other job waits.
                let low = match state.queue.len() {
                    0 => state.lowest.pop(free),
                    _ => None,
                };
                match low {
                    Some(low) => state = self.run_lowest(state, low),
                    None => state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner()),
                }
                continue;
            };
            state.free -= entry.weight;
            let started = Instant::now();
            let (id, kind, weight) = (entry.id, entry.kind, entry.weight);
            let job = RunningJob {
                kind,
                weight,
                started,
            };
            state.running.insert(id, job);
            drop(state);
            let answered = (entry.job)();
            let took = started.elapsed();
            state = self.lock();
            state.free += weight;
            state.running.remove(&id);
            if answered {
                state.times.record(kind, took);
            }
            self.changed.notify_all();
        }
    }
}

impl Inner {
    /// Runs a job of the lowest class on this thread, which holds `state`'s lock; answers the
    /// lock again. It is left out of the jobs running and of the wait estimates: it steps
    /// aside for any job.
    fn run_lowest<'a>(
        &'a self,
        mut state: std::sync::MutexGuard<'a, State>,
        low: LowEntry<Job>,
    ) -> std::sync::MutexGuard<'a, State> {
        state.free -= 1;
        drop(state);
        (low.job)();
        let mut state = self.lock();
        state.free += 1;
        state.lowest.ended(low.id);
        self.changed.notify_all();
        state
    }
}

/// `job` as the pool runs it, with its stop flag and where its answer comes (`None` if it
/// panicked). It does not start once its caller gave up or its flag is up.
fn boxed<T, F>(job: F) -> (Job, Arc<AtomicBool>, oneshot::Receiver<Option<T>>)
where
    F: FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
    T: Send + 'static,
{
    let stop = Arc::new(AtomicBool::new(false));
    let (done, answer) = oneshot::channel();
    let flag = stop.clone();
    let job: Job = Box::new(move || {
        if done.is_closed() || flag.load(Ordering::Relaxed) {
            return false;
        }
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| job(flag.clone()))).ok();
        let answered = result.is_some() && !flag.load(Ordering::Relaxed);
        let _ = done.send(result);
        answered
    });
    (job, stop, answer)
}

/// A caller waiting for its job: when it gives up, the job leaves the queue, or if it runs,
/// its stop flag is raised.
struct Waiting<'a> {
    inner: &'a Inner,
    owner: Owner,
    key: Key,
    id: u64,
    stop: Arc<AtomicBool>,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let removed = self
            .inner
            .lock()
            .queue
            .remove(self.owner, self.key, self.id);
        drop(removed);
    }
}

/// A caller waiting for a job of the lowest class: when it gives up, the job leaves the
/// queue, or if it runs, its stop flag is raised.
struct WaitingLowest<'a> {
    inner: &'a Inner,
    id: u64,
    stop: Arc<AtomicBool>,
}

impl Drop for WaitingLowest<'_> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let removed = self.inner.lock().lowest.remove(self.id);
        drop(removed);
    }
}

impl BlockingPool {
    /// A pool of `size` threads at the normal priority (password hashing).
    pub fn new(size: usize) -> BlockingPool {
        BlockingPool::start(size, None)
    }

    /// A pool of `size` threads at a lower scheduling priority than the rest of the server
    /// (the AI's).
    pub fn background(size: usize) -> BlockingPool {
        BlockingPool::start(size, Some(AiPriority::default()))
    }

    /// [`BlockingPool::background`] in the given scheduling class.
    pub fn background_at(size: usize, priority: AiPriority) -> BlockingPool {
        BlockingPool::start(size, Some(priority))
    }

    fn start(size: usize, background: Option<AiPriority>) -> BlockingPool {
        let size = size.max(1);
        let inner = Arc::new(Inner {
            size,
            state: Mutex::new(State {
                free: size,
                ..State::default()
            }),
            changed: Condvar::new(),
            owners: Mutex::default(),
            next_id: AtomicU64::new(0),
        });
        for i in 0..size {
            let inner = inner.clone();
            let name = if background.is_some() {
                "agora-ai"
            } else {
                "agora-pool"
            };
            let spawned = std::thread::Builder::new()
                .name(format!("{name}-{i}"))
                .spawn(move || inner.work(background));
            if let Err(e) = spawned {
                tracing::error!(error = %e, "pool thread not started");
            }
        }
        BlockingPool {
            _threads: Arc::new(Threads(inner.clone())),
            inner,
        }
    }

    /// Threads the pool runs jobs on.
    pub fn size(&self) -> usize {
        self.inner.size
    }

    /// Runs `job` on the pool; `None` if the job panicked.
    pub async fn run<T, F>(&self, job: F) -> Option<T>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        self.queue(Owner::Nobody, None, (1, None), move |_| job())
            .await
    }

    /// Runs a job of game `game` that keeps `threads` threads busy, in the turn of the
    /// account that created the game.
    pub async fn run_for<T, F>(&self, game: TableId, threads: usize, job: F) -> Option<T>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let owner = self.owner_of(game);
        self.queue(owner, Some(game), (threads, None), move |_| job())
            .await
    }

    /// Runs the search of game `game`'s move, of `kind` (on the level's threads), in the turn
    /// of the account that created the game; it ends early once its flag is raised: when its
    /// caller stops waiting (the game ended, its players left), the flag goes up. Its time
    /// goes into the mean of its kind, for the wait estimates ([`BlockingPool::waiting`]).
    pub async fn run_search<T, F>(&self, game: TableId, kind: SearchKind, job: F) -> Option<T>
    where
        F: FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
        T: Send + 'static,
    {
        let work = (kind.1.threads(), Some(kind));
        self.queue(self.owner_of(game), Some(game), work, job).await
    }

    /// Runs a job that keeps `threads` threads busy (a search on two threads counts twice),
    /// so the pool never runs more threads than its size, in `owner`'s turn.
    pub async fn run_as<T, F>(&self, owner: Owner, threads: usize, job: F) -> Option<T>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        self.queue(owner, None, (threads, None), move |_| job())
            .await
    }

    /// Queues `job` of game `key` in `owner`'s turn, keeping `threads` threads busy, of
    /// `kind`.
    async fn queue<T, F>(
        &self,
        owner: Owner,
        key: Key,
        (threads, kind): (usize, Option<SearchKind>),
        job: F,
    ) -> Option<T>
    where
        F: FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
        T: Send + 'static,
    {
        let weight = threads.clamp(1, self.inner.size);
        let (job, stop, answer) = boxed(job);
        let id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        {
            let mut state = self.inner.lock();
            if state.closed {
                return None;
            }
            let entry = Entry {
                id,
                weight,
                kind,
                job,
            };
            state.queue.push(owner, key, entry);
            // Work nobody waits for steps aside at once.
            state.lowest.preempt();
            self.inner.changed.notify_all();
        }
        let _waiting = Waiting {
            inner: &self.inner,
            owner,
            key,
            id,
            stop,
        };
        answer.await.ok().flatten()
    }

    /// Runs `job` in the lowest class: only while no other job waits, one such job at a
    /// time. Its flag goes up when any other job is queued meanwhile (and when the caller
    /// stops waiting); the job should then end at once, and its caller run it again later.
    /// `None` if it panicked, the pool closed, or it was stopped before it started.
    pub async fn run_lowest<T, F>(&self, job: F) -> Option<T>
    where
        F: FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
        T: Send + 'static,
    {
        let (job, stop, answer) = boxed(job);
        let id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        {
            let mut state = self.inner.lock();
            if state.closed {
                return None;
            }
            let stop = stop.clone();
            state.lowest.push(LowEntry { id, stop, job });
            self.inner.changed.notify_all();
        }
        let _waiting = WaitingLowest {
            inner: &self.inner,
            id,
            stop,
        };
        answer.await.ok().flatten()
    }

    /// Jobs running and jobs waiting (the lowest class's left out).
    pub fn load(&self) -> (usize, usize) {
        let state = self.inner.lock();
        (state.running.len(), state.queue.len())
    }

    /// Where game `game`'s job stands if it waits for a thread; `None` if it runs or has
    /// none. Its wait: the thread-time of the jobs ahead and of what is left of those running
    /// (each at its kind's mean), shared by the pool's threads, then its own search.
    pub fn waiting(&self, game: TableId) -> Option<Queued> {
        let state = self.inner.lock();
        let (ahead, own) = state.queue.ahead_of(Some(game))?;
        let mean = |kind| state.times.mean(kind);
        let queued: Duration = (ahead.iter())
            .map(|job| mean(job.kind) * job.weight as u32)
            .sum();
        let left: Duration = (state.running.values())
            .map(|job| mean(job.kind).saturating_sub(job.started.elapsed()) * job.weight as u32)
            .sum();
        Some(Queued {
            ahead: ahead.len(),
            wait: estimate::wait(queued + left, self.inner.size, mean(own.kind)),
        })
    }

    /// Notes that `owner` created `game`, so that the game's jobs wait in its turn.
    pub fn set_owner(&self, game: TableId, owner: Owner) {
        let mut owners = self.inner.owners.lock().unwrap_or_else(|e| e.into_inner());
        owners.insert(game, owner);
    }

    /// Forgets the creators of `games` (they are over).
    pub fn forget_owners(&self, games: &[TableId]) {
        let mut owners = self.inner.owners.lock().unwrap_or_else(|e| e.into_inner());
        for game in games {
            owners.remove(game);
        }
    }

    /// Whose turn game `game`'s jobs wait in.
    pub fn owner_of(&self, game: TableId) -> Owner {
        let owners = self.inner.owners.lock().unwrap_or_else(|e| e.into_inner());
        owners.get(&game).copied().unwrap_or(Owner::Game(game))
    }
}

#[cfg(test)]
mod tests;
