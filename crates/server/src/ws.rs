//! The live protocol: one WebSocket per viewer and game.

use agora_engine::Viewer;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade, close_code};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::{Value, json};

use agora_store::{AccountId, TableId};
use tokio::sync::mpsc;

use crate::actor::{Action, Feed, GameHandle};
use crate::api::{ViewerQuery, viewer_of};
use crate::auth::{MaybeAccount, credential_in};
use crate::body::{MAX_MESSAGE_BYTES, Query, parse_json};
use crate::frames::Ack;
use crate::limits::MessageBudget;
use crate::listen::Places;
use crate::lobby::ask_rematch;
use crate::outbox::Outbox;
use crate::revoke::CredentialWatch;
use crate::{ApiError, AppState};

/// The transport refuses messages over this size outright (closing the connection); between
/// 8 KiB and this, the server answers `too_large` and the connection stays usable.
const HARD_MESSAGE_LIMIT: usize = 64 * 1024;
/// The WebSocket read buffer: one read takes a whole protocol message of the usual size.
const READ_BUFFER: usize = 4 * 1024;
/// A connection that keeps sending over its rate limit this many times in a row is closed.
const FLOOD_CLOSE_AFTER: u32 = 50;
/// The transport's write buffer: what it gathers before writing to the socket.
const WRITE_BUFFER: usize = 64 * 1024;
/// The most the transport's write buffer may hold for a client that does not read. The
/// transport answers each ping with a pong on its own; without this bound, a client that
/// sends pings and never reads grew the buffer by every pong (gigabytes in seconds). Past it,
/// an automatic pong replaces the one waiting, and a frame of ours fails the connection. It
/// takes the largest frame we send (a sync) with room to spare.
const MAX_WRITE_BUFFER: usize = 1024 * 1024;

/// What a client may send: `{"type": ..., ...}` with the fields of its type (docs/protocol.md).
#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(try_from = "MessageFields")]
pub enum ClientMessage {
    Play {
        notation: String,
        version: Option<u64>,
        reference: Option<u64>,
    },
    Resign {
        reference: Option<u64>,
    },
    OfferDraw {
        reference: Option<u64>,
    },
    DeclineDraw {
        reference: Option<u64>,
    },
    Abort {
        reference: Option<u64>,
    },
    /// Asks again for a `sync` frame: the events after `since`, or a fresh view.
    Sync {
        since: Option<u64>,
        reference: Option<u64>,
    },
    Ping {
        reference: Option<u64>,
    },
    /// Asks for a rematch of a game that is over.
    Rematch {
        reference: Option<u64>,
    },
}

/// A client message as sent: every field of every type, read in one pass. (Read as serde's
/// internally tagged enum, each message was first copied into a tree to find its `type`.)
/// A field is `Some` when it is present, even as `null`, so a field that a type does not
/// have is refused as unknown whatever its value.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MessageFields {
    #[serde(rename = "type")]
    kind: MessageKind,
    #[serde(default, rename = "move", deserialize_with = "present")]
    notation: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    version: Option<Option<u64>>,
    #[serde(default, rename = "ref", deserialize_with = "present")]
    reference: Option<Option<u64>>,
    #[serde(default, deserialize_with = "present")]
    since: Option<Option<u64>>,
}

#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum MessageKind {
    Play,
    Resign,
    OfferDraw,
    DeclineDraw,
    Abort,
    Sync,
    Ping,
    Rematch,
}

fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

impl TryFrom<MessageFields> for ClientMessage {
    type Error = String;

