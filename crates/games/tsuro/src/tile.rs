use std::fmt;
use std::str::FromStr;

use agora_engine::Refusal;

use crate::{Point, TsuroRefusal};

/// Ways to pair up 8 points: 7 · 5 · 3 · 1.
pub(crate) const MATCHINGS: usize = 105;
/// Matchings counted up to quarter turns: the tiles in the box.
pub(crate) const TILES: usize = 35;

/// One of the 35 path tiles, whatever way it is turned: what a hand or the draw pile holds.
///
/// Written as its first orientation (see [`Tile::orientations`]), e.g. `01-23-45-67`; read in
/// any rotation.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Tile(pub(crate) u8);

/// A tile as it lies on the board: four paths, each joining two of the square's eight edge
/// points. Written with each pair's lower point first and the pairs sorted, e.g. `01-27-36-45`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlacedTile(pub(crate) u8);

/// Everything about tiles that can be worked out once: built at compile time.
pub(crate) struct Tables {
    /// `partner[m][p]`: where the path entering matching `m` at point `p` leaves it. Padded to
    /// 256 rows so that indexing by any `u8` needs no bounds check.
    pub partner: [[u8; 8]; 256],
    /// The matching turned a quarter clockwise.
    pub turned: [u8; MATCHINGS],
    pub tile_of: [u8; MATCHINGS],
    /// Distinct orientations of each tile, in quarter turns from its first one.
    pub orientations: [[PlacedTile; 4]; TILES],
    pub orientation_count: [u8; TILES],
    /// The same as raw matchings, four to a row whatever the count (spare slots repeat), padded
    /// to 64 rows for playouts to copy without checks.
    pub orientation_bytes: [[u8; 4]; 64],
    pub orientation_len: [u8; 64],
}

pub(crate) const TABLES: Tables = Tables::build();

const UNPAIRED: u8 = 8;

impl Tables {
    const fn build() -> Tables {
        let mut partner = [[0u8; 8]; 256];
        let mut m = 0;
        while m < MATCHINGS {
            partner[m] = matching(m);
            m += 1;
        }
        let mut turned = [0u8; MATCHINGS];
        let mut m = 0;
        while m < MATCHINGS {
            let mut rotated = [0u8; 8];
            let mut p = 0;
            while p < 8 {
                rotated[(p + 2) % 8] = (partner[m][p] + 2) % 8;
                p += 1;
            }
            turned[m] = index_of(&rotated);
            m += 1;
        }
        let mut tile_of = [0u8; MATCHINGS];
        let mut orientations = [[PlacedTile(0); 4]; TILES];
        let mut orientation_count = [0u8; TILES];
        let mut tiles = 0;
        let mut m = 0;
        while m < MATCHINGS {
            let r1 = turned[m];
            let r2 = turned[r1 as usize];
            let r3 = turned[r2 as usize];
            let mut first = m as u8;
            if r1 < first {
                first = r1;
            }
            if r2 < first {
                first = r2;
            }
            if r3 < first {
                first = r3;
            }
            if first as usize == m {
                // A tile's first orientation is its lowest matching, so tiles are numbered in
                // the order of their written names.
                let rotations = [m as u8, r1, r2, r3];
                let mut count = 0;
                let mut r = 0;
                while r < 4 {
                    let mut seen = false;
                    let mut k = 0;
                    while k < count {
                        if orientations[tiles][k].0 == rotations[r] {
                            seen = true;
                        }
                        k += 1;
                    }
                    if !seen {
                        orientations[tiles][count] = PlacedTile(rotations[r]);
                        count += 1;
                    }
                    r += 1;
                }
                orientation_count[tiles] = count as u8;
                tiles += 1;
            }
            m += 1;
        }
        assert!(tiles == TILES, "there are 35 tiles");
        let mut t = 0;
        while t < TILES {
            let mut k = 0;
            while k < orientation_count[t] as usize {
                tile_of[orientations[t][k].0 as usize] = t as u8;
                k += 1;
            }
            t += 1;
        }
        let mut orientation_bytes = [[0u8; 4]; 64];
        let mut orientation_len = [0u8; 64];
        let mut t = 0;
        while t < TILES {
            let mut k = 0;
            while k < 4 {
                orientation_bytes[t][k] = orientations[t][k % orientation_count[t] as usize].0;
                k += 1;
            }
            orientation_len[t] = orientation_count[t];
            t += 1;
        }
        Tables {
            partner,
            turned,
            tile_of,
            orientations,
            orientation_count,
            orientation_bytes,
            orientation_len,
        }
    }
}

