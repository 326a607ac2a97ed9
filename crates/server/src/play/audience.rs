//! Who watches a game, and what they are sent: each connection's feed, the recent events a
//! reconnecting client may have missed, and the frames, written once per viewer.

use std::collections::VecDeque;

use agora_engine::Viewer;
use agora_store::TableId;
use axum::extract::ws::Utf8Bytes;
use serde_json::json;
use tokio::sync::{mpsc, oneshot};

use crate::play::frames::{self, EventView, StateText};
use crate::play::game_match::{Match, RECENT_EVENTS, Seen};

/// Frames waiting for one connection before it is dropped as too slow.
pub const SUBSCRIBER_QUEUE: usize = 256;

/// A live feed of one game for one viewer.
#[derive(Debug)]
pub struct Subscription {
    /// The `sync` frame: the fresh state, with the events missed since the version the
    /// client gave when the game still remembers them.
    pub sync: Utf8Bytes,
    /// `event` frames from then on. Closed when the connection falls too far behind.
    pub frames: mpsc::Receiver<Feed>,
}

/// What a game's feed carries to one connection.
#[derive(Debug)]
pub enum Feed {
    Frame(Utf8Bytes),
    /// The rematch started: send `frame` (the `rematch` frame naming it), then follow the
    /// viewer into game `next`.
    Follow {
        frame: Utf8Bytes,
        next: TableId,
    },
}

struct Subscriber {
    viewer: Viewer,
    tx: mpsc::Sender<Feed>,
}

/// A game's watchers and what they may still ask for.
pub struct Audience {
    subscribers: Vec<Subscriber>,
    recent: VecDeque<Seen>,
    /// Where frames are written before each is copied into a message of its own size.
    frame_buffer: String,
}

impl std::fmt::Debug for Audience {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Audience")
            .field("subscribers", &self.subscribers.len())
            .field("recent", &self.recent.len())
            .finish_non_exhaustive()
    }
}

impl Audience {
    /// An audience that remembers `recent` (as [`Match::load`] gives them).
    pub fn new(recent: VecDeque<Seen>) -> Audience {
        Audience {
            subscribers: Vec::new(),
            recent,
            frame_buffer: frames::frame_buffer(),
        }
    }

    /// After the match was rebuilt from the log: what it remembers now.
    pub fn reset_recent(&mut self, recent: VecDeque<Seen>) {
        self.recent = recent;
    }

    /// A new feed for `viewer`, starting with what it missed since `since`.
    pub fn subscribe(
        &mut self,
        game: &Match,
        viewer: Viewer,
        since: Option<u64>,
        now: i64,
    ) -> (Subscription, mpsc::Sender<Feed>) {
        let (tx, frames) = mpsc::channel(SUBSCRIBER_QUEUE);
        let sync = self.sync_frame(game, viewer, since, now);
        (Subscription { sync, frames }, tx)
    }

    /// Answers `reply` with a new feed for `viewer` (see [`Audience::subscribe`]), and keeps
    /// it if the asker is still there.
    pub fn add(
        &mut self,
        game: &Match,
        viewer: Viewer,
        since: Option<u64>,
        reply: oneshot::Sender<Subscription>,
        now: i64,
    ) {
        let (subscription, tx) = self.subscribe(game, viewer, since, now);
        if reply.send(subscription).is_ok() {
            self.join(game, viewer, tx);
        }
    }

    /// Keeps the feed whose subscription was handed over; a watcher who comes after the
    /// rematch started follows it at once.
    pub fn join(&mut self, game: &Match, viewer: Viewer, tx: mpsc::Sender<Feed>) {
        self.prune();
        if let Some(next) = game.rematch.next {
            let _ = tx.try_send(Feed::Follow {
                frame: rematch_frame(game),
                next,
            });
        }
        self.subscribers.push(Subscriber { viewer, tx });
    }

    /// Forgets connections that closed.
    pub fn prune(&mut self) {
        self.subscribers.retain(|s| !s.tx.is_closed());
    }

    pub fn is_empty(&self) -> bool {
        self.subscribers.is_empty()
    }

