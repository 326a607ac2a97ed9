use std::fmt;
use std::str::FromStr;

use serde::de::{SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the three professions of the electorate.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Profession {
    Soldier = 0,
    Merchant = 1,
    Priest = 2,
}

impl Profession {
    pub const ALL: [Profession; 3] = [
        Profession::Soldier,
        Profession::Merchant,
        Profession::Priest,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The profession whose tiles, sent into an opponent's building, keep this profession from
    /// voting: a merchant bribes a soldier, a priest persuades a merchant, a soldier forces a
    /// priest.
    pub const fn blocked_by(self) -> Profession {
        match self {
            Profession::Soldier => Profession::Merchant,
            Profession::Merchant => Profession::Priest,
            Profession::Priest => Profession::Soldier,
        }
    }

    pub const fn letter(self) -> char {
        match self {
            Profession::Soldier => 'S',
            Profession::Merchant => 'M',
            Profession::Priest => 'P',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Profession::Soldier => "soldier",
            Profession::Merchant => "merchant",
            Profession::Priest => "priest",
        }
    }
}

/// An electorate tile: a profession and a strength from 1 to 10. Each seat owns one of each.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

impl Tile {
    /// Every tile of a seat, soldiers then merchants then priests, weakest first.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..30).map(Tile)
    }

    pub const fn new(profession: Profession, value: u8) -> Option<Tile> {
        if value >= 1 && value <= 10 {
            Some(Tile(profession as u8 * 10 + value - 1))
        } else {
            None
        }
    }

    /// The tile with this index in `0..30` (soldiers 0–9, merchants 10–19, priests 20–29).
    pub const fn from_index(index: u8) -> Option<Tile> {
        if index < 30 { Some(Tile(index)) } else { None }
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn profession(self) -> Profession {
        match self.0 / 10 {
            0 => Profession::Soldier,
            1 => Profession::Merchant,
            _ => Profession::Priest,
        }
    }

    pub const fn value(self) -> u8 {
        self.0 % 10 + 1
    }

    /// The tile's name in notation, such as `S7`.
    pub const fn name(self) -> &'static str {
        // A table, not formatting: names are written for every legal move of every frame.
        const NAMES: [&str; 30] = [
            "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", //
            "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "M10", //
            "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10",
        ];
        NAMES[self.0 as usize]
    }

    pub(crate) const fn bit(self) -> u32 {
        1 << self.0
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A name that is no tile (tiles are S1..S10, M1..M10, P1..P10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTileError(pub String);

impl fmt::Display for ParseTileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown tile {:?} (tiles are S1..S10, M1..M10, P1..P10)",
            self.0
        )
    }
}

impl std::error::Error for ParseTileError {}

impl FromStr for Tile {
    type Err = ParseTileError;

    fn from_str(s: &str) -> Result<Tile, ParseTileError> {
        let error = || ParseTileError(s.chars().take(20).collect());
        let mut chars = s.chars();
        let profession = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some('S') => Profession::Soldier,
            Some('M') => Profession::Merchant,
            Some('P') => Profession::Priest,
            _ => return Err(error()),
        };
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        let value: u8 = digits.parse().map_err(|_| error())?;
        if digits.starts_with('0') {
            return Err(error());
        }
        Tile::new(profession, value).ok_or_else(error)
    }
}

impl Serialize for Tile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tile, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of one seat's tiles, as a bit mask. Serialized as a list of tile names.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct TileSet(pub(crate) u32);

/// The sum of the values of the tiles in a 10-bit profession group, for every group.
const GROUP_SUMS: [u8; 1024] = {
    let mut sums = [0u8; 1024];
    let mut mask = 0;
    while mask < 1024 {
        let mut sum = 0;
        let mut bit = 0;
        while bit < 10 {
            if mask & (1 << bit) != 0 {
                sum += bit as u8 + 1;
            }
            bit += 1;
        }
        sums[mask] = sum;
        mask += 1;
    }
    sums
};

impl TileSet {
    pub const EMPTY: TileSet = TileSet(0);
    pub const ALL: TileSet = TileSet((1 << 30) - 1);

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn contains(self, tile: Tile) -> bool {
        self.0 & tile.bit() != 0
    }

    pub const fn with(self, tile: Tile) -> TileSet {
        TileSet(self.0 | tile.bit())
    }

    pub const fn union(self, other: TileSet) -> TileSet {
        TileSet(self.0 | other.0)
    }

