//! `/games/{id}`: a game for one reader. The page is whole without JavaScript (forms post,
//! then redirect back); with it, `game.js` asks `/games/{id}/fragments` for fresh parts
//! whenever the game's WebSocket says something happened, and posts forms with `fetch`.

use std::net::SocketAddr;

use agora_engine::Seat;
use agora_server::AppState;
use agora_store::TableId;
use askama::Template;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Form, Json};
use serde::Deserialize;
use serde_json::json;

use crate::api_call::{Api, Refusal};
use crate::ctx::{Ctx, PageError};
use crate::i18n::Tr;
use crate::layout::{Frame, Section, error_page, render};
use crate::listing::level_name;
use crate::play::tsuro::TsuroTable;
use crate::play::tyranny::TyrannyTable;
use crate::play::tyrus::TyrusTable;
use crate::play::{Entry, Played, Tables, load};

/// One seat in the players' bar.
#[derive(Clone, Debug)]
pub struct PlayerLine {
    pub name: String,
    pub to_move: bool,
    pub you: bool,
    pub clock: Option<ClockLine>,
    pub note: Option<String>,
}

#[derive(Clone, Debug)]
pub struct ClockLine {
    pub id: String,
    pub ms: i64,
    pub text: String,
    pub running: bool,
    /// The reader's own clock: its thresholds are announced.
    pub warnings: Option<String>,
}

/// Everything the game's fragments show.
#[derive(Template)]
#[template(path = "game.html")]
struct GamePage {
    frame: Frame,
    g: GameView,
}

/// The page's model, shared by the whole page and its fragments.
#[derive(Debug)]
pub struct GameView {
    pub id: String,
    pub version: u64,
    pub title: String,
    pub players: Vec<PlayerLine>,
    pub spectator: bool,
    pub my_turn: bool,
    pub playing: bool,
    pub outcome: Option<String>,
    pub draw_offered_by: Vec<String>,
    pub i_offered_draw: bool,
    pub can_offer_draw: bool,
    pub can_abort: bool,
    pub rematch_next: Option<String>,
    pub rematch_offers: Vec<String>,
    pub i_asked_rematch: bool,
    pub history: Vec<Entry>,
    pub legal_moves: Vec<String>,
    pub tyrus: Option<TyrusTable>,
    pub tsuro: Option<TsuroTable>,
    pub tyranny: Option<TyrannyTable>,
    /// The move box's hint: how this game's moves are written.
    pub move_box_hint: &'static str,
    pub text_first: bool,
    pub csrf: String,
    pub tr: Tr,
    /// An error to show by the move box (no-JavaScript flow).
    pub move_error: Option<String>,
    pub typed_move: String,
}

