use std::fmt;

use agora_engine::Seat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The two sides of the table.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Faction {
    Cops,
    Criminals,
}

impl Faction {
    pub const fn other(self) -> Faction {
        match self {
            Faction::Cops => Faction::Criminals,
            Faction::Criminals => Faction::Cops,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Faction::Cops => "cops",
            Faction::Criminals => "criminals",
        }
    }
}

// Read in any letter case, as every word of a setup is (moves are case free too).
impl<'de> Deserialize<'de> for Faction {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Faction, D::Error> {
        let text = String::deserialize(deserializer)?;
        match text.trim().to_ascii_lowercase().as_str() {
            "cops" => Ok(Faction::Cops),
            "criminals" => Ok(Faction::Criminals),
            _ => Err(serde::de::Error::invalid_value(
                serde::de::Unexpected::Str(&text),
                &"\"cops\" or \"criminals\"",
            )),
        }
    }
}

impl fmt::Display for Faction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the four pieces, in turn order: `cop1`, `crim1`, `cop2`, `crim2`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Piece(u8);

impl Piece {
    pub const COP1: Piece = Piece(0);
    pub const CRIM1: Piece = Piece(1);
    pub const COP2: Piece = Piece(2);
    pub const CRIM2: Piece = Piece(3);
    /// Every piece, in turn order.
    pub const ALL: [Piece; 4] = [Piece::COP1, Piece::CRIM1, Piece::COP2, Piece::CRIM2];
    const NAMES: [&'static str; 4] = ["cop1", "crim1", "cop2", "crim2"];

    /// The piece at `index` in turn order (0 to 3).
    pub const fn from_index(index: usize) -> Option<Piece> {
        if index < 4 {
            Some(Piece(index as u8))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn faction(self) -> Faction {
        if self.0 % 2 == 0 {
            Faction::Cops
        } else {
            Faction::Criminals
        }
    }

    /// The piece's name in notation: `cop1`, `crim1`, `cop2` or `crim2`.
    pub const fn name(self) -> &'static str {
        Piece::NAMES[self.0 as usize]
    }

    pub fn from_name(name: &str) -> Option<Piece> {
        Piece::NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| Piece(i as u8))
    }

    /// The next piece in turn order.
    pub const fn next(self) -> Piece {
        Piece((self.0 + 1) % 4)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// Who commands which piece, for 2, 3 or 4 players.
///
/// Seats are numbered in the order they first act. With 2 players seat 0 commands both cops
/// and seat 1 both criminals; with 3, seat 0 commands both cops and seats 1 and 2 one criminal
/// each; with 4, seat `i` commands piece `i`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Seating {
    players: u8,
}

impl Seating {
    /// `None` unless `players` is 2, 3 or 4.
    pub const fn new(players: u8) -> Option<Seating> {
        match players {
            2..=4 => Some(Seating { players }),
            _ => None,
        }
    }

    pub const fn players(self) -> u8 {
        self.players
    }

    /// The seat that commands `piece`.
    pub const fn commander(self, piece: Piece) -> Seat {
        let seat = match self.players {
            2 => piece.0 % 2,
            3 => [0, 1, 0, 2][piece.0 as usize],
            _ => piece.0,
        };
        Seat(seat)
    }

    /// The faction a seat plays for.
    pub const fn faction(self, seat: Seat) -> Faction {
        match (self.players, seat.0) {
            (2 | 3, 0) => Faction::Cops,
            (2 | 3, _) => Faction::Criminals,
            (_, s) if s % 2 == 0 => Faction::Cops,
            _ => Faction::Criminals,
        }
    }

    /// The pieces a seat commands, in turn order.
    pub fn pieces(self, seat: Seat) -> impl Iterator<Item = Piece> {
        Piece::ALL
            .into_iter()
            .filter(move |p| self.commander(*p) == seat)
    }

    /// The seats of a faction, in seat order.
    pub fn seats_of(self, faction: Faction) -> impl Iterator<Item = Seat> {
        (0..self.players)
            .map(Seat)
            .filter(move |s| self.faction(*s) == faction)
    }

    /// How many cards a seat may keep: three for each piece it commands.
    pub fn hand_limit(self, seat: Seat) -> u8 {
        crate::rules::HAND_LIMIT_PER_PIECE * self.pieces(seat).count() as u8
    }
}
