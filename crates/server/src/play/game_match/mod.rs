//! A game as the server referees it, with no I/O: the game, its seats, clocks, draw offers,
//! status and outcome, rebuilt from the move log ([`Match::load`]) and advanced by actions
//! that return what to make durable ([`Pending`]). The actor (`actor.rs`) stores a pending
//! change, and only once it is stored applies it ([`Match::applied`]) and tells the
//! audience. Time comes in as `now` (ms), so every rule about clocks is testable.

use std::collections::VecDeque;

use agora_ai::Level;
use agora_engine::{GameRecord, Outcome, Seat, SeatSet, Turn, Viewer, fair};
use agora_games::{AnyGame, LegalMoves};
use agora_store::{AccountId, Append, Event, EventKind, StoredGame, TableId, TableStatus};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::play::ai::STAND_IN;

mod rematch;
mod replay;
mod seen;
#[cfg(test)]
mod tests;

use crate::play::frames::{GameState, OverState, SeatSnapshot, SharedState};
use crate::play::snapshot::{Detail, Snapshot};
use crate::{ApiError, TimeControl};
pub use rematch::{Rematch, RematchPlan, RematchStep};
pub use seen::{Pending, Refusal, Seen};

/// How many past events each game keeps in memory to send a reconnecting client what it
/// missed; older gaps get a fresh view instead.
pub const RECENT_EVENTS: usize = 512;
/// How long a finished game nobody watches keeps its rematch offers after the latest one.
pub const REMATCH_OFFER_MS: i64 = 10 * 60 * 1000;

/// Something a seat does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Play(String),
    Resign,
    /// Offers a draw, or accepts the offers on the table.
    OfferDraw,
    DeclineDraw,
    Abort,
}

#[derive(Clone, Debug)]
pub struct SeatState {
    pub account: Option<AccountId>,
    name: Option<String>,
    ai_level: Option<Level>,
    substituted: bool,
    clock_ms: Option<i64>,
    has_moved: bool,
}

impl SeatState {
    /// Whether the server plays this seat.
    pub fn is_ai(&self) -> bool {
        self.ai_level.is_some() || self.substituted
    }

    /// The level the server plays this seat at, if it does.
    pub fn level(&self) -> Option<Level> {
        self.ai_level.or(self.substituted.then_some(STAND_IN))
    }
}

/// The seats as every viewer sees them.
fn seat_snapshots(seats: &[SeatState]) -> Vec<SeatSnapshot> {
    seats
        .iter()
        .map(|s| SeatSnapshot {
            name: s.name.clone(),
            account: s.account,
            ai_level: s.ai_level,
            plays: if s.substituted {
                Some("stand_in")
            } else if s.ai_level.is_some() {
                Some("ai")
            } else {
                None
            },
            substituted: s.substituted,
        })
        .collect()
}

/// [`seat_snapshots`] serialized once: they change only when the server takes a seat over.
fn seats_json(seats: &[SeatState]) -> Box<RawValue> {
    serde_json::value::to_raw_value(&seat_snapshots(seats)).expect("seats serialize to JSON")
}

/// One game as the server referees it.
#[derive(Debug)]
pub struct Match {
    pub id: TableId,
    pub game: AnyGame,
    options: Value,
    public: bool,
    /// Whether its end moves ratings (the store rates it with the append that ends it).
    rated: bool,
    seed: u64,
    /// The salt of the seed's commitment; `None` for a game dealt before games had one.
    salt: Option<String>,
    /// SHA-256 of the seed and salt, public from the start (`agora_engine::fair`).
    commitment: Option<String>,
    setup: Value,
    pub version: u64,
    pub status: TableStatus,
    outcome: Option<Outcome>,
    pub seats: Vec<SeatState>,
    /// The seats as frames show them, serialized once: they change only when the server
    /// takes a seat over.
    seats_json: Box<RawValue>,
    time_control: TimeControl,
    /// The time control as frames show it, serialized once.
    time_control_json: Box<RawValue>,
    pub turn_started_at: i64,
    draw_offers: Vec<bool>,
    /// Every move and chance draw so far, in notation: the record's moves.
    moves: Vec<String>,
    pub rematch: Rematch,
}

