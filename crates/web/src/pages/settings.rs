//! `/settings`: language, theme, text-first mode, reduced motion, confirming moves; and the
//! footer's language picker.

use agora_present::Lang;
use agora_server::AppState;
use askama::Template;
use axum::Form;
use axum::extract::{Query, State};
use axum::response::Response;
use serde::Deserialize;

use crate::ctx::Ctx;
use crate::layout::{Frame, Section, error_page, render};
use crate::pages::account::safe_back;
use crate::prefs::{Prefs, Theme};

#[derive(Template)]
#[template(path = "settings.html")]
struct SettingsPage {
    frame: Frame,
    prefs: Prefs,
    themes: Vec<(&'static str, String)>,
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
}

pub async fn page(ctx: Ctx, Query(q): Query<Saved>) -> Response {
    let tr = ctx.tr;
    let mut frame = Frame::new(&ctx, Section::Settings, tr.t("settings-title"));
    if q.saved.is_some() {
        frame.notice = Some(tr.t("settings-saved"));
    }
    let page = SettingsPage {
        frame,
        prefs: ctx.prefs,
        themes: Theme::ALL
            .iter()
            .map(|t| (t.code(), tr.t(&format!("theme-{}", t.code()))))
            .collect(),
    };
    render(&ctx, &page)
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
    };
    ctx.save_prefs(&state, &prefs, ctx.redirect("/settings?saved=1"))
        .await
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
    ctx.save_prefs(&state, &prefs, ctx.redirect(&back)).await
}
