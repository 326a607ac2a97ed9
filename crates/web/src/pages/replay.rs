//! `/games/{id}/replay?step=K&as=SEAT|all|spectator`: a game stepped through, one step (an
//! event of its log) at a time: the table as it stood after step K for one viewer, that
//! step's narration (the table history's narrator), the clocks as they stood, and the whole
//! history with the step marked, each line a link to its step. Every control is a plain link;
//! `replay.js` swaps in `/games/{id}/replay/fragment` instead and says the step in a polite
//! live region.
//!
//! What may be seen: a finished game as any seat saw it, as a spectator, or with everything
//! revealed; a game still being played only up to its present and only as the reader may
//! see it now (their own seat, or a spectator of a public game).
//! An uploaded record is shown in the same viewer ([`upload`]).

pub mod board;
pub mod chat;
pub mod upload;

use std::sync::{Arc, Mutex};

use agora_engine::{Outcome, Seat, Viewer};
use agora_games::GameKind;
use agora_present::Reader;
use agora_server::AppState;
use agora_store::{Event, TableStatus, TimeControl};
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::Deserialize;
use serde_json::json;

use crate::ctx::{Ctx, PageError};
use crate::i18n::Tr;
use crate::layout::{Frame, Section, error_page, render};
use crate::listing::level_name;
use crate::pages::game::fair::{FairView, fair_view};
use crate::play::steps::{Source, Stepper, Steppers};
use crate::play::{Narrated, seats_of};
use board::HandLine;

/// Whose eyes a step is seen through.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ViewAs {
    Seat(Seat),
    Spectator,
    /// Every hand shown: only once the game is over.
    All,
}

impl ViewAs {
    /// The `as` value in links.
    pub fn code(self) -> String {
        match self {
            ViewAs::Seat(seat) => seat.index().to_string(),
            ViewAs::Spectator => "spectator".into(),
            ViewAs::All => "all".into(),
        }
    }

    /// The viewer whose narration and board are shown (everything revealed adds each hand).
    fn viewer(self) -> Viewer {
        match self {
            ViewAs::Seat(seat) => Viewer::Seat(seat),
            ViewAs::Spectator | ViewAs::All => Viewer::Spectator,
        }
    }
}

/// The page's query: the step (default the last) and whose view.
#[derive(Debug, Default, Deserialize)]
pub struct StepQuery {
    #[serde(default)]
    pub step: Option<String>,
    #[serde(default, rename = "as")]
    pub view_as: Option<String>,
}

/// A control that goes to a step: a link, or for an uploaded record a button that posts it.
#[derive(Clone, Debug)]
pub struct StepControl {
    pub id: String,
    pub text: String,
    /// `None` when there is nowhere to go (the first step's "previous").
    pub step: Option<u64>,
    pub href: String,
    /// It goes to the step shown (`aria-current`).
    pub current: bool,
}

/// One seat in the players' bar at the step.
#[derive(Clone, Debug)]
pub struct SeatLine {
    pub name: String,
    pub to_move: bool,
    pub clock: Option<String>,
    pub won: bool,
}

/// A line of the history: its step, its words, its control.
#[derive(Clone, Debug)]
pub struct HistoryLine {
    pub text: String,
    pub control: StepControl,
}

/// A "view as" choice.
#[derive(Clone, Debug)]
pub struct ViewChoice {
    pub label: String,
    /// Its `as` value.
    pub code: String,
    pub href: String,
    pub current: bool,
}

/// Everything the replay's view shows (the part the script swaps).
#[derive(Debug)]
pub struct ReplayView {
    pub tr: Tr,
    pub title: String,
    pub step: u64,
    pub steps: u64,
    /// "Step 12 of 40".
    pub step_label: String,
    /// What happened at this step.
    pub narration: String,
    /// Whose view this is, in words.
    pub view_label: String,
    pub players: Vec<SeatLine>,
    pub board: String,
    pub hands: Vec<HandLine>,
    pub nav: Vec<StepControl>,
    pub history: Vec<HistoryLine>,
    pub views: Vec<ViewChoice>,
    pub fair: Option<FairView>,
    /// The game's page and its record, for a game of this server.
    pub game_href: Option<String>,
    pub record_href: Option<String>,
    /// The game is still being played: the replay stops at its present.
    pub running: bool,
    /// For an uploaded record: what every step's button posts again.
    pub upload: Option<upload::Reposted>,
    /// Where the game turned (`pages::turned`), on the whole page of a finished game.
    pub turned: Option<String>,
    /// The table chat as it stood at the step ([`chat`]), rendered; a game of this server's.
    pub chat: Option<String>,
    /// The fragment's address (`replay.js`).
    pub fragment_href: String,
    /// The view's `as` value.
    pub view_code: String,
    /// A record with no commitment: the check's verdict, said without the deal's section.
    pub unfair_note: Option<String>,
}