impl Match {
    /// Rebuilds a game from its log. Returns it with its latest events (up to
    /// [`RECENT_EVENTS`]) as each viewer saw them.
    pub fn load(stored: StoredGame) -> Result<(Match, VecDeque<Seen>), ApiError> {
        let StoredGame {
            table,
            game: row,
            events,
        } = stored;
        let record = GameRecord {
            game: table.game.clone(),
            seed: None,
            options: Some(table.options.clone()),
            setup: Some(row.setup.clone()),
            moves: Vec::new(),
            ..Default::default()
        };
        let mut game = AnyGame::start(&record).map_err(|e| {
            tracing::error!(game = %table.id, error = %e, "stored setup does not start");
            ApiError::Internal
        })?;
        let time_control = table.time_control;
        let mut seats: Vec<SeatState> = table
            .seats
            .iter()
            .map(|s| SeatState {
                account: s.account,
                name: s.name.clone(),
                ai_level: s.ai_level.as_deref().map(|level| {
                    level.parse().unwrap_or_else(|e| {
                        tracing::error!(game = %table.id, error = %e, "stored AI level; playing easy");
                        Level::Easy
                    })
                }),
                substituted: s.substituted,
                clock_ms: s.clock_ms,
                has_moved: false,
            })
            .collect();
        let mut recent = VecDeque::new();
        let mut draw_offers = vec![false; seats.len()];
        let moves = events.iter().filter_map(|e| e.notation.clone()).collect();
        for event in events {
            let seen = replay::replay(table.id, &mut game, &mut seats, &mut draw_offers, event)?;
            recent.push_back(seen);
            if recent.len() > RECENT_EVENTS {
                recent.pop_front();
            }
        }
        let seats_json = seats_json(&seats);
        let time_control_json =
            serde_json::value::to_raw_value(&time_control).expect("time controls serialize");
        let found = Match {
            id: table.id,
            game,
            options: table.options,
            public: table.public,
            rated: table.rated,
            seed: row.seed,
            commitment: row.commitment(),
            salt: row.salt,
            setup: row.setup,
            version: row.version,
            status: table.status,
            outcome: row.outcome,
            seats,
            seats_json,
            time_control,
            time_control_json,
            turn_started_at: row.turn_started_at,
            draw_offers,
            moves,
            rematch: Rematch {
                offers: vec![false; table.seats.len()],
                offered_at: None,
                creating: false,
                next: row.rematch,
            },
        };
        Ok((found, recent))
    }

    /// After the server was down since `down_since`: the turn in progress resumes with only
    /// the time it had used while the server was up, so nobody is charged for the time the
    /// server was away. Returns the new start of the turn, to store.
    pub fn resume(&mut self, down_since: i64, now: i64) -> Option<i64> {
        if self.status != TableStatus::Playing {
            return None;
        }
        let used = down_since
            .saturating_sub(self.turn_started_at)
            .clamp(0, (now - self.turn_started_at).max(0));
        self.turn_started_at = now - used;
        Some(self.turn_started_at)
    }

    /// When the seat to move runs out of time (only people run out of time).
    pub fn deadline(&self) -> Option<i64> {
        if self.status != TableStatus::Playing {
            return None;
        }
        let seat = self.game.turn().seat()?;
        let state = &self.seats[seat.index()];
        if state.is_ai() {
            return None;
        }
        self.time_control
            .deadline(self.turn_started_at, state.clock_ms)
    }

    /// The account a correspondence game waits for, when a person is to move.
    pub fn correspondence_turn_of(&self) -> Option<AccountId> {
        let correspondence = matches!(self.time_control, TimeControl::Correspondence { .. });
        if self.status != TableStatus::Playing || !correspondence {
            return None;
        }
        let seat = &self.seats[self.game.turn().seat()?.index()];
        if seat.is_ai() { None } else { seat.account }
    }

    /// The seat the server is to move for now, at what level.
    pub fn ai_to_move(&self) -> Option<(Seat, Level)> {
        if self.status != TableStatus::Playing {
            return None;
        }
        let seat = self.game.turn().seat()?;
        Some((seat, self.seats[seat.index()].level()?))
    }

    /// Refuses any action on a game that is over, or made against another version.
    pub fn check_current(&self, expected_version: Option<u64>) -> Result<(), ApiError> {
        if self.status != TableStatus::Playing {
            return Err(ApiError::GameOver);
        }
        match expected_version {
            Some(expected) if expected != self.version => Err(ApiError::StaleVersion {
                current: self.version,
            }),
            _ => Ok(()),
        }
    }

