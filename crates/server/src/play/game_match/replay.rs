//! Events from the log replayed onto a match: every event when a match is rebuilt
//! ([`Match::load`]), and those after its version when a node follows a game another node
//! runs ([`Match::follow`]).

use agora_games::AnyGame;
use agora_store::{Event, EventKind, GameNews, TableId};

use super::{Match, SeatState, Seen, seats_json};
use crate::ApiError;

impl Match {
    /// Moves a copy of a game that another node runs on to what the log holds now (`news`,
    /// read after this copy's version). Returns the new events as each viewer saw them.
    pub fn follow(&mut self, news: GameNews) -> Result<Vec<Seen>, ApiError> {
        let GameNews {
            status,
            outcome,
            turn_started_at,
            rematch,
            substituted,
            events,
            ..
        } = news;
        let mut steps = Vec::new();
        for event in events {
            if event.version <= self.version {
                continue;
            }
            // A seat's clock is the one on its latest event that has one (`from_log`).
            if let (Some(seat), Some(ms)) = (event.seat, event.clock_ms)
                && let Some(state) = self.seats.get_mut(usize::from(seat))
                && state.clock_ms.is_some()
            {
                state.clock_ms = Some(ms);
            }
            let (version, notation) = (event.version, event.notation.clone());
            let seen = replay(
                self.id,
                &mut self.game,
                &mut self.seats,
                &mut self.draw_offers,
                event,
            )?;
            self.moves.extend(notation);
            self.version = version;
            steps.push(seen);
        }
        self.status = status;
        self.outcome = outcome;
        self.turn_started_at = turn_started_at;
        self.rematch.next = rematch.or(self.rematch.next);
        let mut seats_changed = false;
        for (index, state) in self.seats.iter_mut().enumerate() {
            let now = substituted.contains(&(index as u8));
            seats_changed |= state.substituted != now;
            state.substituted = now;
        }
        if seats_changed {
            self.seats_json = seats_json(&self.seats);
        }
        Ok(steps)
    }
}

/// One logged event replayed onto `game`, with what it changes of the seats and the draw
/// offers: the event as each viewer saw it.
pub(super) fn replay(
    id: TableId,
    game: &mut AnyGame,
    seats: &mut [SeatState],
    draw_offers: &mut [bool],
    event: Event,
) -> Result<Seen, ApiError> {
    Ok(match &event.notation {
        Some(notation) => {
            let played = game.play(notation).map_err(|e| {
                tracing::error!(game = %id, version = event.version, error = %e, "stored move does not replay");
                ApiError::Internal
            })?;
            draw_offers.fill(false);
            if let (Some(seat), EventKind::Move) = (event.seat, event.kind)
                && let Some(state) = seats.get_mut(usize::from(seat))
            {
                state.has_moved = true;
            }
            Seen::played(event, played)
        }
        None => {
            match (event.kind, event.seat) {
                (EventKind::DrawOffer, Some(seat)) => {
                    if let Some(offer) = draw_offers.get_mut(usize::from(seat)) {
                        *offer = true;
                    }
                }
                (EventKind::DrawDecline, _) => draw_offers.fill(false),
                _ => {}
            }
            Seen::plain(event)
        }
    })
}
