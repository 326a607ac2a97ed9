//! `GET /replay`: open a game record (a file from disk, or its text pasted) to view it;
//! `POST /replay`: the record checked (it starts a game and every move plays, as `agora
//! replay` checks it, and its deal as `agora verify` does) and shown in the replay viewer, or
//! the page again saying what is wrong with it. Nothing is stored: every step's button posts
//! the record again (a kept stepper, by the record's SHA-256, answers it).

use agora_engine::fair::Unfair;
use agora_engine::{GameRecord, Seat, Turn, Viewer};
use agora_games::{AnyGame, AnyGameError};
use agora_present::{Reader, Who, args, text_with};
use agora_store::{Event, EventKind, TimeControl};
use askama::Template;
use axum::Extension;
use axum::extract::Form;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::{
    Linked, Reposted, StepInput, fragment_response, page_response, parse_step, parse_view,
    step_view,
};
use crate::ctx::Ctx;
use crate::i18n::Tr;
use crate::layout::{Frame, Section, error_page, render};
use crate::pages::game::fair::fair_view_checked;
use crate::play::steps::{Source, Stepper, Steppers};

/// The largest record accepted, in bytes (a 200-turn Tyranny game's is about 3 KB).
pub const MAX_RECORD_BYTES: usize = 128 * 1024;
/// The largest form the route reads: the record form-encoded (at most three bytes for one).
pub const MAX_FORM_BYTES: usize = 4 * MAX_RECORD_BYTES;

#[derive(Debug, Default, Deserialize)]
pub struct UploadForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    record: String,
    #[serde(default)]
    step: Option<String>,
    #[serde(default, rename = "as")]
    view_as: Option<String>,
    /// Asked by `replay.js`: the view's fragment rather than the page.
    #[serde(default)]
    fragment: Option<String>,
}

#[derive(Template)]
#[template(path = "replay_open.html")]
struct OpenPage {
    frame: Frame,
    tr: Tr,
    csrf: String,
    record: String,
    error: Option<String>,
    max_kb: usize,
}

fn open_page(ctx: &Ctx, record: String, error: Option<String>) -> Response {
    let status = if error.is_some() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    let tr = ctx.tr;
    let title = match &error {
        Some(_) => tr.a(
            "replay-open-title-error",
            "title",
            tr.t("replay-open-title"),
        ),
        None => tr.t("replay-open-title"),
    };
    let page = OpenPage {
        frame: Frame::new(ctx, Section::Game, title).with_script("js/replay.js"),
        tr,
        csrf: ctx.csrf.clone(),
        // A record too large is not sent back.
        record: if record.len() > MAX_RECORD_BYTES {
            String::new()
        } else {
            record
        },
        error,
        max_kb: MAX_RECORD_BYTES / 1024,
    };
    let mut response = render(ctx, &page);
    if response.status().is_success() {
        *response.status_mut() = status;
    }
    response
}

/// `GET /replay`.
pub async fn form(ctx: Ctx) -> Response {
    open_page(&ctx, String::new(), None)
}

/// Why a record cannot be replayed, in the reader's words.
fn unreplayable(tr: Tr, unfair: &Unfair) -> String {
    tr.a(
        "replay-record-bad",
        "reason",
        agora_present::fair::reason(tr.lang(), unfair),
    )
}

/// A record read as a game's log.
#[derive(Debug)]
pub struct RecordLog {
    pub opening: AnyGame,
    pub events: Vec<Event>,
    /// How the record's last move ended the game, if it did.
    pub outcome: Option<agora_engine::Outcome>,
}

/// The record's moves as a log: each move's seat (or chance), checked by the engine.
pub fn record_log(record: &GameRecord) -> Result<RecordLog, Unfair> {
    let opening = AnyGame::start(record).map_err(|e| match e {
        AnyGameError::UnknownGame(_) => Unfair::UnknownGame(record.game.clone()),
        AnyGameError::Record(e) => Unfair::Record(e),
        AnyGameError::Notation(_) | AnyGameError::Illegal(_) => {
            Unfair::UnknownGame(record.game.clone())
        }
    })?;
    let mut game = opening.clone();
    let mut events = Vec::with_capacity(record.moves.len());
    for (index, text) in record.moves.iter().enumerate() {
        let (kind, seat) = match game.turn() {
            Turn::Seat(Seat(s)) => (EventKind::Move, Some(s)),
            Turn::Chance | Turn::Over => (EventKind::Chance, None),
        };
        game.play(text).map_err(|e| Unfair::MoveRejected {
            index,
            text: text.clone(),
            refusal: match e {
                AnyGameError::Notation(e) => e.reason,
                AnyGameError::Illegal(e) => e.refusal().clone(),
                // Only a start fails otherwise, and this game started.
                AnyGameError::UnknownGame(_) | AnyGameError::Record(_) => {
                    agora_engine::EngineRefusal::GameOver.refusal()
                }
            },
        })?;
        events.push(Event {
            version: index as u64 + 1,
            kind,
            seat,
            notation: Some(text.clone()),
            at: 0,
            clock_ms: None,
        });
    }
    Ok(RecordLog {
        opening,
        events,
        outcome: game.outcome(),
    })
}

