use serde::{Deserialize, Serialize};

use crate::Seat;

/// Who acts next.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Turn {
    /// This seat must move.
    Seat(Seat),
    /// The host must draw a chance move ([`crate::Game::sample_chance`]) and record it.
    Chance,
    /// The game has finished.
    Over,
}

impl Turn {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Turn::Seat(seat) => Some(seat),
            Turn::Chance | Turn::Over => None,
        }
    }
}
