//! This server as one node among several sharing one PostgreSQL store (docs/architecture/cluster.md).
//!
//! - A game is run by the node holding its lease ([`agora_store::Claim`]); the owner renews
//!   its leases with every heartbeat ([`LEASE`], [`HEARTBEAT`]).
//! - Another node showing the game runs a relay (`relay.rs`): it follows the log through the
//!   notification each append sends, and hands whatever only the owner may do to the owner
//!   as a request on the owner's channel ([`Node::ask`]), over the same database.
//! - When a node dies its leases lapse, and the others take its games over
//!   (`Games::take_over_orphans` in `play/games.rs`), resuming each clock from the dead
//!   owner's last renewal, so the gap is charged to nobody.
//!
//! On SQLite there is one node, which owns every game: no leases, nothing sent.
//!
//! This room is the transport only: it carries requests, replies, versions, revocations and
//! sign-in news between nodes, and hands what it hears to a [`NewsHandler`] the app gives
//! [`Node::listen`]. It may import [`crate::error`] and the store, nothing else of the
//! server: not the app state, the lobby, the accounts or the games being played.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agora_store::{GAMES_CHANNEL, Store, TableId};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use crate::ApiError;

pub mod wire;

use wire::{Message, Op, WireError};

/// How long a lease lasts after its last renewal, unless configured otherwise: how long a
/// dead node's games wait before another takes them over.
pub const LEASE: Duration = Duration::from_secs(10);
/// How often a node renews its leases, notes that it runs, and looks for orphaned games.
pub const HEARTBEAT: Duration = Duration::from_secs(1);
/// How long a node waits for a game's owner to answer a request, at most (and no longer than
/// a lease: an owner that cannot answer in that time is taken for dead).
const ASK_TIMEOUT: Duration = Duration::from_secs(5);
/// Updates a relay may have waiting.
const UPDATES: usize = 64;

/// The channel where a node tells the others of a sign-out or a deleted token, which they
/// may remember (`revoke.rs`).
const REVOKED_CHANNEL: &str = "agora_revoked";

/// What a node hears from the others and cannot act on alone: the app registers it with
/// [`Node::listen`], so the transport knows neither the app state nor the lobby.
pub trait NewsHandler: Clone + Send + Sync + 'static {
    /// Does `op` at game `game`, which this node must own, for the node that asked.
    fn serve(&self, game: TableId, op: Op) -> impl Future<Output = Result<Value, ApiError>> + Send;
    /// Another node revoked a credential (`payload` as [`Node::publish_revocation`] sent it).
    fn revoked(&self, payload: &str) -> impl Future<Output = ()> + Send;
    /// Another node's sign-in outcome (as [`Node::publish_sign_in`] sent it), for the throttle.
    fn signed_in(&self, news: &str);
    /// Another node's new chat message (as [`Node::publish_chat`] sent it), for this node's
    /// readers of its game.
    fn chatted(&self, news: &str) -> impl Future<Output = ()> + Send;
    /// The listening connection was lost (and is being made again): whatever was sent
    /// meanwhile is lost, so what was remembered from the other nodes must be checked again.
    fn connection_lost(&self) -> impl Future<Output = ()> + Send;
}

/// A game's owner did not answer a request in time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NoAnswer;

/// The channel where nodes tell one another of failed and good sign-ins (`throttle.rs`).
const SIGN_IN_CHANNEL: &str = "agora_sign_in";
/// The channel where nodes tell one another of new chat messages (`play/chat.rs`).
const CHAT_CHANNEL: &str = "agora_chat";
/// Names longer than this are no account's: their failures stay on the node that saw them.
const SIGN_IN_NAME_MAX: usize = 200;

/// What a relay hears of the game it follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Update {
    /// The log reached this version.
    Version(u64),
    /// This node runs the game now (it took it over).
    Owner(String),
    /// The owner's `rematch` frame, and the rematch once it started.
    Rematch {
        next: Option<TableId>,
        frame: String,
    },
}

type Waiting = HashMap<u64, oneshot::Sender<Result<Value, WireError>>>;

/// A notification's payload is at most 8000 bytes; game updates are packed below that.
const PAYLOAD_MAX: usize = 7_900;

/// This node: its name, and its ends of the conversations with the others.
#[derive(Clone, Debug)]
pub struct Node(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    id: String,
    lease: Duration,
    store: Store,
    next_request: AtomicU64,
    waiting: Mutex<Waiting>,
    followers: Mutex<HashMap<TableId, mpsc::Sender<Update>>>,
    /// Games' new versions, for the other nodes: sent by [`Node::listen`]'s publisher.
    versions: mpsc::UnboundedSender<(TableId, u64)>,
    versions_rx: Mutex<Option<mpsc::UnboundedReceiver<(TableId, u64)>>>,
}

