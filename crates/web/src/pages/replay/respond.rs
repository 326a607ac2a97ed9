//! The replay's view answered: the whole page, or the fragment `replay.js` swaps in. Shared
//! by a game of this server's replay ([`super::game`]) and an uploaded record's
//! ([`super::upload`]).

use askama::Template;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::ReplayView;
use crate::ctx::Ctx;
use crate::layout::{Frame, Section, error_page, render};

#[derive(Template)]
#[template(path = "replay.html")]
struct ReplayPage {
    frame: Frame,
    r: ReplayView,
}

#[derive(Template)]
#[template(path = "replay/view.html")]
pub(super) struct ViewFragment<'a> {
    pub(super) r: &'a ReplayView,
}

/// The whole replay page for `view`.
pub fn page_response(ctx: &Ctx, view: ReplayView) -> Response {
    let mut frame = Frame::new(ctx, Section::Game, view.title.clone()).with_script("js/replay.js");
    // Only while the look back may still arrive.
    if view.turned.as_ref().is_some_and(|t| t.polls) {
        frame = frame.with_script("js/turned.js");
    }
    render(ctx, &ReplayPage { frame, r: view })
}

/// The view's fragment as `replay.js` swaps it: its HTML, the step said, the address.
pub fn fragment_response(ctx: &Ctx, view: &ReplayView, href: String) -> Response {
    let html = match (ViewFragment { r: view }).render() {
        Ok(html) => html,
        Err(e) => return error_page(ctx, e.into()),
    };
    let body = json!({
        "html": html,
        "step": view.step,
        "say": format!("{} {}", view.step_label, view.narration),
        "href": href,
    });
    ctx.respond(StatusCode::OK, Json(body).into_response())
}
