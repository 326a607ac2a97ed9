use std::fmt;

use agora_engine::{GameRng, RngCore};
use serde::de::{SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Tile;
use crate::tile::TILES;

/// The most seats at a Tsuro table.
pub const MAX_PLAYERS: usize = 8;
/// Tiles in a full hand.
pub const HAND_SIZE: usize = 3;

/// Choices made before a game: `{"players": 2, "elimination_bonus": false}`, both optional.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TsuroOptions {
    /// 2 to 8.
    pub players: usize,
    /// The advanced rule: whoever eliminates others may swap tiles with their hands.
    pub elimination_bonus: bool,
}

impl Default for TsuroOptions {
    fn default() -> TsuroOptions {
        TsuroOptions {
            players: 2,
            elimination_bonus: false,
        }
    }
}

/// A starting position: `{"players": n, "hands": [[3 tiles] per seat], "draw_pile": [the
/// rest, top first], "elimination_bonus": false}`. Checked by `Tsuro::from_setup`.
///
/// Held in fixed arrays so that dealing one allocates nothing (random playouts deal millions).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TsuroSetup {
    pub players: usize,
    pub hands: Hands,
    pub draw_pile: TileList,
    #[serde(default)]
    pub elimination_bonus: bool,
}

/// Up to 35 tiles in order, written as a list of tiles.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct TileList {
    tiles: [Tile; TILES],
    len: u8,
}

/// One tile list per seat, up to 8 seats and 35 tiles in all, written as a list of lists.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Hands {
    /// Every hand, one after the other.
    tiles: TileList,
    lens: [u8; MAX_PLAYERS],
    len: u8,
}

/// More tiles or hands than a list holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ListFull;

impl fmt::Display for ListFull {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("list is full")
    }
}

impl std::error::Error for ListFull {}

impl TileList {
    pub const fn new() -> TileList {
        TileList {
            tiles: [Tile(0); TILES],
            len: 0,
        }
    }

    pub fn from_slice(tiles: &[Tile]) -> Result<TileList, ListFull> {
        let mut list = TileList::new();
        for &tile in tiles {
            list.push(tile)?;
        }
        Ok(list)
    }

    pub fn push(&mut self, tile: Tile) -> Result<(), ListFull> {
        let slot = self.tiles.get_mut(self.len as usize).ok_or(ListFull)?;
        *slot = tile;
        self.len += 1;
        Ok(())
    }

    pub fn as_slice(&self) -> &[Tile] {
        &self.tiles[..self.len as usize]
    }
}

impl Default for TileList {
    fn default() -> TileList {
        TileList::new()
    }
}

impl Hands {
    pub const fn new() -> Hands {
        Hands {
            tiles: TileList::new(),
            lens: [0; MAX_PLAYERS],
            len: 0,
        }
    }

    /// Adds the next seat's hand; fails past 8 hands or 35 tiles in all.
    pub fn push(&mut self, hand: &[Tile]) -> Result<(), ListFull> {
        if usize::from(self.len) == MAX_PLAYERS || self.tiles.as_slice().len() + hand.len() > TILES
        {
            return Err(ListFull);
        }
        for &tile in hand {
            self.tiles.push(tile)?;
        }
        self.lens[usize::from(self.len)] = hand.len() as u8;
        self.len += 1;
        Ok(())
    }

    /// How many hands.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Each hand in seat order.
    pub fn iter(&self) -> impl Iterator<Item = &[Tile]> {
        let mut rest = self.tiles.as_slice();
        self.lens[..self.len()].iter().map(move |&len| {
            let (hand, after) = rest.split_at(usize::from(len));
            rest = after;
            hand
        })
    }

    /// Every tile of every hand, in seat order.
    pub fn all_tiles(&self) -> &[Tile] {
        self.tiles.as_slice()
    }
}

impl Default for Hands {
    fn default() -> Hands {
        Hands::new()
    }
}

