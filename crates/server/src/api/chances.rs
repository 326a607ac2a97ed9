//! Where the game turned (issue 34): after a game ends, the computer looks back over it.
//!
//! At every decision of a finished game (a seat to move, not chance) it runs the hint's search
//! again ([`agora_ai::look_back`], `medium`'s budget, the seat's VIEW at that moment: what
//! the seat could know, never the hidden cards or tiles the record now shows) and keeps the
//! search's values of the move it preferred and of the move played. Those are "the
//! computer's estimate" of the seat's chance: the share of the search's simulated games from
//! there that the seat won (a shared win counting as a share). They are not calibrated
//! probabilities, and the pages say no more than that (docs/ai.md, "Looking back").
//!
//! The job runs on the AI pool's lowest class ([`crate::BlockingPool::run_lowest`]): only
//! while no computer move of a live game waits, one step at a time, and a step steps aside
//! the moment a live job is queued (searched again later). Each node runs one [`analyst`];
//! it claims a game in the store before each step, so of several nodes one analyses a game,
//! and resumes after the last step kept (a restart loses at most the step in progress).
//!
//! The steps kept are read by the game's page (`agora-web`, `pages::turned`) and by
//! `GET /api/games/{id}/chances`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::Notify;

use agora_ai::{Explain, GameHint, Level};
use agora_engine::{GameRecord, Seat, Turn, Viewer};
use agora_games::AnyGame;
use agora_store::chances::{AnalysisState, ChanceStep};
use agora_store::{ANALYSES_CHANNEL, EventKind, StoreError, StoredGame, TableId, now_ms};
use axum::Json;
use axum::extract::{Path, State};
use serde_json::{Value, json};

use super::hint::{AnyHint, Kept};
use super::{ApiResult, table_id};
use crate::play::pool::pg_queue::{AbortOnDrop, listening};
use crate::{ApiError, AppState};

/// The search's level at each step: the hint's (`medium`), so a turning point names the move
/// the Hint button would have named.
pub const LEVEL: Level = Level::Medium;

/// How often an idle analyst looks for finished games to look back over unless woken (the
/// default of [`crate::ServerConfig::analysis_poll`]): a game that finishes wakes it, so this
/// catches only a lost wake (and a node's own restart finds what was left at once).
pub const FALLBACK_POLL: Duration = Duration::from_secs(60);

/// How long a node's claim on a game's look back lasts without a step; renewed before each.
pub const CLAIM: Duration = Duration::from_secs(60);

/// How many moves a look back marks as the game's turning points.
pub const TURNING_POINTS: usize = 3;

/// One decision of a finished game: `seat` played `played` at `version` in `before`.
struct Decision {
    version: u64,
    seat: Seat,
    played: String,
    before: AnyGame,
}

/// The game's start, then each event in turn: the decisions whose version `keep` asks for,
/// with the state each was made in. An error when a stored move no longer replays.
fn decisions(stored: &StoredGame, keep: impl Fn(u64) -> bool) -> Result<Vec<Decision>, ApiError> {
    let record = GameRecord {
        game: stored.table.game.clone(),
        seed: Some(stored.game.seed),
        options: Some(stored.table.options.clone()),
        setup: Some(stored.game.setup.clone()),
        ..Default::default()
    };
    let mut game = AnyGame::start(&record)?;
    let mut found = Vec::new();
    for event in &stored.events {
        let Some(notation) = &event.notation else {
            continue;
        };
        let version = event.version - 1;
        if let (EventKind::Move, Turn::Seat(seat)) = (event.kind, game.turn())
            && keep(version)
        {
            found.push(Decision {
                version,
                seat,
                played: notation.clone(),
                before: game.clone(),
            });
        }
        game.play(notation)?;
    }
    Ok(found)
}

/// What one step's search came to.
enum Step {
    Searched(AnyHint, Option<f64>),
    /// A live job came: the search stopped early, its answer worth nothing.
    SteppedAside,
    /// The search could not run (a bug: the seat was not to move).
    Failed,
}

