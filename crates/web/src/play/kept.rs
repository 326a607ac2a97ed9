//! The replayed, narrated games the pages keep between requests, so that a request for a
//! game being played replays only the events logged since the reader's last one: once per
//! reader (language and seat) at most, from memory, and never from the first move again
//! while the game stays here.
//!
//! Bounded: at most [`MAX_GAMES`] games, the least recently read going first, and a game
//! that is over goes once nobody has read it for [`IDLE_OVER`]. A game is fetched from the
//! server's record service ([`agora_server::play::game_log`]) when first read, then only its new
//! events.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agora_engine::Viewer;
use agora_games::AnyGame;
use agora_present::{Lang, Reader};
use agora_server::AppState;
use agora_store::{Event, Table, TableId};

use super::narrated::Narrated;
use super::shared::{MAX_SHARED, Parts, SharedKey};
use crate::ctx::PageError;

/// How many games are kept at once.
pub const MAX_GAMES: usize = 256;
/// How many pages' last fragments each game remembers.
pub const MAX_RENDERED: usize = 64;
/// How long a game that is over stays after its last reader.
pub const IDLE_OVER: Duration = Duration::from_secs(10 * 60);
/// How long a game's table row is used again, at most ([`Kept::table`]).
pub const TABLE_KEPT: Duration = Duration::from_secs(10);

/// The pages' kept games; cloned cheaply (one per server, through the router).
#[derive(Clone, Debug, Default)]
pub struct Kept(Arc<Mutex<HashMap<TableId, Slot>>>);

#[derive(Debug)]
struct Slot {
    game: Arc<tokio::sync::Mutex<KeptGame>>,
    read_at: Instant,
    over: bool,
    /// By render key: the version last sent and what was sent of each fragment.
    rendered: HashMap<u64, (u64, Vec<Drawn>)>,
    /// Spectators' fragments of the latest version drawn ([`super::shared`]).
    shared: Vec<(SharedKey, Arc<Parts>)>,
    /// The game's table row and when it was read ([`Kept::table`]).
    table: Option<(Instant, Table)>,
}

/// One fragment as a page was last sent it: the id of the element it replaces, a hash of
/// what it was drawn from (`None`: drawn at every request) and a hash of its HTML.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub id: &'static str,
    pub inputs: Option<u64>,
    pub html: u64,
}

/// One game: where it began, its log as far as it was read, and each reader's replay.
#[derive(Debug, Default)]
pub(crate) struct KeptGame {
    pub(crate) opening: Option<AnyGame>,
    pub(crate) events: Vec<Event>,
    readers: HashMap<(Lang, Viewer), Arc<Narrated>>,
}

impl KeptGame {
    /// A game that began as `opening` and has logged `events` so far.
    #[cfg(test)]
    pub(crate) fn new(opening: AnyGame, events: Vec<Event>) -> KeptGame {
        KeptGame {
            opening: Some(opening),
            events,
            readers: HashMap::new(),
        }
    }

    /// The last event read.
    pub(crate) fn version(&self) -> u64 {
        self.events.last().map_or(0, |e| e.version)
    }

    /// The game replayed for `reader` up to `version` (read already), from the reader's
    /// kept replay when there is one.
    pub(crate) fn reader_at(
        &mut self,
        reader: Reader,
        version: u64,
    ) -> Result<Arc<Narrated>, PageError> {
        let Some(opening) = &self.opening else {
            return Err(PageError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                "error-internal",
            ));
        };
        let fresh = || Narrated::new(reader.clone(), opening.clone());
        let narrated = self
            .readers
            .entry((reader.lang, reader.viewer))
            .or_insert_with(|| Arc::new(fresh()));
        if narrated.version > version {
            // A request that overtook this one moved the reader on: this one is answered
            // from a replay of its own, and the kept one is not moved back.
            let mut once = fresh();
            once.advance(&self.events, version)?;
            return Ok(Arc::new(once));
        }
        if narrated.reader.seats != reader.seats {
            // A seat's name changed (a guest signed up): everything is said anew.
            *narrated = Arc::new(fresh());
        }
        Arc::make_mut(narrated).advance(&self.events, version)?;
        Ok(Arc::clone(narrated))
    }
}

