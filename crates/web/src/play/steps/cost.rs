//! What a replay step costs at the last steps of a long two-seat Tyranny game:
//! `cargo test --release -p agora-web --lib stepping_cost -- --ignored --nocapture` (the
//! figures in docs/benchmarks.md, "Replays"). The same seeded game is measured twice: the
//! stepper alone (a step's state, and its table drawn), and the whole request as the server
//! answers it (the router and its layers, the game loaded, the page or the script's fragment
//! rendered, the body read), without the socket.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use agora_engine::{Seat, Viewer};
use agora_games::{AnyGame, GameKind};
use agora_present::{Lang, Reader};
use agora_server::{AppState, ServerConfig};
use agora_store::{
    AccountKind, Append, Durability, Event, NewGame, NewSeat, NewTable, SeatKind, Store,
    TableStatus, TimeControl,
};
use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use tower::ServiceExt;

use super::tests::played_log;
use super::{EVERY, Stepper};
use crate::i18n::Tr;
use crate::play::seam::Surroundings;

/// How many steps each figure takes: the last step and the 15 before it, in turn (a reader
/// pressing ← and → near the end).
const REQUESTS: u64 = 200;

/// The seat moves the game has at least.
const TURNS: usize = 200;

/// A seeded game, to its end.
struct LongGame {
    seed: u64,
    options: Value,
    setup: Value,
    opening: AnyGame,
    events: Vec<Event>,
    outcome: agora_engine::Outcome,
}

impl LongGame {
    /// The first two-seat Tyranny game (deal and moves seeded 0, 1, …) that ends after
    /// [`TURNS`] seat moves or more.
    fn find() -> LongGame {
        let options = json!({ "players": 2 });
        (0..)
            .find_map(|seed| {
                let (opening, setup) = AnyGame::deal(GameKind::Tyranny, &options, seed).unwrap();
                let events = played_log(&opening, 100_000, seed);
                if events.iter().filter(|e| e.seat.is_some()).count() < TURNS {
                    return None;
                }
                let mut game = opening.clone();
                for event in &events {
                    game.play(event.notation.as_deref().unwrap()).unwrap();
                }
                Some(LongGame {
                    seed,
                    options: options.clone(),
                    setup,
                    opening,
                    events,
                    outcome: game.outcome()?,
                })
            })
            .unwrap()
    }

    fn turns(&self) -> usize {
        self.events.iter().filter(|e| e.seat.is_some()).count()
    }

    fn steps(&self) -> u64 {
        self.events.len() as u64
    }

    /// The `i`th step measured.
    fn step(&self, i: u64) -> u64 {
        self.steps() - (i % EVERY).min(self.steps())
    }

    /// A server's state on a scratch store holding this game, finished, between Ada and Bob.
    async fn stored(&self) -> (AppState, agora_store::TableId) {
        let store = Store::open("sqlite::memory:", Durability::Process)
            .await
            .unwrap();
        let now = 1_800_000_000_000;
        let mut names = Vec::new();
        let mut seats = Vec::new();
        for name in ["Ada", "Bob"] {
            let account = store
                .create_account(name, AccountKind::User, None, now)
                .await
                .unwrap();
            names.push(Some(name.to_string()));
            seats.push(NewSeat {
                kind: SeatKind::Open,
                account: Some(account.id),
                ai_level: None,
                invite_hash: None,
            });
        }
        let table = NewTable {
            game: "tyranny".into(),
            options: self.options.clone(),
            time_control: TimeControl::Untimed {},
            public: true,
            rated: false,
            created_by: seats[0].account.unwrap(),
            seats,
        };
        let deal = NewGame {
            seed: self.seed,
            salt: agora_engine::fair::salt_text(&[7; 32]),
            setup: self.setup.clone(),
            clocks: Vec::new(),
        };
        let stored = store
            .create_started_game(&table, &names, &deal, None, now)
            .await
            .unwrap();
        let id = stored.table.id;
        let events = self
            .events
            .iter()
            .map(|e| Event {
                at: now + e.version as i64 * 1000,
                ..e.clone()
            })
            .collect();
        store
            .append(&Append {
                game: id,
                after_version: 0,
                events,
                status: TableStatus::Finished,
                outcome: Some(self.outcome.clone()),
                turn_started_at: now,
                substituted: Vec::new(),
            })
            .await
            .unwrap();
        // One reader asks every step: no per-address limit.
        let config = ServerConfig {
            http_rate: None,
            ..ServerConfig::default()
        };
        (AppState::new(store, config), id)
    }
}

