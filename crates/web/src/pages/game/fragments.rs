//! What a game page's script takes to bring the page up to date: the fragments that changed
//! since the version it shows, the new history entries and what to announce, rendered for
//! its reader (`GET /games/{id}/fragments`, and the answer to the reader's own move,
//! [`super::forms`]).

use std::sync::Arc;

use agora_server::AppState;
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::header::{CONTENT_ENCODING, CONTENT_TYPE, VARY};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;

use super::{GameView, game_view_since, loaded, parts, seat_mute, tab_title};
use crate::ctx::{Ctx, PageError};
use crate::layout::error_page;
use crate::play::Played;
use crate::play::kept::Drawn;
use crate::play::shared::{Parts, SharedKey, TOKEN_PLACEHOLDER, token_in};

#[derive(Debug, Deserialize)]
pub struct Since {
    #[serde(default)]
    since: Option<u64>,
    #[serde(default)]
    rot: Option<String>,
}

/// The fragments of `view` the reader's page lacks, given what it was sent `before`
/// ([`parts::changed`]), and what it has then: a spectator's drawn once per version for every
/// spectator who sees them alike ([`crate::play::shared`]), a seat's always its own.
fn fragments_for(
    ctx: &Ctx,
    played: &Played,
    view: &mut GameView,
    rot: Option<&str>,
    keys: &[Option<u64>],
    before: Option<&[Drawn]>,
) -> Result<(Parts, Vec<Drawn>), askama::Error> {
    let (Some(kept), Some(key)) = (&ctx.kept, SharedKey::of(played, ctx.prefs, rot)) else {
        return parts::render_changed(view, keys, before);
    };
    let id = played.table.id;
    let shared = match kept.shared(id, &key) {
        Some(parts) => parts,
        None => {
            let token = std::mem::replace(&mut view.csrf, TOKEN_PLACEHOLDER.clone());
            let drawn = parts::render_fragments(view);
            view.csrf = token;
            let parts = Arc::new(drawn?);
            kept.share(id, key, Arc::clone(&parts));
            parts
        }
    };
    parts::changed(view.table.kind(), keys, before, |i, _| {
        Ok(token_in(&shared[i].1, &ctx.csrf))
    })
}

/// What a page's fragments are drawn with besides the game: the reader, their settings and
/// form token, and the page's query. Two requests with the same key and version render the
/// same fragments.
fn render_key(ctx: &Ctx, played: &Played, rot: Option<&str>) -> u64 {
    parts::hash_of((ctx.lang(), played.viewer, &ctx.csrf, rot, ctx.prefs))
}

/// `GET /games/{id}/fragments?since=V`: the page's changing parts, rendered for this reader,
/// with what to announce since version `V` ([`fragments_of`]).
pub async fn fragments(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(q): Query<Since>,
) -> Response {
    let played = match loaded(&state, &ctx, &id).await {
        Ok(Some(played)) => played,
        Ok(None) => return StatusCode::NOT_FOUND.into_response(),
        Err(e) => return (e.status, ctx.tr.t(e.message)).into_response(),
    };
    match fragments_of(&state, &ctx, &played, q.since, q.rot.as_deref()).await {
        Ok(page) => ctx.respond(StatusCode::OK, json_answer(&ctx, &page.body, page.size)),
        Err(e) => error_page(&ctx, e),
    }
}

/// What a page lacks since a version: its changed fragments, new history entries and what to
/// announce, as the JSON `game.js` takes them (from a fragment request, or in the answer to
/// the reader's own move).
pub(super) struct PageUpdate {
    pub(super) body: serde_json::Value,
    /// The length of the HTML in it, for [`json_answer`]'s buffer.
    pub(super) size: usize,
}

/// The page's changing parts, rendered for this reader, with what to announce since version
/// `since`. Only the history entries after it come, and, when this reader's fragments at
/// `since` are remembered, only the fragments that changed since; without `since` (or one
/// not remembered), every fragment.
pub(super) async fn fragments_of(
    state: &AppState,
    ctx: &Ctx,
    played: &Played,
    since: Option<u64>,
    rot: Option<&str>,
) -> Result<PageUpdate, PageError> {
    let asked = since;
    let since = since.unwrap_or(0);
    let mut view = game_view_since(ctx, played, rot, since);
    seat_mute::add(state, ctx, &mut view).await;
    let reader = render_key(ctx, played, rot);
    let keys = parts::input_keys(played, &view, reader);
    let before = match (&ctx.kept, asked) {
        (Some(kept), Some(since)) => kept.drawn(played.table.id, reader, since),
        _ => None,
    };
    let (parts, drawn) = fragments_for(ctx, played, &mut view, rot, &keys, before.as_deref())?;
    if let Some(kept) = &ctx.kept {
        kept.remember(played.table.id, reader, view.version, drawn);
    }
    let mut size = 0;
    let parts: serde_json::Map<String, serde_json::Value> = parts
        .into_iter()
        .map(|(name, html)| {
            size += html.len();
            (name.to_string(), html.into())
        })
        .collect();
    // New history entries are appended, so the log announces only them.
    let entries = (parts::EntriesFragment { g: &view }).render()?;
    let mut assertive = Vec::new();
    if view.my_turn && since < view.version {
        assertive.push(ctx.tr.t("your-turn"));
    }
    // Said once per version: the page asks again at every event, not on a timer.
    let polite: Vec<&String> = view
        .computer_thinking
        .iter()
        .filter(|_| since < view.version)
        .collect();
    size += entries.len();
    let body = json!({
        "version": view.version,
        "fragments": parts,
        "entries": entries,
        "assertive": assertive,
        "polite": polite,
        "title": format!("{} — Agora", tab_title(ctx.tr, &view)),
        "your_turn": view.my_turn,
        "rematch": view.rematch_next,
    });
    Ok(PageUpdate { body, size })
}

/// `body` as a JSON answer, written into a buffer of about its size from the start (the
/// fragments are tens of kB of HTML, which a buffer grown by doubling copied several times:
/// an eighth of a fragment request's CPU), then gzip-compressed by this thread's kept
/// compressor ([`crate::gzip`]) when the browser takes it. `size`: the length of its strings.
pub(super) fn json_answer(ctx: &Ctx, body: &serde_json::Value, size: usize) -> Response {
    // Escaping adds little to HTML (its quotes, mostly); the rest is the fields around it.
    let mut bytes = Vec::with_capacity(size + size / 8 + 1024);
    if let Err(e) = serde_json::to_writer(&mut bytes, body) {
        tracing::warn!(error = %e, "fragments not written");
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    }
    let json = (CONTENT_TYPE, HeaderValue::from_static("application/json"));
    if bytes.len() < crate::gzip::SMALLEST || !crate::gzip::accepted(&ctx.headers) {
        return ([json], bytes).into_response();
    }
    let zipped = crate::gzip::compress(&bytes);
    let headers = [
        json,
        (CONTENT_ENCODING, HeaderValue::from_static("gzip")),
        (VARY, HeaderValue::from_static("accept-encoding")),
    ];
    (headers, zipped).into_response()
}
