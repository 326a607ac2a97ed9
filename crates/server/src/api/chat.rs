//! Table chat over HTTP: a game's chat as the caller may read it, posting a message or a
//! quick message, reporting a table's chat, muting and unmuting accounts, and the setting that
//! turns chat off. The web pages read through [`read_for`] and post through the same routes
//! (`api_call`), so every check here holds for them too. Live delivery: `play/chat.rs`.

use agora_engine::Viewer;
use agora_store::{
    Account, AccountId, AccountKind, ChatBody, ChatMessage, Posted, StoreError, TableStatus,
};
use axum::Json;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::{ApiResult, table_id};
use crate::accounts::auth::{MaybeAccount, SignedIn};
use crate::http::body::{Body, Query};
use crate::http::limits::refused;
use crate::play::actor::GameHandle;
use crate::play::chat::{self, LIMITS, channel_of, clean_text, message_json, quick_code, readable};
use crate::{ApiError, AppState, Detail};

/// A game's chat as one reader may read it.
#[derive(Clone, Debug)]
pub struct ChatRead {
    /// Messages after the id asked for, oldest first, without those of accounts the reader
    /// muted.
    pub messages: Vec<ChatMessage>,
    /// Whether the reader holds a seat (and so writes in the players' chat).
    pub seated: bool,
    /// Whether the game is over (both chats are open to everyone).
    pub over: bool,
    /// Whether the reader turned chat off (then `messages` is empty).
    pub off: bool,
}

/// Whether game `handle` is over, and whether `account` sits at it.
async fn standing(
    handle: &GameHandle,
    account: Option<&Account>,
) -> Result<(bool, bool), ApiError> {
    let seated = account.is_some_and(|a| handle.seat_of(a.id).is_some());
    let status = handle
        .snapshot(Viewer::Spectator, Detail::Table)
        .await?
        .status;
    Ok((seated, status != TableStatus::Playing))
}

/// Game `id`'s chat after message `after` as `reader` may read it (see [`ChatRead`]).
pub async fn read_for(
    state: &AppState,
    reader: Option<&Account>,
    id: &str,
    after: i64,
) -> Result<ChatRead, ApiError> {
    let game = table_id(id, "game")?;
    let handle = state.games().handle(game).await?;
    let (seated, over) = standing(&handle, reader).await?;
    let off = match reader {
        Some(reader) => state.store().chat_off(reader.id).await?,
        None => false,
    };
    let mut messages = Vec::new();
    if !off {
        messages = (state.store())
            .chat_messages(game, after, reader.map(|r| r.id))
            .await?;
        messages.retain(|m| readable(m.channel, seated, over));
    }
    Ok(ChatRead {
        messages,
        seated,
        over,
        off,
    })
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ChatQuery {
    /// Only the messages after this id.
    #[serde(default)]
    after: Option<i64>,
}

#[utoipa::path(
    get,
    path = "/api/games/{id}/chat",
    tag = "chat",
    summary = "The game's chat as you may read it.",
    description = "While the game is played, its players read the players' chat and everyone \
        else the spectators'; once it is over, both. Messages of accounts you muted are left out.",
    params(("id" = String, Path, description = "the game id (its table's)"), ChatQuery),
    responses((status = 200, description = "`{\"messages\": [MESSAGE, ...], \"channel\": \"players\"|\"spectators\"}` (docs/protocol.md, Table chat)", body = Object))
)]
pub async fn chat(
    State(state): State<AppState>,
    MaybeAccount(account): MaybeAccount,
    Path(id): Path<String>,
    Query(query): Query<ChatQuery>,
) -> ApiResult {
    let read = read_for(&state, account.as_ref(), &id, query.after.unwrap_or(0)).await?;
    let messages: Vec<_> = read.messages.iter().map(message_json).collect();
    Ok(Json(json!({
        "messages": messages,
        "channel": channel_of(read.seated).code(),
        "off": read.off,
    })))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SayBody {
    /// Free text: at most 300 characters once trimmed (signed-up accounts only).
    #[serde(default)]
    text: Option<String>,
    /// A quick message's code, which every reader sees in their own language.
    #[serde(default)]
    quick: Option<String>,
}

/// What a message says, checked: exactly one of text and a quick message; free text only
/// from a signed-up account.
fn body_of(account: &Account, say: SayBody) -> Result<ChatBody, ApiError> {
    match (say.text, say.quick) {
        (Some(_), None) if account.kind == AccountKind::Guest => Err(ApiError::Forbidden(
            "guests may send quick messages only: sign up to write your own",
        )),
        (Some(text), None) => Ok(ChatBody::Text(clean_text(&text)?)),
        (None, Some(code)) => Ok(ChatBody::Quick(quick_code(&code)?.to_string())),
        _ => Err(ApiError::BadRequest(
            "give either text or quick, not both".into(),
        )),
    }
}

#[utoipa::path(
    post,
    path = "/api/games/{id}/chat",
    tag = "chat",
    summary = "Says something at the table: text, or a quick message.",
    description = "A player writes in the players' chat, anyone else in the spectators'. \
        At most 5 messages in 10 seconds and 30 in 10 minutes per account.",
    request_body(content = SayBody, content_type = "application/json"),
    params(("id" = String, Path, description = "the game id (its table's)")),
    responses(
        (status = 200, description = "`{\"message\": MESSAGE}` once stored", body = Object),
        (status = 429, description = "`rate_limited`: nothing stored; `Retry-After` says in how many seconds the account may post again", body = Object),
    )
)]
pub async fn say(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(body): Body<SayBody>,
) -> ApiResult<Response> {
    let body = body_of(&account, body)?;
    let game = table_id(&id, "game")?;
    let handle = state.games().handle(game).await?;
    let (seated, over) = standing(&handle, Some(&account)).await?;
    let posted = state.store().post_chat(
        game,
        channel_of(seated),
        account.id,
        &account.name,
        body,
        agora_store::now_ms(),
        LIMITS,
    );
    let message = match posted.await? {
        Posted::Posted(message) => message,
        Posted::Limited { retry_after_ms } => return Ok(refused(retry_after_ms)),
    };
    let json = message_json(&message);
    (state.chat())
        .tell(state.store(), state.node(), message, over)
        .await;
    Ok(Json(json!({ "message": json })).into_response())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportBody {
    /// Why, in a few words (at most 300 characters).
    #[serde(default)]
    reason: Option<String>,
}

#[utoipa::path(
    post,
    path = "/api/games/{id}/chat/report",
    tag = "chat",
    summary = "Reports the table's chat to the operators: both chats are kept as they are now.",
    request_body(content = ReportBody, content_type = "application/json"),
    params(("id" = String, Path, description = "the game id (its table's)")),
    responses((status = 200, description = "`{\"report\": id}`", body = Object))
)]
pub async fn report(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Body(body): Body<ReportBody>,
) -> ApiResult {
    let reason = match body.reason.as_deref().map(clean_text) {
        None | Some(Err(chat::Unsayable::Empty)) => String::new(),
        Some(reason) => reason?,
    };
    let game = table_id(&id, "game")?;
    state.games().handle(game).await?;
    let messages = state.store().chat_messages(game, 0, None).await?;
    let now = agora_store::now_ms();
    let report = (state.store())
        .report_chat(game, account.id, &reason, &messages, now)
        .await?;
    Ok(Json(json!({ "report": report })))
}

