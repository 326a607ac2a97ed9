use std::time::Instant;

use agora_engine::{FastRng, Game, Seat, Turn};

use crate::{Analysis, Bot, BotError};

/// Plays a uniformly random legal move.
///
/// It samples a state from the view and draws from that state's moves: the seat to move has
/// the same moves in every state consistent with its view, so the draw is uniform over its
/// legal moves whatever the sample.
#[derive(Clone, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn analyse(
        &mut self,
        view: &G::View,
        seat: Seat,
        seed: u64,
    ) -> Result<Analysis<G::Move>, BotError> {
        let start = Instant::now();
        let mut rng = FastRng::new(seed);
        let state = G::determinize(view, seat, &mut rng);
        let mv = to_move(&state, seat)?.random_legal_move(&mut rng);
        let mv = mv.ok_or(BotError::NotToMove {
            seat,
            turn: state.turn(),
        })?;
        Ok(Analysis::single(mv, state.format_move(mv), start.elapsed()))
    }
}

/// `state` if `seat` is to move in it.
pub(crate) fn to_move<G: Game>(state: &G, seat: Seat) -> Result<&G, BotError> {
    match state.turn() {
        Turn::Seat(s) if s == seat => Ok(state),
        turn => Err(BotError::NotToMove { seat, turn }),
    }
}
