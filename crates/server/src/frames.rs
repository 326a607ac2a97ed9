//! The JSON the server sends about a game (see docs/protocol.md), as typed structures that
//! serialize straight to text: a frame goes out on every move to every viewer, and building
//! `serde_json::Value` trees for it first cost more than the rest of the move.

use agora_ai::Level;
use agora_engine::{GameRecord, Turn, Viewer};
use agora_games::{LegalMoves, SeenMove, ViewOf};
use agora_store::{AccountId, TableId, TableStatus};
use serde::Serialize;
use serde_json::Value;

use crate::TimeControl;

/// Everything one viewer may know of a game now: the `state` of frames and of
/// `GET /api/games/{id}`.
#[derive(Serialize, Debug)]
pub struct GameState<'a> {
    pub id: TableId,
    pub version: u64,
    pub game: &'static str,
    pub status: TableStatus,
    pub turn: Turn,
    pub seats: Vec<SeatView<'a>>,
    pub time_control: &'a TimeControl,
    pub clocks: Option<Vec<Option<i64>>>,
    pub deadline: Option<i64>,
    pub draw_offers: Vec<usize>,
    pub outcome: &'a Option<Value>,
    pub view: ViewOf<'a>,
    /// Only for the seat to move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<LegalMoves<'a>>,
    /// Only once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<Value>,
    /// Only once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<GameRecord>,
    /// Only once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch: Option<RematchState>,
}

/// Who asked for a rematch of a game that is over, and the rematch once it has started.
#[derive(Serialize, Debug)]
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

/// What the game's feed sends after each durable step.
#[derive(Serialize, Debug)]
pub struct EventFrame<'a> {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub game: TableId,
    pub version: u64,
    pub events: Vec<EventView<'a>>,
    pub state: GameState<'a>,
}

/// The first frame of a feed, and the answer to `sync`.
#[derive(Serialize, Debug)]
pub struct SyncFrame<'a> {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub game: TableId,
    pub version: u64,
    pub viewer: Viewer,
    /// The events since the version the client gave, when the game still remembers them.
    pub missed: Option<Vec<EventView<'a>>>,
    pub state: GameState<'a>,
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

/// Serializes a frame; these types hold nothing that JSON cannot say.
pub fn to_text<T: Serialize>(frame: &T) -> String {
    // Room for a usual frame at once: growing from serde_json's small default by doubling
    // cost several reallocations per frame.
    let mut text = Vec::with_capacity(FRAME_CAPACITY);
    serde_json::to_writer(&mut text, frame).expect("frames serialize to JSON");
    String::from_utf8(text).expect("serde_json writes UTF-8")
}

/// Bytes reserved for a frame: more than a Tyrus or Tsuro event frame takes.
const FRAME_CAPACITY: usize = 4096;
