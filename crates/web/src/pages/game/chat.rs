//! The game page's chat panel (`partials/chat.html`): the chat the reader may read (the
//! players' while they play, the spectators' for everyone else, both once the game is over),
//! each line said by `agora_present::chat` in the reader's language (quick messages worded
//! for them), a form to write and the quick messages as buttons, a mute button on each line
//! and a report form. Everything is posted through the API (`/api/games/{id}/chat`, …), so
//! its limits hold here too; without JavaScript each form posts and the page comes back, with
//! it `chat.js` posts them with `fetch` and appends the new lines (`/games/{id}/chat/lines`)
//! whenever the game's WebSocket brings a `chat` frame.

use std::net::SocketAddr;

use agora_present::chat::{QUICK, quick, says};
use agora_server::AppState;
use agora_server::api::chat::{ChatRead, read_for};
use agora_server::play::chat::{MAX_CHARS, Unsayable, clean_text};
use agora_store::{AccountKind, ChatBody, ChatChannel, ChatMessage};
use askama::Template;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Form, Json};
use serde::Deserialize;
use serde_json::json;

use crate::api_call::{Api, Refusal};
use crate::ctx::{Ctx, PageError};
use crate::i18n::Tr;
use crate::layout::error_page;

/// One line of the chat, as the reader reads it.
#[derive(Clone, Debug)]
pub struct ChatLine {
    pub id: i64,
    /// "Ada says: Good game!", in the reader's language.
    pub said: String,
    /// The sender, to mute (none for the reader's own lines, or a reader not signed in).
    pub mute: Option<(i64, String)>,
}

/// The chat panel of a game page.
#[derive(Clone, Debug)]
pub struct ChatPanel {
    pub id: String,
    pub csrf: String,
    pub tr: Tr,
    pub heading: String,
    pub lines: Vec<ChatLine>,
    /// The newest line's id: `chat.js` asks for the lines after it.
    pub last: i64,
    /// Signed in: may post (quick messages at least).
    pub can_post: bool,
    /// Signed up: may write free text too.
    pub can_type: bool,
    /// The quick messages: code and words.
    pub quick: Vec<(&'static str, String)>,
    pub max_chars: usize,
    /// Why the message just posted was refused (the page without JavaScript).
    pub error: Option<String>,
    /// The text that was refused, kept in the box to shorten or send again.
    pub typed: String,
    /// The reader turned chat off: the panel is hidden (and empty).
    pub off: bool,
}

#[derive(Template)]
#[template(path = "partials/chat_lines.html")]
struct ChatLines<'a> {
    c: &'a ChatPanel,
}

/// The name a line gives its sender: after the game, a spectator's is marked so.
fn sender(tr: Tr, message: &ChatMessage, over: bool) -> String {
    match (over, message.channel) {
        (true, ChatChannel::Spectators) => tr.a("chat-spectator", "name", &message.name),
        _ => message.name.clone(),
    }
}

/// `read`'s messages as `ctx`'s reader reads them.
pub(crate) fn lines_of(ctx: &Ctx, read: &ChatRead) -> Vec<ChatLine> {
    let tr = ctx.tr;
    let me = ctx.account.as_ref().map(|a| a.id);
    (read.messages.iter())
        .map(|m| {
            let text = match &m.body {
                ChatBody::Text(text) => text.clone(),
                ChatBody::Quick(code) => quick(tr.lang(), code).unwrap_or_else(|| code.clone()),
            };
            ChatLine {
                id: m.id,
                said: says(tr.lang(), &sender(tr, m, read.over), &text),
                mute: (me.is_some() && me != Some(m.account))
                    .then(|| (m.account.0, tr.a("chat-mute", "name", &m.name))),
            }
        })
        .collect()
}

/// The panel for `ctx`'s reader at game `id`: hidden and empty when they turned chat off,
/// for `chat.js` to show when they turn it on again from another page.
pub async fn panel(state: &AppState, ctx: &Ctx, id: &str) -> Result<Option<ChatPanel>, PageError> {
    let read = read_for(state, ctx.account.as_ref(), id, 0).await?;
    let tr = ctx.tr;
    let heading = match (read.over, read.seated) {
        (true, _) => "chat-heading-over",
        (false, true) => "chat-heading-players",
        (false, false) => "chat-heading-spectators",
    };
    let lines = lines_of(ctx, &read);
    Ok(Some(ChatPanel {
        id: id.to_string(),
        csrf: ctx.csrf.clone(),
        tr,
        heading: tr.t(heading),
        last: lines.last().map_or(0, |l| l.id),
        lines,
        can_post: ctx.account.is_some(),
        can_type: ctx
            .account
            .as_ref()
            .is_some_and(|a| a.kind != AccountKind::Guest),
        quick: QUICK
            .iter()
            .filter_map(|code| Some((*code, quick(tr.lang(), code)?)))
            .collect(),
        max_chars: MAX_CHARS,
        error: None,
        typed: String::new(),
        off: read.off,
    }))
}

