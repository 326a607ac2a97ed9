//! A game as one viewer may see it at one moment, owned and typed: what
//! `GET /api/games/{id}` answers (its JSON is a [`GameState`](super::frames::GameState)'s,
//! field for field) and what the web pages read, without a JSON tree between them.

use agora_engine::{Outcome, Turn, Viewer};
use agora_store::{TableId, TableStatus, TimeControl};
use serde::Serialize;
use serde_json::value::RawValue;

use super::frames::{OverState, SeatSnapshot};

/// How much of a snapshot to take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Everything the API shows.
    Full,
    /// The table around the game only: no `view`, and of a finished game its rematch and
    /// record (whose reveal the page shows) but not its summary (the pages keep the game).
    Table,
}

/// A game's state for one viewer (docs/protocol.md, "Games").
#[derive(Serialize, Clone, Debug)]
pub struct Snapshot {
    pub id: TableId,
    pub version: u64,
    pub game: &'static str,
    pub status: TableStatus,
    pub turn: Turn,
    pub seats: Vec<SeatSnapshot>,
    pub time_control: TimeControl,
    pub clocks: Option<Vec<Option<i64>>>,
    pub deadline: Option<i64>,
    pub draw_offers: Vec<usize>,
    pub outcome: Option<Outcome>,
    /// SHA-256 of the game's secret seed and salt, from the game's start (docs/security.md).
    pub commitment: Option<String>,
    /// The viewer's view, as the game writes it; `None` only in a [`Detail::Table`] snapshot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<Box<RawValue>>,
    /// Only for the seat to move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<Vec<String>>,
    #[serde(flatten)]
    pub over: OverState,
    /// Who the snapshot was taken for; the API says it, the actor leaves it out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub viewer: Option<Viewer>,
    /// A seat the server plays is working out its move (docs/protocol.md, `computer`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computer: Option<ComputerState>,
}

/// The computer working out a seat's move.
#[derive(Serialize, Clone, Debug)]
pub struct ComputerState {
    pub seat: usize,
    /// While the reply waits for a thread: where it stands; `null` while it is searched.
    pub queued: Option<QueuedState>,
}

/// Where a computer's reply stands in the AI pool's queue.
#[derive(Serialize, Clone, Debug)]
pub struct QueuedState {
    /// Jobs served before it.
    pub ahead: usize,
    /// About how long until it is served, from recent jobs' times.
    pub wait_ms: u64,
}

impl Snapshot {
    /// Whether the viewer is to move now.
    pub fn to_move(&self) -> bool {
        self.legal_moves.as_ref().is_some_and(|m| !m.is_empty())
    }
}
