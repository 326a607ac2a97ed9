//! A game stepped through for the replay page: the game as one reader heard it after any
//! step (an event of the log, or a move of an uploaded record), answered from a replayed
//! state kept at every [`EVERY`]th step rather than replayed from the first move per request.
//!
//! A [`Stepper`] narrates its log once, keeping every step's narration (the history, the same
//! narrator as the table's) and a checkpoint every [`EVERY`] steps; a step is then its
//! checkpoint cloned and at most `EVERY - 1` events played on it. [`Steppers`] keeps the
//! steppers of the games being replayed, at most [`MAX_STEPPERS`], the least recently used
//! going first.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use agora_engine::fair::{Unfair, Verified};
use agora_engine::{GameRecord, Viewer};
use agora_games::AnyGame;
use agora_present::{Lang, Reader};
use agora_store::{Event, TableId};

use super::{Entry, Narrated};
use crate::ctx::PageError;

/// How many steps apart the kept states are: a step replays at most `EVERY - 1` events.
pub const EVERY: u64 = 16;
/// How many steppers (a game for one language and viewer) are kept at once.
pub const MAX_STEPPERS: usize = 64;

/// One game's log narrated for one reader, with its checkpoints.
#[derive(Debug)]
pub struct Stepper {
    reader: Reader,
    events: Vec<Event>,
    /// `checkpoints[i]`: the game after step `i * EVERY`, its history left out (the whole
    /// history is `history`).
    checkpoints: Vec<Narrated>,
    /// Every step's narration, in order.
    history: Vec<Entry>,
}

impl Stepper {
    /// `opening` with `events` (versions 1, 2, … in order) narrated for `reader`.
    pub fn new(reader: Reader, opening: AnyGame, events: Vec<Event>) -> Result<Stepper, PageError> {
        let mut stepper = Stepper {
            checkpoints: vec![Narrated::new(reader.clone(), opening)],
            reader,
            events: Vec::new(),
            history: Vec::new(),
        };
        stepper.extend(events)?;
        Ok(stepper)
    }

    /// Narrates `news`, the events after the last step (a game being played moved on); those
    /// at or before it are skipped.
    pub fn extend(&mut self, news: Vec<Event>) -> Result<(), PageError> {
        let last = self.steps();
        let mut walker = self.at(last)?;
        for event in news.into_iter().filter(|e| e.version > last) {
            walker.advance(std::slice::from_ref(&event), event.version)?;
            self.history.append(&mut walker.history);
            if event.version % EVERY == 0 {
                self.checkpoints.push(walker.clone());
            }
            self.events.push(event);
        }
        Ok(())
    }

    /// How many steps there are: the last event's version.
    pub fn steps(&self) -> u64 {
        self.events.last().map_or(0, |e| e.version)
    }

    pub fn reader(&self) -> &Reader {
        &self.reader
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Every step's narration, in order.
    pub fn history(&self) -> &[Entry] {
        &self.history
    }

    /// The game after `step` (at most [`Stepper::steps`]), its history empty but for the
    /// steps replayed since the checkpoint before it.
    pub fn at(&self, step: u64) -> Result<Narrated, PageError> {
        let step = step.min(self.steps());
        let index = usize::try_from(step / EVERY).unwrap_or(usize::MAX);
        let checkpoint = self
            .checkpoints
            .get(index)
            .or_else(|| self.checkpoints.last())
            .ok_or_else(|| {
                PageError::new(
                    axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                    "error-internal",
                )
            })?;
        let mut narrated = checkpoint.clone();
        let from = self
            .events
            .partition_point(|e| e.version <= narrated.version);
        let to = self.events.partition_point(|e| e.version <= step);
        narrated.advance(&self.events[from..to.max(from)], step)?;
        Ok(narrated)
    }
}

/// What is replayed: a game of this server, or an uploaded record (by its SHA-256).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Source {
    Game(TableId),
    Record([u8; 32]),
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
struct Key {
    source: Source,
    lang: Lang,
    viewer: Viewer,
}

/// The replay pages' steppers; cloned cheaply (one per server, through the router).
#[derive(Clone, Debug, Default)]
pub struct Steppers(Arc<Mutex<Kept>>);

#[derive(Debug, Default)]
struct Kept {
    /// Counts uses, for the least recently used.
    clock: u64,
    steppers: HashMap<Key, (u64, Arc<Mutex<Stepper>>)>,
    /// The fair-deal check of each record opened from disk (a full replay each); a game's
    /// is kept by the game page's check (`pages/game/fair.rs`).
    verdicts: HashMap<Source, Result<Verified, Unfair>>,
    /// The turning points (their versions) of each game whose look back is done: they no
    /// longer change, and stepping need not read the look back again.
    turning: HashMap<agora_store::TableId, Vec<u64>>,
}

impl Steppers {
    /// The kept stepper of `source` for `lang` and `viewer`, marked used now.
    pub fn get(&self, source: Source, lang: Lang, viewer: Viewer) -> Option<Arc<Mutex<Stepper>>> {
        let mut kept = self.lock();
        kept.clock += 1;
        let now = kept.clock;
        let (used, stepper) = kept.steppers.get_mut(&Key {
            source,
            lang,
            viewer,
        })?;
        *used = now;
        Some(Arc::clone(stepper))
    }

