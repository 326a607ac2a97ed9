use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize, Serializer};

use crate::{Faction, TyrannyRefusal};

/// The two piles of cards.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Deck {
    Gamble,
    Gains,
}

impl Deck {
    pub const ALL: [Deck; 2] = [Deck::Gamble, Deck::Gains];

    pub const fn name(self) -> &'static str {
        match self {
            Deck::Gamble => "gamble",
            Deck::Gains => "gains",
        }
    }

    pub fn from_name(name: &str) -> Option<Deck> {
        match name {
            "gamble" => Some(Deck::Gamble),
            "gains" => Some(Deck::Gains),
            _ => None,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The cards of this deck, numbers 1 to 10.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        (1..=10).map(move |n| Card((self as u8) * 10 + n - 1))
    }
}

impl fmt::Display for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the 20 kinds of card (two copies of each are in the game): Gamble 1 to 10 and Gains
/// 1 to 10. Which half applies depends on the faction of the seat that holds or draws it.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Card(u8);

impl Card {
    /// Number of kinds.
    pub const KINDS: usize = 20;
    /// Copies of each kind.
    pub const COPIES: u8 = 2;

    pub const GAMBLE_ESCAPE: Card = Card(2);
    pub const GAMBLE_SWITCH_TIER: Card = Card(6);
    pub const GAINS_EXTRA_ROLL: Card = Card(10);
    pub const GAINS_SHORT_RANGE: Card = Card(11);
    pub const GAINS_CUSTODY: Card = Card(15);
    pub const GAINS_TUNNEL: Card = Card(16);
    pub const GAINS_STEAL: Card = Card(19);

    /// Card `number` (1 to 10) of `deck`.
    pub const fn new(deck: Deck, number: u8) -> Option<Card> {
        if number >= 1 && number <= 10 {
            Some(Card(deck as u8 * 10 + number - 1))
        } else {
            None
        }
    }

    pub const fn from_index(index: usize) -> Option<Card> {
        if index < Card::KINDS {
            Some(Card(index as u8))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn deck(self) -> Deck {
        if self.0 < 10 {
            Deck::Gamble
        } else {
            Deck::Gains
        }
    }

    /// The number printed on the card, 1 to 10.
    pub const fn number(self) -> u8 {
        self.0 % 10 + 1
    }

    /// Every kind, Gamble 1 first.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..Card::KINDS as u8).map(Card)
    }

    /// Whether the card goes to its holder's hand to be played later (both halves agree on
    /// this): Gamble 3 and 7, Gains 1, 2, 6, 7 and 10. Every other card acts at once.
    pub const fn is_kept(self) -> bool {
        matches!(self.0, 2 | 6 | 10 | 11 | 15 | 16 | 19)
    }

    /// The card half `faction` reads, in our words.
    pub const fn text(self, faction: Faction) -> &'static str {
        let halves = CARD_TEXT[self.0 as usize];
        match faction {
            Faction::Cops => halves.0,
            Faction::Criminals => halves.1,
        }
    }
}