fn look(game: &AnyGame, seat: Seat, played: &str, seed: u64, stop: &Arc<AtomicBool>) -> Step {
    fn of<G: Explain>(
        game: &G,
        seat: Seat,
        played: &str,
        seed: u64,
        stop: &Arc<AtomicBool>,
    ) -> Option<(GameHint<G>, Option<f64>)> {
        let view = game.view(Viewer::Seat(seat));
        agora_ai::look_back::<G>(&view, seat, LEVEL, seed, played, stop.clone()).ok()
    }
    let searched = match game {
        AnyGame::Tyrus(g) => of(g, seat, played, seed, stop).map(|(h, v)| (AnyHint::Tyrus(h), v)),
        AnyGame::Tsuro(g) => of(g, seat, played, seed, stop).map(|(h, v)| (AnyHint::Tsuro(h), v)),
        AnyGame::Tyranny(g) => {
            of(g, seat, played, seed, stop).map(|(h, v)| (AnyHint::Tyranny(h), v))
        }
    };
    match searched {
        _ if stop.load(Ordering::Relaxed) => Step::SteppedAside,
        Some((hint, value)) => Step::Searched(hint, value),
        None => Step::Failed,
    }
}

/// A search's value as kept: thousandths.
fn thousandths(value: Option<f64>) -> Option<u16> {
    value.map(|v| (v.clamp(0.0, 1.0) * 1000.0).round() as u16)
}

/// How a look back over one game ended on this node.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Looked {
    /// Every decision is kept.
    Done,
    /// The record does not replay: the job is marked failed.
    Failed,
    /// Another node holds the game's claim.
    Elsewhere,
}

