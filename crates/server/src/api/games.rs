//! A game over HTTP: its state for the caller, its seats' actions, its record.

use agora_engine::{GameRecord, Seat, Viewer};
use agora_store::{Account, StoreError};
use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::{ApiResult, table_id};
use crate::accounts::auth::{MaybeAccount, SignedIn};
use crate::http::body::{Body, Query};
use crate::lobby;
use crate::play::actor::{Action, GameHandle};
use crate::{ApiError, AppState, Detail};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ViewerQuery {
    /// `spectator` to watch a game you sit at as a spectator would.
    #[serde(default, rename = "as")]
    pub as_: Option<String>,
    /// For WebSockets: the last version the client saw.
    #[serde(default)]
    pub since: Option<u64>,
}

/// Who `account` is at game `id`: its seat, or a spectator.
pub fn viewer_of(
    handle: &GameHandle,
    account: Option<&Account>,
    query: &ViewerQuery,
) -> Result<Viewer, ApiError> {
    if query.as_.as_deref() == Some("spectator") {
        return Ok(Viewer::Spectator);
    }
    if let Some(other) = &query.as_ {
        return Err(ApiError::BadRequest(format!(
            "as={other:?}: the only choice is as=spectator"
        )));
    }
    Ok(account
        .and_then(|account| handle.seat_of(account.id))
        .map_or(Viewer::Spectator, Viewer::Seat))
}

#[utoipa::path(
    get,
    path = "/api/games/{id}",
    tag = "games",
    summary = "The game as this viewer may see it.",
    params(("id" = String, Path, description = "the game id (its table's)"), ViewerQuery),
    responses((status = 200, description = "the state: `id`, `version`, `status`, `turn`, `view`, `legal_moves`, ... (docs/protocol.md, Games)", body = Object))
)]
pub async fn game(
    State(state): State<AppState>,
    MaybeAccount(account): MaybeAccount,
    Path(id): Path<String>,
    Query(query): Query<ViewerQuery>,
) -> ApiResult {
    let id = table_id(&id, "game")?;
    let handle = state.games().handle(id).await?;
    let viewer = viewer_of(&handle, account.as_ref(), &query)?;
    let mut snapshot = handle.snapshot(viewer, Detail::Full).await?;
    snapshot.viewer = Some(viewer);
    Ok(Json(json!(snapshot)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    #[serde(rename = "move")]
    notation: String,
    /// The version the move was chosen at; refused as stale if the game moved on.
    #[serde(default)]
    version: Option<u64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VersionBody {
    #[serde(default)]
    version: Option<u64>,
}

async fn act(
    state: &AppState,
    account: &Account,
    id: &str,
    action: Action,
    version: Option<u64>,
) -> ApiResult {
    let version = act_as(state, account, id, action, version).await?;
    Ok(Json(json!({"version": version})))
}

/// Does `action` for `account`'s seat at game `id` (played at `version`, when given): what
/// `POST /api/games/{id}/move` and the other actions do, and what the pages' forms call.
/// Returns the game's version once the action is durable.
pub async fn act_as(
    state: &AppState,
    account: &Account,
    id: &str,
    action: Action,
    version: Option<u64>,
) -> Result<u64, ApiError> {
    let (handle, seat) = seated(state, account, id).await?;
    handle.act(seat, action, version).await
}

/// Game `id` and `account`'s seat at it, which acting needs.
async fn seated(
    state: &AppState,
    account: &Account,
    id: &str,
) -> Result<(GameHandle, Seat), ApiError> {
    let id = table_id(id, "game")?;
    let handle = state.games().handle(id).await?;
    let Viewer::Seat(seat) = viewer_of(&handle, Some(account), &ViewerQuery::default())? else {
        return Err(ApiError::Forbidden("you have no seat at this game"));
    };
    Ok((handle, seat))
}

#[utoipa::path(
    post,
    path = "/api/games/{id}/rematch",
    tag = "games",
    summary = "Asks for a rematch of a game that is over.",
    request_body(content = Option<Empty>, content_type = "application/json"),
    params(("id" = String, Path, description = "the game id (its table's)")),
    responses((status = 200, description = "`{\"version\": n, \"next\": id|null}`", body = Object))
)]
pub async fn rematch(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(_): Body<Empty>,
) -> ApiResult {
    let (version, next) = rematch_as(&state, &account, &id).await?;
    Ok(Json(json!({"version": version, "next": next})))
}

/// Asks for a rematch for `account`'s seat at game `id`: what `POST /api/games/{id}/rematch`
/// does, and what the pages' form calls. Returns the game's version and the rematch's id
/// once it has started.
pub async fn rematch_as(
    state: &AppState,
    account: &Account,
    id: &str,
) -> Result<(u64, Option<agora_store::TableId>), ApiError> {
    let (handle, seat) = seated(state, account, id).await?;
    lobby::ask_rematch(state, &handle, seat).await
}

#[utoipa::path(
    post,
    path = "/api/games/{id}/hint",
    tag = "games",
    summary = "The move the computer would play for you, and the facts of why.",
    description = "Only in a game where every other seat is the computer's, on your own turn. \
        Searched once per seat and turn, on any node: asking again returns the same hint.",
    request_body(content = Option<Empty>, content_type = "application/json"),
    params(("id" = String, Path, description = "the game id (its table's)")),
    responses((status = 200, description = "`{\"version\", \"move\", \"verdict\", \"moves\", \"facts\", \"runners_up\"}` (docs/protocol.md, Hints)", body = Object))
)]
pub async fn hint(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(_): Body<Empty>,
) -> ApiResult {
    let (handle, seat) = seated(&state, &account, &id).await?;
    let table = lobby::load_table(&state, table_id(&id, "game")?).await?;
    let version = handle
        .snapshot(Viewer::Seat(seat), Detail::Table)
        .await?
        .version;
    Ok(Json(
        super::hint::for_api(&state, &table, seat, version).await?,
    ))
}

