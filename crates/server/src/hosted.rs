use std::fmt;

use agora_engine::{Game, GameRecord, Outcome, Seat, Turn, Viewer};
use rand_chacha::ChaCha20Rng;
use serde::Deserialize;
use serde_json::Value;

/// Why a game refused something, with the code the protocol reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    /// `unknown_game`, `invalid_setup`, `bad_notation` or `illegal_move`.
    pub code: &'static str,
    pub message: String,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for GameError {}

/// A move that was played, with what each viewer saw of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// Canonical notation, for the log and the record.
    pub notation: String,
    /// What seat `i` saw, at index `i`.
    pub seen_by_seat: Vec<Value>,
    pub seen_by_spectator: Value,
}

/// A game state as the server drives it: moves in notation, views as JSON.
///
/// Implemented by `agora_games::AnyGame` and, through [`Engine`], by any
/// [`agora_engine::Game`] (tests host small games of their own this way).
pub trait HostedGame: Send + Sync + fmt::Debug {
    fn name(&self) -> &'static str;
    fn seats(&self) -> usize;
    fn turn(&self) -> Turn;
    fn outcome(&self) -> Option<Outcome>;
    /// The legal moves of the seat to move, in notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Reads and plays a move; on error nothing changes.
    fn play(&mut self, text: &str) -> Result<Played, GameError>;
    /// Draws the chance move at a [`Turn::Chance`], in notation.
    fn sample_chance(&self, rng: &mut ChaCha20Rng) -> String;
    fn view(&self, viewer: Viewer) -> Value;
    fn summary(&self) -> Value;
}

/// The games a server hosts, by name.
pub trait Catalog: Send + Sync + fmt::Debug {
    fn names(&self) -> Vec<&'static str>;
    /// Deals a new game from a seed: the state and the setup the seed stands for.
    fn deal(
        &self,
        game: &str,
        options: &Value,
        seed: u64,
    ) -> Result<(Box<dyn HostedGame>, Value), GameError>;
    /// The starting state of a record (its moves are not played).
    fn start(&self, record: &GameRecord) -> Result<Box<dyn HostedGame>, GameError>;
}

/// Any engine game, hosted.
#[derive(Clone, Debug, PartialEq)]
pub struct Engine<G>(pub G);

fn to_json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("game types serialize to JSON")
}

impl<G: Game> HostedGame for Engine<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn seats(&self) -> usize {
        self.0.seats()
    }

    fn turn(&self) -> Turn {
        self.0.turn()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.0.legal_moves(&mut moves);
        moves.into_iter().map(|mv| self.0.format_move(mv)).collect()
    }

    fn play(&mut self, text: &str) -> Result<Played, GameError> {
        let state = &mut self.0;
        let mv = state.parse_move(text).map_err(|e| GameError {
            code: "bad_notation",
            message: e.to_string(),
        })?;
        state.check_move(mv).map_err(|e| GameError {
            code: "illegal_move",
            message: e.to_string(),
        })?;
        let notation = state.format_move(mv);
        let seen_by_seat = (0..state.seats())
            .map(|s| to_json(&state.seen_move(mv, Viewer::Seat(Seat(s as u8)))))
            .collect();
        let seen_by_spectator = to_json(&state.seen_move(mv, Viewer::Spectator));
        state.play_unchecked(mv);
        Ok(Played {
            notation,
            seen_by_seat,
            seen_by_spectator,
        })
    }

    fn sample_chance(&self, rng: &mut ChaCha20Rng) -> String {
        self.0.format_move(self.0.sample_chance(rng))
    }

    fn view(&self, viewer: Viewer) -> Value {
        to_json(&self.0.view(viewer))
    }

    fn summary(&self) -> Value {
        to_json(&self.0.summary())
    }
}

type Dealer = fn(&Value, u64) -> Result<(Box<dyn HostedGame>, Value), GameError>;
type Starter = fn(&GameRecord) -> Result<Box<dyn HostedGame>, GameError>;

/// A catalog of engine games, each added with [`EngineCatalog::with`].
#[derive(Default)]
pub struct EngineCatalog {
    games: Vec<(&'static str, Dealer, Starter)>,
}

impl fmt::Debug for EngineCatalog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.games.iter().map(|g| g.0))
            .finish()
    }
}

fn setup_error(e: impl fmt::Display) -> GameError {
    GameError {
        code: "invalid_setup",
        message: e.to_string(),
    }
}

fn deal_engine<G: Game>(
    options: &Value,
    seed: u64,
) -> Result<(Box<dyn HostedGame>, Value), GameError> {
    let options = G::Options::deserialize(options).map_err(setup_error)?;
    let setup = G::setup_from_seed(&options, seed);
    let state = G::from_setup(&setup).map_err(setup_error)?;
    Ok((Box::new(Engine(state)), to_json(&setup)))
}

fn start_engine<G: Game>(record: &GameRecord) -> Result<Box<dyn HostedGame>, GameError> {
    let state: G = agora_engine::start(record).map_err(setup_error)?;
    Ok(Box::new(Engine(state)))
}

impl EngineCatalog {
    pub fn new() -> EngineCatalog {
        EngineCatalog::default()
    }

    pub fn with<G: Game>(mut self) -> EngineCatalog {
        self.games
            .push((G::NAME, deal_engine::<G>, start_engine::<G>));
        self
    }

    fn find(&self, game: &str) -> Result<&(&'static str, Dealer, Starter), GameError> {
        self.games
            .iter()
            .find(|g| g.0 == game)
            .ok_or_else(|| GameError {
                code: "unknown_game",
                message: format!(
                    "unknown game {:?} (games: {})",
                    game.chars().take(40).collect::<String>(),
                    self.names().join(", ")
                ),
            })
    }
}

impl Catalog for EngineCatalog {
    fn names(&self) -> Vec<&'static str> {
        self.games.iter().map(|g| g.0).collect()
    }

    fn deal(
        &self,
        game: &str,
        options: &Value,
        seed: u64,
    ) -> Result<(Box<dyn HostedGame>, Value), GameError> {
        (self.find(game)?.1)(options, seed)
    }

    fn start(&self, record: &GameRecord) -> Result<Box<dyn HostedGame>, GameError> {
        (self.find(&record.game)?.2)(record)
    }
}
