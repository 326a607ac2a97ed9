//! One game over the server's WebSocket (and its rematches), told to one reader as local play
//! tells it: the same narrators, the same commands, and chat apart from the moves. A dropped
//! connection is reopened with `since`, so every event is told once, none lost and none twice.

use std::io::{self, Write};
use std::time::Duration;

use agora_engine::{Outcome, Seat, Viewer};
use agora_present::{Lang, Reader, Who, args, events, text, text_with};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::api::{Api, Failure};
use super::table::{Action, Rematch};
use super::wire::{FrameMove, WireGame};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The waits between attempts to reconnect: doubling from a quarter second to eight, about a
/// minute in all before giving up.
const BACKOFF: [u64; 11] = [
    250, 500, 1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000,
];

/// What the player's input sees when asked for a line (the terminal's ignores it; a
/// scripted player plays from it).
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Debug, Clone, Default)]
pub struct Now {
    /// The reader's seat is to move and no move of theirs awaits its answer.
    pub my_turn: bool,
    /// The legal moves, in notation, when it is the reader's turn.
    pub legal_moves: Vec<String>,
    /// Another seat offered a draw that the reader has not answered.
    pub draw_offered: bool,
    /// The reader offered a draw that the others have not answered.
    pub my_draw_offer: bool,
    /// The game is over (its end told), and no rematch the reader asked for is starting.
    pub over: bool,
}

/// Where the player's lines come from: the terminal, or a test's script.
#[allow(async_fn_in_trait)]
pub trait Input {
    /// The next line; `None` at the end of input. A future that never completes waits for
    /// the server.
    async fn line(&mut self, now: &Now) -> Option<String>;
}

/// How a game over the server ended for this client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The game is over.
    Over,
    /// The player left (quit, or the end of input); the game goes on on the server.
    Left,
    /// The server could not be reached again.
    Unreachable,
}

/// What a client told, for tests: the versions of the events it told, in order.
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Debug, Clone, Default)]
pub struct Told {
    /// The game's id.
    pub game: String,
    pub versions: Vec<u64>,
    pub reconnects: usize,
}

pub(super) struct Live<'a, G: WireGame> {
    pub(super) api: &'a mut Api,
    pub(super) game: String,
    pub(super) reader: Reader,
    pub(super) state: Value,
    view: Option<G::View>,
    version: u64,
    /// Every line the narrators told, for `history`.
    history: Vec<String>,
    told: Told,
    next_ref: u64,
    /// The `ref` and text of the move sent and not yet answered.
    pending: Option<(u64, String)>,
    /// The version the last acknowledged move led to: its `event` frame may come after the
    /// `ack`, and until it has, the state in hand is from before the move.
    acked: u64,
    /// The last chat message printed (messages arrive by frame and, after a reconnect, by
    /// reading the chat: each is printed once).
    pub(super) chat_seen: u64,
    /// The `ref`s of the table actions sent and not yet answered, and what each asked.
    pub(super) acting: Vec<(u64, Action)>,
    pub(super) rematch: Rematch,
    /// The end of the game was told.
    finished: bool,
    /// The version at which the reader was last asked for a move.
    prompted_at: Option<u64>,
    started: bool,
}

