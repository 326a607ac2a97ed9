//! A game as one reader sees it: the actor's state for their seat (or as a spectator), the
//! game replayed from the move log up to that state, and every event narrated from the
//! reader's point of view. The replayed state never leaves this module but as views.

mod page;
pub mod tsuro;
pub mod tyranny;
pub mod tyrus;

pub use page::Tables;

use agora_engine::{GameRecord, Seat, Viewer};
use agora_games::AnyGame;
use agora_present::{Lang, Reader, Who};
use agora_server::AppState;
use agora_store::{Account, SeatKind, Table, TableId, TableStatus};
use serde::Deserialize;
use serde_json::Value;

use crate::ctx::PageError;

/// The parts of the actor's state (`GET /api/games/{id}`) the page uses.
#[derive(Clone, Debug, Deserialize)]
pub struct Snapshot {
    pub version: u64,
    pub status: TableStatus,
    pub seats: Vec<SeatState>,
    #[serde(default)]
    pub clocks: Option<Vec<Option<i64>>>,
    #[serde(default)]
    pub deadline: Option<i64>,
    #[serde(default)]
    pub draw_offers: Vec<usize>,
    #[serde(default)]
    pub outcome: Option<OutcomeState>,
    #[serde(default)]
    pub legal_moves: Option<Vec<String>>,
    #[serde(default)]
    pub rematch: Option<RematchState>,
    /// A seat the server plays is working out its move (docs/protocol.md, `computer`).
    #[serde(default)]
    pub computer: Option<ComputerState>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ComputerState {
    /// While the reply waits for a thread: where it stands.
    #[serde(default)]
    pub queued: Option<QueuedState>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct QueuedState {
    pub wait_ms: u64,
}

#[derive(Clone, Debug, Deserialize)]
pub struct SeatState {
    pub name: Option<String>,
    pub ai_level: Option<String>,
    pub plays: Option<String>,
    pub substituted: bool,
}

#[derive(Clone, Debug, Deserialize)]
pub struct OutcomeState {
    pub winners: Vec<usize>,
    pub reason: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct RematchState {
    pub offers: Vec<usize>,
    pub next: Option<String>,
}

/// One event of the log as the reader hears it.
#[derive(Clone, Debug)]
pub struct Entry {
    pub version: u64,
    pub lines: Vec<String>,
}

/// A game loaded for one reader.
#[derive(Debug)]
pub struct Played {
    pub table: Table,
    pub viewer: Viewer,
    pub reader: Reader,
    pub snapshot: Snapshot,
    /// The state at `snapshot.version`; only views of it are shown.
    pub game: AnyGame,
    pub history: Vec<Entry>,
    /// Whether the reader's seat has moved yet (a seat may abort before its first move).
    pub moved: bool,
    /// The last move played, in notation.
    pub last_move: Option<String>,
    /// The game just before that move (for drawing how it moved things).
    pub before_last: Option<AnyGame>,
    /// Every move a seat made, in order, in notation (for marking each seat's last play).
    pub seat_moves: Vec<(Seat, String)>,
    /// The seat of the game's very last move.
    pub last_mover: Option<Seat>,
    /// The last die roll (`roll 4`, Tyranny's chance moves) and what the reader heard of it.
    pub last_roll: Option<(u8, String)>,
    /// The sentence that named the last card stolen from the reader (Tyranny's Gains 10).
    pub stolen: Option<String>,
    /// Tyranny's board marks: the last roll, each seat's last move.
    pub last_moves: agora_present::tyranny::LastMoves,
}

impl Played {
    /// Each seat's last move in notation, by seat (for marking it until that seat moves again).
    pub fn last_by_seat(&self) -> Vec<Option<String>> {
        let mut last = vec![None; self.table.seats.len()];
        for (seat, notation) in &self.seat_moves {
            if let Some(slot) = last.get_mut(seat.index()) {
                *slot = Some(notation.clone());
            }
        }
        last
    }

    pub fn my_seat(&self) -> Option<Seat> {
        self.viewer.seat()
    }

    pub fn my_turn(&self) -> bool {
        self.snapshot
            .legal_moves
            .as_ref()
            .is_some_and(|m| !m.is_empty())
    }

    pub fn playing(&self) -> bool {
        self.snapshot.status == TableStatus::Playing
    }

    pub fn has_ai(&self) -> bool {
        self.snapshot
            .seats
            .iter()
            .any(|s| s.ai_level.is_some() || s.substituted)
    }
}

/// Who sits where, for the narrators.
pub fn seats_of(table: &Table) -> Vec<Who> {
    table
        .seats
        .iter()
        .map(|s| match (&s.name, s.kind) {
            (_, SeatKind::Ai) => Who::Computer,
            (Some(name), _) => Who::Person(name.clone()),
            (None, _) => Who::Person(String::new()),
        })
        .collect()
}

/// Loads game `id` for `account` in `lang`; `None` while its table is still open (the
/// waiting room shows it).
pub async fn load(
    state: &AppState,
    account: Option<&Account>,
    lang: Lang,
    id: TableId,
) -> Result<Option<Played>, PageError> {
    let table = agora_server::lobby::load_table(state, id).await?;
    if matches!(table.status, TableStatus::Open | TableStatus::Cancelled) {
        return Ok(None);
    }
    let handle = state.games().handle(id).await?;
    let viewer = account
        .and_then(|a| handle.seat_of(a.id))
        .map_or(Viewer::Spectator, Viewer::Seat);
    let snapshot: Value = handle.snapshot(viewer).await?;
    let snapshot: Snapshot = serde_json::from_value(snapshot).map_err(|e| {
        tracing::error!(error = %e, "a game state the pages cannot read");
        PageError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            "error-internal",
        )
    })?;
    let stored = state.store().game(id).await?;
    let reader = Reader::new(lang, viewer, seats_of(&table));
    let record = GameRecord {
        game: table.game.clone(),
        seed: Some(stored.game.seed),
        options: Some(table.options.clone()),
        setup: Some(stored.game.setup.clone()),
        moves: Vec::new(),
    };
    let mut game = AnyGame::start(&record).map_err(agora_server::ApiError::from)?;
    let mut history = Vec::new();
    let mut moved = false;
    let mut last_move = None;
    let mut before_last = None;
    let mut seat_moves = Vec::new();
    let mut last_mover = None;
    let mut last_roll = None;
    let mut stolen = None;
    let mut last_moves = agora_present::tyranny::LastMoves::default();
    let events: Vec<_> = stored
        .events
        .iter()
        .take_while(|e| e.version <= snapshot.version)
        .collect();
    let last_index = events.iter().rposition(|e| e.notation.is_some());
    for (index, event) in events.into_iter().enumerate() {
        let seat = event.seat.map(Seat);
        if event.kind == agora_store::EventKind::Move && seat.is_some() && seat == viewer.seat() {
            moved = true;
        }
        if event.notation.is_some() {
            last_move.clone_from(&event.notation);
            last_mover = seat;
        }
        if let (Some(seat), Some(notation)) = (seat, &event.notation) {
            seat_moves.push((seat, notation.clone()));
        }
        // Only Tsuro's page draws how the last move moved things: no other game is copied.
        if Some(index) == last_index && matches!(game, AnyGame::Tsuro(_)) {
            before_last = Some(game.clone());
        }
        let lines = match &event.notation {
            Some(notation) => {
                let (lines, theft) = narrate_move(&reader, &mut game, notation, &mut last_moves)?;
                if theft.is_some() {
                    stolen = theft;
                }
                lines
            }
            None => agora_present::events::narrate_event(&reader, event.kind.as_str(), seat)
                .into_iter()
                .collect(),
        };
        if let Some(face) = event
            .notation
            .as_deref()
            .and_then(|n| n.strip_prefix("roll "))
            .and_then(|f| f.parse::<u8>().ok())
        {
            last_roll = Some((face, lines.first().cloned().unwrap_or_default()));
        }
        history.push(Entry {
            version: event.version,
            lines,
        });
    }
    Ok(Some(Played {
        table,
        viewer,
        reader,
        snapshot,
        game,
        history,
        moved,
        last_move,
        before_last,
        seat_moves,
        last_mover,
        last_roll,
        stolen,
        last_moves,
    }))
}

/// Plays `notation` on `game` and says what the reader saw of it; with it, the sentence that
/// named a card stolen from the reader, when the move stole one.
fn narrate_move(
    reader: &Reader,
    game: &mut AnyGame,
    notation: &str,
    last_moves: &mut agora_present::tyranny::LastMoves,
) -> Result<(Vec<String>, Option<String>), PageError> {
    let corrupt = |e: agora_games::AnyGameError| {
        tracing::error!(error = %e, "a logged move does not replay");
        PageError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            "error-internal",
        )
    };
    let alone = |lines| (lines, None);
    match game {
        AnyGame::Tyrus(state) => tyrus::narrate(reader, state, notation)
            .map(alone)
            .map_err(corrupt),
        AnyGame::Tsuro(state) => tsuro::narrate(reader, state, notation)
            .map(alone)
            .map_err(corrupt),
        AnyGame::Tyranny(state) => {
            tyranny::narrate(reader, state, notation, last_moves).map_err(corrupt)
        }
    }
}
