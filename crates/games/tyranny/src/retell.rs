//! Telling moves again from a view. A client that gets only the moves as its viewer saw them
//! (the terminal playing on a server) replays them on a state consistent with its view, so that
//! the narrator hears the same events (rolls, cards, causes) that local play hands it.
//!
//! The hidden cards of that state are a guess; before each move the guess is mended so that
//! the move fits (a card another seat plays is moved into its hand), and only what the viewer
//! may know of each event is handed out, so the guess never shows. One thing a view cannot
//! tell: whether a hidden hand holds a Gamble 3, which acts by itself at an arrest; the guess
//! may miss it (the next view, read from the server, has it right).

use agora_engine::{FastRng, Game, Seat, Viewer};

use crate::state::{Phase, Tyranny};
use crate::{Card, Cards, Deck, Event, Move, Play, SeenMove, TyrannyView};

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
            // A spectator sees no hand: every hand is dealt from the cards not discarded, as
            // many of each deck in them as the decks' sizes leave.
            let mut unseen = Cards::FULL;
            for card in view.table.discards().iter() {
                unseen.remove(card);
            }
            let mut held = Vec::new();
            for (deck, size) in [
                (Deck::Gamble, view.deck_sizes.gamble),
                (Deck::Gains, view.deck_sizes.gains),
            ] {
                let count = unseen.len_of(deck).saturating_sub(size);
                let kept = unseen.iter().filter(|c| c.deck() == deck && c.is_kept());
                held.extend(kept.take(count));
            }
            let mut held = held.into_iter();
            let mut hands = [Cards::EMPTY; 4];
            for (hand, &size) in hands.iter_mut().zip(&view.hand_sizes) {
                for card in held.by_ref().take(size) {
                    hand.add(card);
                    unseen.remove(card);
                }
            }
            state.hands = hands;
            state.decks = unseen;
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
        // Hands hold kept cards only; deck sizes are public, so a stand-in of the other
        // deck needs a second exchange between the decks and a third hand.
        let stand_in = |this: &Self, same_deck: bool| {
            Card::all().find(|&c| {
                c != card
                    && this.holds(place, c)
                    && this.may_move(place, c)
                    && c.is_kept()
                    && (!same_deck || c.deck() == card.deck())
            })
        };
        let (stand_in, hand) = match stand_in(self, true) {
            Some(c) => (c, None),
            None if from == Place::Decks => {
                let c = stand_in(self, false)?;
                (c, Some(self.evener(place, card.deck(), c.deck())?))
            }
            None => return None,
        };
        self.take(from, card);
        self.give(place, card);
        self.take(place, stand_in);
        self.give(from, stand_in);
        if let Some((seat, theirs, deck_card)) = hand {
            self.take(seat, theirs);
            self.give(Place::Decks, theirs);
            self.take(Place::Decks, deck_card);
            self.give(seat, deck_card);
        }
        Some(())
    }

    /// A hand other than `besides` with a movable kept card of deck `short` and a kept card
    /// of deck `long` in the decks, to exchange so that the decks keep their sizes.
    fn evener(&self, besides: Place, short: Deck, long: Deck) -> Option<(Place, Card, Card)> {
        let players = usize::from(self.state.table.players());
        let deck_card = long
            .cards()
            .find(|&c| c.is_kept() && self.state.decks.contains(c))?;
        (0..players)
            .map(|s| Place::Hand(Seat(s as u8)))
            .filter(|&p| p != besides)
            .find_map(|p| {
                let theirs = short
                    .cards()
                    .find(|&c| c.is_kept() && self.holds(p, c) && self.may_move(p, c))?;
                Some((p, theirs, deck_card))
            })
    }
}

#[cfg(test)]
mod tests {
    use agora_engine::{FastRng, Game, Seat, Turn, Viewer};

    use super::Retelling;
    use crate::{Options, Tyranny};

    /// Random games of 2 to 4 players: from every viewer's view before each move, the
    /// retelling hears exactly the events the viewer would be shown, and reaches its view.
    #[test]
    fn every_viewer_hears_the_events_of_local_play() {
        let mut total = 0;
        for seed in 1..=30u64 {
            let players = 2 + (seed % 3) as u8;
            let options: Options =
                serde_json::from_value(serde_json::json!({ "players": players })).unwrap();
            let setup = Tyranny::setup_from_seed(&options, seed);
            let mut state = Tyranny::from_setup(&setup).unwrap();
            let mut rng = FastRng::new(seed);
            let viewers: Vec<Viewer> = (0..players)
                .map(|s| Viewer::Seat(Seat(s)))
                .chain([Viewer::Spectator])
                .collect();
            let mut plies = 0;
            while state.turn() != Turn::Over && plies < 3000 {
                let mv = match state.turn() {
                    Turn::Chance => state.sample_chance(&mut rng),
                    _ => state.random_legal_move(&mut rng).unwrap(),
                };
                let mut retellings: Vec<(Viewer, Retelling, crate::SeenMove)> = viewers
                    .iter()
                    .map(|&v| (v, Retelling::new(&state.view(v)), state.seen_move(mv, v)))
                    .collect();
                let events = state.play_logged(mv).unwrap();
                // A Gamble 3 held in a hidden hand acts by itself at an arrest: the view
                // before cannot tell whether one is held, so the guess may miss it.
                let hidden_card_acted = !matches!(mv, crate::Move::Play(_))
                    && events
                        .iter()
                        .any(|e| matches!(e, crate::Event::Played { .. }));
                for (viewer, retelling, seen) in &mut retellings {
                    let told = retelling.play(*seen);
                    if hidden_card_acted {
                        continue;
                    }
                    let shown: Vec<_> = events.iter().map(|e| e.seen_by(*viewer)).collect();
                    assert_eq!(
                        told,
                        Some(shown),
                        "seed {seed}, ply {plies}, {viewer:?}, {mv}"
                    );
                    let (told, real) = (retelling.view(), state.view(*viewer));
                    assert_eq!(
                        (
                            told.table,
                            told.hand,
                            told.hand_sizes,
                            told.deck_sizes,
                            told.known
                        ),
                        (
                            real.table,
                            real.hand,
                            real.hand_sizes,
                            real.deck_sizes,
                            real.known
                        ),
                        "seed {seed}, ply {plies}, {viewer:?}, {mv}"
                    );
                }
                plies += 1;
            }
            total += plies;
        }
        assert!(total > 5000, "{total} plies in all");
    }
}
