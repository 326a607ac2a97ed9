//! Telling moves again from a view. A client that gets only the moves as its viewer saw them
//! (the terminal playing on a server) replays them on a state consistent with its view, so that
//! the narrator hears the same events (rolls, cards, causes) that local play hands it.
//!
//! The hidden cards of that state are a guess; before each move the guess is mended so that
//! the move fits (a card another seat plays is moved into its hand), and only what the viewer
//! may know of each event is handed out, so the guess never shows. One thing no move tells:
//! whether a hidden hand holds a Gamble 3, which acts by itself at an arrest. So a frame of
//! moves is retold ([`Retelling::frame`]) until it reaches the view the server sent after it,
//! from guesses that differ in which hidden hands hold a Gamble 3.

use agora_engine::{FastRng, Game, Seat, Viewer};

use crate::state::{Phase, Tyranny};
use crate::{Card, Cards, Deck, Event, Move, Play, SeenMove, TyrannyView};

/// Where a card lies in the replayed state.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Place {
    Decks,
    Hand(Seat),
}

/// One move of a frame as retold: the viewer's view before it, the events it set off as the
/// viewer may know them, and the view after it (what local play hands its narrator).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retold {
    pub before: TyrannyView,
    pub events: Vec<Event>,
    pub after: TyrannyView,
}

