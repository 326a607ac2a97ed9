use agora_engine::{Seat, SeatSet};
use serde::{Serialize, Serializer};

use crate::board::{TileKind, board};
use crate::event::{InfluenceCause, Log, Release};
use crate::rules::{
    CHALLENGE_WIDTH, CRIMINALS_TARGET, ESCAPE_PRICE, HOLD_TURNS, INFLUENCE_CAP, SENTENCE_TURNS,
    SHORT_RANGE, TURN_LIMIT,
};
use crate::{Card, Cards, Deck, Event, Faction, Move, Piece, Play, Seating, TileId};

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
const COMMITTED_REASON: &str = "a capture card was played: capture or play another capture card";

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
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
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
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
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

    /// Calls `push` with every legal move of the seat to move.
    pub(crate) fn each_legal(&self, mut push: impl FnMut(Move)) {
        let table = &self.table;
        let board = board();
        let piece = table.active;
        let state = *table.piece(piece);
        let faction = piece.faction();
        let hand = self.active_hand();
        match table.phase {
            Phase::Over | Phase::Roll { .. } | Phase::Draw { .. } | Phase::Pick { .. } => {}
            Phase::Start => {
                let committed = table.flags & COMMITTED != 0;
                let capturable = board.property(state.tile).is_some()
                    && table.owner(state.tile) != Some(faction);
                if !committed {
                    push(Move::Go);
                    push(Move::Pass);
                }
                if capturable {
                    push(Move::Capture);
                    if hand.contains(Card::GAINS_EXTRA_ROLL) && table.flags & EXTRA_ROLL == 0 {
                        push(Move::Play(Play::ExtraRoll));
                    }
                    if hand.contains(Card::GAINS_SHORT_RANGE)
                        && table.flags & SHORT_RANGE_PLAYED == 0
                    {
                        push(Move::Play(Play::ShortRange));
                    }
                }
                if committed {
                    return;
                }
                if table.flags & CROSSED == 0 && table.crossing(piece).is_some() {
                    push(Move::Cross);
                }
                if let TileKind::Tunnel { tunnel } = board.kind(state.tile)
                    && table.flags & TUNNEL_WORKED == 0
                    && (faction == Faction::Cops || table.influence >= board.tunnel(tunnel).cost)
                {
                    push(if table.is_open(tunnel) {
                        Move::Collapse(tunnel)
                    } else {
                        Move::Open(tunnel)
                    });
                }
                if hand.contains(Card::GAMBLE_SWITCH_TIER) {
                    push(Move::Play(Play::SwitchTier));
                }
                if faction == Faction::Cops && hand.contains(Card::GAINS_CUSTODY) {
                    for target in [Piece::CRIM1, Piece::CRIM2] {
                        let held = table.piece(target);
                        if held.custody && held.sentence == 0 {
                            for number in 1..=6 {
                                push(Move::Play(Play::FixEscape {
                                    piece: target,
                                    number,
                                }));
                            }
                        }
                    }
                }
                if hand.contains(Card::GAINS_TUNNEL) {
                    for tunnel in 0..board.tunnels().len() as u8 {
                        push(Move::Play(Play::Tunnel(tunnel)));
                    }
                }
                if hand.contains(Card::GAINS_STEAL) {
                    for seat in self.victims() {
                        push(Move::Play(Play::Steal(seat)));
                    }
                }
            }
            Phase::Custody => {
                if state.may_pay && (faction == Faction::Cops || table.influence >= ESCAPE_PRICE) {
                    push(Move::Pay);
                }
                push(Move::Escape);
                if faction == Faction::Criminals
                    && hand.contains(Card::GAINS_CUSTODY)
                    && state.escape_faces != WIDE_ESCAPE
                {
                    push(Move::Play(Play::WideEscape));
                }
            }
            Phase::Challenge { piece: target, .. } => {
                for low in 1..=4 {
                    push(Move::Challenge { piece: target, low });
                }
                push(Move::Spare(target));
            }
            Phase::MayDraw { .. } => {
                push(Move::Draw);
                push(Move::Decline);
            }
            Phase::Advance => {
                for n in 1..=6 {
                    push(Move::Advance(n));
                }
            }
            Phase::Target => {
                for seat in self.victims() {
                    push(Move::Target(seat));
                }
            }
            Phase::Discard => {
                for card in Card::all().filter(|c| hand.contains(*c)) {
                    push(Move::Discard(card));
                }
            }
            Phase::MayCross => {
                push(Move::Cross);
                push(Move::Stay);
            }
        }
    }

    /// Whether a chance move could come up now.
    pub(crate) fn check_chance(&self, mv: Move) -> Result<(), String> {
        match (self.table.phase, mv) {
            (Phase::Roll { .. }, Move::Roll(n)) => {
                if (1..=6).contains(&n) {
                    Ok(())
                } else {
                    Err(format!("a die shows 1 to 6, not {n}"))
                }
            }
            (Phase::Draw { deck }, Move::Drawn(card)) => {
                if card.deck() != deck {
                    Err(format!("a {deck} card is being drawn, not {card}"))
                } else if !self.decks.contains(card) {
                    Err(format!("no copy of {card} is left in the {deck} deck"))
                } else {
                    Ok(())
                }
            }
            (Phase::Pick { victim, .. }, Move::Picked(card)) => {
                if self.hands[victim.index()].contains(card) {
                    Ok(())
                } else {
                    Err(format!("seat {victim} holds no {card}"))
                }
            }
            (Phase::Over, _) => Err("the game is over".into()),
            (phase, mv) => Err(format!("{mv} cannot come up now: {}", waiting_for(phase))),
        }
    }

    /// Plays a move known to be legal, telling `log` what happens.
    pub(crate) fn apply<L: Log>(&mut self, mv: Move, log: &mut L) {
        let piece = self.table.active;
        match mv {
            Move::Roll(face) => {
                if L::ON {
                    let Phase::Roll { purpose } = self.table.phase else {
                        unreachable!("a roll outside a roll")
                    };
                    log.push(Event::Rolled { face, purpose });
                }
                self.rolled(face, log);
            }
            Move::Drawn(card) => {
                self.decks.remove(card);
                self.saw_drawn(card);
                self.resolve_card(card, log);
            }
            Move::Picked(card) => self.picked(card, log),
            Move::Go => {
                self.table.phase = Phase::Roll {
                    purpose: RollFor::Move,
                }
            }
            Move::Capture => {
                self.table.phase = Phase::Roll {
                    purpose: RollFor::Capture,
                }
            }
            Move::Pass | Move::Stay | Move::Decline => self.end_turn(log),
            Move::Cross => {
                let to = self.table.crossing(piece).expect("a legal crossing");
                self.table.pieces[piece.index()].tile = to;
                self.table.flags |= CROSSED;
                if L::ON {
                    log.push(Event::Crossed { piece, to });
                }
                if self.table.phase == Phase::MayCross {
                    self.end_turn(log);
                }
            }
            Move::Open(tunnel) | Move::Collapse(tunnel) => {
                let cost = board().tunnel(tunnel).cost;
                self.spend(
                    piece.faction(),
                    cost,
                    InfluenceCause::Tunnel { piece, tunnel },
                    log,
                );
                self.toggle_tunnel(tunnel, piece, log);
                self.table.flags |= TUNNEL_WORKED;
            }
            Move::Pay => {
                self.spend(
                    piece.faction(),
                    ESCAPE_PRICE,
                    InfluenceCause::Bail { piece },
                    log,
                );
                self.release(piece, Release::Paid, log);
                self.end_turn(log);
            }
            Move::Escape => {
                self.table.phase = Phase::Roll {
                    purpose: RollFor::Escape,
                }
            }
            Move::Draw => {
                let Phase::MayDraw { deck } = self.table.phase else {
                    unreachable!("draw outside a draw choice")
                };
                if self.decks.len_of(deck) == 0 {
                    for card in deck.cards() {
                        self.decks.0[card.index()] += self.table.discards.count(card);
                        self.table.discards.0[card.index()] = 0;
                    }
                    self.saw_reshuffle(deck);
                    if L::ON {
                        log.push(Event::Reshuffled { deck });
                    }
                }
                self.table.flags |= DREW;
                self.table.phase = Phase::Draw { deck };
            }
            Move::Challenge { piece: target, low } => {
                let Phase::Challenge { then, .. } = self.table.phase else {
                    unreachable!("challenge outside a challenge choice")
                };
                self.table.phase = Phase::Roll {
                    purpose: RollFor::Challenge {
                        piece: target,
                        low,
                        then,
                    },
                };
            }
            Move::Spare(target) => {
                let Phase::Challenge { then, .. } = self.table.phase else {
                    unreachable!("spare outside a challenge choice")
                };
                if L::ON {
                    log.push(Event::Spared {
                        piece: target,
                        by: piece,
                    });
                }
                self.next_challenge(then, log);
            }
            Move::Advance(steps) => self.movement(steps, log),
            Move::Target(victim) => {
                self.table.phase = Phase::Pick {
                    victim,
                    steal: false,
                }
            }
            Move::Discard(card) => {
                let seat = self.active_seat();
                self.hands[seat.index()].remove(card);
                self.forget_played(seat, card);
                self.table.discards.add(card);
                if L::ON {
                    log.push(Event::Discarded { seat, card });
                }
                self.end_turn(log);
            }
            Move::Play(play) => {
                let seat = self.active_seat();
                let card = play.card();
                self.hands[seat.index()].remove(card);
                self.forget_played(seat, card);
                self.table.discards.add(card);
                if L::ON {
                    log.push(Event::Played { seat, card });
                }
                self.play_card(play, log);
            }
        }
    }

    fn rolled<L: Log>(&mut self, face: u8, log: &mut L) {
        let Phase::Roll { purpose } = self.table.phase else {
            unreachable!("a roll outside a roll")
        };
        let piece = self.table.active;
        match purpose {
            RollFor::Move | RollFor::CardMove => self.movement(face, log),
            RollFor::Capture => self.capture_roll(face, log),
            RollFor::Escape => {
                if self.table.piece(piece).escape_faces & (1 << face) != 0 {
                    self.release(piece, Release::Rolled, log);
                } else if L::ON {
                    log.push(Event::StillInCustody { piece });
                }
                self.end_turn(log);
            }
            RollFor::Challenge {
                piece: target,
                low,
                then,
            } => {
                if (low..low + CHALLENGE_WIDTH).contains(&face) {
                    if L::ON {
                        log.push(Event::GotAway {
                            piece: target,
                            by: piece,
                        });
                    }
                } else {
                    self.capture_piece(piece, target, log);
                }
                self.next_challenge(then, log);
            }
        }
    }

    fn capture_roll<L: Log>(&mut self, face: u8, log: &mut L) {
        let piece = self.table.active;
        let faction = piece.faction();
        let tile = self.table.piece(piece).tile;
        let property = board().property(tile).expect("capturing a property");
        let (low, high) = if self.table.flags & SHORT_RANGE_PLAYED != 0 {
            SHORT_RANGE
        } else {
            (property.low, property.high)
        };
        if (low..=high).contains(&face) {
            let owner = match self.table.owner(tile) {
                Some(_) => None,
                None => Some(faction),
            };
            self.table.set_owner(tile, owner);
            if L::ON {
                log.push(Event::OwnerChanged { tile, owner });
            }
        } else if L::ON {
            log.push(Event::CaptureFailed { tile });
        }
        if self.table.flags & EXTRA_ROLL != 0 && self.table.owner(tile) != Some(faction) {
            self.table.flags &= !EXTRA_ROLL;
            self.table.phase = Phase::Roll {
                purpose: RollFor::Capture,
            };
        } else {
            self.end_turn(log);
        }
    }

    /// Moves the active piece `steps` tiles forward, then handles what it passed and where it
    /// landed.
    fn movement<L: Log>(&mut self, steps: u8, log: &mut L) {
        let board = board();
        let piece = self.table.active;
        let enemy = piece.faction().other();
        let from = self.table.piece(piece).tile;
        let mut passed = [None; 2];
        let mut count = 0;
        for k in 1..usize::from(steps) {
            let tile = board.forward(from, k);
            if board.is_safe_for(tile, enemy) {
                continue;
            }
            for other in self.table.pieces_on(tile) {
                if other.faction() == enemy && count < 2 {
                    passed[count] = Some(other);
                    count += 1;
                }
            }
        }
        let to = board.forward(from, usize::from(steps));
        self.table.pieces[piece.index()].tile = to;
        if L::ON {
            log.push(Event::Moved { piece, from, to });
        }
        match passed {
            [Some(first), then] => self.table.phase = Phase::Challenge { piece: first, then },
            _ => self.land(log),
        }
    }

    fn next_challenge<L: Log>(&mut self, then: Option<Piece>, log: &mut L) {
        match then {
            Some(piece) => self.table.phase = Phase::Challenge { piece, then: None },
            None => self.land(log),
        }
    }

    /// The end of a forward move: capture whoever stands here, then the tile's own effect.
    fn land<L: Log>(&mut self, log: &mut L) {
        let board = board();
        let piece = self.table.active;
        let faction = piece.faction();
        let tile = self.table.piece(piece).tile;
        if !board.is_safe_for(tile, faction.other()) {
            for other in Piece::ALL {
                let state = self.table.piece(other);
                if other.faction() != faction && !state.custody && state.tile == tile {
                    self.capture_piece(piece, other, log);
                }
            }
        }
        match board.kind(tile) {
            TileKind::Property(property) => {
                if self.table.owner(tile) == Some(faction) {
                    let cause = InfluenceCause::Landed { piece, tile };
                    match faction {
                        Faction::Criminals => self.gain(property.influence, cause, log),
                        Faction::Cops => self.lose(property.influence, cause, log),
                    }
                }
                self.end_turn(log);
            }
            TileKind::Gamble => self.may_draw(Deck::Gamble, log),
            TileKind::Gains => self.may_draw(Deck::Gains, log),
            TileKind::Tunnel { tunnel } if self.table.is_open(tunnel) => {
                self.table.phase = Phase::MayCross;
            }
            kind if kind.home_of() == Some(faction) => self.table.phase = Phase::MayCross,
            _ => self.end_turn(log),
        }
    }

    fn may_draw<L: Log>(&mut self, deck: Deck, log: &mut L) {
        let available = self.decks.len_of(deck) + self.table.discards.len_of(deck);
        if self.table.flags & DREW == 0 && available > 0 {
            self.table.phase = Phase::MayDraw { deck };
        } else {
            self.end_turn(log);
        }
    }

    /// `captor` catches `target`: custody at the captor's home base, unless a Gamble 3 changes it.
    fn capture_piece<L: Log>(&mut self, captor: Piece, target: Piece, log: &mut L) {
        let board = board();
        if L::ON {
            log.push(Event::Captured {
                piece: target,
                by: captor,
            });
        }
        let mut sentence = 0;
        if target.faction() == Faction::Criminals {
            let seating = self.table.seating;
            let criminal_seat = seating.commander(target);
            let cop_seat = seating.commander(captor);
            let criminal_card = self.use_card(criminal_seat, Card::GAMBLE_ESCAPE, log);
            let cop_card = self.use_card(cop_seat, Card::GAMBLE_ESCAPE, log);
            match (criminal_card, cop_card) {
                (true, false) => {
                    self.table.pieces[target.index()].tile = board.start(Faction::Criminals);
                    if L::ON {
                        log.push(Event::EscapedByCard { piece: target });
                    }
                    return;
                }
                (false, true) => {
                    sentence = SENTENCE_TURNS;
                    if L::ON {
                        log.push(Event::Sentenced {
                            piece: target,
                            turns: SENTENCE_TURNS,
                        });
                    }
                }
                (true, true) => {
                    if L::ON {
                        log.push(Event::CardsCancelled { piece: target });
                    }
                }
                (false, false) => {}
            }
        }
        let state = &mut self.table.pieces[target.index()];
        state.custody = true;
        state.tile = board.start(captor.faction());
        // Under a sentence no face frees it and it may not pay: the summary says so.
        let escapable = sentence == 0;
        state.escape_faces = if escapable { STANDARD_ESCAPE } else { 0 };
        state.may_pay = escapable;
        state.sentence = sentence;
    }

    /// Plays `card` from `seat`'s hand if it holds one.
    fn use_card<L: Log>(&mut self, seat: Seat, card: Card, log: &mut L) -> bool {
        let hand = &mut self.hands[seat.index()];
        if !hand.contains(card) {
            return false;
        }
        hand.remove(card);
        self.forget_played(seat, card);
        self.table.discards.add(card);
        if L::ON {
            log.push(Event::Played { seat, card });
        }
        true
    }

    fn release<L: Log>(&mut self, piece: Piece, how: Release, log: &mut L) {
        let state = &mut self.table.pieces[piece.index()];
        state.custody = false;
        state.tile = board().start(piece.faction());
        state.escape_faces = STANDARD_ESCAPE;
        state.may_pay = true;
        state.sentence = 0;
        if L::ON {
            log.push(Event::Released { piece, how });
        }
    }

    fn set_influence<L: Log>(&mut self, after: u32, cause: InfluenceCause, log: &mut L) {
        let before = self.table.influence;
        self.table.influence = after.min(INFLUENCE_CAP);
        if L::ON && before != self.table.influence {
            log.push(Event::Influence {
                before,
                after: self.table.influence,
                cause,
            });
        }
    }

    fn gain<L: Log>(&mut self, amount: u32, cause: InfluenceCause, log: &mut L) {
        self.set_influence(self.table.influence.saturating_add(amount), cause, log);
    }

    fn lose<L: Log>(&mut self, amount: u32, cause: InfluenceCause, log: &mut L) {
        self.set_influence(self.table.influence.saturating_sub(amount), cause, log);
    }

    /// `percent`% of the influence, rounded to the nearest point, halves up.
    fn share(&self, percent: u32) -> u32 {
        ((u64::from(self.table.influence) * u64::from(percent) + 50) / 100) as u32
    }

    /// A faction spends influence: criminals pay it, cops hand it to the criminals.
    fn spend<L: Log>(&mut self, faction: Faction, amount: u32, cause: InfluenceCause, log: &mut L) {
        match faction {
            Faction::Criminals => self.lose(amount, cause, log),
            Faction::Cops => self.gain(amount, cause, log),
        }
    }

    fn toggle_tunnel<L: Log>(&mut self, tunnel: u8, by: Piece, log: &mut L) {
        self.table.open_tunnels ^= 1 << tunnel;
        if L::ON {
            log.push(if self.table.is_open(tunnel) {
                Event::TunnelOpened { tunnel, by }
            } else {
                Event::TunnelCollapsed { tunnel, by }
            });
        }
    }

    fn relocate<L: Log>(&mut self, to: TileId, card: Card, log: &mut L) {
        let piece = self.table.active;
        self.table.pieces[piece.index()].tile = to;
        if L::ON {
            log.push(Event::Relocated { piece, to, card });
        }
    }

    fn miss_turn<L: Log>(&mut self, log: &mut L) {
        let piece = self.table.active;
        self.table.pieces[piece.index()].misses += 1;
        if L::ON {
            log.push(Event::WillMissTurn { piece });
        }
    }

    /// The nearest property ahead of the active piece on its loop that `select` accepts.
    fn property_ahead(&self, select: impl Fn(Option<Faction>) -> bool) -> Option<TileId> {
        let board = board();
        let tile = self.table.piece(self.table.active).tile;
        let len = usize::from(board.loop_len(board.tier(tile)));
        (1..len)
            .map(|k| board.forward(tile, k))
            .find(|t| board.property(*t).is_some() && select(self.table.owner(*t)))
    }

    /// A card just drawn by the active piece's seat.
    fn resolve_card<L: Log>(&mut self, card: Card, log: &mut L) {
        let board = board();
        let piece = self.table.active;
        let faction = piece.faction();
        let seat = self.active_seat();
        if L::ON {
            log.push(Event::Drew {
                seat,
                deck: card.deck(),
                card: Some(card),
            });
        }
        if card.is_kept() {
            let hand = &mut self.hands[seat.index()];
            hand.add(card);
            if L::ON {
                log.push(Event::Kept {
                    seat,
                    deck: card.deck(),
                    card: Some(card),
                });
            }
            if hand.len() > usize::from(self.table.seating.hand_limit(seat)) {
                self.table.phase = Phase::Discard;
            } else {
                self.end_turn(log);
            }
            return;
        }
        self.table.discards.add(card);
        if L::ON {
            log.push(Event::Effect { card, faction });
        }
        let crooks = faction == Faction::Criminals;
        let tile = self.table.piece(piece).tile;
        let cause = InfluenceCause::Card { card, faction };
        match (card.deck(), card.number()) {
            (Deck::Gamble, 1) | (Deck::Gamble, 2) => {
                // Gamble 1 is good for the drawer, Gamble 2 bad.
                if crooks == (card.number() == 1) {
                    self.gain(100, cause, log);
                } else {
                    self.lose(100, cause, log);
                }
            }
            (Deck::Gamble, 4) => {
                let to = board.home(faction, board.tier(tile).other());
                self.relocate(to, card, log);
            }
            (Deck::Gamble, 5) => {
                let to = board.home(faction.other(), board.tier(tile));
                self.relocate(to, card, log);
                self.miss_turn(log);
            }
            (Deck::Gamble, 6) => {
                self.table.phase = Phase::Advance;
                return;
            }
            (Deck::Gamble, 8) => {
                self.table.phase = Phase::Roll {
                    purpose: RollFor::CardMove,
                };
                return;
            }
            (Deck::Gamble, 9) => {
                let amount = self.share(20);
                if crooks {
                    self.lose(amount, cause, log);
                } else {
                    self.gain(amount, cause, log);
                }
            }
            (Deck::Gamble, _) => self.miss_turn(log),
            (Deck::Gains, 3) => match self.property_ahead(|owner| owner != Some(faction)) {
                Some(tile) => {
                    self.table.set_owner(tile, Some(faction));
                    if L::ON {
                        log.push(Event::OwnerChanged {
                            tile,
                            owner: Some(faction),
                        });
                    }
                }
                None if L::ON => log.push(Event::NothingHappened { card }),
                None => {}
            },
            (Deck::Gains, 4) => match self.property_ahead(|owner| owner == Some(faction.other())) {
                Some(tile) => {
                    self.table.set_owner(tile, None);
                    if L::ON {
                        log.push(Event::OwnerChanged { tile, owner: None });
                    }
                }
                None if L::ON => log.push(Event::NothingHappened { card }),
                None => {}
            },
            (Deck::Gains, 5) => {
                if self.victims().next().is_some() {
                    self.table.phase = Phase::Target;
                    return;
                }
                if L::ON {
                    log.push(Event::NothingHappened { card });
                }
            }
            (Deck::Gains, 8) => {
                let amount = self.share(50);
                if crooks {
                    self.gain(amount, cause, log);
                } else {
                    self.lose(amount, cause, log);
                }
            }
            (Deck::Gains, _) => {
                if crooks {
                    self.gain(500, cause, log);
                } else {
                    self.lose(500, cause, log);
                }
            }
        }
        self.end_turn(log);
    }

    fn play_card<L: Log>(&mut self, play: Play, log: &mut L) {
        let board = board();
        let piece = self.table.active;
        match play {
            Play::SwitchTier => {
                let to = board.facing(self.table.piece(piece).tile);
                self.relocate(to, play.card(), log);
            }
            Play::ExtraRoll => self.table.flags |= EXTRA_ROLL,
            Play::ShortRange => self.table.flags |= SHORT_RANGE_PLAYED,
            Play::WideEscape => self.set_escape(piece, WIDE_ESCAPE, true, log),
            Play::FixEscape { piece, number } => self.set_escape(piece, 1 << number, false, log),
            Play::Tunnel(tunnel) => self.toggle_tunnel(tunnel, piece, log),
            Play::Steal(victim) => {
                self.table.phase = Phase::Pick {
                    victim,
                    steal: true,
                }
            }
        }
    }

    fn set_escape<L: Log>(&mut self, piece: Piece, faces: u8, keep_pay: bool, log: &mut L) {
        let state = &mut self.table.pieces[piece.index()];
        state.escape_faces = faces;
        state.may_pay &= keep_pay;
        if L::ON {
            log.push(Event::EscapeChanged {
                piece,
                faces,
                may_pay: state.may_pay,
            });
        }
    }

    fn picked<L: Log>(&mut self, card: Card, log: &mut L) {
        let Phase::Pick { victim, steal } = self.table.phase else {
            unreachable!("a pick outside a pick")
        };
        self.hands[victim.index()].remove(card);
        self.remember_pick(victim, card, steal);
        if steal {
            let seat = self.active_seat();
            self.hands[seat.index()].add(card);
            if L::ON {
                log.push(Event::Stolen {
                    from: victim,
                    to: seat,
                    card: Some(card),
                });
            }
            self.table.phase = Phase::Start;
        } else {
            self.table.discards.add(card);
            if L::ON {
                log.push(Event::Discarded { seat: victim, card });
            }
            self.end_turn(log);
        }
    }

    /// Ends the active piece's turn: counts it for the win conditions and the turn limit, then
    /// passes to the next piece, playing out turns that need no decision (missed turns, turns of
    /// an inescapable arrest).
    pub(crate) fn end_turn<L: Log>(&mut self, log: &mut L) {
        let table = &mut self.table;
        loop {
            table.flags = 0;
            table.turns += 1;
            let cop_turn = table.active.faction() == Faction::Cops;
            table.high_streak = if table.influence >= CRIMINALS_TARGET {
                table.high_streak + u8::from(cop_turn)
            } else {
                0
            };
            table.zero_streak = if table.influence == 0 {
                table.zero_streak + u8::from(!cop_turn)
            } else {
                0
            };
            let ending = if table.high_streak >= HOLD_TURNS {
                Some(Ending {
                    winner: Some(Faction::Criminals),
                    reason: "criminals_held_1000",
                })
            } else if table.zero_streak >= HOLD_TURNS {
                Some(Ending {
                    winner: Some(Faction::Cops),
                    reason: "cops_held_zero",
                })
            } else if table.turns >= TURN_LIMIT {
                Some(time_limit_ending(table.influence))
            } else {
                None
            };
            if let Some(ending) = ending {
                table.ending = Some(ending);
                table.phase = Phase::Over;
                if L::ON {
                    log.push(Event::Finished {
                        winner: ending.winner,
                        reason: ending.reason,
                    });
                }
                return;
            }
            table.active = table.active.next();
            let piece = table.active;
            let state = &mut table.pieces[piece.index()];
            if state.misses > 0 {
                state.misses -= 1;
                if L::ON {
                    log.push(Event::MissedTurn { piece });
                }
                continue;
            }
            if state.custody && state.sentence > 0 {
                state.sentence -= 1;
                if state.sentence == 0 {
                    state.custody = false;
                    state.tile = board().start(piece.faction());
                    state.escape_faces = STANDARD_ESCAPE;
                    state.may_pay = true;
                    if L::ON {
                        log.push(Event::Released {
                            piece,
                            how: Release::Served,
                        });
                    }
                } else if L::ON {
                    log.push(Event::ServedTurn {
                        piece,
                        left: state.sentence,
                    });
                }
                continue;
            }
            table.phase = if state.custody {
                Phase::Custody
            } else {
                Phase::Start
            };
            if L::ON {
                log.push(Event::TurnStarted { piece });
            }
            return;
        }
    }

    /// The winners as seats.
    pub(crate) fn winners(&self, ending: Ending) -> SeatSet {
        let seating = self.table.seating;
        match ending.winner {
            Some(faction) => seating.seats_of(faction).collect(),
            None => SeatSet::first(usize::from(seating.players())),
        }
    }

    /// Why `mv` is not legal now (called once it is known not to be).
    pub(crate) fn illegal_reason(&self, mv: Move) -> String {
        let table = &self.table;
        let board = board();
        let piece = table.active;
        let state = table.piece(piece);
        let seat = self.active_seat();
        let hand = self.active_hand();
        if table.phase == Phase::Over {
            return "the game is over".into();
        }
        if let Move::Open(t) | Move::Collapse(t) | Move::Play(Play::Tunnel(t)) = mv
            && usize::from(t) >= board.tunnels().len()
        {
            return format!("there is no tunnel number {t}");
        }
        if mv.is_chance() {
            return self
                .check_chance(mv)
                .err()
                .unwrap_or_else(|| "not now".into());
        }
        if matches!(
            table.phase,
            Phase::Roll { .. } | Phase::Draw { .. } | Phase::Pick { .. }
        ) {
            return format!("no seat moves now: {}", waiting_for(table.phase));
        }
        let committed = table.flags & COMMITTED != 0;
        let here = || {
            let tile = board.tile(state.tile);
            format!("{} ({})", tile.name, tile.code)
        };
        let specific = match (table.phase, mv) {
            (Phase::Start, Move::Go | Move::Pass) => Some(COMMITTED_REASON.into()),
            // R9: after Gains 1 or 2 the turn is the capture's, free actions included.
            (Phase::Start, Move::Cross | Move::Open(_) | Move::Collapse(_)) if committed => {
                Some(COMMITTED_REASON.into())
            }
            (Phase::Start, Move::Capture)
            | (Phase::Start, Move::Play(Play::ExtraRoll))
            | (Phase::Start, Move::Play(Play::ShortRange))
                if board.property(state.tile).is_none() =>
            {
                Some(format!("{piece} is not on a property but on {}", here()))
            }
            (Phase::Start, Move::Capture) => {
                Some(format!("the {} already own {}", piece.faction(), here()))
            }
            (Phase::Start, Move::Cross) if table.flags & CROSSED != 0 => {
                Some("a piece crosses at most once at the start of its turn".into())
            }
            (Phase::Start, Move::Cross) => Some(format!(
                "{piece} is on {}, neither its home base nor an open tunnel",
                here()
            )),
            (Phase::Start, Move::Open(t) | Move::Collapse(t)) => {
                let tunnel = board.tunnel(t);
                Some(
                    if state.tile != tunnel.outer && state.tile != tunnel.inner {
                        format!("{piece} is not on an end of tunnel {}", tunnel.name)
                    } else if table.flags & TUNNEL_WORKED != 0 {
                        "a piece opens or collapses a tunnel at most once a turn".into()
                    } else if matches!(mv, Move::Open(_)) == table.is_open(t) {
                        format!(
                            "tunnel {} is already {}",
                            tunnel.name,
                            if table.is_open(t) {
                                "open"
                            } else {
                                "collapsed"
                            }
                        )
                    } else {
                        format!(
                            "the criminals need {} influence for that and have {}",
                            tunnel.cost, table.influence
                        )
                    },
                )
            }
            (_, Move::Play(play)) if !hand.contains(play.card()) => {
                Some(format!("seat {seat} holds no {}", play.card()))
            }
            (_, Move::Discard(card)) if !hand.contains(card) => {
                Some(format!("seat {seat} holds no {card}"))
            }
            (
                Phase::Start,
                Move::Play(
                    Play::SwitchTier | Play::FixEscape { .. } | Play::Tunnel(_) | Play::Steal(_),
                ),
            ) if committed => Some(COMMITTED_REASON.into()),
            (Phase::Start, Move::Play(Play::FixEscape { number, .. }))
                if !(1..=6).contains(&number) =>
            {
                Some("the number must be a die face, 1 to 6".into())
            }
            (Phase::Start, Move::Play(Play::FixEscape { piece: target, .. })) => {
                Some(if piece.faction() != Faction::Cops {
                    "only the cops' half of gains 6 names a piece".into()
                } else if target.faction() != Faction::Criminals {
                    format!("{target} is not a criminal")
                } else {
                    format!("{target} is not in custody (or is serving an inescapable arrest)")
                })
            }
            (_, Move::Play(Play::WideEscape)) => Some(
                "the criminals' half of gains 6 is played by a piece in custody that does not \
                 already escape on 2 to 6"
                    .into(),
            ),
            (_, Move::Play(Play::Steal(victim)) | Move::Target(victim)) => {
                Some(if victim.0 >= table.players() {
                    format!("there is no seat {victim}")
                } else if table.seating.faction(victim) == piece.faction() {
                    format!("seat {victim} is not an opponent")
                } else {
                    format!("seat {victim} holds no card")
                })
            }
            (Phase::Custody, Move::Pay) if !state.may_pay => {
                Some(format!("{piece} may not pay its way out (gains 6)"))
            }
            (Phase::Custody, Move::Pay) => Some(format!(
                "paying out costs {ESCAPE_PRICE} and the criminals have {}",
                table.influence
            )),
            (Phase::Challenge { piece: passed, .. }, Move::Challenge { piece: p, .. })
            | (Phase::Challenge { piece: passed, .. }, Move::Spare(p))
                if p != passed =>
            {
                Some(format!(
                    "the passed piece to decide on is {passed}, not {p}"
                ))
            }
            (Phase::Advance, Move::Advance(n)) => {
                Some(format!("gamble 6 moves 1 to 6 tiles, not {n}"))
            }
            _ => None,
        };
        specific.unwrap_or_else(|| {
            format!(
                "{mv} is not a move now: {}",
                waiting_for(table.phase).replace("the piece", piece.name())
            )
        })
    }
}

/// The result when the turn limit ends a game: the side on the better half of the start wins.
fn time_limit_ending(influence: u32) -> Ending {
    use crate::rules::START_INFLUENCE;
    match influence.cmp(&START_INFLUENCE) {
        std::cmp::Ordering::Greater => Ending {
            winner: Some(Faction::Criminals),
            reason: "time_limit_criminals_ahead",
        },
        std::cmp::Ordering::Less => Ending {
            winner: Some(Faction::Cops),
            reason: "time_limit_cops_ahead",
        },
        std::cmp::Ordering::Equal => Ending {
            winner: None,
            reason: "time_limit_draw",
        },
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
