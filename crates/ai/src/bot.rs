use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use agora_engine::{Game, Seat, Turn};
use serde::Serialize;

/// A computer player.
///
/// It is handed what its seat may know (a [`Game::View`]) and never the state, so it cannot
/// cheat. For a given view, seat and seed it answers the same way every time, as long as its
/// budget is in iterations (a time budget depends on the machine): bots keep no memory
/// between calls that changes their play.
///
/// The command line builds bots from strings such as `"ismcts:hard"` through
/// [`crate::BotSpec`].
pub trait Bot<G: Game>: Send {
    /// The bot's spec, e.g. `ismcts:hard` (what [`crate::BotSpec`] parses).
    fn name(&self) -> String;

    /// Ends this bot's searches early, with the best move found so far, once `stop` is set:
    /// the server raises it when the decision is no longer wanted. Bots that do not search
    /// answer at once anyway and ignore it.
    fn stop_when(&mut self, stop: Arc<AtomicBool>) {
        let _ = stop;
    }

    /// The move to play for `seat`, whose turn it must be in `view`.
    fn choose(&mut self, view: &G::View, seat: Seat, seed: u64) -> Result<G::Move, BotError> {
        self.analyse(view, seat, seed)
            .map(|analysis| analysis.best())
    }

    /// The move to play and why: the candidate moves the bot weighed, best first. Bots that do
    /// not search report their one move with a share of 1.
    fn analyse(
        &mut self,
        view: &G::View,
        seat: Seat,
        seed: u64,
    ) -> Result<Analysis<G::Move>, BotError>;
}

/// Why a bot cannot move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotError {
    /// The view shows someone else (or chance) to move, or the game over.
    NotToMove { seat: Seat, turn: Turn },
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::NotToMove { seat, turn } => match turn {
                Turn::Seat(other) => write!(f, "seat {seat} is not to move: seat {other} is"),
                Turn::Chance => write!(f, "seat {seat} is not to move: chance is"),
                Turn::Over => write!(f, "seat {seat} is not to move: the game is over"),
            },
        }
    }
}

impl std::error::Error for BotError {}

/// A bot's reasoning for one decision, for `hint` and for logs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis<M> {
    /// Candidate moves, best first (most visited for a search); never empty.
    pub moves: Vec<MoveStats<M>>,
    /// Search iterations over all threads (0 for bots that do not search).
    pub iterations: u64,
    #[serde(serialize_with = "as_millis")]
    pub elapsed: Duration,
}

impl<M: Copy> Analysis<M> {
    /// The move the bot plays.
    pub fn best(&self) -> M {
        self.moves[0].mv
    }

    /// The analysis of a bot that picked `mv` without weighing alternatives.
    pub fn single(mv: M, notation: String, elapsed: Duration) -> Analysis<M> {
        Analysis {
            moves: vec![MoveStats {
                mv,
                notation,
                visits: 0,
                share: 1.0,
                value: None,
            }],
            iterations: 0,
            elapsed,
        }
    }
}

/// One candidate move of an [`Analysis`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveStats<M> {
    #[serde(skip)]
    pub mv: M,
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// Search iterations that went through this move.
    pub visits: u64,
    /// `visits` as a fraction of all root visits (1 for a bot that does not search).
    pub share: f64,
    /// The mean reward the search expects after this move, from 0 (certain loss) to 1
    /// (certain sole win); `None` when the bot does not estimate it.
    pub value: Option<f64>,
}

fn as_millis<S: serde::Serializer>(elapsed: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_f64(elapsed.as_secs_f64() * 1000.0)
}
