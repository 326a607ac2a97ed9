//! Learns Tyrus's placement model (`PLACEMENT_LIKELIHOOD` in `src/tyrus.rs`, the inference of
//! `model=1`) from `agora arena --out` records: how often the bots put a tile face down in
//! each building by what it does there and how strong it is, against how often a tile drawn at
//! random from all thirty would be it.
//!
//! ```text
//! cargo run --release -p agora-ai --example tyrus_placements -- a.jsonl b.jsonl ...
//! ```
//!
//! The table in the source came from the Tyrus ladder's records (docs/arena/ladder:
//! tyrus-hard-3000 and tyrus-3000-1000, gunzipped) and 100 games of `ismcts:1000000:t=2`
//! against `ismcts:40000:t=2` (`--seed 2026`): 30,528 placements.

use agora_ai::arena::GameResult;
use agora_ai::tyrus_placement_class;
use agora_tyrus::{Placement, Side};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // [side][relation][strength band], side 0 the placer's own building.
    let mut counts = [[[0u64; 3]; 3]; 2];
    for path in std::env::args().skip(1) {
        for line in std::fs::read_to_string(&path)?.lines() {
            if line.trim().is_empty() {
                continue;
            }
            let result: GameResult = serde_json::from_str(line)?;
            if result.game != "tyrus" {
                continue;
            }
            for text in &result.moves {
                let placement = Placement::parse(text)?;
                let side = usize::from(placement.side == Side::Opp);
                let (relation, band) = tyrus_placement_class(placement.tile, placement.building);
                counts[side][relation][band] += 1;
            }
        }
    }
    let total: u64 = counts.iter().flatten().flatten().sum();
    println!("// {total} placements");
    println!("const PLACEMENT_LIKELIHOOD: [[[f32; 3]; 3]; 2] = [");
    for side in &counts {
        let placed: u64 = side.iter().flatten().sum();
        let rows: Vec<String> = side
            .iter()
            .map(|bands| {
                let cells: Vec<String> = bands
                    .iter()
                    .zip([4.0, 3.0, 3.0])
                    .map(|(&n, tiles)| {
                        // A random tile is of one relation and band with odds tiles / 30.
                        format!("{:.2}", n as f64 / placed.max(1) as f64 / (tiles / 30.0))
                    })
                    .collect();
                format!("[{}]", cells.join(", "))
            })
            .collect();
        println!("    [{}],", rows.join(", "));
    }
    println!("];");
    Ok(())
}