/// Looks back over finished game `id`, resuming after the last step kept, on the AI pool's
/// lowest class, while this node holds the game's claim.
pub async fn look_back_over(state: &AppState, id: TableId) -> Result<Looked, ApiError> {
    let store = state.store();
    let node = state.games().context().node.id().to_string();
    let claim = |store: &agora_store::Store| {
        let now = now_ms();
        let until = now + CLAIM.as_millis() as i64;
        let node = node.clone();
        let store = store.clone();
        async move { store.claim_analysis(id, &node, now, until).await }
    };
    if !claim(store).await? {
        return Ok(Looked::Elsewhere);
    }
    let kept = store.analysis(id).await?;
    let resume = (kept.iter().flat_map(|a| a.steps.last()))
        .map(|s| s.version + 1)
        .next()
        .unwrap_or(0);
    let stored = store.game(id).await?;
    let todo = match decisions(&stored, |version| version >= resume) {
        Ok(todo) => todo,
        Err(e) => {
            tracing::error!(game = %id, error = ?e, "a finished game does not replay");
            store
                .end_analysis(id, &node, AnalysisState::Failed, now_ms())
                .await?;
            return Ok(Looked::Failed);
        }
    };
    for decision in todo {
        // The bots' randomness never comes from the game's seed: this one from the table
        // and the step, so a look back is the same on every node.
        let seed = agora_ai::derive_seed(id.0 as u64, decision.version);
        let step = loop {
            if !claim(store).await? {
                return Ok(Looked::Elsewhere);
            }
            let game = decision.before.clone();
            let (seat, played) = (decision.seat, decision.played.clone());
            let step = state
                .pool()
                .run_lowest(move |stop| look(&game, seat, &played, seed, &stop))
                .await;
            match step {
                Some(Step::Searched(hint, value)) => break Some((hint, value)),
                Some(Step::Failed) => break None,
                // Stepped aside for a live game (or stopped before it began): again later.
                Some(Step::SteppedAside) | None => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        };
        let Some((hint, value)) = step else {
            tracing::error!(game = %id, version = decision.version, "no search at a decision");
            store
                .end_analysis(id, &node, AnalysisState::Failed, now_ms())
                .await?;
            return Ok(Looked::Failed);
        };
        let kept = hint.kept();
        let text = serde_json::to_string(&kept).map_err(|_| ApiError::Internal)?;
        let step = ChanceStep {
            version: decision.version,
            seat: decision.seat.0,
            played: decision.played,
            before: thousandths(kept.best.value),
            after: thousandths(value),
            hint: text,
        };
        store.keep_chance(id, &step).await?;
    }
    store
        .end_analysis(id, &node, AnalysisState::Done, now_ms())
        .await?;
    Ok(Looked::Done)
}

/// This node's analyst: looks back over the finished games no other node holds, one after
/// the other, oldest first. Idle, it waits until a game finishes on this node or (on
/// PostgreSQL) on another, or at most [`crate::ServerConfig::analysis_poll`].
pub async fn analyst(state: AppState) {
    let finished = state.games().context().finished.clone();
    let hearing = tokio::spawn(hear_finished_games(state.store().clone(), finished.clone()));
    let _hearing = AbortOnDrop(hearing);
    loop {
        let node = state.games().context().node.id().to_string();
        let queued = state.store().claimable_analyses(&node, now_ms(), 8).await;
        let queued = queued.unwrap_or_else(|e| {
            tracing::warn!(error = %e, "cannot look for games to look back over");
            Vec::new()
        });
        let mut looked = false;
        for id in queued {
            match look_back_over(&state, id).await {
                Ok(Looked::Done | Looked::Failed) => looked = true,
                Ok(Looked::Elsewhere) => {}
                Err(e) => tracing::warn!(game = %id, error = ?e, "look back interrupted"),
            }
        }
        if !looked {
            let poll = state.config().analysis_poll;
            let _ = tokio::time::timeout(poll, finished.notified()).await;
        }
    }
}

/// Wakes `finished` whenever any node's game finishes (PostgreSQL: the ending transaction
/// notifies [`ANALYSES_CHANNEL`]); nothing on SQLite, where this node's games are all.
async fn hear_finished_games(store: agora_store::Store, finished: Arc<Notify>) {
    loop {
        let heard = listening(&store, &[ANALYSES_CHANNEL], FALLBACK_POLL, "finished games");
        let Some(mut heard) = heard.await else {
            return;
        };
        loop {
            match heard.recv().await {
                // A game finished; or the connection was lost (and is made again), and one
                // may have finished meanwhile.
                Ok(_) => finished.notify_one(),
                Err(agora_store::StoreError::Closed) => return,
                Err(e) => {
                    tracing::warn!(error = %e, "hearing finished games");
                    break;
                }
            }
        }
    }
}

/// A move that changed its seat's chance most: the step, and the search's hint at it with
/// its facts worked out again from the seat's view (for words: `HintText`).
#[derive(Clone, Debug)]
pub struct TurningPoint {
    pub step: ChanceStep,
    pub hint: AnyHint,
}

/// A finished game's look back as pages and the API show it.
#[derive(Clone, Debug)]
pub struct LookBack {
    pub state: AnalysisState,
    pub seats: usize,
    /// Every decision kept so far, oldest first.
    pub steps: Vec<ChanceStep>,
    /// At most [`TURNING_POINTS`] steps, in the game's order: those whose move changed the
    /// computer's estimate of its seat's chance most (from the move preferred to the move
    /// played), none that changed nothing.
    pub turning: Vec<TurningPoint>,
}

/// The versions of the [`TURNING_POINTS`] steps that changed their seat's chance most.
pub fn turning_versions(steps: &[ChanceStep]) -> Vec<u64> {
    let mut changes: Vec<(u16, u64)> = (steps.iter())
        .filter_map(|s| Some((s.before?.abs_diff(s.after?), s.version)))
        .filter(|(change, _)| *change > 0)
        .collect();
    // Biggest first; of equal changes the earlier.
    changes.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut versions: Vec<u64> = (changes.iter().take(TURNING_POINTS)).map(|c| c.1).collect();
    versions.sort_unstable();
    versions
}

/// Game `id`'s look back: `None` when it has none (not finished, aborted, or finished
/// before look backs existed).
pub async fn look_back(state: &AppState, id: TableId) -> Result<Option<LookBack>, ApiError> {
    let Some(analysis) = state.store().analysis(id).await? else {
        return Ok(None);
    };
    let versions = turning_versions(&analysis.steps);
    let stored = state.store().game(id).await?;
    let seats = stored.table.seats.len();
    let mut turning = Vec::new();
    if !versions.is_empty() {
        for decision in decisions(&stored, |v| versions.contains(&v))? {
            let Some(step) = (analysis.steps.iter()).find(|s| s.version == decision.version) else {
                continue;
            };
            let kept: Option<Kept> = serde_json::from_str(&step.hint).ok();
            match kept.and_then(|k| k.any(&decision.before, decision.seat)) {
                Some(hint) => turning.push(TurningPoint {
                    step: step.clone(),
                    hint,
                }),
                None => {
                    tracing::warn!(game = %id, version = step.version, "a kept step does not read")
                }
            }
        }
    }
    Ok(Some(LookBack {
        state: analysis.state,
        seats,
        steps: analysis.steps,
        turning,
    }))
}

/// A chance kept in thousandths, for JSON: a number from 0 to 1.
fn chance(thousandths: Option<u16>) -> Value {
    json!(thousandths.map(|t| f64::from(t) / 1000.0))
}

impl LookBack {
    /// The look back for the JSON API (docs/protocol.md, "Where the game turned").
    pub fn to_json(&self) -> Value {
        let preferred = |step: &ChanceStep| {
            let kept: Option<Kept> = serde_json::from_str(&step.hint).ok();
            kept.map(|k| k.best.notation)
        };
        let steps: Vec<Value> = (self.steps.iter())
            .map(|s| {
                json!({
                    "version": s.version,
                    "seat": s.seat,
                    "move": s.played,
                    "preferred": preferred(s),
                    "before": chance(s.before),
                    "after": chance(s.after),
                })
            })
            .collect();
        let turning: Vec<Value> = (self.turning.iter())
            .map(|t| {
                let mut hint = t.hint.to_json();
                json!({
                    "version": t.step.version,
                    "seat": t.step.seat,
                    "move": t.step.played,
                    "before": chance(t.step.before),
                    "after": chance(t.step.after),
                    "preferred": hint["move"].take(),
                    "verdict": hint["verdict"].take(),
                    "facts": hint["facts"].take(),
                })
            })
            .collect();
        json!({
            "state": self.state.as_str(),
            "level": LEVEL.name(),
            "seats": self.seats,
            "steps": steps,
            "turning_points": turning,
        })
    }
}

#[utoipa::path(
    get,
    path = "/api/games/{id}/chances",
    tag = "games",
    summary = "Where a finished game turned: the computer's estimate of each seat's chance at its every move.",
    description = "Computed after the game ends, in the background: `state` is `queued` until \
        every move is looked at, then `done`; `none` for a game with no look back (aborted, or \
        finished before look backs existed).",
    params(("id" = String, Path, description = "the game id (its table's)")),
    responses((status = 200, description = "`{\"state\", \"level\", \"seats\", \"steps\", \"turning_points\"}` (docs/protocol.md, Where the game turned)", body = Object))
)]
pub async fn chances(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    let id = table_id(&id, "game")?;
    let table = match state.store().table(id).await {
        Err(StoreError::NotFound) => return Err(ApiError::NotFound("game")),
        other => other?,
    };
    if !table.status.is_closed() {
        return Err(ApiError::NotFinished);
    }
    Ok(Json(match look_back(&state, id).await? {
        Some(look) => look.to_json(),
        None => json!({"state": "none", "level": LEVEL.name(), "seats": table.seats.len(),
                       "steps": [], "turning_points": []}),
    }))
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use agora_games::GameKind;

    use super::*;
    use crate::BlockingPool;

    /// A live game's computer move queued while a step of a look back searches starts once
    /// that step has seen its flag: the step stops early, long before its search would end.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_step_steps_aside_for_a_live_move() {
        let pool = BlockingPool::background(1);
        let (game, _) = AnyGame::deal(GameKind::Tyrus, &json!({}), 5).unwrap();
        let seat = game.turn().seat().unwrap();
        let played = game.legal_moves()[0].clone();
        // The whole step alone, for comparison.
        let alone = Instant::now();
        let step = look(&game, seat, &played, 1, &Arc::default());
        let alone = alone.elapsed();
        assert!(matches!(step, Step::Searched(..)));

        let started = Arc::new(AtomicBool::new(false));
        let low = tokio::spawn({
            let (pool, started) = (pool.clone(), started.clone());
            async move {
                pool.run_lowest(move |stop| {
                    started.store(true, Ordering::SeqCst);
                    matches!(look(&game, seat, &played, 1, &stop), Step::SteppedAside)
                })
                .await
            }
        });
        while !started.load(Ordering::SeqCst) {
            tokio::task::yield_now().await;
        }
        let asked = Instant::now();
        let waited = pool.run_for(TableId(1), 1, move || asked.elapsed()).await;
        let waited = waited.unwrap();
        assert_eq!(low.await.unwrap(), Some(true), "the step stepped aside");
        eprintln!("a live move waited {waited:?} for a step that takes {alone:?} alone");
        assert!(
            waited * 4 < alone,
            "waited {waited:?}, a step takes {alone:?}"
        );
    }

    fn step(version: u64, before: Option<u16>, after: Option<u16>) -> ChanceStep {
        ChanceStep {
            version,
            seat: 0,
            played: String::new(),
            before,
            after,
            hint: String::new(),
        }
    }

    #[test]
    fn the_three_biggest_changes_turn_the_game_in_its_order() {
        let steps = [
            step(0, Some(500), Some(500)),
            step(2, Some(600), Some(300)),
            step(4, None, None),
            step(6, Some(400), Some(350)),
            step(8, Some(300), Some(100)),
            step(10, Some(200), Some(500)),
            step(12, Some(100), Some(90)),
        ];
        assert_eq!(turning_versions(&steps), [2, 8, 10]);
        assert_eq!(
            turning_versions(&steps[..1]),
            Vec::<u64>::new(),
            "no change"
        );
    }
}
