//! The computer's moves on PostgreSQL (issue 35): a queue in the database that every node
//! and every `agora ai-worker` takes from, round-robin by owner then game, under leases, so
//! that a worker that dies loses nothing. Skipped without a PostgreSQL server
//! (`AGORA_TEST_POSTGRES`); `scripts/test` always has one.

mod common;

use std::path::PathBuf;
use std::time::Duration;

use agora_server::{AI_LEASE, BlockingPool, ServerConfig};
use agora_store::{AiJobCounts, AiJobs, AiQueuePlace, Durability, NewAiJob, Store, TableId};
use common::{Client, start_server, test_config};
use serde_json::{Value, json};
use sqlx::Connection;
use tokio::time::Instant;

/// A node that takes no AI jobs itself: only the workers a test starts serve its games.
fn node_config() -> ServerConfig {
    ServerConfig {
        ai_threads: 0,
        ..test_config()
    }
}

async fn queue_of(url: &str) -> (Store, AiJobs) {
    let store = Store::open(url, Durability::Process).await.unwrap();
    let jobs = store.ai_jobs().expect("a PostgreSQL store has the queue");
    (store, jobs)
}

/// How many jobs a taker would claim before game `game`'s at `now`, if it waits.
async fn ahead(jobs: &AiJobs, game: i64, now: i64) -> Option<u64> {
    let place = jobs.place_of(TableId(game), now).await.unwrap();
    place.map(|p| p.ahead)
}

fn job(game: i64, version: u64, owner: &str, threads: u32) -> NewAiJob {
    NewAiJob {
        game: TableId(game),
        version,
        kind: "tsuro".into(),
        seat: 1,
        level: "easy".into(),
        view: "{}".into(),
        bot_seed: 7,
        threads,
        owner_key: owner.into(),
        game_node: "node-a".into(),
    }
}

/// Ada's three games wait before Bo's one, yet Bo's runs second: owners take turns, and an
/// owner's games take its turns in rotation; the queue predicts that order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn owners_then_their_games_take_turns_in_the_shared_queue() {
    let Some(url) = common::postgres_database("ai_fair").await else {
        return;
    };
    let (store, jobs) = queue_of(&url).await;
    for (game, owner) in [
        (1, "account 1"),
        (2, "account 1"),
        (3, "account 1"),
        (9, "account 2"),
    ] {
        jobs.queue(&job(game, 4, owner, 1), 0).await.unwrap();
    }
    assert_eq!(ahead(&jobs, 9, 1).await, Some(1));
    assert_eq!(ahead(&jobs, 3, 1).await, Some(3));
    assert_eq!(
        jobs.counts(1).await.unwrap(),
        AiJobCounts {
            running: 0,
            waiting: 4
        }
    );
    let mut order = Vec::new();
    while let Some(taken) = jobs.take("taker", (2, 2), 1, 60_000).await.unwrap() {
        order.push(taken.game.0);
    }
    assert_eq!(order, [1, 9, 2, 3]);
    assert_eq!(ahead(&jobs, 3, 1).await, None, "taken");
    assert_eq!(jobs.counts(1).await.unwrap().running, 4);
    store.close().await;
}