#[derive(Template)]
#[template(path = "replay.html")]
struct ReplayPage {
    frame: Frame,
    r: ReplayView,
}

#[derive(Template)]
#[template(path = "replay/view.html")]
struct ViewFragment<'a> {
    r: &'a ReplayView,
}

fn bad_request(message: &'static str) -> PageError {
    PageError::new(StatusCode::BAD_REQUEST, message)
}

/// The step asked for: a whole number up to `last` (default `last`).
pub fn parse_step(text: Option<&str>, last: u64) -> Result<u64, PageError> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(last);
    };
    let step: u64 = text.parse().map_err(|_| bad_request("replay-bad-step"))?;
    if step > last {
        return Err(PageError::new(StatusCode::NOT_FOUND, "replay-no-such-step"));
    }
    Ok(step)
}

/// Whose view `text` asks for, as the reader may see it: `over` says the game has ended,
/// `mine` is the reader's seat in it.
pub fn parse_view(
    text: Option<&str>,
    seats: usize,
    over: bool,
    mine: Option<Seat>,
) -> Result<ViewAs, PageError> {
    let asked = match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => None,
        Some("all") => Some(ViewAs::All),
        Some("spectator") => Some(ViewAs::Spectator),
        Some(seat) => {
            let index: usize = seat.parse().map_err(|_| bad_request("replay-bad-view"))?;
            if index >= seats {
                return Err(bad_request("replay-bad-view"));
            }
            Some(ViewAs::Seat(Seat(index as u8)))
        }
    };
    if over {
        return Ok(asked.unwrap_or(mine.map_or(ViewAs::All, ViewAs::Seat)));
    }
    // A game being played: only what the reader may see now.
    let allowed = mine.map_or(ViewAs::Spectator, ViewAs::Seat);
    match asked {
        None => Ok(allowed),
        Some(view) if view == allowed => Ok(view),
        Some(_) => Err(PageError::new(
            StatusCode::FORBIDDEN,
            "replay-hidden-while-playing",
        )),
    }
}

/// Each seat's clock after `step`: its latest event's, else the time control's start.
pub fn clocks_at(
    events: &[Event],
    step: u64,
    seats: usize,
    time_control: &TimeControl,
) -> Vec<Option<i64>> {
    let start = match time_control {
        TimeControl::Live { initial_s, .. } => Some(i64::from(*initial_s) * 1000),
        _ => None,
    };
    let mut clocks = vec![start; seats];
    for event in events.iter().take_while(|e| e.version <= step) {
        if let (Some(seat), Some(ms)) = (event.seat, event.clock_ms)
            && let Some(slot) = clocks.get_mut(usize::from(seat))
        {
            *slot = Some(ms);
        }
    }
    clocks
}

/// How the step's source is linked: a game's replay address, or an uploaded record.
#[derive(Debug)]
pub enum Linked<'a> {
    Game { id: &'a str, view_as: ViewAs },
    Record,
}

impl Linked<'_> {
    fn href(&self, step: u64) -> String {
        match self {
            Linked::Game { id, view_as } => {
                format!("/games/{id}/replay?step={step}&as={}", view_as.code())
            }
            Linked::Record => String::new(),
        }
    }

    fn view_href(&self, step: u64, view_as: ViewAs) -> String {
        match self {
            Linked::Game { id, .. } => {
                format!("/games/{id}/replay?step={step}&as={}", view_as.code())
            }
            Linked::Record => format!("?as={}", view_as.code()),
        }
    }
}

/// What a step is built from, besides the stepper.
#[derive(Debug)]
pub struct StepInput<'a> {
    pub tr: Tr,
    pub kind: GameKind,
    pub step: u64,
    /// The last step the reader may see.
    pub last: u64,
    pub view_as: ViewAs,
    pub names: Vec<String>,
    /// How the game ended (its winners are marked at the last step).
    pub outcome: Option<Outcome>,
    /// The game is over: every view may be chosen.
    pub over: bool,
    pub time_control: TimeControl,
    pub linked: Linked<'a>,
}