/// The median and the 99th percentile of `ms`.
fn percentiles(mut ms: Vec<f64>) -> (f64, f64) {
    ms.sort_by(f64::total_cmp);
    (ms[ms.len() / 2], ms[ms.len() * 99 / 100])
}

fn millis(took: Duration) -> f64 {
    took.as_secs_f64() * 1000.0
}

#[test]
#[ignore = "a measurement, not a check"]
fn stepping_cost_of_a_state() {
    let game = LongGame::find();
    let viewer = Viewer::Seat(Seat(0));
    let reader = Reader::new(Lang::En, viewer, Vec::new());
    let started = Instant::now();
    let stepper = Stepper::new(reader, game.opening.clone(), game.events.clone()).unwrap();
    let built = started.elapsed();
    let names: Vec<String> = ["Ada", "Bob"].map(String::from).to_vec();
    let mut states = Vec::new();
    let mut tables = Vec::new();
    for i in 0..REQUESTS {
        let started = Instant::now();
        let narrated = stepper.at(game.step(i)).unwrap();
        states.push(millis(started.elapsed()));
        let table = narrated.game_table(&Surroundings {
            tr: Tr(Lang::En),
            names: &names,
            legal: &[],
            my_turn: false,
            rot: None,
            revealed: false,
        });
        std::hint::black_box(table);
        tables.push(millis(started.elapsed()));
    }
    let (state_50, state_99) = percentiles(states);
    let (table_50, table_99) = percentiles(tables);
    eprintln!(
        "stepper: {} seat moves, {} steps: narrated once in {:.1} ms; a step's state p50 {state_50:.2} ms, p99 {state_99:.2} ms; with its table p50 {table_50:.2} ms, p99 {table_99:.2} ms",
        game.turns(),
        game.steps(),
        millis(built),
    );
}

/// The CPU time this process's threads have had (Linux's per-thread `schedstat`), so that a
/// request's own work is told apart from its wait for a CPU on a busy machine.
fn cpu_time() -> Option<Duration> {
    let mut ns = 0;
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let stat = std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok()?;
        ns += stat.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(Duration::from_nanos(ns))
}

/// What one request took.
struct Timed {
    wall: Duration,
    /// The CPU time it used, where the system says.
    cpu: Option<Duration>,
    bytes: usize,
}

/// The whole answer to `GET uri` from `router`, timed.
async fn timed_get(router: &Router, uri: &str) -> Timed {
    let mut request = Request::get(uri).body(Body::empty()).unwrap();
    request
        .extensions_mut()
        .insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 40_000))));
    let cpu_before = cpu_time();
    let started = Instant::now();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let wall = started.elapsed();
    let cpu = cpu_before
        .zip(cpu_time())
        .map(|(before, after)| after - before);
    assert_eq!(
        status,
        StatusCode::OK,
        "{uri}: {}",
        String::from_utf8_lossy(&body)
    );
    Timed {
        wall,
        cpu,
        bytes: body.len(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement, not a check"]
async fn stepping_cost_of_a_request() {
    let game = LongGame::find();
    let (state, id) = game.stored().await;
    let router = agora_server::router(state, Some(crate::ROUTES));
    let page = |step: u64| format!("/games/{id}/replay?step={step}&as=0");
    let fragment = |step: u64| format!("/games/{id}/replay/fragment?step={step}&as=0");
    // The first request narrates the log (the stepper is kept for the next ones).
    let first = timed_get(&router, &page(game.steps())).await.wall;
    for (what, address) in [
        ("the whole page", &page as &dyn Fn(u64) -> String),
        ("the script's fragment", &fragment),
    ] {
        let mut walls = Vec::new();
        let mut cpus = Vec::new();
        let mut bytes = 0;
        for i in 0..REQUESTS {
            let timed = timed_get(&router, &address(game.step(i))).await;
            walls.push(millis(timed.wall));
            cpus.extend(timed.cpu.map(millis));
            bytes = bytes.max(timed.bytes);
        }
        let (p50, p99) = percentiles(walls);
        let cpu = match cpus.len() {
            0 => String::new(),
            _ => {
                let (p50, p99) = percentiles(cpus);
                format!(" (CPU p50 {p50:.2} ms, p99 {p99:.2} ms)")
            }
        };
        eprintln!(
            "request, {what}: {} seat moves, {} steps (first request {:.1} ms); p50 {p50:.2} ms, p99 {p99:.2} ms{cpu}; up to {} kB",
            game.turns(),
            game.steps(),
            millis(first),
            bytes / 1000,
        );
    }
}
