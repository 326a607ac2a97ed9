//! What the board marks besides the table itself: the last roll's die, and each seat's last
//! move (the way its piece went) until that seat moves again. Gathered move by move from the
//! events a reader saw, so nothing hidden is marked.

use agora_engine::{Seat, Viewer};
use agora_tyranny::{Event, Phase, Piece, TileId, TyrannyView};

use super::words::{piece_name, tile_name};
use crate::text::text_with;
use crate::{Reader, args};

/// One leg of a piece's way: forward along its loop, or a jump (a crossing to the other
/// tier, or a card's relocation).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Step {
    pub from: TileId,
    pub to: TileId,
    pub along: bool,
}

/// The way one seat's piece went on that seat's last turn.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Trail {
    pub seat: Seat,
    pub piece: Piece,
    pub steps: Vec<Step>,
    /// Whether it happened since the reader last moved (the board shows it arriving).
    pub fresh: bool,
}

/// The last die roll, and whether it came since the reader last moved.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Roll {
    pub face: u8,
    pub fresh: bool,
}

/// Where one of the reader's choices would take the piece to move: the tiles, each with
/// the die face that leads there when the choice is a roll. Drawn hidden; the page shows
/// them while the choice (the button with id `choice`) has focus or the pointer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Preview {
    pub choice: String,
    pub tiles: Vec<(TileId, Option<u8>)>,
}

/// Everything the board marks for one reader.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Marks {
    pub roll: Option<Roll>,
    pub trails: Vec<Trail>,
    pub previews: Vec<Preview>,
}

#[derive(Clone, Debug)]
struct Kept {
    seat: Seat,
    piece: Piece,
    steps: Vec<Step>,
    turn: u16,
    seq: u32,
}

/// The game's moves so far, as far as the board marks them.
#[derive(Clone, Debug, Default)]
pub struct LastMoves {
    trails: Vec<Kept>,
    roll: Option<(u8, u32)>,
    /// For each seat, the number of its last move of its own, not the die's (0: none yet).
    moved: Vec<u32>,
    seq: u32,
    /// The seat that made the latest move, and the number of the first of its moves in a row.
    mover: Option<(Seat, u32)>,
}

impl LastMoves {
    /// Takes in one move: `before` is the reader's view before it, `events` what it set off
    /// as the reader saw them. The move is the seat's whose piece had the turn.
    pub fn record(&mut self, before: &TyrannyView, events: &[Event]) {
        self.seq += 1;
        let table = &before.table;
        let seat = table.seating().commander(table.active());
        let turn = table.turns();
        if self.moved.len() <= seat.index() {
            self.moved.resize(seat.index() + 1, 0);
        }
        if self.mover.is_none_or(|(last, _)| last != seat) {
            self.mover = Some((seat, self.seq));
        }
        // The die's own move is chance, not the seat's: the seat sees its roll arrive too.
        if !matches!(table.phase(), Phase::Roll { .. }) {
            self.moved[seat.index()] = self.seq;
        }
        let mut at: Vec<TileId> = Piece::ALL.iter().map(|p| table.piece(*p).tile).collect();
        let mut legs: Vec<(Piece, Step)> = Vec::new();
        for event in events {
            let (piece, to, along) = match *event {
                Event::Rolled { face, .. } => {
                    self.roll = Some((face, self.seq));
                    continue;
                }
                Event::Moved { piece, to, .. } => (piece, to, true),
                Event::Crossed { piece, to } | Event::Relocated { piece, to, .. } => {
                    (piece, to, false)
                }
                _ => continue,
            };
            let from = at[piece.index()];
            at[piece.index()] = to;
            if from != to {
                legs.push((piece, Step { from, to, along }));
            }
        }
        // The mover's own piece first; a card may have moved another.
        let Some(&(piece, _)) = legs
            .iter()
            .find(|(p, _)| table.seating().commander(*p) == seat)
            .or(legs.first())
        else {
            return;
        };
        let steps: Vec<Step> = legs
            .iter()
            .filter(|(p, _)| *p == piece)
            .map(|(_, s)| *s)
            .collect();
        match self.trails.iter_mut().find(|t| t.seat == seat) {
            // The same turn goes on (a roll after "move", a crossing after the roll).
            Some(kept) if kept.turn == turn && kept.piece == piece => {
                kept.steps.extend(steps);
                kept.seq = self.seq;
            }
            Some(kept) => {
                *kept = Kept {
                    seat,
                    piece,
                    steps,
                    turn,
                    seq: self.seq,
                };
            }
            None => self.trails.push(Kept {
                seat,
                piece,
                steps,
                turn,
                seq: self.seq,
            }),
        }
    }

    /// The marks for `viewer`: every other seat's last move (a spectator sees every seat's),
    /// and the last roll. Fresh is what came after the viewer's own last move (for a
    /// spectator, the latest move alone), and a roll only while its seat is still moving.
    pub fn marks(&self, viewer: Viewer) -> Marks {
        let mine = viewer.seat();
        let since = match mine {
            Some(seat) => self.moved.get(seat.index()).copied().unwrap_or(0),
            None => self
                .trails
                .iter()
                .map(|t| t.seq)
                .max()
                .map_or(0, |latest| latest.saturating_sub(1)),
        };
        let mut trails: Vec<Trail> = self
            .trails
            .iter()
            .filter(|t| Some(t.seat) != mine)
            .map(|t| Trail {
                seat: t.seat,
                piece: t.piece,
                steps: t.steps.clone(),
                fresh: t.seq > since,
            })
            .collect();
        trails.sort_by_key(|t| t.seat.index());
        Marks {
            // A roll is news while its seat is still the one moving.
            roll: self.roll.map(|(face, seq)| Roll {
                face,
                fresh: seq > since && self.mover.is_some_and(|(_, first)| seq >= first),
            }),
            trails,
            previews: Vec::new(),
        }
    }
}

/// The marks in words, for the board's text: the die, then each seat's last move.
pub fn describe_marks(reader: &Reader, marks: &Marks) -> Vec<String> {
    let lang = reader.lang;
    let mut lines = Vec::new();
    if let Some(roll) = marks.roll {
        lines.push(text_with(
            lang,
            "tyranny-board-die",
            &args![("face", roll.face)],
        ));
    }
    for trail in &marks.trails {
        let (Some(first), Some(last)) = (trail.steps.first(), trail.steps.last()) else {
            continue;
        };
        let mut args = args![
            ("piece", piece_name(lang, trail.piece)),
            ("from", tile_name(lang, first.from)),
            ("to", tile_name(lang, last.to))
        ];
        reader.add(&mut args, "who", trail.seat);
        lines.push(text_with(lang, "tyranny-board-last-move", &args));
    }
    lines
}
