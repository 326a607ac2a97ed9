//! `/tables/{id}`: a table waiting for players (its invitation link, who sits where), and
//! joining, leaving and cancelling it. Once its game starts, the table is the game page.

use std::net::SocketAddr;

use agora_server::AppState;
use agora_server::lobby::load_table;
use agora_store::{SeatKind, TableStatus};
use askama::Template;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::Method;
use axum::response::Response;
use axum::{Extension, Form};
use serde::Deserialize;
use serde_json::json;

use crate::api_call::Api;
use crate::ctx::{Ctx, PageError};
use crate::layout::{Frame, Section, error_page, render};
use crate::listing::{item, seat_label};

#[derive(Template)]
#[template(path = "table.html")]
struct TablePage {
    frame: Frame,
    id: String,
    game: String,
    time_control: String,
    status: &'static str,
    /// When the table was called off for nobody joining in time.
    expired: Option<crate::time_control::Moment>,
    seats: Vec<SeatLine>,
    /// The invitation this page was opened with.
    invite: Option<String>,
    /// The full link to share, for the reader who made the table.
    invite_link: Option<String>,
    seated: bool,
    creator: bool,
    can_join: bool,
    kept_for_friends: bool,
    listed: bool,
}

#[derive(Clone, Debug)]
struct SeatLine {
    label: String,
    you: bool,
}

#[derive(Debug, Default, Deserialize)]
pub struct InviteQuery {
    #[serde(default)]
    invite: Option<String>,
}

fn table_id(text: &str) -> Result<agora_store::TableId, PageError> {
    text.parse().map_err(|_| PageError::not_found())
}

pub async fn page(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(q): Query<InviteQuery>,
) -> Response {
    let table = match table_id(&id) {
        Ok(id) => load_table(&state, id).await.map_err(PageError::from),
        Err(e) => Err(e),
    };
    let table = match table {
        Ok(table) => table,
        Err(e) => return error_page(&ctx, e),
    };
    if matches!(
        table.status,
        TableStatus::Playing | TableStatus::Finished | TableStatus::Aborted
    ) {
        return ctx.redirect(&format!("/games/{}", table.id));
    }
    let tr = ctx.tr;
    let me = ctx.account.as_ref().map(|a| a.id);
    let seated = me.is_some_and(|me| table.seats.iter().any(|s| s.account == Some(me)));
    let creator = me == Some(table.created_by);
    let summary = item(tr, &ctx, &table);
    let open = table.status == TableStatus::Open;
    let has_free_seat = table.seats.iter().any(|s| {
        s.account.is_none()
            && (s.kind == SeatKind::Open || (s.kind == SeatKind::Invite && q.invite.is_some()))
    });
    // The site's public URL when it is given: the `Host` a request names is the client's to
    // choose, and a link built from it could send the friend elsewhere.
    let origin = state.config().public_origin.clone().unwrap_or_else(|| {
        let host = (ctx.headers.get(axum::http::header::HOST))
            .and_then(|h| h.to_str().ok())
            .unwrap_or("localhost");
        let scheme = if ctx.secure { "https" } else { "http" };
        format!("{scheme}://{host}")
    });
    let page = TablePage {
        frame: Frame::new(
            &ctx,
            Section::Lobby,
            tr.a("table-title", "game", &summary.game),
        )
        .with_script("js/lobby.js"),
        id: table.id.to_string(),
        game: summary.game,
        time_control: summary.time_control,
        status: match table.status {
            TableStatus::Cancelled => "cancelled",
            _ => "open",
        },
        expired: summary.expired,
        seats: table
            .seats
            .iter()
            .map(|s| SeatLine {
                label: seat_label(tr, s),
                you: me.is_some() && s.account == me,
            })
            .collect(),
        invite_link: q
            .invite
            .as_ref()
            .filter(|_| creator)
            .map(|i| format!("{origin}/tables/{}?invite={i}", table.id)),
        invite: q.invite,
        seated,
        creator,
        can_join: open && !seated && has_free_seat,
        // Why a stranger sees no join button: the free seats wait for invited friends.
        kept_for_friends: open && !seated && !has_free_seat,
        listed: table.public,
    };
    render(&ctx, &page)
}

#[derive(Debug, Deserialize)]
pub struct JoinForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    invite: Option<String>,
    /// A guest's name, for a reader who is not signed in.
    #[serde(default)]
    name: Option<String>,
}

pub async fn join(
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<JoinForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    // Joining from an invitation without an account: a guest account on the spot.
    let (headers, set_cookies) =
        match crate::pages::account::signed_in_or_guest(&api, &ctx, peer, form.name.as_deref())
            .await
        {
            Ok(made) => made,
            Err(refusal) => return error_page(&ctx, refusal.into()),
        };
    let body = match form.invite.as_deref().filter(|i| !i.is_empty()) {
        Some(invite) => json!({"invite": invite}),
        None => json!({}),
    };
    let path = format!("/api/tables/{id}/join");
    let mut response = match api
        .call(&headers, Some(peer), Method::POST, &path, body)
        .await
    {
        Ok(answer) => {
            if answer.body["table"]["status"] == "playing" {
                ctx.redirect(&format!("/games/{id}"))
            } else {
                ctx.redirect(&format!("/tables/{id}"))
            }
        }
        Err(refusal) => error_page(&ctx, refusal.into()),
    };
    for cookie in set_cookies {
        response
            .headers_mut()
            .append(axum::http::header::SET_COOKIE, cookie);
    }
    response
}

#[derive(Debug, Deserialize)]
pub struct Plain {
    #[serde(default)]
    csrf: String,
}

async fn act(api: &Api, peer: SocketAddr, ctx: &Ctx, path: String, to: &str) -> Response {
    match api
        .call(&ctx.headers, Some(peer), Method::POST, &path, json!({}))
        .await
    {
        Ok(_) => ctx.redirect(to),
        Err(refusal) => error_page(ctx, refusal.into()),
    }
}

pub async fn leave(
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<Plain>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    act(
        &api,
        peer,
        &ctx,
        format!("/api/tables/{id}/leave"),
        "/lobby",
    )
    .await
}

pub async fn cancel(
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<Plain>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    act(
        &api,
        peer,
        &ctx,
        format!("/api/tables/{id}/cancel"),
        "/lobby",
    )
    .await
}
