//! `/games`: the reader's games: those waiting for their move first, then the others being
//! played (each by urgency, with a correspondence game's time left), then tables still open,
//! then the ended ones, filtered by game and result and paged (`crate::ended`). The tab title
//! counts the first. `lobby.js` refreshes all but the ended ones, whose filter and page are
//! the reader's.

use agora_server::AppState;
use agora_store::{Account, Table, TableStatus, TimeControl};
use askama::Template;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};

use crate::ctx::{Ctx, PageError};
use crate::ended::{EndedList, EndedQuery, ended_list};
use crate::i18n::Tr;
use crate::layout::{Frame, Section, error_page, render};
use crate::listing::{TableItem, game_label, item, seat_label};
use crate::time_control::time_left;
use crate::waiting::{GameNow, game_now, waiting_tables};

#[derive(Template)]
#[template(path = "games.html")]
struct GamesPage {
    frame: Frame,
    lists: Lists,
    /// The ended games (finished or called off), filtered and paged.
    list: Option<EndedList>,
}

/// The reader's tables, sorted as the page shows them.
#[derive(Debug)]
struct Lists {
    my_turn: Vec<TableItem>,
    playing: Vec<TableItem>,
    open: Vec<TableItem>,
}

/// A game waiting for the reader's move, as `/games/waiting` tells `page.js`.
#[derive(Debug, serde::Serialize)]
struct Waiting {
    id: String,
    href: String,
    version: u64,
    /// Correspondence games only: what a browser notification says ("Tyrus with Bob").
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<String>,
}

/// `account`'s games waiting for its move, correspondence or not.
async fn waiting_games(state: &AppState, tr: Tr, account: &Account) -> Vec<Waiting> {
    let tables = waiting_tables(state, account).await;
    let waiting = tables.iter().map(|(table, version)| Waiting {
        id: table.id.to_string(),
        href: format!("/games/{}", table.id),
        version: *version,
        title: matches!(table.time_control, TimeControl::Correspondence { .. })
            .then(|| turn_title(tr, account, table)),
    });
    waiting.collect()
}

/// "Tyrus with Bob, the computer (easy)": the game and the other seats, as its page shows them
/// to the reader (no more: a notification can show on a locked screen).
fn turn_title(tr: Tr, account: &Account, table: &Table) -> String {
    let game = game_label(tr, table);
    let others = table
        .seats
        .iter()
        .filter(|s| s.account != Some(account.id))
        .map(|s| seat_label(tr, s))
        .collect::<Vec<_>>()
        .join(", ");
    tr.args_verbatim(
        "notify-browser-title",
        &[("game", game), ("players", others)],
    )
}

/// The reader's games, sorted as the page shows them: each list of games being played by
/// urgency (nearest deadline first; games without one after, newest first).
async fn sorted(state: &AppState, ctx: &Ctx) -> Result<GamesPage, PageError> {
    let tr = ctx.tr;
    let account = ctx.account.as_ref().ok_or(PageError::new(
        axum::http::StatusCode::UNAUTHORIZED,
        "error-code-unauthorized",
    ))?;
    let tables = state.store().account_tables(account.id, 200).await?;
    let now = agora_store::now_ms();
    let (mut my_turn, mut playing, mut open) = (Vec::new(), Vec::new(), Vec::new());
    for table in &tables {
        let mut entry = item(tr, ctx, table);
        match table.status {
            TableStatus::Playing => {
                let GameNow { mine, deadline, .. } = game_now(state, account, table).await;
                entry.time_left = deadline.map(|at| time_left(tr, at, now));
                let list = if mine { &mut my_turn } else { &mut playing };
                list.push((deadline.unwrap_or(i64::MAX), entry));
            }
            TableStatus::Open => open.push(entry),
            // Ended: listed apart (`ended_list`), with their filter and pages.
            TableStatus::Finished | TableStatus::Aborted | TableStatus::Cancelled => {}
        }
    }
    let by_urgency = |mut list: Vec<(i64, TableItem)>| {
        list.sort_by_key(|(deadline, _)| *deadline);
        list.into_iter().map(|(_, entry)| entry).collect::<Vec<_>>()
    };
    let (my_turn, playing) = (by_urgency(my_turn), by_urgency(playing));
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
        },
        list: None,
    })
}

/// `GET /games[?game=…&result=…&page=N]`.
pub async fn page(
    State(state): State<AppState>,
    ctx: Ctx,
    Query(query): Query<EndedQuery>,
) -> Response {
    let Some(account) = ctx.account.clone() else {
        return ctx.redirect("/signin?back=/games");
    };
    let page = async {
        let mut page = sorted(&state, &ctx).await?;
        page.list = Some(ended_list(&state, ctx.tr, account.id, "/games", &query).await?);
        Ok::<_, PageError>(page)
    };
    match page.await {
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
        Ok(GamesPage { frame, lists, .. }) => match (MyGamesFragment { frame, lists }).render() {
            Ok(html) => ctx.respond(
                axum::http::StatusCode::OK,
                axum::response::Html(html).into_response(),
            ),
            Err(e) => error_page(&ctx, e.into()),
        },
        Err(e) => error_page(&ctx, e),
    }
}

#[derive(Template)]
#[template(path = "partials/waiting_count.html")]
struct WaitingCount {
    frame: Frame,
}

/// `GET /games/waiting`: the header's count of games waiting for the reader, for `page.js`
/// to poll: `{"count": N, "html": "…", "games": [{"id", "href", "version", "title"?}]}`
/// (a title for correspondence games only: their browser notification), with an `ETag` (the
/// games, their versions and the language), so nothing new answers `304` with no body.
pub async fn waiting(State(state): State<AppState>, mut ctx: Ctx) -> Response {
    use axum::http::{HeaderValue, StatusCode, header};
    use std::hash::{Hash, Hasher};
    let Some(account) = ctx.account.clone() else {
        return ctx.respond(StatusCode::UNAUTHORIZED, ().into_response());
    };
    let games = waiting_games(&state, ctx.tr, &account).await;
    ctx.waiting = Some(games.len());
    // SipHash with fixed keys: the same tag from every node for the same games.
    let mut hasher = std::hash::DefaultHasher::new();
    for game in &games {
        (&game.id, game.version, &game.title).hash(&mut hasher);
    }
    let tag = format!("\"w{}-{}-{:x}\"", games.len(), ctx.lang(), hasher.finish());
    let mut response = if ctx
        .headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|v| v.as_bytes() == tag.as_bytes())
    {
        ctx.respond(StatusCode::NOT_MODIFIED, ().into_response())
    } else {
        let frame = Frame::new(&ctx, Section::MyGames, String::new());
        let html = match (WaitingCount { frame }).render() {
            Ok(html) => html,
            Err(e) => return error_page(&ctx, e.into()),
        };
        let body = serde_json::json!({
            "count": games.len(),
            "html": html,
            "games": games,
            "notice": ctx.tr.t("notify-browser-body"),
        });
        ctx.respond(StatusCode::OK, axum::Json(body).into_response())
    };
    if let Ok(value) = HeaderValue::from_str(&tag) {
        response.headers_mut().insert(header::ETAG, value);
    }
    response
}
