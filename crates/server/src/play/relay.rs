//! A game another node owns, as this node shows it: the relay follows the log (each append's
//! notification, and a look now and then for any it missed) and serves this node's watchers
//! from its own copy of the match, each viewer as it may see it; what only the owner may do
//! (moves, resignations, draws, rematches) it hands to the owner (`Node::ask`).
//!
//! A relay answers an action only once its own copy has caught up with the version the
//! owner answered, so its watchers see the move before its acknowledgement, as on the
//! owner. It stops when asked (this node took the game over), when the owner does not
//! answer or no longer runs the game, or when a finished game has no watchers left; its watchers then reconnect and
//! find whichever node runs the game now.

use std::time::Duration;

use agora_store::{StoredGame, TableId, now_ms};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use crate::ApiError;
use crate::cluster::wire::{self, Op, WireAction};
use crate::cluster::{NoAnswer, Update};
use crate::play::actor::{ActorContext, Command, GameHandle, RematchStep};
use crate::play::audience::Audience;
use crate::play::frames::RematchState;
use crate::play::game_match::{Action, Match};

/// How often a relay looks at the log for appends whose notification it missed.
const LOOK: Duration = Duration::from_secs(2);
/// How long a relay of a game being played lives on with nobody watching it here.
const UNWATCHED_MS: i64 = 60_000;

/// An owner's answer, given to the asker once the relay has caught up to `version`.
struct Answered {
    version: u64,
    give: Box<dyn FnOnce() + Send>,
    /// The owner did not answer, or answered that it no longer runs the game.
    owner_gone: bool,
    /// Where the rematch stands on the owner, when the answer says.
    rematch: Option<RematchState>,
}

pub struct Relay {
    ctx: ActorContext,
    game: Match,
    audience: Audience,
    owner: String,
    rx: mpsc::Receiver<Command>,
    updates: mpsc::Receiver<Update>,
    answered_tx: mpsc::Sender<Answered>,
    answered: mpsc::Receiver<Answered>,
}

impl Relay {
    /// Follows game `stored`, which node `owner` runs.
    pub fn spawn(
        ctx: ActorContext,
        stored: StoredGame,
        owner: String,
    ) -> Result<GameHandle, ApiError> {
        let (tx, rx) = mpsc::channel(1024);
        let updates = ctx.node.follow(stored.table.id);
        let (game, recent) = Match::load(stored)?;
        let accounts = game.seats.iter().map(|s| s.account).collect();
        let (answered_tx, answered) = mpsc::channel(64);
        let relay = Relay {
            ctx,
            game,
            audience: Audience::new(recent),
            owner,
            rx,
            updates,
            answered_tx,
            answered,
        };
        tokio::spawn(relay.run());
        Ok(GameHandle::new(tx, accounts))
    }

    async fn run(mut self) {
        let id = self.game.id;
        tracing::debug!(game = %id, owner = self.owner, "relay starts");
        // Appends between the read this copy was built from and the moment this relay began
        // to follow the game told nobody here: read them now.
        self.reload().await;
        let mut look = tokio::time::interval(LOOK);
        look.tick().await;
        let mut unwatched_since: Option<i64> = None;
        loop {
            tokio::select! {
                command = self.rx.recv() => match command {
                    Some(Command::Stop) | None => break,
                    Some(command) => self.handle(command),
                },
                Some(update) = self.updates.recv() => match update {
                    Update::Version(version) if version > self.game.version => self.reload().await,
                    Update::Version(_) => {}
                    Update::Owner(node) if node != self.ctx.node.id() => {
                        tracing::debug!(game = %id, owner = node, "the game has a new owner");
                        self.owner = node;
                    }
                    // This node took the game over: it stops this relay.
                    Update::Owner(_) => {}
                    Update::Rematch { next, frame } => {
                        if let Some(rematch) = rematch_in_frame(&frame) {
                            self.game.adopt_rematch(&rematch);
                        }
                        self.game.rematch.next = next.or(self.game.rematch.next);
                        self.audience.relay_rematch(frame.into(), next);
                    }
                },
                Some(answered) = self.answered.recv() => {
                    if answered.version > self.game.version {
                        self.reload().await;
                    }
                    if let Some(rematch) = &answered.rematch {
                        self.game.adopt_rematch(rematch);
                    }
                    (answered.give)();
                    // Whoever runs the game now is found again: by this node's next
                    // request for it, once the watchers here reconnect.
                    if answered.owner_gone {
                        tracing::info!(game = %id, owner = self.owner, "the owner is gone");
                        break;
                    }
                },
                _ = look.tick() => {
                    self.reload().await;
                    self.audience.prune();
                    let now = now_ms();
                    if !self.audience.is_empty() {
                        unwatched_since = None;
                    } else if self.game.status.is_closed()
                        || now - *unwatched_since.get_or_insert(now) >= UNWATCHED_MS
                    {
                        // Nobody here watches: a later request starts a relay afresh.
                        break;
                    }
                },
            }
        }
        drop(self.updates);
        self.ctx.node.unfollow(id);
        tracing::debug!(game = %id, "relay stops");
    }

