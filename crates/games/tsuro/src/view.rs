use agora_engine::{GameRng, RngCore, Seat, Viewer};
use serde::{Deserialize, Serialize};

use crate::board::SQUARE_SLOTS;
use crate::setup::{HAND_SIZE, MAX_PLAYERS};
use crate::state::{EMPTY, NOBODY, NOWHERE};
use crate::tile::TILES;
use crate::{Marker, Phase, PlacedTile, Position, Tile, Tsuro, WinReason};

/// What one viewer may know of a game: the board, the markers, every hand's size, the pile's
/// size and the dragon; its own hand (a seat), and nothing else. A spectator sees no hand.
///
/// While the active seat chooses its elimination bonus it also sees the hands it may take
/// from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TsuroView {
    pub viewer: Viewer,
    pub players: usize,
    pub elimination_bonus: bool,
    pub phase: Phase,
    pub to_move: Option<Seat>,
    /// The seat whose play is being resolved; `None` before every marker is placed.
    pub active: Option<Seat>,
    /// The 36 squares in reading order (`a1`, `b1`, …, `f6`).
    pub board: Vec<Option<PlacedTile>>,
    pub markers: Vec<MarkerView>,
    /// Each seat's hand where this viewer may see it.
    pub hands: Vec<Option<Vec<Tile>>>,
    pub hand_sizes: Vec<usize>,
    /// Seats just eliminated whose hands are about to be shuffled into the pile.
    pub awaiting_shuffle: Vec<Seat>,
    pub draw_pile: usize,
    pub dragon: Option<Seat>,
    pub winners: Vec<Seat>,
    pub win_reason: Option<WinReason>,
}

/// A marker as everyone sees it: `{"seat": 0, "alive": true, "at": "c3.4"}`, `at` null before
/// it is placed and once it is eliminated.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerView {
    pub seat: Seat,
    pub alive: bool,
    pub at: Option<Position>,
}

impl Tsuro {
    pub(crate) fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.players).map(Seat)
    }

    pub(crate) fn marker_views(&self) -> Vec<MarkerView> {
        self.seats()
            .map(|seat| {
                let marker = self.marker(seat);
                MarkerView {
                    seat,
                    alive: marker != Marker::Eliminated,
                    at: match marker {
                        Marker::At(at) => Some(at),
                        Marker::Unplaced | Marker::Eliminated => None,
                    },
                }
            })
            .collect()
    }

    /// Whether `viewer` may see `seat`'s hand now.
    pub fn sees_hand(&self, viewer: Viewer, seat: Seat) -> bool {
        if seat.index() >= self.players() {
            return false;
        }
        match viewer {
            Viewer::Spectator => false,
            Viewer::Seat(me) => {
                me == seat
                    || (self.phase == Phase::Bonus
                        && me.0 == self.active
                        && self.pending & (1 << seat.0) != 0)
            }
        }
    }

    pub(crate) fn view_for(&self, viewer: Viewer) -> TsuroView {
        TsuroView {
            viewer,
            players: self.players(),
            elimination_bonus: self.elimination_bonus,
            phase: self.phase,
            to_move: agora_engine::Game::turn(self).seat(),
            active: self.active(),
            board: crate::Square::all().map(|sq| self.tile_at(sq)).collect(),
            markers: self.marker_views(),
            hands: self
                .seats()
                .map(|seat| {
                    self.sees_hand(viewer, seat)
                        .then(|| self.hand(seat).to_vec())
                })
                .collect(),
            hand_sizes: self.seats().map(|seat| self.hand(seat).len()).collect(),
            awaiting_shuffle: self.awaiting_shuffle().iter().collect(),
            draw_pile: self.draw_pile_len(),
            dragon: self.dragon(),
            winners: crate::state::seat_set(self.winners).iter().collect(),
            win_reason: self.win_reason,
        }
    }

    /// A full state consistent with `view`: the tiles it does not show are dealt at random
    /// into the hidden hands (by their sizes) and the draw pile.
    pub(crate) fn from_view<R: RngCore>(view: &TsuroView, rng: &mut R) -> Tsuro {
        let players = view.players.clamp(2, MAX_PLAYERS);
        let mut known = 0u64;
        let mut board = [EMPTY; SQUARE_SLOTS];
        for (square, tile) in board.iter_mut().zip(&view.board) {
            if let Some(tile) = tile {
                *square = tile.0;
                known |= tile.tile().bit();
            }
        }
        for tile in view.hands.iter().flatten().flatten() {
            known |= tile.bit();
        }
        let mut unknown = [Tile(0); TILES];
        let mut unknown_len = 0;
        for tile in Tile::all().filter(|t| known & t.bit() == 0) {
            unknown[unknown_len] = tile;
            unknown_len += 1;
        }
        let unknown = &mut unknown[..unknown_len];
        rng.shuffle(unknown);
        let mut deal = unknown.iter().copied();

        let mut state = Tsuro {
            board,
            at: [NOWHERE; MAX_PLAYERS],
            points: [0; SQUARE_SLOTS],
            hands: [[Tile(0); HAND_SIZE]; MAX_PLAYERS],
            hand_len: [0; MAX_PLAYERS],
            pile: [Tile(0); TILES],
            pile_top: TILES as u8,
            players: players as u8,
            alive: 0,
            pending: 0,
            started: 0,
            active: view.active.map_or(0, |s| s.0),
            dragon: view.dragon.map_or(NOBODY, |s| s.0),
            phase: view.phase,
            elimination_bonus: view.elimination_bonus,
            winners: view.winners.iter().fold(0, |bits, s| bits | 1 << s.0),
            win_reason: view.win_reason,
        };
        for marker in view.markers.iter().take(players) {
            let s = marker.seat.index();
            if marker.alive {
                state.alive |= 1 << s;
            }
            if let Some(at) = marker.at {
                state.at[s] = at.0;
                state.points[at.square().index()] |= 1 << at.point().0;
            }
        }
        state.started = if view.phase == Phase::Start {
            view.markers.iter().filter(|m| m.at.is_some()).count() as u8
        } else {
            players as u8
        };
        for seat in &view.awaiting_shuffle {
            state.pending |= 1 << seat.0;
        }
        for s in 0..players {
            let hand: Vec<Tile> = match view.hands.get(s) {
                Some(Some(hand)) => hand.clone(),
                _ => {
                    let size = view.hand_sizes.get(s).copied().unwrap_or(0);
                    deal.by_ref().take(size.min(HAND_SIZE)).collect()
                }
            };
            let len = hand.len().min(HAND_SIZE);
            state.hands[s][..len].copy_from_slice(&hand[..len]);
            state.hand_len[s] = len as u8;
        }
        let pile: Vec<Tile> = deal.take(view.draw_pile).collect();
        state.set_pile(&pile);
        state
    }
}
