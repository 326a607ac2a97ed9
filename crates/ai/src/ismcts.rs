use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use agora_engine::{FastRng, Seat, Viewer};
use serde::{Deserialize, Serialize};

use crate::random::to_move;
use crate::search::{Params, RootStats, Search, Until};
use crate::seeds::derive_seed;
use crate::{Analysis, Backup, Bot, BotError, Budget, Heuristics, MoveStats, Observers};

/// Everything that shapes an ISMCTS decision.
#[derive(Copy, Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct IsmctsConfig {
    pub budget: Budget,
    /// Search threads (root parallelism): each searches its own trees with its share of the
    /// iterations and its own seed; their root statistics are added up. The move depends on
    /// the thread count, not on how the threads are scheduled.
    pub threads: usize,
    /// The UCB exploration constant `c` in `mean + c·sqrt(ln(available) / visits)`, for
    /// rewards between 0 and 1.
    pub exploration: f64,
    pub backup: Backup,
    pub observers: Observers,
    /// How far the search trusts the game's inference ([`Heuristics::plausibility`]): the
    /// power its weights are raised to; 1 as the game gives them, 0 not at all.
    #[serde(default = "one")]
    pub inference: f64,
    /// The playout policy: 0 the game's ([`Heuristics::playout_move`]), else one of its
    /// alternatives ([`Heuristics::alternative_playout_move`]).
    #[serde(default)]
    pub playout: u8,
    /// The inference model: 0 the game's ([`Heuristics::plausibility`]), else one of its
    /// alternatives ([`Heuristics::alternative_plausibility`]).
    #[serde(default)]
    pub model: u8,
}

fn one() -> f64 {
    1.0
}

impl IsmctsConfig {
    /// The exploration constant of Cowling, Powley and Whitehouse's experiments.
    pub const EXPLORATION: f64 = 0.7;
    /// Iterations searched when a budget names neither iterations nor time.
    pub const FALLBACK_ITERATIONS: u64 = 1_000;

    pub fn new(budget: Budget) -> IsmctsConfig {
        IsmctsConfig {
            budget,
            threads: 1,
            exploration: IsmctsConfig::EXPLORATION,
            backup: Backup::MaxN,
            observers: Observers::Multiple,
            inference: 1.0,
            playout: 0,
            model: 0,
        }
    }
}

/// Information-set Monte-Carlo tree search (Cowling, Powley & Whitehouse 2012).
///
/// Each iteration samples a full state consistent with the bot's view
/// ([`agora_engine::Game::determinize`]), walks down the trees with UCB among the moves legal
/// in that sample (counting how often each was available), expands one new move, plays out at
/// random to the end and backs the winners' rewards up (`1/|winners|` to each winner). By
/// default it keeps one tree per seat, branching on moves as that seat sees them
/// ([`agora_engine::Game::seen_move`]): the multiple-observer variant, in which an opponent
/// cannot react to what it cannot see. Chance moves are sampled with
/// [`agora_engine::Game::sample_chance`] and branch each tree on what its seat sees of them.
///
/// It plays the most visited root move.
#[derive(Debug)]
pub struct IsmctsBot<G: Heuristics> {
    name: String,
    config: IsmctsConfig,
    searches: Vec<Search<G>>,
    stop: Option<Arc<AtomicBool>>,
}

impl<G: Heuristics> IsmctsBot<G> {
    /// A bot named after its budget, as a spec would name it (`ismcts:5000`).
    pub fn new(config: IsmctsConfig) -> IsmctsBot<G> {
        let mut name = "ismcts".to_string();
        if let Some(n) = config.budget.iterations {
            name.push_str(&format!(":{n}"));
        }
        if let Some(time) = config.budget.time {
            name.push_str(&format!(":{}ms", time.as_millis()));
        }
        IsmctsBot::named(name, config)
    }

    /// A bot that reports `name` (its spec) as its name.
    pub fn named(name: String, config: IsmctsConfig) -> IsmctsBot<G> {
        IsmctsBot {
            name,
            config,
            searches: Vec::new(),
            stop: None,
        }
    }

