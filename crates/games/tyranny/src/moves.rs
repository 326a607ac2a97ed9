use std::fmt;

use agora_engine::{ParseMoveError, Seat};

use crate::TyrannyRefusal as R;
use serde::{Serialize, Serializer};

use crate::board::board;
use crate::card::card_from_words;
use crate::{Card, Deck, Piece};

/// A card played from the hand, with what it is aimed at.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Play {
    /// Gamble 7: switch to the facing tile of the other tier.
    SwitchTier,
    /// Gains 1: one more capture roll this turn.
    ExtraRoll,
    /// Gains 2: this turn's capture rolls succeed on 1 to 3.
    ShortRange,
    /// Gains 6, criminals' half: the playing piece, in custody, now escapes on 2 to 6.
    WideEscape,
    /// Gains 6, cops' half: the criminal piece in custody must roll `number` to escape and may
    /// not pay.
    FixEscape { piece: Piece, number: u8 },
    /// Gains 7: open a closed tunnel or collapse an open one, for free.
    Tunnel(u8),
    /// Gains 10: steal a card picked blind from an opponent seat's hand.
    Steal(Seat),
}

impl Play {
    /// The card this play uses.
    pub const fn card(self) -> Card {
        match self {
            Play::SwitchTier => Card::GAMBLE_SWITCH_TIER,
            Play::ExtraRoll => Card::GAINS_EXTRA_ROLL,
            Play::ShortRange => Card::GAINS_SHORT_RANGE,
            Play::WideEscape | Play::FixEscape { .. } => Card::GAINS_CUSTODY,
            Play::Tunnel(_) => Card::GAINS_TUNNEL,
            Play::Steal(_) => Card::GAINS_STEAL,
        }
    }
}

/// A move: a seat's decision or a chance event (die roll, card draw, blind pick).
///
/// Every move reads and writes without the state: its notation names everything it needs.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// Chance: the die shows this face.
    Roll(u8),
    /// Chance: this card comes off its deck.
    Drawn(Card),
    /// Chance: this card is picked blind from the victim's hand.
    Picked(Card),
    /// `move`: roll the die and move forward.
    Go,
    /// `capture`: roll to capture the property the piece stands on.
    Capture,
    /// `pass`: end the turn without moving.
    Pass,
    /// `cross`: go to the other tier through the home base or open tunnel the piece is on.
    Cross,
    /// `stay`: end the move without crossing.
    Stay,
    /// `open tunnel A`: open the tunnel the piece stands on, paying its cost.
    Open(u8),
    /// `collapse tunnel A`: collapse the tunnel the piece stands on, paying its cost.
    Collapse(u8),
    /// `pay`: leave custody for 200 influence.
    Pay,
    /// `escape`: roll to leave custody.
    Escape,
    /// `draw`: take a card from the deck of the tile the piece landed on.
    Draw,
    /// `decline`: do not draw.
    Decline,
    /// `challenge crim1 2-4`: a capture roll on a passed piece, which escapes on the 3 faces
    /// starting at `low`.
    Challenge { piece: Piece, low: u8 },
    /// `spare crim1`: no capture roll on a passed piece.
    Spare(Piece),
    /// `advance 4`: Gamble 6, move this many tiles forward.
    Advance(u8),
    /// `target seat 1`: Gains 5, the opponent seat that discards.
    Target(Seat),
    /// `discard gains 7`: put a card from the hand on the discard pile (over the hand limit).
    Discard(Card),
    /// `play gains 7 tunnel A` and so on.
    Play(Play),
}

impl Move {
    pub const fn is_chance(self) -> bool {
        matches!(self, Move::Roll(_) | Move::Drawn(_) | Move::Picked(_))
    }