#[derive(Debug, Deserialize)]
pub struct After {
    #[serde(default)]
    after: Option<i64>,
}

/// `GET /games/{id}/chat/lines?after=ID`: the lines after that id, as `<li>`s for `chat.js`.
pub async fn lines(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(q): Query<After>,
) -> Response {
    let read = match read_for(&state, ctx.account.as_ref(), &id, q.after.unwrap_or(0)).await {
        Ok(read) => read,
        Err(e) => return error_page(&ctx, e.into()),
    };
    let lines = lines_of(&ctx, &read);
    let panel = ChatPanel {
        id: id.clone(),
        csrf: ctx.csrf.clone(),
        tr: ctx.tr,
        heading: String::new(),
        last: lines.last().map_or(q.after.unwrap_or(0), |l| l.id),
        lines,
        can_post: false,
        can_type: false,
        quick: Vec::new(),
        max_chars: MAX_CHARS,
        error: None,
        typed: String::new(),
        off: read.off,
    };
    match (ChatLines { c: &panel }).render() {
        Ok(html) => {
            let body = Json(json!({"html": html, "last": panel.last})).into_response();
            ctx.respond(StatusCode::OK, body)
        }
        Err(e) => error_page(&ctx, e.into()),
    }
}

/// Whether the request came from `chat.js` (which wants JSON, not a page).
fn from_script(ctx: &Ctx) -> bool {
    ctx.headers.contains_key("x-agora-fetch")
}

/// The answer to a chat form: for `chat.js` JSON (`ok`, or the error in the reader's
/// words), else back to the game's chat, or a page saying what went wrong.
fn answer(ctx: &Ctx, id: &str, result: Result<(), PageError>) -> Response {
    match result {
        Ok(()) if from_script(ctx) => {
            ctx.respond(StatusCode::OK, Json(json!({"ok": true})).into_response())
        }
        Ok(()) => ctx.redirect(&format!("/games/{id}#chat")),
        Err(e) if from_script(ctx) => {
            let body = Json(json!({"error": ctx.tr.t(e.message)})).into_response();
            ctx.respond(e.status, body)
        }
        Err(e) => error_page(ctx, e),
    }
}

/// A message refused: its status, why in the reader's words, and after too many messages
/// in how many seconds to try again.
struct Refused {
    status: StatusCode,
    why: String,
    retry_after: Option<u64>,
}

impl Refused {
    fn new(tr: Tr, status: StatusCode, message: &'static str) -> Refused {
        Refused {
            status,
            why: tr.t(message),
            retry_after: None,
        }
    }

    /// A refusal of the chat's API, in the chat's own words where it has them.
    fn of_api(tr: Tr, refusal: Refusal) -> Refused {
        match (refusal.code.as_str(), refusal.retry_after) {
            ("rate_limited", Some(seconds)) => Refused {
                status: refusal.status,
                why: tr.a("chat-error-rate-wait", "seconds", seconds),
                retry_after: Some(seconds),
            },
            ("rate_limited", None) => Refused::new(tr, refusal.status, "chat-error-rate"),
            _ => {
                let error = PageError::from(refusal);
                Refused::new(tr, error.status, error.message)
            }
        }
    }
}

/// The answer to a refused message: for `chat.js` JSON with the reason, else the game page
/// again with the reason in the chat panel and the text typed still in its box. Either way a
/// rate limit's wait comes as `Retry-After` too.
async fn refuse(
    state: &AppState,
    ctx: &Ctx,
    id: &str,
    refused: Refused,
    typed: String,
) -> Response {
    let mut response = if from_script(ctx) {
        let body = json!({"error": refused.why, "retry_after": refused.retry_after});
        ctx.respond(refused.status, Json(body).into_response())
    } else {
        match super::loaded(state, ctx, id).await {
            Ok(Some(played)) => {
                let view = super::game_view(ctx, &played, None);
                let mut chat = panel(state, ctx, id).await.unwrap_or_else(|e| {
                    tracing::warn!(error = ?e, "chat panel");
                    None
                });
                // With chat off there is no panel to say it in: the page's notice does.
                let notice = match chat.as_mut().filter(|chat| !chat.off) {
                    Some(chat) => {
                        chat.error = Some(refused.why);
                        chat.typed = typed;
                        None
                    }
                    None => Some(refused.why),
                };
                super::page_with_chat(state, ctx, view, refused.status, chat, notice).await
            }
            Ok(None) => ctx.redirect(&format!("/tables/{id}")),
            Err(e) => error_page(ctx, e),
        }
    };
    if let Some(seconds) = refused.retry_after {
        (response.headers_mut()).insert(RETRY_AFTER, HeaderValue::from(seconds));
    }
    response
}