/// `POST /replay`: the record's replay at the form's step, or the form saying what is wrong.
pub async fn open(
    Extension(steppers): Extension<Steppers>,
    ctx: Ctx,
    Form(form): Form<UploadForm>,
) -> Response {
    if let Err(e) = ctx.check_form(&form.csrf) {
        return error_page(&ctx, e);
    }
    let tr = ctx.tr;
    let text = form.record.trim();
    if text.is_empty() {
        return open_page(&ctx, form.record.clone(), Some(tr.t("replay-record-empty")));
    }
    if text.len() > MAX_RECORD_BYTES {
        let error = tr.a("replay-record-too-large", "kb", MAX_RECORD_BYTES / 1024);
        return open_page(&ctx, form.record.clone(), Some(error));
    }
    let record: GameRecord = match serde_json::from_str(text) {
        Ok(record) => record,
        Err(e) => {
            let error = text_with(
                tr.lang(),
                "fair-unreadable",
                &args![("reason", e.to_string())],
            );
            return open_page(&ctx, form.record.clone(), Some(error));
        }
    };
    let RecordLog {
        opening,
        events,
        outcome,
    } = match record_log(&record) {
        Ok(log) => log,
        Err(unfair) => {
            return open_page(&ctx, form.record.clone(), Some(unreplayable(tr, &unfair)));
        }
    };
    let seats = opening.seats();
    let view_as = match parse_view(form.view_as.as_deref(), seats, true, None) {
        Ok(view) => view,
        Err(e) => return error_page(&ctx, e),
    };
    let last = events.len() as u64;
    let step = match parse_step(form.step.as_deref(), last) {
        Ok(step) => step,
        Err(e) => return error_page(&ctx, e),
    };
    let source = Source::Record(Sha256::digest(text.as_bytes()).into());
    let who = vec![Who::Person(String::new()); seats];
    let reader = Reader::new(ctx.lang(), view_as.viewer(), who.clone());
    let stepper = match steppers.get(source, reader.lang, reader.viewer) {
        Some(kept) => kept,
        None => match Stepper::new(reader, opening.clone(), events) {
            Ok(stepper) => steppers.keep(source, stepper),
            Err(e) => return error_page(&ctx, e),
        },
    };
    let namer = Reader::new(ctx.lang(), Viewer::Spectator, who);
    let names: Vec<String> = (0..seats).map(|s| namer.name(Seat(s as u8))).collect();
    let kind = opening.kind();
    let view = {
        let stepper = stepper.lock().unwrap_or_else(|e| e.into_inner());
        step_view(
            StepInput {
                tr,
                kind,
                step,
                last,
                view_as,
                names,
                outcome,
                over: true,
                time_control: TimeControl::default(),
                linked: Linked::Record,
            },
            &stepper,
        )
    };
    let mut view = match view {
        Ok(view) => view,
        Err(e) => return error_page(&ctx, e),
    };
    let checked = steppers.verdict(source, &record);
    view.fair = fair_view_checked(tr, record.commitment.as_deref(), Some(&record), |_| {
        checked.clone()
    });
    view.unfair_note = record
        .commitment
        .is_none()
        .then(|| agora_present::fair::verdict(tr.lang(), &checked));
    view.upload = Some(Reposted {
        record: text.to_string(),
        csrf: ctx.csrf.clone(),
        view_as: view_as.code(),
    });
    view.view_code = view_as.code();
    if form.fragment.is_some() {
        return fragment_response(&ctx, &view, "/replay".into());
    }
    page_response(&ctx, view)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_whose_move_does_not_play_names_the_move() {
        let record = GameRecord {
            game: "tyrus".into(),
            seed: Some(3),
            moves: vec!["nonsense".into()],
            ..Default::default()
        };
        let Err(Unfair::MoveRejected { index, text, .. }) = record_log(&record) else {
            panic!("the move should be refused");
        };
        assert_eq!((index, text.as_str()), (0, "nonsense"));
    }

    #[test]
    fn a_record_of_no_known_game_says_so() {
        let record = GameRecord {
            game: "chess".into(),
            seed: Some(3),
            ..Default::default()
        };
        assert!(matches!(record_log(&record), Err(Unfair::UnknownGame(g)) if g == "chess"));
    }
}