    fn try_from(fields: MessageFields) -> Result<ClientMessage, String> {
        let MessageFields {
            kind,
            notation,
            version,
            reference,
            since,
        } = fields;
        let reference = reference.flatten();
        let stray = match kind {
            MessageKind::Play => since.map(|_| "since"),
            MessageKind::Sync => notation
                .as_ref()
                .map(|_| "move")
                .or(version.map(|_| "version")),
            _ => (notation.as_ref().map(|_| "move"))
                .or(version.map(|_| "version"))
                .or(since.map(|_| "since")),
        };
        if let Some(field) = stray {
            return Err(format!("unknown field `{field}` in a message of this type"));
        }
        Ok(match kind {
            MessageKind::Play => ClientMessage::Play {
                notation: match notation {
                    Some(Some(notation)) => notation,
                    Some(None) => return Err("`move` must be a string".into()),
                    None => return Err("missing field `move`".into()),
                },
                version: version.flatten(),
                reference,
            },
            MessageKind::Resign => ClientMessage::Resign { reference },
            MessageKind::OfferDraw => ClientMessage::OfferDraw { reference },
            MessageKind::DeclineDraw => ClientMessage::DeclineDraw { reference },
            MessageKind::Abort => ClientMessage::Abort { reference },
            MessageKind::Sync => ClientMessage::Sync {
                since: since.flatten(),
                reference,
            },
            MessageKind::Ping => ClientMessage::Ping { reference },
            MessageKind::Rematch => ClientMessage::Rematch { reference },
        })
    }
}

#[utoipa::path(
    get,
    path = "/api/games/{id}/ws",
    tag = "live",
    summary = "Opens the game's WebSocket (docs/protocol.md, WebSocket).",
    params(
        ("id" = String, Path, description = "the game id"),
        crate::api::ViewerQuery
    ),
    responses((status = 101, description = "switching to the WebSocket protocol"))
)]
pub async fn upgrade(
    State(state): State<AppState>,
    MaybeAccount(account): MaybeAccount,
    Path(id): Path<String>,
    Query(query): Query<ViewerQuery>,
    headers: HeaderMap,
    places: Places,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = ws.map_err(|rejection| ApiError::BadRequest(rejection.body_text()))?;
    let id = id.parse().map_err(|_| ApiError::NotFound("game"))?;
    let handle = state.games().handle(id).await?;
    let viewer = viewer_of(&handle, account.as_ref(), &query)?;
    let account_socket = match (&account, state.config().connections.websockets_per_account) {
        (Some(account), Some(cap)) => Some(state.account_sockets().open(account.id, cap)?),
        _ => None,
    };
    let subscription = handle.subscribe(viewer, query.since).await?;
    let ping_every = state.config().connections.websocket_ping;
    let budget =
        (state.config().ws_rate).map(|(burst, per_second)| MessageBudget::new(burst, per_second));
    // Watched from before the upgrade answer, so a sign-out right after it still counts.
    let secure = state.config().secure_cookies;
    let credential = match (credential_in(&headers, secure), &account) {
        (Some(credential), Some(account)) => {
            state.live_credentials().watch(&credential, account.id)
        }
        _ => CredentialWatch::none(),
    };
    Ok(ws
        .max_message_size(HARD_MESSAGE_LIMIT)
        .max_frame_size(HARD_MESSAGE_LIMIT)
        // tungstenite zeroes its whole read buffer before each read: the default 128 KiB
        // made that memset the largest single cost of a move. Messages are 8 KiB at most.
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(WRITE_BUFFER)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .on_upgrade(move |socket| {
            Connection {
                socket,
                outbox: Outbox::default(),
                frames: subscription.frames,
                credential,
                state,
                account: account.map(|a| a.id),
                handle,
                viewer,
                budget,
                liveness: Liveness::new(ping_every),
                places,
                _account_socket: account_socket,
            }
            .run(subscription.sync)
        }))
}

struct Connection {
    socket: WebSocket,
    /// Frames waiting for the client to read them.
    outbox: Outbox,
    /// The game's feed for this viewer.
    frames: mpsc::Receiver<Feed>,
    /// The credential the socket was opened with; revoking it closes the socket.
    credential: CredentialWatch,
    state: AppState,
    account: Option<AccountId>,
    handle: GameHandle,
    viewer: Viewer,
    budget: Option<MessageBudget>,
    liveness: Liveness,
    /// The connection's places under the connection caps, held while the socket is open.
    places: Places,
    /// The socket's place under its account's cap.
    _account_socket: Option<crate::sockets::AccountSocket>,
}

fn error_json(error: &ApiError, reference: Option<u64>) -> Value {
    let mut frame = json!({"type": "error", "ref": reference});
    if let Value::Object(fields) = error.body() {
        frame.as_object_mut().expect("object").extend(fields);
    }
    frame
}

