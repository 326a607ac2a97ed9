//! The hint service: the move the computer would play for a seat, and the facts of why, for the
//! game page's Hint button (`agora-web`, which tells it in words) and for
//! `POST /api/games/{id}/hint`. Only in a casual game (no other seat is a person's: until rated
//! tables exist, a game against the computer), only on the seat's own turn.
//!
//! A seat's turn costs one search: the search's result (moves in notation, verdict) is kept in
//! the store under the game, the seat and the version, written once; every later press, on
//! any node or after a restart, reads it and works the facts out again from the seat's view
//! (they follow from the view alone). Presses on one node while it searches wait for that
//! search.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex};

use agora_ai::{Explain, GameHint, Hint, Level, Suggestion, Verdict};
use agora_engine::{GameRecord, Seat, Turn, Viewer};
use agora_games::AnyGame;
use agora_store::{SeatKind, Table, TableId, TableStatus, now_ms};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::OnceCell;

use crate::{ApiError, AppState};

/// A hint of any game, with the facts of each move.
#[derive(Clone, Debug)]
pub enum AnyHint {
    Tyrus(GameHint<agora_tyrus::Tyrus>),
    Tsuro(GameHint<agora_tsuro::Tsuro>),
    Tyranny(GameHint<agora_tyranny::Tyranny>),
}

/// What the store keeps of a hint (and of each step of a look back, `api::chances`): the
/// search's result without the facts.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Kept {
    pub(crate) verdict: Verdict,
    moves: usize,
    pub(crate) best: KeptMove,
    runners_up: Vec<KeptMove>,
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct KeptMove {
    #[serde(rename = "move")]
    pub(crate) notation: String,
    pub(crate) value: Option<f64>,
}

impl Kept {
    pub(crate) fn of<M, F>(hint: &Hint<M, F>) -> Kept {
        let kept = |s: &Suggestion<M, F>| KeptMove {
            notation: s.notation.clone(),
            value: s.value,
        };
        Kept {
            verdict: hint.verdict,
            moves: hint.moves,
            best: kept(&hint.best),
            runners_up: hint.runners_up.iter().map(kept).collect(),
        }
    }

    /// The hint again, its moves read in `game` and their facts worked out from `seat`'s view;
    /// `None` when a move no longer reads (a record from another version of the rules).
    fn hint<G: Explain>(&self, game: &G, seat: Seat) -> Option<GameHint<G>> {
        let view = game.view(Viewer::Seat(seat));
        let suggest = |kept: &KeptMove| {
            let mv = game.parse_move(&kept.notation).ok()?;
            Some(Suggestion {
                mv,
                notation: kept.notation.clone(),
                value: kept.value,
                facts: G::facts(&view, seat, mv),
            })
        };
        Some(Hint {
            best: suggest(&self.best)?,
            runners_up: self.runners_up.iter().map(suggest).collect::<Option<_>>()?,
            verdict: self.verdict,
            moves: self.moves,
        })
    }

    pub(crate) fn any(&self, game: &AnyGame, seat: Seat) -> Option<AnyHint> {
        match game {
            AnyGame::Tyrus(g) => self.hint(g, seat).map(AnyHint::Tyrus),
            AnyGame::Tsuro(g) => self.hint(g, seat).map(AnyHint::Tsuro),
            AnyGame::Tyranny(g) => self.hint(g, seat).map(AnyHint::Tyranny),
        }
    }
}

impl AnyHint {
    pub(crate) fn kept(&self) -> Kept {
        match self {
            AnyHint::Tyrus(h) => Kept::of(h),
            AnyHint::Tsuro(h) => Kept::of(h),
            AnyHint::Tyranny(h) => Kept::of(h),
        }
    }

    /// The hint for the JSON API: the move, the verdict, how many moves the seat had, and each
    /// suggestion's facts. The search's values are left out: they are not chances.
    pub fn to_json(&self) -> Value {
        fn of<M, F: Serialize>(hint: &Hint<M, F>) -> Value {
            let suggestion = |s: &Suggestion<M, F>| json!({"move": s.notation, "facts": s.facts});
            json!({
                "move": hint.best.notation,
                "verdict": hint.verdict,
                "moves": hint.moves,
                "facts": hint.best.facts,
                "runners_up": hint.runners_up.iter().map(suggestion).collect::<Vec<_>>(),
            })
        }
        match self {
            AnyHint::Tyrus(h) => of(h),
            AnyHint::Tsuro(h) => of(h),
            AnyHint::Tyranny(h) => of(h),
        }
    }
}

/// Searches in flight on this node, so that presses at the same time wait for one search.
type InFlight = HashMap<(TableId, Seat, u64), Arc<OnceCell<Option<AnyHint>>>>;
static IN_FLIGHT: LazyLock<Mutex<InFlight>> = LazyLock::new(Mutex::default);

static SEARCHES: AtomicU64 = AtomicU64::new(0);

/// How many hint searches this process has run.
pub fn searches() -> u64 {
    SEARCHES.load(Ordering::Relaxed)
}

/// Whether hints are offered at `table` to `seat`: a table that is not rated, where no
/// other seat is a person's (a seat a stand-in plays is still its person's).
pub fn casual(table: &Table, seat: Seat) -> bool {
    !table.rated && (table.seats.iter()).all(|s| s.seat == seat.0 || s.kind == SeatKind::Ai)
}

