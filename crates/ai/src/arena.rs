//! Matches between bots: every pairing (or every K-subset for a game of K seats), seats
//! rotated, games in parallel, results as JSON lines and standings.
//!
//! ```ignore
//! let config = ArenaConfig {
//!     bots: vec!["ismcts:hard".parse()?, "greedy".parse()?, "random".parse()?],
//!     games: 400,
//!     players: 2,
//!     threads: 2,
//!     seed: 1,
//!     bot_seed: 2,
//!     options: TyrusOptions::default(),
//! };
//! let cancel = AtomicBool::new(false); // set it from a Ctrl-C handler
//! let report = arena::run::<Tyrus>(&config, &cancel, |result, progress| {
//!     bar.set_position(progress.done);
//!     writeln!(out, "{}", serde_json::to_string(result)?);
//! })?;
//! println!("{}", report.standings.table());
//! ```

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use agora_engine::fair::chance_rng;
use agora_engine::{GameRecord, Seat, SeatSet, SetupError, Turn, Viewer};
use serde::{Deserialize, Serialize};

use crate::seeds::derive_seed;
use crate::{Bot, BotSpec, BuildBotError, Heuristics, Standings};

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig<O> {
    /// The bots; the same spec may appear more than once (e.g. three `greedy` against one
    /// `ismcts:hard` at a four-seat table).
    pub bots: Vec<BotSpec>,
    /// Games per match-up. Each deal is played once per seat rotation, so a multiple of
    /// `players` gives every bot every seat equally often.
    pub games: u64,
    /// Seats at each table: every subset of this many bots meets.
    pub players: usize,
    /// Games played at once.
    pub threads: usize,
    /// Fixes every deal (and its chance moves).
    pub seed: u64,
    /// Fixes every bot's randomness, independently of the deals: nothing a bot gets is
    /// derived from a deal's seed. With `seed`, the same config plays the same games (bots
    /// with a time budget aside).
    pub bot_seed: u64,
    /// The game's options; they must give `players` seats.
    pub options: O,
}

/// How far an arena has got.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
}

/// One finished game: one JSON line of `agora arena --out`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameResult {
    pub game: String,
    /// Position in the arena's schedule.
    pub index: u64,
    /// The seed of the deal ([`agora_engine::Game::setup_from_seed`] with the options below).
    pub seed: u64,
    /// The arena's seed for the bots' randomness ([`ArenaConfig::bot_seed`]): with the
    /// arena's `seed` and `index`, the game plays again the same.
    #[serde(default)]
    pub bot_seed: u64,
    pub options: serde_json::Value,
    /// The bot at each seat.
    pub seats: Vec<String>,
    /// The index in the arena's bot list of the bot at each seat.
    pub participants: Vec<usize>,
    pub winners: SeatSet,
    pub reason: String,
    /// Moves played, chance included.
    pub plies: u32,
    /// Thinking time of each seat over the game, and its longest decision, in milliseconds.
    pub think_ms: Vec<f64>,
    pub max_think_ms: Vec<f64>,
    /// Why a seat lost by forfeit (an illegal move or a bot error), if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<String>,
    /// The moves in the game's notation.
    pub moves: Vec<String>,
}

impl GameResult {
    /// Whether the bot at `seat` won (alone or sharing the win).
    pub fn won(&self, seat: usize) -> bool {
        self.winners.contains(Seat(seat as u8))
    }

    /// The game as a record that `agora replay` reads.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            game: self.game.clone(),
            seed: Some(self.seed),
            options: Some(self.options.clone()),
            setup: None,
            moves: self.moves.clone(),
            ..Default::default()
        }
    }
}

/// Everything an arena played and measured.
#[derive(Clone, Debug)]
pub struct ArenaReport {
    /// The bots' names, indexed like [`GameResult::participants`]; a repeated spec gets `#2`,
    /// `#3`, ...
    pub names: Vec<String>,
    /// Finished games in schedule order.
    pub results: Vec<GameResult>,
    pub standings: Standings,
    /// Whether the cancel flag stopped the arena early (the results are the games that
    /// finished).
    pub cancelled: bool,
    pub elapsed: Duration,
}

