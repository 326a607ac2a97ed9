use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Game, IllegalMove, ParseMoveError, SetupError};

/// A whole game as text: which game, how it was set up, and every move in notation.
///
/// The same shape for every game:
/// `{"game": "tyrus", "seed": 42, "setup": {...}, "moves": ["S7 own citadel", ...]}`.
/// `seed` and `setup` are each optional; an explicit setup wins over the seed. `options`
/// (number of players, optional rules) matters only with a seed.
///
/// A game dealt by a host that commits to its seed ([`crate::fair`]) also carries the
/// `commitment`, and once it is over the `salt` beside the `seed`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub game: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<serde_json::Value>,
    #[serde(default)]
    pub moves: Vec<String>,
    /// SHA-256 of `"{seed}:{salt}"`, published before the deal ([`crate::fair::commitment`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// The salt of the commitment, revealed with the seed once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
}

/// Why a record cannot even start a game.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordError {
    WrongGame {
        expected: &'static str,
        found: String,
    },
    NoSeedOrSetup,
    Options(String),
    SetupShape(String),
    Setup(SetupError),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::WrongGame { expected, found } => {
                write!(f, "record is for {found:?}, not {expected:?}")
            }
            RecordError::NoSeedOrSetup => write!(f, "record has neither a seed nor a setup"),
            RecordError::Options(e) => write!(f, "invalid options: {e}"),
            RecordError::SetupShape(e) => write!(f, "invalid setup: {e}"),
            RecordError::Setup(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RecordError {}

/// The first move of a record that could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rejection {
    /// Index in the record's `moves`.
    pub index: usize,
    #[serde(rename = "move")]
    pub text: String,
    pub reason: String,
}

/// A record played out: the state after the last move that applied, and the first move that
/// did not, if any.
#[derive(Clone, Debug)]
pub struct Replay<G> {
    pub state: G,
    pub rejected: Option<Rejection>,
}

/// The starting state of a record.
pub fn start<G: Game>(record: &GameRecord) -> Result<G, RecordError> {
    if record.game != G::NAME {
        return Err(RecordError::WrongGame {
            expected: G::NAME,
            found: record.game.clone(),
        });
    }
    let setup: G::Setup = match (&record.setup, record.seed) {
        (Some(setup), _) => {
            G::Setup::deserialize(setup).map_err(|e| RecordError::SetupShape(e.to_string()))?
        }
        (None, Some(seed)) => {
            let options: G::Options = match &record.options {
                Some(options) => G::Options::deserialize(options)
                    .map_err(|e| RecordError::Options(e.to_string()))?,
                None => G::Options::default(),
            };
            G::setup_from_seed(&options, seed)
        }
        (None, None) => return Err(RecordError::NoSeedOrSetup),
    };
    G::from_setup(&setup).map_err(RecordError::Setup)
}

/// Plays a record's moves until the end or the first move that does not apply.
pub fn replay<G: Game>(record: &GameRecord) -> Result<Replay<G>, RecordError> {
    let mut state: G = start(record)?;
    for (index, text) in record.moves.iter().enumerate() {
        let applied = state
            .parse_move(text)
            .map_err(|e: ParseMoveError| e.to_string())
            .and_then(|mv| state.play(mv).map_err(|e: IllegalMove| e.to_string()));
        if let Err(reason) = applied {
            return Ok(Replay {
                state,
                rejected: Some(Rejection {
                    index,
                    text: text.clone(),
                    reason,
                }),
            });
        }
    }
    Ok(Replay {
        state,
        rejected: None,
    })
}
