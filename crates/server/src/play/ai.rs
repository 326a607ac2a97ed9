//! Seats the server plays: the bots of `agora-ai` at the levels tables offer.

use std::cell::RefCell;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::thread::LocalKey;

use agora_ai::{Bot, BotSpec, Heuristics, Level};
use agora_engine::{Seat, SeedRng, Viewer};
use agora_games::{AnyGame, GameKind};

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
/// more: see [`crate::BlockingPool::run_search`]).
pub fn choose_move(
    game: &AnyGame,
    seat: Seat,
    level: Level,
    seed: u64,
    stop: Option<Arc<AtomicBool>>,
) -> Result<String, AiError> {
    agora_games::with_state!(game, g => choose_in(g, seat, level, seed, stop))
}

fn choose_in<G: KeptBots>(
    state: &G,
    seat: Seat,
    level: Level,
    seed: u64,
    stop: Option<Arc<AtomicBool>>,
) -> Result<String, AiError> {
    let view = state.view(Viewer::Seat(seat));
    let mv = choose_for_view::<G>(&view, seat, level, seed, stop)?;
    Ok(state.format_move(mv))
}

fn choose_for_view<G: KeptBots>(
    view: &G::View,
    seat: Seat,
    level: Level,
    seed: u64,
    stop: Option<Arc<AtomicBool>>,
) -> Result<G::Move, AiError> {
    with_kept_bot::<G, _>(level, |bot| {
        // A kept bot may hold an earlier decision's flag: every decision sets its own.
        bot.stop_when(stop.unwrap_or_default());
        bot.choose(view, seat, seed)
            .map_err(|e| AiError(e.to_string()))
    })?
}

/// This thread's bots for one game, one per level, kept from one decision to the next. A
/// search's trees keep their memory between searches; a bot built for each decision grew
/// them anew and freed them after, and that churn of tens of MiB made the work of every other
/// thread of the server slower (a password hash on the same core took up to four times as
/// long: docs/benchmarks.md, "AI capacity"). What a bot decides depends only on the view, the
/// seat and the seed, not on what it searched before (tested). What they hold is bounded by
/// the levels' budgets: docs/operations.md, "Memory".
type BotsByLevel<G> = HashMap<Level, Box<dyn Bot<G>>>;

/// A game whose bots each thread keeps ([`with_kept_bot`]).
pub trait KeptBots: Heuristics {
    /// This thread's bots for the game.
    fn kept() -> &'static LocalKey<RefCell<BotsByLevel<Self>>>;
}

macro_rules! kept_bots {
    ($($game:ty),*) => {$(
        impl KeptBots for $game {
            fn kept() -> &'static LocalKey<RefCell<BotsByLevel<Self>>> {
                thread_local! {
                    static BOTS: RefCell<BotsByLevel<$game>> = RefCell::new(HashMap::new());
                }
                &BOTS
            }
        }
    )*};
}

kept_bots!(
    agora_tyrus::Tyrus,
    agora_tsuro::Tsuro,
    agora_tyranny::Tyranny
);

/// Runs `job` with this thread's bot for `G` at `level`, built on first use.
fn with_kept_bot<G: KeptBots, T>(
    level: Level,
    job: impl FnOnce(&mut Box<dyn Bot<G>>) -> T,
) -> Result<T, AiError> {
    G::kept().with_borrow_mut(|bots| {
        let bot = match bots.entry(level) {
            Entry::Occupied(kept) => kept.into_mut(),
            Entry::Vacant(place) => place.insert(
                bot_spec(level)
                    .build::<G>()
                    .map_err(|e| AiError(e.to_string()))?,
            ),
        };
        Ok(job(bot))
    })
}

/// A game whose seats' views can travel to an AI worker on another machine (the PostgreSQL
/// queue, `play/pool/pg_queue.rs`): what leaves the game's node is the view, as the seat
/// itself may see it, never the state.
pub trait ViewWire: Heuristics {
    /// The view as text, or `None` when this game's views do not travel (its computer's
    /// moves are then found on the game's own node).
    fn encode_view(view: &Self::View) -> Option<String>;
    fn decode_view(text: &str) -> Result<Self::View, AiError>;
}

