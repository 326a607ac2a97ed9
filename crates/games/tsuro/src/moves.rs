use std::fmt;

use agora_engine::{ParseMoveError, Refusal};
use serde::{Serialize, Serializer};

use crate::setup::HAND_SIZE;
use crate::tile::TILES;
use crate::{ParsePositionError, ParseTileError, PlacedTile, Position, Tile, TsuroRefusal};

/// A Tsuro move, written as in the comments below.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum TsuroMove {
    /// `start c1.0`: put the marker on a free start mark.
    Start(Position),
    /// `play 01-27-36-45`: lay a tile from the hand, turned as written, on the square the
    /// marker faces.
    Play(PlacedTile),
    /// `keep`, or `swap <tiles given> for <as many tiles taken>`: the elimination bonus.
    Swap(Swap),
    /// `shuffle <tile> <tile> …`: chance; the whole new draw pile, top first.
    Shuffle(Shuffle),
}

/// The elimination bonus exchange: tiles given from the hand for as many taken from the hands
/// of the seats just eliminated. Giving nothing is written `keep`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Swap {
    // Both sorted, slots past `len` hold tile 0, so equal swaps compare and hash equal.
    give: [Tile; HAND_SIZE],
    take: [Tile; HAND_SIZE],
    len: u8,
}

/// A draw pile in a fixed order, top first: the result of a shuffle.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Shuffle {
    // Slots past `len` hold tile 0.
    tiles: [Tile; TILES],
    len: u8,
}

impl Swap {
    /// No exchange.
    pub const KEEP: Swap = Swap {
        give: [Tile(0); HAND_SIZE],
        take: [Tile(0); HAND_SIZE],
        len: 0,
    };

    /// Gives `give` for `take`; `None` unless both hold the same number of distinct tiles, at
    /// most 3.
    pub fn new(give: &[Tile], take: &[Tile]) -> Option<Swap> {
        if give.len() != take.len() || give.len() > HAND_SIZE {
            return None;
        }
        let mut swap = Swap::KEEP;
        swap.len = give.len() as u8;
        swap.give[..give.len()].copy_from_slice(give);
        swap.take[..take.len()].copy_from_slice(take);
        swap.give[..give.len()].sort_unstable();
        swap.take[..take.len()].sort_unstable();
        let distinct = |tiles: &[Tile]| tiles.windows(2).all(|w| w[0] != w[1]);
        (distinct(swap.give()) && distinct(swap.take())).then_some(swap)
    }

    /// The tiles given, sorted.
    pub fn give(&self) -> &[Tile] {
        &self.give[..self.len as usize]
    }

    /// The tiles taken, sorted.
    pub fn take(&self) -> &[Tile] {
        &self.take[..self.len as usize]
    }

    pub fn is_keep(&self) -> bool {
        self.len == 0
    }
}

impl Shuffle {
    /// A pile of 1 to 35 tiles, top first; `None` outside that range.
    pub fn new(pile_top_first: &[Tile]) -> Option<Shuffle> {
        if pile_top_first.is_empty() || pile_top_first.len() > TILES {
            return None;
        }
        let mut tiles = [Tile(0); TILES];
        tiles[..pile_top_first.len()].copy_from_slice(pile_top_first);
        Some(Shuffle {
            tiles,
            len: pile_top_first.len() as u8,
        })
    }

    /// The new draw pile, top first.
    pub fn pile(&self) -> &[Tile] {
        &self.tiles[..self.len as usize]
    }
}

