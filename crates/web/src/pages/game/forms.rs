//! The game page's forms: a move (confirmed first when the reader asked for that), resign,
//! draw, abort and rematch. A move goes to the service the API's move handler calls
//! (`agora_server::api::act_as`), and so do the others (a rematch to
//! `agora_server::api::rematch_as`).
//! `game.js` posts them with `fetch` and gets JSON, a browser without JavaScript gets a
//! redirect.

use agora_present::{Reader, refusal};
use agora_server::play::actor::Action;
use agora_server::{ApiError, AppState};
use askama::Template;
use axum::extract::{Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Form, Json};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::{PageUpdate, fragments_of, game_view, json_answer, loaded, page_response};
use crate::api_call::{Answer, Refusal};
use crate::ctx::Ctx;
use crate::i18n::Tr;
use crate::layout::{Frame, Section, error_page, render};
use crate::play::Played;

/// Whether the request came from `game.js` (which wants JSON, not a page).
fn from_script(ctx: &Ctx) -> bool {
    ctx.headers.contains_key("x-agora-fetch")
}

fn script_answer(ctx: &Ctx, status: StatusCode, body: serde_json::Value) -> Response {
    let mut response = Json(body).into_response();
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    ctx.respond(status, response)
}

/// The sentence for a refused action, in the reader's language.
fn refusal_text(tr: Tr, refusal: &Refusal) -> String {
    tr.t(crate::errors::message_id(&refusal.code))
}

#[derive(Debug, Deserialize)]
pub struct MoveForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    version: Option<u64>,
    #[serde(default)]
    tile: Option<String>,
    #[serde(default)]
    target: Option<String>,
    /// A move typed in the game's notation, or a button's move.
    #[serde(default, rename = "move")]
    typed: Option<String>,
    /// A Tsuro start mark chosen from the list.
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    confirmed: Option<String>,
    /// The version the script's page shows: the answer brings its fragments since then.
    #[serde(default)]
    since: Option<u64>,
}

