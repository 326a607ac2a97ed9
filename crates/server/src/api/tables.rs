//! The lobby's tables over HTTP: thin handlers over [`crate::lobby`].

use agora_store::Table;
use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};

use super::{ApiResult, table_id};
use crate::AppState;
use crate::accounts::auth::SignedIn;
use crate::http::body::{Body, Query};
use crate::lobby::{self, CreateTable, Created};

/// A table as clients see it: never the invitation hashes.
pub fn table_json(table: &Table) -> Value {
    json!({
        "id": table.id,
        "game": table.game,
        "options": table.options,
        "time_control": table.time_control,
        "public": table.public,
        "status": table.status,
        "created_by": table.created_by,
        "created_at": table.created_at,
        "expired_at": table.expired_at,
        "seats": table.seats.iter().map(|s| json!({
            "seat": s.seat,
            "kind": s.kind,
            "account": s.account,
            "name": s.name,
            "ai_level": s.ai_level,
            "filled": s.is_filled(),
        })).collect::<Vec<_>>(),
    })
}

#[utoipa::path(
    get,
    path = "/api/tables",
    tag = "lobby",
    summary = "Public tables waiting for players, newest first (100 at most).",
    responses((status = 200, description = "`{\"tables\": [...]}`", body = Object))
)]
pub async fn open_tables(State(state): State<AppState>) -> ApiResult {
    let tables = lobby::listed_open_tables(&state, 100).await?;
    Ok(Json(
        json!({"tables": tables.iter().map(table_json).collect::<Vec<_>>()}),
    ))
}

#[utoipa::path(
    get,
    path = "/api/tables/{id}",
    tag = "lobby",
    summary = "One table.",
    params(("id" = String, Path, description = "the table id (ten letters)")),
    responses((status = 200, description = "`{\"table\": {...}}`", body = Object))
)]
pub async fn table(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    let table = lobby::load_table(&state, table_id(&id, "table")?).await?;
    Ok(Json(json!({"table": table_json(&table)})))
}

#[utoipa::path(
    post,
    path = "/api/tables",
    tag = "lobby",
    summary = "Creates a table (see docs/protocol.md, Tables, for the body).",
    request_body(content = Value, content_type = "application/json"),
    responses((status = 200, description = "`{\"table\": {...}, \"invites\": [...]}`", body = Object))
)]
pub async fn create_table(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Body(body): Body<CreateTable>,
) -> ApiResult {
    let Created { table, invites } = lobby::create_table(&state, &account, body).await?;
    let id = table.id;
    Ok(Json(json!({
        "table": table_json(&table),
        "invites": invites.iter().map(|(seat, secret)| json!({
            "seat": seat,
            "invite": secret.as_str(),
            "join": format!("/api/tables/{id}/join?invite={}", secret.as_str()),
        })).collect::<Vec<_>>(),
    })))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Join {
    #[serde(default)]
    seat: Option<u8>,
    #[serde(default)]
    invite: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct InviteQuery {
    #[serde(default)]
    invite: Option<String>,
}

#[utoipa::path(
    post,
    path = "/api/tables/{id}/join",
    tag = "lobby",
    summary = "Sits down at an open table.",
    request_body(content = Option<Join>, content_type = "application/json"),
    params(("id" = String, Path, description = "the table id (ten letters)"), InviteQuery),
    responses((status = 200, description = "`{\"seat\": n, \"table\": {...}}`", body = Object))
)]
pub async fn join(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Query(query): Query<InviteQuery>,
    Body(body): Body<Join>,
) -> ApiResult {
    let id = table_id(&id, "table")?;
    let invite = body.invite.or(query.invite);
    let (seat, table) = lobby::join(&state, &account, id, body.seat, invite.as_deref()).await?;
    Ok(Json(json!({"seat": seat, "table": table_json(&table)})))
}

#[utoipa::path(
    post,
    path = "/api/tables/{id}/leave",
    tag = "lobby",
    summary = "Stands up from an open table.",
    params(("id" = String, Path, description = "the table id (ten letters)")),
    responses((status = 200, description = "`{\"ok\": true}`", body = Object))
)]
pub async fn leave(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
) -> ApiResult {
    lobby::leave(&state, &account, table_id(&id, "table")?).await?;
    Ok(Json(json!({"ok": true})))
}

#[utoipa::path(
    post,
    path = "/api/tables/{id}/cancel",
    tag = "lobby",
    summary = "Calls off an open table (its creator).",
    params(("id" = String, Path, description = "the table id (ten letters)")),
    responses((status = 200, description = "`{\"ok\": true}`", body = Object))
)]
pub async fn cancel(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
) -> ApiResult {
    lobby::cancel(&state, &account, table_id(&id, "table")?).await?;
    Ok(Json(json!({"ok": true})))
}