/// The `index`-th matching in written order: the lowest free point is joined to the
/// `choice`-th free point above it, with choices 7 · 5 · 3 · 1 making up the index.
const fn matching(index: usize) -> [u8; 8] {
    let choices = [index / 15, index / 3 % 5, index % 3, 0];
    let mut partner = [UNPAIRED; 8];
    let mut step = 0;
    while step < 4 {
        let mut low = 0;
        while partner[low] != UNPAIRED {
            low += 1;
        }
        let mut left = choices[step];
        let mut high = low + 1;
        loop {
            if partner[high] == UNPAIRED {
                if left == 0 {
                    break;
                }
                left -= 1;
            }
            high += 1;
        }
        partner[low] = high as u8;
        partner[high] = low as u8;
        step += 1;
    }
    partner
}

/// The inverse of [`matching`]; `partner` must be a perfect matching.
const fn index_of(partner: &[u8; 8]) -> u8 {
    let mut used = [false; 8];
    let mut index = 0;
    let weights = [15, 3, 1, 0];
    let mut step = 0;
    while step < 4 {
        let mut low = 0;
        while used[low] {
            low += 1;
        }
        let high = partner[low] as usize;
        let mut rank = 0;
        let mut p = low + 1;
        while p < high {
            if !used[p] {
                rank += 1;
            }
            p += 1;
        }
        index += rank * weights[step];
        used[low] = true;
        used[high] = true;
        step += 1;
    }
    index as u8
}

impl Tile {
    /// Every tile, in the order of their written names.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..TILES as u8).map(Tile)
    }

    /// The distinct ways this tile can lie on the board (1, 2 or 4: some tiles look the same
    /// after a half or quarter turn), in quarter turns clockwise from the first.
    pub fn orientations(self) -> &'static [PlacedTile] {
        let t = self.0 as usize;
        &TABLES.orientations[t][..TABLES.orientation_count[t] as usize]
    }

    /// The tile in its first orientation, as it is written.
    pub fn first_orientation(self) -> PlacedTile {
        TABLES.orientations[self.0 as usize][0]
    }

    /// A number from 0 to 34, in the order of [`Tile::all`].
    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub(crate) fn bit(self) -> u64 {
        1 << self.0
    }
}

impl PlacedTile {
    /// Where the path entering this tile at `point` leaves it.
    pub fn exit(self, point: Point) -> Point {
        Point(TABLES.partner[self.0 as usize][point.index()])
    }

    /// The four paths, each as (lower point, higher point), sorted.
    pub fn paths(self) -> [(Point, Point); 4] {
        let partner = &TABLES.partner[self.0 as usize];
        let mut paths = [(Point(0), Point(0)); 4];
        let mut n = 0;
        for (p, &q) in partner.iter().enumerate() {
            if usize::from(q) > p {
                paths[n] = (Point(p as u8), Point(q));
                n += 1;
            }
        }
        paths
    }

    /// The tile it is, whatever the orientation.
    pub fn tile(self) -> Tile {
        Tile(TABLES.tile_of[self.0 as usize])
    }