#[derive(Template)]
#[template(path = "game/confirm.html")]
struct ConfirmPage {
    frame: Frame,
    id: String,
    question: String,
    fields: Vec<(&'static str, String)>,
    action: String,
    confirm_label: String,
}

/// `POST /games/{id}/move`: a tile and a building (or a typed move); confirmed first when
/// the reader asked for that.
pub async fn play(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<MoveForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let tr = ctx.tr;
    // The move in notation, or what is wrong with the fields.
    let typed = form
        .typed
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let start = form
        .start
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let notation: Result<String, String> = match (typed.or(start), &form.tile, &form.target) {
        (Some(text), _, _) => Ok(text.to_string()),
        (None, Some(tile), Some(target)) if !tile.is_empty() => Ok(format!("{tile} {target}")),
        (None, _, Some(_)) => Err(tr.t("tyrus-choose-tile-first")),
        _ => Err(tr.t("move-missing")),
    };
    let typed = typed.unwrap_or_default();
    // The game is loaded for the page only when it has something to say before the move
    // (a question, a refusal): a move played as asked goes to the actor at once.
    let asks_first = ctx.prefs.confirm_moves && form.confirmed.is_none();
    let played = match (&notation, asks_first) {
        (Ok(_), false) => None,
        _ => match loaded(&state, &ctx, &id).await {
            Ok(Some(played)) => Some(played),
            Ok(None) => return ctx.redirect(&format!("/tables/{id}")),
            Err(e) => return error_page(&ctx, e),
        },
    };
    let notation = match notation {
        Ok(notation) => notation,
        Err(message) => return refused(&state, &ctx, played.as_ref(), message, typed).await,
    };
    if let Some(played) = played.as_ref().filter(|_| asks_first) {
        let question = match played.check_move(tr, &notation) {
            Ok(question) => question,
            Err(message) => return refused(&state, &ctx, Some(played), message, typed).await,
        };
        if played.worth_confirming(&notation) {
            if from_script(&ctx) {
                return script_answer(&ctx, StatusCode::OK, json!({"confirm": question}));
            }
            let version = form.version.unwrap_or(played.snapshot.version);
            let page = ConfirmPage {
                frame: Frame::new(&ctx, Section::Game, tr.t("confirm-title")),
                id: id.clone(),
                question,
                fields: vec![("move", notation), ("version", version.to_string())],
                action: format!("/games/{id}/move"),
                confirm_label: tr.t("confirm-move"),
            };
            return render(&ctx, &page);
        }
    }
    // The move goes to the service the API's handler calls, and the game's actor checks it:
    // the engine checks a move once, and a refusal comes back as the engine's code, worded
    // here in the reader's language.
    let Some(account) = &ctx.account else {
        let refused = Err(agora_server::ApiError::Unauthorized.into());
        return answer(&state, &ctx, &id, None, refused).await;
    };
    let action = Action::Play(notation.clone());
    let error = match agora_server::api::act_as(&state, account, &id, action, form.version).await {
        Ok(version) => {
            let body = json!({"version": version, "next": null});
            return answer(&state, &ctx, &id, form.since, Ok(Answer::of(body))).await;
        }
        Err(e) => e,
    };
    let played = match played {
        Some(played) => played,
        None => match loaded(&state, &ctx, &id).await {
            Ok(Some(played)) => played,
            Ok(None) => return ctx.redirect(&format!("/tables/{id}")),
            Err(_) => return answer(&state, &ctx, &id, None, Err(error.into())).await,
        },
    };
    match refused_words(tr, &played.reader, &error) {
        Some(message) => refused(&state, &ctx, Some(&played), message, typed).await,
        None => answer(&state, &ctx, &id, None, Err(error.into())).await,
    }
}

/// A move the game refused, in the reader's words, to show by the move box: the engine's
/// reason from its code, or why the reader may not move now; `None` for any other error.
fn refused_words(tr: Tr, reader: &Reader, error: &ApiError) -> Option<String> {
    match error {
        ApiError::IllegalMove(why) => why.refusal.as_ref().map(|r| refusal::refusal(reader, r)),
        ApiError::BadNotation(why) => why.parse_error().map(|e| refusal::unreadable(reader, &e)),
        ApiError::NotYourTurn | ApiError::GameOver | ApiError::Forbidden(_) => {
            Some(tr.t(crate::errors::message_id(error.code())))
        }
        _ => None,
    }
}

/// A move the page cannot send: what is wrong with it, in the move box's alert for
/// `game.js`, else by the move box of the game's page (`played`), with the move `typed`
/// (and the chat panel, as the page has it).
async fn refused(
    state: &AppState,
    ctx: &Ctx,
    played: Option<&Played>,
    message: String,
    typed: &str,
) -> Response {
    match played {
        Some(played) if !from_script(ctx) => {
            let mut view = game_view(ctx, played, None);
            view.move_error = Some(message);
            view.typed_move = typed.to_string();
            page_response(state, ctx, view, StatusCode::UNPROCESSABLE_ENTITY).await
        }
        _ => script_answer(
            ctx,
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({"error": message}),
        ),
    }
}

/// Answers an action the API took (or refused): JSON for `game.js`, else back to the game.
/// The script's answer to an action taken brings the page's fragments since the version the
/// page had (`since`), so the mover's page catches up with its own move without asking again.
async fn answer(
    state: &AppState,
    ctx: &Ctx,
    id: &str,
    since: Option<u64>,
    result: Result<Answer, Refusal>,
) -> Response {
    match result {
        Ok(answer) if from_script(ctx) => {
            let field = |name: &str| answer.body.get(name).cloned().unwrap_or(Value::Null);
            let next = field("next");
            let mut body = Map::new();
            body.insert("ok".into(), true.into());
            // The version the action made: the page skips the live frame that says it again.
            body.insert("version".into(), field("version"));
            let mut size = 0;
            // Not when the page goes on to the next game.
            if let Some(since) = since.filter(|_| next.is_null())
                && let Some(page) = page_since(state, ctx, id, since).await
            {
                size = page.size;
                body.insert("page".into(), page.body);
            }
            body.insert("next".into(), next);
            ctx.respond(StatusCode::OK, json_answer(ctx, &Value::Object(body), size))
        }
        Ok(answer) => match answer.body.get("next").and_then(|n| n.as_str()) {
            Some(next) => ctx.redirect(&format!("/games/{next}")),
            None => ctx.redirect(&format!("/games/{id}")),
        },
        Err(refusal) if from_script(ctx) => script_answer(
            ctx,
            refusal.status,
            json!({"error": refusal_text(ctx.tr, &refusal)}),
        ),
        Err(refusal) => error_page(ctx, refusal.into()),
    }
}

/// The page's fragments since version `since`, as a fragment request would bring them;
/// `None` when they could not be drawn (the page then asks for them itself).
async fn page_since(state: &AppState, ctx: &Ctx, id: &str, since: u64) -> Option<PageUpdate> {
    let played = match loaded(state, ctx, id).await {
        Ok(Some(played)) => played,
        Ok(None) => return None,
        Err(e) => {
            tracing::warn!(error = ?e, "a form's fragments");
            return None;
        }
    };
    fragments_of(state, ctx, &played, Some(since), None)
        .await
        .inspect_err(|e| tracing::warn!(error = ?e, "a form's fragments"))
        .ok()
}

#[derive(Debug, Deserialize)]
pub struct ActionForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    version: Option<u64>,
    #[serde(default)]
    confirmed: Option<String>,
    /// As [`MoveForm`]'s.
    #[serde(default)]
    since: Option<u64>,
}