fn clock_text(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

fn game_view(ctx: &Ctx, played: &Played, rot: Option<&str>) -> GameView {
    let tr = ctx.tr;
    let snapshot = &played.snapshot;
    let me = played.my_seat();
    let turn = played.game.turn().seat();
    let players: Vec<PlayerLine> = snapshot
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            let seat_no = Seat(i as u8);
            let name = match (&seat.name, &seat.ai_level) {
                (Some(name), _) => name.clone(),
                (None, Some(level)) => tr.a("seat-computer", "level", level_name(tr, level)),
                _ => played.reader.name(seat_no),
            };
            let clock = snapshot
                .clocks
                .as_ref()
                .and_then(|c| c.get(i).copied().flatten())
                .map(|ms| ClockLine {
                    id: format!("clock-{i}"),
                    ms,
                    text: clock_text(ms),
                    running: played.playing() && turn == Some(seat_no),
                    warnings: (me == Some(seat_no)).then(|| {
                        json!([
                            [60_000, tr.t("clock-warning-minute")],
                            [30_000, tr.n("clock-warning-seconds", 30)],
                            [10_000, tr.n("clock-warning-seconds", 10)],
                        ])
                        .to_string()
                    }),
                });
            PlayerLine {
                name,
                to_move: played.playing() && turn == Some(seat_no),
                you: me == Some(seat_no),
                clock,
                note: seat.substituted.then(|| tr.t("seat-stand-in")),
            }
        })
        .collect();
    let names: Vec<String> = players
        .iter()
        .map(|p| {
            if p.you {
                tr.t("you-tag")
            } else {
                p.name.clone()
            }
        })
        .collect();
    let game = crate::game_name(tr, played.game.kind());
    let outcome = snapshot.outcome.as_ref().and_then(|o| {
        agora_present::events::outcome_reason(&played.reader, &o.reason)
            .or_else(|| played.game_outcome())
            .or_else(|| Some(o.reason.clone()))
    });
    let outcome = match snapshot.status {
        agora_store::TableStatus::Aborted => Some(tr.t("game-aborted")),
        _ => outcome,
    };
    let seat_name = |s: &usize| {
        if me == Some(Seat(*s as u8)) {
            tr.t("you-tag")
        } else {
            names.get(*s).cloned().unwrap_or_default()
        }
    };
    let seat_names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
    let Tables {
        tyrus,
        tsuro,
        tyranny,
        move_box_hint,
    } = played.tables(tr, &seat_names, rot);
    GameView {
        id: played.table.id.to_string(),
        version: snapshot.version,
        title: tr.args(
            "game-title",
            &[("game", game), ("players", names.join(" · "))],
        ),
        spectator: me.is_none(),
        my_turn: played.my_turn(),
        playing: played.playing(),
        outcome,
        draw_offered_by: snapshot
            .draw_offers
            .iter()
            .filter(|s| me != Some(Seat(**s as u8)))
            .map(seat_name)
            .collect(),
        i_offered_draw: me.is_some_and(|m| snapshot.draw_offers.contains(&m.index())),
        can_offer_draw: me.is_some() && played.playing() && !played.has_ai(),
        can_abort: me.is_some() && played.playing() && !played.moved,
        rematch_next: snapshot.rematch.as_ref().and_then(|r| r.next.clone()),
        rematch_offers: snapshot
            .rematch
            .as_ref()
            .map(|r| {
                r.offers
                    .iter()
                    .filter(|s| me != Some(Seat(**s as u8)))
                    .map(seat_name)
                    .collect()
            })
            .unwrap_or_default(),
        i_asked_rematch: me.is_some_and(|m| {
            snapshot
                .rematch
                .as_ref()
                .is_some_and(|r| r.offers.contains(&m.index()))
        }),
        players,
        history: played.history.clone(),
        legal_moves: snapshot.legal_moves.clone().unwrap_or_default(),
        tyrus,
        tsuro,
        tyranny,
        move_box_hint,
        text_first: ctx.prefs.text_first,
        csrf: ctx.csrf.clone(),
        tr,
        move_error: None,
        typed_move: String::new(),
    }
}

fn game_id(id: &str) -> Result<TableId, PageError> {
    id.parse().map_err(|_| PageError::not_found())
}

async fn loaded(state: &AppState, ctx: &Ctx, id: &str) -> Result<Option<Played>, PageError> {
    load(state, ctx.account.as_ref(), ctx.lang(), game_id(id)?).await
}

fn page_response(ctx: &Ctx, view: GameView, status: StatusCode) -> Response {
    let page = GamePage {
        frame: Frame::new(ctx, Section::Game, view.title.clone()).with_script("js/game.js"),
        g: view,
    };
    let mut response = render(ctx, &page);
    if response.status().is_success() {
        *response.status_mut() = status;
    }
    response
}

/// The page's own query: the rotation chosen for each Tsuro hand tile (`rot=0.2.1`), so
/// turning a tile works without JavaScript.
#[derive(Debug, Default, Deserialize)]
pub struct PageQuery {
    #[serde(default)]
    rot: Option<String>,
}

