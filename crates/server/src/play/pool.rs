use std::collections::{HashMap, VecDeque};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use agora_store::{AccountId, TableId};
use tokio::sync::oneshot;

mod lowest;
pub mod pg_queue;
mod priority;
mod queue;

pub use priority::AiPriority;

use lowest::{LowEntry, Lowest};
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
    /// About how long until its answer, from the jobs ahead and recent jobs' times.
    pub wait: Duration,
}

/// Jobs whose times the wait estimate averages.
const RECENT_JOBS: usize = 32;

type Job = Box<dyn FnOnce() + Send>;

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
    running: usize,
    /// Thread-time and wall time of recent game jobs.
    recent: VecDeque<(Duration, Duration)>,
    closed: bool,
}

impl std::fmt::Debug for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("State")
            .field("free", &self.free)
            .field("waiting", &self.queue.len())
            .field("lowest", &self.lowest.len())
            .field("running", &self.running)
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
            state.running += 1;
            drop(state);
            let started = Instant::now();
            (entry.job)();
            let took = started.elapsed();
            state = self.lock();
            state.free += entry.weight;
            state.running -= 1;
            if state.recent.len() == RECENT_JOBS {
                state.recent.pop_front();
            }
            state.recent.push_back((took * entry.weight as u32, took));
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
            return;
        }
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| job(flag))).ok();
        let _ = done.send(result);
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
        self.queue(Owner::Nobody, None, 1, move |_| job()).await
    }

    /// Runs a job of game `game` that keeps `threads` threads busy, in the turn of the
    /// account that created the game.
    pub async fn run_for<T, F>(&self, game: TableId, threads: usize, job: F) -> Option<T>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        self.run_stoppable(game, threads, move |_| job()).await
    }

    /// [`BlockingPool::run_for`] a job that ends early once its flag is raised: when its
    /// caller stops waiting (the game ended, its players left), the flag goes up.
    pub async fn run_stoppable<T, F>(&self, game: TableId, threads: usize, job: F) -> Option<T>
    where
        F: FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
        T: Send + 'static,
    {
        self.queue(self.owner_of(game), Some(game), threads, job)
            .await
    }

    /// Runs a job that keeps `threads` threads busy (a search on two threads counts twice),
    /// so the pool never runs more threads than its size, in `owner`'s turn.
    pub async fn run_as<T, F>(&self, owner: Owner, threads: usize, job: F) -> Option<T>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        self.queue(owner, None, threads, move |_| job()).await
    }

    async fn queue<T, F>(&self, owner: Owner, key: Key, threads: usize, job: F) -> Option<T>
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
            state.queue.push(owner, key, Entry { id, weight, job });
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
        (state.running, state.queue.len())
    }

    /// Where game `game`'s job stands if it waits for a thread; `None` if it runs or has
    /// none.
    pub fn waiting(&self, game: TableId) -> Option<Queued> {
        let state = self.inner.lock();
        let ahead = state.queue.ahead_of(Some(game))?;
        let jobs = state.recent.len().max(1) as u32;
        let thread_time: Duration = state.recent.iter().map(|r| r.0).sum::<Duration>() / jobs;
        let wall_time: Duration = state.recent.iter().map(|r| r.1).sum::<Duration>() / jobs;
        // The jobs ahead and those running share the threads; then its own search.
        let before = thread_time * (ahead + state.running) as u32 / self.inner.size as u32;
        Some(Queued {
            ahead,
            wait: before + wall_time,
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
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A job that says it runs, then spins until its flag goes up.
    fn spin_until_stopped(started: std::sync::mpsc::Sender<()>, stop: &AtomicBool) {
        started.send(()).unwrap();
        let began = Instant::now();
        while !stop.load(Ordering::Relaxed) {
            assert!(began.elapsed() < Duration::from_secs(30), "never stopped");
            std::thread::yield_now();
        }
    }

    /// Waits until a [`spin_until_stopped`] job runs.
    async fn until_running(running: std::sync::mpsc::Receiver<()>) {
        tokio::task::spawn_blocking(move || running.recv().unwrap())
            .await
            .unwrap();
    }

    /// Holds the only thread of `pool` with a job until the sender sends.
    async fn hold_the_thread(
        pool: &BlockingPool,
    ) -> (
        std::sync::mpsc::Sender<()>,
        tokio::task::JoinHandle<Option<Option<()>>>,
    ) {
        let (release, blocked) = std::sync::mpsc::channel::<()>();
        let first = tokio::spawn({
            let pool = pool.clone();
            async move { pool.run(move || blocked.recv().ok()).await }
        });
        while pool.inner.lock().free > 0 {
            tokio::task::yield_now().await;
        }
        (release, first)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn never_runs_more_than_its_size() {
        let pool = BlockingPool::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..8)
            .map(|_| {
                let (pool, running, peak) = (pool.clone(), running.clone(), peak.clone());
                tokio::spawn(async move {
                    pool.run(move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        peak.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(5));
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .await
                })
            })
            .collect();
        for job in jobs {
            job.await.unwrap().unwrap();
        }
        assert!(peak.load(Ordering::SeqCst) <= 2);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_two_thread_job_takes_the_whole_pool_of_two() {
        let pool = BlockingPool::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let overlapped = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..4)
            .map(|i| {
                let (pool, running, overlapped) =
                    (pool.clone(), running.clone(), overlapped.clone());
                let threads = if i % 2 == 0 { 2 } else { 1 };
                tokio::spawn(async move {
                    pool.run_as(Owner::Nobody, threads, move || {
                        if running.fetch_add(threads, Ordering::SeqCst) + threads > 2 {
                            overlapped.fetch_add(1, Ordering::SeqCst);
                        }
                        std::thread::sleep(std::time::Duration::from_millis(5));
                        running.fetch_sub(threads, Ordering::SeqCst);
                    })
                    .await
                })
            })
            .collect();
        for job in jobs {
            job.await.unwrap().unwrap();
        }
        assert_eq!(overlapped.load(Ordering::SeqCst), 0);
        assert_eq!(
            pool.run_as(Owner::Nobody, 9, || 1).await,
            Some(1),
            "capped at the pool's size"
        );
    }

    /// One account's twenty waiting jobs do not keep another's single job waiting behind
    /// them: the stranger's job runs in the next turn.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn owners_take_turns() {
        let pool = BlockingPool::new(1);
        let order = Arc::new(Mutex::new(Vec::new()));
        // Holds the only thread until the queues are set up.
        let (busy, first) = hold_the_thread(&pool).await;
        let many = Owner::Account(AccountId(1));
        let stranger = Owner::Account(AccountId(2));
        let mut jobs = Vec::new();
        for (i, owner) in std::iter::repeat_n(many, 20).chain([stranger]).enumerate() {
            let (job_pool, order) = (pool.clone(), order.clone());
            jobs.push(tokio::spawn(async move {
                job_pool
                    .run_as(owner, 1, move || order.lock().unwrap().push((i, owner)))
                    .await
            }));
            // Queued in this order.
            while pool.inner.lock().queue.len() <= i {
                tokio::task::yield_now().await;
            }
        }
        busy.send(()).unwrap();
        first.await.unwrap().unwrap();
        for job in jobs {
            job.await.unwrap().unwrap();
        }
        let order = order.lock().unwrap();
        let stranger_at = order.iter().position(|(_, o)| *o == stranger).unwrap();
        assert!(
            stranger_at <= 1,
            "the stranger ran {stranger_at}th: {order:?}"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_given_up_while_waiting_frees_its_turn() {
        let pool = BlockingPool::new(1);
        let (release, first) = hold_the_thread(&pool).await;
        let abandoned = tokio::spawn({
            let pool = pool.clone();
            async move { pool.run(|| ()).await }
        });
        while pool.inner.lock().queue.len() == 0 {
            tokio::task::yield_now().await;
        }
        abandoned.abort();
        let _ = abandoned.await;
        release.send(()).unwrap();
        first.await.unwrap().unwrap();
        assert_eq!(pool.inner.lock().queue.len(), 0, "it left the queue");
        assert_eq!(pool.run(|| 5).await, Some(5));
    }

    /// A game's search learns that nobody waits for it any more (its game ended) through its
    /// flag, and the game queued behind it is told where it stands meanwhile.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_running_job_given_up_is_told_to_stop() {
        let pool = BlockingPool::background(1);
        let (started, running) = std::sync::mpsc::channel::<()>();
        let searching = tokio::spawn({
            let pool = pool.clone();
            async move {
                pool.run_stoppable(TableId(1), 1, move |stop| {
                    spin_until_stopped(started, &stop);
                    "stopped"
                })
                .await
            }
        });
        until_running(running).await;
        assert_eq!(pool.waiting(TableId(1)), None, "it runs");
        let queued = tokio::spawn({
            let pool = pool.clone();
            async move { pool.run_for(TableId(2), 1, || 2).await }
        });
        while pool.waiting(TableId(2)).is_none() {
            tokio::task::yield_now().await;
        }
        assert_eq!(pool.waiting(TableId(2)).unwrap().ahead, 0);
        searching.abort();
        assert!(searching.await.is_err());
        assert_eq!(queued.await.unwrap(), Some(2), "the thread came free");
        assert_eq!(pool.inner.lock().queue.len(), 0);
    }

    /// A job of the lowest class is stopped as soon as a game's job is queued, and that job
    /// starts once the lowest one has seen its flag: well within a search's check of it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_lowest_class_steps_aside_for_a_game_job() {
        let pool = BlockingPool::background(1);
        let (started, running) = std::sync::mpsc::channel::<()>();
        let low = tokio::spawn({
            let pool = pool.clone();
            async move {
                pool.run_lowest(move |stop| {
                    spin_until_stopped(started, &stop);
                    "stepped aside"
                })
                .await
            }
        });
        until_running(running).await;
        let asked = Instant::now();
        let waited = pool.run_for(TableId(1), 1, move || asked.elapsed()).await;
        assert!(waited.unwrap() < Duration::from_secs(1), "{waited:?}");
        assert_eq!(low.await.unwrap(), Some("stepped aside"));
    }

    /// While a game's job waits, the lowest class waits behind it, whenever it was queued.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_lowest_class_runs_only_when_nothing_else_waits() {
        let pool = BlockingPool::new(1);
        let order = Arc::new(Mutex::new(Vec::new()));
        let (release, first) = hold_the_thread(&pool).await;
        let low = tokio::spawn({
            let (pool, order) = (pool.clone(), order.clone());
            async move {
                pool.run_lowest(move |_| order.lock().unwrap().push("lowest"))
                    .await
            }
        });
        while pool.inner.lock().lowest.len() == 0 {
            tokio::task::yield_now().await;
        }
        let game = tokio::spawn({
            let (pool, order) = (pool.clone(), order.clone());
            async move {
                pool.run_for(TableId(3), 1, move || order.lock().unwrap().push("game"))
                    .await
            }
        });
        while pool.inner.lock().queue.len() == 0 {
            tokio::task::yield_now().await;
        }
        release.send(()).unwrap();
        first.await.unwrap().unwrap();
        game.await.unwrap().unwrap();
        low.await.unwrap().unwrap();
        assert_eq!(*order.lock().unwrap(), ["game", "lowest"]);
    }

    #[tokio::test]
    async fn a_panicking_job_answers_none_and_the_pool_goes_on() {
        let pool = BlockingPool::new(1);
        assert_eq!(pool.run(|| -> u8 { panic!("a bug") }).await, None);
        assert_eq!(pool.run(|| 3).await, Some(3));
    }
}