    pub fn config(&self) -> &IsmctsConfig {
        &self.config
    }

    pub fn set_budget(&mut self, budget: Budget) {
        self.config.budget = budget;
    }
}

impl<G: Heuristics> Bot<G> for IsmctsBot<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn stop_when(&mut self, stop: Arc<AtomicBool>) {
        self.stop = Some(stop);
    }

    fn analyse(
        &mut self,
        view: &G::View,
        seat: Seat,
        seed: u64,
    ) -> Result<Analysis<G::Move>, BotError> {
        let start = Instant::now();
        let mut budget = self.config.budget;
        if budget.iterations.is_none() && budget.time.is_none() {
            // A budget of nothing would search forever.
            budget.iterations = Some(IsmctsConfig::FALLBACK_ITERATIONS);
        }
        let until = Until {
            deadline: budget.time.map(|limit| start + limit),
            stop: self.stop.as_deref(),
        };
        let mut rng = FastRng::new(derive_seed(seed, 0));
        let sample = G::determinize(view, seat, &mut rng);
        to_move(&sample, seat)?;
        let mut root_moves = Vec::new();
        sample.legal_moves(&mut root_moves);
        // Moves its own seat sees alike are one branch: keep the first of each.
        let mut moves = Vec::with_capacity(root_moves.len());
        let mut keys = Vec::with_capacity(root_moves.len());
        for mv in root_moves {
            let key = sample.seen_move(mv, Viewer::Seat(seat));
            if !keys.contains(&key) {
                keys.push(key);
                moves.push(mv);
            }
        }
        if moves.len() == 1 {
            let mv = moves[0];
            return Ok(Analysis::single(
                mv,
                sample.format_move(mv),
                start.elapsed(),
            ));
        }

        let threads = self.config.threads.max(1);
        self.searches.resize_with(threads, Search::default);
        let params = Params {
            exploration: self.config.exploration as f32,
            backup: self.config.backup,
            observers: self.config.observers,
            inference: self.config.inference as f32,
            playout: self.config.playout,
            model: self.config.model,
        };
        let seats = sample.seats();
        let share = |thread: usize| {
            budget.iterations.map(|n| {
                let n = n.max(threads as u64);
                n / threads as u64 + u64::from((thread as u64) < n % threads as u64)
            })
        };
        let keys = &keys;
        let stats: Vec<RootStats> = if threads == 1 {
            vec![self.searches[0].run(
                view,
                seat,
                seats,
                keys,
                params,
                share(0),
                until,
                derive_seed(seed, 1),
            )]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = self
                    .searches
                    .iter_mut()
                    .enumerate()
                    .map(|(thread, search)| {
                        let iterations = share(thread);
                        scope.spawn(move || {
                            search.run(
                                view,
                                seat,
                                seats,
                                keys,
                                params,
                                iterations,
                                until,
                                derive_seed(seed, 1 + thread as u64),
                            )
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|handle| handle.join().expect("search thread"))
                    .collect()
            })
        };

        let mut visits = vec![0u64; moves.len()];
        let mut reward = vec![0f64; moves.len()];
        let mut iterations = 0;
        for thread in &stats {
            iterations += thread.iterations;
            for i in 0..moves.len() {
                visits[i] += thread.visits[i];
                reward[i] += thread.reward[i];
            }
        }
        let total: u64 = visits.iter().sum::<u64>().max(1);
        let mut ranked: Vec<MoveStats<G::Move>> = moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| MoveStats {
                mv,
                notation: sample.format_move(mv),
                visits: visits[i],
                share: visits[i] as f64 / total as f64,
                value: (visits[i] > 0).then(|| reward[i] / visits[i] as f64),
            })
            .collect();
        // Most visited first; the sort is stable, so ties keep the legal-move order.
        ranked.sort_by(|a, b| {
            b.visits.cmp(&a.visits).then(
                b.value
                    .unwrap_or(0.0)
                    .partial_cmp(&a.value.unwrap_or(0.0))
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        });
        Ok(Analysis {
            moves: ranked,
            iterations,
            elapsed: start.elapsed(),
        })
    }
}
