//! The HTTP handlers, by concern: [`accounts`] (sign-up, sessions, tokens), [`tables`] (the
//! lobby's tables, through [`crate::lobby`]) and [`games`] (a game's state and its seats'
//! actions). Every body is JSON; every error is `{"error": {"code", "message"}}`. Beside
//! them, a game's WebSocket ([`ws`]), the OpenAPI document of every route ([`openapi`]) and
//! the hint service ([`hint`]), which the web pages' Hint button uses too.
//!
//! This room is the server's public face: it may import every room below it (play,
//! accounts, http, the lobby, error); only [`crate::app`], which routes to it, imports it.

mod accounts;
pub mod chances;
pub mod chat;
mod games;
pub mod hint;
pub mod openapi;
mod players;
mod tables;
pub mod ws;

pub use accounts::*;
pub use chances::chances;
pub use chat::*;
pub use games::*;
pub use players::*;
pub use tables::*;

use agora_ai::Level;
use agora_games::GameKind;
use agora_store::TableId;
use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use crate::{ApiError, AppState};

pub(crate) type ApiResult<T = Json<Value>> = Result<T, ApiError>;

#[utoipa::path(
    get,
    path = "/api",
    tag = "meta",
    summary = "This server, and where its protocol is described.",
    responses((status = 200, description = "a plain-text pointer to the protocol", body = String, content_type = "text/plain"))
)]
pub async fn index() -> &'static str {
    "Agora game server.\n\
     The API lives under /api (JSON over HTTP, live games over WebSocket at /api/games/{id}/ws).\n\
     See docs/protocol.md.\n"
}

#[utoipa::path(
    get,
    path = "/api/health",
    tag = "meta",
    summary = "Whether the server runs, and how busy its AI is.",
    responses((status = 200, description = "`{\"ok\": true, \"ai\": {\"threads\": 4, \"running\": 1, \"waiting\": 0}}`", body = Object))
)]
pub async fn health(State(state): State<AppState>) -> Json<Value> {
    let pool = state.pool();
    let (running, mut waiting) = pool.load();
    // On PostgreSQL: this node's games whose move waits in the shared queue.
    if let Some(queue) = &state.games().context().ai_queue {
        waiting += queue.waiting_games();
    }
    Json(json!({
        "ok": true,
        "ai": {"threads": pool.size(), "running": running, "waiting": waiting},
    }))
}

pub async fn not_found() -> ApiError {
    ApiError::NotFound("route")
}

#[utoipa::path(
    get,
    path = "/api/catalog",
    tag = "meta",
    summary = "The games and AI levels on offer.",
    responses((status = 200, description = "`{\"games\": [...], \"ai_levels\": [...]}`", body = Object))
)]
pub async fn catalog() -> Json<Value> {
    let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    let levels: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
    Json(json!({"games": games, "ai_levels": levels}))
}

/// A table or game id from a path; `not_found` (naming `what`) when it is no id at all.
pub(crate) fn table_id(text: &str, what: &'static str) -> Result<TableId, ApiError> {
    text.parse().map_err(|_| ApiError::NotFound(what))
}