    fn handle(&mut self, command: Command) {
        match command {
            Command::Subscribe {
                viewer,
                since,
                reply,
            } => self
                .audience
                .add(&self.game, viewer, since, reply, now_ms()),
            Command::Snapshot { viewer, reply } => {
                let _ = reply.send(self.game.state_json(viewer, now_ms()));
            }
            Command::Act {
                seat,
                action,
                expected_version,
                reply,
            } => {
                let op = Op::Act {
                    seat: seat.0,
                    action: WireAction::from(&action),
                    expected_version,
                };
                self.forward(op, reply, |value| {
                    wire::version_of(value).map(|v| (v, v, None))
                });
            }
            Command::Rematch { seat, reply } => {
                self.forward(Op::Rematch { seat: seat.0 }, reply, |value| {
                    let (version, next, state) = rematch_of(value)?;
                    let step = next.map_or(RematchStep::Offered, RematchStep::Started);
                    Ok((version, (version, step), Some(state)))
                });
            }
            // The owner's AI plays, and the owner creates its rematches.
            Command::AiMoved { .. }
            | Command::RematchCreated { .. }
            | Command::Rename { .. }
            | Command::Stop => {}
        }
    }

    /// Hands `op` to the owner; its answer goes to `reply` once this relay has caught up
    /// with it. `read` makes the answer's value into the version to wait for, the reply, and
    /// where the rematch stands (when the answer says).
    fn forward<T: Send + 'static>(
        &self,
        op: Op,
        reply: oneshot::Sender<Result<T, ApiError>>,
        read: impl FnOnce(&serde_json::Value) -> Result<(u64, T, Option<RematchState>), ApiError>
        + Send
        + 'static,
    ) {
        let (node, owner, id) = (self.ctx.node.clone(), self.owner.clone(), self.game.id);
        let answered = self.answered_tx.clone();
        tokio::spawn(async move {
            let asked = node.ask(&owner, id, op).await;
            // No answer in time, or "not mine (any more)": whoever runs the game now is
            // found again.
            let owner_gone = matches!(asked, Err(_) | Ok(Err(ApiError::Unavailable)));
            let result = match asked {
                Ok(answer) => answer.and_then(|v| read(&v)),
                Err(NoAnswer) => Err(ApiError::Unavailable),
            };
            let (version, rematch, result) = match result {
                Ok((version, value, rematch)) => (version, rematch, Ok(value)),
                Err(e) => (0, None, Err(e)),
            };
            let give = Box::new(move || {
                let _ = reply.send(result);
            });
            let answer = Answered {
                version,
                give,
                owner_gone,
                rematch,
            };
            let _ = answered.send(answer).await;
        });
    }

    /// Reads the events beyond this copy's version and tells them to the watchers, as the
    /// owner told its own.
    async fn reload(&mut self) {
        let id = self.game.id;
        let news = match self.ctx.store.game_news(id, self.game.version).await {
            Ok(news) => news,
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "relay cannot read the game");
                return;
            }
        };
        match self.game.follow(news) {
            Ok(steps) if steps.is_empty() => {}
            Ok(steps) => self.audience.tell(&self.game, steps, now_ms()),
            Err(e) => {
                tracing::error!(game = %id, error = %e, "relay cannot follow the game; reading it whole");
                self.rebuild().await;
            }
        }
    }

    /// Throws this copy away and reads the game whole; watchers get a fresh `sync` when they
    /// reconnect (their feeds close), since what they missed cannot be told step by step.
    async fn rebuild(&mut self) {
        let id = self.game.id;
        let loaded = match self.ctx.store.game(id).await {
            Ok(stored) => Match::load(stored),
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "relay cannot read the game");
                return;
            }
        };
        match loaded {
            Ok((mut fresh, recent)) => {
                std::mem::swap(&mut fresh.rematch, &mut self.game.rematch);
                self.game = fresh;
                self.audience = Audience::new(recent);
            }
            Err(e) => tracing::error!(game = %id, error = %e, "relay cannot rebuild the game"),
        }
    }
}

// The play side of the cluster's wire: actions and rematches as nodes send them.

impl From<&Action> for WireAction {
    fn from(action: &Action) -> WireAction {
        match action {
            Action::Play(notation) => WireAction::Play(notation.clone()),
            Action::Resign => WireAction::Resign,
            Action::OfferDraw => WireAction::OfferDraw,
            Action::DeclineDraw => WireAction::DeclineDraw,
            Action::Abort => WireAction::Abort,
        }
    }
}

impl From<WireAction> for Action {
    fn from(action: WireAction) -> Action {
        match action {
            WireAction::Play(notation) => Action::Play(notation),
            WireAction::Resign => Action::Resign,
            WireAction::OfferDraw => Action::OfferDraw,
            WireAction::DeclineDraw => Action::DeclineDraw,
            WireAction::Abort => Action::Abort,
        }
    }
}

/// A rematch's reply: the game's version, the rematch once it started, and where the
/// rematch stands on the owner.
pub fn rematch_of(value: &Value) -> Result<(u64, Option<TableId>, RematchState), ApiError> {
    let version = value["version"].as_u64().ok_or(ApiError::Internal)?;
    let next = match &value["next"] {
        Value::Null => None,
        next => Some(serde_json::from_value(next.clone()).map_err(|_| ApiError::Internal)?),
    };
    let state = serde_json::from_value(value["rematch"].clone()).map_err(|_| ApiError::Internal)?;
    Ok((version, next, state))
}

/// Where the rematch stands, from an owner's `rematch` frame.
pub fn rematch_in_frame(frame: &str) -> Option<RematchState> {
    let frame: Value = serde_json::from_str(frame).ok()?;
    serde_json::from_value(frame.get("rematch")?.clone()).ok()
}