fn search(game: &AnyGame, seat: Seat, seed: u64) -> Option<AnyHint> {
    SEARCHES.fetch_add(1, Ordering::Relaxed);
    // The search sees the seat's view only, as a bot does.
    fn of<G: Explain>(game: &G, seat: Seat, seed: u64) -> Option<GameHint<G>> {
        agora_ai::hint::<G>(&game.view(Viewer::Seat(seat)), seat, Level::Medium, seed).ok()
    }
    match game {
        AnyGame::Tyrus(g) => of(g, seat, seed).map(AnyHint::Tyrus),
        AnyGame::Tsuro(g) => of(g, seat, seed).map(AnyHint::Tsuro),
        AnyGame::Tyranny(g) => of(g, seat, seed).map(AnyHint::Tyranny),
    }
}

/// The hint for `seat` in `game`, the state of table `id` at `version`: the kept one, or
/// searched on the AI pool, kept and read back (so that two nodes searching at once both show
/// the one kept first). The caller checks that it is the seat's turn in a casual game.
pub async fn hint_at(
    state: &AppState,
    id: TableId,
    seat: Seat,
    game: &AnyGame,
    version: u64,
) -> Result<AnyHint, ApiError> {
    if let Some(hint) = kept(state, id, seat, game, version).await? {
        return Ok(hint);
    }
    let cell = IN_FLIGHT
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry((id, seat, version))
        .or_default()
        .clone();
    let searched = cell
        .get_or_init(|| async {
            let job = game.clone();
            let searched = state
                .pool()
                .run_for(id, Level::Medium.threads(), move || {
                    search(&job, seat, version)
                })
                .await
                .flatten()?;
            let text = serde_json::to_string(&searched.kept()).ok()?;
            let keep = state
                .store()
                .keep_hint(id, seat.0, version, &text, now_ms())
                .await;
            if let Err(e) = keep {
                tracing::warn!(error = %e, "a hint could not be kept");
            }
            Some(searched)
        })
        .await
        .clone();
    IN_FLIGHT
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&(id, seat, version));
    match kept(state, id, seat, game, version).await? {
        Some(hint) => Ok(hint),
        // A search that failed is not kept: the next press tries again.
        None => searched.ok_or(ApiError::Unavailable),
    }
}

async fn kept(
    state: &AppState,
    id: TableId,
    seat: Seat,
    game: &AnyGame,
    version: u64,
) -> Result<Option<AnyHint>, ApiError> {
    let Some(text) = state.store().hint(id, seat.0, version).await? else {
        return Ok(None);
    };
    let kept: Option<Kept> = serde_json::from_str(&text).ok();
    Ok(kept.and_then(|k| k.any(game, seat)))
}

/// The game of table `id` at `version`, replayed from the store.
pub async fn game_at(state: &AppState, table: &Table, version: u64) -> Result<AnyGame, ApiError> {
    let stored = state.store().game(table.id).await?;
    let record = GameRecord {
        game: table.game.clone(),
        seed: Some(stored.game.seed),
        options: Some(table.options.clone()),
        setup: Some(stored.game.setup.clone()),
        moves: stored
            .events
            .iter()
            .take_while(|e| e.version <= version)
            .filter_map(|e| e.notation.clone())
            .collect(),
        ..Default::default()
    };
    match AnyGame::replay(&record)? {
        (game, None) => Ok(game),
        (_, Some(rejected)) => {
            tracing::error!(game = %table.id, ?rejected, "a stored move does not replay");
            Err(ApiError::Internal)
        }
    }
}

/// `POST /api/games/{id}/hint` for `seat` at table `table`, now at `version`: the checks of
/// the page's Hint button, then the hint.
pub async fn for_api(
    state: &AppState,
    table: &Table,
    seat: Seat,
    version: u64,
) -> Result<Value, ApiError> {
    if !casual(table, seat) {
        return Err(ApiError::Forbidden(
            "hints are given only in games against the computer",
        ));
    }
    if table.status != TableStatus::Playing {
        return Err(ApiError::GameOver);
    }
    let game = game_at(state, table, version).await?;
    if game.turn() != Turn::Seat(seat) {
        return Err(ApiError::NotYourTurn);
    }
    let hint = hint_at(state, table.id, seat, &game, version).await?;
    let mut body = hint.to_json();
    body["version"] = json!(version);
    Ok(body)
}

#[cfg(test)]
mod tests {
    use agora_engine::Game;

    use super::*;

    #[test]
    fn a_kept_hint_reads_back_with_its_facts() {
        let record = GameRecord {
            game: "tyranny".into(),
            seed: Some(1),
            options: Some(json!({"players": 2})),
            setup: None,
            moves: Vec::new(),
            ..Default::default()
        };
        let game = AnyGame::start(&record).unwrap();
        let AnyGame::Tyranny(tyranny) = &game else {
            panic!()
        };
        let hint = search(&game, Seat(0), 1).expect("a hint");
        let text = serde_json::to_string(&hint.kept()).unwrap();
        let again: Kept = serde_json::from_str(&text).unwrap();
        assert_eq!(again, hint.kept());
        let (AnyHint::Tyranny(first), Some(AnyHint::Tyranny(read))) =
            (&hint, again.any(&game, Seat(0)))
        else {
            panic!("{hint:?}")
        };
        assert_eq!(read.best.facts, first.best.facts);
        assert_eq!(read.best.mv, first.best.mv);
        assert_eq!(tyranny.turn(), Turn::Seat(Seat(0)));
    }
}
