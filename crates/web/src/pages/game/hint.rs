//! `POST /games/{id}/hint`: the move the computer would play for the reader, and why, shown
//! beside the move controls. Only in a casual game (no other seat is a person: until rated
//! tables exist, a game against the computer), only on the reader's turn. The service is
//! `agora_server::api::hint`, the JSON API's too: searched once per seat and turn at `medium`'s
//! budget on the AI pool and kept in the store, so pressing again, on any node or after a
//! restart, shows the same answer and a player can make the server search no more than they
//! make it move.

use agora_engine::Seat;
use agora_server::AppState;
use agora_server::api::hint::AnyHint;
use askama::Template;
use axum::Form;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;

use super::{game_view, loaded, page_response};
use crate::ctx::{Ctx, PageError};
use crate::layout::error_page;
use crate::play::Played;
use crate::play::hint_words::tell;

/// How many hint searches this process has run: one per seat and turn at most, kept in the
/// store for every node.
pub fn searches() -> u64 {
    agora_server::api::hint::searches()
}

/// Whether hints are offered in `played`: a table that is not rated, where no seat but the
/// reader's is a person's (a seat a stand-in plays is still its person's).
pub fn casual(played: &Played) -> bool {
    played
        .my_seat()
        .is_some_and(|me| agora_server::api::hint::casual(&played.table, me))
}

/// Whether the page offers the reader a hint now.
pub fn offered(played: &Played) -> bool {
    played.my_seat().is_some() && played.playing() && played.my_turn() && casual(played)
}

/// The hint for `seat` at this version of the game: the one kept in the store, or searched
/// on the AI pool and kept.
async fn hint_for(state: &AppState, played: &Played, seat: Seat) -> Option<AnyHint> {
    let hint = agora_server::api::hint::hint_at(
        state,
        played.table.id,
        seat,
        &played.game,
        played.snapshot.version,
    )
    .await;
    hint.map_err(|e| tracing::warn!(error = ?e, "no hint")).ok()
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
            PageError::new(
                StatusCode::FORBIDDEN,
                if played.table.rated {
                    "hint-not-casual-rated"
                } else {
                    "hint-not-casual"
                },
            ),
        );
    }
    let mut view = game_view(&ctx, &played, None);
    if !offered(&played) {
        // The turn moved on (or the game ended) since the page was drawn: say so there.
        view.move_error = Some(ctx.tr.t("hint-not-your-turn"));
        return page_response(&state, &ctx, view, StatusCode::CONFLICT).await;
    }
    let Some(hint) = hint_for(&state, &played, seat).await else {
        return error_page(
            &ctx,
            PageError::new(StatusCode::SERVICE_UNAVAILABLE, "hint-failed"),
        );
    };
    let told = tell(&hint, &played.reader);
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
    page_response(&state, &ctx, view, StatusCode::OK).await
}
