//! Sign up, sign in, play as a guest, sign out: forms over the API's own account calls.

use std::net::SocketAddr;

use agora_present::args;
use agora_server::AppState;
use agora_server::auth::{SECURE_SESSION_COOKIE, SESSION_COOKIE};
use askama::Template;
use axum::extract::{ConnectInfo, State};
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::Response;
use axum::{Extension, Form};
use serde::Deserialize;
use serde_json::json;

use crate::api_call::{Answer, Api, Refusal};
use crate::ctx::Ctx;
use crate::i18n::Tr;
use crate::layout::{Frame, Section, error_page, render};

/// A field's error, shown by the field and in the summary at the top (GOV.UK pattern).
#[derive(Clone, Debug)]
pub struct FieldError {
    pub field: &'static str,
    pub message: String,
}

#[derive(Template)]
#[template(path = "account.html")]
struct AccountPage {
    frame: Frame,
    /// `signup` or `signin`.
    action: &'static str,
    name: String,
    errors: Vec<FieldError>,
    back: String,
}

impl AccountPage {
    fn error_for(&self, field: &str) -> Option<&FieldError> {
        self.errors.iter().find(|e| e.field == field)
    }
}

#[derive(Debug, Default, Deserialize)]
pub struct Back {
    #[serde(default)]
    back: Option<String>,
}

/// Only paths on this site, so a form cannot be made to send the reader elsewhere: a path
/// from the root, of visible ASCII only (a browser drops tabs and line breaks from a URL, so
/// `/<tab>/evil.example` would become `//evil.example`), not `//` or `/\` (another host).
pub fn safe_back(back: Option<&str>) -> String {
    match back {
        Some(path)
            if path.starts_with('/')
                && path.bytes().all(|b| b.is_ascii_graphic())
                && !path.starts_with("//")
                && !path.contains('\\') =>
        {
            path.to_string()
        }
        _ => "/".to_string(),
    }
}

fn account_page(
    ctx: &Ctx,
    action: &'static str,
    name: String,
    errors: Vec<FieldError>,
    back: String,
) -> Response {
    let tr = ctx.tr;
    let mut title = tr.t(if action == "signup" {
        "sign-up-title"
    } else {
        "sign-in-title"
    });
    if !errors.is_empty() {
        title = tr.a("title-with-errors", "title", title);
    }
    let page = AccountPage {
        frame: Frame::new(ctx, Section::Account, title),
        action,
        name,
        errors: errors.clone(),
        back,
    };
    let mut response = render(ctx, &page);
    if !errors.is_empty() {
        *response.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
    }
    response
}

pub async fn signup_page(
    ctx: Ctx,
    axum::extract::Query(q): axum::extract::Query<Back>,
) -> Response {
    // A guest keeps their name when nobody has it: offered as it stands.
    let name = match &ctx.account {
        Some(guest) if ctx.is_guest() => guest.name.clone(),
        _ => String::new(),
    };
    account_page(
        &ctx,
        "signup",
        name,
        Vec::new(),
        safe_back(q.back.as_deref()),
    )
}

pub async fn signin_page(
    ctx: Ctx,
    axum::extract::Query(q): axum::extract::Query<Back>,
) -> Response {
    account_page(
        &ctx,
        "signin",
        String::new(),
        Vec::new(),
        safe_back(q.back.as_deref()),
    )
}

#[derive(Debug, Deserialize)]
pub struct Credentials {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    back: Option<String>,
}

/// Makes the session cookie of `set_cookies` the one `headers` send, so the next call made
/// for this request acts as the account just signed in.
pub fn adopt_session(headers: &mut HeaderMap, set_cookies: &[HeaderValue]) {
    let session = set_cookies
        .iter()
        .filter_map(|c| c.to_str().ok())
        .filter_map(|c| c.split(';').next())
        .find(|pair| {
            // The server's own answer, so either name is the one in use.
            [SESSION_COOKIE, SECURE_SESSION_COOKIE]
                .iter()
                .any(|name| pair.strip_prefix(name).is_some_and(|v| v.starts_with('=')))
        });
    if let Some(pair) = session
        && let Ok(value) = HeaderValue::from_str(pair)
    {
        headers.insert(COOKIE, value);
    }
}

fn with_cookies(mut response: Response, answer: &Answer) -> Response {
    for cookie in &answer.set_cookies {
        response.headers_mut().append(SET_COOKIE, cookie.clone());
    }
    response
}

/// Turns an API refusal of a name or password into the fields' errors.
fn field_errors(ctx: &Ctx, refusal: &Refusal) -> Vec<FieldError> {
    let tr = ctx.tr;
    let (field, id) = match refusal.code.as_str() {
        "name_taken" => ("name", "error-name-taken"),
        "bad_credentials" => ("password", "error-bad-credentials"),
        "rate_limited" => ("password", "error-code-rate_limited"),
        "bad_request" if refusal.message.contains("password") => {
            ("password", "error-password-rules")
        }
        "bad_request" => ("name", "error-name-rules"),
        _ => ("name", crate::errors::message_id(&refusal.code)),
    };
    vec![FieldError {
        field,
        message: tr.t(id),
    }]
}