/// The channel of node `id`: requests for it and replies to it.
fn channel_of(id: &str) -> String {
    format!("agora_node_{id}")
}

impl Node {
    /// A node with a new random name: a node that restarts is a new node, and its old
    /// leases lapse like a dead node's (or were released at its clean stop).
    pub fn new(store: Store, lease: Duration) -> Node {
        let (versions, versions_rx) = mpsc::unbounded_channel();
        Node(Arc::new(Inner {
            versions,
            versions_rx: Mutex::new(Some(versions_rx)),
            id: format!("{:016x}", agora_store::random_u64()),
            lease,
            store,
            next_request: AtomicU64::new(1),
            waiting: Mutex::default(),
            followers: Mutex::default(),
        }))
    }

    pub fn id(&self) -> &str {
        &self.0.id
    }

    /// How long this node's leases last after each renewal, in milliseconds.
    pub fn lease_ms(&self) -> i64 {
        self.0.lease.as_millis() as i64
    }

    /// Whether other nodes may share the store (and so own games this one shows).
    pub fn is_shared(&self) -> bool {
        self.0.store.is_shared()
    }

    /// Asks node `owner` to do `op` at game `game`: its answer, or [`NoAnswer`] when it did
    /// not answer in time (it may have died: once its lease lapses, a node takes over).
    pub async fn ask(
        &self,
        owner: &str,
        game: TableId,
        op: Op,
    ) -> Result<Result<Value, ApiError>, NoAnswer> {
        let id = self.0.next_request.fetch_add(1, Ordering::Relaxed);
        let (reply, answer) = oneshot::channel();
        self.0.waiting.lock().expect("waiting").insert(id, reply);
        let request = Message::Request {
            id,
            from: self.0.id.clone(),
            game: game.0,
            op,
        };
        let forget = || self.0.waiting.lock().expect("waiting").remove(&id);
        let Ok(text) = serde_json::to_string(&request) else {
            forget();
            return Ok(Err(ApiError::Internal));
        };
        // A notification carries at most 8000 bytes: a longer move is no move of any game.
        if text.len() > PAYLOAD_MAX {
            forget();
            return Ok(Err(ApiError::BadNotation(crate::error::Refused::words(
                "that move is far too long",
            ))));
        }
        if let Err(e) = self.0.store.notify(&channel_of(owner), &text).await {
            tracing::warn!(error = %e, "request not sent");
            forget();
            return Ok(Err(ApiError::Unavailable));
        }
        match tokio::time::timeout(ASK_TIMEOUT.min(self.0.lease), answer).await {
            Ok(Ok(result)) => Ok(result.map_err(ApiError::from)),
            _ => {
                forget();
                tracing::warn!(game = %game, owner, "the game's owner did not answer");
                Err(NoAnswer)
            }
        }
    }

    /// Tells the relays on every node that this node runs game `game` now (it took it over).
    pub fn publish_owner(&self, game: TableId) {
        if !self.is_shared() {
            return;
        }
        let (store, payload) = (self.0.store.clone(), format!("{} o {}", game.0, self.0.id));
        tokio::spawn(async move {
            if let Err(e) = store.notify(GAMES_CHANNEL, &payload).await {
                tracing::warn!(error = %e, "new owner not told to the other nodes");
            }
        });
    }

    /// The updates of game `game` from now on, for its relay.
    pub fn follow(&self, game: TableId) -> mpsc::Receiver<Update> {
        let (tx, rx) = mpsc::channel(UPDATES);
        self.0.followers.lock().expect("followers").insert(game, tx);
        rx
    }

    /// Forgets game `game`'s follower once its relay has dropped its end (a newer relay's
    /// is kept).
    pub fn unfollow(&self, game: TableId) {
        let mut followers = self.0.followers.lock().expect("followers");
        if followers.get(&game).is_some_and(mpsc::Sender::is_closed) {
            followers.remove(&game);
        }
    }

    /// Tells the relays on every node that game `game`'s log reached `version` (after the
    /// append's commit: see `PostgresStore::append` for why not in it). Many games' versions
    /// go in one notification, sent while the one before was on its way.
    pub fn published(&self, game: TableId, version: u64) {
        if self.is_shared() {
            let _ = self.0.versions.send((game, version));
        }
    }

