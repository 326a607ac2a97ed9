use agora_engine::{GameRng, RngCore, Seat, SetupError};
use serde::{Deserialize, Serialize};

use crate::{Office, Tile, TileSet};

/// Tyrus has no options; `{}` is the only value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TyrusOptions {}

/// A raw Tyrus deal: who starts, the order of the election cards, and each seat's draw order
/// (the first nine are its opening hand).
///
/// In JSON: `{"first_player": 0, "elections": [9 offices], "draws": [[30 tiles], [30 tiles]]}`.
/// Counts are checked when reading; [`crate::Tyrus::from_setup`] checks the rest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawSetup")]
pub struct TyrusSetup {
    pub first_player: Seat,
    pub elections: [Office; 9],
    pub draws: [[Tile; 30]; 2],
}

/// The setup as written, before its lengths are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetup {
    first_player: Seat,
    elections: Vec<Office>,
    draws: Vec<Vec<Tile>>,
}

impl TryFrom<RawSetup> for TyrusSetup {
    type Error = SetupError;

    fn try_from(raw: RawSetup) -> Result<TyrusSetup, SetupError> {
        let elections: [Office; 9] = raw.elections.try_into().map_err(|e: Vec<Office>| {
            SetupError::new(format!("{} election cards, expected 9", e.len()))
        })?;
        let [first, second]: [Vec<Tile>; 2] =
            raw.draws.try_into().map_err(|d: Vec<Vec<Tile>>| {
                SetupError::new(format!("draws for {} seats, expected 2", d.len()))
            })?;
        let draw = |seat: usize, tiles: Vec<Tile>| -> Result<[Tile; 30], SetupError> {
            tiles.try_into().map_err(|t: Vec<Tile>| {
                SetupError::new(format!("seat {seat} draws {} tiles, expected 30", t.len()))
            })
        };
        let setup = TyrusSetup {
            first_player: raw.first_player,
            elections,
            draws: [draw(0, first)?, draw(1, second)?],
        };
        setup.check()?;
        Ok(setup)
    }
}

impl TyrusSetup {
    /// A fair deal: a coin toss for the first player, shuffled election cards, shuffled tiles.
    /// The generator is consumed in that order; seeded records depend on it.
    pub fn random<R: RngCore>(rng: &mut R) -> TyrusSetup {
        let first_player = Seat(rng.below(2) as u8);
        let mut elections = [
            Office::General,
            Office::General,
            Office::General,
            Office::Guildmaster,
            Office::Guildmaster,
            Office::Guildmaster,
            Office::HighPriest,
            Office::HighPriest,
            Office::HighPriest,
        ];
        rng.shuffle(&mut elections);
        let mut draws = [ALL_TILES; 2];
        for draw in &mut draws {
            rng.shuffle(draw);
        }
        TyrusSetup {
            first_player,
            elections,
            draws,
        }
    }

    /// Checks what the types do not: the first player is a seat, three cards of each office,
    /// and each seat draws each of its 30 tiles exactly once.
    pub fn check(&self) -> Result<(), SetupError> {
        if self.first_player.index() > 1 {
            return Err(SetupError::new(format!(
                "first_player is {}, expected 0 or 1",
                self.first_player
            )));
        }
        for office in Office::ALL {
            let count = self.elections.iter().filter(|o| **o == office).count();
            if count != 3 {
                return Err(SetupError::new(format!(
                    "{count} {office} election cards, expected 3"
                )));
            }
        }
        for (seat, draw) in self.draws.iter().enumerate() {
            let mut seen = TileSet::EMPTY;
            for &tile in draw {
                if seen.contains(tile) {
                    return Err(SetupError::new(format!("seat {seat} draws {tile} twice")));
                }
                seen = seen.with(tile);
            }
        }
        Ok(())
    }
}

const ALL_TILES: [Tile; 30] = {
    let mut tiles = [Tile::new(crate::Profession::Soldier, 1).unwrap(); 30];
    let mut i = 0;
    while i < 30 {
        tiles[i] = Tile::from_index(i as u8).unwrap();
        i += 1;
    }
    tiles
};

#[cfg(test)]
mod tests {
    use super::*;
    use agora_engine::SeedRng;

    fn json_of(setup: &TyrusSetup) -> serde_json::Value {
        serde_json::to_value(setup).unwrap()
    }

    fn read(json: serde_json::Value) -> Result<TyrusSetup, String> {
        serde_json::from_value(json).map_err(|e| e.to_string())
    }

    #[test]
    fn seeded_deal_is_pinned() {
        // Part of every seeded record: must never change.
        let setup = TyrusSetup::random(&mut SeedRng::new(42));
        let json = json_of(&setup);
        assert_eq!(json["first_player"], 0);
        assert_eq!(json["elections"], serde_json::json!(PINNED_42_ELECTIONS));
        let draw: Vec<String> = setup.draws[0][..5].iter().map(|t| t.to_string()).collect();
        assert_eq!(draw, PINNED_42_DRAW0_START);
    }

    const PINNED_42_ELECTIONS: [&str; 9] = [
        "general",
        "high_priest",
        "general",
        "guildmaster",
        "high_priest",
        "high_priest",
        "guildmaster",
        "general",
        "guildmaster",
    ];
    const PINNED_42_DRAW0_START: [&str; 5] = ["M2", "M3", "M8", "M5", "S2"];

    #[test]
    fn setups_round_trip_through_json() {
        let setup = TyrusSetup::random(&mut SeedRng::new(1));
        assert_eq!(read(json_of(&setup)), Ok(setup));
    }

    #[test]
    fn bad_setups_name_the_problem() {
        let good = json_of(&TyrusSetup::random(&mut SeedRng::new(2)));
        let mut cases = Vec::new();
        let mut json = good.clone();
        json["first_player"] = 2.into();
        cases.push((json, "first_player is 2"));
        let mut json = good.clone();
        json["elections"].as_array_mut().unwrap().pop();
        cases.push((json, "8 election cards, expected 9"));
        let mut json = good.clone();
        json["elections"] = serde_json::json!(vec!["general"; 9]);
        cases.push((json, "9 general election cards, expected 3"));
        let mut json = good.clone();
        json["elections"][0] = "king".into();
        cases.push((json, "unknown variant `king`"));
        let mut json = good.clone();
        json["draws"][1].as_array_mut().unwrap().pop();
        cases.push((json, "seat 1 draws 29 tiles, expected 30"));
        let mut json = good.clone();
        json["draws"][0][0] = json["draws"][0][1].clone();
        cases.push((json, "seat 0 draws"));
        let mut json = good.clone();
        json["draws"][0][3] = "Q4".into();
        cases.push((json, "unknown tile \"Q4\""));
        let mut json = good.clone();
        json["draws"].as_array_mut().unwrap().pop();
        cases.push((json, "draws for 1 seats, expected 2"));
        let mut json = good.clone();
        json["extra"] = 1.into();
        cases.push((json, "unknown field `extra`"));
        for (json, needle) in cases {
            let error = read(json).unwrap_err();
            assert!(error.contains(needle), "{error} lacks {needle}");
        }
    }
}
