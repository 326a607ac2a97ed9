use std::fmt;

use agora_engine::{Seat, Viewer};
use serde::Serialize;

use crate::board::board;
use crate::{Card, Deck, Faction, Piece, RollFor, TileId};

/// How a piece left custody.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Release {
    Paid,
    Rolled,
    /// An arrest made with the cops' Gamble 3 ran its course.
    Served,
}

/// Why the criminals' influence changed, so that people can be told.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(tag = "cause", rename_all = "snake_case")]
pub enum InfluenceCause {
    /// `piece` landed on `tile`, a property its faction owns.
    Landed { piece: Piece, tile: TileId },
    /// A card acted, read with `faction`'s half.
    Card { card: Card, faction: Faction },
    /// `piece` opened or collapsed `tunnel` (what a cop spends goes to the criminals).
    Tunnel { piece: Piece, tunnel: u8 },
    /// `piece` paid its way out of custody (a cop's payment goes to the criminals).
    Bail { piece: Piece },
}

/// One thing that happened while a move was played, for telling people about it.
///
/// [`crate::Tyranny::play_logged`] returns these; [`Event::seen_by`] hides what a viewer may not
/// know (which kept card was drawn or stolen).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The die, and what it was rolled for.
    Rolled {
        face: u8,
        purpose: RollFor,
    },
    /// A forward move along a loop.
    Moved {
        piece: Piece,
        from: TileId,
        to: TileId,
    },
    /// A jump by a card (Gamble 4, 5 or 7).
    Relocated {
        piece: Piece,
        to: TileId,
        card: Card,
    },
    /// Through a home base or a tunnel to the other tier.
    Crossed {
        piece: Piece,
        to: TileId,
    },
    Captured {
        piece: Piece,
        by: Piece,
    },
    /// A capture roll on a passed piece that did not catch it.
    GotAway {
        piece: Piece,
        by: Piece,
    },
    Spared {
        piece: Piece,
        by: Piece,
    },
    /// The criminals' Gamble 3 freed an arrested piece at once (it went home).
    EscapedByCard {
        piece: Piece,
    },
    /// The cops' Gamble 3 made an arrest inescapable for some turns.
    Sentenced {
        piece: Piece,
        turns: u8,
    },
    /// Both Gamble 3 cards met at an arrest and cancelled each other.
    CardsCancelled {
        piece: Piece,
    },
    Released {
        piece: Piece,
        how: Release,
    },
    StillInCustody {
        piece: Piece,
    },
    /// The faces that now free a piece from custody, and whether it may still pay.
    EscapeChanged {
        piece: Piece,
        faces: u8,
        may_pay: bool,
    },
    OwnerChanged {
        tile: TileId,
        owner: Option<Faction>,
    },
    CaptureFailed {
        tile: TileId,
    },
    Influence {
        before: u32,
        after: u32,
        cause: InfluenceCause,
    },
    /// A card came off a deck; `card` is `None` when hidden from the viewer.
    Drew {
        seat: Seat,
        deck: Deck,
        card: Option<Card>,
    },
    /// A drawn card acted at once, read with `faction`'s half.
    Effect {
        card: Card,
        faction: Faction,
    },
    Kept {
        seat: Seat,
        deck: Deck,
        card: Option<Card>,
    },
    Played {
        seat: Seat,
        card: Card,
    },
    Discarded {
        seat: Seat,
        card: Card,
    },
    /// Gains 10: a card went from `from` to `to`; `card` is `None` when hidden from the viewer.
    Stolen {
        from: Seat,
        to: Seat,
        card: Option<Card>,
    },
    TunnelOpened {
        tunnel: u8,
        by: Piece,
    },
    TunnelCollapsed {
        tunnel: u8,
        by: Piece,
    },
    WillMissTurn {
        piece: Piece,
    },
    MissedTurn {
        piece: Piece,
    },
    /// A turn in custody under a Gamble 3 sentence.
    ServedTurn {
        piece: Piece,
        left: u8,
    },
    Reshuffled {
        deck: Deck,
    },
    NothingHappened {
        card: Card,
    },
    TurnStarted {
        piece: Piece,
    },
    Finished {
        winner: Option<Faction>,
        reason: &'static str,
    },
}

impl Event {
    /// The event as `viewer` may know it.
    pub fn seen_by(self, viewer: Viewer) -> Event {
        let sees = |seat: Seat| viewer == Viewer::Seat(seat);
        match self {
            Event::Drew { seat, deck, card } if !sees(seat) && card.is_some_and(Card::is_kept) => {
                Event::Drew {
                    seat,
                    deck,
                    card: None,
                }
            }
            Event::Kept { seat, deck, .. } if !sees(seat) => Event::Kept {
                seat,
                deck,
                card: None,
            },
            Event::Stolen { from, to, .. } if !sees(from) && !sees(to) => Event::Stolen {
                from,
                to,
                card: None,
            },
            other => other,
        }
    }
}

