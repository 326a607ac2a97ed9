//! Statistics over many games between random players: how games end and how long they last.
//!
//! `cargo run --release -p agora-ai --example tyranny_stats -- [games] [players] [sensible]`
//!
//! With `sensible`, every seat plays `agora_ai::tyranny_greedy` from its own view.

use std::collections::BTreeMap;

use agora_engine::{FastRng, Game, Turn, Viewer};
use agora_tyranny::Tyranny;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let players: u8 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let smart = args.next().is_some_and(|a| a == "sensible");
    let mut reasons: BTreeMap<String, u64> = BTreeMap::new();
    let mut turns = Vec::new();
    let mut plies = 0u64;
    let mut decisions = 0u64;
    let mut phases: BTreeMap<String, u64> = BTreeMap::new();
    let start = std::time::Instant::now();
    for seed in 0..games {
        let mut rng = FastRng::new(seed);
        let mut state = Tyranny::new(players).expect("standard setup");
        loop {
            let mv = match state.turn() {
                Turn::Over => break,
                Turn::Chance => state.sample_chance(&mut rng),
                Turn::Seat(seat) => {
                    decisions += 1;
                    *phases
                        .entry(
                            format!("{:?}", state.phase())
                                .split([' ', '{'])
                                .next()
                                .unwrap()
                                .to_string(),
                        )
                        .or_default() += 1;
                    if smart {
                        let view = state.view(Viewer::Seat(seat));
                        agora_ai::tyranny_greedy(&view, seat, &mut rng)
                    } else {
                        state.random_legal_move(&mut rng).expect("a move")
                    }
                }
            };
            state.play_unchecked(mv);
            plies += 1;
        }
        *reasons
            .entry(state.outcome().expect("over").reason.into_owned())
            .or_default() += 1;
        turns.push(state.table().turns());
    }
    for (phase, n) in &phases {
        println!(
            "  phase {phase:12} {:5.1} per game",
            *n as f64 / games as f64
        );
    }
    let elapsed = start.elapsed().as_secs_f64();
    turns.sort();
    let pct = |p: usize| turns[(turns.len() - 1) * p / 100];
    println!(
        "{games} {} games, {players} players",
        if smart { "sensible" } else { "random" }
    );
    for (reason, n) in &reasons {
        println!("  {reason:32} {:5.1}%", 100.0 * *n as f64 / games as f64);
    }
    println!(
        "  turns: p10 {} median {} p90 {} max {}",
        pct(10),
        pct(50),
        pct(90),
        turns[turns.len() - 1]
    );
    println!(
        "  plies per game {:.0}, decisions per game {:.0}",
        plies as f64 / games as f64,
        decisions as f64 / games as f64
    );
    println!(
        "  {:.0} games/s, {:.2} M moves/s",
        games as f64 / elapsed,
        plies as f64 / elapsed / 1e6
    );
}
