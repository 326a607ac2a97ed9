//! What each seat remembers of the hidden cards: the cards others stole from it (`known`) and
//! what the decks can still hold (`deck_bounds`). Both only ever narrow what a seat's view
//! allows, from what that seat saw, so the AI's sampled states stay consistent with the game.

use agora_engine::{Seat, Viewer};

use crate::state::Tyranny;
use crate::{Card, Cards, Deck};

/// The index of `viewer` in [`Tyranny::deck_bounds`].
pub(crate) fn bound_index(viewer: Viewer) -> usize {
    viewer.seat().map_or(4, Seat::index)
}

/// The deck bounds at the start: every card but the discards and, for a seat, its own hand.
pub(crate) fn initial_deck_bounds(hands: &[Cards; 4], discards: &Cards) -> [Cards; 5] {
    let mut bounds = [Cards::FULL; 5];
    for (i, bound) in bounds.iter_mut().enumerate() {
        for card in Card::all() {
            let seen = discards.count(card) + hands.get(i).map_or(0, |h| h.count(card));
            bound.0[card.index()] -= seen;
        }
    }
    bounds
}

impl Tyranny {
    /// `seat` showed `card` from its hand to everyone (played or discarded it): whoever knew
    /// of a copy in that hand now knows of one fewer.
    pub(crate) fn forget_played(&mut self, seat: Seat, card: Card) {
        for known in &mut self.known {
            known[seat.index()].remove_if_held(card);
        }
    }

    /// `card` was picked blind from `victim`'s hand: to the discards (public), or stolen by
    /// the active seat. The victim then knows the thief holds it, and the thief knows it is no
    /// longer the victim's; any other seat knows only that the victim lost a card it cannot
    /// name, so it forgets what it knew of the victim's hand.
    pub(crate) fn remember_pick(&mut self, victim: Seat, card: Card, steal: bool) {
        if !steal {
            self.forget_played(victim, card);
            return;
        }
        let thief = self.active_seat();
        for (viewer, known) in self.known.iter_mut().enumerate() {
            if viewer == victim.index() {
                known[thief.index()].add(card);
            } else if viewer == thief.index() {
                known[victim.index()].remove_if_held(card);
            } else {
                known[victim.index()] = Cards::EMPTY;
            }
        }
    }

    /// The active seat drew `card`: a card that acts at once is shown to everyone, a kept card
    /// only to its drawer, so only they know the deck no longer holds it.
    pub(crate) fn saw_drawn(&mut self, card: Card) {
        if card.is_kept() {
            let drawer = self.active_seat();
            self.deck_bounds[drawer.index()].remove_if_held(card);
        } else {
            for bound in &mut self.deck_bounds {
                bound.remove_if_held(card);
            }
        }
    }

    /// `deck` was refilled from its discards, in front of everyone: it holds exactly them.
    pub(crate) fn saw_reshuffle(&mut self, deck: Deck) {
        for bound in &mut self.deck_bounds {
            for card in deck.cards() {
                bound.0[card.index()] = self.decks.count(card);
            }
        }
    }
}
