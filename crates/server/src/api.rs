//! The HTTP handlers. Every body is JSON; every error is `{"error": {"code", "message"}}`.

use agora_ai::Level;
use agora_engine::{GameRecord, Seat, Viewer};
use agora_games::GameKind;
use agora_store::{Account, AccountKind, Secret, StoreError, Table, TableId, now_ms};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};

use crate::actor::{Action, GameHandle};
use crate::auth::{
    MaybeAccount, SignedIn, check_name, check_password, clear_cookie, credential, hash_password,
    may_hold_tokens, session_cookie, verify_password,
};
use crate::body::{Body, Query};
use crate::lobby::{self, CreateTable, Created};
use crate::{ApiError, AppState};

type ApiResult<T = Json<Value>> = Result<T, ApiError>;

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
    summary = "Whether the server runs.",
    responses((status = 200, description = "`{\"ok\": true}`", body = Object))
)]
pub async fn health() -> Json<Value> {
    Json(json!({"ok": true}))
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

fn account_json(account: &Account) -> Value {
    json!({"id": account.id, "name": account.name, "kind": account.kind})
}

/// Starts a session for `account`: the cookie for browsers, and the same secret in the body
/// for programs that prefer to keep it themselves.
async fn open_session(state: &AppState, account: &Account) -> Result<Response, ApiError> {
    let secret = Secret::random();
    let now = now_ms();
    let days = state.config().session_days;
    state
        .store()
        .create_session(&secret.hash(), account.id, now, now + days * 86_400_000)
        .await?;
    let cookie = session_cookie(&secret, days * 86_400, state.config().secure_cookies);
    let mut response = Json(json!({"account": account_json(account)})).into_response();
    response.headers_mut().insert(
        SET_COOKIE,
        HeaderValue::from_str(&cookie).map_err(|_| ApiError::Internal)?,
    );
    Ok(response)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignUp {
    name: String,
    password: String,
    /// A bot account plays through API tokens.
    #[serde(default)]
    bot: bool,
}

#[utoipa::path(
    post,
    path = "/api/signup",
    tag = "accounts",
    summary = "A new user or bot account, signed in (session cookie).",
    request_body(content = SignUp, content_type = "application/json"),
    responses((status = 200, description = "`{\"account\": {...}}`, with `Set-Cookie`", body = Object))
)]
pub async fn signup(
    State(state): State<AppState>,
    Body(body): Body<SignUp>,
) -> ApiResult<Response> {
    check_name(&body.name)?;
    check_password(&body.password)?;
    let password = body.password;
    let hash = state
        .hashing()
        .run(move || hash_password(&password))
        .await
        .ok_or(ApiError::Internal)??;
    let kind = if body.bot {
        AccountKind::Bot
    } else {
        AccountKind::User
    };
    let account = match state
        .store()
        .create_account(&body.name, kind, Some(&hash), now_ms())
        .await
    {
        Err(StoreError::Conflict(_)) => return Err(ApiError::NameTaken),
        other => other?,
    };
    open_session(&state, &account).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    name: String,
    password: String,
}

#[utoipa::path(
    post,
    path = "/api/signin",
    tag = "accounts",
    summary = "Signs in with a name and password (session cookie).",
    request_body(content = SignIn, content_type = "application/json"),
    responses((status = 200, description = "`{\"account\": {...}}`, with `Set-Cookie`", body = Object))
)]
pub async fn signin(
    State(state): State<AppState>,
    Body(body): Body<SignIn>,
) -> ApiResult<Response> {
    let account = match state.store().account_by_name(&body.name).await {
        Ok(account) => Some(account),
        Err(StoreError::NotFound) => None,
        Err(e) => return Err(e.into()),
    };
    let hash = account.as_ref().and_then(|a| a.password_hash.clone());
    let password = body.password;
    // Verify even when the name is unknown, so timing does not tell which names exist.
    let ok = state
        .hashing()
        .run(move || {
            let dummy = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$5sJj1eRZ1b1k5uJbI0dZpZ8Yb3Q8m8R3ZC2rKQ0x3xU";
            verify_password(&password, hash.as_deref().unwrap_or(dummy)) && hash.is_some()
        })
        .await
        .unwrap_or(false);
    match account {
        Some(account) if ok => open_session(&state, &account).await,
        _ => Err(ApiError::BadCredentials),
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Guest {
    name: String,
}

#[utoipa::path(
    post,
    path = "/api/guest",
    tag = "accounts",
    summary = "A new guest account, signed in (session cookie).",
    request_body(content = Guest, content_type = "application/json"),
    responses((status = 200, description = "`{\"account\": {...}}`, with `Set-Cookie`", body = Object))
)]
pub async fn guest(State(state): State<AppState>, Body(body): Body<Guest>) -> ApiResult<Response> {
    check_name(&body.name)?;
    let account = match state
        .store()
        .create_account(&body.name, AccountKind::Guest, None, now_ms())
        .await
    {
        Err(StoreError::Conflict(_)) => return Err(ApiError::NameTaken),
        other => other?,
    };
    open_session(&state, &account).await
}