pub async fn page(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(q): Query<PageQuery>,
) -> Response {
    match loaded(&state, &ctx, &id).await {
        Ok(Some(played)) => page_response(
            &ctx,
            game_view(&ctx, &played, q.rot.as_deref()),
            StatusCode::OK,
        ),
        Ok(None) => ctx.redirect(&format!("/tables/{id}")),
        Err(e) => error_page(&ctx, e),
    }
}

macro_rules! fragment {
    ($name:ident, $path:literal) => {
        #[derive(Template)]
        #[template(path = $path)]
        struct $name<'a> {
            g: &'a GameView,
        }
    };
}

fragment!(StatusFragment, "game/status.html");
fragment!(ElectionFragment, "tyrus/election.html");
fragment!(BoardFragment, "tyrus/board.html");
fragment!(HandFragment, "tyrus/hand.html");
fragment!(ActionsFragment, "game/actions.html");
fragment!(ChartFragment, "tyrus/chart.html");
fragment!(TsuroSeatsFragment, "tsuro/seats.html");
fragment!(TsuroBoardFragment, "tsuro/board.html");
fragment!(TsuroHandFragment, "tsuro/hand.html");
fragment!(TyrannyBoardFragment, "tyranny/board.html");
fragment!(TyrannyHandFragment, "tyranny/hand.html");
fragment!(LegalMovesFragment, "game/legal_moves.html");
fragment!(EntriesFragment, "game/entries.html");

#[derive(Debug, Deserialize)]
pub struct Since {
    #[serde(default)]
    since: Option<u64>,
    #[serde(default)]
    rot: Option<String>,
}

/// `GET /games/{id}/fragments?since=V`: the page's changing parts, rendered for this reader,
/// with what to announce since version `V`.
pub async fn fragments(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(q): Query<Since>,
) -> Response {
    let played = match loaded(&state, &ctx, &id).await {
        Ok(Some(played)) => played,
        Ok(None) => return StatusCode::NOT_FOUND.into_response(),
        Err(e) => return (e.status, ctx.tr.t(e.message)).into_response(),
    };
    let mut view = game_view(&ctx, &played, q.rot.as_deref());
    let since = q.since.unwrap_or(0);
    let render_all = || -> Result<serde_json::Value, askama::Error> {
        let mut parts = serde_json::Map::new();
        parts.insert(
            "game-status".into(),
            StatusFragment { g: &view }.render()?.into(),
        );
        parts.insert(
            "actions".into(),
            ActionsFragment { g: &view }.render()?.into(),
        );
        if view.tyrus.is_some() {
            parts.insert(
                "election-card".into(),
                ElectionFragment { g: &view }.render()?.into(),
            );
            parts.insert("board".into(), BoardFragment { g: &view }.render()?.into());
            parts.insert("hand".into(), HandFragment { g: &view }.render()?.into());
            parts.insert("chart".into(), ChartFragment { g: &view }.render()?.into());
        }
        if view.tsuro.is_some() {
            parts.insert(
                "tsuro-seats".into(),
                TsuroSeatsFragment { g: &view }.render()?.into(),
            );
            parts.insert(
                "board".into(),
                TsuroBoardFragment { g: &view }.render()?.into(),
            );
            parts.insert(
                "hand".into(),
                TsuroHandFragment { g: &view }.render()?.into(),
            );
        }
        if view.tyranny.is_some() {
            parts.insert(
                "board".into(),
                TyrannyBoardFragment { g: &view }.render()?.into(),
            );
            parts.insert(
                "hand".into(),
                TyrannyHandFragment { g: &view }.render()?.into(),
            );
        }
        // The typed move box's suggestions follow the game, or it offers moves already made.
        parts.insert(
            "legal-moves".into(),
            LegalMovesFragment { g: &view }.render()?.into(),
        );
        Ok(serde_json::Value::Object(parts))
    };
    let parts = match render_all() {
        Ok(parts) => parts,
        Err(e) => return error_page(&ctx, e.into()),
    };
    // New history entries are appended, so the log announces only them.
    view.history.retain(|e| e.version > since);
    let entries = match (EntriesFragment { g: &view }).render() {
        Ok(html) => html,
        Err(e) => return error_page(&ctx, e.into()),
    };
    let mut assertive = Vec::new();
    if view.my_turn && since < view.version {
        assertive.push(ctx.tr.t("your-turn"));
    }
    let body = json!({
        "version": view.version,
        "fragments": parts,
        "entries": entries,
        "assertive": assertive,
        "title": format!("{} — Agora", view.title),
        "rematch": view.rematch_next,
    });
    ctx.respond(StatusCode::OK, Json(body).into_response())
}