/// A result written after the lease lapsed, or for a version the game left, is refused;
/// the job's next taker's is the one played. A search on two threads at the head of the
/// queue waits for a taker with two free, and nothing behind it passes it meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_result_is_refused() {
    let Some(url) = common::postgres_database("ai_stale").await else {
        return;
    };
    let (store, jobs) = queue_of(&url).await;
    jobs.queue(&job(5, 3, "account 1", 1), 0).await.unwrap();
    let first = jobs.take("a", (1, 2), 0, 100).await.unwrap().unwrap();
    assert_eq!(
        jobs.take("b", (1, 2), 50, 100).await.unwrap(),
        None,
        "leased"
    );
    let again = jobs.take("b", (1, 2), 100, 10_000).await.unwrap().unwrap();
    assert_eq!(
        (again.id, again.taken_count),
        (first.id, 2),
        "its lease lapsed"
    );
    assert!(!jobs.renew(first.id, "a", 150, 100).await.unwrap());
    assert!(!jobs.finish(first.id, "a", Ok("late"), 150).await.unwrap());
    assert_eq!(jobs.take_result(TableId(5), 3).await.unwrap(), None);
    assert!(jobs.finish(again.id, "b", Ok("c3 1"), 150).await.unwrap());
    assert_eq!(
        jobs.take_result(TableId(5), 3).await.unwrap(),
        Some(Ok("c3 1".to_string()))
    );
    assert_eq!(jobs.take_result(TableId(5), 3).await.unwrap(), None, "once");

    // The game moved on while a taker searched: its job is another.
    jobs.queue(&job(6, 1, "account 1", 1), 0).await.unwrap();
    let old = jobs.take("a", (1, 2), 0, 10_000).await.unwrap().unwrap();
    jobs.queue(&job(6, 2, "account 1", 1), 10).await.unwrap();
    assert!(
        !jobs.renew(old.id, "a", 20, 10_000).await.unwrap(),
        "told to stop"
    );
    assert!(!jobs.finish(old.id, "a", Ok("x"), 20).await.unwrap());
    // Account 2 was never served, so its two-thread search is next, before game 6's.
    let hard = job(7, 1, "account 2", 2);
    jobs.queue(&hard, 30).await.unwrap();
    assert_eq!(
        jobs.take("a", (1, 2), 30, 10_000).await.unwrap(),
        None,
        "needs two, and game 6's job does not pass it"
    );
    assert_eq!(
        jobs.take("a", (1, 1), 30, 10_000)
            .await
            .unwrap()
            .unwrap()
            .game,
        TableId(7),
        "a taker of one thread runs it on its one"
    );
    let next = jobs.take("a", (1, 2), 30, 10_000).await.unwrap().unwrap();
    assert_eq!((next.game, next.version), (TableId(6), 2));
    store.close().await;
}

/// A `hard` search (two threads) queued first is served before the one-thread jobs queued
/// after it, even by a taker with one of its two threads busy: that taker takes nothing
/// until both are free; then the small jobs follow, none left waiting.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_that_does_not_fit_yet_is_not_passed_by_smaller_ones() {
    let Some(url) = common::postgres_database("ai_head").await else {
        return;
    };
    let (store, jobs) = queue_of(&url).await;
    jobs.queue(&job(1, 1, "account 1", 2), 0).await.unwrap();
    jobs.queue(&job(2, 1, "account 2", 1), 0).await.unwrap();
    jobs.queue(&job(3, 1, "account 3", 1), 0).await.unwrap();
    for _ in 0..2 {
        assert_eq!(
            jobs.take("node", (1, 2), 1, 60_000).await.unwrap(),
            None,
            "one thread of two free: the head does not fit, and nothing passes it"
        );
    }
    assert_eq!(
        (ahead(&jobs, 2, 1).await, ahead(&jobs, 3, 1).await),
        (Some(1), Some(2))
    );
    let mut order = Vec::new();
    let mut free = 2;
    while let Some(taken) = jobs.take("node", (free, 2), 1, 60_000).await.unwrap() {
        free -= taken.threads.min(2);
        order.push(taken.game.0);
        if free == 0 {
            free = 2; // The search ended.
        }
    }
    assert_eq!(order, [1, 2, 3]);
    assert_eq!(jobs.counts(1).await.unwrap().waiting, 0, "none starved");
    store.close().await;
}

