//! `/settings`: language, theme, text-first mode, reduced motion, confirming moves; and the
//! footer's language picker. The email section and turn mail's own pages: [`mail`]; Web Push's
//! subscriptions and service worker: [`push`].

pub mod chat;
pub mod mail;
pub mod push;

use agora_present::Lang;
use agora_server::AppState;
use agora_store::AccountKind;
use askama::Template;
use axum::Form;
use axum::extract::{Query, State};
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderValue, StatusCode};
use axum::response::Response;
use serde::Deserialize;

use crate::ctx::Ctx;
use crate::layout::{Frame, Section, error_page, render};
use crate::pages::account::{FieldError, safe_back};
use crate::prefs::{Prefs, Theme};
use mail::{EmailSection, email_section};

#[derive(Template)]
#[template(path = "settings.html")]
struct SettingsPage {
    frame: Frame,
    prefs: Prefs,
    themes: Vec<(&'static str, String)>,
    /// The turn-mail form, when the server sends email and the reader is signed up.
    email: Option<EmailSection>,
    /// The server's VAPID public key, when this reader's browser may subscribe to Web Push.
    push_key: Option<String>,
    errors: Vec<FieldError>,
}

#[derive(Debug, Default, Deserialize)]
pub struct Saved {
    #[serde(default)]
    saved: Option<String>,
}

impl SettingsPage {
    fn is_theme(&self, code: &str) -> bool {
        self.prefs.theme.code() == code
    }

    fn error_for(&self, field: &str) -> Option<&FieldError> {
        self.errors.iter().find(|e| e.field == field)
    }
}

pub async fn page(State(state): State<AppState>, ctx: Ctx, Query(q): Query<Saved>) -> Response {
    let notice = match q.saved.as_deref() {
        Some("email") => Some("settings-email-saved"),
        Some(_) => Some("settings-saved"),
        None => None,
    };
    let email = match email_section(&state, &ctx).await {
        Ok(email) => email,
        Err(e) => return error_page(&ctx, e),
    };
    settings_page(&state, &ctx, email, Vec::new(), notice)
}

/// The settings page with the email form as given (as saved, or as sent back with its
/// `errors`: then the answer is a `422`, as the account forms answer).
pub(crate) fn settings_page(
    state: &AppState,
    ctx: &Ctx,
    email: Option<EmailSection>,
    errors: Vec<FieldError>,
    notice: Option<&str>,
) -> Response {
    let tr = ctx.tr;
    let mut title = tr.t("settings-title");
    if !errors.is_empty() {
        title = tr.a("title-with-errors", "title", title);
    }
    let mut frame = Frame::new(ctx, Section::Settings, title);
    frame.notice = notice.map(|id| tr.t(id));
    let failed = !errors.is_empty();
    let page = SettingsPage {
        frame,
        prefs: ctx.prefs,
        themes: Theme::ALL
            .iter()
            .map(|t| (t.code(), tr.t(&format!("theme-{}", t.code()))))
            .collect(),
        email,
        push_key: push::offered_key(state, ctx).map(str::to_string),
        errors,
    };
    let mut response = render(ctx, &page);
    if failed {
        *response.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
    }
    response
}

#[derive(Debug, Deserialize)]
pub struct SettingsForm {
    #[serde(default)]
    csrf: String,
    lang: String,
    theme: String,
    #[serde(default)]
    text_first: Option<String>,
    #[serde(default)]
    reduced_motion: Option<String>,
    #[serde(default)]
    confirm_moves: Option<String>,
    #[serde(default)]
    turn_sound: Option<String>,
}

pub async fn save(
    State(state): State<AppState>,
    ctx: Ctx,
    Form(form): Form<SettingsForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let prefs = Prefs {
        lang: form.lang.parse::<Lang>().ok(),
        theme: form.theme.parse().unwrap_or_default(),
        text_first: form.text_first.is_some(),
        reduced_motion: form.reduced_motion.is_some(),
        confirm_moves: form.confirm_moves.is_some(),
        turn_sound: form.turn_sound.is_some(),
    };
    save_prefs(&ctx, &state, &prefs, ctx.redirect("/settings?saved=1")).await
}

#[derive(Debug, Deserialize)]
pub struct LangForm {
    #[serde(default)]
    csrf: String,
    lang: String,
    #[serde(default)]
    back: Option<String>,
}

/// `POST /lang`, the footer's picker: the language changes, the reader stays on the page.
pub async fn pick_lang(
    State(state): State<AppState>,
    ctx: Ctx,
    Form(form): Form<LangForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let prefs = Prefs {
        lang: form.lang.parse::<Lang>().ok(),
        ..ctx.prefs
    };
    let back = safe_back(form.back.as_deref());
    save_prefs(&ctx, &state, &prefs, ctx.redirect(&back)).await
}

/// Keeps `prefs` for this reader: in the account (for a signed-up account) and in the
/// cookie set on `response`.
async fn save_prefs(
    ctx: &Ctx,
    state: &AppState,
    prefs: &Prefs,
    mut response: Response,
) -> Response {
    if let Some(account) = ctx
        .account
        .as_ref()
        .filter(|a| a.kind != AccountKind::Guest)
        && let Err(e) = state
            .store()
            .set_account_settings(account.id, &prefs.to_string(), agora_store::now_ms())
            .await
    {
        return error_page(ctx, e.into());
    }
    if let Ok(value) = HeaderValue::from_str(&prefs.cookie(ctx.secure)) {
        response.headers_mut().append(SET_COOKIE, value);
    }
    response
}
