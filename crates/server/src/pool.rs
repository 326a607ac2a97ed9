use std::sync::Arc;

use tokio::sync::Semaphore;

/// A bounded pool for CPU-heavy work (AI moves): at most `size` jobs run at once on tokio's
/// blocking threads; the rest wait their turn without holding a thread, so a burst of AI work
/// never starves the tasks that serve moves.
#[derive(Clone, Debug)]
pub struct BlockingPool {
    permits: Arc<Semaphore>,
    size: usize,
}

impl BlockingPool {
    pub fn new(size: usize) -> BlockingPool {
        let size = size.max(1);
        BlockingPool {
            permits: Arc::new(Semaphore::new(size)),
            size,
        }
    }

    /// Runs `job` on the pool; `None` if the pool is closed or the job panicked.
    pub async fn run<T, F>(&self, job: F) -> Option<T>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        self.run_on(1, job).await
    }

    /// Runs a job that keeps `threads` threads busy (a search on two threads counts twice),
    /// so the pool never runs more threads than its size.
    pub async fn run_on<T, F>(&self, threads: usize, job: F) -> Option<T>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let weight = threads.clamp(1, self.size) as u32;
        let permit = self.permits.clone().acquire_many_owned(weight).await.ok()?;
        tokio::task::spawn_blocking(move || {
            let result = job();
            drop(permit);
            result
        })
        .await
        .ok()
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
                    pool.run_on(threads, move || {
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
            pool.run_on(9, || 1).await,
            Some(1),
            "capped at the pool's size"
        );
    }
}
