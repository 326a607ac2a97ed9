use std::fmt;

use agora_engine::ParseMoveError;

use crate::{BuildingKind, Side, Tile, TyrusRefusal};

/// Placing one tile from the mover's hand into one of the six buildings.
///
/// Notation: `<tile> <own|opp> <citadel|market|temple>`, e.g. `S7 own citadel`; `own` and `opp`
/// are relative to the mover. Input is read in any letter case with any spacing.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Placement {
    pub tile: Tile,
    pub side: Side,
    pub building: BuildingKind,
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [tile, side, building] = self.words();
        write!(f, "{tile} {side} {building}")
    }
}

impl Placement {
    /// The move in notation, such as `S7 own citadel`.
    pub fn notation(&self) -> String {
        let mut text = String::new();
        self.write_notation(&mut text);
        text
    }

    /// Appends [`Placement::notation`] to `out`.
    pub fn write_notation(&self, out: &mut String) {
        let [tile, side, building] = self.words();
        out.push_str(tile);
        out.push(' ');
        out.push_str(side);
        out.push(' ');
        out.push_str(building);
    }

    /// Appends the notation as a JSON string: its words are names from this crate's tables,
    /// which JSON never escapes.
    pub fn write_json(&self, out: &mut String) {
        let [tile, side, building] = self.words();
        out.push('"');
        out.push_str(tile);
        out.push(' ');
        out.push_str(side);
        out.push(' ');
        out.push_str(building);
        out.push('"');
    }

    fn words(&self) -> [&'static str; 3] {
        [self.tile.name(), self.side.name(), self.building.name()]
    }

    pub fn parse(text: &str) -> Result<Placement, ParseMoveError> {
        let words: Vec<&str> = text.split_whitespace().take(4).collect();
        let [tile, side, building] = words[..] else {
            return Err(ParseMoveError::new(text, TyrusRefusal::Shape));
        };
        let tile: Tile = tile.parse().map_err(|e: crate::ParseTileError| {
            ParseMoveError::new(text, TyrusRefusal::UnknownTile.with("word", e.0))
        })?;
        let side = match side.to_ascii_lowercase().as_str() {
            "own" => Side::Own,
            "opp" => Side::Opp,
            _ => return Err(ParseMoveError::new(text, TyrusRefusal::Side)),
        };
        let building: BuildingKind = building
            .parse()
            .map_err(|()| ParseMoveError::new(text, TyrusRefusal::Building))?;
        Ok(Placement {
            tile,
            side,
            building,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_is_lenient_on_case_and_space() {
        let mv = Placement::parse("  m3   OPP Citadel ").unwrap();
        assert_eq!(mv.to_string(), "M3 opp citadel");
        assert_eq!(Placement::parse(&mv.to_string()), Ok(mv));
    }

    #[test]
    fn bad_notation_says_what_is_wrong() {
        for (text, needle) in [
            ("", "a move is"),
            ("S7 own", "a move is"),
            ("S7 own citadel now", "a move is"),
            ("X7 own citadel", "unknown tile"),
            ("S11 own citadel", "unknown tile"),
            ("S7 mine citadel", "own or opp"),
            ("S7 own castle", "citadel, market or temple"),
        ] {
            let error = Placement::parse(text).unwrap_err();
            assert!(error.to_string().contains(needle), "{text}: {error}");
        }
    }
}
