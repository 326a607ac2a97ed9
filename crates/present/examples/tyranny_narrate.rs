//! A random two-player game narrated from seat 0's point of view with `agora_present::tyranny::text`:
//! what the terminal game can print.
//!
//! `cargo run -p agora-present --example tyranny_narrate -- [seed] [moves]`

use agora_engine::{FastRng, Game, Seat, Turn, Viewer};
use agora_present::tyranny::text;
use agora_tyranny::Tyranny;
fn main() {
    let mut state = Tyranny::new(2).unwrap();
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(9);
    let plies: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(60);
    let mut rng = FastRng::new(seed);
    let viewer = Viewer::Seat(Seat(0));
    println!("{}\n", text::describe(&state.view(viewer)));
    for _ in 0..plies {
        let mv = match state.turn() {
            Turn::Over => break,
            Turn::Chance => state.sample_chance(&mut rng),
            Turn::Seat(_) => state.random_legal_move(&mut rng).unwrap(),
        };
        let before = state.view(viewer);
        let seen = state.seen_move(mv, viewer);
        println!("> {}", text::seen_move(&before.table, seen));
        state.play(mv).unwrap();
        for line in text::changes(&before, &state.view(viewer)) {
            println!("    {line}");
        }
    }
    println!("\n{}", text::describe(&state.view(viewer)));
}
