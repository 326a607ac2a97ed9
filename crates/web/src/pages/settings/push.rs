//! Web Push on the pages: the service worker (`/push-worker.js`, at the site's root so that
//! its scope is every page), and `POST /settings/push`, where the Settings button keeps this
//! browser's subscription for the reader's account, or forgets it. The server sends the
//! pushes (`agora_server::push`); the pages' translations write them ([`compose`]).

use agora_server::AppState;
use agora_server::push::crypto::BrowserKeys;
use agora_server::push::{PushReader, PushText, endpoint_allowed};
use agora_store::{PushSubscription, now_ms};
use axum::Form;
use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::ctx::Ctx;
use crate::i18n::Tr;
use crate::mail::reader_lang;

/// The service worker: shows a push as a notification, and opens its game on a click.
const WORKER: &str = include_str!("../../../assets/push-worker.js");

/// A turn's push in the reader's language as its settings say now; else the language of the
/// page the browser subscribed on. The words say whose turn, never what the game holds.
pub fn compose(reader: &PushReader) -> PushText {
    let tr = Tr(reader_lang(reader.settings.as_deref(), &reader.lang));
    let game = crate::game_name(tr, reader.game);
    PushText {
        title: tr.a("mail-turn-subject", "game", &game),
        body: tr.t("notify-browser-body"),
    }
}

/// The key browsers subscribe with, when the server pushes and the reader has an account
/// to keep the subscription for.
pub(crate) fn offered_key<'a>(state: &'a AppState, ctx: &Ctx) -> Option<&'a str> {
    let push = state.config().push.as_ref()?;
    ctx.account.as_ref().map(|_| push.key.public())
}

/// `GET /push-worker.js`: the service worker, never kept stale (a new one must reach the
/// browsers that registered the old).
pub async fn worker() -> Response {
    (
        [
            (CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (CACHE_CONTROL, "no-cache"),
        ],
        WORKER,
    )
        .into_response()
}

#[derive(Debug, Deserialize)]
pub struct PushForm {
    #[serde(default)]
    csrf: String,
    /// `on` keeps the subscription, `off` forgets it.
    #[serde(default)]
    action: String,
    #[serde(default)]
    endpoint: String,
    #[serde(default)]
    p256dh: String,
    #[serde(default)]
    auth: String,
}

/// `POST /settings/push` (the Settings script): `204` once done; `403` for a form from
/// elsewhere or expired, `404` when the server does not push or the reader has no account,
/// `422` for a subscription that cannot be used. The script says each in words.
pub async fn save(State(state): State<AppState>, ctx: Ctx, Form(form): Form<PushForm>) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return e.status.into_response();
    }
    let (Some(push), Some(account)) = (state.config().push.as_ref(), ctx.account.as_ref()) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    if !endpoint_allowed(&form.endpoint, push.endpoints) {
        return StatusCode::UNPROCESSABLE_ENTITY.into_response();
    }
    let stored = match form.action.as_str() {
        "on" => {
            if BrowserKeys::parse(&form.p256dh, &form.auth).is_none() {
                return StatusCode::UNPROCESSABLE_ENTITY.into_response();
            }
            let subscription = PushSubscription {
                endpoint: form.endpoint,
                p256dh: form.p256dh,
                auth: form.auth,
                lang: ctx.lang().to_string(),
            };
            state
                .store()
                .save_push_subscription(account.id, &subscription, now_ms())
                .await
        }
        "off" => state
            .store()
            .forget_push_subscription(account.id, &form.endpoint)
            .await
            .map(|_| ()),
        _ => return StatusCode::UNPROCESSABLE_ENTITY.into_response(),
    };
    match stored {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "push subscription not saved");
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
}