/// Why an arena cannot start.
#[derive(Clone, Debug, PartialEq)]
pub enum ArenaError {
    Bot(BuildBotError),
    TooFewBots {
        bots: usize,
        players: usize,
    },
    WrongPlayers {
        game: &'static str,
        seats: usize,
        players: usize,
    },
    Setup(SetupError),
    Options(String),
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::Bot(e) => e.fmt(f),
            ArenaError::TooFewBots { bots, players } => {
                write!(f, "{bots} bots cannot fill a table of {players}")
            }
            ArenaError::WrongPlayers {
                game,
                seats,
                players,
            } => write!(
                f,
                "these {game} options seat {seats} players, not {players}"
            ),
            ArenaError::Setup(e) => e.fmt(f),
            ArenaError::Options(e) => write!(f, "options do not serialize: {e}"),
        }
    }
}

impl std::error::Error for ArenaError {}

/// The names the report uses: specs, with `#2`, `#3` on repeats.
pub fn names(bots: &[BotSpec]) -> Vec<String> {
    let specs: Vec<String> = bots.iter().map(ToString::to_string).collect();
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let before = specs[..i].iter().filter(|s| *s == spec).count();
            if before == 0 {
                spec.clone()
            } else {
                format!("{spec}#{}", before + 1)
            }
        })
        .collect()
}

/// Every `k`-subset of `0..n`, in lexicographic order.
pub fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn extend(
        n: usize,
        k: usize,
        from: usize,
        current: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in from..n {
            if n - i < k - current.len() {
                break;
            }
            current.push(i);
            extend(n, k, i + 1, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    if k <= n {
        extend(n, k, 0, &mut Vec::new(), &mut out);
    }
    out
}

/// One game of the schedule: which bots, in which seats, on which deal.
#[derive(Clone, Debug)]
struct Job {
    index: u64,
    participants: Vec<usize>,
    seed: u64,
}

fn schedule<O>(config: &ArenaConfig<O>) -> Vec<Job> {
    let k = config.players;
    let mut jobs = Vec::new();
    for matchup in subsets(config.bots.len(), k) {
        for game in 0..config.games {
            // Every deal is played once per rotation of the seats.
            let deal = game / k as u64;
            let rotation = (game % k as u64) as usize;
            let participants = (0..k).map(|seat| matchup[(seat + rotation) % k]).collect();
            jobs.push(Job {
                index: jobs.len() as u64,
                participants,
                seed: derive_seed(config.seed, deal),
            });
        }
    }
    jobs
}

/// Plays the arena: `config.threads` workers take games off the schedule; `on_game` hears of
/// every finished game (on the calling thread, in the order they finish) with the progress so
/// far. Setting `cancel` stops the arena between two moves: games under way are dropped and
/// the report holds the finished ones.
pub fn run<G: Heuristics>(
    config: &ArenaConfig<G::Options>,
    cancel: &AtomicBool,
    mut on_game: impl FnMut(&GameResult, Progress),
) -> Result<ArenaReport, ArenaError> {
    let start = Instant::now();
    for spec in &config.bots {
        spec.build::<G>().map_err(ArenaError::Bot)?;
    }
    if config.bots.len() < config.players {
        return Err(ArenaError::TooFewBots {
            bots: config.bots.len(),
            players: config.players,
        });
    }
    let state = G::from_setup(&G::setup_from_seed(&config.options, config.seed))
        .map_err(ArenaError::Setup)?;
    if state.seats() != config.players {
        return Err(ArenaError::WrongPlayers {
            game: G::NAME,
            seats: state.seats(),
            players: config.players,
        });
    }
    let options =
        serde_json::to_value(&config.options).map_err(|e| ArenaError::Options(e.to_string()))?;
    let names = names(&config.bots);
    let jobs = schedule(config);
    let total = jobs.len() as u64;
    let next = AtomicU64::new(0);
    let mut results = Vec::with_capacity(jobs.len());

    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<GameResult>();
        for _ in 0..config.threads.max(1) {
            let sender = sender.clone();
            let (jobs, next, names, options) = (&jobs, &next, &names, &options);
            scope.spawn(move || {
                let mut bots: Vec<Option<Box<dyn Bot<G>>>> =
                    config.bots.iter().map(|_| None).collect();
                loop {
                    if cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed) as usize) else {
                        break;
                    };
                    let played = play::<G>(config, job, &mut bots, names, options, cancel);
                    match played {
                        Some(result) => {
                            if sender.send(result).is_err() {
                                break;
                            }
                        }
                        None => break,
                    }
                }
            });
        }
        drop(sender);
        for result in receiver {
            results.push(result);
            on_game(
                results.last().expect("just pushed"),
                Progress {
                    done: results.len() as u64,
                    total,
                },
            );
        }
    });

    results.sort_by_key(|r| r.index);
    let standings = Standings::new(&names, &results);
    Ok(ArenaReport {
        names,
        cancelled: cancel.load(Ordering::Relaxed) && (results.len() as u64) < total,
        results,
        standings,
        elapsed: start.elapsed(),
    })
}

