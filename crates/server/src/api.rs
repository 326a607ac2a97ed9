//! The HTTP handlers. Every body is JSON; every error is `{"error": {"code", "message"}}`.

use agora_ai::Level;
use agora_engine::{GameRecord, Seat, Viewer};
use agora_games::{AnyGame, GameKind};
use agora_store::{
    Account, AccountKind, NewGame, NewSeat, NewTable, SeatKind, Secret, StoreError, Table, TableId,
    TableStatus, now_ms,
};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::actor::{Action, GameHandle, RematchPlan, RematchStep};
use crate::auth::{
    MaybeAccount, SignedIn, check_name, check_password, clear_cookie, credential, hash_password,
    may_hold_tokens, session_cookie, verify_password,
};
use crate::body::{Body, Query};
use crate::{ApiError, AppState, TimeControl};

type ApiResult<T = Json<Value>> = Result<T, ApiError>;

pub async fn index() -> &'static str {
    "Agora game server.\n\
     The API lives under /api (JSON over HTTP, live games over WebSocket at /api/games/{id}/ws).\n\
     See docs/protocol.md.\n"
}

pub async fn health() -> Json<Value> {
    Json(json!({"ok": true}))
}

pub async fn not_found() -> ApiError {
    ApiError::NotFound("route")
}

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

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignUp {
    name: String,
    password: String,
    /// A bot account plays through API tokens.
    #[serde(default)]
    bot: bool,
}

pub async fn signup(
    State(state): State<AppState>,
    Body(body): Body<SignUp>,
) -> ApiResult<Response> {
    check_name(&body.name)?;
    check_password(&body.password)?;
    let password = body.password;
    let hash = state
        .pool()
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

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    name: String,
    password: String,
}

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
        .pool()
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

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Guest {
    name: String,
}

pub async fn guest(State(state): State<AppState>, Body(body): Body<Guest>) -> ApiResult<Response> {
    check_name(&body.name)?;
    let account = state
        .store()
        .create_account(&body.name, AccountKind::Guest, None, now_ms())
        .await?;
    open_session(&state, &account).await
}

pub async fn signout(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let (mut parts, ()) = axum::http::Request::new(()).into_parts();
    parts.headers = headers;
    if let Some(crate::auth::Credential::Session(secret)) = credential(&parts) {
        state.store().delete_session(&secret.hash()).await?;
        state.credentials().forget_session(&secret.hash());
    }
    let mut response = Json(json!({"ok": true})).into_response();
    response.headers_mut().insert(
        SET_COOKIE,
        HeaderValue::from_str(&clear_cookie()).map_err(|_| ApiError::Internal)?,
    );
    Ok(response)
}

pub async fn me(SignedIn(account): SignedIn) -> Json<Value> {
    Json(json!({"account": account_json(&account)}))
}

