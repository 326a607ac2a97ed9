//! One WebSocket's loop: it reads the client and the game's feed without waiting on writes,
//! spends each message (pings and pongs too) from the connection's budget, and closes the
//! socket when the client floods, stops reading, is signed out or gives its place up.

use std::task::{Context, Poll};
use std::time::Duration;

use agora_engine::Viewer;
use agora_store::{AccountId, TableId};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::ClientMessage;
use super::liveness::{IDLE_AFTER_PINGS, Liveness};
use crate::accounts::revoke::CredentialWatch;
use crate::http::body::{MAX_MESSAGE_BYTES, parse_json};
use crate::http::limits::MessageBudget;
use crate::http::listen::Places;
use crate::http::outbox::Outbox;
use crate::lobby::ask_rematch;
use crate::play::actor::{Action, Feed, GameHandle};
use crate::play::frames::Ack;
use crate::{ApiError, AppState};

/// A connection that keeps sending over its rate limit this many times in a row is closed.
const FLOOD_CLOSE_AFTER: u32 = 50;

pub(super) struct Connection {
    pub(super) socket: WebSocket,
    /// Frames waiting for the client to read them.
    pub(super) outbox: Outbox,
    /// The game's feed for this viewer.
    pub(super) frames: mpsc::Receiver<Feed>,
    /// The game's `chat` frames for this reader (`None`: chat is off).
    pub(super) chat: Option<mpsc::Receiver<Utf8Bytes>>,
    /// The credential the socket was opened with; revoking it closes the socket.
    pub(super) credential: CredentialWatch,
    pub(super) state: AppState,
    pub(super) account: Option<AccountId>,
    pub(super) handle: GameHandle,
    pub(super) viewer: Viewer,
    pub(super) budget: Option<MessageBudget>,
    pub(super) liveness: Liveness,
    /// The connection's places under the connection caps, held while the socket is open.
    pub(super) places: Places,
    /// The socket's place under its account's cap.
    pub(super) _account_socket: Option<crate::http::sockets::AccountSocket>,
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

enum Next {
    Continue,
    Close(u16, &'static str),
}

/// What woke a connection up.
enum Event {
    Feed(Option<Feed>),
    Chat(Option<Utf8Bytes>),
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

/// The next chat frame, if chat is on (never, if it is off).
async fn next_chat(chat: &mut Option<mpsc::Receiver<Utf8Bytes>>) -> Option<Utf8Bytes> {
    match chat {
        Some(chat) => chat.recv().await,
        None => std::future::pending().await,
    }
}

/// Writes what the outbox holds, then reads the client's next message.
fn poll_socket(socket: &mut WebSocket, outbox: &mut Outbox, cx: &mut Context<'_>) -> Poll<Event> {
    if let Poll::Ready(Err(e)) = outbox.poll_write(socket, cx) {
        tracing::debug!(error = %e, "websocket write failed");
        return Poll::Ready(Event::WriteFailed);
    }
    socket.poll_next_unpin(cx).map(Event::Message)
}

impl Connection {
    pub(super) async fn run(mut self, sync: Utf8Bytes) {
        let mut next = self.queue(Message::Text(sync));
        loop {
            if let Next::Close(code, reason) = next {
                self.close(code, reason).await;
                return;
            }
            let event = tokio::select! {
                feed = self.frames.recv() => Event::Feed(feed),
                chat = next_chat(&mut self.chat) => Event::Chat(chat),
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
                Event::Chat(Some(frame)) => self.queue(Message::Text(frame)),
                Event::Chat(None) => {
                    self.chat = None;
                    Next::Continue
                }
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
        if self.chat.is_some() {
            let seated = matches!(viewer, Viewer::Seat(_));
            let off = match self.account {
                // Unknown, it stays off rather than show what the reader may have turned off.
                Some(account) => (self.state.store().chat_off(account).await).unwrap_or(true),
                None => false,
            };
            self.chat = Some(self.state.chat().listen(next, self.account, seated, off));
        }
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