/// (cops' half, criminals' half), Gamble 1 to 10 then Gains 1 to 10.
const CARD_TEXT: [(&str, &str); Card::KINDS] = [
    (
        "the criminals lose 100 influence",
        "the criminals gain 100 influence",
    ),
    (
        "the criminals gain 100 influence",
        "the criminals lose 100 influence",
    ),
    (
        "kept: your seat's next arrest cannot be escaped for 3 turns",
        "kept: the next time one of your pieces is arrested, it escapes at once",
    ),
    (
        "move to the Police Station on the other tier",
        "move to the Hideout on the other tier",
    ),
    (
        "kidnapped: move to the Hideout on this tier and miss a turn",
        "detained: move to the Police Station on this tier and miss a turn",
    ),
    (
        "move forward 1 to 6 tiles, your choice",
        "move forward 1 to 6 tiles, your choice",
    ),
    (
        "kept: play at the start of a turn to switch to the facing tile of the other tier",
        "kept: play at the start of a turn to switch to the facing tile of the other tier",
    ),
    (
        "roll the die and move that many tiles forward",
        "roll the die and move that many tiles forward",
    ),
    (
        "the criminals gain 20% of their influence",
        "the criminals lose 20% of their influence",
    ),
    ("miss your next turn", "miss your next turn"),
    (
        "kept: play before a capture roll for one more roll",
        "kept: play before a capture roll for one more roll",
    ),
    (
        "kept: play before a capture roll to capture on 1 to 3",
        "kept: play before a capture roll to capture on 1 to 3",
    ),
    (
        "take over the nearest property ahead that the cops do not own",
        "take over the nearest property ahead that the criminals do not own",
    ),
    (
        "make the nearest criminal property ahead neutral",
        "make the nearest cop property ahead neutral",
    ),
    (
        "an opponent of your choice discards a card picked blind from their hand",
        "an opponent of your choice discards a card picked blind from their hand",
    ),
    (
        "kept: pick a number; an arrested criminal must roll it to escape and may not pay",
        "kept: play in custody; your piece now escapes on 2 to 6",
    ),
    (
        "kept: open or collapse any tunnel for free",
        "kept: open or collapse any tunnel for free",
    ),
    (
        "the criminals lose 50% of their influence",
        "the criminals gain 50% of their influence",
    ),
    (
        "the criminals lose 500 influence",
        "the criminals gain 500 influence",
    ),
    (
        "kept: steal a card picked blind from an opponent's hand",
        "kept: steal a card picked blind from an opponent's hand",
    ),
];

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.deck(), self.number())
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The error of reading a card name such as `gains 7`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCardError(pub(crate) TyrannyRefusal);

impl ParseCardError {
    pub fn refusal(&self) -> TyrannyRefusal {
        self.0
    }
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.refusal().fmt(f)
    }
}

impl std::error::Error for ParseCardError {}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let mut words = s.split_whitespace();
        let (Some(deck), Some(number), None) = (words.next(), words.next(), words.next()) else {
            return Err(ParseCardError(TyrannyRefusal::Card));
        };
        card_from_words(deck, number)
    }
}

pub(crate) fn card_from_words(deck: &str, number: &str) -> Result<Card, ParseCardError> {
    let deck = Deck::from_name(deck).ok_or(ParseCardError(TyrannyRefusal::DeckName))?;
    number
        .parse::<u8>()
        .ok()
        .and_then(|n| Card::new(deck, n))
        .ok_or(ParseCardError(TyrannyRefusal::CardNumber))
}

/// How many cards of each kind a pile or hand holds.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Cards(pub(crate) [u8; Card::KINDS]);

impl Cards {
    pub const EMPTY: Cards = Cards([0; Card::KINDS]);
    /// Both copies of every card.
    pub const FULL: Cards = Cards([Card::COPIES; Card::KINDS]);

    pub const fn count(&self, card: Card) -> u8 {
        self.0[card.0 as usize]
    }

    pub fn contains(&self, card: Card) -> bool {
        self.count(card) > 0
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|&n| usize::from(n)).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// Cards of one deck only.
    pub fn len_of(&self, deck: Deck) -> usize {
        deck.cards().map(|c| usize::from(self.count(c))).sum()
    }

    pub(crate) fn add(&mut self, card: Card) {
        self.0[card.0 as usize] += 1;
    }

    pub(crate) fn remove(&mut self, card: Card) {
        self.0[card.0 as usize] -= 1;
    }

    /// Removes one `card` if there is one.
    pub(crate) fn remove_if_held(&mut self, card: Card) {
        let n = &mut self.0[card.0 as usize];
        *n = n.saturating_sub(1);
    }

    /// Every card, with repeats, in card order.
    pub fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        Card::all().flat_map(|c| std::iter::repeat_n(c, usize::from(self.count(c))))
    }

    /// The card at `index` in [`Cards::iter`] order, among the cards of `deck` only (or of
    /// every deck for `None`).
    pub(crate) fn nth(&self, deck: Option<Deck>, mut index: usize) -> Card {
        for card in Card::all() {
            if deck.is_some_and(|d| card.deck() != d) {
                continue;
            }
            let n = usize::from(self.count(card));
            if index < n {
                return card;
            }
            index -= n;
        }
        unreachable!("card index out of range")
    }
}

impl Serialize for Cards {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}