    /// What `seat` doing `action` at `now` changes. The caller first times out a seat whose
    /// time ran out ([`Match::time_out`]).
    pub fn act(&mut self, seat: Seat, action: Action, now: i64) -> Result<Pending, Refusal> {
        if self.status != TableStatus::Playing {
            return Err(ApiError::GameOver.into());
        }
        if self.seats[seat.index()].substituted {
            return Err(ApiError::Forbidden("the server plays this seat now").into());
        }
        match action {
            Action::Play(text) => {
                if self.game.turn() != Turn::Seat(seat) {
                    return Err(ApiError::NotYourTurn.into());
                }
                self.play(seat, &text, now)
            }
            Action::Resign => Ok(self.resign(seat, now)),
            Action::OfferDraw => Ok(self.offer_draw(seat, now)?),
            Action::DeclineDraw => {
                if !self.draw_offers.iter().any(|o| *o) {
                    return Err(ApiError::WrongState("there is no draw offer to decline").into());
                }
                let event = event(EventKind::DrawDecline, Some(seat), None, None, now);
                self.draw_offers.fill(false);
                Ok(Pending::of(vec![Seen::plain(event)]))
            }
            Action::Abort => {
                if self.seats[seat.index()].has_moved {
                    return Err(ApiError::WrongState(
                        "a game can be aborted only before your first move",
                    )
                    .into());
                }
                let event = event(EventKind::Abort, Some(seat), None, None, now);
                self.status = TableStatus::Aborted;
                Ok(Pending::of(vec![Seen::plain(event)]))
            }
        }
    }

    /// The move a server-side player chose at `version` (`None` if it failed: the first
    /// legal move stands in, so the table is never stuck waiting for it). `None` when the
    /// move is no longer wanted.
    pub fn ai_moved(
        &mut self,
        version: u64,
        notation: Option<String>,
        now: i64,
    ) -> Option<Result<Pending, Refusal>> {
        if self.status != TableStatus::Playing || version != self.version {
            return None;
        }
        let seat = self.game.turn().seat()?;
        if !self.seats[seat.index()].is_ai() {
            return None;
        }
        let notation = notation.or_else(|| self.game.legal_moves().into_iter().next())?;
        Some(self.play(seat, &notation, now))
    }

    /// Plays a seat's move, then any chance moves that follow, as one change.
    fn play(&mut self, seat: Seat, text: &str, now: i64) -> Result<Pending, Refusal> {
        let clock = self.seats[seat.index()]
            .clock_ms
            .map(|c| (c - (now - self.turn_started_at)).max(0) + self.time_control.increment_ms());
        let played = self.game.play_as(seat, text).map_err(ApiError::from)?;
        let mut steps = vec![Seen::played(
            event(
                EventKind::Move,
                Some(seat),
                Some(played.notation.clone()),
                clock,
                now,
            ),
            played,
        )];
        if let Err(e) = self.draw_chance(&mut steps, now) {
            tracing::error!(game = %self.id, error = %e, "sampled chance refused");
            return Err(Refusal::Broken);
        }
        if let Some(clock) = clock {
            self.seats[seat.index()].clock_ms = Some(clock);
        }
        self.seats[seat.index()].has_moved = true;
        self.draw_offers.fill(false);
        self.turn_started_at = now;
        if let Some(outcome) = self.game.outcome() {
            self.status = TableStatus::Finished;
            self.outcome = Some(outcome);
        }
        Ok(Pending::of(steps))
    }

    /// The chance moves due before anyone moves (a game may start with a shuffle).
    pub fn opening_chance(&mut self, now: i64) -> Option<Result<Pending, Refusal>> {
        if self.status != TableStatus::Playing || self.game.turn() != Turn::Chance {
            return None;
        }
        let mut steps = Vec::new();
        Some(match self.draw_chance(&mut steps, now) {
            Ok(()) => Ok(Pending::of(steps)),
            Err(e) => {
                tracing::error!(game = %self.id, error = %e, "chance refused");
                Err(Refusal::Broken)
            }
        })
    }