impl Kept {
    /// Game `id` replayed for `reader` up to `version` (the snapshot's), advanced from what
    /// was kept; `over` says the game has ended.
    pub async fn narrated(
        &self,
        state: &AppState,
        id: TableId,
        reader: Reader,
        version: u64,
        over: bool,
    ) -> Result<Arc<Narrated>, PageError> {
        let slot = self.slot(id, over);
        let mut kept = slot.lock().await;
        if kept.opening.is_none() {
            let opening = state.games().opening(id).await?;
            kept.opening = Some(opening.game);
            kept.events = opening.events;
        } else if kept.version() < version {
            let since = kept.version();
            let news = state.games().events_since(id, since).await?;
            kept.events
                .extend(news.into_iter().filter(|e| e.version > since));
        }
        kept.reader_at(reader, version)
    }

    /// The kept game `id` (made empty if new), marked read now; games over and long unread
    /// go, and the least recently read one when there are too many.
    fn slot(&self, id: TableId, over: bool) -> Arc<tokio::sync::Mutex<KeptGame>> {
        let now = Instant::now();
        let mut games = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if !games.contains_key(&id) {
            games.retain(|_, s| !(s.over && now.duration_since(s.read_at) > IDLE_OVER));
            if games.len() >= MAX_GAMES {
                let oldest = games.iter().min_by_key(|(_, s)| s.read_at).map(|(k, _)| *k);
                if let Some(oldest) = oldest {
                    games.remove(&oldest);
                }
            }
        }
        let slot = games.entry(id).or_insert_with(|| Slot {
            game: Arc::default(),
            read_at: now,
            over,
            rendered: HashMap::new(),
            shared: Vec::new(),
            table: None,
        });
        slot.read_at = now;
        slot.over = over;
        Arc::clone(&slot.game)
    }

    /// The fragments of game `id` that the page drawn with `key` was sent for version
    /// `since`, when that is the version it was last sent.
    pub fn drawn(&self, id: TableId, key: u64, since: u64) -> Option<Vec<Drawn>> {
        let games = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match games.get(&id)?.rendered.get(&key) {
            Some((at, drawn)) if *at == since => Some(drawn.clone()),
            _ => None,
        }
    }

    /// Remembers `drawn`, what the page drawn with `key` has of game `id` at `version`.
    pub fn remember(&self, id: TableId, key: u64, version: u64, drawn: Vec<Drawn>) {
        let mut games = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let Some(slot) = games.get_mut(&id) else {
            return;
        };
        if slot.rendered.len() >= MAX_RENDERED && !slot.rendered.contains_key(&key) {
            slot.rendered.clear();
        }
        slot.rendered.insert(key, (version, drawn));
    }

    /// The spectators' fragments of game `id` drawn with `key`, when kept.
    pub fn shared(&self, id: TableId, key: &SharedKey) -> Option<Arc<Parts>> {
        let games = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let slot = games.get(&id)?;
        slot.shared
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, parts)| Arc::clone(parts))
    }

    /// Keeps `parts`, game `id`'s spectators' fragments drawn with `key`: those of older
    /// versions go, and the oldest kept when there are too many.
    pub fn share(&self, id: TableId, key: SharedKey, parts: Arc<Parts>) {
        let mut games = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let Some(slot) = games.get_mut(&id) else {
            return;
        };
        if slot.shared.iter().any(|(k, _)| k.version > key.version) {
            return;
        }
        slot.shared
            .retain(|(k, _)| k.version == key.version && *k != key);
        if slot.shared.len() >= MAX_SHARED {
            slot.shared.remove(0);
        }
        slot.shared.push((key, parts));
    }

    /// Game `id`'s table row as read less than [`TABLE_KEPT`] ago. Every request for a game
    /// page read it (two queries: a third of a fragment request's CPU), though a started
    /// game's table changes only with its status or a seat's name, which the caller checks
    /// against the actor's snapshot ([`super::load`]); the time bounds what neither shows.
    pub fn table(&self, id: TableId) -> Option<Table> {
        let games = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match &games.get(&id)?.table {
            Some((read_at, table)) if read_at.elapsed() < TABLE_KEPT => Some(table.clone()),
            _ => None,
        }
    }

    /// Keeps `table`, just read, for [`Kept::table`] (once its game is kept).
    pub fn keep_table(&self, table: &Table) {
        let mut games = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(slot) = games.get_mut(&table.id) {
            slot.table = Some((Instant::now(), table.clone()));
        }
    }

    /// How many games are kept (tests).
    pub fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
