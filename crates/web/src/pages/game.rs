//! `/games/{id}`: a game for one reader. The page is whole without JavaScript (forms post,
//! then redirect back); with it, `game.js` asks `/games/{id}/fragments` for fresh parts
//! ([`fragments`]) whenever the game's WebSocket says something happened, and posts forms
//! with `fetch`.
//!
//! The game's forms ([`forms`]) and hints ([`hint`]) live beside it: they answer with this
//! page (a move from the script, with its fragments), and the page offers the hint.

pub mod chat;
pub mod fair;
pub mod forms;
mod fragments;
pub mod hint;
mod parts;
pub(crate) mod seat_mute;

pub use fragments::fragments;
use fragments::{PageUpdate, fragments_of, json_answer};

use agora_engine::Seat;
use agora_games::GameKind;
use agora_server::AppState;
use agora_store::TableId;
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;

use crate::ctx::{Ctx, PageError};
use crate::i18n::Tr;
use crate::layout::{Frame, Section, error_page, render};
use crate::listing::level_name;
use crate::play::{Entry, LazyTable, Played, load};
use crate::time_control::{DeadlineLine, deadline_line};

/// One seat in the players' bar.
#[derive(Clone, Debug, Hash)]
pub struct PlayerLine {
    pub name: String,
    pub to_move: bool,
    pub you: bool,
    pub clock: Option<ClockLine>,
    /// The seat to move's deadline, in a correspondence game.
    pub deadline: Option<DeadlineLine>,
    pub note: Option<String>,
    /// The game is over and this seat is among its winners.
    pub won: bool,
    /// The account of the person at this seat, unless it is the reader's own.
    pub account: Option<i64>,
    /// The reader may mute (or unmute) them from here ([`seat_mute`]).
    pub mute: Option<seat_mute::SeatMute>,
}

impl PlayerLine {
    /// The seat as the reader calls it: "you" for their own.
    fn called(&self, tr: Tr) -> String {
        if self.you {
            tr.t("you-tag")
        } else {
            self.name.clone()
        }
    }
}

#[derive(Clone, Debug, Hash)]
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
struct WholePage {
    frame: Frame,
    g: GameView,
    /// The table's chat, hidden when the reader turned it off ([`chat`]).
    chat: Option<chat::ChatPanel>,
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
    /// The game's own table ([`crate::play::GamePage`]), built when a fragment first reads
    /// it: the templates branch on its game.
    pub table: LazyTable,
    /// The game's rules page and its link's words.
    pub rules_href: String,
    pub rules_link: String,
    pub text_first: bool,
    pub csrf: String,
    pub tr: Tr,
    /// An error to show by the move box (no-JavaScript flow).
    pub move_error: Option<String>,
    pub typed_move: String,
    /// Whether the reader may ask for a hint now, and the hint asked for
    /// ([`hint`]).
    pub hint_offered: bool,
    pub hint: Option<agora_present::hint::HintText>,
    pub fair: Option<fair::FairView>,
    /// "The computer is thinking", and about how long while its reply is queued.
    pub computer_thinking: Option<String>,
    /// Once the game is over: where it turned (`pages::turned`), rendered.
    pub turned: Option<super::turned::TurnedHtml>,
}

