//! The pool's own tests: its size, its turns, its stops, its lowest class, its waits.

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
            let (pool, running, overlapped) = (pool.clone(), running.clone(), overlapped.clone());
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

/// A `hard` search (two threads) queued first, while one of the pool's two threads is
/// busy, runs before the one-thread jobs queued after it: they wait with it for the
/// thread to come free rather than take it; then they run, none left waiting.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_that_does_not_fit_yet_is_not_passed_by_smaller_ones() {
    let pool = BlockingPool::new(2);
    let order = Arc::new(Mutex::new(Vec::new()));
    let (release, blocked) = std::sync::mpsc::channel::<()>();
    let busy = tokio::spawn({
        let pool = pool.clone();
        async move { pool.run(move || blocked.recv().ok()).await }
    });
    while pool.inner.lock().free > 1 {
        tokio::task::yield_now().await;
    }
    let mut jobs = Vec::new();
    for (i, threads) in [2, 1, 1].into_iter().enumerate() {
        let (job_pool, order) = (pool.clone(), order.clone());
        let owner = Owner::Account(AccountId(i as i64 + 1));
        jobs.push(tokio::spawn(async move {
            job_pool
                .run_as(owner, threads, move || order.lock().unwrap().push(threads))
                .await
        }));
        while pool.inner.lock().queue.len() <= i {
            tokio::task::yield_now().await;
        }
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(order.lock().unwrap().is_empty(), "a one-thread job passed");
    release.send(()).unwrap();
    busy.await.unwrap().unwrap();
    for job in jobs {
        job.await.unwrap().unwrap();
    }
    assert_eq!(*order.lock().unwrap(), [2, 1, 1]);
}

/// A queued search is told its wait from its place: what is left of the running search
/// and the searches ahead, each at its level's measured mean time, shared by the pool's
/// threads, then its own level's time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wait_comes_from_the_place_and_the_measured_search_times() {
    use agora_ai::Level;
    use agora_games::GameKind::Tsuro;
    let pool = BlockingPool::background(1);
    let sleep = |ms| move |_| std::thread::sleep(Duration::from_millis(ms));
    // Measured: `medium` about 400 ms, `easy` about 100 ms.
    pool.run_search(TableId(1), (Tsuro, Level::Medium), sleep(400))
        .await
        .unwrap();
    pool.run_search(TableId(1), (Tsuro, Level::Easy), sleep(100))
        .await
        .unwrap();
    let (started, running) = std::sync::mpsc::channel::<()>();
    let searching = tokio::spawn({
        let pool = pool.clone();
        async move {
            pool.run_search(TableId(2), (Tsuro, Level::Medium), move |stop| {
                spin_until_stopped(started, &stop)
            })
            .await
        }
    });
    until_running(running).await;
    let asked = Instant::now();
    let mut queued = Vec::new();
    for (game, level) in [(3, Level::Medium), (4, Level::Easy)] {
        let pool2 = pool.clone();
        queued.push(tokio::spawn(async move {
            pool2
                .run_search(TableId(game), (Tsuro, level), sleep(1))
                .await
        }));
        while pool.waiting(TableId(game)).is_none() {
            tokio::task::yield_now().await;
        }
    }
    let easy = pool.waiting(TableId(4)).unwrap();
    let since = asked.elapsed();
    assert_eq!(easy.ahead, 1);
    // Left of the running search (400 less its time so far), one `medium`, its own `easy`.
    let ms = |ms| Duration::from_millis(ms);
    let expected = ms(400 + 400 + 100);
    assert!(
        easy.wait <= expected + ms(50) && easy.wait + since >= expected - ms(100),
        "{easy:?}"
    );
    searching.abort();
    for job in queued {
        job.await.unwrap().unwrap();
    }
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
            let kind = (agora_games::GameKind::Tsuro, agora_ai::Level::Easy);
            pool.run_search(TableId(1), kind, move |stop| {
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
