use agora_engine::{Seat, SeatSet};
use serde::{Deserialize, Serialize, Serializer};

use crate::board::{TileKind, board};
use crate::event::{InfluenceCause, Log, Release};
use crate::rules::{
    CHALLENGE_WIDTH, CRIMINALS_TARGET, ESCAPE_PRICE, HOLD_TURNS, INFLUENCE_CAP, SENTENCE_TURNS,
    SHORT_RANGE, TURN_LIMIT,
};
use crate::{Card, Cards, Deck, Event, Faction, Move, Piece, Play, Seating, TileId};

mod card_effects;
mod legal;
mod turn;

/// Die faces (bit `n` for face `n`) that free a piece from custody by default: a 6.
pub const STANDARD_ESCAPE: u8 = 1 << 6;
/// The faces after the criminals' Gains 6: 2 to 6.
pub const WIDE_ESCAPE: u8 = 0b0111_1100;

pub(crate) const CROSSED: u8 = 1;
pub(crate) const TUNNEL_WORKED: u8 = 2;
pub(crate) const EXTRA_ROLL: u8 = 4;
pub(crate) const SHORT_RANGE_PLAYED: u8 = 8;
pub(crate) const DREW: u8 = 16;
const COMMITTED: u8 = EXTRA_ROLL | SHORT_RANGE_PLAYED;
/// Where a piece is and what holds it back.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct PieceState {
    /// The tile it stands on; in custody, the enemy home base that holds it.
    pub tile: TileId,
    pub custody: bool,
    /// In custody: die faces that free it (bit `n` for face `n`); none under a sentence.
    pub escape_faces: u8,
    /// In custody: whether it may pay its way out (never under a sentence).
    pub may_pay: bool,
    /// In custody: turns left of an inescapable arrest (the cops' Gamble 3).
    pub sentence: u8,
    /// Turns it will miss.
    pub misses: u8,
}

/// What the game waits for.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The active piece is free and chooses what to do with its turn.
    Start,
    /// The active piece is in custody and tries to leave.
    Custody,
    /// A die roll (chance).
    Roll {
        purpose: RollFor,
    },
    /// The mover passed `piece` (and maybe `then` after it) and may make a capture roll on it.
    Challenge {
        piece: Piece,
        then: Option<Piece>,
    },
    /// The mover landed on a Gamble or Gains tile and may draw.
    MayDraw {
        deck: Deck,
    },
    /// A card draw (chance).
    Draw {
        deck: Deck,
    },
    /// Gamble 6: the mover chooses how far to go.
    Advance,
    /// Gains 5: the drawer chooses the opponent seat that discards.
    Target,
    /// A card picked blind from `victim`'s hand (chance): stolen by the mover's seat (Gains 10)
    /// or discarded (Gains 5).
    Pick {
        victim: Seat,
        steal: bool,
    },
    /// The mover's seat drew a kept card over its hand limit and discards one, which ends the
    /// turn. (A steal never needs this: playing Gains 10 frees the place the stolen card takes.)
    Discard,
    /// The mover ended its move on its home base or an open tunnel and may cross.
    MayCross,
    Over,
}

/// What a die roll decides.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "for", rename_all = "snake_case")]
pub enum RollFor {
    Move,
    /// Gamble 8.
    CardMove,
    Capture,
    Escape,
    /// A capture roll on a passed piece, which gets away on `low..low+3`.
    Challenge {
        piece: Piece,
        low: u8,
        then: Option<Piece>,
    },
}

/// How the game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Ending {
    /// `None` for a draw.
    pub winner: Option<Faction>,
    pub reason: &'static str,
}

/// Everything on the table that every player can see.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Table {
    pub(crate) seating: Seating,
    pub(crate) influence: u32,
    pub(crate) pieces: [PieceState; 4],
    /// Tiles owned by the cops, then by the criminals.
    pub(crate) owned: [u64; 2],
    pub(crate) open_tunnels: u8,
    pub(crate) discards: Cards,
    pub(crate) active: Piece,
    pub(crate) phase: Phase,
    pub(crate) flags: u8,
    pub(crate) turns: u16,
    pub(crate) high_streak: u8,
    pub(crate) zero_streak: u8,
    pub(crate) ending: Option<Ending>,
}

impl Table {
    pub fn seating(&self) -> Seating {
        self.seating
    }

    pub fn players(&self) -> u8 {
        self.seating.players()
    }

    /// The criminals' influence.
    pub fn influence(&self) -> u32 {
        self.influence
    }

    pub fn piece(&self, piece: Piece) -> &PieceState {
        &self.pieces[piece.index()]
    }

    /// Who owns a tile (always `None` for tiles that are not properties).
    pub fn owner(&self, tile: TileId) -> Option<Faction> {
        if self.owned[0] & tile.bit() != 0 {
            Some(Faction::Cops)
        } else if self.owned[1] & tile.bit() != 0 {
            Some(Faction::Criminals)
        } else {
            None
        }
    }

    pub fn is_open(&self, tunnel: u8) -> bool {
        self.open_tunnels & (1 << tunnel) != 0
    }

    /// Cards played, acted on or discarded: face up for everyone.
    pub fn discards(&self) -> &Cards {
        &self.discards
    }