    /// Sends the games' versions given to [`Node::published`], as many to a notification as
    /// waited while the last one was sent.
    async fn publish_versions(self) {
        let Some(mut versions) = self.0.versions_rx.lock().expect("versions").take() else {
            return;
        };
        let mut payload = String::new();
        while let Some(first) = versions.recv().await {
            payload.clear();
            let mut next = Some(first);
            while let Some((game, version)) = next.take() {
                use std::fmt::Write;
                if !payload.is_empty() {
                    payload.push('\n');
                }
                let _ = write!(payload, "{} {version}", game.0);
                if payload.len() < PAYLOAD_MAX - 40 {
                    next = versions.try_recv().ok();
                }
            }
            if let Err(e) = self.0.store.notify(GAMES_CHANNEL, &payload).await {
                // The relays look at the log now and then: they catch up anyway.
                tracing::warn!(error = %e, "new versions not told to the other nodes");
            }
        }
    }

    /// Tells the relays on every node where game `game`'s rematch stands (the owner's
    /// offers live in its memory, not in the log).
    pub fn publish_rematch(&self, game: TableId, next: Option<TableId>, frame: &str) {
        if !self.is_shared() {
            return;
        }
        let next = next.map_or_else(|| "-".to_string(), |n| n.0.to_string());
        let payload = format!("{} r {next} {frame}", game.0);
        let store = self.0.store.clone();
        tokio::spawn(async move {
            if let Err(e) = store.notify(GAMES_CHANNEL, &payload).await {
                tracing::warn!(error = %e, "rematch not told to the other nodes");
            }
        });
    }

    /// Tells the other nodes of a revoked credential (`revoke.rs`).
    pub fn publish_revocation(&self, payload: &str) {
        if !self.is_shared() {
            return;
        }
        let (store, payload) = (self.0.store.clone(), payload.to_string());
        tokio::spawn(async move {
            if let Err(e) = store.notify(REVOKED_CHANNEL, &payload).await {
                tracing::error!(error = %e, "revocation not told to the other nodes");
            }
        });
    }

    /// Tells the other nodes of a sign-in's outcome, for their throttles.
    pub(crate) fn publish_sign_in(&self, news: &str) {
        if !self.is_shared() {
            return;
        }
        let payload = format!("{} {news}", self.0.id);
        if payload.len() > SIGN_IN_NAME_MAX + 80 {
            return;
        }
        let store = self.0.store.clone();
        tokio::spawn(async move {
            if let Err(e) = store.notify(SIGN_IN_CHANNEL, &payload).await {
                tracing::warn!(error = %e, "sign-in not told to the other nodes");
            }
        });
    }

    /// Tells the other nodes of a new chat message, for their readers of its game.
    pub fn publish_chat(&self, news: &str) {
        if !self.is_shared() {
            return;
        }
        let payload = format!("{} {news}", self.0.id);
        if payload.len() > PAYLOAD_MAX {
            tracing::warn!("chat message too long to tell the other nodes");
            return;
        }
        let store = self.0.store.clone();
        tokio::spawn(async move {
            if let Err(e) = store.notify(CHAT_CHANNEL, &payload).await {
                tracing::warn!(error = %e, "chat message not told to the other nodes");
            }
        });
    }

