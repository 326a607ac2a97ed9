//! Random playouts per second, the loop `agora bench tsuro --players N` runs:
//! `cargo run --release -p agora-tsuro --example playouts -- [players] [seconds] [games]`.
//! With a game count the run stops there instead (for instruction counts under a profiler).

use std::time::{Duration, Instant};

use agora_engine::{FastRng, Game, Turn};
use agora_tsuro::{Tsuro, TsuroOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let players: usize = args.next().map_or(2, |a| a.parse().expect("players"));
    let seconds: f64 = args.next().map_or(3.0, |a| a.parse().expect("seconds"));
    let max_games: u64 = args.next().map_or(u64::MAX, |a| a.parse().expect("games"));
    let options = TsuroOptions {
        players,
        elimination_bonus: false,
    };
    let mut rng = FastRng::new(1);
    let (mut games, mut plies) = (0u64, 0u64);
    let start = Instant::now();
    let budget = Duration::from_secs_f64(seconds);
    while start.elapsed() < budget && games < max_games {
        for _ in 0..1000.min(max_games) {
            let setup = Tsuro::random_setup(&options, &mut rng);
            let mut game = Tsuro::from_setup(&setup).expect("dealt setups are valid");
            loop {
                match game.turn() {
                    Turn::Over => break,
                    Turn::Chance => {
                        let mv = game.sample_chance(&mut rng);
                        game.play_unchecked(mv)
                    }
                    Turn::Seat(_) => {
                        let mv = game.random_legal_move(&mut rng).expect("a move");
                        game.play_unchecked(mv)
                    }
                }
                plies += 1;
            }
            games += 1;
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "tsuro {players} players: {games} games in {elapsed:.2} s: {:.0} games/s, {:.0} ns/game, {:.1} plies/game",
        games as f64 / elapsed,
        elapsed * 1e9 / games as f64,
        plies as f64 / games as f64
    );
}