/// A queued job is told its wait from its place: the jobs ahead and what is left of those
/// running, each at its game and level's mean search time as the takers measured it (from
/// taken to written back); a level never measured counts as the mean of those measured.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wait_comes_from_the_place_and_the_measured_search_times() {
    let Some(url) = common::postgres_database("ai_wait").await else {
        return;
    };
    let (store, jobs) = queue_of(&url).await;
    let at = |game: i64, owner: &str, level: &str| NewAiJob {
        level: level.into(),
        ..job(game, 1, owner, 1)
    };
    // Measured: Tsuro `hard` 400 ms, `easy` 100 ms.
    for (game, level, taken, written) in [(1, "hard", 0, 400), (2, "easy", 1_000, 1_100)] {
        jobs.queue(&at(game, "account 1", level), taken)
            .await
            .unwrap();
        let taken = jobs
            .take("w", (1, 1), taken, 10_000)
            .await
            .unwrap()
            .unwrap();
        assert!(jobs.finish(taken.id, "w", Ok("m"), written).await.unwrap());
        assert!(jobs.take_result(taken.game, 1).await.unwrap().is_some());
    }
    // A `hard` search running since 2,000; a `hard` and an `easy` job waiting behind it.
    jobs.queue(&at(3, "account 3", "hard"), 2_000)
        .await
        .unwrap();
    jobs.take("w", (1, 1), 2_000, 10_000)
        .await
        .unwrap()
        .unwrap();
    jobs.queue(&at(4, "account 4", "hard"), 2_050)
        .await
        .unwrap();
    jobs.queue(&at(5, "account 5", "easy"), 2_060)
        .await
        .unwrap();
    jobs.queue(&at(6, "account 6", "medium"), 2_070)
        .await
        .unwrap();
    let place = jobs.place_of(TableId(5), 2_100).await.unwrap().unwrap();
    assert_eq!(
        place,
        AiQueuePlace {
            ahead: 1,
            ahead_ms: 400,
            running: 1,
            running_left_ms: 300,
            own_ms: 100,
        }
    );
    let place = jobs.place_of(TableId(6), 2_100).await.unwrap().unwrap();
    assert_eq!((place.ahead, place.ahead_ms, place.own_ms), (2, 500, 250));
    assert_eq!(
        jobs.place_of(TableId(3), 2_100).await.unwrap(),
        None,
        "running"
    );
    store.close().await;
}

/// A game of `client` against the computer at `level`, played until the computer is to
/// move: its id and version then.
async fn until_computer_moves(client: &mut Client, game: &str, level: &str) -> (String, u64) {
    let created = client
        .ok(
            "/api/tables",
            // Tyranny seats four unless told otherwise.
            json!({"game": game, "options": if game == "tyranny" { json!({"players": 2}) } else { json!({}) },
                   "seats": [{"kind": "me"}, {"kind": "ai", "level": level}]}),
        )
        .await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    let state = play_until_computer(client, &id).await;
    (id, state["version"].as_u64().unwrap())
}