impl fmt::Debug for TileList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl fmt::Debug for Hands {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for TileList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.as_slice().len()))?;
        for tile in self.as_slice() {
            seq.serialize_element(tile)?;
        }
        seq.end()
    }
}

impl Serialize for Hands {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for hand in self.iter() {
            seq.serialize_element(hand)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for TileList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TileList, D::Error> {
        struct ListVisitor;
        impl<'de> Visitor<'de> for ListVisitor {
            type Value = TileList;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of tiles")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<TileList, A::Error> {
                let mut list = TileList::new();
                while let Some(tile) = seq.next_element::<Tile>()? {
                    list.push(tile)
                        .map_err(|_| serde::de::Error::custom("more than 35 tiles in one list"))?;
                }
                Ok(list)
            }
        }
        deserializer.deserialize_seq(ListVisitor)
    }
}

impl<'de> Deserialize<'de> for Hands {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Hands, D::Error> {
        struct HandsVisitor;
        impl<'de> Visitor<'de> for HandsVisitor {
            type Value = Hands;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of hands, one per seat")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Hands, A::Error> {
                let mut hands = Hands::new();
                while let Some(hand) = seq.next_element::<TileList>()? {
                    hands.push(hand.as_slice()).map_err(|_| {
                        serde::de::Error::custom("more than 8 hands or 35 tiles in the hands")
                    })?;
                }
                Ok(hands)
            }
        }
        deserializer.deserialize_seq(HandsVisitor)
    }
}

impl TsuroSetup {
    /// A setup dealt by hand, for tests and worked examples: `hands` in seat order, the draw
    /// pile starting with `pile_top` and then every other tile in tile order. Checked by
    /// `Tsuro::from_setup` like any other (a tile given twice is refused there).
    pub fn stacked(
        hands: &[[Tile; HAND_SIZE]],
        pile_top: &[Tile],
        elimination_bonus: bool,
    ) -> TsuroSetup {
        let mut all_hands = Hands::new();
        let mut dealt: Vec<Tile> = pile_top.to_vec();
        for hand in hands {
            // Past 8 hands the setup is refused by `from_setup`, which counts the hands.
            let _ = all_hands.push(hand);
            dealt.extend(hand);
        }
        let rest = Tile::all().filter(|t| !dealt.contains(t));
        let pile: Vec<Tile> = pile_top.iter().copied().chain(rest).collect();
        TsuroSetup {
            players: hands.len(),
            hands: all_hands,
            draw_pile: TileList::from_slice(&pile).unwrap_or_default(),
            elimination_bonus,
        }
    }

    /// Shuffles the 35 tiles with `rng` and deals three to each seat in seat order; the rest,
    /// in shuffled order, is the draw pile (top first). A player count outside 2–8 is kept as
    /// asked, so that `Tsuro::from_setup` names the problem.
    pub fn deal<R: RngCore>(options: &TsuroOptions, rng: &mut R) -> TsuroSetup {
        let mut deck = [Tile(0); TILES];
        for (n, tile) in deck.iter_mut().enumerate() {
            *tile = Tile(n as u8);
        }
        rng.shuffle(&mut deck);
        let dealt = options.players.min(MAX_PLAYERS);
        let in_hands = dealt * HAND_SIZE;
        let mut hands = Hands {
            tiles: TileList {
                tiles: deck,
                len: in_hands as u8,
            },
            lens: [0; MAX_PLAYERS],
            len: dealt as u8,
        };
        hands.lens[..dealt].fill(HAND_SIZE as u8);
        // Spare slots stay zero so that equal lists compare equal.
        hands.tiles.tiles[in_hands..].fill(Tile(0));
        let mut draw_pile = TileList {
            tiles: [Tile(0); TILES],
            len: (TILES - in_hands) as u8,
        };
        draw_pile.tiles[..TILES - in_hands].copy_from_slice(&deck[in_hands..]);
        TsuroSetup {
            players: options.players,
            hands,
            draw_pile,
            elimination_bonus: options.elimination_bonus,
        }
    }
}
