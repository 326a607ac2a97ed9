//! A game of this server's replay: `GET /games/{id}/replay` (the whole page) and
//! `GET /games/{id}/replay/fragment` (the view `replay.js` swaps in), from a stepper kept
//! between requests.

use std::sync::{Arc, Mutex};

use agora_engine::Seat;
use agora_present::Reader;
use agora_server::AppState;
use agora_server::api::chances::turning_versions;
use agora_store::chances::AnalysisState;
use agora_store::{Event, TableId, TableStatus};
use axum::Extension;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::navigation::mark_turning;
use super::{
    Linked, ReplayView, StepInput, StepQuery, fragment_response, page_response, parse_step,
    parse_view, step_view,
};
use crate::ctx::{Ctx, PageError};
use crate::layout::error_page;
use crate::listing::level_name;
use crate::pages::game::fair::fair_view;
use crate::play::seats_of;
use crate::play::steps::{Source, Stepper, Steppers};

/// The stepper of game `id` for `reader`, up to version `present`: the kept one moved on, or
/// a new one narrated from the game's log.
async fn game_stepper(
    state: &AppState,
    steppers: &Steppers,
    id: agora_store::TableId,
    reader: Reader,
    present: u64,
) -> Result<Arc<Mutex<Stepper>>, PageError> {
    let source = Source::Game(id);
    if let Some(kept) = steppers.get(source, reader.lang, reader.viewer) {
        let (same, steps) = {
            let stepper = kept.lock().unwrap_or_else(|e| e.into_inner());
            (stepper.reader().seats == reader.seats, stepper.steps())
        };
        if same {
            if steps < present {
                let news: Vec<Event> = state
                    .games()
                    .events_since(id, steps)
                    .await?
                    .into_iter()
                    .filter(|e| e.version <= present)
                    .collect();
                kept.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .extend(news)?;
            }
            return Ok(kept);
        }
    }
    let opening = state.games().opening(id).await?;
    let events = opening
        .events
        .into_iter()
        .filter(|e| e.version <= present)
        .collect();
    let stepper = Stepper::new(reader, opening.game, events)?;
    Ok(steppers.keep(source, stepper))
}

/// The versions at which game `id`'s turning points were decided, once its look back is done
/// (kept from then on); none before, or when it cannot be read (logged: the replay matters
/// more).
async fn turning_points(state: &AppState, steppers: &Steppers, id: TableId) -> Vec<u64> {
    if let Some(known) = steppers.turning(id) {
        return known;
    }
    match state.store().analysis(id).await {
        Ok(Some(analysis)) if analysis.state == AnalysisState::Done => {
            let versions = turning_versions(&analysis.steps);
            steppers.keep_turning(id, versions.clone());
            versions
        }
        Ok(_) => Vec::new(),
        Err(e) => {
            tracing::warn!(game = %id, error = %e, "no turning points");
            Vec::new()
        }
    }
}

/// The replay of game `id` at the query's step, for the reader.
async fn game_replay(
    state: &AppState,
    ctx: &Ctx,
    steppers: &Steppers,
    id: &str,
    q: &StepQuery,
    whole_page: bool,
) -> Result<Option<ReplayView>, PageError> {
    let Some(played) = crate::pages::game::loaded(state, ctx, id).await? else {
        return Ok(None);
    };
    let tr = ctx.tr;
    let table = &played.table;
    let snapshot = &played.snapshot;
    let over = snapshot.status.is_closed();
    let mine = played.my_seat();
    if !over && mine.is_none() && !table.public {
        return Err(PageError::not_found());
    }
    let seats = table.seats.len();
    let view_as = parse_view(q.view_as.as_deref(), seats, over, mine)?;
    let last = snapshot.version;
    let step = parse_step(q.step.as_deref(), last)?;
    let reader = Reader::new(ctx.lang(), view_as.viewer(), seats_of(table));
    let stepper = game_stepper(state, steppers, table.id, reader, last).await?;
    let names: Vec<String> = snapshot
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| match (&seat.name, &seat.ai_level) {
            (Some(name), _) => name.clone(),
            (None, Some(level)) => tr.a("seat-computer", "level", level_name(tr, level.name())),
            _ => played.reader.name(Seat(i as u8)),
        })
        .collect();
    let mut view = {
        let stepper = stepper.lock().unwrap_or_else(|e| e.into_inner());
        step_view(
            StepInput {
                tr,
                kind: played.game.kind(),
                step,
                last,
                view_as,
                names: names.clone(),
                outcome: snapshot.outcome.clone(),
                over,
                time_control: table.time_control,
                linked: Linked::Game { id, view_as },
            },
            &stepper,
        )?
    };
    view.chat = super::chat::at_step(state, ctx, id, &stepper, step).await;
    // The game page's check, kept per game and version: one verdict for both pages.
    view.fair = fair_view(
        tr,
        (table.id, last),
        snapshot.commitment.as_deref(),
        snapshot.over.record.as_ref(),
    );
    view.running = !over;
    view.game_href = Some(format!("/games/{id}"));
    view.record_href = (snapshot.status == TableStatus::Finished
        || snapshot.status == TableStatus::Aborted)
        .then(|| format!("/api/games/{id}/record"));
    view.fragment_href = format!("/games/{id}/replay/fragment?as={}", view_as.code());
    if snapshot.status == TableStatus::Finished {
        let versions = turning_points(state, steppers, table.id).await;
        mark_turning(tr, &mut view.history, &versions);
    }
    // Where the game turned sits beside the steps, outside the swapped view: the whole page
    // reads it, a step does not.
    if whole_page && snapshot.status == TableStatus::Finished {
        view.turned = crate::pages::turned::rendered(state, table.id, &played.reader, &names).await;
    }
    Ok(Some(view))
}

/// `GET /games/{id}/replay`.
pub async fn page(
    State(state): State<AppState>,
    Extension(steppers): Extension<Steppers>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(q): Query<StepQuery>,
) -> Response {
    match game_replay(&state, &ctx, &steppers, &id, &q, true).await {
        Ok(Some(view)) => page_response(&ctx, view),
        Ok(None) => ctx.redirect(&format!("/tables/{id}")),
        Err(e) => error_page(&ctx, e),
    }
}

/// `GET /games/{id}/replay/fragment?step=K&as=X`.
pub async fn fragment(
    State(state): State<AppState>,
    Extension(steppers): Extension<Steppers>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(q): Query<StepQuery>,
) -> Response {
    match game_replay(&state, &ctx, &steppers, &id, &q, false).await {
        Ok(Some(view)) => {
            let href = format!(
                "/games/{id}/replay?step={}&as={}",
                view.step, view.view_code
            );
            fragment_response(&ctx, &view, href)
        }
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(e) => (e.status, ctx.tr.t(e.message)).into_response(),
    }
}
