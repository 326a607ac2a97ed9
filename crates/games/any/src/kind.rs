use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the games Agora hosts.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    Tyrus,
    Tsuro,
    Tyranny,
}

impl GameKind {
    pub const ALL: &'static [GameKind] = &[GameKind::Tyrus, GameKind::Tsuro, GameKind::Tyranny];

    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Tyrus => "tyrus",
            GameKind::Tsuro => "tsuro",
            GameKind::Tyranny => "tyranny",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name Agora does not host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        write!(f, "unknown game {:?} (games: {})", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownGame(s.chars().take(40).collect()))
    }
}

/// Runs `$body` with `$G` bound to the game type of `$kind`.
///
/// ```ignore
/// let seats = with_game!(kind, G => G::from_setup(&G::setup_from_seed(&Default::default(), 1))?.seats());
/// ```
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::GameKind::Tyrus => {
                type $G = $crate::agora_tyrus::Tyrus;
                $body
            }
            $crate::GameKind::Tsuro => {
                type $G = $crate::agora_tsuro::Tsuro;
                $body
            }
            $crate::GameKind::Tyranny => {
                type $G = $crate::agora_tyranny::Tyranny;
                $body
            }
        }
    };
}

/// Runs `$body` with `$g` bound to the concrete state inside an [`AnyGame`](crate::AnyGame),
/// for code generic over `agora_engine::Game` (the server's bots take a seat's typed view
/// this way).
///
/// ```ignore
/// let view = with_state!(&any, g => serde_json::to_value(g.view(viewer)));
/// ```
#[macro_export]
macro_rules! with_state {
    ($state:expr, $g:ident => $body:expr) => {
        match $state {
            $crate::AnyGame::Tyrus($g) => $body,
            $crate::AnyGame::Tsuro($g) => $body,
            $crate::AnyGame::Tyranny($g) => $body,
        }
    };
}