    /// Listens for the other nodes until the store closes: game updates for this node's
    /// relays, requests for the games it owns, replies to its own requests. Nothing on
    /// SQLite.
    pub async fn listen(self, news: impl NewsHandler) {
        if !self.is_shared() {
            return;
        }
        tokio::spawn(self.clone().publish_versions());
        let channels = [
            GAMES_CHANNEL,
            REVOKED_CHANNEL,
            SIGN_IN_CHANNEL,
            CHAT_CHANNEL,
            &channel_of(&self.0.id),
        ];
        let mut heard = loop {
            match self.0.store.listen(&channels).await {
                Ok(Some(heard)) => break heard,
                Ok(None) => return,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot listen to the other nodes; retrying");
                    tokio::time::sleep(HEARTBEAT).await;
                }
            }
        };
        loop {
            match heard.recv().await {
                Ok(Some((channel, payload))) if channel == GAMES_CHANNEL => {
                    self.updated(&payload);
                }
                Ok(Some((channel, payload))) if channel == REVOKED_CHANNEL => {
                    news.revoked(&payload).await;
                }
                Ok(Some((channel, payload))) if channel == SIGN_IN_CHANNEL => {
                    // `"<node> <news>"`; this node's own comes back too, and was counted when
                    // it happened.
                    match payload.split_once(' ') {
                        Some((from, _)) if from == self.0.id => {}
                        Some((_, sign_in)) => news.signed_in(sign_in),
                        None => tracing::warn!(payload, "unreadable sign-in news"),
                    }
                }
                Ok(Some((channel, payload))) if channel == CHAT_CHANNEL => {
                    // `"<node> <news>"`; this node told its own readers when it stored it.
                    match payload.split_once(' ') {
                        Some((from, _)) if from == self.0.id => {}
                        Some((_, chat)) => news.chatted(chat).await,
                        None => tracing::warn!(payload, "unreadable chat news"),
                    }
                }
                Ok(Some((_, payload))) => self.heard(&news, &payload),
                // The connection was lost (and is being made again): a revocation sent
                // meanwhile is lost, so every credential this node remembers is checked again.
                // Relays catch up from the log by themselves; a request lost meanwhile is
                // answered by its asker's timeout.
                Ok(None) => {
                    tracing::warn!("the connection listening to the other nodes was lost");
                    // Now, and once more after the listener has connected again (on the next
                    // receive): a revocation may also be sent in between.
                    news.connection_lost().await;
                    let news = news.clone();
                    tokio::spawn(async move {
                        tokio::time::sleep(HEARTBEAT * 2).await;
                        news.connection_lost().await;
                    });
                }
                Err(agora_store::StoreError::Closed) => return,
                Err(e) => {
                    // The listener connects again by itself; what was sent meanwhile is
                    // lost, and relays look at the log now and then for what they missed.
                    tracing::warn!(error = %e, "listening to the other nodes");
                    tokio::time::sleep(HEARTBEAT).await;
                }
            }
        }
    }

    /// Game updates: `"<game> <version>"` lines, or one `"<game> r <next|-> <frame>"`, or one
    /// `"<game> o <node>"`.
    fn updated(&self, payload: &str) {
        let updates: Vec<_> = if payload.contains(" r ") || payload.contains(" o ") {
            vec![parse_update(payload)]
        } else {
            payload.lines().map(parse_update).collect()
        };
        let followers = self.0.followers.lock().expect("followers");
        for update in updates {
            let Some((game, update)) = update else {
                tracing::warn!(payload, "unreadable game update");
                continue;
            };
            if let Some(follower) = followers.get(&game) {
                // A relay that is behind catches up from the log anyway.
                let _ = follower.try_send(update);
            }
        }
    }

    fn heard(&self, news: &impl NewsHandler, payload: &str) {
        match serde_json::from_str::<Message>(payload) {
            Ok(Message::Reply { id, result }) => {
                let waiting = self.0.waiting.lock().expect("waiting").remove(&id);
                if let Some(waiting) = waiting {
                    let _ = waiting.send(result);
                }
            }
            Ok(Message::Request { id, from, game, op }) => {
                let (news, store) = (news.clone(), self.0.store.clone());
                tokio::spawn(async move {
                    let result = news.serve(TableId(game), op).await;
                    let reply = Message::Reply {
                        id,
                        result: result.map_err(|e| WireError::from(&e)),
                    };
                    let text = serde_json::to_string(&reply).expect("a reply serializes");
                    if let Err(e) = store.notify(&channel_of(&from), &text).await {
                        tracing::warn!(error = %e, "reply not sent");
                    }
                });
            }
            Err(e) => tracing::warn!(error = %e, "unreadable message from another node"),
        }
    }
}

fn parse_update(payload: &str) -> Option<(TableId, Update)> {
    let (game, rest) = payload.split_once(' ')?;
    let game = TableId(game.parse().ok()?);
    if let Some(node) = rest.strip_prefix("o ") {
        return Some((game, Update::Owner(node.to_string())));
    }
    if let Some(rest) = rest.strip_prefix("r ") {
        let (next, frame) = rest.split_once(' ')?;
        let next = match next {
            "-" => None,
            next => Some(TableId(next.parse().ok()?)),
        };
        let frame = frame.to_string();
        return Some((game, Update::Rematch { next, frame }));
    }
    Some((game, Update::Version(rest.parse().ok()?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn updates_read_back() {
        assert_eq!(
            parse_update("42 7"),
            Some((TableId(42), Update::Version(7)))
        );
        assert_eq!(
            parse_update("42 r 43 {\"type\":\"rematch\"}"),
            Some((
                TableId(42),
                Update::Rematch {
                    next: Some(TableId(43)),
                    frame: "{\"type\":\"rematch\"}".into()
                }
            ))
        );
        assert_eq!(
            parse_update("42 o 00ff"),
            Some((TableId(42), Update::Owner("00ff".into())))
        );
        assert_eq!(
            parse_update("42 r - {}"),
            Some((
                TableId(42),
                Update::Rematch {
                    next: None,
                    frame: "{}".into()
                }
            ))
        );
        for bad in ["", "42", "x 7", "42 seven", "42 r", "42 r x {}"] {
            assert_eq!(parse_update(bad), None, "{bad}");
        }
    }
}
