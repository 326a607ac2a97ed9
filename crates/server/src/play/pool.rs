use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use agora_store::{AccountId, TableId};
use tokio::sync::oneshot;

/// A bounded pool for CPU-heavy work: at most `size` threads' worth of jobs run at once on
/// tokio's blocking threads; the rest wait their turn without holding a thread, so a burst of
/// work never starves the tasks that serve moves.
///
/// Waiting jobs queue per [`Owner`] and owners are served round-robin: an account with twenty
/// AI games waiting gets a turn as often as one with a single game, not twenty times as often.
#[derive(Clone, Debug)]
pub struct BlockingPool {
    inner: Arc<Inner>,
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

#[derive(Debug)]
struct Inner {
    size: usize,
    state: Mutex<State>,
    /// Who created each game, as the lobby registered it ([`BlockingPool::set_owner`]).
    owners: Mutex<HashMap<TableId, Owner>>,
}

#[derive(Debug, Default)]
struct State {
    /// Threads not taken by running jobs.
    free: usize,
    /// Owners with jobs waiting, in the order they are served next.
    turns: VecDeque<Owner>,
    waiting: HashMap<Owner, VecDeque<Waiter>>,
}

#[derive(Debug)]
struct Waiter {
    weight: usize,
    go: oneshot::Sender<Grant>,
}

/// Threads taken by a running job; given back when dropped.
#[derive(Debug)]
struct Grant {
    inner: Arc<Inner>,
    weight: usize,
}

impl Drop for Grant {
    fn drop(&mut self) {
        if self.weight > 0 {
            let mut state = self.inner.lock();
            state.free += self.weight;
            self.inner.dispatch(&mut state);
        }
    }
}

impl Inner {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts waiting jobs while threads are free, one per owner in turn. The owner next in
    /// line keeps its place until its job fits, so a two-thread search is not passed over for
    /// ever by one-thread jobs.
    fn dispatch(self: &Arc<Self>, state: &mut State) {
        while let Some(&owner) = state.turns.front() {
            let queue = state
                .waiting
                .get_mut(&owner)
                .expect("an owner in turn waits");
            let weight = queue.front().expect("never empty").weight;
            if weight > state.free {
                return;
            }
            let waiter = queue.pop_front().expect("never empty");
            state.turns.pop_front();
            if queue.is_empty() {
                state.waiting.remove(&owner);
            } else {
                state.turns.push_back(owner);
            }
            state.free -= weight;
            let grant = Grant {
                inner: self.clone(),
                weight,
            };
            if let Err(mut grant) = waiter.go.send(grant) {
                // The job was given up while waiting: take its threads back here (dropping
                // the grant would lock the state again).
                grant.weight = 0;
                state.free += weight;
            }
        }
    }
}

impl BlockingPool {
    pub fn new(size: usize) -> BlockingPool {
        let size = size.max(1);
        BlockingPool {
            inner: Arc::new(Inner {
                size,
                state: Mutex::new(State {
                    free: size,
                    ..State::default()
                }),
                owners: Mutex::default(),
            }),
        }
    }

    /// Runs `job` on the pool; `None` if the job panicked.
    pub async fn run<T, F>(&self, job: F) -> Option<T>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        self.run_as(Owner::Nobody, 1, job).await
    }

    /// Runs a job of game `game` that keeps `threads` threads busy, in the turn of the
    /// account that created the game.
    pub async fn run_for<T, F>(&self, game: TableId, threads: usize, job: F) -> Option<T>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        self.run_as(self.owner_of(game), threads, job).await
    }

    /// Runs a job that keeps `threads` threads busy (a search on two threads counts twice),
    /// so the pool never runs more threads than its size, in `owner`'s turn.
    pub async fn run_as<T, F>(&self, owner: Owner, threads: usize, job: F) -> Option<T>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let weight = threads.clamp(1, self.inner.size);
        let (go, granted) = oneshot::channel();
        {
            let mut state = self.inner.lock();
            let queue = state.waiting.entry(owner).or_default();
            queue.push_back(Waiter { weight, go });
            if queue.len() == 1 {
                state.turns.push_back(owner);
            }
            self.inner.dispatch(&mut state);
        }
        let grant = granted.await.ok()?;
        tokio::task::spawn_blocking(move || {
            let result = job();
            drop(grant);
            result
        })
        .await
        .ok()
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

    fn owner_of(&self, game: TableId) -> Owner {
        let owners = self.inner.owners.lock().unwrap_or_else(|e| e.into_inner());
        owners.get(&game).copied().unwrap_or(Owner::Game(game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

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
        let (busy, blocked) = std::sync::mpsc::channel::<()>();
        let order = Arc::new(Mutex::new(Vec::new()));
        // Holds the only thread until the queues are set up.
        let first = tokio::spawn({
            let pool = pool.clone();
            async move { pool.run(move || blocked.recv().ok()).await }
        });
        while pool.inner.lock().free > 0 {
            tokio::task::yield_now().await;
        }
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
            while pool
                .inner
                .lock()
                .waiting
                .values()
                .map(VecDeque::len)
                .sum::<usize>()
                <= i
            {
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
        let (release, blocked) = std::sync::mpsc::channel::<()>();
        let first = tokio::spawn({
            let pool = pool.clone();
            async move { pool.run(move || blocked.recv().ok()).await }
        });
        while pool.inner.lock().free > 0 {
            tokio::task::yield_now().await;
        }
        let abandoned = tokio::spawn({
            let pool = pool.clone();
            async move { pool.run(|| ()).await }
        });
        while pool.inner.lock().waiting.is_empty() {
            tokio::task::yield_now().await;
        }
        abandoned.abort();
        let _ = abandoned.await;
        release.send(()).unwrap();
        first.await.unwrap().unwrap();
        assert_eq!(pool.run(|| 5).await, Some(5));
        assert_eq!(pool.inner.lock().free, 1);
    }
}