fn clock_text(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

pub(super) fn game_view(ctx: &Ctx, played: &Played, rot: Option<&str>) -> GameView {
    game_view_since(ctx, played, rot, 0)
}

/// [`game_view`] with only the history entries after version `since`.
fn game_view_since(ctx: &Ctx, played: &Played, rot: Option<&str>, since: u64) -> GameView {
    let tr = ctx.tr;
    let snapshot = &played.snapshot;
    let me = played.my_seat();
    let turn = played.game.turn().seat();
    let now = agora_store::now_ms();
    let reader_account = ctx.account.as_ref().map(|a| a.id.0);
    let players: Vec<PlayerLine> = snapshot
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            let seat_no = Seat(i as u8);
            let name = match (&seat.name, &seat.ai_level) {
                (Some(name), _) => name.clone(),
                (None, Some(level)) => tr.a("seat-computer", "level", level_name(tr, level.name())),
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
            let to_move = played.playing() && turn == Some(seat_no);
            PlayerLine {
                name,
                to_move,
                you: me == Some(seat_no),
                clock,
                deadline: snapshot
                    .deadline
                    .filter(|_| to_move)
                    .and_then(|at| deadline_line(tr, &played.table.time_control, at, now)),
                note: seat.substituted.then(|| tr.t("seat-stand-in")),
                won: snapshot
                    .outcome
                    .as_ref()
                    .is_some_and(|o| o.winners.contains(seat_no)),
                account: seat_mute::person_at(played, i).filter(|a| Some(*a) != reader_account),
                mute: None,
            }
        })
        .collect();
    let names: Vec<String> = players.iter().map(|p| p.called(tr)).collect();
    let game = crate::game_name(tr, played.game.kind());
    let outcome = snapshot.outcome.as_ref().and_then(|o| {
        match agora_present::events::outcome_reason(&played.reader, &o.reason) {
            // An ending that is no score (a resignation, the clock, an agreement): who won
            // first, then why; the game's own words for a score already name the winners.
            Some(reason) => Some(winners_then(tr, &players, reason)),
            None => played.game_outcome().or_else(|| Some(o.reason.to_string())),
        }
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
    let table = played.game_table(tr, seat_names, rot);
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
        rematch_next: snapshot
            .over
            .rematch
            .as_ref()
            .and_then(|r| r.next.map(|n| n.to_string())),
        rematch_offers: snapshot
            .over
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
                .over
                .rematch
                .as_ref()
                .is_some_and(|r| r.offers.contains(&m.index()))
        }),
        players,
        history: new_entries(&played.history, since).to_vec(),
        legal_moves: snapshot.legal_moves.clone().unwrap_or_default(),
        table,
        rules_href: crate::pages::rules::rules_href(played.game.kind()),
        rules_link: tr.a(
            "rules-link",
            "game",
            crate::game_name(tr, played.game.kind()),
        ),
        text_first: ctx.prefs.text_first,
        csrf: ctx.csrf.clone(),
        tr,
        move_error: None,
        typed_move: String::new(),
        hint_offered: hint::offered(played),
        hint: None,
        fair: fair::fair_view(
            tr,
            (played.table.id, snapshot.version),
            snapshot.commitment.as_deref(),
            snapshot.over.record.as_ref(),
        ),
        computer_thinking: snapshot.computer.as_ref().map(|c| computer_line(tr, c)),
        turned: None,
    }
}

/// What the page says while the computer works out its move.
fn computer_line(tr: Tr, computer: &agora_server::ComputerState) -> String {
    match &computer.queued {
        // Whole seconds, rounded up: "about 0 seconds" would say it is not waiting.
        Some(queued) => tr.with(
            "computer-queued",
            &agora_present::args![("seconds", queued.wait_ms.div_ceil(1000).max(1) as i64)],
        ),
        None => tr.t("computer-thinking"),
    }
}

fn game_id(id: &str) -> Result<TableId, PageError> {
    id.parse().map_err(|_| PageError::not_found())
}

pub(super) async fn loaded(
    state: &AppState,
    ctx: &Ctx,
    id: &str,
) -> Result<Option<Played>, PageError> {
    load(
        state,
        ctx.kept.as_ref(),
        ctx.account.as_ref(),
        ctx.lang(),
        game_id(id)?,
    )
    .await
}

/// The page as a form re-renders it (a refused move, a hint), its chat panel included.
pub(super) async fn page_response(
    state: &AppState,
    ctx: &Ctx,
    view: GameView,
    status: StatusCode,
) -> Response {
    let chat = chat::panel(state, ctx, &view.id).await.unwrap_or_else(|e| {
        // The move's answer matters more than the chat beside it.
        tracing::warn!(error = ?e, "chat panel");
        None
    });
    page_with_chat(state, ctx, view, status, chat, None).await
}