fn tile_name(tile: TileId) -> String {
    let tile = board().tile(tile);
    format!("{} ({})", tile.name, tile.code)
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Rolled { face, .. } => write!(f, "the die shows {face}"),
            Event::Moved { piece, from, to } => {
                write!(
                    f,
                    "{piece} moves from {} to {}",
                    tile_name(from),
                    tile_name(to)
                )
            }
            Event::Relocated { piece, to, card } => {
                write!(f, "{piece} goes to {} ({card})", tile_name(to))
            }
            Event::Crossed { piece, to } => {
                write!(f, "{piece} crosses to {}", tile_name(to))
            }
            Event::Captured { piece, by } => {
                let what = if by.faction() == Faction::Cops {
                    "arrests"
                } else {
                    "kidnaps"
                };
                write!(f, "{by} {what} {piece}")
            }
            Event::GotAway { piece, by } => write!(f, "{piece} gets away from {by}"),
            Event::Spared { piece, by } => write!(f, "{by} lets {piece} go"),
            Event::EscapedByCard { piece } => {
                write!(f, "{piece} escapes at once with gamble 3 and goes home")
            }
            Event::Sentenced { piece, turns } => {
                write!(
                    f,
                    "gamble 3 makes the arrest of {piece} inescapable for {turns} turns"
                )
            }
            Event::CardsCancelled { piece } => {
                write!(
                    f,
                    "both gamble 3 cards are used on the arrest of {piece} and cancel out"
                )
            }
            Event::Released { piece, how } => match how {
                Release::Paid => write!(f, "{piece} pays its way out of custody and goes home"),
                Release::Rolled => write!(f, "{piece} escapes custody and goes home"),
                Release::Served => write!(f, "{piece} is let go after serving its sentence"),
            },
            Event::StillInCustody { piece } => write!(f, "{piece} fails to escape"),
            Event::EscapeChanged {
                piece,
                faces,
                may_pay,
            } => {
                let faces: Vec<String> = (1..=6)
                    .filter(|n| faces & (1 << n) != 0)
                    .map(|n| n.to_string())
                    .collect();
                write!(f, "{piece} now escapes on {}", faces.join(", "))?;
                if !may_pay {
                    write!(f, " and may not pay")?;
                }
                Ok(())
            }
            Event::OwnerChanged { tile, owner } => match owner {
                Some(owner) => write!(f, "the {owner} take {}", tile_name(tile)),
                None => write!(f, "{} is neutral again", tile_name(tile)),
            },
            Event::CaptureFailed { tile } => {
                write!(f, "the capture of {} fails", tile_name(tile))
            }
            Event::Influence { before, after, .. } => {
                write!(f, "criminal influence {before} -> {after}")
            }
            Event::Drew { seat, deck, card } => match card {
                Some(card) => write!(f, "seat {seat} draws {card}"),
                None => write!(f, "seat {seat} draws a {deck} card"),
            },
            Event::Effect { card, faction } => {
                write!(f, "{card} ({faction}' half): {}", card.text(faction))
            }
            Event::Kept { seat, deck, card } => match card {
                Some(card) => write!(f, "seat {seat} keeps {card}"),
                None => write!(f, "seat {seat} keeps the {deck} card"),
            },
            Event::Played { seat, card } => write!(f, "seat {seat} plays {card}"),
            Event::Discarded { seat, card } => write!(f, "seat {seat} discards {card}"),
            Event::Stolen { from, to, card } => match card {
                Some(card) => write!(f, "seat {to} steals {card} from seat {from}"),
                None => write!(f, "seat {to} steals a card from seat {from}"),
            },
            Event::TunnelOpened { tunnel, by } => {
                write!(f, "{by} opens tunnel {}", board().tunnel(tunnel).name)
            }
            Event::TunnelCollapsed { tunnel, by } => {
                write!(f, "{by} collapses tunnel {}", board().tunnel(tunnel).name)
            }
            Event::WillMissTurn { piece } => write!(f, "{piece} will miss its next turn"),
            Event::MissedTurn { piece } => write!(f, "{piece} misses this turn"),
            Event::ServedTurn { piece, left } => {
                write!(f, "{piece} serves a turn in custody ({left} left)")
            }
            Event::Reshuffled { deck } => {
                write!(f, "the {deck} discards are shuffled into a new deck")
            }
            Event::NothingHappened { card } => write!(f, "{card} has nothing to act on"),
            Event::TurnStarted { piece } => write!(f, "{piece} to play"),
            Event::Finished { winner, reason } => match winner {
                Some(winner) => write!(f, "the {winner} win ({reason})"),
                None => write!(f, "the game is drawn ({reason})"),
            },
        }
    }
}

/// Where events go while a move is played: nowhere for search, a list for people.
pub(crate) trait Log {
    const ON: bool;
    fn push(&mut self, event: Event);
}

pub(crate) struct NoLog;

impl Log for NoLog {
    const ON: bool = false;
    #[inline(always)]
    fn push(&mut self, _: Event) {}
}

impl Log for Vec<Event> {
    const ON: bool = true;
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}