fn error_frame(error: &ApiError, reference: Option<u64>) -> Message {
    Message::Text(error_json(error, reference).to_string().into())
}

/// The `ref` of a client message, read leniently (a refused message need not be valid
/// otherwise): `None` when it has none or is not JSON.
fn reference_of(text: &str) -> Option<u64> {
    #[derive(Deserialize)]
    struct Reference {
        #[serde(default, rename = "ref")]
        reference: Option<u64>,
    }
    if text.len() > MAX_MESSAGE_BYTES {
        return None;
    }
    serde_json::from_str::<Reference>(text)
        .ok()
        .and_then(|r| r.reference)
}

/// Pings the client now and then, and notices when it has gone quiet or stopped reading.
struct Liveness {
    every: tokio::time::Interval,
    /// Whether the client showed it reads since the last ping: a message, or the pong to one
    /// of our last two pings. Its own pings prove nothing (the transport answers them without
    /// us), nor do pongs it makes up.
    heard: bool,
    /// Pings in a row that nothing came after.
    unanswered: u32,
    /// The number of our last ping, which is also its payload.
    pinged: u64,
}

impl Liveness {
    fn new(period: Duration) -> Liveness {
        let period = period.max(Duration::from_millis(10));
        let mut every = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Liveness {
            every,
            heard: true,
            unanswered: 0,
            pinged: 0,
        }
    }

    /// The payload of our next ping.
    fn next_ping(&mut self) -> Vec<u8> {
        self.pinged += 1;
        self.pinged.to_be_bytes().to_vec()
    }

    /// Whether `payload` answers one of our last two pings (the client may answer the one
    /// before the last when the last went out just before its answer came).
    fn answers(&self, payload: &[u8]) -> bool {
        let Ok(number) = <[u8; 8]>::try_from(payload).map(u64::from_be_bytes) else {
            return false;
        };
        number != 0 && number <= self.pinged && self.pinged - number <= 1
    }
}

/// Pings the client may leave unanswered before the connection is closed as idle.
const IDLE_AFTER_PINGS: u32 = 2;

enum Next {
    Continue,
    Close(u16, &'static str),
}

/// What woke a connection up.
enum Event {
    Feed(Option<Feed>),
    Message(Option<Result<Message, axum::Error>>),
    Revoked,
    /// A newcomer took this connection's place (the server is full, and this connection's
    /// holder holds the most).
    Evicted,
    PingDue,
    WriteFailed,
}

/// How long a closing connection may take to write its last frames and the close frame.
const CLOSE_GRACE: Duration = Duration::from_secs(2);
/// The close of a connection whose outbox overflowed (docs/protocol.md).
const TOO_FAR_BEHIND: Next = Next::Close(close_code::AGAIN, "too far behind: reconnect with since");

/// Writes what the outbox holds, then reads the client's next message.
fn poll_socket(socket: &mut WebSocket, outbox: &mut Outbox, cx: &mut Context<'_>) -> Poll<Event> {
    if let Poll::Ready(Err(e)) = outbox.poll_write(socket, cx) {
        tracing::debug!(error = %e, "websocket write failed");
        return Poll::Ready(Event::WriteFailed);
    }
    socket.poll_next_unpin(cx).map(Event::Message)
}

impl Connection {
    async fn run(mut self, sync: Utf8Bytes) {
        let mut next = self.queue(Message::Text(sync));
        loop {
            if let Next::Close(code, reason) = next {
                self.close(code, reason).await;
                return;
            }
            let event = tokio::select! {
                feed = self.frames.recv() => Event::Feed(feed),
                event = std::future::poll_fn(|cx| poll_socket(&mut self.socket, &mut self.outbox, cx)) => event,
                () = self.credential.revoked() => Event::Revoked,
                () = self.places.evicted() => Event::Evicted,
                _ = self.liveness.every.tick() => Event::PingDue,
            };
            if let Event::Message(Some(Ok(Message::Text(_) | Message::Binary(_)))) = event {
                self.liveness.heard = true;
            }
            next = match event {
                Event::Feed(Some(feed)) => self.deliver(feed).await,
                Event::Feed(None) => {
                    Next::Close(close_code::AGAIN, "feed closed: reconnect with since")
                }
                Event::Message(Some(Ok(Message::Text(text)))) => self.on_text(text).await,
                Event::Message(Some(Ok(Message::Binary(_)))) => {
                    let error = ApiError::BadRequest("send text frames".into());
                    self.queue(error_frame(&error, None))
                }
                Event::Message(Some(Ok(Message::Pong(payload)))) => {
                    if self.liveness.answers(&payload) {
                        self.liveness.heard = true;
                    }
                    self.spend_on_control()
                }
                Event::Message(Some(Ok(Message::Ping(_)))) => self.spend_on_control(),
                Event::Message(Some(Ok(Message::Close(_))) | None) | Event::WriteFailed => return,
                Event::Message(Some(Err(e))) => {
                    tracing::debug!(error = %e, "websocket error");
                    return;
                }
                Event::Revoked => Next::Close(close_code::POLICY, "signed out or token revoked"),
                Event::Evicted => Next::Close(close_code::AGAIN, "server full: try again later"),
                Event::PingDue => self.ping(),
            };
        }
    }