#[utoipa::path(
    get,
    path = "/api/me/mutes",
    tag = "chat",
    summary = "The accounts you muted.",
    responses((status = 200, description = "`{\"muted\": [{\"account\": id, \"name\": ...}]}`", body = Object))
)]
pub async fn mutes(State(state): State<AppState>, SignedIn(account): SignedIn) -> ApiResult {
    let muted = state.store().muted_by(account.id).await?;
    let muted: Vec<_> = (muted.iter())
        .map(|(id, name)| json!({"account": id, "name": name}))
        .collect();
    Ok(Json(json!({ "muted": muted })))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MuteBody {
    /// The account whose messages you no longer want to read.
    account: i64,
}

#[utoipa::path(
    post,
    path = "/api/me/mutes",
    tag = "chat",
    summary = "Mutes an account: its messages are never sent or shown to you.",
    request_body(content = MuteBody, content_type = "application/json"),
    responses((status = 200, description = "`{\"ok\": true}`", body = Object))
)]
pub async fn mute(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Body(body): Body<MuteBody>,
) -> ApiResult {
    let muted = AccountId(body.account);
    if muted == account.id {
        return Err(ApiError::BadRequest("you cannot mute yourself".into()));
    }
    match state.store().account(muted).await {
        Err(StoreError::NotFound) => return Err(ApiError::NotFound("account")),
        other => other?,
    };
    let now = agora_store::now_ms();
    state.store().mute(account.id, muted, now).await?;
    Ok(Json(json!({"ok": true})))
}

#[utoipa::path(
    delete,
    path = "/api/me/mutes/{account}",
    tag = "chat",
    summary = "Unmutes an account.",
    params(("account" = i64, Path, description = "the muted account's id")),
    responses((status = 200, description = "`{\"ok\": true}`; 404 if you had not muted it", body = Object))
)]
pub async fn unmute(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(muted): Path<String>,
) -> ApiResult {
    let muted = muted.parse().map_err(|_| ApiError::NotFound("mute"))?;
    match state.store().unmute(account.id, AccountId(muted)).await? {
        true => Ok(Json(json!({"ok": true}))),
        false => Err(ApiError::NotFound("mute")),
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatSetting {
    /// `true`: no chat panel, and no `chat` frames on your WebSockets (open ones too).
    off: bool,
}

#[utoipa::path(
    post,
    path = "/api/me/chat",
    tag = "chat",
    summary = "Turns table chat off, or on again.",
    request_body(content = ChatSetting, content_type = "application/json"),
    responses((status = 200, description = "`{\"off\": bool}`", body = Object))
)]
pub async fn set_chat(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Body(body): Body<ChatSetting>,
) -> ApiResult {
    let now = agora_store::now_ms();
    state
        .store()
        .set_chat_off(account.id, body.off, now)
        .await?;
    (state.chat()).set_off(state.node(), account.id, body.off);
    Ok(Json(json!({"off": body.off})))
}
