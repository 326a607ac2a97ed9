//! A game as one reader sees it: the actor's state for their seat (or as a spectator), and
//! the game replayed for them up to that state, every event narrated from the reader's point
//! of view ([`narrated`]), kept between requests and advanced by new events ([`kept`]). The
//! replayed state never leaves this module but as views: each game's own table, drawn through
//! the per-game seam [`GamePage`] ([`seam`]) that `tyrus`, `tsuro` and `tyranny` implement,
//! and held by the page as one [`GameTable`] ([`page`]).

pub mod hint_words;
pub mod kept;
pub mod narrated;
pub mod page;
pub mod seam;
pub mod shared;
pub mod steps;
pub mod tsuro;
pub mod tyranny;
pub mod tyrus;

pub use kept::Kept;
pub use narrated::Narrated;
pub use page::{GameTable, LazyTable};
pub use seam::{GamePage, Heard, Surroundings};

use std::ops::Deref;
use std::sync::Arc;

use agora_engine::{Seat, Viewer};
use agora_present::{Lang, Reader, Who};
use agora_server::{AppState, Detail, Snapshot};
use agora_store::{Account, SeatKind, Table, TableId, TableStatus};

use crate::ctx::PageError;

/// One event of the log as the reader hears it.
#[derive(Clone, Debug)]
pub struct Entry {
    pub version: u64,
    pub lines: Vec<String>,
}

/// A game loaded for one reader: the table, the actor's state, and the game replayed up to
/// it (its fields are [`Narrated`]'s, through `Deref`).
#[derive(Debug)]
pub struct Played {
    pub table: Table,
    pub viewer: Viewer,
    pub snapshot: Snapshot,
    pub narrated: Arc<Narrated>,
}

impl Deref for Played {
    type Target = Narrated;

    fn deref(&self) -> &Narrated {
        &self.narrated
    }
}

impl Played {
    pub fn my_seat(&self) -> Option<Seat> {
        self.viewer.seat()
    }

    pub fn my_turn(&self) -> bool {
        self.snapshot.to_move()
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
/// waiting room shows it). With `kept`, the replay is the kept one moved on; without, the
/// game is replayed from its start.
pub async fn load(
    state: &AppState,
    kept: Option<&Kept>,
    account: Option<&Account>,
    lang: Lang,
    id: TableId,
) -> Result<Option<Played>, PageError> {
    // A kept table row says the game has started; without one, the row read says whether.
    let kept_table = kept.and_then(|k| k.table(id));
    let read_first = match kept_table {
        Some(_) => None,
        None => {
            let table = agora_server::lobby::load_table(state, id).await?;
            if matches!(table.status, TableStatus::Open | TableStatus::Cancelled) {
                return Ok(None);
            }
            Some(table)
        }
    };
    let handle = state.games().handle(id).await?;
    let viewer = account
        .and_then(|a| handle.seat_of(a.id))
        .map_or(Viewer::Spectator, Viewer::Seat);
    let snapshot = handle.snapshot(viewer, Detail::Table).await?;
    let (table, read) = match (read_first, kept_table) {
        (Some(table), _) => (table, true),
        (None, Some(table)) if still_holds(&table, &snapshot) => (table, false),
        (None, _) => (agora_server::lobby::load_table(state, id).await?, true),
    };
    let reader = Reader::new(lang, viewer, seats_of(&table));
    let narrated = match kept {
        Some(kept) => {
            let over = snapshot.status.is_closed();
            kept.narrated(state, id, reader, snapshot.version, over)
                .await?
        }
        None => {
            let opening = state.games().opening(id).await?;
            let mut narrated = Narrated::new(reader, opening.game);
            narrated.advance(&opening.events, snapshot.version)?;
            Arc::new(narrated)
        }
    };
    if let (Some(kept), true) = (kept, read) {
        kept.keep_table(&table);
    }
    Ok(Some(Played {
        table,
        viewer,
        snapshot,
        narrated,
    }))
}

/// Whether a kept table row still says what the actor's `snapshot` says of the game: its
/// status and the names at its seats (a guest who signed up has a new one).
fn still_holds(table: &Table, snapshot: &Snapshot) -> bool {
    table.status == snapshot.status
        && table.seats.len() == snapshot.seats.len()
        && (table.seats.iter().zip(&snapshot.seats))
            .all(|(row, seat)| row.kind == SeatKind::Ai || row.name == seat.name)
}