/// The moves after a view, replayed one at a time for one viewer.
#[derive(Clone, Debug)]
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

    /// Retells `moves`, seen after `before`, that led to `after` (the view the server sent
    /// after them): the guess as dealt first, then guesses in which the hidden hands hold a
    /// Gamble 3 or not otherwise than dealt, fewest hands changed first, until one reaches
    /// `after`. When none does, the guess as dealt. Stops before a move that cannot follow.
    pub fn frame(before: &TyrannyView, moves: &[SeenMove], after: &TyrannyView) -> Vec<Retold> {
        let dealt = Retelling::new(before);
        let hidden: Vec<Seat> = (0..dealt.state.table.players())
            .map(Seat)
            .filter(|&s| dealt.viewer.seat() != Some(s))
            .collect();
        let mut changes: Vec<u32> = (0..1u32 << hidden.len()).collect();
        changes.sort_by_key(|change| change.count_ones());
        let mut as_dealt = Vec::new();
        for change in changes {
            // Which hidden hands hold a Gamble 3 in this guess.
            let wants: Vec<(Seat, bool)> = hidden
                .iter()
                .enumerate()
                .map(|(i, &seat)| {
                    let held = dealt.state.hands[seat.index()].contains(Card::GAMBLE_ESCAPE);
                    (seat, held != (change >> i & 1 == 1))
                })
                .collect();
            let mut retelling = dealt.clone();
            if change != 0 && retelling.mend_all(&wants).is_none() {
                continue;
            }
            let told = retelling.retell(moves, &wants, change != 0);
            if told.len() == moves.len() && retelling.reaches(after) {
                return told;
            }
            if change == 0 {
                as_dealt = told;
            }
        }
        as_dealt
    }

    /// Plays `moves` in turn; after a hidden card comes to a seat, the guess of it is mended to
    /// `wants` when `mend` (which card it was is a guess too).
    fn retell(&mut self, moves: &[SeenMove], wants: &[(Seat, bool)], mend: bool) -> Vec<Retold> {
        let mut told = Vec::new();
        for &seen in moves {
            let taker = self.state.active_seat();
            let before = self.view();
            let Some(events) = self.play(seen) else {
                break;
            };
            let hidden_card = matches!(seen, SeenMove::DrewHidden(_) | SeenMove::PickedHidden);
            if mend && hidden_card {
                for &(seat, holds) in wants.iter().filter(|(seat, _)| *seat == taker) {
                    // Mended where it can be; a guess that cannot reach the view is dropped.
                    let _ = self.mend(seat, holds);
                }
            }
            told.push(Retold {
                before,
                events,
                after: self.view(),
            });
        }
        told
    }

    /// Whether the replayed state shows the viewer what `view` shows it.
    fn reaches(&self, view: &TyrannyView) -> bool {
        let told = self.view();
        (
            &told.table,
            told.hand,
            &told.hand_sizes,
            &told.deck_sizes,
            &told.known,
        ) == (
            &view.table,
            view.hand,
            &view.hand_sizes,
            &view.deck_sizes,
            &view.known,
        )
    }

    fn mend_all(&mut self, wants: &[(Seat, bool)]) -> Option<()> {
        wants
            .iter()
            .try_for_each(|&(seat, holds)| self.mend(seat, holds))
    }

    /// Mends the guess so that `seat`'s hand holds a Gamble 3 (`holds`) or none: a Gamble 3
    /// changes places with another kept Gamble card, so that every deck and hand keeps its
    /// size. `None` when no card may.
    fn mend(&mut self, seat: Seat, holds: bool) -> Option<()> {
        let hand = Place::Hand(seat);
        if holds {
            return self.bring(Card::GAMBLE_ESCAPE, hand);
        }
        while self.holds(hand, Card::GAMBLE_ESCAPE) {
            if !self.may_move(hand, Card::GAMBLE_ESCAPE) {
                return None;
            }
            let players = usize::from(self.state.table.players());
            let (from, other) = std::iter::once(Place::Decks)
                .chain((0..players).map(|s| Place::Hand(Seat(s as u8))))
                .filter(|&p| p != hand)
                .find_map(|p| {
                    let other = Deck::Gamble.cards().find(|&c| {
                        c != Card::GAMBLE_ESCAPE
                            && c.is_kept()
                            && self.holds(p, c)
                            && self.may_move(p, c)
                    })?;
                    Some((p, other))
                })?;
            self.take(hand, Card::GAMBLE_ESCAPE);
            self.give(from, Card::GAMBLE_ESCAPE);
            self.take(from, other);
            self.give(hand, other);
        }
        Some(())
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

    use super::{Retelling, Retold};
    use crate::{Card, Event, Options, Tyranny};

    /// Random games of 2 to 4 players, cut into frames as the server sends them (a move and
    /// the chance moves drawn right after it): from every viewer's view before each frame, the
    /// retelling hears exactly the events and reaches exactly the views local play shows that
    /// viewer, a Gamble 3 acting from a hand hidden from it included.
    #[test]
    fn every_viewer_hears_the_events_of_local_play() {
        let (mut total, mut hidden_gamble_3) = (0, 0);
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
                let befores: Vec<_> = viewers.iter().map(|&v| state.view(v)).collect();
                let mut seen = vec![Vec::new(); viewers.len()];
                let mut local = vec![Vec::new(); viewers.len()];
                loop {
                    let mv = match state.turn() {
                        Turn::Chance => state.sample_chance(&mut rng),
                        _ => state.random_legal_move(&mut rng).unwrap(),
                    };
                    let views: Vec<_> = viewers.iter().map(|&v| state.view(v)).collect();
                    for (i, &viewer) in viewers.iter().enumerate() {
                        seen[i].push(state.seen_move(mv, viewer));
                    }
                    let events = state.play_logged(mv).unwrap();
                    let acted = events.iter().find_map(|e| match e {
                        Event::Played {
                            seat,
                            card: Card::GAMBLE_ESCAPE,
                        } => Some(*seat),
                        _ => None,
                    });
                    for (i, &viewer) in viewers.iter().enumerate() {
                        if acted.is_some_and(|seat| viewer.seat() != Some(seat)) {
                            hidden_gamble_3 += 1;
                        }
                        local[i].push(Retold {
                            before: views[i].clone(),
                            events: events.iter().map(|e| e.seen_by(viewer)).collect(),
                            after: state.view(viewer),
                        });
                    }
                    plies += 1;
                    if state.turn() != Turn::Chance {
                        break;
                    }
                }
                for (i, viewer) in viewers.iter().enumerate() {
                    let told = Retelling::frame(&befores[i], &seen[i], &state.view(*viewer));
                    assert_eq!(
                        told.len(),
                        local[i].len(),
                        "seed {seed}, ply {plies}, {viewer:?}"
                    );
                    for (told, local) in told.iter().zip(&local[i]) {
                        assert_eq!(
                            told.events, local.events,
                            "seed {seed}, ply {plies}, {viewer:?}"
                        );
                        for (told, real) in
                            [(&told.before, &local.before), (&told.after, &local.after)]
                        {
                            assert_eq!(
                                (
                                    &told.table,
                                    told.hand,
                                    &told.hand_sizes,
                                    &told.deck_sizes,
                                    &told.known
                                ),
                                (
                                    &real.table,
                                    real.hand,
                                    &real.hand_sizes,
                                    &real.deck_sizes,
                                    &real.known
                                ),
                                "seed {seed}, ply {plies}, {viewer:?}"
                            );
                        }
                    }
                }
            }
            total += plies;
        }
        assert!(total > 5000, "{total} plies in all");
        assert!(hidden_gamble_3 > 0, "no Gamble 3 acted from a hidden hand");
    }
}
