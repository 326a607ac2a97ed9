//! The JSON the server sends about a game (see docs/protocol.md), as typed structures that
//! serialize straight to text: a frame goes out on every move to every viewer, and building
//! `serde_json::Value` trees for it first cost more than the rest of the move. A frame's parts
//! that every viewer sees alike are serialized once for all of them ([`StateText`]), and each
//! viewer's view is written by its game ([`ViewOf::write_json`]).

use agora_ai::Level;
use agora_engine::{GameRecord, Outcome, Turn, Viewer};
use agora_games::{LegalMoves, SeenMove, ViewOf};
use agora_store::{AccountId, TableId, TableStatus};
use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;

use agora_engine::json;
use axum::extract::ws::Utf8Bytes;

/// Everything one viewer may know of a game now: the `state` of frames and of
/// `GET /api/games/{id}`.
#[derive(Serialize, Debug)]
pub struct GameState<'a> {
    #[serde(flatten)]
    pub shared: SharedState<'a>,
    pub view: ViewOf<'a>,
    /// Only for the seat to move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<LegalMoves<'a>>,
    #[serde(flatten)]
    pub over: OverState,
}

/// The fields of a `state` that every viewer sees alike, before its `view`.
#[derive(Serialize, Debug)]
pub struct SharedState<'a> {
    pub id: TableId,
    pub version: u64,
    pub game: &'static str,
    pub status: TableStatus,
    pub turn: Turn,
    /// A list of [`SeatView`], serialized once by the game's actor.
    pub seats: &'a RawValue,
    /// A [`TimeControl`](crate::TimeControl), serialized once by the game's actor.
    pub time_control: &'a RawValue,
    pub clocks: Option<Vec<Option<i64>>>,
    pub deadline: Option<i64>,
    pub draw_offers: Vec<usize>,
    pub outcome: &'a Option<Outcome>,
}

/// The fields of a `state` only a game that is over has, the same for every viewer.
#[derive(Serialize, Debug, Default)]
pub struct OverState {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<GameRecord>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch: Option<RematchState>,
}

/// A `state`'s parts that do not depend on the viewer, serialized once for all the viewers
/// of a frame; [`StateText::write`] puts each viewer's state together around them.
#[derive(Debug)]
pub struct StateText {
    /// `{"id":...,"outcome":...` without its closing brace.
    head: String,
    /// `,"summary":...,"rematch":...`, or nothing while the game is played.
    tail: String,
}

impl StateText {
    pub fn new(shared: &SharedState<'_>, over: &OverState) -> StateText {
        let mut head = serde_json::to_string(shared).expect("states serialize to JSON");
        head.pop();
        let tail = if over.is_empty() {
            String::new()
        } else {
            let tail = serde_json::to_string(over).expect("states serialize to JSON");
            // `{...}` to `,...`.
            format!(",{}", &tail[1..tail.len() - 1])
        };
        StateText { head, tail }
    }

    /// Appends the `state` of a viewer who sees `view` and, when they are to move,
    /// `legal_moves`: the same text as serializing that [`GameState`].
    pub fn write(&self, view: ViewOf<'_>, legal_moves: Option<LegalMoves<'_>>, out: &mut String) {
        out.push_str(&self.head);
        out.push_str(",\"view\":");
        view.write_json(out);
        if let Some(legal_moves) = legal_moves {
            out.push_str(",\"legal_moves\":");
            legal_moves.write_json(out);
        }
        out.push_str(&self.tail);
        out.push('}');
    }
}

impl OverState {
    /// Whether this adds nothing to a state: the game is not over.
    fn is_empty(&self) -> bool {
        self.summary.is_none() && self.record.is_none() && self.rematch.is_none()
    }
}

/// Who asked for a rematch of a game that is over, and the rematch once it has started.
#[derive(Serialize, serde::Deserialize, Clone, PartialEq, Eq, Debug)]
pub struct RematchState {
    pub offers: Vec<usize>,
    pub next: Option<TableId>,
}

#[derive(Serialize, Debug)]
pub struct SeatView<'a> {
    pub name: &'a Option<String>,
    pub account: Option<AccountId>,
    pub ai_level: Option<Level>,
    /// `ai` for an AI seat, `stand_in` for an absent player's seat the server plays.
    pub plays: Option<&'static str>,
    pub substituted: bool,
}

/// One logged event as a viewer saw it.
#[derive(Serialize, Debug)]
pub struct EventView<'a> {
    pub version: u64,
    pub kind: &'a str,
    pub seat: Option<u8>,
    pub at: i64,
    /// What this viewer saw of the move.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub seen: Option<&'a SeenMove>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<i64>,
}

impl EventView<'_> {
    /// Appends the same text as serializing this (a test checks the two agree).
    fn write_json(&self, out: &mut String) {
        use std::fmt::Write;
        // Writing to a `String` cannot fail.
        let _ = write!(out, "{{\"version\":{},\"kind\":", self.version);
        json::write_string(out, self.kind);
        let _ = match self.seat {
            Some(seat) => write!(out, ",\"seat\":{seat},\"at\":{}", self.at),
            None => write!(out, ",\"seat\":null,\"at\":{}", self.at),
        };
        if let Some(seen) = self.seen {
            out.push_str(",\"move\":");
            out.push_str(seen.json());
        }
        if let Some(clock_ms) = self.clock_ms {
            let _ = write!(out, ",\"clock_ms\":{clock_ms}");
        }
        out.push('}');
    }
}

