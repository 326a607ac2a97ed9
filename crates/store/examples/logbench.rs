//! The move log's cost on its own, without a server: `GAMES` tasks each append one event at a
//! time to a game of their own, as the actors of that many games being played do, for
//! `SECONDS`; then the process's CPU time per append.
//!
//! ```text
//! cargo run --release -p agora-store --example logbench -- [GAMES] [SECONDS] [--rematches]
//! ```
//!
//! With `--rematches` each task starts a new game every 50 appends (one write for the started
//! table, as a rematch makes), so set-ups count too. Figures are in docs/benchmarks.md.

use std::time::{Duration, Instant};

use agora_engine::{Outcome, Seat, SeatSet};
use agora_store::{
    AccountKind, Append, Durability, Event, EventKind, NewGame, NewSeat, NewTable, SeatKind, Store,
    TableStatus, TimeControl,
};
use serde_json::json;

/// Appends per game before a rematch, with `--rematches`: about a Tyrus game's.
const GAME_LENGTH: u64 = 50;

/// User plus system CPU time of this process so far, in seconds (Linux).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rematches = args.iter().any(|a| a == "--rematches");
    let numbers: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let games = numbers.first().copied().unwrap_or(200) as usize;
    let seconds = numbers.get(1).copied().unwrap_or(5);

    let dir = std::env::temp_dir().join(format!("agora-logbench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let url = format!("sqlite://{}/log.db", dir.display());
    let store = Store::open(&url, Durability::Process).await?;
    let account = store
        .create_account("bench", AccountKind::Guest, None, 0)
        .await?;
    let seat = NewSeat {
        kind: SeatKind::Open,
        account: Some(account.id),
        ai_level: None,
        invite_hash: None,
    };
    let table = NewTable {
        game: "tyrus".into(),
        options: json!({}),
        time_control: TimeControl::default(),
        public: false,
        rated: false,
        created_by: account.id,
        seats: vec![seat.clone(), seat],
    };
    let names = [Some("bench".to_string()), Some("bench".to_string())];
    let new_game = NewGame {
        seed: 1,
        salt: format!("salt-{}", 1),
        setup: json!({}),
        clocks: vec![],
    };

    let deadline = Instant::now() + Duration::from_secs(seconds);
    let (cpu_before, started) = (cpu_seconds(), Instant::now());
    let mut tasks = Vec::new();
    for _ in 0..games {
        let (store, table, names, new_game) = (
            store.clone(),
            table.clone(),
            names.clone(),
            new_game.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut appended = 0u64;
            let mut game = store
                .create_started_game(&table, &names, &new_game, None, 0)
                .await?
                .game
                .id;
            let mut version = 0u64;
            while Instant::now() < deadline {
                if rematches && version == GAME_LENGTH {
                    game = (store.create_started_game(&table, &names, &new_game, None, 0))
                        .await?
                        .game
                        .id;
                    version = 0;
                }
                let last = rematches && version + 1 == GAME_LENGTH;
                let append = Append {
                    game,
                    after_version: version,
                    events: vec![Event {
                        version: version + 1,
                        kind: EventKind::Move,
                        seat: Some((version % 2) as u8),
                        notation: Some("P3>c".into()),
                        at: 1_700_000_000_000 + version as i64,
                        clock_ms: None,
                    }],
                    status: if last {
                        TableStatus::Finished
                    } else {
                        TableStatus::Playing
                    },
                    outcome: last.then(|| won_by(0)),
                    turn_started_at: 1_700_000_000_000,
                    substituted: vec![],
                };
                store.append(&append).await?;
                version += 1;
                appended += 1;
            }
            Ok::<u64, agora_store::StoreError>(appended)
        }));
    }
    let mut appends = 0;
    for task in tasks {
        appends += task.await??;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu_before;
    println!(
        "{games} games{}: {appends} appends in {elapsed:.1} s ({:.0}/s), CPU {cpu:.2} s, {:.1} µs per append",
        if rematches { " with rematches" } else { "" },
        appends as f64 / elapsed,
        cpu * 1e6 / appends as f64
    );
    store.close().await;
    std::fs::remove_dir_all(&dir)?;
    Ok(())
}

/// A game won by `seat` alone.
fn won_by(seat: u8) -> Outcome {
    Outcome::new(SeatSet::single(Seat(seat)), "resignation")
}