pub async fn my_games(State(state): State<AppState>, SignedIn(account): SignedIn) -> ApiResult {
    let tables = state.store().account_tables(account.id, 200).await?;
    Ok(Json(
        json!({"tables": tables.iter().map(table_json).collect::<Vec<_>>()}),
    ))
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewToken {
    #[serde(default)]
    label: String,
}

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

pub async fn tokens(State(state): State<AppState>, SignedIn(account): SignedIn) -> ApiResult {
    let tokens = state.store().api_tokens(account.id).await?;
    Ok(Json(
        json!({"tokens": tokens.iter().map(|(id, label, at)| json!({
        "id": id, "label": label, "created_at": at
    })).collect::<Vec<_>>()}),
    ))
}

pub async fn delete_token(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
) -> ApiResult {
    let id: i64 = id.parse().map_err(|_| ApiError::NotFound("token"))?;
    let deleted = state.store().delete_api_token(account.id, id).await;
    state.credentials().forget_tokens();
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

async fn load_table(state: &AppState, id: TableId) -> Result<Table, ApiError> {
    match state.store().table(id).await {
        Err(StoreError::NotFound) => Err(ApiError::NotFound("table")),
        other => other.map_err(Into::into),
    }
}

pub async fn open_tables(State(state): State<AppState>) -> ApiResult {
    let tables = state.store().open_tables(100).await?;
    Ok(Json(
        json!({"tables": tables.iter().map(table_json).collect::<Vec<_>>()}),
    ))
}

pub async fn table(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    let table = load_table(&state, table_id(&id, "table")?).await?;
    Ok(Json(json!({"table": table_json(&table)})))
}

/// How a seat of a new table is filled.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatSpec {
    /// The creator sits here.
    Me,
    Open,
    /// Played by the server's bot at `level` (`easy`, `medium` or `hard`; medium if left out).
    Ai {
        #[serde(default = "medium")]
        level: Level,
    },
    /// Reserved for whoever gets the invitation link.
    Invite,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    game: String,
    #[serde(default)]
    options: Option<Value>,
    /// One per seat; by default the creator and open seats.
    #[serde(default)]
    seats: Option<Vec<SeatSpec>>,
    #[serde(default = "yes")]
    public: bool,
    #[serde(default)]
    time_control: TimeControl,
}

fn yes() -> bool {
    true
}

fn medium() -> Level {
    Level::Medium
}

pub async fn create_table(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Body(body): Body<CreateTable>,
) -> ApiResult {
    let options = body.options.unwrap_or_else(|| json!({}));
    let kind: GameKind = body.game.parse()?;
    let (dealt, _) = AnyGame::deal(kind, &options, 0)?;
    let count = dealt.seats();
    let specs = body.seats.unwrap_or_else(|| {
        std::iter::once(SeatSpec::Me)
            .chain(std::iter::repeat_n(SeatSpec::Open, count - 1))
            .collect()
    });
    if specs.len() != count {
        return Err(ApiError::InvalidSetup(format!(
            "{kind} with these options has {count} seats, not {}",
            specs.len()
        )));
    }
    if specs.iter().filter(|s| **s == SeatSpec::Me).count() > 1 {
        return Err(ApiError::InvalidSetup("you can take one seat only".into()));
    }
    body.time_control.check().map_err(ApiError::InvalidSetup)?;
    let mut invites = Vec::new();
    let seats = specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let mut seat = NewSeat {
                kind: SeatKind::Open,
                account: None,
                ai_level: None,
                invite_hash: None,
            };
            match spec {
                SeatSpec::Me => seat.account = Some(account.id),
                SeatSpec::Open => {}
                SeatSpec::Ai { level } => {
                    seat.kind = SeatKind::Ai;
                    seat.ai_level = Some(level.name().to_string());
                }
                SeatSpec::Invite => {
                    let secret = Secret::random();
                    seat.kind = SeatKind::Invite;
                    seat.invite_hash = Some(secret.hash());
                    invites.push((i, secret));
                }
            }
            seat
        })
        .collect();
    let new_table = NewTable {
        game: kind.name().to_string(),
        options,
        time_control: serde_json::to_value(body.time_control).expect("serializes"),
        public: body.public,
        created_by: account.id,
        seats,
    };
    let table = if new_table
        .seats
        .iter()
        .all(|s| s.account.is_some() || s.ai_level.is_some())
    {
        // Nobody to wait for (a game against bots): created started.
        let names: Vec<Option<String>> = (new_table.seats.iter())
            .map(|s| (s.account == Some(account.id)).then(|| account.name.clone()))
            .collect();
        create_started(&state, new_table, &names, None).await?
    } else {
        let now = now_ms();
        let id = state.store().create_table(&new_table, now).await?;
        let table = new_table.into_table(id, now, &account.name);
        start_table_if_full(&state, table).await?
    };
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

/// Deals and starts the game of a table whose seats are all filled.
async fn start_if_full(state: &AppState, id: TableId) -> Result<Table, ApiError> {
    let table = load_table(state, id).await?;
    start_table_if_full(state, table).await
}

