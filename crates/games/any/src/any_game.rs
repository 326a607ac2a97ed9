use std::fmt;

use agora_engine::{
    Game, GameRecord, IllegalMove, Outcome, ParseMoveError, RecordError, Rejection, RngCore, Seat,
    Turn, Viewer,
};
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::{GameKind, UnknownGame};

/// A state of any game Agora hosts.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyGame {
    Tyrus(agora_tyrus::Tyrus),
}

/// Runs `$body` with `$g` bound to the concrete state inside an [`AnyGame`].
macro_rules! on_state {
    ($state:expr, $g:ident => $body:expr) => {
        match $state {
            AnyGame::Tyrus($g) => $body,
        }
    };
}

/// Wraps a concrete state of the game `$kind` into an [`AnyGame`].
trait IntoAny: Game {
    fn into_any(self) -> AnyGame;
}

impl IntoAny for agora_tyrus::Tyrus {
    fn into_any(self) -> AnyGame {
        AnyGame::Tyrus(self)
    }
}

/// Everything that can go wrong when driving a game through [`AnyGame`].
#[derive(Clone, Debug, PartialEq)]
pub enum AnyGameError {
    UnknownGame(UnknownGame),
    Record(RecordError),
    Notation(ParseMoveError),
    Illegal(IllegalMove),
}

impl AnyGameError {
    /// A stable snake_case code for protocols.
    pub fn code(&self) -> &'static str {
        match self {
            AnyGameError::UnknownGame(_) => "unknown_game",
            AnyGameError::Record(_) => "invalid_setup",
            AnyGameError::Notation(_) => "bad_notation",
            AnyGameError::Illegal(_) => "illegal_move",
        }
    }
}

impl fmt::Display for AnyGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyGameError::UnknownGame(e) => e.fmt(f),
            AnyGameError::Record(e) => e.fmt(f),
            AnyGameError::Notation(e) => e.fmt(f),
            AnyGameError::Illegal(e) => write!(f, "illegal move: {e}"),
        }
    }
}

impl std::error::Error for AnyGameError {}

/// A move that was played, with what each viewer saw of it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedMove {
    /// The move in canonical notation (for the log and the record).
    pub notation: String,
    /// What seat `i` saw, at index `i`.
    pub seen_by_seat: Vec<Value>,
    pub seen_by_spectator: Value,
}

fn to_json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("game types serialize to JSON")
}

fn played<G: Game>(state: &mut G, text: &str) -> Result<PlayedMove, AnyGameError> {
    let mv = state.parse_move(text).map_err(AnyGameError::Notation)?;
    state.check_move(mv).map_err(AnyGameError::Illegal)?;
    let notation = state.format_move(mv);
    let seen_by_seat = (0..state.seats())
        .map(|s| to_json(&state.seen_move(mv, Viewer::Seat(Seat(s as u8)))))
        .collect();
    let seen_by_spectator = to_json(&state.seen_move(mv, Viewer::Spectator));
    state.play_unchecked(mv);
    Ok(PlayedMove {
        notation,
        seen_by_seat,
        seen_by_spectator,
    })
}

fn legal_notation<G: Game>(state: &G) -> Vec<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.into_iter().map(|mv| state.format_move(mv)).collect()
}

impl AnyGame {
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Tyrus(_) => GameKind::Tyrus,
        }
    }

    /// The starting state of a record of any game.
    pub fn start(record: &GameRecord) -> Result<AnyGame, AnyGameError> {
        let kind: GameKind = record.game.parse().map_err(AnyGameError::UnknownGame)?;
        crate::with_game!(kind, G => agora_engine::start::<G>(record)
            .map(IntoAny::into_any)
            .map_err(AnyGameError::Record))
    }

    /// Plays a record to its end or its first bad move.
    pub fn replay(record: &GameRecord) -> Result<(AnyGame, Option<Rejection>), AnyGameError> {
        let kind: GameKind = record.game.parse().map_err(AnyGameError::UnknownGame)?;
        crate::with_game!(kind, G => agora_engine::replay::<G>(record)
            .map(|r| (r.state.into_any(), r.rejected))
            .map_err(AnyGameError::Record))
    }

    /// Deals a new game from a seed; returns it with the setup the seed stands for.
    pub fn deal(
        kind: GameKind,
        options: &Value,
        seed: u64,
    ) -> Result<(AnyGame, Value), AnyGameError> {
        crate::with_game!(kind, G => {
            let options = <G as Game>::Options::deserialize(options)
                .map_err(|e| AnyGameError::Record(RecordError::Options(e.to_string())))?;
            let setup = G::setup_from_seed(&options, seed);
            let state = G::from_setup(&setup)
                .map_err(|e| AnyGameError::Record(RecordError::Setup(e)))?;
            Ok((state.into_any(), to_json(&setup)))
        })
    }

    pub fn seats(&self) -> usize {
        on_state!(self, g => g.seats())
    }

    pub fn turn(&self) -> Turn {
        on_state!(self, g => g.turn())
    }

    pub fn outcome(&self) -> Option<Outcome> {
        on_state!(self, g => g.outcome())
    }

    /// The legal moves of the seat to move, in notation.
    pub fn legal_moves(&self) -> Vec<String> {
        on_state!(self, g => legal_notation(g))
    }

    /// Reads and plays a move; on error nothing changes.
    pub fn play(&mut self, text: &str) -> Result<PlayedMove, AnyGameError> {
        on_state!(self, g => played(g, text))
    }

    /// Draws the chance move at a [`Turn::Chance`], in notation.
    pub fn sample_chance<R: RngCore>(&self, rng: &mut R) -> String {
        on_state!(self, g => g.format_move(g.sample_chance(rng)))
    }

    pub fn view(&self, viewer: Viewer) -> Value {
        on_state!(self, g => to_json(&g.view(viewer)))
    }

    /// The referee's summary, as `agora replay` prints it: `{"game": ..., ...}`.
    pub fn summary(&self) -> Value {
        let mut object = Map::new();
        object.insert("game".into(), Value::from(self.kind().name()));
        match on_state!(self, g => to_json(&g.summary())) {
            Value::Object(fields) => object.extend(fields),
            other => {
                object.insert("summary".into(), other);
            }
        }
        Value::Object(object)
    }
}