    /// Turned `quarter_turns` quarters clockwise: point p goes to p + 2 (mod 8).
    pub fn turned(self, quarter_turns: u8) -> PlacedTile {
        let mut m = self.0;
        for _ in 0..quarter_turns % 4 {
            m = TABLES.turned[m as usize];
        }
        PlacedTile(m)
    }

    /// A number from 0 to 104, in the order of written names.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Text that is not a tile, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseTileError(pub(crate) Refusal);

impl ParseTileError {
    pub fn refusal(&self) -> &Refusal {
        &self.0
    }
}

impl From<ParseTileError> for Refusal {
    fn from(error: ParseTileError) -> Refusal {
        error.0
    }
}

impl fmt::Display for ParseTileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for ParseTileError {}

impl FromStr for PlacedTile {
    type Err = ParseTileError;

    fn from_str(text: &str) -> Result<PlacedTile, ParseTileError> {
        let shape = || ParseTileError(TsuroRefusal::TileShape.with("word", short(text)));
        let bytes = text.as_bytes();
        if bytes.len() != 11 || bytes[2] != b'-' || bytes[5] != b'-' || bytes[8] != b'-' {
            return Err(shape());
        }
        let mut partner = [UNPAIRED; 8];
        for pair in 0..4 {
            let a = point_digit(bytes[3 * pair]).ok_or_else(shape)?;
            let b = point_digit(bytes[3 * pair + 1]).ok_or_else(shape)?;
            for p in [a, b] {
                if partner[p as usize] != UNPAIRED || a == b {
                    return Err(ParseTileError(
                        TsuroRefusal::PointTwice
                            .with("word", short(text))
                            .with("point", p),
                    ));
                }
            }
            partner[a as usize] = b;
            partner[b as usize] = a;
        }
        Ok(PlacedTile(index_of(&partner)))
    }
}

impl FromStr for Tile {
    type Err = ParseTileError;

    fn from_str(text: &str) -> Result<Tile, ParseTileError> {
        text.parse::<PlacedTile>().map(PlacedTile::tile)
    }
}

fn point_digit(byte: u8) -> Option<u8> {
    matches!(byte, b'0'..=b'7').then(|| byte - b'0')
}

fn short(text: &str) -> String {
    text.chars().take(40).collect()
}

impl fmt::Display for PlacedTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Every matching's written name, so that writing one (views, summaries) costs no formatting.
const NAMES: [[u8; 11]; MATCHINGS] = {
    let mut names = [[b'-'; 11]; MATCHINGS];
    let mut m = 0;
    while m < MATCHINGS {
        let partner = matching(m);
        let mut pair = 0;
        let mut p = 0;
        while p < 8 {
            if partner[p] as usize > p {
                names[m][3 * pair] = b'0' + p as u8;
                names[m][3 * pair + 1] = b'0' + partner[p];
                pair += 1;
            }
            p += 1;
        }
        m += 1;
    }
    names
};

impl PlacedTile {
    /// The written name, e.g. `01-27-36-45`.
    pub fn as_str(self) -> &'static str {
        std::str::from_utf8(&NAMES[self.0 as usize]).expect("names are ASCII")
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Tile {
    /// The written name of its first orientation.
    pub fn as_str(self) -> &'static str {
        self.first_orientation().as_str()
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tile({self})")
    }
}

impl fmt::Debug for PlacedTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PlacedTile({self})")
    }
}

macro_rules! serde_as_text {
    ($type:ty) => {
        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<$type, D::Error> {
                let text =
                    <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

serde_as_text!(Tile);
serde_as_text!(PlacedTile);
pub(crate) use serde_as_text;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matchings_are_numbered_in_written_order() {
        let names: Vec<String> = (0..MATCHINGS as u8)
            .map(|m| PlacedTile(m).to_string())
            .collect();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(names, sorted);
        assert_eq!(names[0], "01-23-45-67");
        assert_eq!(names[104], "07-16-25-34");
        for m in 0..MATCHINGS {
            assert_eq!(index_of(&matching(m)) as usize, m);
        }
    }
}