/// Deals a new game: a fresh secret seed, the setup it stands for, each seat's first clock.
fn deal(
    game: &str,
    options: &Value,
    time_control: &Value,
    seats: usize,
) -> Result<NewGame, ApiError> {
    let seed = agora_store::random_u64();
    let kind: GameKind = game.parse()?;
    let (_, setup) = AnyGame::deal(kind, options, seed)?;
    let time_control: TimeControl =
        serde_json::from_value(time_control.clone()).unwrap_or_default();
    let clocks: Vec<(u8, i64)> = time_control
        .initial_clock_ms()
        .map(|ms| (0..seats).map(|seat| (seat as u8, ms)).collect())
        .unwrap_or_default();
    Ok(NewGame {
        seed,
        setup,
        clocks,
    })
}

/// Creates a table whose seats are all taken with its game started (the rematch of
/// `rematch_of`, if given), and starts its actor.
async fn create_started(
    state: &AppState,
    table: NewTable,
    names: &[Option<String>],
    rematch_of: Option<TableId>,
) -> Result<Table, ApiError> {
    let deal = deal(
        &table.game,
        &table.options,
        &table.time_control,
        table.seats.len(),
    )?;
    let stored = state
        .store()
        .create_started_game(&table, names, &deal, rematch_of, now_ms())
        .await?;
    let table = stored.table.clone();
    state.games().start(stored).await?;
    Ok(table)
}

