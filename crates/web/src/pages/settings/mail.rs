//! Turn mail on the pages: the email form of `/settings` (signed-up accounts, and only when
//! the server sends email), and `/mail/off`, where an email's link turns them off without
//! signing in: the link's `GET` only asks (mail scanners follow links), a `POST` turns off.

use agora_server::AppState;
use agora_server::mail::{AddressProblem, parse_address};
use agora_store::{AccountKind, MailSettings, Secret, now_ms};
use askama::Template;
use axum::Form;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::settings_page;
use crate::ctx::{Ctx, PageError};
use crate::layout::{Frame, Section, error_page, render};
use crate::pages::account::FieldError;

/// The email form as the page shows it.
#[derive(Clone, Debug, Default)]
pub struct EmailSection {
    pub address: String,
    pub turn_mail: bool,
}

/// Whether this reader may have turn mail: the server sends email and the reader is a
/// signed-up account (a guest has no address to keep).
fn offered(state: &AppState, ctx: &Ctx) -> bool {
    state.config().mail.is_some()
        && ctx
            .account
            .as_ref()
            .is_some_and(|a| a.kind == AccountKind::User)
}

/// The email form filled with what the reader saved, when it is offered.
pub(crate) async fn email_section(
    state: &AppState,
    ctx: &Ctx,
) -> Result<Option<EmailSection>, PageError> {
    let Some(account) = ctx.account.as_ref().filter(|_| offered(state, ctx)) else {
        return Ok(None);
    };
    let saved = state.store().mail_settings(account.id).await?;
    Ok(Some(saved.map_or_else(EmailSection::default, |s| {
        EmailSection {
            address: s.address,
            turn_mail: s.turn_mail,
        }
    })))
}

#[derive(Debug, Deserialize)]
pub struct EmailForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    address: String,
    #[serde(default)]
    turn_mail: Option<String>,
}

/// `POST /settings/email`: keeps the address (checked) and the choice; an empty address with
/// the box unticked forgets the address.
pub async fn save(
    State(state): State<AppState>,
    ctx: Ctx,
    Form(form): Form<EmailForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let Some(account) = ctx.account.as_ref().filter(|_| offered(&state, &ctx)) else {
        return error_page(&ctx, PageError::not_found());
    };
    let turn_mail = form.turn_mail.is_some();
    let settings = match parse_address(&form.address) {
        Ok(address) => Some(MailSettings {
            address,
            lang: ctx.lang().to_string(),
            turn_mail,
        }),
        Err(AddressProblem::Missing) if !turn_mail => None,
        Err(problem) => {
            let message = match problem {
                AddressProblem::Missing => "settings-email-error-missing",
                AddressProblem::TooLong => "settings-email-error-too-long",
                AddressProblem::Invalid => "settings-email-error-invalid",
            };
            let errors = vec![FieldError {
                field: "email-address",
                message: ctx.tr.t(message),
            }];
            let email = EmailSection {
                address: form.address.trim().to_string(),
                turn_mail,
            };
            return settings_page(&state, &ctx, Some(email), errors, None);
        }
    };
    match state
        .store()
        .set_mail_settings(account.id, settings, now_ms())
        .await
    {
        Ok(()) => ctx.redirect("/settings?saved=email#email"),
        Err(e) => error_page(&ctx, e.into()),
    }
}

#[derive(Template)]
#[template(path = "mail_off.html")]
struct MailOffPage {
    frame: Frame,
    /// The link's secret, for the form; `None` once the emails are off.
    token: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct OffLink {
    #[serde(default)]
    token: String,
}

/// The account an off-link was sent to, and whether its emails are on; an unknown link is
/// a `404`.
async fn off_link(state: &AppState, token: &str) -> Result<bool, PageError> {
    let unknown = || PageError::new(StatusCode::NOT_FOUND, "mail-off-unknown");
    if token.is_empty() || token.len() > 128 {
        return Err(unknown());
    }
    let hash = Secret::from_client(token).hash();
    match state.store().turn_mail_off_link(&hash).await? {
        Some((_, on)) => Ok(on),
        None => Err(unknown()),
    }
}

fn off_page(ctx: &Ctx, token: Option<String>) -> Response {
    let frame = Frame::new(ctx, Section::Settings, ctx.tr.t("mail-off-title"));
    render(ctx, &MailOffPage { frame, token })
}

/// `GET /mail/off?token=…`: asks whether to stop the emails (or says they are off).
pub async fn ask(State(state): State<AppState>, ctx: Ctx, Query(link): Query<OffLink>) -> Response {
    match off_link(&state, &link.token).await {
        Ok(true) => off_page(&ctx, Some(link.token)),
        Ok(false) => off_page(&ctx, None),
        Err(e) => error_page(&ctx, e),
    }
}

#[derive(Debug, Deserialize)]
pub struct OffForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    token: String,
}

/// `POST /mail/off`: turns the emails off and says so.
pub async fn turn_off(
    State(state): State<AppState>,
    ctx: Ctx,
    Form(form): Form<OffForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    if let Err(e) = off_link(&state, &form.token).await {
        return error_page(&ctx, e);
    }
    let hash = Secret::from_client(&form.token).hash();
    match state.store().turn_mail_off(&hash, now_ms()).await {
        Ok(_) => off_page(&ctx, None),
        Err(e) => error_page(&ctx, e.into()),
    }
}