    /// Keeps `stepper` for `source` (its reader's language and viewer), the least recently
    /// used one going when there are too many.
    pub fn keep(&self, source: Source, stepper: Stepper) -> Arc<Mutex<Stepper>> {
        let key = Key {
            source,
            lang: stepper.reader.lang,
            viewer: stepper.reader.viewer,
        };
        let stepper = Arc::new(Mutex::new(stepper));
        let mut kept = self.lock();
        kept.clock += 1;
        let now = kept.clock;
        if kept.steppers.len() >= MAX_STEPPERS && !kept.steppers.contains_key(&key) {
            let oldest = kept
                .steppers
                .iter()
                .min_by_key(|(_, (used, _))| *used)
                .map(|(k, _)| *k);
            if let Some(oldest) = oldest {
                kept.steppers.remove(&oldest);
            }
        }
        kept.steppers.insert(key, (now, Arc::clone(&stepper)));
        stepper
    }

    /// The fair-deal check of an opened record, made once while it is kept.
    pub fn verdict(&self, source: Source, record: &GameRecord) -> Result<Verified, Unfair> {
        if let Some(known) = self.lock().verdicts.get(&source) {
            return known.clone();
        }
        let checked = AnyGame::verify(record);
        let mut kept = self.lock();
        if kept.verdicts.len() >= MAX_STEPPERS {
            kept.verdicts.clear();
        }
        kept.verdicts.insert(source, checked.clone());
        checked
    }

    /// Game `id`'s turning points, if kept ([`Steppers::keep_turning`]).
    pub fn turning(&self, id: agora_store::TableId) -> Option<Vec<u64>> {
        self.lock().turning.get(&id).cloned()
    }

