//! `POST /games/{id}/hint`: the move the computer would play for the reader, and why, shown
//! beside the move controls. Only in a casual game (no other seat is a person: until rated
//! tables exist, a game against the computer), only on the reader's turn, and searched once
//! per seat and turn at `medium`'s budget on the AI pool: pressing again shows the same answer,
//! so a player can make the server search no more than they make it move.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex};

use agora_ai::{GameHint, Level};
use agora_engine::{Seat, Viewer};
use agora_games::AnyGame;
use agora_present::Reader;
use agora_present::hint::{HintText, TellHint};
use agora_server::AppState;
use agora_store::{SeatKind, TableId};
use askama::Template;
use axum::Form;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::OnceCell;

use super::{game_view, loaded, page_response};
use crate::ctx::{Ctx, PageError};
use crate::layout::error_page;
use crate::play::Played;

/// A hint of any game, as the search left it (told in the reader's language when shown).
#[derive(Clone, Debug)]
enum AnyHint {
    Tyrus(GameHint<agora_tyrus::Tyrus>),
    Tsuro(GameHint<agora_tsuro::Tsuro>),
    Tyranny(GameHint<agora_tyranny::Tyranny>),
}

impl AnyHint {
    fn tell(&self, reader: &Reader) -> HintText {
        match self {
            AnyHint::Tyrus(h) => agora_tyrus::Tyrus::tell_hint(reader, h),
            AnyHint::Tsuro(h) => agora_tsuro::Tsuro::tell_hint(reader, h),
            AnyHint::Tyranny(h) => agora_tyranny::Tyranny::tell_hint(reader, h),
        }
    }
}

/// The searched hints: one per game and seat, for the version of the game it was asked at. A
/// new turn replaces the seat's entry; the cell makes presses at the same time wait for one
/// search.
type Slot = (u64, Arc<OnceCell<AnyHint>>);
static HINTS: LazyLock<Mutex<HashMap<(TableId, Seat), Slot>>> = LazyLock::new(Mutex::default);

/// Entries kept at most: past this the oldest games' hints are forgotten (all at once, which
/// at worst costs a game one more search).
const KEPT: usize = 4096;

static SEARCHES: AtomicU64 = AtomicU64::new(0);

/// How many hint searches this process has run: one per seat and turn at most.
pub fn searches() -> u64 {
    SEARCHES.load(Ordering::Relaxed)
}

/// Whether hints are offered in `played`: no seat but the reader's is a person's (a seat a
/// stand-in plays is still its person's).
pub fn casual(played: &Played) -> bool {
    let me = played.my_seat();
    played
        .table
        .seats
        .iter()
        .all(|s| Some(Seat(s.seat)) == me || s.kind == SeatKind::Ai)
}

/// Whether the page offers the reader a hint now.
pub fn offered(played: &Played) -> bool {
    played.my_seat().is_some() && played.playing() && played.my_turn() && casual(played)
}

fn search(game: &AnyGame, seat: Seat, seed: u64) -> Option<AnyHint> {
    SEARCHES.fetch_add(1, Ordering::Relaxed);
    // The search sees the seat's view only, as a bot does.
    fn of<G: TellHint>(game: &G, seat: Seat, seed: u64) -> Option<GameHint<G>> {
        agora_ai::hint::<G>(&game.view(Viewer::Seat(seat)), seat, Level::Medium, seed).ok()
    }
    match game {
        AnyGame::Tyrus(g) => of(g, seat, seed).map(AnyHint::Tyrus),
        AnyGame::Tsuro(g) => of(g, seat, seed).map(AnyHint::Tsuro),
        AnyGame::Tyranny(g) => of(g, seat, seed).map(AnyHint::Tyranny),
    }
}

/// The hint for `seat` at this version of the game: searched on the AI pool the first time,
/// remembered after.
async fn hint_for(state: &AppState, played: &Played, seat: Seat) -> Option<AnyHint> {
    let id = played.table.id;
    let version = played.snapshot.version;
    let cell = {
        let mut hints = HINTS.lock().unwrap_or_else(|e| e.into_inner());
        if hints.len() >= KEPT {
            hints.clear();
        }
        let slot = hints
            .entry((id, seat))
            .or_insert_with(|| (version, Arc::default()));
        if slot.0 != version {
            *slot = (version, Arc::default());
        }
        slot.1.clone()
    };
    let game = played.game.clone();
    let pool = state.pool().clone();
    // A search that failed is not remembered: the next press tries again.
    cell.get_or_try_init(|| async move {
        pool.run_for(id, Level::Medium.threads(), move || {
            search(&game, seat, version)
        })
        .await
        .flatten()
        .ok_or(())
    })
    .await
    .ok()
    .cloned()
}

#[derive(Debug, Deserialize)]
pub struct HintForm {
    #[serde(default)]
    csrf: String,
}

/// The hint panel, alone: what `game.js` puts into the page.
#[derive(Template)]
#[template(path = "game/hint.html")]
struct HintFragment<'a> {
    g: &'a super::GameView,
}

/// `POST /games/{id}/hint`: the page again with the hint beside the move controls (the move
/// typed into the move box, not played), or for `game.js` the panel alone; 403 in a game with
/// another person at the table.
pub async fn hint(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<HintForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let played = match loaded(&state, &ctx, &id).await {
        Ok(Some(played)) => played,
        Ok(None) => return ctx.redirect(&format!("/tables/{id}")),
        Err(e) => return error_page(&ctx, e),
    };
    let Some(seat) = played.my_seat() else {
        return error_page(
            &ctx,
            PageError::new(StatusCode::FORBIDDEN, "hint-not-seated"),
        );
    };
    if !casual(&played) {
        return error_page(
            &ctx,
            PageError::new(StatusCode::FORBIDDEN, "hint-not-casual"),
        );
    }
    let mut view = game_view(&ctx, &played, None);
    if !offered(&played) {
        // The turn moved on (or the game ended) since the page was drawn: say so there.
        view.move_error = Some(ctx.tr.t("hint-not-your-turn"));
        return page_response(&ctx, view, StatusCode::CONFLICT);
    }
    let Some(hint) = hint_for(&state, &played, seat).await else {
        return error_page(
            &ctx,
            PageError::new(StatusCode::SERVICE_UNAVAILABLE, "hint-failed"),
        );
    };
    let told = hint.tell(&played.reader);
    view.typed_move = told.notation.clone();
    view.hint = Some(told);
    if ctx.headers.contains_key("x-agora-fetch") {
        let html = match (HintFragment { g: &view }).render() {
            Ok(html) => html,
            Err(e) => return error_page(&ctx, e.into()),
        };
        return ctx.respond(
            StatusCode::OK,
            axum::Json(json!({"hint": html, "move": view.typed_move})).into_response(),
        );
    }
    page_response(&ctx, view, StatusCode::OK)
}
