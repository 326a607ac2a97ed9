//! A finished game's rematch: the seats that asked, and the table it makes.

use agora_engine::Seat;
use agora_store::{NewSeat, NewTable, SeatKind, TableId};

use super::{Match, REMATCH_OFFER_MS};
use crate::ApiError;
use crate::play::frames::RematchState;

/// Where a seat's request for a rematch left it.
#[derive(Debug)]
pub enum RematchStep {
    /// Waiting for the other players.
    Offered,
    /// Everyone asked, this seat last: the caller creates and starts this table, then says
    /// how that went with [`crate::play::actor::GameHandle::rematch_created`].
    Create(Box<RematchPlan>),
    /// The rematch is this game.
    Started(TableId),
}

/// The table of a rematch: the same game, options, time control and players, each moved
/// one seat on (so that a two-seat match alternates who goes first).
#[derive(Debug)]
pub struct RematchPlan {
    /// The game it is the rematch of.
    pub of: TableId,
    pub table: NewTable,
    /// Each new seat's player's display name.
    pub names: Vec<Option<String>>,
}

/// A finished game's rematch. Offers live in memory only: a restart forgets them (the
/// players ask again), never a started rematch, which is stored with the game.
#[derive(Debug)]
pub struct Rematch {
    /// By seat.
    pub(super) offers: Vec<bool>,
    /// When the latest offer came.
    pub(super) offered_at: Option<i64>,
    /// While a seat creates the next game.
    pub(super) creating: bool,
    pub next: Option<TableId>,
}

impl Rematch {
    /// Whether the game's actor must stay when nobody watches: a rematch being created, or
    /// offers waiting for an answer (for a while).
    pub fn waits(&self, now: i64) -> bool {
        self.creating
            || (self.next.is_none()
                && self
                    .offered_at
                    .is_some_and(|at| now - at < REMATCH_OFFER_MS))
    }
}

impl Match {
    /// A seat asks for a rematch at `now`.
    pub fn ask_rematch(&mut self, seat: Seat, now: i64) -> Result<(RematchStep, bool), ApiError> {
        if !self.status.is_closed() {
            return Err(ApiError::WrongState(
                "a rematch can be asked for once the game is over",
            ));
        }
        if let Some(next) = self.rematch.next {
            return Ok((RematchStep::Started(next), false));
        }
        let offers = &mut self.rematch.offers;
        let new_offer = !std::mem::replace(&mut offers[seat.index()], true);
        self.rematch.offered_at = Some(now);
        if self.rematch.creating {
            return Ok((RematchStep::Offered, false));
        }
        // Bots always agree; a player the server stood in for must ask for themselves.
        let everyone = self
            .seats
            .iter()
            .zip(offers.iter())
            .all(|(s, offered)| s.account.is_none() || *offered);
        if !everyone {
            return Ok((RematchStep::Offered, new_offer));
        }
        self.rematch.creating = true;
        Ok((
            RematchStep::Create(Box::new(self.rematch_plan(seat))),
            false,
        ))
    }

    /// The rematch's table was created (or not: `None`).
    pub fn rematch_created(&mut self, next: Option<TableId>) {
        self.rematch.creating = false;
        self.rematch.next = next;
    }

    /// The rematch's table, created by the player at `seat`.
    fn rematch_plan(&self, seat: Seat) -> RematchPlan {
        let count = self.seats.len();
        let moved_on = |new: usize| &self.seats[(new + count - 1) % count];
        RematchPlan {
            of: self.id,
            table: NewTable {
                game: self.game.kind().name().to_string(),
                options: self.options.clone(),
                time_control: self.time_control,
                public: self.public,
                created_by: self.seats[seat.index()]
                    .account
                    .expect("only a player asks for a rematch"),
                seats: (0..count)
                    .map(|new| {
                        let old = moved_on(new);
                        NewSeat {
                            kind: if old.ai_level.is_some() {
                                SeatKind::Ai
                            } else {
                                SeatKind::Open
                            },
                            account: old.account,
                            ai_level: old.ai_level.map(|level| level.name().to_string()),
                            invite_hash: None,
                        }
                    })
                    .collect(),
            },
            names: (0..count).map(|new| moved_on(new).name.clone()).collect(),
        }
    }

    /// Takes the rematch as the game's owner (another node) has it: the seats that asked,
    /// and the next game once it started.
    pub fn adopt_rematch(&mut self, state: &RematchState) {
        for (seat, offered) in self.rematch.offers.iter_mut().enumerate() {
            *offered = state.offers.contains(&seat);
        }
        self.rematch.next = state.next.or(self.rematch.next);
    }

    /// The `rematch` of a game that is over: the seats that asked, and the next game.
    pub fn rematch_state(&self) -> RematchState {
        RematchState {
            offers: (self.rematch.offers.iter().enumerate())
                .filter(|(_, offered)| **offered)
                .map(|(seat, _)| seat)
                .collect(),
            next: self.rematch.next,
        }
    }
}
