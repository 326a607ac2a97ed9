use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::Profession;

/// The representative an election chooses; each is elected by one profession in one kind of
/// building.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Office {
    General = 0,
    Guildmaster = 1,
    HighPriest = 2,
}

impl Office {
    pub const ALL: [Office; 3] = [Office::General, Office::Guildmaster, Office::HighPriest];

    pub const fn profession(self) -> Profession {
        match self {
            Office::General => Profession::Soldier,
            Office::Guildmaster => Profession::Merchant,
            Office::HighPriest => Profession::Priest,
        }
    }

    pub const fn building(self) -> BuildingKind {
        match self {
            Office::General => BuildingKind::Citadel,
            Office::Guildmaster => BuildingKind::Market,
            Office::HighPriest => BuildingKind::Temple,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Office::General => "general",
            Office::Guildmaster => "guildmaster",
            Office::HighPriest => "high_priest",
        }
    }
}

impl fmt::Display for Office {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The three kinds of building; each seat has one of each.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BuildingKind {
    Citadel = 0,
    Market = 1,
    Temple = 2,
}

impl BuildingKind {
    pub const ALL: [BuildingKind; 3] = [
        BuildingKind::Citadel,
        BuildingKind::Market,
        BuildingKind::Temple,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            BuildingKind::Citadel => "citadel",
            BuildingKind::Market => "market",
            BuildingKind::Temple => "temple",
        }
    }
}

impl fmt::Display for BuildingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BuildingKind {
    type Err = ();

    fn from_str(s: &str) -> Result<BuildingKind, ()> {
        BuildingKind::ALL
            .into_iter()
            .find(|b| b.name().eq_ignore_ascii_case(s))
            .ok_or(())
    }
}

/// Whose building, seen from the seat placing a tile.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Own,
    Opp,
}

impl Side {
    pub const fn name(self) -> &'static str {
        match self {
            Side::Own => "own",
            Side::Opp => "opp",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