    /// Sends stored `steps` to every watcher, each as its viewer sees them, and remembers them.
    pub fn tell(&mut self, game: &Match, steps: Vec<Seen>, now: i64) {
        self.broadcast(game, &steps, now);
        for step in steps {
            self.recent.push_back(step);
            if self.recent.len() > RECENT_EVENTS {
                self.recent.pop_front();
            }
        }
    }

    fn broadcast(&mut self, game: &Match, steps: &[Seen], now: i64) {
        if self.subscribers.is_empty() {
            return;
        }
        let state = StateText::new(&game.shared_state(now), &game.over_state());
        let mut buffer = std::mem::take(&mut self.frame_buffer);
        let mut subscribers = std::mem::take(&mut self.subscribers);
        let viewers: Vec<Viewer> = subscribers.iter().map(|sub| sub.viewer).collect();
        // A viewer's frame is written once. It is shared (and so reference-counted) only
        // with that viewer's later connections, if there are any: usually there are none.
        let mut shared: Vec<(Viewer, Utf8Bytes)> = Vec::new();
        let mut index = 0;
        subscribers.retain(|sub| {
            index += 1;
            let frame = match shared.iter().find(|(v, _)| *v == sub.viewer) {
                Some((_, frame)) => frame.clone(),
                None => {
                    let events: Vec<EventView<'_>> =
                        steps.iter().map(|s| s.view(sub.viewer)).collect();
                    frames::event_frame(
                        &mut buffer,
                        game.id,
                        game.version,
                        &events,
                        &state,
                        game.game.view_of(sub.viewer),
                        game.legal_moves_for(sub.viewer),
                    );
                    let frame = frames::message_of(&buffer);
                    if viewers[index..].contains(&sub.viewer) {
                        shared.push((sub.viewer, frame.clone()));
                    }
                    frame
                }
            };
            // A connection that cannot keep up is dropped; it reconnects and resyncs.
            sub.tx.try_send(Feed::Frame(frame)).is_ok()
        });
        self.subscribers = subscribers;
        self.frame_buffer = buffer;
    }

    /// Tells every watcher where the rematch stands; once it has started, they follow it.
    /// Returns the frame, for the watchers on other nodes.
    pub fn tell_rematch(&mut self, game: &Match) -> Utf8Bytes {
        let frame = rematch_frame(game);
        self.relay_rematch(frame.clone(), game.rematch.next);
        frame
    }

    /// Tells every watcher the rematch frame `frame`; once `next` has started, they follow it.
    pub fn relay_rematch(&mut self, frame: Utf8Bytes, next: Option<TableId>) {
        self.subscribers.retain(|sub| {
            let feed = match next {
                Some(next) => Feed::Follow {
                    frame: frame.clone(),
                    next,
                },
                None => Feed::Frame(frame.clone()),
            };
            sub.tx.try_send(feed).is_ok()
        });
    }

    fn sync_frame(
        &mut self,
        game: &Match,
        viewer: Viewer,
        since: Option<u64>,
        now: i64,
    ) -> Utf8Bytes {
        let missed = since.and_then(|since| {
            if since > game.version {
                return None;
            }
            let oldest = self
                .recent
                .front()
                .map_or(game.version + 1, |s| s.event.version);
            (since + 1 >= oldest).then(|| {
                self.recent
                    .iter()
                    .filter(|s| s.event.version > since)
                    .map(|s| s.view(viewer))
                    .collect::<Vec<_>>()
            })
        });
        let mut buffer = std::mem::take(&mut self.frame_buffer);
        frames::sync_frame(
            &mut buffer,
            game.id,
            game.version,
            viewer,
            missed.as_deref(),
            &StateText::new(&game.shared_state(now), &game.over_state()),
            game.game.view_of(viewer),
            game.legal_moves_for(viewer),
        );
        let frame = frames::message_of(&buffer);
        self.frame_buffer = buffer;
        frame
    }
}

/// The `rematch` frame: where the rematch of a finished game stands.
fn rematch_frame(game: &Match) -> Utf8Bytes {
    let frame = json!({
        "type": "rematch",
        "game": game.id,
        "version": game.version,
        "rematch": game.rematch_state(),
    });
    Utf8Bytes::from(frame.to_string())
}
