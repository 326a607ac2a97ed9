//! `/games`: the reader's games: those waiting for their move first, then the others being
//! played (each by urgency, with a correspondence game's time left), then tables still open,
//! then the finished ones. The tab title counts the first.

use agora_engine::Viewer;
use agora_server::AppState;
use agora_store::{Account, Table, TableStatus, TimeControl};
use askama::Template;
use axum::extract::State;
use axum::response::{IntoResponse, Response};

use crate::ctx::{Ctx, PageError};
use crate::i18n::Tr;
use crate::layout::{Frame, Section, error_page, render};
use crate::listing::{TableItem, game_label, item, seat_label};

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

/// Where `account`'s game at `table` stands.
struct GameNow {
    /// Its seat is to move.
    mine: bool,
    /// The move's deadline (correspondence games).
    deadline: Option<i64>,
    /// The game's version: a new turn is a new version.
    version: u64,
}

async fn game_now(state: &AppState, account: &Account, table: &Table) -> GameNow {
    let nothing = GameNow {
        mine: false,
        deadline: None,
        version: 0,
    };
    let Ok(handle) = state.games().handle(table.id).await else {
        return nothing;
    };
    let Some(seat) = handle.seat_of(account.id) else {
        return nothing;
    };
    match handle
        .snapshot(Viewer::Seat(seat), agora_server::Detail::Table)
        .await
    {
        Ok(state) => GameNow {
            mine: state.to_move(),
            deadline: state.deadline,
            version: state.version,
        },
        Err(_) => nothing,
    }
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

/// `account`'s tables whose game waits for its move, each with the game's version.
async fn waiting_tables(state: &AppState, account: &Account) -> Vec<(Table, u64)> {
    let Ok(tables) = state.store().account_tables(account.id, 200).await else {
        return Vec::new();
    };
    let mut waiting = Vec::new();
    for table in tables
        .into_iter()
        .filter(|t| matches!(t.status, TableStatus::Playing))
    {
        let now = game_now(state, account, &table).await;
        if now.mine {
            waiting.push((table, now.version));
        }
    }
    waiting
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

/// How many of `account`'s games wait for its move: the count every page's header shows.
pub(crate) async fn waiting_count(state: &AppState, account: &Account) -> usize {
    waiting_tables(state, account).await.len()
}

/// The time from `now` to `deadline`, in words: days when two or more are left, else hours
/// when one or more, else minutes.
pub fn time_left(tr: Tr, deadline: i64, now: i64) -> String {
    const MINUTE: i64 = 60_000;
    const HOUR: i64 = 60 * MINUTE;
    const DAY: i64 = 24 * HOUR;
    match deadline - now {
        left if left <= 0 => tr.t("games-time-up"),
        left if left >= 2 * DAY => tr.n("games-left-days", left / DAY),
        left if left >= HOUR => tr.n("games-left-hours", left / HOUR),
        left => tr.n("games-left-minutes", (left / MINUTE).max(1)),
    }
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
    let (mut my_turn, mut playing, mut open, mut finished) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
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
            TableStatus::Finished | TableStatus::Aborted => finished.push(entry),
            // Called off for nobody joining: said, with when. One its creator cancelled goes.
            TableStatus::Cancelled if entry.expired.is_some() => finished.push(entry),
            TableStatus::Cancelled => {}
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