    /// Keeps game `id`'s turning points, once its look back is done.
    pub fn keep_turning(&self, id: agora_store::TableId, versions: Vec<u64>) {
        let mut kept = self.lock();
        if kept.turning.len() >= MAX_STEPPERS {
            kept.turning.clear();
        }
        kept.turning.insert(id, versions);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many steppers are kept (tests).
    pub fn len(&self) -> usize {
        self.lock().steppers.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_engine::Seat;
    use agora_store::EventKind;

    /// A Tyranny game of `moves` seeded moves (or to its end), as a log.
    pub(super) fn tyranny_log(moves: usize) -> (AnyGame, Vec<Event>) {
        tyranny_log_seeded(moves, 11)
    }

    /// [`tyranny_log`] with the seat moves picked by a generator seeded with `seed`.
    pub(super) fn tyranny_log_seeded(moves: usize, seed: u64) -> (AnyGame, Vec<Event>) {
        let record = GameRecord {
            game: "tyranny".into(),
            seed: Some(7),
            ..Default::default()
        };
        let opening = AnyGame::start(&record).unwrap();
        let events = played_log(&opening, moves, seed);
        (opening, events)
    }

    /// `moves` events (or to the game's end) played from `opening`: each seat's move picked
    /// among the legal ones, and each roll drawn, by a generator seeded with `seed`.
    pub(super) fn played_log(opening: &AnyGame, moves: usize, seed: u64) -> Vec<Event> {
        let mut game = opening.clone();
        let mut rng = agora_engine::SeedRng::new(seed);
        let mut events = Vec::new();
        while events.len() < moves && game.outcome().is_none() {
            let (kind, seat, notation) = match game.turn() {
                agora_engine::Turn::Chance => {
                    (EventKind::Chance, None, game.sample_chance(&mut rng))
                }
                agora_engine::Turn::Seat(Seat(s)) => {
                    let legal = game.legal_moves();
                    let pick = legal
                        [agora_engine::GameRng::below(&mut rng, legal.len() as u32) as usize]
                        .clone();
                    (EventKind::Move, Some(s), pick)
                }
                agora_engine::Turn::Over => break,
            };
            game.play(&notation).unwrap();
            events.push(Event {
                version: events.len() as u64 + 1,
                kind,
                seat,
                notation: Some(notation),
                at: 0,
                clock_ms: None,
            });
        }
        events
    }

    fn reader(viewer: Viewer) -> Reader {
        Reader::new(Lang::En, viewer, Vec::new())
    }

    #[test]
    fn every_step_is_the_game_replayed_from_its_start() {
        let (opening, events) = tyranny_log(60);
        let viewer = Viewer::Seat(Seat(1));
        let stepper = Stepper::new(reader(viewer), opening.clone(), events.clone()).unwrap();
        assert_eq!(stepper.steps(), events.len() as u64);
        assert_eq!(stepper.history().len(), events.len());
        for step in 0..=stepper.steps() {
            let mut fresh = Narrated::new(reader(viewer), opening.clone());
            fresh.advance(&events, step).unwrap();
            let stepped = stepper.at(step).unwrap();
            assert_eq!(stepped.version, step);
            assert_eq!(
                stepped.game.view(viewer),
                fresh.game.view(viewer),
                "step {step}"
            );
            assert_eq!(stepped.last_move, fresh.last_move, "step {step}");
            assert_eq!(stepped.last_roll, fresh.last_roll, "step {step}");
            let lines: Vec<_> = fresh.history.iter().map(|e| &e.lines).collect();
            let kept: Vec<_> = stepper.history()[..step as usize]
                .iter()
                .map(|e| &e.lines)
                .collect();
            assert_eq!(kept, lines, "step {step}");
        }
    }

    #[test]
    fn a_stepper_extended_is_the_stepper_of_the_longer_log() {
        let (opening, events) = tyranny_log(40);
        let viewer = Viewer::Spectator;
        let mut grown =
            Stepper::new(reader(viewer), opening.clone(), events[..17].to_vec()).unwrap();
        grown.extend(events.clone()).unwrap();
        let whole = Stepper::new(reader(viewer), opening, events).unwrap();
        assert_eq!(grown.steps(), whole.steps());
        assert_eq!(grown.checkpoints.len(), whole.checkpoints.len());
        for step in 0..=whole.steps() {
            assert_eq!(
                grown.at(step).unwrap().game.view(viewer),
                whole.at(step).unwrap().game.view(viewer)
            );
        }
    }

    #[test]
    fn the_least_recently_used_stepper_goes_first() {
        let steppers = Steppers::default();
        let (opening, _) = tyranny_log(0);
        for n in 0..MAX_STEPPERS as u64 + 1 {
            if n == MAX_STEPPERS as u64 {
                // The first one was used again: the second is the oldest now.
                assert!(
                    steppers
                        .get(Source::Game(TableId(0)), Lang::En, Viewer::Spectator)
                        .is_some()
                );
            }
            let stepper =
                Stepper::new(reader(Viewer::Spectator), opening.clone(), Vec::new()).unwrap();
            steppers.keep(Source::Game(TableId(n as i64)), stepper);
        }
        assert_eq!(steppers.len(), MAX_STEPPERS);
        assert!(
            steppers
                .get(Source::Game(TableId(0)), Lang::En, Viewer::Spectator)
                .is_some()
        );
        assert!(
            steppers
                .get(Source::Game(TableId(1)), Lang::En, Viewer::Spectator)
                .is_none()
        );
    }
}

/// The stepping cost the replay page pays per request (`steps/cost.rs`).
#[cfg(test)]
mod cost;