#[derive(Debug, Deserialize)]
pub struct SayForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    quick: Option<String>,
}

/// `POST /games/{id}/chat`: a message typed, or a quick message's button.
pub async fn say(
    State(state): State<AppState>,
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<SayForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let tr = ctx.tr;
    let typed = form.text.clone().unwrap_or_default();
    // Said in the chat's own words before the API says it in general ones.
    let body = match (form.quick, form.text) {
        (Some(code), _) => Ok(json!({"quick": code})),
        (None, Some(_)) if ctx.is_guest() => {
            Err(Refused::new(tr, StatusCode::FORBIDDEN, "chat-error-guest"))
        }
        (None, Some(text)) => match clean_text(&text) {
            Ok(_) => Ok(json!({"text": text})),
            Err(Unsayable::TooLong) => {
                Err(Refused::new(tr, StatusCode::BAD_REQUEST, "chat-error-long"))
            }
            Err(_) => Err(Refused::new(
                tr,
                StatusCode::BAD_REQUEST,
                "chat-error-empty",
            )),
        },
        (None, None) => Err(Refused::new(
            tr,
            StatusCode::BAD_REQUEST,
            "chat-error-empty",
        )),
    };
    let path = format!("/api/games/{id}/chat");
    let said = match body {
        Ok(body) => (api
            .call(&ctx.headers, Some(peer), Method::POST, &path, body)
            .await)
            .map_err(|refusal| Refused::of_api(tr, refusal)),
        Err(refused) => Err(refused),
    };
    match said {
        Ok(_) => answer(&ctx, &id, Ok(())),
        Err(refused) => refuse(&state, &ctx, &id, refused, typed).await,
    }
}

#[derive(Debug, Deserialize)]
pub struct MuteForm {
    #[serde(default)]
    csrf: String,
    account: i64,
    /// `seats`: sent from the seat row (`pages::game::seat_mute`), which the page comes back
    /// to; else from a chat line.
    #[serde(default)]
    from: Option<String>,
}

impl MuteForm {
    /// [`answer`], but a form of the seat row comes back to the seat row.
    fn answer(&self, ctx: &Ctx, id: &str, result: Result<(), PageError>) -> Response {
        match (self.from.as_deref(), result) {
            (Some("seats"), Ok(())) if !from_script(ctx) => {
                ctx.redirect(&format!("/games/{id}#players"))
            }
            (_, result) => answer(ctx, id, result),
        }
    }
}

/// `POST /games/{id}/chat/mute`: the sender is muted; back to the game, whose chat no longer
/// shows them.
pub async fn mute(
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<MuteForm>,
) -> Response {
    set_mute(&api, peer, &ctx, &id, &form, true).await
}

/// `POST /games/{id}/chat/unmute`: their messages reach the reader again; back to the game.
pub async fn unmute(
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<MuteForm>,
) -> Response {
    set_mute(&api, peer, &ctx, &id, &form, false).await
}

/// Mutes (`on`) or unmutes the form's account through the API, then answers.
async fn set_mute(
    api: &Api,
    peer: SocketAddr,
    ctx: &Ctx,
    id: &str,
    form: &MuteForm,
    on: bool,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(ctx, e);
    }
    let (method, path, body) = match on {
        true => (
            Method::POST,
            "/api/me/mutes".to_string(),
            json!({"account": form.account}),
        ),
        false => (
            Method::DELETE,
            format!("/api/me/mutes/{}", form.account),
            json!({}),
        ),
    };
    let result = match api
        .call(&ctx.headers, Some(peer), method, &path, body)
        .await
    {
        Ok(_) => Ok(()),
        // Unmuted already (another tab): no error, the page shows where things stand.
        Err(refusal) if !on && refusal.status == StatusCode::NOT_FOUND => Ok(()),
        Err(refusal) => Err(refusal.into()),
    };
    form.answer(ctx, id, result)
}

#[derive(Debug, Deserialize)]
pub struct ReportForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    reason: String,
}

/// `POST /games/{id}/chat/report`: both chats are kept for an operator; the page says so.
pub async fn report(
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<ReportForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let path = format!("/api/games/{id}/chat/report");
    let body = json!({"reason": form.reason});
    match api
        .call(&ctx.headers, Some(peer), Method::POST, &path, body)
        .await
    {
        Ok(_) if from_script(&ctx) => {
            let body = Json(json!({"ok": true, "notice": ctx.tr.t("chat-reported")}));
            ctx.respond(StatusCode::OK, body.into_response())
        }
        Ok(_) => ctx.redirect(&format!("/games/{id}?reported=1#chat")),
        Err(refusal) => answer(&ctx, &id, Err(refusal.into())),
    }
}
