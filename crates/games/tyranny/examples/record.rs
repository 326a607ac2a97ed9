//! Plays one random game and prints its record and final summary as JSON (used to make the
//! known-answer files under `tests/data/`).
//!
//! `cargo run -p agora-tyranny --example record -- [seed] [players]`

use agora_engine::{FastRng, Game, GameRecord, Turn};
use agora_tyranny::{Options, Tyranny};

fn main() {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let players: u8 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let setup = Tyranny::setup_from_seed(&Options { players }, seed);
    let mut state = Tyranny::from_setup(&setup).expect("setup");
    let mut rng = FastRng::new(seed);
    let mut moves = Vec::new();
    loop {
        let mv = match state.turn() {
            Turn::Over => break,
            Turn::Chance => state.sample_chance(&mut rng),
            Turn::Seat(_) => state.random_legal_move(&mut rng).expect("a move"),
        };
        moves.push(state.format_move(mv));
        state.play_unchecked(mv);
    }
    let record = GameRecord {
        game: "tyranny".into(),
        seed: Some(seed),
        options: Some(serde_json::json!({"players": players})),
        setup: None,
        moves,
        ..Default::default()
    };
    let out = serde_json::json!({"record": record, "summary": state.summary()});
    println!("{}", serde_json::to_string_pretty(&out).expect("json"));
}