    /// A ping or pong from the client costs from the message budget as a message does (the
    /// transport has already queued the pong a ping asks for); a client that keeps sending
    /// them over the budget is closed.
    fn spend_on_control(&mut self) -> Next {
        if let Some(budget) = &mut self.budget
            && !budget.take()
            && budget.refused_in_a_row >= FLOOD_CLOSE_AFTER
        {
            return Next::Close(close_code::POLICY, "flooding");
        }
        Next::Continue
    }

    /// Pings the client, or closes the connection if the last pings went unanswered or what
    /// we queued for it did not drain since the last ping.
    fn ping(&mut self) -> Next {
        if self.outbox.stalled() {
            return TOO_FAR_BEHIND;
        }
        let liveness = &mut self.liveness;
        if std::mem::take(&mut liveness.heard) {
            liveness.unanswered = 0;
        } else {
            liveness.unanswered += 1;
            if liveness.unanswered >= IDLE_AFTER_PINGS {
                return Next::Close(close_code::AWAY, "idle: no answer to pings");
            }
        }
        let payload = liveness.next_ping();
        self.queue(Message::Ping(payload.into()))
    }

    /// Queues `message` for the client; the connection is closed if the outbox overflows.
    fn queue(&mut self, message: Message) -> Next {
        if self.outbox.push(message).is_err() {
            return TOO_FAR_BEHIND;
        }
        Next::Continue
    }

    /// Queues `first` and the frames waiting behind it in the feed. When the feed says the
    /// game's rematch started, the connection follows it there.
    async fn deliver(&mut self, first: Feed) -> Next {
        let mut next = Some(first);
        while let Some(feed) = next.take() {
            let frame = match feed {
                Feed::Frame(frame) => frame,
                Feed::Follow { frame, next } => {
                    if let Next::Close(code, reason) = self.queue(Message::Text(frame)) {
                        return Next::Close(code, reason);
                    }
                    return self.follow(next).await;
                }
            };
            if let Next::Close(code, reason) = self.queue(Message::Text(frame)) {
                return Next::Close(code, reason);
            }
            next = self.frames.try_recv().ok();
        }
        Next::Continue
    }

    /// Queues a reply, then whatever the feed holds behind it.
    async fn reply(&mut self, message: Message) -> Next {
        if let Next::Close(code, reason) = self.queue(message) {
            return Next::Close(code, reason);
        }
        match self.frames.try_recv() {
            Ok(feed) => self.deliver(feed).await,
            Err(_) => Next::Continue,
        }
    }

