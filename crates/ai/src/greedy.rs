use std::marker::PhantomData;
use std::time::Instant;

use agora_engine::{FastRng, Seat};

use crate::random::to_move;
use crate::{Analysis, Bot, BotError, Heuristics};

/// Plays the game's greedy heuristic ([`Heuristics::greedy_move`]): what a casual player would
/// do, with no search; or, built with [`GreedyBot::beginner`], its beginner
/// ([`Heuristics::beginner_move`]).
#[derive(Debug)]
pub struct GreedyBot<G> {
    beginner: bool,
    game: PhantomData<fn() -> G>,
}

impl<G> GreedyBot<G> {
    pub fn new() -> GreedyBot<G> {
        GreedyBot {
            beginner: false,
            game: PhantomData,
        }
    }

    /// The `beginner` level: the game's beginner heuristic.
    pub fn beginner() -> GreedyBot<G> {
        GreedyBot {
            beginner: true,
            game: PhantomData,
        }
    }
}

impl<G> Default for GreedyBot<G> {
    fn default() -> Self {
        GreedyBot::new()
    }
}

impl<G: Heuristics> Bot<G> for GreedyBot<G> {
    fn name(&self) -> String {
        if self.beginner { "beginner" } else { "greedy" }.to_string()
    }

    fn analyse(
        &mut self,
        view: &G::View,
        seat: Seat,
        seed: u64,
    ) -> Result<Analysis<G::Move>, BotError> {
        let start = Instant::now();
        let mut rng = FastRng::new(seed);
        // One sample, only to check the turn and to write the move's notation: the heuristic
        // itself reads the view.
        let state = G::determinize(view, seat, &mut rng);
        to_move(&state, seat)?;
        let not_to_move = BotError::NotToMove {
            seat,
            turn: state.turn(),
        };
        let mv = if self.beginner {
            G::beginner_move(view, seat, &mut rng)
        } else {
            G::greedy_move(view, seat, &mut rng)
        };
        let mv = mv.ok_or(not_to_move)?;
        Ok(Analysis::single(mv, state.format_move(mv), start.elapsed()))
    }
}