/// The page with its chat panel (`None` when it could not be read), and the seat row's mute
/// buttons ([`seat_mute`]).
async fn page_with_chat(
    state: &AppState,
    ctx: &Ctx,
    mut view: GameView,
    status: StatusCode,
    chat: Option<chat::ChatPanel>,
    notice: Option<String>,
) -> Response {
    seat_mute::add(state, ctx, &mut view).await;
    let mut frame = Frame::new(ctx, Section::Game, tab_title(ctx.tr, &view))
        .with_script("js/game.js")
        .with_script("js/hint.js")
        .with_your_turn(view.my_turn);
    // Only on a finished game whose look back may still arrive.
    if view.turned.as_ref().is_some_and(|t| t.polls) {
        frame = frame.with_script("js/turned.js");
    }
    if let Some(script) = view.table.script() {
        frame = frame.with_script(script);
    }
    if chat.is_some() {
        frame = frame.with_script("js/chat.js");
    }
    frame.notice = notice;
    let page = WholePage {
        frame,
        g: view,
        chat,
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
    /// The reader reported the table's chat (the chat's report form, without JavaScript).
    #[serde(default)]
    reported: Option<String>,
}

pub async fn page(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(q): Query<PageQuery>,
) -> Response {
    match loaded(&state, &ctx, &id).await {
        Ok(Some(played)) => {
            let chat = match chat::panel(&state, &ctx, &id).await {
                Ok(chat) => chat,
                Err(e) => return error_page(&ctx, e),
            };
            let mut view = game_view(&ctx, &played, q.rot.as_deref());
            if played.table.status.is_closed() {
                let names: Vec<String> = view.players.iter().map(|p| p.name.clone()).collect();
                view.turned =
                    super::turned::rendered(&state, played.table.id, &played.reader, &names).await;
            }
            let notice = q.reported.map(|_| ctx.tr.t("chat-reported"));
            page_with_chat(&state, &ctx, view, StatusCode::OK, chat, notice).await
        }
        Ok(None) => ctx.redirect(&format!("/tables/{id}")),
        Err(e) => error_page(&ctx, e),
    }
}

/// The entries of `history` (in version order) after version `since`.
fn new_entries(history: &[Entry], since: u64) -> &[Entry] {
    &history[history.partition_point(|e| e.version <= since)..]
}

/// `GET /games/{id}/turned`: the partial alone, for `turned.js` to swap in once the look
/// back is done; 404 when the game has none.
pub async fn turned(State(state): State<AppState>, ctx: Ctx, Path(id): Path<String>) -> Response {
    let played = match loaded(&state, &ctx, &id).await {
        Ok(Some(played)) if played.table.status.is_closed() => played,
        Ok(_) => return StatusCode::NOT_FOUND.into_response(),
        Err(e) => return (e.status, ctx.tr.t(e.message)).into_response(),
    };
    let view = game_view(&ctx, &played, None);
    let names: Vec<String> = view.players.iter().map(|p| p.name.clone()).collect();
    match super::turned::render(&state, played.table.id, &played.reader, &names).await {
        Some(turned) => match turned.render() {
            Ok(html) => Html(html).into_response(),
            Err(e) => {
                tracing::warn!(error = %e, "where the game turned");
                StatusCode::INTERNAL_SERVER_ERROR.into_response()
            }
        },
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// "Ada wins. The game ended on time.": the winners named (the reader as "you"), then
/// `reason`; `reason` alone when nobody won (a draw, an aborted game).
fn winners_then(tr: Tr, players: &[PlayerLine], reason: String) -> String {
    let winners: Vec<&PlayerLine> = players.iter().filter(|p| p.won).collect();
    match winners.as_slice() {
        [] => reason,
        [only] if only.you => tr.a("table-outcome-you-win", "reason", reason),
        _ => {
            let names: Vec<String> = winners.iter().map(|p| p.called(tr)).collect();
            capitalised(tr.with(
                "table-outcome-winners",
                &agora_present::args![
                    ("names", names.join(", ")),
                    ("count", winners.len() as i64),
                    ("reason", reason),
                ],
            ))
        }
    }
}

/// `text` with a capital first letter: a sentence may begin with a name ("der Computer").
fn capitalised(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

/// The tab's title: the game's, after "● Your turn —" while it waits for the reader's move.
fn tab_title(tr: Tr, view: &GameView) -> String {
    if view.my_turn {
        tr.a("table-tab-your-turn", "title", &view.title)
    } else {
        view.title.clone()
    }
}

#[cfg(test)]
mod tests;
