//! A game over HTTP: its state for the caller, its seats' actions, its record.

use agora_engine::{GameRecord, Seat, Viewer};
use agora_store::{Account, StoreError, TableId};
use axum::Json;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
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

/// The game a request's path names (`/api/games/{id}/…`): `not_found` when the id is no id.
#[derive(Debug)]
pub struct GameId(pub TableId);

impl FromRequestParts<AppState> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Path(id) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::NotFound("game"))?;
        table_id(&id, "game").map(GameId)
    }
}

/// The game a request's path names, routed to the node that runs it.
#[derive(Debug)]
pub struct GameAt {
    pub id: TableId,
    pub handle: GameHandle,
}

impl FromRequestParts<AppState> for GameAt {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let GameId(id) = GameId::from_request_parts(parts, state).await?;
        let handle = state.games().handle(id).await?;
        Ok(GameAt { id, handle })
    }
}

/// The signed-in caller's seat at the game the path names: what every seat's action needs
/// (`unauthorized` without an account, `forbidden` without a seat there).
#[derive(Debug)]
pub struct SeatAt {
    pub state: AppState,
    pub game: GameAt,
    pub seat: Seat,
}

impl FromRequestParts<AppState> for SeatAt {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let SignedIn(account) = SignedIn::from_request_parts(parts, state).await?;
        let game = GameAt::from_request_parts(parts, state).await?;
        SeatAt::of(state, &account, game)
    }
}

impl SeatAt {
    /// `account`'s seat at `game`; `forbidden` when it has none.
    fn of(state: &AppState, account: &Account, game: GameAt) -> Result<SeatAt, ApiError> {
        let Viewer::Seat(seat) = viewer_of(&game.handle, Some(account), &ViewerQuery::default())?
        else {
            return Err(ApiError::Forbidden("you have no seat at this game"));
        };
        Ok(SeatAt {
            state: state.clone(),
            game,
            seat,
        })
    }

    /// [`SeatAt`] for the pages' forms, which name the game by the text of their path.
    async fn find(state: &AppState, account: &Account, id: &str) -> Result<SeatAt, ApiError> {
        let id = table_id(id, "game")?;
        let handle = state.games().handle(id).await?;
        SeatAt::of(state, account, GameAt { id, handle })
    }

    /// Does `action` for this seat (played at `version`, when given); the game's version
    /// once the action is durable.
    async fn act(&self, action: Action, version: Option<u64>) -> Result<u64, ApiError> {
        self.game.handle.act(self.seat, action, version).await
    }

    /// [`SeatAt::act`], answered as the API answers an action.
    async fn answer(&self, action: Action, version: Option<u64>) -> ApiResult {
        let version = self.act(action, version).await?;
        Ok(Json(json!({"version": version})))
    }

    /// Asks for a rematch: the game's version, and the rematch's id once it has started.
    async fn rematch(&self) -> Result<(u64, Option<TableId>), ApiError> {
        lobby::ask_rematch(&self.state, &self.game.handle, self.seat).await
    }
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
    MaybeAccount(account): MaybeAccount,
    GameAt { handle, .. }: GameAt,
    Query(query): Query<ViewerQuery>,
) -> ApiResult {
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
    SeatAt::find(state, account, id)
        .await?
        .act(action, version)
        .await
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
pub async fn rematch(seat: SeatAt, Body(_): Body<Empty>) -> ApiResult {
    let (version, next) = seat.rematch().await?;
    Ok(Json(json!({"version": version, "next": next})))
}

/// Asks for a rematch for `account`'s seat at game `id`: what `POST /api/games/{id}/rematch`
/// does, and what the pages' form calls. Returns the game's version and the rematch's id
/// once it has started.
pub async fn rematch_as(
    state: &AppState,
    account: &Account,
    id: &str,
) -> Result<(u64, Option<TableId>), ApiError> {
    SeatAt::find(state, account, id).await?.rematch().await
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
pub async fn hint(seat: SeatAt, Body(_): Body<Empty>) -> ApiResult {
    let SeatAt { state, game, seat } = seat;
    let table = lobby::load_table(&state, game.id).await?;
    let version = game
        .handle
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
pub async fn play(seat: SeatAt, Body(body): Body<MoveBody>) -> ApiResult {
    seat.answer(Action::Play(body.notation), body.version).await
}

/// A seat's action that takes nothing but the version it was chosen at: its handler, with
/// the route's OpenAPI description.
macro_rules! version_action {
    ($($name:ident: $path:literal, $summary:literal => $action:expr;)*) => {$(
        #[utoipa::path(
            post,
            path = $path,
            tag = "games",
            summary = $summary,
            request_body(content = Option<VersionBody>, content_type = "application/json"),
            params(("id" = String, Path, description = "the game id (its table's)")),
            responses((status = 200, description = "`{\"version\": n}`", body = Object))
        )]
        pub async fn $name(seat: SeatAt, Body(body): Body<VersionBody>) -> ApiResult {
            seat.answer($action, body.version).await
        }
    )*};
}

version_action! {
    resign: "/api/games/{id}/resign", "Resigns." => Action::Resign;
    offer_draw: "/api/games/{id}/draw", "Offers (or accepts) a draw." => Action::OfferDraw;
    decline_draw: "/api/games/{id}/draw/decline", "Declines the draw offers." => Action::DeclineDraw;
    abort: "/api/games/{id}/abort", "Aborts a game that has barely begun." => Action::Abort;
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
    GameId(id): GameId,
) -> ApiResult<Json<GameRecord>> {
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