/// Plays the first legal move while it is the player's turn; the state once it is the
/// computer's (or the game is over).
async fn play_until_computer(client: &mut Client, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        assert!(
            Instant::now() < deadline,
            "the game did not reach the computer"
        );
        let state = client.game(id).await;
        if state["turn"]["seat"] == 1 || state["status"] != "playing" {
            return state;
        }
        if let Some(moves) = state["legal_moves"].as_array().filter(|m| !m.is_empty()) {
            let version = state["version"].as_u64().unwrap();
            let (status, body) = client
                .post(
                    &format!("/api/games/{id}/move"),
                    json!({"move": moves[0], "version": version}),
                )
                .await;
            assert_eq!(status, 200, "{body}");
        } else {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

async fn until_version_passes(client: &mut Client, id: &str, version: u64, within: Duration) {
    let deadline = Instant::now() + within;
    while client.game(id).await["version"].as_u64().unwrap() <= version {
        assert!(Instant::now() < deadline, "the computer never moved");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Every version from 1 on is logged once; the computer's seat made the move at `version + 1`.
async fn assert_one_move_at(url: &str, id: &str, version: u64) {
    let store = Store::open(url, Durability::Process).await.unwrap();
    let events = store.game(id.parse().unwrap()).await.unwrap().events;
    let versions: Vec<u64> = events.iter().map(|e| e.version).collect();
    assert_eq!(versions, (1..=versions.len() as u64).collect::<Vec<_>>());
    let answer = events.iter().find(|e| e.version == version + 1).unwrap();
    assert_eq!(answer.seat, Some(1), "{answer:?}");
    store.close().await;
}

/// A node that takes no jobs leaves its computer's move waiting in the queue until a
/// worker comes; the worker's move is played in the game, and the game goes on to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_computer_move_taken_by_a_worker_is_played_in_the_game() {
    a_worker_plays("ai_worker_plays", "tsuro", true).await;
}

/// Tyranny's moves travel too: its view (with what the seat remembers of the decks) goes to
/// the queue, and a worker's move is played in the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_worker_plays_a_tyranny_move() {
    a_worker_plays("ai_worker_tyranny", "tyranny", false).await;
}

/// A game of `game` against `easy` on a node that takes no jobs: its computer's move waits
/// until a worker comes and is played in the game; then, if `to_the_end`, every computer's
/// move until the game ends comes from the worker.
async fn a_worker_plays(test: &str, game: &str, to_the_end: bool) {
    let Some(url) = common::postgres_database(test).await else {
        return;
    };
    let node = start_server(url.clone(), node_config()).await;
    let mut ada = node.guest("ada").await;
    let (id, version) = until_computer_moves(&mut ada, game, "easy").await;
    let (store, jobs) = queue_of(&url).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(ada.game(&id).await["version"].as_u64(), Some(version));
    assert_eq!(jobs.counts(agora_store::now_ms()).await.unwrap().waiting, 1);

    let worker = tokio::spawn(agora_server::take_jobs(
        store.clone(),
        BlockingPool::background(1),
        "worker-a".into(),
        AI_LEASE,
    ));
    until_version_passes(&mut ada, &id, version, Duration::from_secs(30)).await;
    assert_one_move_at(&url, &id, version).await;
    let deadline = Instant::now() + Duration::from_secs(120);
    if to_the_end {
        loop {
            let state = play_until_computer(&mut ada, &id).await;
            if state["status"] != "playing" {
                assert_eq!(
                    jobs.counts(agora_store::now_ms()).await.unwrap(),
                    AiJobCounts::default()
                );
                break;
            }
            assert!(Instant::now() < deadline, "the game never ended");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    worker.abort();
    node.stop().await;
    store.close().await;
}

/// A game that ends (its player resigned) takes its computer's move out of the queue.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_game_that_ends_takes_its_job_out_of_the_shared_queue() {
    let Some(url) = common::postgres_database("ai_cancel").await else {
        return;
    };
    let node = start_server(url.clone(), node_config()).await;
    let mut ada = node.guest("ada").await;
    let (id, _) = until_computer_moves(&mut ada, "tsuro", "hard").await;
    let (store, jobs) = queue_of(&url).await;
    let counts = || async { jobs.counts(agora_store::now_ms()).await.unwrap() };
    let deadline = Instant::now() + Duration::from_secs(5);
    while counts().await.waiting != 1 {
        assert!(Instant::now() < deadline, "never queued");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let state = ada.game(&id).await;
    assert_eq!(state["computer"]["seat"], 1, "{state}");
    let (status, body) = ada
        .post(&format!("/api/games/{id}/resign"), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    let deadline = Instant::now() + Duration::from_secs(2);
    while counts().await != AiJobCounts::default() {
        assert!(Instant::now() < deadline, "the job stayed");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    node.stop().await;
    store.close().await;
}

/// A game nobody watches takes its computer's move out of the shared queue after
/// `ai_idle` (no taker spends a search on it), and queues it again as soon as someone asks
/// for the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_game_nobody_watches_leaves_the_shared_queue_until_someone_looks() {
    let Some(url) = common::postgres_database("ai_unwatched").await else {
        return;
    };
    let config = ServerConfig {
        ai_idle: Duration::from_secs(1),
        ..node_config()
    };
    let node = start_server(url.clone(), config).await;
    let mut ada = node.guest("ada").await;
    let (id, version) = until_computer_moves(&mut ada, "tsuro", "easy").await;
    let (store, jobs) = queue_of(&url).await;
    let waiting = |n: u64| {
        let jobs = jobs.clone();
        async move {
            let deadline = Instant::now() + Duration::from_secs(5);
            loop {
                let counts = jobs.counts(agora_store::now_ms()).await.unwrap();
                if counts
                    == (AiJobCounts {
                        running: 0,
                        waiting: n,
                    })
                {
                    return;
                }
                assert!(Instant::now() < deadline, "{counts:?}, not {n} waiting");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    };
    waiting(1).await;
    // Nobody looks: the job leaves the queue.
    waiting(0).await;
    let state = ada.game(&id).await;
    assert_eq!(
        state["version"].as_u64(),
        Some(version),
        "no move meanwhile"
    );
    // Asking for the game queued it again.
    waiting(1).await;
    node.stop().await;
    store.close().await;
}

/// The `agora` binary the workspace built (`cargo build -p agora-cli`).
fn agora_binary() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("AGORA_BIN") {
        return Some(path.into());
    }
    let built = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/debug/agora");
    built.exists().then_some(built)
}

/// A real `agora ai-worker` killed with `kill -9` in the middle of a `hard` search loses
/// nothing: once its lease lapses another worker takes the job, and the game goes on with
/// exactly one move for that turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_worker_killed_mid_job_has_its_job_done_by_another() {
    let Some(url) = common::postgres_database("ai_kill").await else {
        return;
    };
    let Some(binary) = agora_binary() else {
        assert!(
            std::env::var_os("AGORA_REQUIRE_POSTGRES").is_none(),
            "build the agora binary first (cargo build -p agora-cli) or set AGORA_BIN"
        );
        eprintln!("skipped: no agora binary (cargo build -p agora-cli)");
        return;
    };
    let node = start_server(url.clone(), node_config()).await;
    let mut ada = node.guest("ada").await;
    // Tyrus `hard` takes seconds in a debug build: long enough to die in.
    let (id, version) = until_computer_moves(&mut ada, "tyrus", "hard").await;
    let mut worker = std::process::Command::new(&binary)
        .args(["ai-worker", "--database", &url, "--threads", "2"])
        .args(["--lease-seconds", "2"])
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut db = sqlx::PgConnection::connect(&url).await.unwrap();
    let game: i64 = id.parse::<TableId>().unwrap().0;
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let taken: Option<(i32, Option<String>)> =
            sqlx::query_as("SELECT taken_count, result FROM ai_jobs WHERE game_id = $1")
                .bind(game)
                .fetch_optional(&mut db)
                .await
                .unwrap();
        if let Some((1, None)) = taken {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the worker never took the job: {taken:?}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    worker.kill().unwrap(); // SIGKILL
    worker.wait().unwrap();
    let (result, taken_by): (Option<String>, Option<String>) =
        sqlx::query_as("SELECT result, taken_by FROM ai_jobs WHERE game_id = $1")
            .bind(game)
            .fetch_one(&mut db)
            .await
            .unwrap();
    assert_eq!(result, None, "killed mid-search");
    assert!(taken_by.unwrap().starts_with("ai-worker-"));
    assert_eq!(ada.game(&id).await["version"].as_u64(), Some(version));

    let (store, _) = queue_of(&url).await;
    let other = tokio::spawn(agora_server::take_jobs(
        store.clone(),
        BlockingPool::background(2),
        "worker-b".into(),
        AI_LEASE,
    ));
    until_version_passes(&mut ada, &id, version, Duration::from_secs(120)).await;
    assert_one_move_at(&url, &id, version).await;
    other.abort();
    node.stop().await;
    store.close().await;
}