async fn submit(
    state: AppState,
    ctx: Ctx,
    api: Api,
    peer: SocketAddr,
    form: Credentials,
    action: &'static str,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let back = safe_back(form.back.as_deref());
    let mut errors = Vec::new();
    if form.name.trim().is_empty() {
        errors.push(FieldError {
            field: "name",
            message: ctx.tr.t("error-name-missing"),
        });
    }
    if form.password.is_empty() {
        errors.push(FieldError {
            field: "password",
            message: ctx.tr.t("error-password-missing"),
        });
    }
    if !errors.is_empty() {
        return account_page(&ctx, action, form.name, errors, back);
    }
    let body = json!({"name": form.name.trim(), "password": form.password});
    let path = format!("/api/{action}");
    match api
        .call(&ctx.headers, Some(peer), Method::POST, &path, body)
        .await
    {
        Ok(answer) if action == "signup" && ctx.is_guest() => {
            // The guest became this account (the same id): the settings it kept in its
            // cookie become the account's, as a signed-up account keeps them.
            let guest = ctx
                .account
                .as_ref()
                .map_or(agora_store::AccountId(0), |a| a.id);
            let saved = (state.store())
                .set_account_settings(guest, &ctx.prefs.to_string(), agora_store::now_ms())
                .await;
            if let Err(e) = saved {
                tracing::warn!(error = %e, "a guest's settings not kept at sign-up");
            }
            with_cookies(ctx.redirect(&back), &answer)
        }
        Ok(answer) => with_cookies(ctx.redirect(&back), &answer),
        Err(refusal) if refusal.status.is_client_error() => {
            let errors = field_errors(&ctx, &refusal);
            account_page(&ctx, action, form.name, errors, back)
        }
        Err(refusal) => error_page(&ctx, refusal.into()),
    }
}

pub async fn signup(
    State(state): State<AppState>,
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Form(form): Form<Credentials>,
) -> Response {
    submit(state, ctx, api, peer, form, "signup").await
}

pub async fn signin(
    State(state): State<AppState>,
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Form(form): Form<Credentials>,
) -> Response {
    submit(state, ctx, api, peer, form, "signin").await
}

/// Whom the rest of a request acts as: the reader's own headers when they are signed in;
/// else a guest account made on the spot (named `name`, or a name chosen for them), whose
/// session the returned headers carry and whose cookie the response must set.
pub async fn signed_in_or_guest(
    api: &Api,
    ctx: &Ctx,
    peer: SocketAddr,
    name: Option<&str>,
) -> Result<(HeaderMap, Vec<HeaderValue>), Refusal> {
    let mut headers = ctx.headers.clone();
    if ctx.account.is_some() {
        return Ok((headers, Vec::new()));
    }
    let body = guest_body(ctx.tr, name.unwrap_or(""));
    let answer = api
        .call(&headers, Some(peer), Method::POST, "/api/guest", body)
        .await?;
    adopt_session(&mut headers, &answer.set_cookies);
    Ok((headers, answer.set_cookies))
}

/// The API's body for a new guest named `name`, or, when they give none, named "Guest" in
/// their language with a number the server makes unique.
pub fn guest_body(tr: Tr, name: &str) -> serde_json::Value {
    match name.trim() {
        "" => {
            let number = agora_store::GUEST_NUMBER;
            json!({"name_pattern": tr.with("guest-default-name", &args![("number", number)])})
        }
        name => json!({ "name": name }),
    }
}

#[derive(Debug, Deserialize)]
pub struct GuestForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    back: Option<String>,
}

pub async fn guest(
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Form(form): Form<GuestForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let back = safe_back(form.back.as_deref());
    let body = guest_body(ctx.tr, &form.name);
    match api
        .call(&ctx.headers, Some(peer), Method::POST, "/api/guest", body)
        .await
    {
        Ok(answer) => with_cookies(ctx.redirect(&back), &answer),
        Err(refusal) if refusal.status.is_client_error() => {
            let errors = field_errors(&ctx, &refusal);
            account_page(&ctx, "signin", form.name, errors, back)
        }
        Err(refusal) => error_page(&ctx, refusal.into()),
    }
}

#[derive(Debug, Deserialize)]
pub struct Plain {
    #[serde(default)]
    csrf: String,
}

pub async fn signout(
    State(_state): State<AppState>,
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Form(form): Form<Plain>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    match api
        .call(
            &ctx.headers,
            Some(peer),
            Method::POST,
            "/api/signout",
            json!({}),
        )
        .await
    {
        Ok(answer) => with_cookies(ctx.redirect("/"), &answer),
        Err(refusal) => error_page(&ctx, refusal.into()),
    }
}