    pub const fn minus(self, other: TileSet) -> TileSet {
        TileSet(self.0 & !other.0)
    }

    /// The total strength of the tiles of one profession.
    pub const fn strength(self, profession: Profession) -> u8 {
        GROUP_SUMS[((self.0 >> (profession as u32 * 10)) & 0x3ff) as usize]
    }

    /// The total strength of every tile.
    pub const fn total(self) -> u8 {
        self.strength(Profession::Soldier)
            + self.strength(Profession::Merchant)
            + self.strength(Profession::Priest)
    }

    /// The `n`th tile in index order.
    ///
    /// Branch-free (a binary search on popcounts), because random playouts call it every ply
    /// with an unpredictable `n`.
    #[inline]
    pub fn nth(self, n: usize) -> Option<Tile> {
        if n >= self.len() {
            return None;
        }
        let mut bits = self.0;
        let mut n = n as u32;
        let mut index = 0;
        macro_rules! step {
            ($width:expr) => {
                let low = (bits & ((1 << $width) - 1)).count_ones();
                let skip = u32::from(n >= low);
                n -= skip * low;
                bits >>= skip * $width;
                index += skip * $width;
            };
        }
        step!(16);
        step!(8);
        step!(4);
        step!(2);
        step!(1);
        // The last step's updates of `n` and `bits` are not needed.
        let _ = (n, bits);
        Some(Tile(index as u8))
    }

    pub fn iter(self) -> impl Iterator<Item = Tile> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let tile = Tile(bits.trailing_zeros() as u8);
                bits &= bits - 1;
                tile
            })
        })
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> TileSet {
        iter.into_iter().fold(TileSet::EMPTY, TileSet::with)
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.iter().map(|t| t.to_string()).collect();
        f.write_str(&names.join(" "))
    }
}

impl Serialize for TileSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for tile in self.iter() {
            seq.serialize_element(&tile)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for TileSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TileSet, D::Error> {
        struct TileSetVisitor;
        impl<'de> Visitor<'de> for TileSetVisitor {
            type Value = TileSet;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of tiles")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<TileSet, A::Error> {
                let mut set = TileSet::EMPTY;
                while let Some(tile) = seq.next_element::<Tile>()? {
                    set = set.with(tile);
                }
                Ok(set)
            }
        }
        deserializer.deserialize_seq(TileSetVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_read_and_write_their_names() {
        for tile in Tile::all() {
            assert_eq!(tile.to_string().parse::<Tile>(), Ok(tile));
            let spelled = format!("{}{}", tile.profession().letter(), tile.value());
            assert_eq!(tile.name(), spelled);
        }
        assert_eq!("s7".parse::<Tile>().unwrap().to_string(), "S7");
        assert_eq!("P10".parse::<Tile>().unwrap().value(), 10);
        for bad in [
            "", "S", "S0", "S11", "S01", "X3", "S1x", "S-1", "SS1", "S 1", "S100",
        ] {
            assert!(bad.parse::<Tile>().is_err(), "{bad}");
        }
    }

    #[test]
    fn strength_sums_one_profession() {
        let set: TileSet = ["S10", "S8", "M7", "P1"]
            .iter()
            .map(|t| t.parse::<Tile>().unwrap())
            .collect();
        assert_eq!(set.strength(Profession::Soldier), 18);
        assert_eq!(set.strength(Profession::Merchant), 7);
        assert_eq!(set.strength(Profession::Priest), 1);
        assert_eq!(set.total(), 26);
        assert_eq!(TileSet::ALL.total(), 165);
        assert_eq!(set.nth(1).unwrap().to_string(), "S10");
        assert_eq!(set.nth(4), None);
        for mask in [1u32, 0b1011, (1 << 30) - 1, 1 << 29, 0x2aaa_aaaa] {
            let set = TileSet(mask);
            let slow: Vec<Tile> = set.iter().collect();
            for (n, tile) in slow.iter().enumerate() {
                assert_eq!(set.nth(n), Some(*tile), "{mask:#x} {n}");
            }
        }
    }

    #[test]
    fn blocking_goes_round() {
        assert_eq!(Profession::Soldier.blocked_by(), Profession::Merchant);
        assert_eq!(Profession::Merchant.blocked_by(), Profession::Priest);
        assert_eq!(Profession::Priest.blocked_by(), Profession::Soldier);
    }
}