macro_rules! json_view_wire {
    ($($game:ty),*) => {$(
        impl ViewWire for $game {
            fn encode_view(view: &Self::View) -> Option<String> {
                serde_json::to_string(view).ok()
            }
            fn decode_view(text: &str) -> Result<Self::View, AiError> {
                serde_json::from_str(text).map_err(|e| AiError(format!("unreadable view: {e}")))
            }
        }
    )*};
}

json_view_wire!(agora_tyrus::Tyrus, agora_tsuro::Tsuro);

/// Tyranny's view as clients get it leaves out what the seat remembers of the decks, which
/// its bot samples from: the worker gets the view with it.
impl ViewWire for agora_tyranny::Tyranny {
    fn encode_view(view: &Self::View) -> Option<String> {
        serde_json::to_string(&view.wire()).ok()
    }
    fn decode_view(text: &str) -> Result<Self::View, AiError> {
        serde_json::from_str(text).map_err(|e| AiError(format!("unreadable view: {e}")))
    }
}

/// What the bot for `seat` is handed, as text for an AI worker; `None` when the game's
/// views do not travel.
pub fn seat_view(game: &AnyGame, seat: Seat) -> Option<String> {
    agora_games::with_state!(game, g => encode_seat_view(g, seat))
}

fn encode_seat_view<G: ViewWire>(state: &G, seat: Seat) -> Option<String> {
    G::encode_view(&state.view(Viewer::Seat(seat)))
}

/// [`choose_move`] from a seat's view alone (as [`seat_view`] wrote it), as an AI worker
/// does. The move is written in the notation of a state drawn from the view, which for the
/// seat's own move reads as in the real one; the game's node checks it as any move.
pub fn choose_from_view(
    kind: GameKind,
    view: &str,
    seat: Seat,
    level: Level,
    seed: u64,
    stop: Option<Arc<AtomicBool>>,
) -> Result<String, AiError> {
    agora_games::with_game!(kind, G => choose_from_text::<G>(view, seat, level, seed, stop))
}