    /// The piece whose turn it is.
    pub fn active(&self) -> Piece {
        self.active
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Turns played so far (every piece's turn counts, skipped ones too).
    pub fn turns(&self) -> u16 {
        self.turns
    }

    /// Cop turns that ended with the criminals at 1000 or more, since it last ended below.
    pub fn high_streak(&self) -> u8 {
        self.high_streak
    }

    /// Criminal turns that ended with the criminals at 0, since it last ended above.
    pub fn zero_streak(&self) -> u8 {
        self.zero_streak
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Pieces on the board (not in custody) standing on `tile`.
    pub fn pieces_on(&self, tile: TileId) -> impl Iterator<Item = Piece> + '_ {
        Piece::ALL.into_iter().filter(move |p| {
            let state = self.piece(*p);
            !state.custody && state.tile == tile
        })
    }

    /// Whether this turn's capture is boosted (Gains 1 or 2 played).
    pub fn boosts(&self) -> (bool, bool) {
        (
            self.flags & EXTRA_ROLL != 0,
            self.flags & SHORT_RANGE_PLAYED != 0,
        )
    }

    fn set_owner(&mut self, tile: TileId, owner: Option<Faction>) {
        self.owned[0] &= !tile.bit();
        self.owned[1] &= !tile.bit();
        if let Some(owner) = owner {
            self.owned[owner as usize] |= tile.bit();
        }
    }

    /// Where `piece` may cross to from the tile it stands on: its own home base leads to the same
    /// home base on the other tier, an open tunnel to its other end.
    pub fn crossing(&self, piece: Piece) -> Option<TileId> {
        let board = board();
        let tile = self.piece(piece).tile;
        match board.kind(tile) {
            TileKind::Tunnel { tunnel } if self.is_open(tunnel) => {
                Some(board.tunnel(tunnel).other_end(tile))
            }
            kind if kind.home_of() == Some(piece.faction()) => {
                Some(board.home(piece.faction(), board.tier(tile).other()))
            }
            _ => None,
        }
    }
}

impl Serialize for Table {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::summary::TableJson::new(self).serialize(serializer)
    }
}

/// A game of Tyranny: the public table, every seat's hand and the two decks.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tyranny {
    pub(crate) table: Table,
    pub(crate) hands: [Cards; 4],
    /// Cards left in the decks, Gamble and Gains kinds together.
    pub(crate) decks: Cards,
    /// `known[viewer][holder]`: cards `viewer` knows `holder` to hold, because `holder` stole
    /// them from `viewer`'s hand; always part of `holder`'s hand (a lower bound of what the
    /// viewer could tell). Kept up to date in `memory.rs`.
    pub(crate) known: [[Cards; 4]; 4],
    /// `deck_bounds[viewer]` (4: a spectator): the cards the decks may still hold as far as
    /// `viewer` can tell; always holds the decks (an upper bound). After a reshuffle, the old
    /// discards less every draw since that the viewer saw. Kept up to date in `memory.rs`.
    pub(crate) deck_bounds: [Cards; 5],
}

impl Tyranny {
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// A seat's hand.
    pub fn hand(&self, seat: Seat) -> &Cards {
        &self.hands[seat.index()]
    }

    /// The cards left in the decks (both kinds together).
    pub fn decks(&self) -> &Cards {
        &self.decks
    }

    pub fn influence(&self) -> u32 {
        self.table.influence
    }

    pub fn piece(&self, piece: Piece) -> &PieceState {
        self.table.piece(piece)
    }

    pub fn owner(&self, tile: TileId) -> Option<Faction> {
        self.table.owner(tile)
    }

    pub fn phase(&self) -> Phase {
        self.table.phase
    }

    /// The seat that commands the piece whose turn it is.
    pub fn active_seat(&self) -> Seat {
        self.table.seating.commander(self.table.active)
    }

    fn active_hand(&self) -> &Cards {
        &self.hands[self.active_seat().index()]
    }

    /// Seats of the other faction than the active piece's with at least one card.
    pub(crate) fn victims(&self) -> impl Iterator<Item = Seat> + '_ {
        let seating = self.table.seating;
        seating
            .seats_of(self.table.active.faction().other())
            .filter(|s| !self.hands[s.index()].is_empty())
    }
}

/// What a phase waits for, in words.
pub fn waiting_for(phase: Phase) -> &'static str {
    match phase {
        Phase::Start => {
            "the piece starts its turn: move, capture, pass, cross, open or collapse a tunnel, \
             or play a card"
        }
        Phase::Custody => "the piece is in custody: pay, escape or play gains 6",
        Phase::Roll { .. } => "waiting for a die roll",
        Phase::Challenge { .. } => "the piece passed an enemy: challenge it or spare it",
        Phase::MayDraw { .. } => "the piece may draw a card: draw or decline",
        Phase::Draw { .. } => "waiting for a card draw",
        Phase::Advance => "gamble 6: advance 1 to 6 tiles",
        Phase::Target => "gains 5: target an opponent seat",
        Phase::Pick { .. } => "waiting for a card to be picked from a hand",
        Phase::Discard => "the seat holds too many cards: discard one",
        Phase::MayCross => "the piece may cross to the other tier: cross or stay",
        Phase::Over => "the game is over",
    }
}
