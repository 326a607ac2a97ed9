use std::time::{Duration, Instant};

use agora_engine::{FastRng, SetupError, Turn, Viewer};
use serde::Serialize;

use crate::seeds::derive_seed;
use crate::{Bot, BotError, Budget, Heuristics, IsmctsBot, IsmctsConfig};

/// How fast ISMCTS searches a game's opening, as `agora bench ai` reports it.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct SearchSpeed {
    pub game: &'static str,
    /// Decisions searched (one per deal).
    pub searches: u64,
    pub iterations: u64,
    pub threads: usize,
    #[serde(serialize_with = "as_seconds")]
    pub elapsed: Duration,
    /// Iterations per second over all threads.
    pub per_second: f64,
    /// `per_second / threads`.
    pub per_thread: f64,
}

/// Why a benchmark could not run.
#[derive(Clone, Debug, PartialEq)]
pub enum BenchError {
    Setup(SetupError),
    Bot(BotError),
}

impl std::fmt::Display for BenchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BenchError::Setup(e) => e.fmt(f),
            BenchError::Bot(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BenchError {}

/// Searches the opening of `searches` deals (seeds `seed`, `seed + 1`, ...) for the seat to
/// move, `iterations` each over `threads` threads (chance moves before the first decision are
/// drawn at random), and measures the iterations per second.
pub fn search_speed<G: Heuristics>(
    options: &G::Options,
    seed: u64,
    searches: u64,
    iterations: u64,
    threads: usize,
) -> Result<SearchSpeed, BenchError> {
    let mut config = IsmctsConfig::new(Budget::iterations(iterations));
    config.threads = threads.max(1);
    let mut bot = IsmctsBot::<G>::new(config);
    let mut total = 0;
    let mut elapsed = Duration::ZERO;
    for deal in 0..searches {
        let setup = G::setup_from_seed(options, seed.wrapping_add(deal));
        let mut state = G::from_setup(&setup).map_err(BenchError::Setup)?;
        let mut rng = FastRng::new(derive_seed(seed, deal));
        while state.turn() == Turn::Chance {
            let mv = state.sample_chance(&mut rng);
            state.play_unchecked(mv);
        }
        let Turn::Seat(seat) = state.turn() else {
            continue;
        };
        let view = state.view(Viewer::Seat(seat));
        let start = Instant::now();
        let analysis = bot
            .analyse(&view, seat, derive_seed(seed, deal))
            .map_err(BenchError::Bot)?;
        elapsed += start.elapsed();
        total += analysis.iterations;
    }
    let per_second = total as f64 / elapsed.as_secs_f64().max(1e-9);
    Ok(SearchSpeed {
        game: G::NAME,
        searches,
        iterations: total,
        threads: config.threads,
        elapsed,
        per_second,
        per_thread: per_second / config.threads as f64,
    })
}

fn as_seconds<S: serde::Serializer>(elapsed: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_f64(elapsed.as_secs_f64())
}