fn choose_from_text<G: ViewWire + KeptBots>(
    text: &str,
    seat: Seat,
    level: Level,
    seed: u64,
    stop: Option<Arc<AtomicBool>>,
) -> Result<String, AiError> {
    let view = G::decode_view(text)?;
    let mv = choose_for_view::<G>(&view, seat, level, seed, stop)?;
    // Any state the view allows will do to write the seat's own move.
    let sample = G::determinize(&view, seat, &mut SeedRng::new(seed.rotate_left(17)));
    Ok(sample.format_move(mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_engine::Turn;
    use agora_games::GameKind;
    use serde_json::json;

    /// Plays `game` for up to `plies` plies: each seat's move is the one `choose` returns for
    /// it at that ply (`None` stops), each chance move drawn with the ply as its seed.
    fn play_through(
        game: &mut AnyGame,
        plies: u64,
        mut choose: impl FnMut(&AnyGame, Seat, u64) -> Option<String>,
    ) {
        for ply in 0..plies {
            match game.turn() {
                Turn::Seat(seat) => {
                    let Some(mv) = choose(game, seat, ply) else {
                        return;
                    };
                    game.play_as(seat, &mv).unwrap();
                }
                Turn::Chance => {
                    let mv = game.sample_chance(&mut agora_engine::SeedRng::new(ply));
                    game.play(&mv).unwrap();
                }
                Turn::Over => return,
            }
        }
    }

    #[test]
    fn beginner_and_easy_bots_play_legal_moves_in_every_game() {
        for (&kind, level) in GameKind::ALL
            .iter()
            .flat_map(|kind| [(kind, Level::Beginner), (kind, Level::Easy)])
        {
            let (mut game, _) = AnyGame::deal(kind, &json!({}), 11).unwrap();
            play_through(&mut game, 6, |game, seat, ply| {
                let mv = choose_move(game, seat, level, ply, None).unwrap();
                assert!(game.legal_moves().contains(&mv), "{kind}: {mv}");
                Some(mv)
            });
        }
    }

    /// A worker handed the seat's view finds the move the game's node would have found with
    /// the same seed, written so that the engine takes it, over whole games.
    #[test]
    fn a_move_chosen_from_the_view_alone_is_the_one_chosen_beside_the_state() {
        for &kind in GameKind::ALL.iter() {
            let (mut game, _) = AnyGame::deal(kind, &json!({}), 5).unwrap();
            play_through(&mut game, 40, |game, seat, ply| {
                let view = seat_view(game, seat).expect("the view travels");
                assert!(!view.contains("draw_pile\":["), "no pile's order");
                let here = choose_move(game, seat, Level::Easy, ply, None).unwrap();
                let there = choose_from_view(kind, &view, seat, Level::Easy, ply, None).unwrap();
                assert_eq!(here, there, "{kind} ply {ply}");
                Some(there)
            });
        }
    }

    #[test]
    fn a_view_that_is_no_view_is_refused() {
        let err = choose_from_view(GameKind::Tsuro, "{}", Seat(0), Level::Easy, 1, None);
        assert!(err.unwrap_err().0.contains("unreadable view"));
        let (game, _) = AnyGame::deal(GameKind::Tyranny, &json!({}), 3).unwrap();
        let seat = game.turn().seat().unwrap_or(Seat(0));
        let mut view: serde_json::Value =
            serde_json::from_str(&seat_view(&game, seat).unwrap()).unwrap();
        view["hand_sizes"][usize::from(1 - seat.0)] = json!(99);
        let err = choose_from_view(
            GameKind::Tyranny,
            &view.to_string(),
            seat,
            Level::Easy,
            1,
            None,
        );
        assert!(err.unwrap_err().0.contains("cards in all"));
    }

    fn fresh_choice<G: Heuristics>(state: &G, seat: Seat, level: Level, seed: u64) -> String {
        let view = state.view(Viewer::Seat(seat));
        let mut bot = bot_spec(level).build::<G>().unwrap();
        state.format_move(bot.choose(&view, seat, seed).unwrap())
    }

    /// A bot kept from one decision to the next chooses as a fresh one: over a whole game of
    /// each game, every decision is taken by this thread's kept bot and by a bot built for it.
    #[test]
    fn a_kept_bot_chooses_as_a_fresh_one() {
        for &kind in GameKind::ALL.iter() {
            let (mut game, _) = AnyGame::deal(kind, &json!({}), 9).unwrap();
            play_through(&mut game, 60, |game, seat, ply| {
                let kept = choose_move(game, seat, Level::Medium, ply, None).unwrap();
                let fresh =
                    agora_games::with_state!(game, g => fresh_choice(g, seat, Level::Medium, ply));
                assert_eq!(kept, fresh, "{kind} ply {ply}");
                Some(kept)
            });
        }
    }

    /// `hard` searches on two threads, each with trees of its own that the kept bot keeps:
    /// its decisions too are a fresh bot's, over the first choices of a Tyranny game (the
    /// game whose `hard` is quickest).
    #[test]
    fn a_kept_two_thread_bot_chooses_as_a_fresh_one() {
        let (mut game, _) = AnyGame::deal(GameKind::Tyranny, &json!({}), 4).unwrap();
        let mut choices = 0;
        play_through(&mut game, 40, |game, seat, ply| {
            let kept = choose_move(game, seat, Level::Hard, ply, None).unwrap();
            let fresh =
                agora_games::with_state!(game, g => fresh_choice(g, seat, Level::Hard, ply));
            assert_eq!(kept, fresh, "ply {ply}");
            // Only a choice among moves is searched.
            choices += usize::from(game.legal_moves().len() > 1);
            (choices < 4).then_some(kept)
        });
        assert_eq!(choices, 4, "the game gave four choices to make");
    }

    #[test]
    fn a_bot_asked_out_of_turn_says_so() {
        let (game, _) = AnyGame::deal(GameKind::Tyrus, &json!({}), 3).unwrap();
        let mover = game.turn().seat().unwrap();
        let other = Seat(mover.0 ^ 1);
        assert!(choose_move(&game, other, Level::Easy, 1, None).is_err());
    }
}
