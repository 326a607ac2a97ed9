//! Telling moves again from a view. A client that gets only the moves as its viewer saw them
//! (the terminal playing on a server) replays them on a state consistent with its view, so that
//! the narrator hears the same events (rolls, cards, causes) that local play hands it.
//!
//! The hidden cards of that state are a guess; before each move the guess is mended so that
//! the move fits (a card another seat plays is moved into its hand), and only what the viewer
//! may know of each event is handed out, so the guess never shows.

use agora_engine::{FastRng, Game, Seat, Viewer};

use crate::state::{Phase, Tyranny};
use crate::{Card, Deck, Event, Move, Play, SeenMove, TyrannyView};

/// Where a card lies in the replayed state.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Place {
    Decks,
    Hand(Seat),
}

/// The moves after a view, replayed one at a time for one viewer.
#[derive(Debug)]
pub struct Retelling {
    state: Tyranny,
    viewer: Viewer,
}

impl Retelling {
    /// Starts from `view`, the viewer's view before the moves to tell.
    pub fn new(view: &TyrannyView) -> Retelling {
        // Any deal fits the view; a fixed one keeps what is told the same run to run.
        let mut rng = FastRng::new(0);
        let seat = view.viewer.seat().unwrap_or(Seat(0));
        let mut state = Tyranny::determinize(view, seat, &mut rng);
        if view.hand.is_none() {
            // A spectator holds nothing, but seat 0 holds its share: as many kept cards of
            // each deck as the decks have beyond their public size.
            for deck in Deck::ALL {
                let size = match deck {
                    Deck::Gamble => view.deck_sizes.gamble,
                    Deck::Gains => view.deck_sizes.gains,
                };
                while state.decks.len_of(deck) > size {
                    let Some(card) = deck
                        .cards()
                        .find(|&c| c.is_kept() && state.decks.contains(c))
                    else {
                        break;
                    };
                    state.decks.remove(card);
                    state.hands[0].add(card);
                }
            }
        }
        Retelling {
            state,
            viewer: view.viewer,
        }
    }

    /// The viewer's view of the replayed state.
    pub fn view(&self) -> TyrannyView {
        self.state.view(self.viewer)
    }

    /// Plays one move as the viewer saw it; the events it set off as the viewer may know
    /// them, or `None` when the move cannot follow from the view (it is then not played).
    pub fn play(&mut self, seen: SeenMove) -> Option<Vec<Event>> {
        let mv = match (seen, self.state.table.phase) {
            (SeenMove::Move(mv), _) => mv,
            (SeenMove::DrewHidden(deck), Phase::Draw { .. }) => Move::Drawn(
                deck.cards()
                    .find(|&c| c.is_kept() && self.state.decks.contains(c))?,
            ),
            (SeenMove::PickedHidden, Phase::Pick { victim, .. }) => {
                Move::Picked(self.state.hands[victim.index()].iter().next()?)
            }
            _ => return None,
        };
        if let Some((card, place)) = self.needs(mv) {
            self.bring(card, place)?;
        }
        let events = self.state.play_logged(mv).ok()?;
        Some(events.into_iter().map(|e| e.seen_by(self.viewer)).collect())
    }

    /// The card `mv` takes from somewhere, and where it must be.
    fn needs(&self, mv: Move) -> Option<(Card, Place)> {
        let active = Place::Hand(self.state.active_seat());
        match (mv, self.state.table.phase) {
            (Move::Drawn(card), _) => Some((card, Place::Decks)),
            (Move::Picked(card), Phase::Pick { victim, .. }) => Some((card, Place::Hand(victim))),
            (Move::Discard(card), _) => Some((card, active)),
            (Move::Play(play), _) => Some((Play::card(play), active)),
            _ => None,
        }
    }

    fn holds(&self, place: Place, card: Card) -> bool {
        match place {
            Place::Decks => self.state.decks.contains(card),
            Place::Hand(seat) => self.state.hands[seat.index()].contains(card),
        }
    }

    fn take(&mut self, place: Place, card: Card) {
        match place {
            Place::Decks => self.state.decks.remove(card),
            Place::Hand(seat) => self.state.hands[seat.index()].remove(card),
        }
    }

    fn give(&mut self, place: Place, card: Card) {
        match place {
            Place::Decks => self.state.decks.add(card),
            Place::Hand(seat) => self.state.hands[seat.index()].add(card),
        }
    }

    /// Whether the guess may move `card` away from `place`: not from the viewer's own hand,
    /// nor a card the viewer knows a seat to hold.
    fn may_move(&self, place: Place, card: Card) -> bool {
        match (place, self.viewer.seat()) {
            (Place::Hand(seat), Some(me)) => {
                seat != me && !self.state.known[me.index()][seat.index()].contains(card)
            }
            _ => true,
        }
    }

    /// Mends the guess so that `place` holds `card`: it changes places with a card of
    /// `place` that may stand in for it where `card` was. `None` when none can.
    fn bring(&mut self, card: Card, place: Place) -> Option<()> {
        if self.holds(place, card) {
            return Some(());
        }
        let players = usize::from(self.state.table.players());
        let from = std::iter::once(Place::Decks)
            .chain((0..players).map(|s| Place::Hand(Seat(s as u8))))
            .find(|&p| p != place && self.holds(p, card) && self.may_move(p, card))?;
        // Deck sizes are public and hands hold kept cards only.
        let same_deck = from == Place::Decks || place == Place::Decks;
        let stand_in = Card::all().find(|&c| {
            c != card
                && self.holds(place, c)
                && self.may_move(place, c)
                && c.is_kept()
                && (!same_deck || c.deck() == card.deck())
        })?;
        self.take(from, card);
        self.give(place, card);
        self.take(place, stand_in);
        self.give(from, stand_in);
        Some(())
    }
}