    /// Draws and plays every chance move due now, from the game's secret seed, appending them
    /// to `steps`.
    fn draw_chance(
        &mut self,
        steps: &mut Vec<Seen>,
        now: i64,
    ) -> Result<(), agora_games::AnyGameError> {
        while self.game.turn() == Turn::Chance {
            // Every step is a move or a chance move here: the next ply of the record.
            let ply = self.moves.len() + steps.len();
            let notation = self
                .game
                .sample_chance(&mut fair::chance_rng(self.seed, ply));
            let played = self.game.play(&notation)?;
            steps.push(Seen::played(
                event(EventKind::Chance, None, Some(notation), None, now),
                played,
            ));
        }
        Ok(())
    }

    fn resign(&mut self, seat: Seat, now: i64) -> Pending {
        let event = event(EventKind::Resign, Some(seat), None, None, now);
        let substituted = self.lose_seat(seat, "resignation");
        Pending {
            steps: vec![Seen::plain(event)],
            substituted,
        }
    }

    /// A seat leaves the game: with two seats the other wins; with more the easiest AI takes
    /// the seat over so the others can finish. Returns the seats handed to the AI.
    /// Shows `account`'s seat under `name` (the store already has it).
    pub fn rename(&mut self, account: AccountId, name: String) {
        for seat in self.seats.iter_mut().filter(|s| s.account == Some(account)) {
            seat.name = Some(name.clone());
        }
        self.seats_json = seats_json(&self.seats);
    }

    fn lose_seat(&mut self, seat: Seat, reason: &'static str) -> Vec<u8> {
        if self.seats.len() == 2 {
            let other = Seat(1 - seat.0);
            self.status = TableStatus::Finished;
            self.outcome = Some(Outcome::new(SeatSet::single(other), reason));
            Vec::new()
        } else {
            self.seats[seat.index()].substituted = true;
            self.seats_json = seats_json(&self.seats);
            vec![seat.0]
        }
    }

    fn offer_draw(&mut self, seat: Seat, now: i64) -> Result<Pending, ApiError> {
        if self.seats.iter().any(SeatState::is_ai) {
            return Err(ApiError::WrongState(
                "draws need every seat to agree, and AI seats never do",
            ));
        }
        if self.draw_offers[seat.index()] {
            return Err(ApiError::WrongState("you already offered a draw"));
        }
        self.draw_offers[seat.index()] = true;
        let mut steps = vec![Seen::plain(event(
            EventKind::DrawOffer,
            Some(seat),
            None,
            None,
            now,
        ))];
        if self.draw_offers.iter().all(|o| *o) {
            steps.push(Seen::plain(event(
                EventKind::DrawAgreed,
                None,
                None,
                None,
                now,
            )));
            self.status = TableStatus::Finished;
            self.outcome = Some(Outcome::new(SeatSet::first(self.seats.len()), "agreement"));
        }
        Ok(Pending::of(steps))
    }

    /// The seat to move loses on time when its deadline has passed at `now`.
    pub fn time_out(&mut self, now: i64) -> Option<Pending> {
        let seat = self.game.turn().seat()?;
        if self.deadline().is_none_or(|d| now < d) {
            return None;
        }
        let event = event(EventKind::Timeout, Some(seat), None, Some(0), now);
        if self.seats[seat.index()].clock_ms.is_some() {
            self.seats[seat.index()].clock_ms = Some(0);
        }
        let substituted = self.lose_seat(seat, "timeout");
        self.turn_started_at = now;
        Some(Pending {
            steps: vec![Seen::plain(event)],
            substituted,
        })
    }

    /// Numbers `pending`'s events after the match's version and says what to store.
    pub fn number(&self, pending: &mut Pending) -> Append {
        for (i, step) in pending.steps.iter_mut().enumerate() {
            step.event.version = self.version + i as u64 + 1;
        }
        Append {
            game: self.id,
            after_version: self.version,
            events: pending.steps.iter().map(|s| s.event.clone()).collect(),
            status: self.status,
            outcome: self.outcome.clone(),
            turn_started_at: self.turn_started_at,
            substituted: pending.substituted.clone(),
        }
    }

    /// `pending` is stored: the match moves on to its last version.
    pub fn applied(&mut self, pending: &Pending) {
        self.version += pending.steps.len() as u64;
        self.moves.extend(
            pending
                .steps
                .iter()
                .filter_map(|s| s.event.notation.clone()),
        );
    }