/// What the game's feed sends after each durable step: `{"type":"event",...}` with the
/// events as this viewer saw them and the viewer's state (see docs/protocol.md). Written
/// into `out`, which is cleared first: the actor keeps one buffer for all its frames.
pub fn event_frame(
    out: &mut String,
    game: TableId,
    version: u64,
    events: &[EventView<'_>],
    state: &StateText,
    view: ViewOf<'_>,
    legal_moves: Option<LegalMoves<'_>>,
) {
    frame_start(out, "event", game, version);
    out.push_str(",\"events\":[");
    for (i, event) in events.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        event.write_json(out);
    }
    out.push(']');
    frame_end(out, state, view, legal_moves);
}

/// The first frame of a feed, and the answer to `sync`: the viewer's state, with the events
/// since the version the client gave when the game still remembers them (`missed`).
#[allow(clippy::too_many_arguments)]
pub fn sync_frame(
    out: &mut String,
    game: TableId,
    version: u64,
    viewer: Viewer,
    missed: Option<&[EventView<'_>]>,
    state: &StateText,
    view: ViewOf<'_>,
    legal_moves: Option<LegalMoves<'_>>,
) {
    frame_start(out, "sync", game, version);
    out.push_str(",\"viewer\":");
    json::write_value(out, &viewer);
    out.push_str(",\"missed\":");
    json::write_value(out, &missed);
    frame_end(out, state, view, legal_moves);
}

/// A frame written into a buffer, as a message of its own. Its allocation is exactly its
/// length, so the message needs no separate reference count (`bytes` allocates one for a
/// buffer with spare capacity) and is freed at once once written to the socket. Frames are
/// written as `String`s throughout, so none is checked for UTF-8 again here.
pub fn message_of(frame: &str) -> Utf8Bytes {
    Utf8Bytes::from(frame.to_owned())
}

/// A buffer for frames: more than a Tyrus or Tsuro event frame takes.
pub fn frame_buffer() -> String {
    String::with_capacity(FRAME_CAPACITY)
}

/// Clears `out` and starts it with `{"type":...,"game":...,"version":...`, without the
/// closing brace (a test checks this against serializing those fields).
fn frame_start(out: &mut String, kind: &'static str, game: TableId, version: u64) {
    use std::fmt::Write;
    out.clear();
    // The kinds are this module's words and a table id is letters and digits: nothing to
    // escape. (Writing to a `String` cannot fail.)
    let _ = write!(
        out,
        "{{\"type\":\"{kind}\",\"game\":\"{game}\",\"version\":{version}"
    );
}

/// Closes a frame with the viewer's `state`.
fn frame_end(
    out: &mut String,
    state: &StateText,
    view: ViewOf<'_>,
    legal_moves: Option<LegalMoves<'_>>,
) {
    out.push_str(",\"state\":");
    state.write(view, legal_moves, out);
    out.push('}');
}

/// The answer to an action sent over the WebSocket, once it is durable.
#[derive(Serialize, Debug)]
pub struct Ack {
    #[serde(rename = "type")]
    pub kind: &'static str,
    #[serde(rename = "ref")]
    pub reference: Option<u64>,
    pub version: u64,
    /// Only for a rematch: the rematch's game once it has started, else `null`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<Option<TableId>>,
}

impl Ack {
    pub fn new(reference: Option<u64>, version: u64) -> Ack {
        Ack {
            kind: "ack",
            reference,
            version,
            next: None,
        }
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("acks serialize to JSON")
    }
}

/// Bytes reserved for a frame buffer (growing from a small buffer by doubling cost several
/// reallocations per frame).
const FRAME_CAPACITY: usize = 4096;

#[cfg(test)]
mod tests {
    use agora_engine::{Seat, SeatSet};
    use agora_games::{AnyGame, GameKind};
    use serde_json::json;

    use super::*;
    use crate::TimeControl;

    /// The fields every frame about a game starts with.
    #[derive(Serialize)]
    struct FrameHead {
        #[serde(rename = "type")]
        kind: &'static str,
        game: TableId,
        version: u64,
    }

    #[test]
    fn events_are_written_as_serde_json_writes_them() {
        let (game, _) = AnyGame::deal(GameKind::ALL[0], &json!({}), 5).unwrap();
        let notation = game.legal_moves()[0].clone();
        let mut played = game.clone();
        let seen = played.play(&notation).unwrap();
        for event in [
            EventView {
                version: 7,
                kind: "move",
                seat: Some(1),
                at: -11,
                seen: Some(&seen.seen_by_spectator),
                clock_ms: Some(3),
            },
            EventView {
                version: u64::MAX,
                kind: "a \"quoted\" kind\n",
                seat: None,
                at: i64::MAX,
                seen: None,
                clock_ms: None,
            },
        ] {
            let mut out = String::new();
            event.write_json(&mut out);
            assert_eq!(out, serde_json::to_string(&event).unwrap());
        }
    }

    #[test]
    fn frames_start_as_serde_json_writes_their_head() {
        for (kind, game, version) in [("event", TableId(0), 0), ("sync", TableId(42), u64::MAX)] {
            let mut out = String::from("stale");
            frame_start(&mut out, kind, game, version);
            out.push('}');
            let head = FrameHead {
                kind,
                game,
                version,
            };
            assert_eq!(out, serde_json::to_string(&head).unwrap());
        }
    }

    fn seats(names: &[Option<String>]) -> Box<RawValue> {
        let views: Vec<SeatView<'_>> = names
            .iter()
            .map(|name| SeatView {
                name,
                account: Some(AccountId(3)),
                ai_level: None,
                plays: None,
                substituted: false,
            })
            .collect();
        serde_json::value::to_raw_value(&views).unwrap()
    }

    fn shared<'a>(
        game: &AnyGame,
        seats: &'a RawValue,
        time_control: &'a RawValue,
        outcome: &'a Option<Outcome>,
    ) -> SharedState<'a> {
        SharedState {
            id: TableId(42),
            version: 7,
            game: game.kind().name(),
            status: TableStatus::Playing,
            turn: game.turn(),
            seats,
            time_control,
            clocks: Some(vec![Some(1000), None]),
            deadline: Some(5),
            draw_offers: vec![1],
            outcome,
        }
    }

    /// Frames put together from parts are the text of the whole state serialized at once,
    /// for a game being played and one that is over, for seats and spectators.
    #[test]
    fn spliced_frames_are_the_serialized_state() {
        let seat_views = seats(&[Some("Ann \"the\" \\ 🂡".to_string()), None]);
        let time_control = serde_json::value::to_raw_value(&TimeControl::Live {
            initial_s: 300,
            increment_s: 2,
        })
        .unwrap();
        for kind in GameKind::ALL {
            let (game, _) = AnyGame::deal(*kind, &json!({}), 5).unwrap();
            let overs = [
                (None, OverState::default()),
                (
                    Some(Outcome::new(SeatSet::single(Seat(0)), "resignation")),
                    OverState {
                        summary: Some(game.summary()),
                        record: Some(GameRecord {
                            game: kind.name().to_string(),
                            seed: Some(9),
                            options: Some(json!({})),
                            setup: None,
                            moves: vec!["a".into()],
                        }),
                        rematch: Some(RematchState {
                            offers: vec![1],
                            next: None,
                        }),
                    },
                ),
            ];
            for (outcome, over) in &overs {
                let text =
                    StateText::new(&shared(&game, &seat_views, &time_control, outcome), over);
                for viewer in [
                    Viewer::Seat(Seat(0)),
                    Viewer::Seat(Seat(1)),
                    Viewer::Spectator,
                ] {
                    let legal_moves =
                        matches!(viewer, Viewer::Seat(_)).then_some(LegalMoves(&game));
                    let whole = serde_json::to_string(&GameState {
                        shared: shared(&game, &seat_views, &time_control, outcome),
                        view: game.view_of(viewer),
                        legal_moves,
                        over: OverState {
                            summary: over.summary.clone(),
                            record: over.record.clone(),
                            rematch: over.rematch.as_ref().map(|r| RematchState {
                                offers: r.offers.clone(),
                                next: r.next,
                            }),
                        },
                    })
                    .unwrap();
                    let mut spliced = String::new();
                    text.write(game.view_of(viewer), legal_moves, &mut spliced);
                    assert_eq!(spliced, whole, "{kind:?}");

                    let state: Value = serde_json::from_str(&whole).unwrap();
                    let event = EventView {
                        version: 7,
                        kind: "move",
                        seat: Some(0),
                        at: 11,
                        seen: None,
                        clock_ms: Some(3),
                    };
                    // The buffer holds an older, longer frame: it is cleared first.
                    let mut buffer = "{\"type\":\"stale\"".repeat(200);
                    event_frame(
                        &mut buffer,
                        TableId(42),
                        7,
                        std::slice::from_ref(&event),
                        &text,
                        game.view_of(viewer),
                        legal_moves,
                    );
                    let frame = message_of(&buffer);
                    assert_eq!(frame.as_str(), buffer);
                    assert_eq!(
                        serde_json::from_str::<Value>(&frame).unwrap(),
                        json!({"type": "event", "game": TableId(42), "version": 7,
                               "events": [event], "state": state})
                    );
                    sync_frame(
                        &mut buffer,
                        TableId(42),
                        7,
                        viewer,
                        None,
                        &text,
                        game.view_of(viewer),
                        legal_moves,
                    );
                    assert_eq!(
                        serde_json::from_str::<Value>(&buffer).unwrap(),
                        json!({"type": "sync", "game": TableId(42), "version": 7,
                               "viewer": viewer, "missed": null, "state": state})
                    );
                }
            }
        }
    }
}