/// Whether the request came from `game.js` (which wants JSON, not a page).
fn from_script(ctx: &Ctx) -> bool {
    ctx.headers.contains_key("x-agora-fetch")
}

fn script_answer(ctx: &Ctx, status: StatusCode, body: serde_json::Value) -> Response {
    let mut response = Json(body).into_response();
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    ctx.respond(status, response)
}

/// The sentence for a refused action, in the reader's language.
fn refusal_text(tr: Tr, refusal: &Refusal) -> String {
    tr.t(crate::errors::message_id(&refusal.code))
}

#[derive(Debug, Deserialize)]
pub struct MoveForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    version: Option<u64>,
    #[serde(default)]
    tile: Option<String>,
    #[serde(default)]
    target: Option<String>,
    /// A move typed in the game's notation, or a button's move.
    #[serde(default, rename = "move")]
    typed: Option<String>,
    /// A Tsuro start mark chosen from the list.
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    confirmed: Option<String>,
}

#[derive(Template)]
#[template(path = "game/confirm.html")]
struct ConfirmPage {
    frame: Frame,
    id: String,
    question: String,
    fields: Vec<(&'static str, String)>,
    action: String,
    confirm_label: String,
}

/// `POST /games/{id}/move`: a tile and a building (or a typed move); confirmed first when
/// the reader asked for that.
pub async fn play(
    State(state): State<AppState>,
    Extension(api): Extension<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<MoveForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let tr = ctx.tr;
    let played = match loaded(&state, &ctx, &id).await {
        Ok(Some(played)) => played,
        Ok(None) => return ctx.redirect(&format!("/tables/{id}")),
        Err(e) => return error_page(&ctx, e),
    };
    // The move in notation, or what is wrong with the fields.
    let typed = form
        .typed
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let start = form
        .start
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let notation: Result<String, String> = match (typed.or(start), &form.tile, &form.target) {
        (Some(text), _, _) => Ok(text.to_string()),
        (None, Some(tile), Some(target)) if !tile.is_empty() => Ok(format!("{tile} {target}")),
        (None, _, Some(_)) => Err(tr.t("tyrus-choose-tile-first")),
        _ => Err(tr.t("move-missing")),
    };
    let checked = notation.and_then(|n| played.check_move(tr, &n).map(|p| (n, p)));
    let (notation, question) = match checked {
        Ok(ok) => ok,
        Err(message) => {
            if from_script(&ctx) {
                return script_answer(
                    &ctx,
                    StatusCode::UNPROCESSABLE_ENTITY,
                    json!({"error": message}),
                );
            }
            let mut view = game_view(&ctx, &played, None);
            view.move_error = Some(message);
            view.typed_move = typed.unwrap_or_default().to_string();
            return page_response(&ctx, view, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let version = form.version.unwrap_or(played.snapshot.version);
    if ctx.prefs.confirm_moves && form.confirmed.is_none() {
        if from_script(&ctx) {
            return script_answer(&ctx, StatusCode::OK, json!({"confirm": question}));
        }
        let page = ConfirmPage {
            frame: Frame::new(&ctx, Section::Game, tr.t("confirm-title")),
            id: id.clone(),
            question,
            fields: vec![("move", notation), ("version", version.to_string())],
            action: format!("/games/{id}/move"),
            confirm_label: tr.t("confirm-move"),
        };
        return render(&ctx, &page);
    }
    let path = format!("/api/games/{id}/move");
    let body = json!({"move": notation, "version": version});
    answer(
        &ctx,
        &id,
        api.call(&ctx.headers, Some(peer), Method::POST, &path, body)
            .await,
    )
}

/// Answers an action the API took (or refused): JSON for `game.js`, else back to the game.
fn answer(ctx: &Ctx, id: &str, result: Result<crate::api_call::Answer, Refusal>) -> Response {
    match result {
        Ok(answer) if from_script(ctx) => script_answer(
            ctx,
            StatusCode::OK,
            json!({"ok": true, "next": answer.body.get("next")}),
        ),
        Ok(answer) => match answer.body.get("next").and_then(|n| n.as_str()) {
            Some(next) => ctx.redirect(&format!("/games/{next}")),
            None => ctx.redirect(&format!("/games/{id}")),
        },
        Err(refusal) if from_script(ctx) => script_answer(
            ctx,
            refusal.status,
            json!({"error": refusal_text(ctx.tr, &refusal)}),
        ),
        Err(refusal) => error_page(ctx, refusal.into()),
    }
}

#[derive(Debug, Deserialize)]
pub struct ActionForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    version: Option<u64>,
    #[serde(default)]
    confirmed: Option<String>,
}

/// The actions beside moves, by the path after `/games/{id}/`.
const ACTIONS: [(&str, &str); 5] = [
    ("resign", "resign"),
    ("draw", "draw"),
    ("draw/decline", "draw/decline"),
    ("abort", "abort"),
    ("rematch", "rematch"),
];

async fn act(
    api: Api,
    peer: SocketAddr,
    ctx: Ctx,
    id: String,
    action: &'static str,
    form: ActionForm,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let tr = ctx.tr;
    // Resigning and aborting cannot be taken back: asked first, always.
    if matches!(action, "resign" | "abort") && form.confirmed.is_none() {
        let question = tr.t(if action == "resign" {
            "confirm-resign"
        } else {
            "confirm-abort"
        });
        if from_script(&ctx) {
            return script_answer(&ctx, StatusCode::OK, json!({"confirm": question}));
        }
        let page = ConfirmPage {
            frame: Frame::new(&ctx, Section::Game, tr.t("confirm-title")),
            id: id.clone(),
            question,
            fields: form
                .version
                .map(|v| vec![("version", v.to_string())])
                .unwrap_or_default(),
            action: format!("/games/{id}/{action}"),
            confirm_label: tr.t(if action == "resign" {
                "resign"
            } else {
                "abort"
            }),
        };
        return render(&ctx, &page);
    }
    let path = format!(
        "/api/games/{id}/{}",
        ACTIONS
            .iter()
            .find(|(a, _)| *a == action)
            .map_or(action, |(_, p)| p)
    );
    let body = match (action, form.version) {
        ("rematch", _) | (_, None) => json!({}),
        (_, Some(version)) => json!({"version": version}),
    };
    answer(
        &ctx,
        &id,
        api.call(&ctx.headers, Some(peer), Method::POST, &path, body)
            .await,
    )
}

macro_rules! action {
    ($name:ident, $action:literal) => {
        pub async fn $name(
            Extension(api): Extension<Api>,
            ConnectInfo(peer): ConnectInfo<SocketAddr>,
            ctx: Ctx,
            Path(id): Path<String>,
            Form(form): Form<ActionForm>,
        ) -> Response {
            act(api, peer, ctx, id, $action, form).await
        }
    };
}

action!(resign, "resign");
action!(offer_draw, "draw");
action!(decline_draw, "draw/decline");
action!(abort, "abort");
action!(rematch, "rematch");
