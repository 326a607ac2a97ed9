//! A hint for the seat to move: the move the search would play, the runner-up moves, how much
//! the choice matters, and per game the facts that explain the move (where a Tsuro marker ends
//! up, which Tyrus count a tile changes), all computed from the seat's view, never the state.
//!
//! The search's values are not calibrated chances (a value of 0.63 once stood before a move
//! after which the computer won outright), so a hint shows none: it says only whether the
//! choice is clear, hardly matters, or whether every play loses.

mod tsuro;
mod tyranny;
mod tyrus;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use agora_engine::{FastRng, Game, Seat};
use serde::{Deserialize, Serialize};

pub use tsuro::{TsuroFacts, TsuroPlay};
pub use tyranny::{TyrannyFacts, TyrannyOutcome};
pub use tyrus::{TyrusFacts, TyrusRole};

use crate::{BotError, BotSpec, Heuristics, Level, derive_seed};

/// Moves whose search values all lie within this of the best one make a choice that "hardly
/// matters". The values are mean rewards from 0 to 1; a few hundredths is within what a
/// search of `medium`'s budget tells apart.
pub const HARDLY_MATTERS: f64 = 0.03;

/// A best value at or below this, with every other value at or below it too, is a decided
/// loss: "every play loses".
pub const LOST: f64 = 0.01;

/// How many runner-up moves a hint names.
pub const RUNNERS_UP: usize = 2;

/// What a game tells about a move beyond its notation, from the mover's view.
pub trait Explain: Heuristics {
    /// The facts of one move (Tsuro: the tile, its turn, where the marker ends up).
    type Facts: Clone + std::fmt::Debug + Serialize;

    /// The facts of `mv`, legal for `seat` in `view`.
    fn facts(view: &Self::View, seat: Seat, mv: Self::Move) -> Self::Facts;

    /// Whether the rules alone show that every play of `seat` loses (Tsuro: each play puts the
    /// marker off the board). When they do not, the search's values may still show it.
    fn every_play_loses(_view: &Self::View, _seat: Seat) -> bool {
        false
    }

    /// Whether `later` would name the same choice as `earlier` among the runners-up (Tsuro:
    /// the same tile of the hand), so that a hint lists only the first of them.
    fn repeats(_earlier: &Self::Facts, _later: &Self::Facts) -> bool {
        false
    }
}

/// How much the choice matters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// There is one legal move.
    OnlyMove,
    /// The search prefers one move.
    Clear,
    /// Every move the search weighed comes out about the same.
    HardlyMatters,
    /// Every move loses: the game is decided.
    EveryPlayLoses,
}

/// One move of a hint and what it does.
#[derive(Clone, Debug, Serialize)]
pub struct Suggestion<M, F> {
    #[serde(skip)]
    pub mv: M,
    /// The move in the game's notation, as it is typed.
    #[serde(rename = "move")]
    pub notation: String,
    /// The search's mean reward after the move (0 a sure loss, 1 a sure sole win); not a
    /// chance, so never shown as one. `None` when the move was not searched.
    pub value: Option<f64>,
    pub facts: F,
}

/// The hint for one seat at one turn.
#[derive(Clone, Debug, Serialize)]
pub struct Hint<M, F> {
    pub best: Suggestion<M, F>,
    /// The next moves the search liked, best first (at most [`RUNNERS_UP`]), no two naming
    /// the same choice ([`Explain::repeats`]); one may be the best move's own tile turned
    /// another way.
    pub runners_up: Vec<Suggestion<M, F>>,
    pub verdict: Verdict,
    /// How many different moves the seat had.
    pub moves: usize,
}

/// A game's hint type.
pub type GameHint<G> = Hint<<G as Game>::Move, <G as Explain>::Facts>;

/// The hint for `seat` from its `view`, searched at `level` (the terminal asks `hard`, the
/// server `medium`) with `seed`: an error when it is not the seat's turn.
pub fn hint<G: Explain>(
    view: &G::View,
    seat: Seat,
    level: Level,
    seed: u64,
) -> Result<GameHint<G>, BotError> {
    let mut bot = BotSpec::for_level(level)
        .build::<G>()
        .expect("every level builds for every game");
    let analysis = bot.analyse(view, seat, seed)?;
    Ok(from_analysis::<G>(view, seat, &analysis))
}

/// What the search of a hint thought at one decision of a game already played: the hint it
/// would have given, and its value of the move that was played (`played`, in notation;
/// `None` when the search gave that move no value: the only move, or one it never tried).
/// Once `stop` is raised the search ends early, its answer worth nothing: the caller, who
/// raised it, searches again later.
pub fn look_back<G: Explain>(
    view: &G::View,
    seat: Seat,
    level: Level,
    seed: u64,
    played: &str,
    stop: Arc<AtomicBool>,
) -> Result<(GameHint<G>, Option<f64>), BotError> {
    let mut bot = BotSpec::for_level(level)
        .build::<G>()
        .expect("every level builds for every game");
    bot.stop_when(stop);
    let analysis = bot.analyse(view, seat, seed)?;
    let value = (analysis.moves.iter())
        .find(|m| m.notation == played)
        .and_then(|m| m.value);
    Ok((from_analysis::<G>(view, seat, &analysis), value))
}

/// The hint a search's `analysis` of `seat`'s turn in `view` gives.
fn from_analysis<G: Explain>(
    view: &G::View,
    seat: Seat,
    analysis: &crate::Analysis<G::Move>,
) -> GameHint<G> {
    let suggest = |stats: &crate::MoveStats<G::Move>| Suggestion {
        mv: stats.mv,
        notation: stats.notation.clone(),
        value: stats.value,
        facts: G::facts(view, seat, stats.mv),
    };
    let moves = analysis.moves.len();
    let values: Vec<f64> = analysis.moves.iter().filter_map(|m| m.value).collect();
    let verdict = classify(moves, &values, G::every_play_loses(view, seat));
    let mut runners_up: Vec<Suggestion<G::Move, G::Facts>> = Vec::new();
    for stats in &analysis.moves[1..] {
        if runners_up.len() == RUNNERS_UP {
            break;
        }
        let next = suggest(stats);
        if !runners_up.iter().any(|r| G::repeats(&r.facts, &next.facts)) {
            runners_up.push(next);
        }
    }
    Hint {
        best: suggest(&analysis.moves[0]),
        runners_up,
        verdict,
        moves,
    }
}

/// The verdict from the number of moves, their search values (best move's first) and whether
/// the rules alone say that every play loses.
fn classify(moves: usize, values: &[f64], rules_say_lost: bool) -> Verdict {
    if rules_say_lost {
        return Verdict::EveryPlayLoses;
    }
    if moves <= 1 {
        return Verdict::OnlyMove;
    }
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let worst = values.iter().copied().fold(f64::INFINITY, f64::min);
    if values.is_empty() {
        Verdict::Clear
    } else if best <= LOST {
        Verdict::EveryPlayLoses
    } else if values.len() == moves && best - worst <= HARDLY_MATTERS {
        Verdict::HardlyMatters
    } else {
        Verdict::Clear
    }
}

/// A state sampled from `view` for reading what the view alone fixes (the board, the seat's
/// own hand): the same sample every time.
fn sample<G: Game>(view: &G::View, seat: Seat) -> G {
    G::determinize(view, seat, &mut FastRng::new(derive_seed(0, 0)))
}

#[cfg(test)]
mod tests;
