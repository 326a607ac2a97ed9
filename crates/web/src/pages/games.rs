//! `/games`: the reader's games: those waiting for their move first, then the others being
//! played, then tables still open, then the finished ones. The tab title counts the first.

use agora_engine::Viewer;
use agora_server::AppState;
use agora_store::{Account, Table, TableStatus};
use askama::Template;
use axum::extract::State;
use axum::response::{IntoResponse, Response};

use crate::ctx::{Ctx, PageError};
use crate::layout::{Frame, Section, error_page, render};
use crate::listing::{TableItem, item};

#[derive(Template)]
#[template(path = "games.html")]
struct GamesPage {
    frame: Frame,
    lists: Lists,
}

/// The reader's tables, sorted as the page shows them.
#[derive(Debug)]
struct Lists {
    my_turn: Vec<TableItem>,
    playing: Vec<TableItem>,
    open: Vec<TableItem>,
    finished: Vec<TableItem>,
}

/// Whether it is `account`'s seat at `table` to move in its game.
async fn waits_for_me(state: &AppState, account: &Account, table: &Table) -> bool {
    let Ok(handle) = state.games().handle(table.id).await else {
        return false;
    };
    let Some(seat) = handle.seat_of(account.id) else {
        return false;
    };
    handle
        .snapshot(Viewer::Seat(seat))
        .await
        .is_ok_and(|s| s["legal_moves"].as_array().is_some_and(|m| !m.is_empty()))
}

/// How many of `account`'s games wait for its move: the count every page's header shows.
pub(crate) async fn waiting_count(state: &AppState, account: &Account) -> usize {
    let Ok(tables) = state.store().account_tables(account.id, 200).await else {
        return 0;
    };
    let mut count = 0;
    for table in tables
        .iter()
        .filter(|t| matches!(t.status, TableStatus::Playing))
    {
        if waits_for_me(state, account, table).await {
            count += 1;
        }
    }
    count
}

/// The reader's games, sorted as the page shows them.
async fn sorted(state: &AppState, ctx: &Ctx) -> Result<GamesPage, PageError> {
    let tr = ctx.tr;
    let account = ctx.account.as_ref().ok_or(PageError::new(
        axum::http::StatusCode::UNAUTHORIZED,
        "error-code-unauthorized",
    ))?;
    let tables = state.store().account_tables(account.id, 200).await?;
    let (mut my_turn, mut playing, mut open, mut finished) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for table in &tables {
        let entry = item(tr, ctx, table);
        match table.status {
            TableStatus::Playing if waits_for_me(state, account, table).await => {
                my_turn.push(entry);
            }
            TableStatus::Playing => playing.push(entry),
            TableStatus::Open => open.push(entry),
            TableStatus::Finished | TableStatus::Aborted => finished.push(entry),
            TableStatus::Cancelled => {}
        }
    }
    let title = if my_turn.is_empty() {
        tr.t("games-title")
    } else {
        format!("({}) {}", my_turn.len(), tr.t("games-title"))
    };
    Ok(GamesPage {
        frame: Frame::new(ctx, Section::MyGames, title).with_script("js/lobby.js"),
        lists: Lists {
            my_turn,
            playing,
            open,
            finished,
        },
    })
}

pub async fn page(State(state): State<AppState>, ctx: Ctx) -> Response {
    if ctx.account.is_none() {
        return ctx.redirect("/signin?back=/games");
    }
    match sorted(&state, &ctx).await {
        Ok(page) => render(&ctx, &page),
        Err(e) => error_page(&ctx, e),
    }
}

#[derive(Template)]
#[template(path = "partials/my_games.html")]
struct MyGamesFragment {
    frame: Frame,
    lists: Lists,
}

/// `GET /games/list`: the lists alone, with the title, for `lobby.js` to refresh.
pub async fn fragment(State(state): State<AppState>, ctx: Ctx) -> Response {
    match sorted(&state, &ctx).await {
        Ok(GamesPage { frame, lists }) => match (MyGamesFragment { frame, lists }).render() {
            Ok(html) => ctx.respond(
                axum::http::StatusCode::OK,
                axum::response::Html(html).into_response(),
            ),
            Err(e) => error_page(&ctx, e.into()),
        },
        Err(e) => error_page(&ctx, e),
    }
}
