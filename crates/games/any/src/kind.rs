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

    /// The sides of a game of `seats` seats: the seats that share one result, each side's
    /// seats in order. Tyranny's are its two factions (docs/rules/tyranny.md, R1); in the
    /// other games every seat is a side of its own. What ratings count as a team.
    pub fn sides(self, seats: usize) -> Vec<Vec<u8>> {
        use agora_tyranny::{Faction, Seating};
        let seating = match self {
            GameKind::Tyranny => u8::try_from(seats).ok().and_then(Seating::new),
            GameKind::Tyrus | GameKind::Tsuro => None,
        };
        match seating {
            Some(seating) => [Faction::Cops, Faction::Criminals]
                .into_iter()
                .map(|f| seating.seats_of(f).map(|s| s.0).collect())
                .collect(),
            None => (0..seats as u8).map(|s| vec![s]).collect(),
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

#[cfg(test)]
mod tests {
    use super::GameKind;

    #[test]
    fn tyrannys_sides_are_its_factions_and_other_games_seats_stand_alone() {
        assert_eq!(GameKind::Tyranny.sides(2), [vec![0], vec![1]]);
        assert_eq!(GameKind::Tyranny.sides(3), [vec![0], vec![1, 2]]);
        assert_eq!(GameKind::Tyranny.sides(4), [vec![0, 2], vec![1, 3]]);
        assert_eq!(GameKind::Tsuro.sides(3), [vec![0], vec![1], vec![2]]);
        assert_eq!(GameKind::Tyrus.sides(2), [vec![0], vec![1]]);
    }
}
