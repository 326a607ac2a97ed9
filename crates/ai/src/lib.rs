//! Computer players for Agora's games, and an arena that measures them.
//!
//! Every bot implements [`Bot`]: it receives a seat's [`agora_engine::Game::View`] (never the
//! state), the seat and a seed, and returns a move, or an [`Analysis`] of its candidate moves
//! for `hint`. Bots are named by [`BotSpec`] strings (`random`, `greedy`, `ismcts:hard`,
//! `ismcts:5000`, ...):
//!
//! ```no_run
//! # use agora_ai::{Bot, BotSpec};
//! # use agora_engine::{Game, Viewer};
//! # use agora_tyrus::Tyrus;
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let state = Tyrus::from_setup(&Tyrus::setup_from_seed(&Default::default(), 7))?;
//! let seat = state.turn().seat().expect("a seat to move");
//! let spec: BotSpec = "ismcts:hard".parse()?;
//! let mut bot = spec.build::<Tyrus>()?;
//! let mv = bot.choose(&state.view(Viewer::Seat(seat)), seat, 42)?;
//! let why = bot.analyse(&state.view(Viewer::Seat(seat)), seat, 42)?;
//! println!("{} ({:.0}% of visits)", why.moves[0].notation, 100.0 * why.moves[0].share);
//! # let _ = mv;
//! # Ok(())
//! # }
//! ```
//!
//! - [`RandomBot`]: a uniformly random legal move;
//! - [`GreedyBot`]: the game's heuristic ([`Heuristics::greedy_move`]), or its beginner
//!   ([`Heuristics::beginner_move`]);
//! - [`IsmctsBot`]: information-set Monte-Carlo tree search with one tree per observer
//!   (MO-ISMCTS), chance nodes, max-n or paranoid backup and root parallelism.
//!
//! Game knowledge (the greedy heuristic, playout policy, level budgets) comes through the
//! [`Heuristics`] trait, which this crate implements for each of Agora's games.
//!
//! [`arena::run`] plays every pairing of a list of bots with seats rotated, in parallel, and
//! [`Standings`] turns the results into win rates with Wilson intervals and Bradley–Terry Elo.

pub mod arena;
mod bench;
mod bot;
mod budget;
mod greedy;
mod heuristics;
pub mod hint;
mod ismcts;
mod random;
mod search;
mod seeds;
mod spec;
mod stats;
mod tree;
mod tsuro;
mod tyranny;
mod tyrus;

pub use bench::{BenchError, DecisionTimes, SearchSpeed, decision_times, search_speed};
pub use bot::{Analysis, Bot, BotError, MoveStats};
pub use budget::{Budget, Level, ParseLevelError};
pub use greedy::GreedyBot;
pub use heuristics::Heuristics;
pub use hint::{Explain, GameHint, Hint, Suggestion, Verdict, hint, look_back};
pub use ismcts::{IsmctsBot, IsmctsConfig};
pub use random::RandomBot;
pub use search::{Backup, Observers};
pub use seeds::derive_seed;
pub use spec::{BotSpec, BuildBotError, IsmctsSpec, ParseBotError, Strength};
pub use stats::{Comparison, Matchup, Standing, Standings, Z95, bradley_terry, wilson};
pub use tsuro::beginner_move as tsuro_beginner;
pub use tsuro::greedy_move as tsuro_greedy;
pub use tyranny::sensible as tyranny_greedy;
pub use tyrus::beginner as tyrus_beginner;
pub use tyrus::greedy as tyrus_greedy;
pub use tyrus::placement_class as tyrus_placement_class;