impl TsuroMove {
    /// Reads the notation above. Only the form is checked here; whether the move may be played
    /// now is the game's `check_move`.
    pub fn parse(text: &str) -> Result<TsuroMove, ParseMoveError> {
        let error = |reason: Refusal| ParseMoveError::new(text, reason);
        let mut words = text.split_whitespace();
        let Some(first) = words.next() else {
            return Err(error(TsuroRefusal::Empty.into()));
        };
        let rest: Vec<&str> = words.collect();
        match first {
            "start" => match rest[..] {
                [mark] => mark
                    .parse()
                    .map(TsuroMove::Start)
                    .map_err(|e: ParsePositionError| error(e.into())),
                _ => Err(error(TsuroRefusal::StartShape.into())),
            },
            "play" => match rest[..] {
                [tile] => tile
                    .parse()
                    .map(TsuroMove::Play)
                    .map_err(|e: ParseTileError| error(e.into())),
                _ => Err(error(TsuroRefusal::PlayShape.into())),
            },
            "keep" if rest.is_empty() => Ok(TsuroMove::Swap(Swap::KEEP)),
            "keep" => Err(error(TsuroRefusal::KeepAlone.into())),
            "swap" => parse_swap(&rest).map(TsuroMove::Swap).map_err(error),
            "shuffle" => {
                if rest.is_empty() {
                    return Err(error(TsuroRefusal::ShuffleShape.into()));
                }
                if rest.len() > TILES {
                    return Err(error(TsuroRefusal::PileTooLong.into()));
                }
                let mut tiles = [Tile(0); TILES];
                for (slot, word) in tiles.iter_mut().zip(&rest) {
                    *slot = word.parse().map_err(|e: ParseTileError| error(e.into()))?;
                }
                Ok(TsuroMove::Shuffle(
                    Shuffle::new(&tiles[..rest.len()]).expect("1 to 35 tiles"),
                ))
            }
            other => Err(error(
                TsuroRefusal::UnknownMove.with("word", other.chars().take(20).collect::<String>()),
            )),
        }
    }
}

fn parse_swap(words: &[&str]) -> Result<Swap, Refusal> {
    let Some(split) = words.iter().position(|w| *w == "for") else {
        return Err(TsuroRefusal::SwapShape.into());
    };
    let (give, take) = (&words[..split], &words[split + 1..]);
    if give.is_empty() || take.is_empty() {
        return Err(TsuroRefusal::SwapShape.into());
    }
    if give.len() != take.len() {
        return Err(TsuroRefusal::SwapUneven
            .with("give", give.len())
            .with("take", take.len()));
    }
    if give.len() > HAND_SIZE {
        return Err(TsuroRefusal::SwapTooMany.into());
    }
    let read = |words: &[&str]| -> Result<Vec<Tile>, Refusal> {
        let mut tiles = Vec::with_capacity(words.len());
        for word in words {
            let tile: Tile = word.parse().map_err(|e: ParseTileError| Refusal::from(e))?;
            if tiles.contains(&tile) {
                return Err(TsuroRefusal::SwapTileTwice.with("tile", tile.to_string()));
            }
            tiles.push(tile);
        }
        Ok(tiles)
    };
    let (give, take) = (read(give)?, read(take)?);
    Ok(Swap::new(&give, &take).expect("same number of distinct tiles"))
}

impl fmt::Display for TsuroMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TsuroMove::Start(mark) => write!(f, "start {mark}"),
            TsuroMove::Play(tile) => write!(f, "play {tile}"),
            TsuroMove::Swap(swap) => swap.fmt(f),
            TsuroMove::Shuffle(shuffle) => {
                f.write_str("shuffle")?;
                for tile in shuffle.pile() {
                    write!(f, " {tile}")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Swap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_keep() {
            return f.write_str("keep");
        }
        f.write_str("swap")?;
        for tile in self.give() {
            write!(f, " {tile}")?;
        }
        f.write_str(" for")?;
        for tile in self.take() {
            write!(f, " {tile}")?;
        }
        Ok(())
    }
}

/// What a viewer sees of a move: everything but the tiles of someone else's swap and the
/// order of a shuffle. Written as text: `start c1.0`, `play 01-27-36-45`, `keep`,
/// `swap 01-23-45-67 for 02-13-46-57` (the swapper), `swapped 1` (others), `shuffled`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum TsuroSeenMove {
    Start(Position),
    Play(PlacedTile),
    Swap(Swap),
    /// Someone else swapped this many tiles (0 for `keep`).
    Swapped(u8),
    Shuffled,
}

impl fmt::Display for TsuroSeenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TsuroSeenMove::Start(mark) => TsuroMove::Start(mark).fmt(f),
            TsuroSeenMove::Play(tile) => TsuroMove::Play(tile).fmt(f),
            TsuroSeenMove::Swap(swap) => swap.fmt(f),
            TsuroSeenMove::Swapped(0) => f.write_str("keep"),
            TsuroSeenMove::Swapped(n) => write!(f, "swapped {n}"),
            TsuroSeenMove::Shuffled => f.write_str("shuffled"),
        }
    }
}

impl Serialize for TsuroSeenMove {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
