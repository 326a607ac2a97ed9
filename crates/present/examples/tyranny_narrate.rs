//! A random two-player game told by the Tyranny narrator from seat 0's point of view: what
//! the terminal game and the web page's history say.
//!
//! `cargo run -p agora-present --example tyranny_narrate -- [seed] [moves] [en|de|fr]`

use agora_engine::{FastRng, Game, Seat, Turn, Viewer};
use agora_present::tyranny::{describe_board, narrate_move, status};
use agora_present::{Lang, Reader, Who};
use agora_tyranny::Tyranny;

fn main() {
    let mut state = Tyranny::new(2).unwrap();
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(9);
    let plies: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(60);
    let lang: Lang = args.next().and_then(|a| a.parse().ok()).unwrap_or_default();
    let mut rng = FastRng::new(seed);
    let viewer = Viewer::Seat(Seat(0));
    let reader = Reader::new(lang, viewer, vec![Who::Person("Ada".into()), Who::Computer]);
    for line in describe_board(&reader, &state.view(viewer)) {
        println!("{line}");
    }
    println!();
    for _ in 0..plies {
        let mv = match state.turn() {
            Turn::Over => break,
            Turn::Chance => state.sample_chance(&mut rng),
            Turn::Seat(_) => state.random_legal_move(&mut rng).unwrap(),
        };
        let before = state.view(viewer);
        let seen = state.seen_move(mv, viewer);
        let events: Vec<_> = state
            .play_logged(mv)
            .unwrap()
            .into_iter()
            .map(|e| e.seen_by(viewer))
            .collect();
        for line in narrate_move(&reader, &before, &seen, &events, &state.view(viewer)) {
            println!("{line}");
        }
    }
    println!("\n{}", status(&reader, &state.view(viewer)));
}
