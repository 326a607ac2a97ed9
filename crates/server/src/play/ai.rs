//! Seats the server plays: the bots of `agora-ai` at the levels tables offer.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use agora_ai::{BotSpec, Heuristics, Level};
use agora_engine::{Seat, Viewer};
use agora_games::AnyGame;

/// The level that stands in for absent players in games of three seats or more.
pub const STAND_IN: Level = Level::Easy;

/// The bot behind an AI seat at `level`: the game's beginner, or ISMCTS with the level's
/// budget for the game.
pub fn bot_spec(level: Level) -> BotSpec {
    BotSpec::for_level(level)
}

/// Why a bot gave no move (a server bug: bots are only asked when their seat is to move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiError(pub String);

impl fmt::Display for AiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the bot gave no move: {}", self.0)
    }
}

impl std::error::Error for AiError {}

/// The move, in notation, that the bot at `level` plays for `seat`. The bot is handed the
/// seat's view only; `seed` must be fresh randomness, never the game's secret seed. Once
/// `stop` is raised the search ends early with its best move so far (which nobody wants any
/// more: see [`crate::BlockingPool::run_stoppable`]).
pub fn choose_move(
    game: &AnyGame,
    seat: Seat,
    level: Level,
    seed: u64,
    stop: Option<Arc<AtomicBool>>,
) -> Result<String, AiError> {
    agora_games::with_state!(game, g => choose_in(g, seat, level, seed, stop))
}

fn choose_in<G: Heuristics>(
    state: &G,
    seat: Seat,
    level: Level,
    seed: u64,
    stop: Option<Arc<AtomicBool>>,
) -> Result<String, AiError> {
    let view = state.view(Viewer::Seat(seat));
    let mut bot = bot_spec(level)
        .build::<G>()
        .map_err(|e| AiError(e.to_string()))?;
    if let Some(stop) = stop {
        bot.stop_when(stop);
    }
    let mv = bot
        .choose(&view, seat, seed)
        .map_err(|e| AiError(e.to_string()))?;
    Ok(state.format_move(mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_engine::Turn;
    use agora_games::GameKind;
    use serde_json::json;

    #[test]
    fn beginner_and_easy_bots_play_legal_moves_in_every_game() {
        for (&kind, level) in GameKind::ALL
            .iter()
            .flat_map(|kind| [(kind, Level::Beginner), (kind, Level::Easy)])
        {
            let (mut game, _) = AnyGame::deal(kind, &json!({}), 11).unwrap();
            for ply in 0..6 {
                match game.turn() {
                    Turn::Seat(seat) => {
                        let mv = choose_move(&game, seat, level, ply, None).unwrap();
                        assert!(game.legal_moves().contains(&mv), "{kind}: {mv}");
                        game.play_as(seat, &mv).unwrap();
                    }
                    Turn::Chance => {
                        let mv = game.sample_chance(&mut agora_engine::SeedRng::new(ply));
                        game.play(&mv).unwrap();
                    }
                    Turn::Over => break,
                }
            }
        }
    }

    #[test]
    fn a_bot_asked_out_of_turn_says_so() {
        let (game, _) = AnyGame::deal(GameKind::Tyrus, &json!({}), 3).unwrap();
        let mover = game.turn().seat().unwrap();
        let other = Seat(mover.0 ^ 1);
        assert!(choose_move(&game, other, Level::Easy, 1, None).is_err());
    }
}