/// A body with nothing in it (`{}`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Empty {}

#[utoipa::path(
    post,
    path = "/api/games/{id}/move",
    tag = "games",
    summary = "Plays a move in the game's notation.",
    request_body(content = MoveBody, content_type = "application/json"),
    params(("id" = String, Path, description = "the game id (its table's)")),
    responses((status = 200, description = "`{\"version\": n}` once the move is stored", body = Object))
)]
pub async fn play(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(body): Body<MoveBody>,
) -> ApiResult {
    act(
        &state,
        &account,
        &id,
        Action::Play(body.notation),
        body.version,
    )
    .await
}

#[utoipa::path(
    post,
    path = "/api/games/{id}/resign",
    tag = "games",
    summary = "Resigns.",
    request_body(content = Option<VersionBody>, content_type = "application/json"),
    params(("id" = String, Path, description = "the game id (its table's)")),
    responses((status = 200, description = "`{\"version\": n}`", body = Object))
)]
pub async fn resign(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(body): Body<VersionBody>,
) -> ApiResult {
    act(&state, &account, &id, Action::Resign, body.version).await
}

#[utoipa::path(
    post,
    path = "/api/games/{id}/draw",
    tag = "games",
    summary = "Offers (or accepts) a draw.",
    request_body(content = Option<VersionBody>, content_type = "application/json"),
    params(("id" = String, Path, description = "the game id (its table's)")),
    responses((status = 200, description = "`{\"version\": n}`", body = Object))
)]
pub async fn offer_draw(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(body): Body<VersionBody>,
) -> ApiResult {
    act(&state, &account, &id, Action::OfferDraw, body.version).await
}

#[utoipa::path(
    post,
    path = "/api/games/{id}/draw/decline",
    tag = "games",
    summary = "Declines the draw offers.",
    request_body(content = Option<VersionBody>, content_type = "application/json"),
    params(("id" = String, Path, description = "the game id (its table's)")),
    responses((status = 200, description = "`{\"version\": n}`", body = Object))
)]
pub async fn decline_draw(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(body): Body<VersionBody>,
) -> ApiResult {
    act(&state, &account, &id, Action::DeclineDraw, body.version).await
}

#[utoipa::path(
    post,
    path = "/api/games/{id}/abort",
    tag = "games",
    summary = "Aborts a game that has barely begun.",
    request_body(content = Option<VersionBody>, content_type = "application/json"),
    params(("id" = String, Path, description = "the game id (its table's)")),
    responses((status = 200, description = "`{\"version\": n}`", body = Object))
)]
pub async fn abort(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(body): Body<VersionBody>,
) -> ApiResult {
    act(&state, &account, &id, Action::Abort, body.version).await
}

/// The record of a finished game, in the format `agora replay` reads.
#[utoipa::path(
    get,
    path = "/api/games/{id}/record",
    tag = "games",
    summary = "The record of a finished game, as `agora replay` reads it.",
    params(("id" = String, Path, description = "the game id (its table's)")),
    responses((status = 200, description = "`{\"game\", \"seed\", \"options\", \"setup\", \"moves\", \"commitment\", \"salt\"}`", body = Object))
)]
pub async fn record(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<GameRecord>> {
    let id = table_id(&id, "game")?;
    let stored = match state.store().game(id).await {
        Err(StoreError::NotFound) => return Err(ApiError::NotFound("game")),
        other => other?,
    };
    if !stored.table.status.is_closed() {
        return Err(ApiError::NotFinished);
    }
    Ok(Json(GameRecord {
        game: stored.table.game,
        commitment: stored.game.commitment(),
        salt: stored.game.salt,
        seed: Some(stored.game.seed),
        options: Some(stored.table.options),
        setup: Some(stored.game.setup),
        moves: stored
            .events
            .into_iter()
            .filter_map(|e| e.notation)
            .collect(),
    }))
}
