//! The standings table of `agora arena` from its JSON lines (`--out`), for results split over
//! several runs (say, two seeds) or an arena stopped early.
//!
//! ```text
//! cargo run --release -p agora-ai --example standings -- a.jsonl[:N] b.jsonl[:N] ...
//! ```
//!
//! `:N` keeps the first N games of a file in schedule order (keep an even number in a
//! two-player arena, so that every deal is played from both seats).

use agora_ai::Standings;
use agora_ai::arena::GameResult;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut names: Vec<String> = Vec::new();
    let mut results = Vec::new();
    for arg in std::env::args().skip(1) {
        let (path, keep) = match arg.rsplit_once(':') {
            Some((path, n)) if n.parse::<usize>().is_ok() => (path.to_string(), n.parse()?),
            _ => (arg.clone(), usize::MAX),
        };
        let mut file: Vec<GameResult> = std::fs::read_to_string(&path)?
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(serde_json::from_str)
            .collect::<Result<_, _>>()?;
        file.sort_by_key(|r| r.index);
        file.truncate(keep);
        println!("{path}: {} games", file.len());
        for mut result in file {
            // Index bots by name across files, so that the same bot is one row.
            result.participants = result
                .seats
                .iter()
                .map(|name| match names.iter().position(|n| n == name) {
                    Some(i) => i,
                    None => {
                        names.push(name.clone());
                        names.len() - 1
                    }
                })
                .collect();
            results.push(result);
        }
    }
    print!("{}", Standings::new(&names, &results).table());
    Ok(())
}
