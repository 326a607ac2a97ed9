//! `/settings/chat`: table chat on or off, and the accounts the reader muted, each with a
//! button to unmute it. Kept in the database for every account, guests too (the server
//! reads them when it delivers a message), through the API (`/api/me/chat`, `/api/me/mutes`).

use std::net::SocketAddr;

use agora_server::AppState;
use askama::Template;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::{Method, StatusCode};
use axum::response::Response;
use axum::{Extension, Form};
use serde::Deserialize;
use serde_json::json;

use super::Saved;
use crate::api_call::Api;
use crate::ctx::{Ctx, PageError};
use crate::layout::{Frame, Section, error_page, render};

#[derive(Template)]
#[template(path = "settings_chat.html")]
struct ChatSettingsPage {
    frame: Frame,
    on: bool,
    /// Each muted account: id, name and its button's words.
    muted: Vec<(i64, String, String)>,
}

pub async fn page(State(state): State<AppState>, ctx: Ctx, Query(q): Query<Saved>) -> Response {
    let Some(account) = &ctx.account else {
        return ctx.redirect("/signin");
    };
    let read = async {
        let off = state.store().chat_off(account.id).await?;
        let muted = state.store().muted_by(account.id).await?;
        Ok::<_, agora_store::StoreError>((off, muted))
    };
    let (off, muted) = match read.await {
        Ok(read) => read,
        Err(e) => return error_page(&ctx, e.into()),
    };
    let tr = ctx.tr;
    let mut frame = Frame::new(&ctx, Section::Settings, tr.t("settings-chat-title"));
    frame.notice = q.saved.map(|_| tr.t("settings-saved"));
    let page = ChatSettingsPage {
        frame,
        on: !off,
        muted: (muted.into_iter())
            .map(|(id, name)| (id.0, tr.a("settings-chat-unmute", "name", &name), name))
            .map(|(id, label, name)| (id, name, label))
            .collect(),
    };
    render(&ctx, &page)
}

#[derive(Debug, Deserialize)]
pub struct ChatForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    chat_on: Option<String>,
}

/// `POST /settings/chat`: chat on or off.
pub async fn save(
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Form(form): Form<ChatForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let body = json!({"off": form.chat_on.is_none()});
    match api
        .call(&ctx.headers, Some(peer), Method::POST, "/api/me/chat", body)
        .await
    {
        Ok(_) => ctx.redirect("/settings/chat?saved=1"),
        Err(refusal) => error_page(&ctx, refusal.into()),
    }
}

#[derive(Debug, Deserialize)]
pub struct UnmuteForm {
    #[serde(default)]
    csrf: String,
    account: i64,
}

/// `POST /settings/chat/unmute`: the account's messages show again.
pub async fn unmute(
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Form(form): Form<UnmuteForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let path = format!("/api/me/mutes/{}", form.account);
    match api
        .call(&ctx.headers, Some(peer), Method::DELETE, &path, json!({}))
        .await
    {
        Ok(_) => ctx.redirect("/settings/chat?saved=1"),
        Err(refusal) if refusal.status == StatusCode::NOT_FOUND => {
            // Unmuted already (another tab): the page shows where things stand.
            ctx.redirect("/settings/chat")
        }
        Err(refusal) => error_page(&ctx, PageError::from(refusal)),
    }
}