/// Plays (or watches) game `game` until it ends or the player leaves.
pub async fn play<G: WireGame>(
    api: &mut Api,
    game: &str,
    lang: Lang,
    input: &mut impl Input,
    out: &mut impl Write,
) -> io::Result<(Ending, Told)> {
    let mut socket = match connect(api, game, None).await {
        Ok(socket) => socket,
        Err(error) => {
            let line = text_with(
                lang,
                "remote-unreachable",
                &args![("server", api.base.as_str()), ("error", error)],
            );
            writeln!(out, "{line}")?;
            return Ok((Ending::Unreachable, Told::default()));
        }
    };
    let mut live = Live::<G> {
        api,
        game: game.to_string(),
        reader: Reader::new(lang, Viewer::Spectator, Vec::new()),
        state: Value::Null,
        view: None,
        version: 0,
        history: Vec::new(),
        told: Told {
            game: game.to_string(),
            ..Told::default()
        },
        next_ref: 1,
        pending: None,
        acked: 0,
        chat_seen: 0,
        acting: Vec::new(),
        rematch: Rematch::default(),
        finished: false,
        prompted_at: None,
        started: false,
    };
    live.read_chat(out).await?;
    loop {
        // Over, a player stays at the table (for a rematch) until they leave; a spectator
        // has seen it all.
        if live.started && live.state["status"] != "playing" && !live.finished {
            live.finished = true;
            live.finish(out).await?;
            if live.seat().is_none() {
                return Ok((Ending::Over, live.told));
            }
        }
        let now = live.now();
        tokio::select! {
            frame = socket.next() => match frame {
                Some(Ok(Message::Text(frame))) => {
                    let frame: Value = serde_json::from_str(&frame).unwrap_or_default();
                    if let Some(sync) = live.frame(&frame, out)? {
                        send(&mut socket, sync).await;
                    }
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => match live.reconnect(out).await? {
                    Some(again) => socket = again,
                    None => return Ok((Ending::Unreachable, live.told)),
                },
                Some(Ok(_)) => {}
            },
            // Lines wait until the game's first state has come: they are about it.
            line = input.line(&now), if live.started => {
                let command = match line {
                    Some(line) => live.command(line.trim(), out).await?,
                    None => Command::Leave,
                };
                match command {
                    Command::Stay => {}
                    Command::Send(message) => send(&mut socket, message).await,
                    Command::Leave if live.finished => return Ok((Ending::Over, live.told)),
                    Command::Leave => {
                        live.say_left(out)?;
                        return Ok((Ending::Left, live.told));
                    }
                }
            }
        }
    }
}

/// A message to the server; a failed send shows as the connection's end when next read.
async fn send(socket: &mut Socket, message: Value) {
    let _ = socket.send(Message::Text(message.to_string().into())).await;
}

async fn connect(api: &Api, game: &str, since: Option<u64>) -> Result<Socket, String> {
    let mut request = api
        .ws_url(game, since)
        .into_client_request()
        .map_err(|e| e.to_string())?;
    if let Some(cookie) = &api.cookie {
        let value = HeaderValue::from_str(cookie).map_err(|e| e.to_string())?;
        request.headers_mut().insert("cookie", value);
    }
    let (socket, _) = tokio_tungstenite::connect_async(request)
        .await
        .map_err(|e| e.to_string())?;
    Ok(socket)
}

pub(super) enum Command {
    Stay,
    Send(Value),
    Leave,
}

impl<G: WireGame> Live<'_, G> {
    pub(super) fn lang(&self) -> Lang {
        self.reader.lang
    }

    pub(super) fn seat(&self) -> Option<Seat> {
        self.reader.viewer.seat()
    }

    fn my_turn(&self) -> bool {
        let to_move = self.state["turn"]["seat"].as_u64();
        self.state["status"] == "playing"
            && to_move.is_some()
            && to_move == self.seat().map(|s| u64::from(s.0))
    }

    /// Whether the reader may move now: their turn in a state that has caught up with their
    /// last move, none awaiting its answer.
    fn may_move(&self) -> bool {
        self.my_turn()
            && self.pending.is_none()
            && self.acting.is_empty()
            && self.version >= self.acked
    }

    /// The table action a frame answers, if it answers one.
    fn answers_action(&self, frame: &Value) -> Option<Action> {
        let reference = frame["ref"].as_u64()?;
        self.acting
            .iter()
            .find(|(r, _)| *r == reference)
            .map(|(_, action)| *action)
    }

    fn now(&self) -> Now {
        let my_turn = self.started && self.may_move();
        let legal_moves = self.legal_moves();
        let me = self.seat().map(|s| u64::from(s.0));
        let offers: Vec<u64> = self.state["draw_offers"]
            .as_array()
            .map(|o| o.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_default();
        let my_draw_offer = me.is_some_and(|me| offers.contains(&me));
        Now {
            my_turn,
            legal_moves,
            draw_offered: me.is_some() && !offers.is_empty() && !my_draw_offer,
            my_draw_offer,
            over: self.finished && !self.awaits_rematch() && self.rematch.next.is_none(),
        }
    }

    fn legal_moves(&self) -> Vec<String> {
        self.state["legal_moves"]
            .as_array()
            .map(|moves| {
                moves
                    .iter()
                    .filter_map(|m| m.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Whether another seat is a person's: hints are for games against the computer only.
    fn against_people(&self) -> bool {
        let seats = self.state["seats"].as_array().cloned().unwrap_or_default();
        seats.iter().enumerate().any(|(index, seat)| {
            Some(index) != self.seat().map(Seat::index) && !seat["account"].is_null()
        })
    }

    fn say(&mut self, out: &mut impl Write, lines: Vec<String>) -> io::Result<()> {
        for line in lines {
            writeln!(out, "{line}")?;
            self.history.push(line);
        }
        Ok(())
    }

    fn say_left(&self, out: &mut impl Write) -> io::Result<()> {
        let line = text_with(
            self.lang(),
            "remote-left",
            &args![("id", self.game.as_str())],
        );
        writeln!(out, "{line}")
    }

    /// Takes a new state: who sits where, and the reader's view of it.
    fn take_state(&mut self, state: &Value) {
        self.state = state.clone();
        self.version = state["version"].as_u64().unwrap_or(self.version);
        let seats = state["seats"].as_array().cloned().unwrap_or_default();
        self.reader.seats = seats
            .iter()
            .map(|seat| match (&seat["account"], seat["name"].as_str()) {
                (Value::Null, _) => Who::Computer,
                (_, name) => Who::Person(name.unwrap_or_default().to_string()),
            })
            .collect();
        if let Some(view) = G::view_from(&state["view"]) {
            self.view = Some(view);
        }
    }

    /// Handles one frame; answers a `sync` request to send when events were skipped.
    fn frame(&mut self, frame: &Value, out: &mut impl Write) -> io::Result<Option<Value>> {
        match frame["type"].as_str().unwrap_or_default() {
            "sync" => {
                if let Some(next) = frame["game"].as_str().filter(|g| *g != self.game) {
                    // The connection followed into the rematch: a new game from its start.
                    self.follow(next);
                }
                if let Ok(viewer) = serde_json::from_value::<Viewer>(frame["viewer"].clone()) {
                    self.reader.viewer = viewer;
                }
                match frame["missed"].as_array() {
                    Some(missed) if self.started => {
                        let missed = missed.clone();
                        self.tell(&missed, &frame["state"], out)?;
                    }
                    _ => {
                        let had = self.version;
                        self.take_state(&frame["state"]);
                        if !self.started {
                            self.started = true;
                            self.intro(out)?;
                        } else if had != self.version {
                            // Too far behind for the events: the state alone is the truth.
                            self.board(out)?;
                        }
                    }
                }
            }
            "event" => {
                let events = frame["events"].as_array().cloned().unwrap_or_default();
                let first = events.first().and_then(|e| e["version"].as_u64());
                if first.is_some_and(|first| first > self.version + 1) {
                    return Ok(Some(json!({"type": "sync", "since": self.version})));
                }
                self.tell(&events, &frame["state"], out)?;
            }
            "ack" if self.pending.as_ref().map(|p| p.0) == frame["ref"].as_u64() => {
                self.pending = None;
                self.acked = frame["version"].as_u64().unwrap_or(self.acked);
            }
            "ack" | "error" if self.answers_action(frame).is_some() => {
                let action = self.answers_action(frame).expect("checked");
                self.acting
                    .retain(|(reference, _)| frame["ref"].as_u64() != Some(*reference));
                if frame["type"] == "error" {
                    let line = self.action_refused(action, &Failure::from_body(frame));
                    writeln!(out, "{line}")?;
                } else {
                    // As after a move: the state in hand is from before the action until its
                    // event has come.
                    let version = frame["version"].as_u64().unwrap_or(self.acked);
                    self.acked = self.acked.max(version);
                    self.acted(action, frame, out)?;
                }
            }
            "rematch" => self.rematch_frame(frame, out)?,
            "error" => {
                let typed = match &self.pending {
                    Some((reference, typed)) if frame["ref"].as_u64() == Some(*reference) => {
                        let typed = typed.clone();
                        self.pending = None;
                        typed
                    }
                    _ => String::new(),
                };
                let line = self.refused(&Failure::from_body(frame), &typed);
                writeln!(out, "{line}")?;
                self.prompted_at = None;
            }
            "chat" => self.chat_line(&frame["message"], out)?,
            _ => {}
        }
        self.prompt(out)?;
        Ok(None)
    }

    /// Asks for a move once per version at which it is the reader's turn.
    fn prompt(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.may_move() && self.prompted_at != Some(self.version) {
            self.prompted_at = Some(self.version);
            if let Some(view) = &self.view {
                for line in G::prompt(&self.reader, view) {
                    writeln!(out, "{line}")?;
                }
            }
        }
        Ok(())
    }

    /// The opening lines: who plays whom, and the table.
    fn intro(&mut self, out: &mut impl Write) -> io::Result<()> {
        let lang = self.lang();
        let Some(me) = self.seat() else {
            writeln!(out, "{}", text(lang, "remote-spectator"))?;
            return self.board(out);
        };
        let game = self.state["game"].as_str().unwrap_or_default();
        let intro = super::super::intro(&self.reader, game, me, self.reader.seats.len());
        writeln!(out, "{intro}")?;
        self.board(out)
    }

    fn board(&self, out: &mut impl Write) -> io::Result<()> {
        if let Some(view) = &self.view {
            writeln!(out, "{}", G::board(&self.reader, view))?;
        }
        Ok(())
    }

    /// Tells the events after the reader's version (those before were told already), then
    /// takes `state`: the moves of the frame as the game tells them ([`WireGame::tell_frame`]),
    /// the other events as every game does, all in order.
    fn tell(&mut self, events: &[Value], state: &Value, out: &mut impl Write) -> io::Result<()> {
        let before = self.view.clone();
        let told_up_to = self.version;
        self.take_state(state);
        let events: Vec<(u64, &Value)> = events
            .iter()
            .filter_map(|e| Some((e["version"].as_u64()?, e)))
            .filter(|(version, _)| *version > told_up_to)
            .collect();
        let is_move = |event: &Value| matches!(event["kind"].as_str(), Some("move" | "chance"));
        let mover = |event: &Value| event["seat"].as_u64().map(|s| Seat(s as u8));
        let moves: Vec<FrameMove<G>> = events
            .iter()
            .filter(|(_, e)| is_move(e))
            .map(|(_, e)| FrameMove {
                mover: mover(e),
                notation: notation(&e["move"]),
                seen: G::seen_from(&e["move"], mover(e), self.seat()),
            })
            .collect();
        let mut told =
            G::tell_frame(&self.reader, before.as_ref(), self.view.as_ref(), &moves).into_iter();
        for (version, event) in events {
            let lines = if is_move(event) {
                told.next().unwrap_or_default()
            } else {
                let kind = event["kind"].as_str().unwrap_or_default();
                events::narrate_event(&self.reader, kind, mover(event))
                    .into_iter()
                    .collect()
            };
            self.say(out, lines)?;
            self.after_event(event, out)?;
            self.told.versions.push(version);
        }
        Ok(())
    }

    /// Starts over on game `next`, the rematch the connection followed into.
    fn follow(&mut self, next: &str) {
        self.game = next.to_string();
        self.state = Value::Null;
        self.view = None;
        self.version = 0;
        self.history.clear();
        self.told.game = next.to_string();
        self.told.versions.clear();
        self.pending = None;
        self.acked = 0;
        self.acting.clear();
        self.rematch = Rematch::default();
        self.finished = false;
        self.prompted_at = None;
        self.started = false;
    }

    /// The end: why the server ended it (the game's own reasons were told with the last
    /// move), the table as it ended, and the record to replay.
    async fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        let reason = match self.state["status"].as_str() {
            Some("aborted") => Some("aborted".to_string()),
            _ => self.state["outcome"]["reason"].as_str().map(str::to_string),
        };
        if let Some(line) = reason.and_then(|r| events::outcome_reason(&self.reader, &r)) {
            self.say(out, vec![line])?;
        }
        let outcome = serde_json::from_value::<Outcome>(self.state["outcome"].clone());
        if let (Ok(outcome), Some(view)) = (outcome, &self.view) {
            let line = G::describe_outcome(&self.reader, view, &outcome);
            self.say(out, vec![line])?;
        }
        if let Ok(record) = self
            .api
            .get(&format!("/api/games/{}/record", self.game))
            .await
            && let Ok(record) = serde_json::from_value(record)
        {
            writeln!(out, "{}", super::super::record_line(self.lang(), &record))?;
        }
        if self.seat().is_some() {
            writeln!(out, "{}", text(self.lang(), "remote-over-help"))?;
        }
        Ok(())
    }

    /// Reopens the connection, waiting longer after each failure; `None` once it gives up.
    async fn reconnect(&mut self, out: &mut impl Write) -> io::Result<Option<Socket>> {
        writeln!(out, "{}", text(self.lang(), "remote-connection-lost"))?;
        if let Some(next) = self.rematch.next.clone() {
            // The server could not move the connection into the rematch: open it there.
            self.follow(&next);
        }
        for wait in BACKOFF {
            tokio::time::sleep(Duration::from_millis(wait)).await;
            let since = self.started.then_some(self.version);
            if let Ok(socket) = connect(self.api, &self.game, since).await {
                writeln!(out, "{}", text(self.lang(), "remote-reconnected"))?;
                self.told.reconnects += 1;
                // A move sent on the lost connection went in or did not: the next sync says
                // which, and the reader is asked again if it is still their turn.
                self.pending = None;
                self.prompted_at = None;
                self.read_chat(out).await?;
                return Ok(Some(socket));
            }
        }
        let line = text_with(
            self.lang(),
            "remote-gave-up",
            &args![("id", self.game.as_str())],
        );
        writeln!(out, "{line}")?;
        Ok(None)
    }

    pub(super) fn new_ref(&mut self) -> u64 {
        self.next_ref += 1;
        self.next_ref
    }

    async fn command(&mut self, line: &str, out: &mut impl Write) -> io::Result<Command> {
        let lang = self.lang();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let Some(view) = self.view.clone() else {
            return Ok(Command::Stay);
        };
        let reader = &self.reader;
        match (word.to_ascii_lowercase().as_str(), rest) {
            ("", _) => {}
            ("help" | "?", "") => {
                writeln!(out, "{}", G::move_help(reader))?;
                writeln!(out, "{}", text(lang, "remote-commands"))?;
                writeln!(out, "{}", text(lang, "remote-table-commands"))?;
            }
            ("board", "") => writeln!(out, "{}", G::board(reader, &view))?,
            ("hand", "") => writeln!(out, "{}", G::hand(reader, &view))?,
            ("status", "") => writeln!(out, "{}", G::status(reader, &view))?,
            ("history", "") => {
                if self.history.is_empty() {
                    writeln!(out, "{}", text(lang, "cli-history-empty"))?;
                }
                for line in &self.history {
                    writeln!(out, "{line}")?;
                }
            }
            ("moves", "") => {
                if !self.my_turn() {
                    writeln!(out, "{}", text(lang, "remote-not-your-turn"))?;
                } else {
                    let moves = self.legal_moves();
                    let line = text_with(
                        lang,
                        "cli-legal-moves",
                        &args![("count", moves.len()), ("moves", moves.join(", "))],
                    );
                    writeln!(out, "{line}")?;
                }
            }
            ("hint", "") if self.against_people() => {
                writeln!(out, "{}", text(lang, "remote-hint-people"))?;
            }
            ("quit" | "exit", "") => return Ok(Command::Leave),
            (word, _) if self.finished || is_table_command(word, rest) => {
                let word = word.to_string();
                return match self.table_command(&word, rest, out).await? {
                    Some(command) => Ok(command),
                    None => {
                        writeln!(out, "{}", text(lang, "remote-game-over"))?;
                        Ok(Command::Stay)
                    }
                };
            }
            _ => {
                if let Some(answer) = G::extra_command(reader, &view, line) {
                    writeln!(out, "{answer}")?;
                    return Ok(Command::Stay);
                }
                if self.seat().is_none() {
                    writeln!(out, "{}", text(lang, "remote-forbidden"))?;
                    return Ok(Command::Stay);
                }
                let reference = self.new_ref();
                self.pending = Some((reference, line.to_string()));
                return Ok(Command::Send(json!({
                    "type": "play", "move": line, "version": self.version, "ref": reference
                })));
            }
        }
        Ok(Command::Stay)
    }
}

/// Whether a line is a table command rather than a move (`draw` and `decline` alone are
/// Tyranny's moves; a draw is offered with `offer draw`).
fn is_table_command(word: &str, rest: &str) -> bool {
    matches!(
        (word, rest),
        ("offer" | "accept" | "decline", "draw")
            | ("resign" | "abort" | "rematch", "")
            | ("mute" | "unmute" | "report" | "say" | "quick", _)
    )
}

/// A move's notation when the game sends it as text; otherwise its JSON.
fn notation(json: &Value) -> String {
    json.as_str()
        .map_or_else(|| json.to_string(), str::to_string)
}
