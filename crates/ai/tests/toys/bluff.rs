//! Bluff: each player holds 3 of their own cards 1 to 5 and keeps 2 in a pile. Three rounds;
//! in each, both players (the starter alternating) put one card face down either on their bid
//! or in their bank. Then all is revealed: the higher bid wins the round, banked cards add to
//! a tie-break total. Each player then draws a card from their pile (a chance move only they
//! see). Most rounds won wins; then the higher bank; else both share the win.

use agora_ai::Heuristics;
use agora_engine::{
    FastRng, Game, GameRng, IllegalMove, Outcome, ParseMoveError, Refusal, RngCore, Seat, SeatSet,
    SetupError, Turn, Viewer,
};
use serde::{Deserialize, Serialize};

const ALL: u8 = 0b11111;
const ROUNDS: u8 = 3;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Slot {
    Bid,
    Bank,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum BluffMove {
    Play { card: u8, slot: Slot },
    Draw { seat: u8, card: u8 },
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub enum SeenBluffMove {
    Play {
        seat: u8,
        card: Option<u8>,
        slot: Slot,
    },
    Draw {
        seat: u8,
        card: Option<u8>,
    },
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BluffSetup {
    pub hands: [u8; 2],
    pub first: u8,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Bluff {
    hands: [u8; 2],
    piles: [u8; 2],
    revealed: [u8; 2],
    placed: [Option<(u8, Slot)>; 2],
    round: u8,
    wins: [u8; 2],
    banked: [u8; 2],
    pending: u8,
    first: u8,
}

#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct BluffView {
    hands: [Option<u8>; 2],
    hand_sizes: [u8; 2],
    piles: [Option<u8>; 2],
    revealed: [u8; 2],
    placed: [Option<(Option<u8>, Slot)>; 2],
    round: u8,
    wins: [u8; 2],
    banked: [u8; 2],
    pending: u8,
    first: u8,
}

impl BluffView {
    /// The cards `seat` holds, if this view shows them.
    pub fn hand(&self, seat: Seat) -> Option<u8> {
        self.hands[seat.index()]
    }
}

fn cards(mask: u8) -> impl Iterator<Item = u8> {
    (1..=5).filter(move |c| mask & (1 << (c - 1)) != 0)
}

fn bit(card: u8) -> u8 {
    1 << (card - 1)
}

impl Bluff {
    fn mover(&self) -> u8 {
        let starter = self.first ^ (self.round & 1);
        if self.placed[starter as usize].is_none() {
            starter
        } else {
            1 - starter
        }
    }

    fn resolve(&mut self) {
        let mut bids = [0u8; 2];
        for (seat, bid) in bids.iter_mut().enumerate() {
            let (card, slot) = self.placed[seat].take().expect("both placed");
            self.revealed[seat] |= bit(card);
            match slot {
                Slot::Bid => *bid = card,
                Slot::Bank => self.banked[seat] += card,
            }
        }
        if bids[0] != bids[1] {
            self.wins[usize::from(bids[1] > bids[0])] += 1;
        }
        self.round += 1;
        if self.round < ROUNDS {
            self.pending = (0..2)
                .filter(|&s| self.piles[s] != 0)
                .fold(0, |m, s| m | 1 << s);
        }
    }
}

impl Game for Bluff {
    const NAME: &'static str = "bluff";
    type Options = ();
    type Setup = BluffSetup;
    type Move = BluffMove;
    type View = BluffView;
    type SeenMove = SeenBluffMove;
    type Summary = ();

    fn random_setup<R: RngCore>(_options: &(), rng: &mut R) -> BluffSetup {
        let mut hands = [0u8; 2];
        for hand in &mut hands {
            let mut deck = [1u8, 2, 3, 4, 5];
            rng.shuffle(&mut deck);
            *hand = deck[..3].iter().fold(0, |m, &c| m | bit(c));
        }
        BluffSetup {
            hands,
            first: rng.below(2) as u8,
        }
    }

    fn from_setup(setup: &BluffSetup) -> Result<Bluff, SetupError> {
        if setup
            .hands
            .iter()
            .any(|h| h & !ALL != 0 || h.count_ones() != 3)
            || setup.first > 1
        {
            return Err(SetupError::new("hands of 3 cards 1 to 5, first 0 or 1"));
        }
        Ok(Bluff {
            hands: setup.hands,
            piles: [ALL & !setup.hands[0], ALL & !setup.hands[1]],
            revealed: [0; 2],
            placed: [None; 2],
            round: 0,
            wins: [0; 2],
            banked: [0; 2],
            pending: 0,
            first: setup.first,
        })
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.round >= ROUNDS {
            Turn::Over
        } else if self.pending != 0 {
            Turn::Chance
        } else {
            Turn::Seat(Seat(self.mover()))
        }
    }

    fn legal_moves(&self, moves: &mut Vec<BluffMove>) {
        if let Turn::Seat(seat) = self.turn() {
            for card in cards(self.hands[seat.index()]) {
                for slot in [Slot::Bid, Slot::Bank] {
                    moves.push(BluffMove::Play { card, slot });
                }
            }
        }
    }

    fn check_move(&self, mv: BluffMove) -> Result<(), IllegalMove> {
        match (self.turn(), mv) {
            (Turn::Seat(seat), BluffMove::Play { card, .. })
                if (1..=5).contains(&card) && self.hands[seat.index()] & bit(card) != 0 =>
            {
                Ok(())
            }
            (Turn::Chance, BluffMove::Draw { seat, card })
                if seat < 2
                    && self.pending.trailing_zeros() == u32::from(seat)
                    && (1..=5).contains(&card)
                    && self.piles[usize::from(seat)] & bit(card) != 0 =>
            {
                Ok(())
            }
            _ => Err(IllegalMove::new(Refusal::new(
                "bluff-not-now",
                "not a move now",
            ))),
        }
    }

    fn play_unchecked(&mut self, mv: BluffMove) {
        match mv {
            BluffMove::Play { card, slot } => {
                let seat = self.mover() as usize;
                self.hands[seat] &= !bit(card);
                self.placed[seat] = Some((card, slot));
                if self.placed.iter().all(Option::is_some) {
                    self.resolve();
                }
            }
            BluffMove::Draw { seat, card } => {
                let seat = usize::from(seat);
                self.piles[seat] &= !bit(card);
                self.hands[seat] |= bit(card);
                self.pending &= !(1 << seat);
            }
        }
    }

    fn sample_chance<R: RngCore>(&self, rng: &mut R) -> BluffMove {
        assert_eq!(self.turn(), Turn::Chance);
        let seat = self.pending.trailing_zeros() as u8;
        let pile: Vec<u8> = cards(self.piles[usize::from(seat)]).collect();
        BluffMove::Draw {
            seat,
            card: pile[rng.index(pile.len())],
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.round < ROUNDS {
            return None;
        }
        let key = |s: usize| (self.wins[s], self.banked[s]);
        let winners = match key(0).cmp(&key(1)) {
            std::cmp::Ordering::Greater => SeatSet::single(Seat(0)),
            std::cmp::Ordering::Less => SeatSet::single(Seat(1)),
            std::cmp::Ordering::Equal => SeatSet::first(2),
        };
        Some(Outcome::new(winners, "rounds"))
    }

    fn view(&self, viewer: Viewer) -> BluffView {
        let sees = |s: usize| viewer == Viewer::Seat(Seat(s as u8));
        BluffView {
            hands: [0, 1].map(|s| sees(s).then_some(self.hands[s])),
            hand_sizes: self.hands.map(|h| h.count_ones() as u8),
            piles: [0, 1].map(|s| sees(s).then_some(self.piles[s])),
            revealed: self.revealed,
            placed: [0, 1]
                .map(|s| self.placed[s].map(|(card, slot)| (sees(s).then_some(card), slot))),
            round: self.round,
            wins: self.wins,
            banked: self.banked,
            pending: self.pending,
            first: self.first,
        }
    }

    fn seen_move(&self, mv: BluffMove, viewer: Viewer) -> SeenBluffMove {
        match mv {
            BluffMove::Play { card, slot } => {
                let seat = self.mover();
                SeenBluffMove::Play {
                    seat,
                    card: (viewer == Viewer::Seat(Seat(seat))).then_some(card),
                    slot,
                }
            }
            BluffMove::Draw { seat, card } => SeenBluffMove::Draw {
                seat,
                card: (viewer == Viewer::Seat(Seat(seat))).then_some(card),
            },
        }
    }

    fn determinize<R: RngCore>(view: &BluffView, _seat: Seat, rng: &mut R) -> Bluff {
        let mut state = Bluff {
            hands: [0; 2],
            piles: [0; 2],
            revealed: view.revealed,
            placed: [None; 2],
            round: view.round,
            wins: view.wins,
            banked: view.banked,
            pending: view.pending,
            first: view.first,
        };
        for s in 0..2 {
            if let (Some(hand), Some(pile)) = (view.hands[s], view.piles[s]) {
                state.hands[s] = hand;
                state.piles[s] = pile;
                state.placed[s] = view.placed[s].map(|(card, slot)| (card.expect("own"), slot));
                continue;
            }
            let mut unknown: Vec<u8> = cards(ALL & !view.revealed[s]).collect();
            rng.shuffle(&mut unknown);
            let mut unknown = unknown.into_iter();
            if let Some((_, slot)) = view.placed[s] {
                state.placed[s] = Some((unknown.next().expect("a placed card"), slot));
            }
            for _ in 0..view.hand_sizes[s] {
                state.hands[s] |= bit(unknown.next().expect("a hand card"));
            }
            state.piles[s] = unknown.fold(0, |m, c| m | bit(c));
        }
        state
    }

    fn parse_move(&self, text: &str) -> Result<BluffMove, ParseMoveError> {
        let bad = || {
            ParseMoveError::new(
                text,
                Refusal::new("bluff-notation", "expected b1..b5, k1..k5 or d0:1..d1:5"),
            )
        };
        let digit = |c: Option<char>| c.and_then(|c| c.to_digit(10)).map(|d| d as u8);
        let mut chars = text.chars();
        let mv = match chars.next() {
            Some('b') => BluffMove::Play {
                card: digit(chars.next()).ok_or_else(bad)?,
                slot: Slot::Bid,
            },
            Some('k') => BluffMove::Play {
                card: digit(chars.next()).ok_or_else(bad)?,
                slot: Slot::Bank,
            },
            Some('d') => {
                let seat = digit(chars.next()).ok_or_else(bad)?;
                if chars.next() != Some(':') {
                    return Err(bad());
                }
                BluffMove::Draw {
                    seat,
                    card: digit(chars.next()).ok_or_else(bad)?,
                }
            }
            _ => return Err(bad()),
        };
        if chars.next().is_some() {
            return Err(bad());
        }
        Ok(mv)
    }

    fn format_move(&self, mv: BluffMove) -> String {
        match mv {
            BluffMove::Play {
                card,
                slot: Slot::Bid,
            } => format!("b{card}"),
            BluffMove::Play {
                card,
                slot: Slot::Bank,
            } => format!("k{card}"),
            BluffMove::Draw { seat, card } => format!("d{seat}:{card}"),
        }
    }

    fn summary(&self) {}
}

impl Heuristics for Bluff {
    const GREEDY: bool = true;

    /// Bids its highest card.
    fn greedy_move(view: &BluffView, seat: Seat, _rng: &mut FastRng) -> Option<BluffMove> {
        let hand = view.hands[seat.index()]?;
        cards(hand).last().map(|card| BluffMove::Play {
            card,
            slot: Slot::Bid,
        })
    }
}