/// Plays one game of the schedule; `None` when cancelled before its end.
fn play<G: Heuristics>(
    config: &ArenaConfig<G::Options>,
    job: &Job,
    bots: &mut [Option<Box<dyn Bot<G>>>],
    names: &[String],
    options: &serde_json::Value,
    cancel: &AtomicBool,
) -> Option<GameResult> {
    let players = job.participants.len();
    let mut result = GameResult {
        game: G::NAME.to_string(),
        index: job.index,
        seed: job.seed,
        bot_seed: config.bot_seed,
        options: options.clone(),
        seats: job.participants.iter().map(|&p| names[p].clone()).collect(),
        participants: job.participants.clone(),
        winners: SeatSet::EMPTY,
        reason: String::new(),
        plies: 0,
        think_ms: vec![0.0; players],
        max_think_ms: vec![0.0; players],
        forfeit: None,
        moves: Vec::new(),
    };
    let mut state = match G::from_setup(&G::setup_from_seed(&config.options, job.seed)) {
        Ok(state) => state,
        Err(e) => {
            result.reason = "bad_setup".to_string();
            result.forfeit = Some(e.to_string());
            return Some(result);
        }
    };
    let game_seed = derive_seed(config.bot_seed, job.index);
    loop {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let mv = match state.turn() {
            Turn::Over => break,
            // As the server draws them (`agora_engine::fair`), so that an arena game is one
            // the server could have dealt: `agora arena --rate` stores it as such.
            Turn::Chance => state.sample_chance(&mut chance_rng(job.seed, result.moves.len())),
            Turn::Seat(seat) => {
                let participant = job.participants[seat.index()];
                let bot = bots[participant].get_or_insert_with(|| {
                    config.bots[participant]
                        .build::<G>()
                        .expect("checked before the games")
                });
                let view = state.view(Viewer::Seat(seat));
                let started = Instant::now();
                let chosen = bot.choose(&view, seat, derive_seed(game_seed, result.plies.into()));
                // Microseconds are plenty, and three decimals read back from JSON exactly.
                let ms = (started.elapsed().as_secs_f64() * 1e6).round() / 1000.0;
                let total = result.think_ms[seat.index()] + ms;
                result.think_ms[seat.index()] = (total * 1000.0).round() / 1000.0;
                result.max_think_ms[seat.index()] = result.max_think_ms[seat.index()].max(ms);
                let checked = chosen.map_err(|e| e.to_string()).and_then(|mv| {
                    state
                        .check_move(mv)
                        .map(|()| mv)
                        .map_err(|e| format!("illegal move {}: {e}", state.format_move(mv)))
                });
                match checked {
                    Ok(mv) => mv,
                    Err(reason) => {
                        result.forfeit = Some(format!("seat {seat}: {reason}"));
                        result.winners = (0..players)
                            .map(|s| Seat(s as u8))
                            .filter(|&s| s != seat)
                            .collect();
                        result.reason = "forfeit".to_string();
                        return Some(result);
                    }
                }
            }
        };
        result.moves.push(state.format_move(mv));
        state.play_unchecked(mv);
        result.plies += 1;
    }
    let outcome = state.outcome().expect("a finished game has an outcome");
    result.winners = outcome.winners;
    result.reason = outcome.reason.into_owned();
    Some(result)
}