    /// Moves the connection to game `next`, the rematch: a seat to the same player's seat
    /// there, a spectator as a spectator. Its first frame there is that game's `sync`.
    async fn follow(&mut self, next: TableId) -> Next {
        const GONE: Next = Next::Close(close_code::AGAIN, "rematch unavailable: connect to it");
        let Ok(handle) = self.state.games().handle(next).await else {
            return GONE;
        };
        let viewer = match self.viewer {
            Viewer::Seat(_) => self
                .account
                .and_then(|account| handle.seat_of(account))
                .map_or(Viewer::Spectator, Viewer::Seat),
            Viewer::Spectator => Viewer::Spectator,
        };
        let Ok(subscription) = handle.subscribe(viewer, None).await else {
            return GONE;
        };
        self.handle = handle;
        self.viewer = viewer;
        self.frames = subscription.frames;
        self.queue(Message::Text(subscription.sync))
    }

    /// Writes what is queued (nothing, when the client is too far behind) and a close frame,
    /// then waits for the client's close frame, giving a client that does not read
    /// [`CLOSE_GRACE`] for all that. (Hanging up at once would reset the connection as soon
    /// as the client answers a ping, and it would never see why it was closed.)
    async fn close(&mut self, code: u16, reason: &'static str) {
        if code == close_code::AGAIN && reason.starts_with("too far behind") {
            self.outbox.clear();
        }
        let close = Message::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        }));
        let _ = self.outbox.push(close);
        let socket = &mut self.socket;
        let outbox = &mut self.outbox;
        let closing = async {
            if std::future::poll_fn(|cx| outbox.poll_write(socket, cx))
                .await
                .is_err()
            {
                return;
            }
            while let Some(Ok(message)) = socket.next().await {
                if let Message::Close(_) = message {
                    return;
                }
            }
        };
        let _ = tokio::time::timeout(CLOSE_GRACE, closing).await;
    }

    async fn on_text(&mut self, text: Utf8Bytes) -> Next {
        // A message read in the same instant as a sign-out is not acted on.
        if self.credential.is_revoked() {
            return Next::Close(close_code::POLICY, "signed out or token revoked");
        }
        if let Some(budget) = &mut self.budget
            && !budget.take()
        {
            if budget.refused_in_a_row >= FLOOD_CLOSE_AFTER {
                return Next::Close(close_code::POLICY, "flooding");
            }
            // The refused message's `ref`, so that a client knows which one to send again,
            // and when it may.
            let mut frame = error_json(&ApiError::RateLimited, reference_of(&text));
            frame["retry_after_ms"] = json!(budget.wait_ms());
            return self.queue(Message::Text(frame.to_string().into()));
        }
        if text.len() > MAX_MESSAGE_BYTES {
            return self.queue(error_frame(&ApiError::TooLarge, None));
        }
        let message: ClientMessage = match parse_json(text.as_bytes()) {
            Ok(message) => message,
            Err(e) => return self.queue(error_frame(&e, None)),
        };
        let (action, version, reference) = match message {
            ClientMessage::Play {
                notation,
                version,
                reference,
            } => (Action::Play(notation), version, reference),
            ClientMessage::Resign { reference } => (Action::Resign, None, reference),
            ClientMessage::OfferDraw { reference } => (Action::OfferDraw, None, reference),
            ClientMessage::DeclineDraw { reference } => (Action::DeclineDraw, None, reference),
            ClientMessage::Abort { reference } => (Action::Abort, None, reference),
            ClientMessage::Ping { reference } => {
                let pong = json!({"type": "pong", "ref": reference});
                return self.queue(Message::Text(pong.to_string().into()));
            }
            ClientMessage::Rematch { reference } => {
                let Viewer::Seat(seat) = self.viewer else {
                    let error = ApiError::Forbidden("spectators cannot act");
                    return self.queue(error_frame(&error, reference));
                };
                return match ask_rematch(&self.state, &self.handle, seat).await {
                    Ok((version, next)) => {
                        let ack = Ack {
                            next: Some(next),
                            ..Ack::new(reference, version)
                        };
                        self.reply(Message::Text(ack.to_text().into())).await
                    }
                    Err(e) => self.queue(error_frame(&e, reference)),
                };
            }
            ClientMessage::Sync { since, reference } => {
                return match self.handle.subscribe(self.viewer, since).await {
                    Ok(subscription) => {
                        self.frames = subscription.frames;
                        self.queue(Message::Text(subscription.sync))
                    }
                    Err(e) => self.queue(error_frame(&e, reference)),
                };
            }
        };
        let Viewer::Seat(seat) = self.viewer else {
            let error = ApiError::Forbidden("spectators cannot act");
            return self.queue(error_frame(&error, reference));
        };
        match self.handle.act(seat, action, version).await {
            Ok(version) => {
                let ack = Ack::new(reference, version).to_text();
                self.reply(Message::Text(ack.into())).await
            }
            Err(e) => self.queue(error_frame(&e, reference)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ClientMessage, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn messages_read_with_their_fields_in_any_order() {
        assert_eq!(
            parse(r#"{"move":"S1>0c","type":"play","ref":3,"version":7}"#),
            Ok(ClientMessage::Play {
                notation: "S1>0c".into(),
                version: Some(7),
                reference: Some(3),
            })
        );
        assert_eq!(
            parse(r#"{"type":"play","move":"x","version":null,"ref":null}"#),
            Ok(ClientMessage::Play {
                notation: "x".into(),
                version: None,
                reference: None,
            })
        );
        assert_eq!(
            parse(r#"{"type":"sync","since":4}"#),
            Ok(ClientMessage::Sync {
                since: Some(4),
                reference: None,
            })
        );
        assert_eq!(
            parse(r#"{"type":"offer_draw","ref":1}"#),
            Ok(ClientMessage::OfferDraw { reference: Some(1) })
        );
        for (text, message) in [
            ("resign", ClientMessage::Resign { reference: None }),
            (
                "decline_draw",
                ClientMessage::DeclineDraw { reference: None },
            ),
            ("abort", ClientMessage::Abort { reference: None }),
            ("ping", ClientMessage::Ping { reference: None }),
            ("rematch", ClientMessage::Rematch { reference: None }),
        ] {
            assert_eq!(parse(&format!(r#"{{"type":"{text}"}}"#)), Ok(message));
        }
    }

    #[tokio::test]
    async fn only_a_pong_to_one_of_our_last_two_pings_shows_the_client_reads() {
        let mut liveness = Liveness::new(Duration::from_secs(30));
        assert!(!liveness.answers(&[]), "nothing was pinged yet");
        assert!(!liveness.answers(&0u64.to_be_bytes()));
        let first = liveness.next_ping();
        assert!(liveness.answers(&first));
        let second = liveness.next_ping();
        let third = liveness.next_ping();
        assert!(liveness.answers(&second) && liveness.answers(&third));
        assert!(!liveness.answers(&first), "too old");
        assert!(!liveness.answers(&4u64.to_be_bytes()), "not sent yet");
        assert!(!liveness.answers(b"made up"));
    }

    /// Unknown types and fields, fields of another type (even as `null`), missing or
    /// mistyped fields, repeated fields: each refused with what is wrong.
    #[test]
    fn malformed_messages_are_refused_with_the_reason() {
        for (text, reason) in [
            (r#"{"type":"castle"}"#, "unknown variant `castle`"),
            (r#"{"move":"x"}"#, "missing field `type`"),
            (r#"{"type":"play"}"#, "missing field `move`"),
            (r#"{"type":"play","move":null}"#, "`move` must be a string"),
            (r#"{"type":"play","move":3}"#, "invalid type: integer `3`"),
            (
                r#"{"type":"play","move":"x","since":1}"#,
                "unknown field `since`",
            ),
            (r#"{"type":"resign","move":null}"#, "unknown field `move`"),
            (r#"{"type":"sync","version":1}"#, "unknown field `version`"),
            (r#"{"type":"ping","since":1}"#, "unknown field `since`"),
            (
                r#"{"type":"ping","colour":"red"}"#,
                "unknown field `colour`",
            ),
            (r#"{"type":"ping","ref":-1}"#, "invalid value: integer `-1`"),
            (r#"{"type":"ping","type":"ping"}"#, "duplicate field `type`"),
            (r#""ping""#, "invalid type: string"),
        ] {
            let error = parse(text).expect_err(text);
            assert!(error.contains(reason), "{text}: {error}");
        }
    }
}