/// The view of one step, from its stepper.
pub fn step_view(input: StepInput<'_>, stepper: &Stepper) -> Result<ReplayView, PageError> {
    let StepInput {
        tr,
        kind,
        step,
        last,
        view_as,
        names,
        outcome,
        over,
        time_control,
        linked,
    } = input;
    let title = tr.args(
        "replay-title",
        &[
            ("game", crate::game_name(tr, kind)),
            ("players", names.join(" · ")),
        ],
    );
    let winners: Vec<Seat> = (0..names.len() as u8)
        .map(Seat)
        .filter(|s| outcome.as_ref().is_some_and(|o| o.winners.contains(*s)))
        .collect();
    let choices: Vec<ViewAs> = if over {
        (0..names.len() as u8)
            .map(|s| ViewAs::Seat(Seat(s)))
            .chain([ViewAs::Spectator, ViewAs::All])
            .collect()
    } else {
        vec![view_as]
    };
    let narrated: Narrated = stepper.at(step)?;
    let history = &stepper.history()[..usize::try_from(last)
        .unwrap_or(usize::MAX)
        .min(stepper.history().len())];
    let control = |id: String, text: String, to: Option<u64>| StepControl {
        id,
        text,
        href: to.map(|s| linked.href(s)).unwrap_or_default(),
        current: to == Some(step),
        step: to,
    };
    let narration = match step {
        0 => tr.t("replay-start"),
        _ => history
            .get(step as usize - 1)
            .map(|e| e.lines.join(" "))
            .filter(|l| !l.is_empty())
            .unwrap_or_else(|| tr.t("replay-step-silent")),
    };
    let turn = narrated.game.turn().seat();
    let clocks = clocks_at(stepper.events(), step, names.len(), &time_control);
    let players = names
        .iter()
        .enumerate()
        .map(|(i, name)| SeatLine {
            name: name.clone(),
            to_move: turn == Some(Seat(i as u8)),
            clock: clocks[i].map(clock_text),
            won: step == last && winners.contains(&Seat(i as u8)),
        })
        .collect();
    let board_view = board::board_view(tr, &narrated, &names);
    let board = board::render(&board_view)?;
    let hands = match view_as {
        ViewAs::All => (0..names.len())
            .map(|i| HandLine {
                seat: names[i].clone(),
                cards: board::hand_of(tr, &narrated, Seat(i as u8), &names),
            })
            .collect(),
        _ => Vec::new(),
    };
    let nav = vec![
        control(
            "replay-first".into(),
            tr.t("replay-first"),
            (step > 0).then_some(0),
        ),
        control(
            "replay-previous".into(),
            tr.t("replay-previous"),
            step.checked_sub(1),
        ),
        control(
            "replay-next".into(),
            tr.t("replay-next"),
            (step < last).then_some(step + 1),
        ),
        control(
            "replay-last".into(),
            tr.t("replay-last"),
            (step < last).then_some(last),
        ),
    ];
    let mut lines = vec![HistoryLine {
        text: tr.t("replay-start"),
        control: control("step-0".into(), tr.t("replay-start-short"), Some(0)),
    }];
    lines.extend(history.iter().map(|e| HistoryLine {
        text: e.lines.join(" "),
        control: control(
            format!("step-{}", e.version),
            tr.a("replay-step-number", "step", e.version),
            Some(e.version),
        ),
    }));
    let views = choices
        .iter()
        .map(|choice| ViewChoice {
            label: view_label(tr, *choice, &names),
            code: choice.code(),
            href: linked.view_href(step, *choice),
            current: *choice == view_as,
        })
        .collect();
    Ok(ReplayView {
        tr,
        title,
        step,
        steps: last,
        step_label: tr.args(
            "replay-step-of",
            &[("step", step.to_string()), ("steps", last.to_string())],
        ),
        narration,
        view_label: view_label(tr, view_as, &names),
        players,
        board,
        hands,
        nav,
        history: lines,
        views,
        fair: None,
        game_href: None,
        record_href: None,
        running: false,
        upload: None,
        turned: None,
        chat: None,
        fragment_href: String::new(),
        view_code: view_as.code(),
        unfair_note: None,
    })
}

fn view_label(tr: Tr, view_as: ViewAs, names: &[String]) -> String {
    match view_as {
        ViewAs::Seat(seat) => tr.a(
            "replay-as-seat",
            "name",
            names.get(seat.index()).cloned().unwrap_or_default(),
        ),
        ViewAs::Spectator => tr.t("replay-as-spectator"),
        ViewAs::All => tr.t("replay-as-all"),
    }
}

