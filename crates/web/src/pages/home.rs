//! `/`: what Agora is, one click to play against the computer, tables to join and games
//! to watch.

use agora_server::AppState;
use askama::Template;
use axum::extract::{ConnectInfo, State};
use axum::http::Method;
use axum::response::Response;
use axum::{Extension, Form};
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;

use crate::api_call::Api;
use crate::ctx::Ctx;
use crate::layout::{Frame, Section, error_page, render};
use crate::listing::{TableItem, level_ratings, open_tables, watchable_games};
use crate::{GAMES, game_name};

#[derive(Template)]
#[template(path = "home.html")]
struct Home {
    frame: Frame,
    /// Each game's code, name, and its computer levels' ratings in a sentence, if rated.
    games: Vec<(&'static str, String, Option<String>)>,
    open: Vec<TableItem>,
    playing: Vec<TableItem>,
}

pub async fn page(State(state): State<AppState>, ctx: Ctx) -> Response {
    let tr = ctx.tr;
    let open = open_tables(&state, &ctx, 10).await.unwrap_or_default();
    let playing = watchable_games(&state, &ctx, 10).await.unwrap_or_default();
    let mut ratings = level_ratings(&state, tr).await;
    let home = Home {
        frame: Frame::new(&ctx, Section::Home, tr.t("home-title")),
        games: GAMES
            .iter()
            .map(|g| {
                let rated = (ratings.iter().position(|(kind, _)| kind == g))
                    .map(|at| ratings.swap_remove(at).1);
                (g.name(), game_name(tr, *g), rated)
            })
            .collect(),
        open,
        playing,
    };
    render(&ctx, &home)
}

#[derive(Debug, Deserialize)]
pub struct PlayForm {
    #[serde(default)]
    csrf: String,
    game: String,
    #[serde(default)]
    level: Option<String>,
}

/// `POST /play`: a game against the computer at once; a guest account is made first for a
/// reader who is not signed in.
pub async fn play(
    State(_state): State<AppState>,
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Form(form): Form<PlayForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    // Not signed in: a guest account on the spot.
    let (headers, set_cookies) =
        match crate::pages::account::signed_in_or_guest(&api, &ctx, peer, None).await {
            Ok(made) => made,
            Err(refusal) => return error_page(&ctx, refusal.into()),
        };
    let level = form.level.unwrap_or_else(|| "easy".to_string());
    let mut body = json!({
        "game": form.game,
        "seats": [{"kind": "me"}, {"kind": "ai", "level": level}],
        "public": true,
    });
    // Tyranny sits four by default: one against the computer is a table of two.
    if form.game == "tyranny" {
        body["options"] = json!({"players": 2});
    }
    match api
        .call(&headers, Some(peer), Method::POST, "/api/tables", body)
        .await
    {
        Ok(answer) => {
            let id = answer.body["table"]["id"].as_str().unwrap_or_default();
            let mut response = ctx.redirect(&format!("/games/{id}"));
            for cookie in set_cookies {
                response
                    .headers_mut()
                    .append(axum::http::header::SET_COOKIE, cookie);
            }
            response
        }
        Err(refusal) => error_page(&ctx, refusal.into()),
    }
}
