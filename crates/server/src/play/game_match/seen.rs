//! Events as each viewer saw them, and the changes a match hands its actor to store.

use agora_engine::Viewer;
use agora_games::{PlayedMove, SeenMove};
use agora_store::Event;

use crate::ApiError;
use crate::play::frames::EventView;

/// An event as each viewer saw it.
#[derive(Clone, Debug)]
pub struct Seen {
    pub event: Event,
    /// What each seat saw of the move, or `None` when everyone saw the same.
    by_seat: Option<Vec<SeenMove>>,
    by_spectator: Option<SeenMove>,
}

impl Seen {
    pub(super) fn plain(event: Event) -> Seen {
        Seen {
            event,
            by_seat: None,
            by_spectator: None,
        }
    }

    pub(super) fn played(event: Event, played: PlayedMove) -> Seen {
        Seen {
            event,
            by_seat: Some(played.seen_by_seat),
            by_spectator: Some(played.seen_by_spectator),
        }
    }

    pub fn view(&self, viewer: Viewer) -> EventView<'_> {
        let seen = match viewer {
            Viewer::Seat(seat) => self.by_seat.as_ref().and_then(|s| s.get(seat.index())),
            Viewer::Spectator => self.by_spectator.as_ref(),
        };
        EventView {
            version: self.event.version,
            kind: self.event.kind.as_str(),
            seat: self.event.seat,
            at: self.event.at,
            seen,
            clock_ms: self.event.clock_ms,
        }
    }
}

/// A change to make durable: its events (numbered by [`Match::number`]) and the seats the
/// server takes over with it. The match already shows it; it is not acknowledged, nor told
/// to anyone, until stored.
#[derive(Debug)]
pub struct Pending {
    pub steps: Vec<Seen>,
    pub substituted: Vec<u8>,
}

impl Pending {
    pub(super) fn of(steps: Vec<Seen>) -> Pending {
        Pending {
            steps,
            substituted: Vec::new(),
        }
    }
}

/// Why an action was not turned into a change.
#[derive(Debug)]
pub enum Refusal {
    /// Refused by the rules or the table's state: nothing changed.
    Refused(ApiError),
    /// The engine refused what it drew itself (it never should): the match is half-changed
    /// and must be rebuilt from the log.
    Broken,
}

impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Refusal {
        Refusal::Refused(e)
    }
}
