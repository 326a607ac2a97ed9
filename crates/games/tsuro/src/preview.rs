use agora_engine::{IllegalMove, Seat, SeatSet};

use crate::state::{Walk, walk};
use crate::{Phase, PlacedTile, Position, Square, Tsuro, TsuroRefusal};

/// What laying one tile would do, worked out without laying it: for terminal play's
/// `preview`, and for telling after a play how each marker moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// The square the tile goes on.
    pub square: Square,
    pub tile: PlacedTile,
    /// The seat laying it.
    pub mover: Seat,
    /// Every marker facing that square, in seat order.
    pub markers: Vec<MarkerFate>,
    /// Whether the rules allow this play (it eliminates the mover only when every play does).
    pub allowed: bool,
}

/// Where one marker's path takes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MarkerFate {
    pub seat: Seat,
    pub from: Position,
    /// Tiles crossed, the new one included.
    pub tiles: u8,
    pub fate: Fate,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// It stops facing an empty square.
    Stops(Position),
    /// Its path runs off the board: eliminated.
    LeavesBoard,
    /// Its path runs into this seat's marker: both eliminated.
    Collides(Seat),
}

impl MarkerFate {
    pub fn survives(&self) -> bool {
        matches!(self.fate, Fate::Stops(_))
    }
}

impl Preview {
    /// The mover's own fate.
    pub fn mover_fate(&self) -> MarkerFate {
        *self
            .markers
            .iter()
            .find(|m| m.seat == self.mover)
            .expect("the mover faces the square")
    }

    pub fn mover_survives(&self) -> bool {
        self.mover_fate().survives()
    }

    /// Seats this play would eliminate.
    pub fn eliminated(&self) -> SeatSet {
        self.markers
            .iter()
            .filter(|m| !m.survives())
            .map(|m| m.seat)
            .collect()
    }
}

impl Tsuro {
    /// What laying `tile` (turned as given; it must be in the active seat's hand in some
    /// rotation) would do to every marker facing the square.
    pub fn preview(&self, tile: PlacedTile) -> Result<Preview, IllegalMove> {
        if self.phase != Phase::Play {
            return Err(IllegalMove::new(TsuroRefusal::NoTileNow));
        }
        let mover = Seat(self.active);
        if !self.hand(mover).contains(&tile.tile()) {
            return Err(IllegalMove::new(
                TsuroRefusal::TileNotInHand.with("tile", tile.to_string()),
            ));
        }
        let square = usize::from(self.at[mover.index()] / 8);
        let occupied = self.points[square];
        let board = self.board_with(square, tile.0);
        let markers = self
            .seats()
            .filter(|s| usize::from(self.at[s.index()] / 8) == square)
            .map(|seat| {
                let from = Position(self.at[seat.index()]);
                let entry = from.point().0;
                let (fate, tiles) = match walk(&board, square, entry, occupied & !(1 << entry)) {
                    Walk::Stops { at, tiles } => (Fate::Stops(Position(at)), tiles),
                    Walk::OffBoard { tiles } => (Fate::LeavesBoard, tiles),
                    Walk::Collides { point, tiles } => {
                        let hit = (square * 8) as u16 + u16::from(point);
                        let other = self.seats().find(|s| self.at[s.index()] == hit);
                        (Fate::Collides(other.expect("a marker stands there")), tiles)
                    }
                };
                MarkerFate {
                    seat,
                    from,
                    tiles,
                    fate,
                }
            })
            .collect();
        Ok(Preview {
            square: Square(square as u8),
            tile,
            mover,
            markers,
            allowed: self.check_play(tile).is_ok(),
        })
    }

    /// Calls `each` with every distinct play of the active seat's that keeps its marker on the
    /// board, in hand order, and the position the marker would then face: the one question a
    /// search's playout asks, answered with one walk per play and no allocation, where
    /// [`Tsuro::previews`] answers every question for every marker. Nothing when no tile is to
    /// be laid.
    pub fn for_each_surviving_play(&self, mut each: impl FnMut(PlacedTile, Position)) {
        if self.phase != Phase::Play {
            return;
        }
        let (plays, n) = self.plays();
        let (square, entry, others) = self.mover_standing();
        let mut board = self.board;
        for &tile in &plays[..n] {
            board[square] = tile;
            if let Walk::Stops { at, .. } = walk(&board, square, entry, others) {
                each(PlacedTile(tile), Position(at));
            }
        }
    }

    /// Every distinct way the active seat can lay a tile from its hand, with its preview, in
    /// hand order; empty when no tile is to be laid.
    pub fn previews(&self) -> Vec<Preview> {
        if self.phase != Phase::Play {
            return Vec::new();
        }
        let (plays, n) = self.plays();
        plays[..n]
            .iter()
            .filter_map(|&m| self.preview(PlacedTile(m)).ok())
            .collect()
    }
}
