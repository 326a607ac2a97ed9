use agora_engine::{GameRng, RngCore, Seat, Viewer};
use serde::Serialize;

use crate::memory::bound_index;
use crate::state::{Table, Tyranny};
use crate::summary::DeckCounts;
use crate::{Card, Cards, Deck};

/// What one viewer knows: the whole table, its own hand, how many cards the others hold and
/// how many are left in each deck, and which cards the others took from its hand. Which
/// other cards are in the others' hands and in the decks is hidden (the decks have no order at
/// all: every draw is a chance move over what is left).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TyrannyView {
    pub viewer: Viewer,
    pub table: Table,
    /// The viewer's own hand; `None` for a spectator.
    pub hand: Option<Cards>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<usize>,
    pub deck_sizes: DeckCounts,
    /// Per seat, the cards the viewer knows it holds: those it stole from the viewer and has
    /// not shown since. Empty for the viewer's own seat and for a spectator.
    pub known: Vec<Cards>,
    /// The cards the decks may still hold as far as the viewer can tell: every card it has
    /// not seen leave them, so after a reshuffle only the old discards less the draws since
    /// that it saw. The decks hold some of these, as many as `deck_sizes` says. Not sent to
    /// clients: it is mostly every card, and the moves they were shown tell it.
    #[serde(skip)]
    pub deck_may_hold: Cards,
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
            known: (0..usize::from(players))
                .map(|s| {
                    viewer
                        .seat()
                        .map_or(Cards::EMPTY, |v| self.known[v.index()][s])
                })
                .collect(),
            deck_may_hold: self.deck_bounds[bound_index(viewer)],
        }
    }

    /// A state consistent with `view`: the cards `seat` knows the others hold (stolen from
    /// it) stay with them, so do the unseen cards it knows the decks cannot hold (after a
    /// reshuffle, those held since before it), and the rest of their hands is dealt uniformly
    /// from the cards `seat` cannot see.
    ///
    /// Only kept cards are ever held, and each deck's size is public, so the deal is uniform
    /// among the ways to fill the other seats' hands with exactly as many Gamble cards among
    /// them as the deck sizes imply.
    pub(crate) fn determinized<R: RngCore>(view: &TyrannyView, seat: Seat, rng: &mut R) -> Tyranny {
        let own = view.hand.unwrap_or(Cards::EMPTY);
        let known = |s: usize| view.known.get(s).copied().unwrap_or(Cards::EMPTY);
        let mut hands = [Cards::EMPTY; 4];
        hands[seat.index()] = own;
        let mut unseen = Cards::FULL;
        for card in Card::all() {
            let others_known: u8 = (0..view.hand_sizes.len())
                .filter(|&s| s != seat.index())
                .map(|s| known(s).count(card))
                .sum();
            let seen = view.table.discards().count(card) + own.count(card) + others_known;
            unseen.0[card.index()] = unseen.0[card.index()].saturating_sub(seen);
        }
        let mut unknown_sizes = [0usize; 4];
        for (s, &size) in view.hand_sizes.iter().enumerate() {
            if s != seat.index() {
                hands[s] = known(s);
                unknown_sizes[s] = size.saturating_sub(hands[s].len());
            }
        }
        let held_by_others: usize = unknown_sizes.iter().sum();
        // Gamble cards held by the others: those neither in the deck, the discards nor my hand.
        let gamble_held = unseen
            .len_of(Deck::Gamble)
            .saturating_sub(view.deck_sizes.gamble);
        let gains_held = held_by_others.saturating_sub(gamble_held);

        let mut chosen = [Card::GAMBLE_ESCAPE; 40];
        let mut count = 0;
        for (deck, wanted) in [(Deck::Gamble, gamble_held), (Deck::Gains, gains_held)] {
            // Cards the decks cannot hold (seen leaving them) are in the others' hands for
            // sure; the rest of their share is dealt from the cards the decks may hold.
            let mut sure = [Card::GAMBLE_ESCAPE; 20];
            let mut maybe = [Card::GAMBLE_ESCAPE; 20];
            let (mut n_sure, mut n_maybe) = (0, 0);
            for card in deck.cards().filter(|c| c.is_kept()) {
                let unseen = unseen.count(card);
                let in_deck = unseen.min(view.deck_may_hold.count(card));
                for k in 0..unseen {
                    if k < unseen - in_deck {
                        sure[n_sure] = card;
                        n_sure += 1;
                    } else {
                        maybe[n_maybe] = card;
                        n_maybe += 1;
                    }
                }
            }
            rng.shuffle(&mut maybe[..n_maybe]);
            let from_sure = n_sure.min(wanted);
            let from_maybe = (wanted - from_sure).min(n_maybe);
            for &card in sure[..from_sure].iter().chain(&maybe[..from_maybe]) {
                chosen[count] = card;
                count += 1;
            }
        }
        rng.shuffle(&mut chosen[..count]);

        let mut next = 0;
        for (s, &size) in unknown_sizes.iter().enumerate() {
            for &card in &chosen[next..(next + size).min(count)] {
                hands[s].add(card);
                unseen.remove(card);
            }
            next += size;
        }
        let mut known_by = [[Cards::EMPTY; 4]; 4];
        for (s, cards) in known_by[seat.index()].iter_mut().enumerate() {
            *cards = known(s);
        }
        // Only `seat`'s memory is sampled; every other bound is the loosest true one.
        let mut deck_bounds = [Cards::FULL; 5];
        deck_bounds[seat.index()] = view.deck_may_hold;
        Tyranny {
            table: view.table.clone(),
            hands,
            decks: unseen,
            known: known_by,
            deck_bounds,
        }
    }
}
