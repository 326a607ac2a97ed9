use std::time::{Duration, Instant};

use agora_engine::{FastRng, SetupError, Turn, Viewer};
use serde::Serialize;

use crate::seeds::derive_seed;
use crate::{Bot, BotError, BotSpec, Budget, BuildBotError, Heuristics, IsmctsBot, IsmctsConfig};

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
    Build(BuildBotError),
}

impl std::fmt::Display for BenchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BenchError::Setup(e) => e.fmt(f),
            BenchError::Bot(e) => e.fmt(f),
            BenchError::Build(e) => e.fmt(f),
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

/// How long a bot takes to decide over every position of some seeded games, as
/// `agora bench ai --level L` reports it: the worst case over whole games, not the opening.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct DecisionTimes {
    pub game: &'static str,
    pub bot: String,
    pub games: u64,
    /// Decisions the bot made, forced ones (a single distinct move, answered without search)
    /// included.
    pub decisions: u64,
    /// Decisions that searched; the figures below are over these.
    pub searched: u64,
    /// Searched decisions that stopped at the time cap before their iteration budget.
    pub capped: u64,
    #[serde(serialize_with = "as_seconds")]
    pub mean: Duration,
    #[serde(serialize_with = "as_seconds")]
    pub p50: Duration,
    #[serde(serialize_with = "as_seconds")]
    pub p99: Duration,
    #[serde(serialize_with = "as_seconds")]
    pub max: Duration,
    /// The deal seed and ply of the slowest decision.
    pub slowest: Option<(u64, u32)>,
}

/// Plays `games` games (deals `seed`, `seed + 1`, ...) in which the bot of `spec` plays every
/// seat, timing each of its decisions. With an iteration budget the games are reproducible;
/// a decision that stops short of its budget counts as capped.
pub fn decision_times<G: Heuristics>(
    options: &G::Options,
    spec: &BotSpec,
    seed: u64,
    games: u64,
) -> Result<DecisionTimes, BenchError> {
    let mut bot = spec.build::<G>().map_err(BenchError::Build)?;
    let budget = match spec {
        BotSpec::Ismcts(ismcts) => ismcts.config::<G>().budget.iterations,
        _ => None,
    };
    let mut times = Vec::new();
    let (mut decisions, mut capped) = (0, 0);
    let mut slowest: Option<(Duration, u64, u32)> = None;
    for game in 0..games {
        let deal = seed.wrapping_add(game);
        let mut state =
            G::from_setup(&G::setup_from_seed(options, deal)).map_err(BenchError::Setup)?;
        let mut chance = FastRng::new(derive_seed(deal, u64::MAX));
        let mut ply = 0u32;
        loop {
            let mv = match state.turn() {
                Turn::Over => break,
                Turn::Chance => state.sample_chance(&mut chance),
                Turn::Seat(seat) => {
                    let view = state.view(Viewer::Seat(seat));
                    let start = Instant::now();
                    let analysis = bot
                        .analyse(&view, seat, derive_seed(deal, ply.into()))
                        .map_err(BenchError::Bot)?;
                    let elapsed = start.elapsed();
                    decisions += 1;
                    if analysis.iterations > 0 {
                        times.push(elapsed);
                        if budget.is_some_and(|n| analysis.iterations < n) {
                            capped += 1;
                        }
                        if slowest.is_none_or(|(t, _, _)| elapsed > t) {
                            slowest = Some((elapsed, deal, ply));
                        }
                    }
                    analysis.best()
                }
            };
            state.play_unchecked(mv);
            ply += 1;
        }
    }
    times.sort_unstable();
    let quantile = |q: f64| {
        // The nearest rank: the smallest time at or above a fraction q of the decisions.
        let rank = ((q * times.len() as f64).ceil() as usize).clamp(1, times.len().max(1));
        times.get(rank - 1).copied().unwrap_or_default()
    };
    let total: Duration = times.iter().sum();
    Ok(DecisionTimes {
        game: G::NAME,
        bot: bot.name(),
        games,
        decisions,
        searched: times.len() as u64,
        capped,
        mean: total / (times.len() as u32).max(1),
        p50: quantile(0.5),
        p99: quantile(0.99),
        max: times.last().copied().unwrap_or_default(),
        slowest: slowest.map(|(_, deal, ply)| (deal, ply)),
    })
}