#[utoipa::path(
    post,
    path = "/api/signout",
    tag = "accounts",
    summary = "Ends this session.",
    responses((status = 200, description = "`{\"ok\": true}`; the cookie is cleared", body = Object))
)]
pub async fn signout(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let (mut parts, ()) = axum::http::Request::new(()).into_parts();
    parts.headers = headers;
    if let Some(crate::auth::Credential::Session(secret)) = credential(&parts) {
        state.store().delete_session(&secret.hash()).await?;
        state.credentials().forget_session(&secret.hash());
        state.live_credentials().revoke_session(&secret.hash());
    }
    let mut response = Json(json!({"ok": true})).into_response();
    response.headers_mut().insert(
        SET_COOKIE,
        HeaderValue::from_str(&clear_cookie()).map_err(|_| ApiError::Internal)?,
    );
    Ok(response)
}

#[utoipa::path(
    get,
    path = "/api/me",
    tag = "accounts",
    summary = "The signed-in account.",
    responses((status = 200, description = "`{\"account\": {\"id\", \"name\", \"kind\"}}`", body = Object))
)]
pub async fn me(SignedIn(account): SignedIn) -> Json<Value> {
    Json(json!({"account": account_json(&account)}))
}

#[utoipa::path(
    get,
    path = "/api/me/games",
    tag = "accounts",
    summary = "The tables the account sits at, newest first (200 at most).",
    responses((status = 200, description = "`{\"tables\": [...]}`", body = Object))
)]
pub async fn my_games(State(state): State<AppState>, SignedIn(account): SignedIn) -> ApiResult {
    let tables = state.store().account_tables(account.id, 200).await?;
    Ok(Json(
        json!({"tables": tables.iter().map(table_json).collect::<Vec<_>>()}),
    ))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewToken {
    #[serde(default)]
    label: String,
}

#[utoipa::path(
    post,
    path = "/api/tokens",
    tag = "tokens",
    summary = "A new API token (users and bots).",
    request_body(content = Option<NewToken>, content_type = "application/json"),
    responses((status = 200, description = "`{\"id\", \"label\", \"token\"}`: the token is shown once", body = Object))
)]
pub async fn create_token(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Body(body): Body<NewToken>,
) -> ApiResult {
    if !may_hold_tokens(&account) {
        return Err(ApiError::Forbidden(
            "guests cannot hold API tokens; sign up",
        ));
    }
    let label: String = body.label.chars().take(60).collect();
    let secret = Secret::random();
    let id = state
        .store()
        .create_api_token(&secret.hash(), account.id, &label, now_ms())
        .await?;
    Ok(Json(
        json!({"id": id, "label": label, "token": secret.as_str()}),
    ))
}

#[utoipa::path(
    get,
    path = "/api/tokens",
    tag = "tokens",
    summary = "The account's API tokens.",
    responses((status = 200, description = "`{\"tokens\": [{\"id\", \"label\", \"created_at\"}]}`", body = Object))
)]
pub async fn tokens(State(state): State<AppState>, SignedIn(account): SignedIn) -> ApiResult {
    let tokens = state.store().api_tokens(account.id).await?;
    Ok(Json(
        json!({"tokens": tokens.iter().map(|(id, label, at)| json!({
        "id": id, "label": label, "created_at": at
    })).collect::<Vec<_>>()}),
    ))
}

#[utoipa::path(
    delete,
    path = "/api/tokens/{id}",
    tag = "tokens",
    summary = "Revokes a token.",
    params(("id" = String, Path, description = "the token id")),
    responses((status = 200, description = "`{\"ok\": true}`", body = Object))
)]
pub async fn delete_token(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
) -> ApiResult {
    let id: i64 = id.parse().map_err(|_| ApiError::NotFound("token"))?;
    let deleted = state.store().delete_api_token(account.id, id).await;
    state.credentials().forget_tokens();
    crate::revoke::after_token_deleted(&state, account.id).await;
    match deleted {
        Err(StoreError::NotFound) => Err(ApiError::NotFound("token")),
        other => other
            .map(|()| Json(json!({"ok": true})))
            .map_err(Into::into),
    }
}

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

fn table_id(text: &str, what: &'static str) -> Result<TableId, ApiError> {
    text.parse().map_err(|_| ApiError::NotFound(what))
}

#[utoipa::path(
    get,
    path = "/api/tables",
    tag = "lobby",
    summary = "Public tables waiting for players, newest first (100 at most).",
    responses((status = 200, description = "`{\"tables\": [...]}`", body = Object))
)]
pub async fn open_tables(State(state): State<AppState>) -> ApiResult {
    let tables = state.store().open_tables(100).await?;
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
    let mut snapshot = handle.snapshot(viewer).await?;
    snapshot["viewer"] = json!(viewer);
    Ok(Json(snapshot))
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
    let (handle, seat) = seated(state, account, id).await?;
    let version = handle.act(seat, action, version).await?;
    Ok(Json(json!({"version": version})))
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
    let (handle, seat) = seated(&state, &account, &id).await?;
    let (version, next) = lobby::ask_rematch(&state, &handle, seat).await?;
    Ok(Json(json!({"version": version, "next": next})))
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
    responses((status = 200, description = "`{\"game\", \"seed\", \"options\", \"setup\", \"moves\"}`", body = Object))
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
