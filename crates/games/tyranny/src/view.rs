use agora_engine::{GameRng, RngCore, Seat, Viewer};
use serde::Serialize;

use crate::state::{Table, Tyranny};
use crate::summary::DeckCounts;
use crate::{Card, Cards, Deck};

/// What one viewer knows: the whole table, its own hand, how many cards the others hold and
/// how many are left in each deck. Which cards are in the others' hands and in the decks is
/// hidden (the decks have no order at all: every draw is a chance move over what is left).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TyrannyView {
    pub viewer: Viewer,
    pub table: Table,
    /// The viewer's own hand; `None` for a spectator.
    pub hand: Option<Cards>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<usize>,
    pub deck_sizes: DeckCounts,
}

impl Tyranny {
    pub(crate) fn view_for(&self, viewer: Viewer) -> TyrannyView {
        let players = self.table.players();
        TyrannyView {
            viewer,
            table: self.table.clone(),
            hand: viewer.seat().map(|s| self.hands[s.index()]),
            hand_sizes: (0..players)
                .map(|s| self.hands[usize::from(s)].len())
                .collect(),
            deck_sizes: DeckCounts::of(&self.decks),
        }
    }

    /// A state consistent with `view`, the other hands dealt uniformly from the cards `seat`
    /// cannot see.
    ///
    /// Only kept cards are ever held, and each deck's size is public, so the deal is uniform
    /// among the ways to give the other seats their hand sizes with exactly as many Gamble cards
    /// among them as the deck sizes imply.
    pub(crate) fn determinized<R: RngCore>(view: &TyrannyView, seat: Seat, rng: &mut R) -> Tyranny {
        let own = view.hand.unwrap_or(Cards::EMPTY);
        let mut unseen = Cards::FULL;
        for card in Card::all() {
            let known = view.table.discards().count(card) + own.count(card);
            unseen.0[card.index()] = unseen.0[card.index()].saturating_sub(known);
        }
        let held_by_others: usize = view
            .hand_sizes
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != seat.index())
            .map(|(_, n)| n)
            .sum();
        // Gamble cards held by the others: those neither in the deck, the discards nor my hand.
        let gamble_held = unseen
            .len_of(Deck::Gamble)
            .saturating_sub(view.deck_sizes.gamble);
        let gains_held = held_by_others.saturating_sub(gamble_held);

        let mut chosen = [Card::GAMBLE_ESCAPE; 40];
        let mut count = 0;
        for (deck, wanted) in [(Deck::Gamble, gamble_held), (Deck::Gains, gains_held)] {
            let mut kept = [Card::GAMBLE_ESCAPE; 20];
            let mut n = 0;
            for card in deck.cards().filter(|c| c.is_kept()) {
                for _ in 0..unseen.count(card) {
                    kept[n] = card;
                    n += 1;
                }
            }
            rng.shuffle(&mut kept[..n]);
            for &card in &kept[..wanted.min(n)] {
                chosen[count] = card;
                count += 1;
            }
        }
        rng.shuffle(&mut chosen[..count]);

        let mut hands = [Cards::EMPTY; 4];
        hands[seat.index()] = own;
        let mut next = 0;
        for (s, &size) in view.hand_sizes.iter().enumerate() {
            if s == seat.index() {
                continue;
            }
            for &card in &chosen[next..(next + size).min(count)] {
                hands[s].add(card);
                unseen.remove(card);
            }
            next += size;
        }
        Tyranny {
            table: view.table.clone(),
            hands,
            decks: unseen,
        }
    }
}