/// The actions beside moves: all but a rematch (which the lobby arranges) are the game
/// actor's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Beside {
    Resign,
    OfferDraw,
    DeclineDraw,
    Abort,
    Rematch,
}

async fn act(state: AppState, ctx: Ctx, id: String, beside: Beside, form: ActionForm) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let tr = ctx.tr;
    // Resigning and aborting cannot be taken back: asked first, always.
    let final_words = match beside {
        Beside::Resign => Some(("confirm-resign", "resign", "resign")),
        Beside::Abort => Some(("confirm-abort", "abort", "abort")),
        _ => None,
    };
    if let (Some((question, path, label)), None) = (final_words, &form.confirmed) {
        let question = tr.t(question);
        if from_script(&ctx) {
            return script_answer(&ctx, StatusCode::OK, json!({"confirm": question}));
        }
        let page = ConfirmPage {
            frame: Frame::new(&ctx, Section::Game, tr.t("confirm-title")),
            id: id.clone(),
            question,
            fields: form
                .version
                .map(|v| vec![("version", v.to_string())])
                .unwrap_or_default(),
            action: format!("/games/{id}/{path}"),
            confirm_label: tr.t(label),
        };
        return render(&ctx, &page);
    }
    let Some(account) = &ctx.account else {
        let refused = Err(agora_server::ApiError::Unauthorized.into());
        return answer(&state, &ctx, &id, None, refused).await;
    };
    // The services the API's handlers call, called directly (as a move is): the same checks,
    // without a JSON request and answer made and read in process.
    let action = match beside {
        Beside::Resign => Action::Resign,
        Beside::OfferDraw => Action::OfferDraw,
        Beside::DeclineDraw => Action::DeclineDraw,
        Beside::Abort => Action::Abort,
        Beside::Rematch => {
            let done = agora_server::api::rematch_as(&state, account, &id)
                .await
                .map(|(version, next)| json!({"version": version, "next": next}));
            let done = done.map(Answer::of).map_err(Refusal::from);
            return answer(&state, &ctx, &id, form.since, done).await;
        }
    };
    let done = agora_server::api::act_as(&state, account, &id, action, form.version)
        .await
        .map(|version| json!({"version": version, "next": null}));
    let done = done.map(Answer::of).map_err(Refusal::from);
    answer(&state, &ctx, &id, form.since, done).await
}

macro_rules! action {
    ($name:ident, $beside:expr) => {
        pub async fn $name(
            State(state): State<AppState>,
            ctx: Ctx,
            Path(id): Path<String>,
            Form(form): Form<ActionForm>,
        ) -> Response {
            act(state, ctx, id, $beside, form).await
        }
    };
}

action!(resign, Beside::Resign);
action!(offer_draw, Beside::OfferDraw);
action!(decline_draw, Beside::DeclineDraw);
action!(abort, Beside::Abort);
action!(rematch, Beside::Rematch);