    /// Everything `viewer` may know at `now`.
    pub fn state(&self, viewer: Viewer, now: i64) -> GameState<'_> {
        GameState {
            shared: self.shared_state(now),
            view: self.game.view_of(viewer),
            legal_moves: self.legal_moves_for(viewer),
            over: self.over_state(),
        }
    }

    /// [`Match::state`], owned and typed: what the HTTP API answers and the pages read.
    pub fn snapshot(&self, viewer: Viewer, now: i64, detail: Detail) -> Snapshot {
        let shared = self.shared_state(now);
        let full = detail == Detail::Full;
        let over = if full {
            self.over_state()
        } else {
            // The pages show the record's reveal of the deal (and check it), not the summary.
            let closed = self.status.is_closed();
            OverState {
                record: closed.then(|| self.record()),
                rematch: closed.then(|| self.rematch_state()),
                ..OverState::default()
            }
        };
        Snapshot {
            id: shared.id,
            version: shared.version,
            game: shared.game,
            status: shared.status,
            turn: shared.turn,
            seats: seat_snapshots(&self.seats),
            time_control: self.time_control,
            clocks: shared.clocks,
            deadline: shared.deadline,
            draw_offers: shared.draw_offers,
            outcome: self.outcome.clone(),
            commitment: self.commitment.clone(),
            view: full.then(|| {
                let mut text = String::new();
                self.game.view_of(viewer).write_json(&mut text);
                RawValue::from_string(text).expect("views are JSON")
            }),
            legal_moves: self
                .legal_moves_for(viewer)
                .map(|_| self.game.legal_moves()),
            over,
            viewer: None,
            computer: None,
        }
    }

    /// [`Match::snapshot`] as a tree (tests).
    #[cfg(test)]
    pub fn state_json(&self, viewer: Viewer, now: i64) -> Value {
        serde_json::to_value(self.snapshot(viewer, now, Detail::Full)).expect("states serialize")
    }

    /// The legal moves, for the seat to move only.
    pub fn legal_moves_for(&self, viewer: Viewer) -> Option<LegalMoves<'_>> {
        let to_move = self.status == TableStatus::Playing
            && matches!(viewer, Viewer::Seat(seat) if self.game.turn() == Turn::Seat(seat));
        to_move.then_some(LegalMoves(&self.game))
    }

    /// What every viewer sees alike at `now`, before the view.
    pub fn shared_state(&self, now: i64) -> SharedState<'_> {
        let turn = self.game.turn();
        let playing = self.status == TableStatus::Playing;
        let clocks: Option<Vec<Option<i64>>> = self.time_control.initial_clock_ms().map(|_| {
            self.seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    s.clock_ms.map(|c| {
                        if playing && turn == Turn::Seat(Seat(i as u8)) {
                            (c - (now - self.turn_started_at)).max(0)
                        } else {
                            c
                        }
                    })
                })
                .collect()
        });
        SharedState {
            id: self.id,
            version: self.version,
            game: self.game.kind().name(),
            status: self.status,
            turn: if playing { turn } else { Turn::Over },
            seats: &self.seats_json,
            time_control: &self.time_control_json,
            clocks,
            deadline: self.deadline(),
            draw_offers: self
                .draw_offers
                .iter()
                .enumerate()
                .filter(|(_, o)| **o)
                .map(|(i, _)| i)
                .collect(),
            outcome: &self.outcome,
            commitment: self.commitment.as_deref(),
        }
    }

    /// What a game that is over shows everyone: its summary, record and rematch.
    pub fn over_state(&self) -> OverState {
        if !self.status.is_closed() {
            return OverState::default();
        }
        OverState {
            summary: Some(self.game.summary()),
            record: Some(self.record()),
            rematch: Some(self.rematch_state()),
        }
    }

    /// The record of the game, with its seed and the salt of its commitment: shown only
    /// once the game is over.
    fn record(&self) -> GameRecord {
        GameRecord {
            game: self.game.kind().name().to_string(),
            seed: Some(self.seed),
            options: Some(self.options.clone()),
            setup: Some(self.setup.clone()),
            moves: self.moves.clone(),
            commitment: self.commitment.clone(),
            salt: self.salt.clone(),
        }
    }
}

fn event(
    kind: EventKind,
    seat: Option<Seat>,
    notation: Option<String>,
    clock_ms: Option<i64>,
    at: i64,
) -> Event {
    Event {
        version: 0,
        kind,
        seat: seat.map(|s| s.0),
        notation,
        at,
        clock_ms,
    }
}