    /// Reads a move without a state (the notation is context-free).
    pub fn parse(text: &str) -> Result<Move, ParseMoveError> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let err = |reason: R| ParseMoveError::new(text, reason);
        let number = |word: &str| -> Result<u8, ParseMoveError> {
            word.parse::<u8>().map_err(|_| err(R::Number))
        };
        let card = |deck: &str, n: &str| -> Result<Card, ParseMoveError> {
            card_from_words(deck, n).map_err(|e| err(e.refusal()))
        };
        let piece = |word: &str| -> Result<Piece, ParseMoveError> {
            Piece::from_name(word).ok_or_else(|| err(R::PieceName))
        };
        let seat = |word: &str, n: &str| -> Result<Seat, ParseMoveError> {
            if word != "seat" {
                return Err(err(R::SeatWord));
            }
            match n.parse::<u8>() {
                Ok(s) if s < 4 => Ok(Seat(s)),
                _ => Err(err(R::SeatNumber)),
            }
        };
        let tunnel = |word: &str, name: &str| -> Result<u8, ParseMoveError> {
            if word != "tunnel" {
                return Err(err(R::TunnelWord));
            }
            board()
                .tunnel_by_name(&name.to_ascii_uppercase())
                .ok_or_else(|| err(R::TunnelName))
        };
        let mv = match words.as_slice() {
            [] => return Err(err(R::Empty)),
            ["roll", n] => Move::Roll(number(n)?),
            ["draw", deck, n] => Move::Drawn(card(deck, n)?),
            ["pick", deck, n] => Move::Picked(card(deck, n)?),
            ["move"] => Move::Go,
            ["capture"] => Move::Capture,
            ["pass"] => Move::Pass,
            ["cross"] => Move::Cross,
            ["stay"] => Move::Stay,
            ["open", w, name] => Move::Open(tunnel(w, name)?),
            ["collapse", w, name] => Move::Collapse(tunnel(w, name)?),
            ["pay"] => Move::Pay,
            ["escape"] => Move::Escape,
            ["draw"] => Move::Draw,
            ["decline"] => Move::Decline,
            ["challenge", p, range] => {
                let piece = piece(p)?;
                let low = range
                    .split_once('-')
                    .and_then(|(l, h)| Some((l.parse::<u8>().ok()?, h.parse::<u8>().ok()?)))
                    .filter(|(l, h)| (1..=4).contains(l) && *h == l + 2)
                    .map(|(l, _)| l)
                    .ok_or_else(|| err(R::Range))?;
                Move::Challenge { piece, low }
            }
            ["spare", p] => Move::Spare(piece(p)?),
            ["advance", n] => Move::Advance(number(n)?),
            ["target", w, n] => Move::Target(seat(w, n)?),
            ["discard", deck, n] => Move::Discard(card(deck, n)?),
            ["play", deck, n, rest @ ..] => {
                let c = card(deck, n)?;
                let play = match (c, rest) {
                    (Card::GAMBLE_SWITCH_TIER, []) => Play::SwitchTier,
                    (Card::GAINS_EXTRA_ROLL, []) => Play::ExtraRoll,
                    (Card::GAINS_SHORT_RANGE, []) => Play::ShortRange,
                    (Card::GAINS_CUSTODY, []) => Play::WideEscape,
                    (Card::GAINS_CUSTODY, [p, n]) => {
                        let piece = piece(p)?;
                        let number = number(n)?;
                        Play::FixEscape { piece, number }
                    }
                    (Card::GAINS_TUNNEL, [w, name]) => Play::Tunnel(tunnel(w, name)?),
                    (Card::GAINS_STEAL, [w, n]) => Play::Steal(seat(w, n)?),
                    (Card::GAINS_CUSTODY, _) => {
                        return Err(err(R::Gains6Args));
                    }
                    (Card::GAINS_TUNNEL, _) => {
                        return Err(err(R::Gains7Args));
                    }
                    (Card::GAINS_STEAL, _) => {
                        return Err(err(R::Gains10Args));
                    }
                    (c, _) if c.is_kept() => return Err(err(R::CardTakesNothing)),
                    _ => {
                        return Err(err(R::OnlyKept));
                    }
                };
                Move::Play(play)
            }
            [first, ..] => {
                return Err(err(match *first {
                    "roll" => R::RollShape,
                    "draw" => R::DrawShape,
                    "pick" => R::PickShape,
                    "open" | "collapse" => R::TunnelWord,
                    "challenge" => R::ChallengeShape,
                    "spare" => R::SpareShape,
                    "advance" => R::AdvanceShape,
                    "target" => R::SeatWord,
                    "discard" => R::DiscardShape,
                    "play" => R::PlayShape,
                    "move" | "capture" | "pass" | "cross" | "stay" | "pay" | "escape"
                    | "decline" => R::MoveTakesNothing,
                    _ => R::UnknownMove,
                }));
            }
        };
        Ok(mv)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tunnel = |t: u8| {
            board()
                .tunnels()
                .get(usize::from(t))
                .map_or_else(|| format!("#{t}"), |tunnel| tunnel.name.clone())
        };
        match *self {
            Move::Roll(n) => write!(f, "roll {n}"),
            Move::Drawn(c) => write!(f, "draw {c}"),
            Move::Picked(c) => write!(f, "pick {c}"),
            Move::Go => f.write_str("move"),
            Move::Capture => f.write_str("capture"),
            Move::Pass => f.write_str("pass"),
            Move::Cross => f.write_str("cross"),
            Move::Stay => f.write_str("stay"),
            Move::Open(t) => write!(f, "open tunnel {}", tunnel(t)),
            Move::Collapse(t) => write!(f, "collapse tunnel {}", tunnel(t)),
            Move::Pay => f.write_str("pay"),
            Move::Escape => f.write_str("escape"),
            Move::Draw => f.write_str("draw"),
            Move::Decline => f.write_str("decline"),
            Move::Challenge { piece, low } => write!(f, "challenge {piece} {low}-{}", low + 2),
            Move::Spare(piece) => write!(f, "spare {piece}"),
            Move::Advance(n) => write!(f, "advance {n}"),
            Move::Target(seat) => write!(f, "target seat {seat}"),
            Move::Discard(c) => write!(f, "discard {c}"),
            Move::Play(play) => {
                write!(f, "play {}", play.card())?;
                match play {
                    Play::FixEscape { piece, number } => write!(f, " {piece} {number}"),
                    Play::Tunnel(t) => write!(f, " tunnel {}", tunnel(t)),
                    Play::Steal(seat) => write!(f, " seat {seat}"),
                    _ => Ok(()),
                }
            }
        }
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// What a viewer sees of a move: the move itself, or a draw or pick with the card hidden.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum SeenMove {
    Move(Move),
    /// A kept card came off this deck; which one is hidden.
    DrewHidden(Deck),
    /// A card was picked blind from a hand and changed hands; which one is hidden.
    PickedHidden,
}

impl fmt::Display for SeenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeenMove::Move(mv) => mv.fmt(f),
            SeenMove::DrewHidden(deck) => write!(f, "draw {deck}"),
            SeenMove::PickedHidden => f.write_str("pick"),
        }
    }
}

impl Serialize for SeenMove {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

// Search keeps many moves: they stay four bytes at most.
const _: () = assert!(std::mem::size_of::<Move>() <= 4);