/// [`start_if_full`] for a table as it is stored now.
async fn start_table_if_full(state: &AppState, table: Table) -> Result<Table, ApiError> {
    let id = table.id;
    if table.status != TableStatus::Open || !table.seats.iter().all(|s| s.is_filled()) {
        return Ok(table);
    }
    let deal = deal(
        &table.game,
        &table.options,
        &table.time_control,
        table.seats.len(),
    )?;
    match state
        .store()
        .start_game(&table, deal.seed, &deal.setup, &deal.clocks, now_ms())
        .await
    {
        // Started here: the actor starts from what was just stored, without reading it back.
        Ok(stored) => {
            state.games().start(stored).await?;
        }
        // Someone else started it a moment ago: its actor comes from the log.
        Err(StoreError::Conflict(_)) => {
            state.games().handle(id).await?;
        }
        Err(e) => return Err(e.into()),
    }
    // Started now (here or by a racing join): the seats are the ones just read.
    Ok(Table {
        status: TableStatus::Playing,
        ..table
    })
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Join {
    #[serde(default)]
    seat: Option<u8>,
    #[serde(default)]
    invite: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InviteQuery {
    #[serde(default)]
    invite: Option<String>,
}

pub async fn join(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Query(query): Query<InviteQuery>,
    Body(body): Body<Join>,
) -> ApiResult {
    let id = table_id(&id, "table")?;
    let table = load_table(&state, id).await?;
    if table.status != TableStatus::Open {
        return Err(ApiError::WrongState("the table is not open"));
    }
    if table.seats.iter().any(|s| s.account == Some(account.id)) {
        return Err(ApiError::WrongState("you already sit at this table"));
    }
    let invite = body
        .invite
        .or(query.invite)
        .map(|i| Secret::from_client(&i).hash());
    let seat = match (&invite, body.seat) {
        (Some(hash), _) => table
            .seats
            .iter()
            .find(|s| s.invite_hash.as_ref() == Some(hash))
            .map(|s| s.seat)
            .ok_or(ApiError::Forbidden("that invitation is not valid here"))?,
        (None, Some(seat)) => {
            let row = table
                .seats
                .get(usize::from(seat))
                .ok_or(ApiError::NotFound("seat"))?;
            if row.kind != SeatKind::Open {
                return Err(ApiError::SeatTaken);
            }
            seat
        }
        (None, None) => table
            .seats
            .iter()
            .find(|s| s.kind == SeatKind::Open && s.account.is_none())
            .map(|s| s.seat)
            .ok_or(ApiError::SeatTaken)?,
    };
    match state
        .store()
        .sit(id, seat, account.id, invite.as_deref())
        .await
    {
        Err(StoreError::Conflict(_)) => return Err(ApiError::SeatTaken),
        other => other?,
    }
    let table = start_if_full(&state, id).await?;
    Ok(Json(json!({"seat": seat, "table": table_json(&table)})))
}

pub async fn leave(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
) -> ApiResult {
    let id = table_id(&id, "table")?;
    load_table(&state, id).await?;
    match state.store().leave(id, account.id).await {
        Err(StoreError::Conflict(_)) => Err(ApiError::WrongState(
            "you can leave only an open table you sit at",
        )),
        other => other
            .map(|()| Json(json!({"ok": true})))
            .map_err(Into::into),
    }
}

pub async fn cancel(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
) -> ApiResult {
    let id = table_id(&id, "table")?;
    let table = load_table(&state, id).await?;
    if table.created_by != account.id {
        return Err(ApiError::Forbidden(
            "only the table's creator can cancel it",
        ));
    }
    match state
        .store()
        .set_table_status(id, TableStatus::Open, TableStatus::Cancelled)
        .await
    {
        Err(StoreError::Conflict(_)) => {
            Err(ApiError::WrongState("only an open table can be cancelled"))
        }
        other => other
            .map(|()| Json(json!({"ok": true})))
            .map_err(Into::into),
    }
}

#[derive(Debug, Default, Deserialize)]
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

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    #[serde(rename = "move")]
    notation: String,
    /// The version the move was chosen at; refused as stale if the game moved on.
    #[serde(default)]
    version: Option<u64>,
}

#[derive(Debug, Default, Deserialize)]
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

/// Asks for a rematch for `seat`; the last player to ask creates and starts it. Returns the
/// game's version and the rematch, once started.
pub async fn ask_rematch(
    state: &AppState,
    handle: &GameHandle,
    seat: Seat,
) -> Result<(u64, Option<TableId>), ApiError> {
    let (version, step) = handle.rematch(seat).await?;
    match step {
        RematchStep::Offered => Ok((version, None)),
        RematchStep::Started(next) => Ok((version, Some(next))),
        RematchStep::Create(plan) => {
            let plan = *plan;
            // On a task of its own: if the caller went away half-way, the actor would wait
            // for the outcome for ever.
            let state = state.clone();
            let handle = handle.clone();
            let created = tokio::spawn(async move {
                let created = create_rematch(&state, plan).await;
                handle.rematch_created(created.as_ref().ok().copied()).await;
                created
            })
            .await
            .map_err(|_| ApiError::Internal)??;
            Ok((version, Some(created)))
        }
    }
}

async fn create_rematch(state: &AppState, plan: RematchPlan) -> Result<TableId, ApiError> {
    match create_started(state, plan.table, &plan.names, Some(plan.of)).await {
        Ok(table) => Ok(table.id),
        // A game has one rematch at most (the store refuses a second): one may have started
        // already, by this game's actor before it stopped and was loaded again.
        Err(e) => match state.store().game(plan.of).await?.game.rematch {
            Some(next) => Ok(next),
            None => Err(e),
        },
    }
}

pub async fn rematch(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(_): Body<Empty>,
) -> ApiResult {
    let (handle, seat) = seated(&state, &account, &id).await?;
    let (version, next) = ask_rematch(&state, &handle, seat).await?;
    Ok(Json(json!({"version": version, "next": next})))
}

/// A body with nothing in it (`{}`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Empty {}

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

pub async fn resign(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(body): Body<VersionBody>,
) -> ApiResult {
    act(&state, &account, &id, Action::Resign, body.version).await
}

pub async fn offer_draw(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(body): Body<VersionBody>,
) -> ApiResult {
    act(&state, &account, &id, Action::OfferDraw, body.version).await
}

pub async fn decline_draw(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(body): Body<VersionBody>,
) -> ApiResult {
    act(&state, &account, &id, Action::DeclineDraw, body.version).await
}

pub async fn abort(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(body): Body<VersionBody>,
) -> ApiResult {
    act(&state, &account, &id, Action::Abort, body.version).await
}

/// The record of a finished game, in the format `agora replay` reads.
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
