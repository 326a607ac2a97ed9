//! Runs an arena from the command line until `agora arena` does:
//!
//! ```text
//! cargo run --release -p agora-ai --example arena -- GAME BOTS GAMES [THREADS] [SEED] [OUT]
//! cargo run --release -p agora-ai --example arena -- tyrus ismcts:hard,greedy,random 400 1
//! ```
//!
//! Prints progress to stderr and the standings as Markdown; OUT gets one JSON line per game.

use std::io::Write;
use std::sync::atomic::AtomicBool;

use agora_ai::BotSpec;
use agora_ai::arena::{self, ArenaConfig};
use agora_tyrus::Tyrus;

/// The bots' randomness: the same in every run, and nothing to do with the deals' seed.
const BOT_SEED: u64 = 0x5eed;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: arena GAME BOTS GAMES [THREADS] [SEED] [OUT]");
        std::process::exit(2);
    }
    let bots: Vec<BotSpec> = args[1]
        .split(',')
        .map(|s| s.parse().unwrap_or_else(|e| fail(e)))
        .collect();
    let games: u64 = args[2].parse().unwrap_or_else(|e| fail(e));
    let threads: usize = args
        .get(3)
        .map_or(Ok(2), |t| t.parse())
        .unwrap_or_else(|e| fail(e));
    let seed: u64 = args
        .get(4)
        .map_or(Ok(1), |s| s.parse())
        .unwrap_or_else(|e| fail(e));
    let mut out = args
        .get(5)
        .map(|path| std::fs::File::create(path).unwrap_or_else(|e| fail(e)));
    let report = match args[0].as_str() {
        "tyrus" => {
            let config = ArenaConfig {
                bots,
                games,
                players: 2,
                threads,
                seed,
                // The bots' own fixed seed, never derived from the deals'.
                bot_seed: BOT_SEED,
                options: Default::default(),
            };
            arena::run::<Tyrus>(&config, &AtomicBool::new(false), |result, progress| {
                eprint!("\r{}/{}", progress.done, progress.total);
                if let Some(out) = &mut out {
                    let line = serde_json::to_string(result).expect("results serialize");
                    writeln!(out, "{line}").unwrap_or_else(|e| fail(e));
                }
            })
        }
        game => fail(format!("unknown game {game:?}")),
    }
    .unwrap_or_else(|e| fail(e));
    eprintln!();
    let think = |name: &str| {
        let (mut total, mut max, mut decisions) = (0.0, 0.0f64, 0usize);
        for r in &report.results {
            for (seat, bot) in r.seats.iter().enumerate() {
                if bot == name {
                    total += r.think_ms[seat];
                    max = max.max(r.max_think_ms[seat]);
                    decisions += r.moves.len() / r.seats.len();
                }
            }
        }
        (total / decisions.max(1) as f64, max)
    };
    println!("{}", report.standings.table());
    for name in &report.names {
        let (mean, max) = think(name);
        println!("{name}: {mean:.1} ms a move on average, {max:.0} ms at most");
    }
    println!(
        "{} games in {:.0} s",
        report.results.len(),
        report.elapsed.as_secs_f64()
    );
}

fn fail(e: impl std::fmt::Display) -> ! {
    eprintln!("{e}");
    std::process::exit(2)
}
