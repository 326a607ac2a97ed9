use std::fmt;

use agora_engine::{FastRng, GameRng, Seat};
use serde_json::Value;

/// What a seat may know when it is to move: its own view and its own legal moves. Nothing
/// else reaches a server-side player, so it cannot use what its seat may not see.
#[derive(Clone, Debug)]
pub struct SeatContext {
    pub game: &'static str,
    pub seat: Seat,
    pub view: Value,
    pub legal_moves: Vec<String>,
    /// Fresh randomness for the player, not derived from the game's secret seed.
    pub seed: u64,
}

/// Someone the server plays a seat for: an AI at some level, or the stand-in for an absent
/// player. Runs on the blocking pool, so it may think for a while.
pub trait SeatPlayer: Send + Sync + fmt::Debug {
    /// One of `context.legal_moves`.
    fn choose(&self, context: &SeatContext) -> String;
}

/// Picks uniformly among the legal moves.
#[derive(Copy, Clone, Debug, Default)]
pub struct RandomPlayer;

impl SeatPlayer for RandomPlayer {
    fn choose(&self, context: &SeatContext) -> String {
        let mut rng = FastRng::new(context.seed);
        context.legal_moves[rng.index(context.legal_moves.len())].clone()
    }
}

/// The player for an AI seat at `level` (0 is the easiest, which also stands in for absent
/// players). Every level is the random player until the real bots plug in here.
pub fn player_for_level(_game: &str, _level: u8) -> Box<dyn SeatPlayer> {
    Box::new(RandomPlayer)
}

/// The highest AI level a table may ask for.
pub const MAX_AI_LEVEL: u8 = 5;