fn clock_text(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The stepper of game `id` for `reader`, up to version `present`: the kept one moved on, or
/// a new one narrated from the game's log.
async fn game_stepper(
    state: &AppState,
    steppers: &Steppers,
    id: agora_store::TableId,
    reader: Reader,
    present: u64,
) -> Result<Arc<Mutex<Stepper>>, PageError> {
    let source = Source::Game(id);
    if let Some(kept) = steppers.get(source, reader.lang, reader.viewer) {
        let (same, steps) = {
            let stepper = kept.lock().unwrap_or_else(|e| e.into_inner());
            (stepper.reader().seats == reader.seats, stepper.steps())
        };
        if same {
            if steps < present {
                let news: Vec<Event> = state
                    .games()
                    .events_since(id, steps)
                    .await?
                    .into_iter()
                    .filter(|e| e.version <= present)
                    .collect();
                kept.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .extend(news)?;
            }
            return Ok(kept);
        }
    }
    let opening = state.games().opening(id).await?;
    let events = opening
        .events
        .into_iter()
        .filter(|e| e.version <= present)
        .collect();
    let stepper = Stepper::new(reader, opening.game, events)?;
    Ok(steppers.keep(source, stepper))
}

/// The replay of game `id` at the query's step, for the reader.
async fn game_replay(
    state: &AppState,
    ctx: &Ctx,
    steppers: &Steppers,
    id: &str,
    q: &StepQuery,
    whole_page: bool,
) -> Result<Option<ReplayView>, PageError> {
    let Some(played) = super::game::loaded(state, ctx, id).await? else {
        return Ok(None);
    };
    let tr = ctx.tr;
    let table = &played.table;
    let snapshot = &played.snapshot;
    let over = snapshot.status.is_closed();
    let mine = played.my_seat();
    if !over && mine.is_none() && !table.public {
        return Err(PageError::not_found());
    }
    let seats = table.seats.len();
    let view_as = parse_view(q.view_as.as_deref(), seats, over, mine)?;
    let last = snapshot.version;
    let step = parse_step(q.step.as_deref(), last)?;
    let reader = Reader::new(ctx.lang(), view_as.viewer(), seats_of(table));
    let stepper = game_stepper(state, steppers, table.id, reader, last).await?;
    let names: Vec<String> = snapshot
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| match (&seat.name, &seat.ai_level) {
            (Some(name), _) => name.clone(),
            (None, Some(level)) => tr.a("seat-computer", "level", level_name(tr, level.name())),
            _ => played.reader.name(Seat(i as u8)),
        })
        .collect();
    let mut view = {
        let stepper = stepper.lock().unwrap_or_else(|e| e.into_inner());
        step_view(
            StepInput {
                tr,
                kind: played.game.kind(),
                step,
                last,
                view_as,
                names: names.clone(),
                outcome: snapshot.outcome.clone(),
                over,
                time_control: table.time_control,
                linked: Linked::Game { id, view_as },
            },
            &stepper,
        )?
    };
    view.chat = chat::at_step(state, ctx, id, &stepper, step).await;
    // The game page's check, kept per game and version: one verdict for both pages.
    view.fair = fair_view(
        tr,
        (table.id, last),
        snapshot.commitment.as_deref(),
        snapshot.over.record.as_ref(),
    );
    view.running = !over;
    view.game_href = Some(format!("/games/{id}"));
    view.record_href = (snapshot.status == TableStatus::Finished
        || snapshot.status == TableStatus::Aborted)
        .then(|| format!("/api/games/{id}/record"));
    view.fragment_href = format!("/games/{id}/replay/fragment?as={}", view_as.code());
    // Where the game turned sits beside the steps, outside the swapped view: the whole page
    // reads it, a step does not.
    if whole_page && snapshot.status == TableStatus::Finished {
        let turned = super::turned::render(state, table.id, &played.reader, &names).await;
        view.turned = turned.and_then(|t| {
            t.render()
                .map_err(|e| tracing::warn!(error = %e, "where the game turned"))
                .ok()
        });
    }
    Ok(Some(view))
}

/// The whole replay page for `view`.
pub fn page_response(ctx: &Ctx, view: ReplayView) -> Response {
    let frame = Frame::new(ctx, Section::Game, view.title.clone()).with_script("js/replay.js");
    render(ctx, &ReplayPage { frame, r: view })
}

/// `GET /games/{id}/replay`.
pub async fn page(
    State(state): State<AppState>,
    Extension(steppers): Extension<Steppers>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(q): Query<StepQuery>,
) -> Response {
    match game_replay(&state, &ctx, &steppers, &id, &q, true).await {
        Ok(Some(view)) => page_response(&ctx, view),
        Ok(None) => ctx.redirect(&format!("/tables/{id}")),
        Err(e) => error_page(&ctx, e),
    }
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

/// `GET /games/{id}/replay/fragment?step=K&as=X`.
pub async fn fragment(
    State(state): State<AppState>,
    Extension(steppers): Extension<Steppers>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(q): Query<StepQuery>,
) -> Response {
    match game_replay(&state, &ctx, &steppers, &id, &q, false).await {
        Ok(Some(view)) => {
            let href = format!(
                "/games/{id}/replay?step={}&as={}",
                view.step, view.view_code
            );
            fragment_response(&ctx, &view, href)
        }
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(e) => (e.status, ctx.tr.t(e.message)).into_response(),
    }
}
