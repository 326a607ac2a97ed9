//! One task per game: it owns the match, checks each action with the engine, makes it
//! durable, and only then acknowledges and broadcasts it. The rules of the table are in
//! [`crate::play::game_match`] (no I/O); who watches and what they are sent, in
//! [`crate::play::audience`]; this loop only waits, stores and sends.

use std::sync::Arc;

use agora_engine::{Seat, Viewer};
use agora_store::{AccountId, Store, StoredGame, TableId, TableStatus, now_ms};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::cluster::Node;
use crate::play::ai::{choose_move, seat_view};
use crate::play::audience::Audience;
pub use crate::play::audience::{Feed, SUBSCRIBER_QUEUE, Subscription};
pub use crate::play::game_match::{Action, REMATCH_OFFER_MS, RematchPlan, RematchStep};
use crate::play::game_match::{Match, Pending, Refusal};
use crate::play::pool::BlockingPool;
use crate::play::pool::pg_queue::PgQueue;
use crate::play::turn_news::TurnQueue;
use crate::{ApiError, ComputerState, Detail, QueuedState, Snapshot};

/// How often a finished game's actor looks for remaining watchers.
const FINISHED_GAME_CHECK_MS: i64 = 2_000;

/// What a game's handle asks of whoever runs the game here: its actor, or a relay to the
/// node that owns it (`relay.rs`).
pub(crate) enum Command {
    Subscribe {
        viewer: Viewer,
        since: Option<u64>,
        reply: oneshot::Sender<Subscription>,
    },
    Snapshot {
        viewer: Viewer,
        detail: Detail,
        reply: oneshot::Sender<Snapshot>,
    },
    Act {
        seat: Seat,
        action: Action,
        expected_version: Option<u64>,
        reply: oneshot::Sender<Result<u64, ApiError>>,
    },
    AiMoved {
        version: u64,
        notation: Option<String>,
    },
    Rematch {
        seat: Seat,
        reply: oneshot::Sender<Result<(u64, RematchStep), ApiError>>,
    },
    RematchCreated {
        next: Option<TableId>,
    },
    /// A player's account changed its name (a guest who signed up under another).
    Rename {
        account: AccountId,
        name: String,
    },
    /// Stop now: another node owns the game (or this node took it over from a relay).
    Stop,
}

/// The way to talk to a game's actor.
#[derive(Clone, Debug)]
pub struct GameHandle {
    tx: mpsc::Sender<Command>,
    /// Who sits where: fixed once a game starts, so answered without asking the actor.
    accounts: Arc<[Option<AccountId>]>,
}

impl GameHandle {
    pub(crate) fn new(tx: mpsc::Sender<Command>, accounts: Arc<[Option<AccountId>]>) -> GameHandle {
        GameHandle { tx, accounts }
    }

    /// Stops whoever runs the game here; its watchers' feeds close, and they reconnect.
    pub(crate) fn stop(&self) {
        let _ = self.tx.try_send(Command::Stop);
    }

    /// The seat `account` holds at this game, if any.
    pub fn seat_of(&self, account: AccountId) -> Option<Seat> {
        self.accounts
            .iter()
            .position(|a| *a == Some(account))
            .map(|i| Seat(i as u8))
    }

    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// A handle with no actor behind it: open while the returned guard lives, or closed.
    #[cfg(test)]
    pub(crate) fn detached(open: bool) -> (GameHandle, Option<Box<dyn std::any::Any>>) {
        let (tx, rx) = mpsc::channel(1);
        let handle = GameHandle {
            tx,
            accounts: Arc::from(Vec::new()),
        };
        (handle, open.then(|| Box::new(rx) as Box<dyn std::any::Any>))
    }

    pub async fn subscribe(
        &self,
        viewer: Viewer,
        since: Option<u64>,
    ) -> Result<Subscription, ApiError> {
        let (reply, rx) = oneshot::channel();
        self.send(Command::Subscribe {
            viewer,
            since,
            reply,
        })
        .await?;
        rx.await.map_err(|_| ApiError::Unavailable)
    }

    /// The game as `viewer` may see it now, in `detail`.
    pub async fn snapshot(&self, viewer: Viewer, detail: Detail) -> Result<Snapshot, ApiError> {
        let (reply, rx) = oneshot::channel();
        self.send(Command::Snapshot {
            viewer,
            detail,
            reply,
        })
        .await?;
        rx.await.map_err(|_| ApiError::Unavailable)
    }

    /// Acts for `seat`; returns the game's version once the action is durable.
    pub async fn act(
        &self,
        seat: Seat,
        action: Action,
        expected_version: Option<u64>,
    ) -> Result<u64, ApiError> {
        let (reply, rx) = oneshot::channel();
        self.send(Command::Act {
            seat,
            action,
            expected_version,
            reply,
        })
        .await?;
        rx.await.map_err(|_| ApiError::Unavailable)?
    }

    /// Asks for a rematch for `seat` of a game that is over; returns the game's version and
    /// where that leaves the rematch.
    pub async fn rematch(&self, seat: Seat) -> Result<(u64, RematchStep), ApiError> {
        let (reply, rx) = oneshot::channel();
        self.send(Command::Rematch { seat, reply }).await?;
        rx.await.map_err(|_| ApiError::Unavailable)?
    }

    /// After [`RematchStep::Create`]: the started rematch, or `None` if it could not start
    /// (the players may ask again).
    pub async fn rematch_created(&self, next: Option<TableId>) {
        let _ = self.send(Command::RematchCreated { next }).await;
    }

    /// Shows `account`'s seat under `name` from now on (a guest signed up under a new name).
    /// A game another node runs keeps the old name until it is loaded again.
    pub async fn rename(&self, account: AccountId, name: String) {
        let _ = self.send(Command::Rename { account, name }).await;
    }

    async fn send(&self, command: Command) -> Result<(), ApiError> {
        self.tx
            .send(command)
            .await
            .map_err(|_| ApiError::Unavailable)
    }
}

/// What the actor needs beyond the stored game.
#[derive(Clone, Debug)]
pub struct ActorContext {
    pub store: Store,
    pub pool: BlockingPool,
    /// On PostgreSQL, the queue every node and AI worker takes the computer's moves from
    /// (`pool/pg_queue.rs`); on SQLite `None`, and the moves are found on `pool`.
    pub ai_queue: Option<PgQueue>,
    /// This server among the others sharing the store.
    pub node: Node,
    /// The least time between a game's previous move and a server-side seat's move, so that
    /// players see the computers' moves land one at a time ([`ServerConfig::ai_pace`]).
    ///
    /// [`ServerConfig::ai_pace`]: crate::ServerConfig::ai_pace
    pub ai_pace: std::time::Duration,
    /// How long a computer's move is worked on with nobody watching the game
    /// ([`ServerConfig::ai_idle`]).
    ///
    /// [`ServerConfig::ai_idle`]: crate::ServerConfig::ai_idle
    pub ai_idle: std::time::Duration,
    /// Where correspondence turns go to be mailed (`--smtp`).
    pub mail: Option<TurnQueue>,
    /// Where correspondence turns go to be pushed to the players' browsers (Web Push).
    pub push: Option<TurnQueue>,
    /// Wakes this node's analyst (`api::chances::analyst`) when a game finishes here, so that
    /// its look back starts at once.
    pub finished: Arc<tokio::sync::Notify>,
}

/// Why an actor stopped.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Ending {
    /// The game is over and nobody watches, or every handle is gone: its lease is released.
    Done,
    /// Told to stop: the lease is another node's now, or this node's is kept for a new actor.
    Stopped,
}

pub struct GameActor {
    ctx: ActorContext,
    game: Match,
    audience: Audience,
    ai_pending: Option<u64>,
    /// The task waiting for the computer's move at version `ai_pending`: aborting it takes
    /// the job out of the pool's queue, or stops its search.
    ai_task: Option<tokio::task::AbortHandle>,
    /// When someone last looked at the game (subscribed, asked for it, acted).
    last_watched: Instant,
    /// When the last move (of any seat, or a timeout) was committed, or the actor started.
    last_move_at: Instant,
    /// Whose turn it was at the last stored change, to tell when a turn begins.
    turn_seen: agora_engine::Turn,
    rx: mpsc::Receiver<Command>,
    me: mpsc::WeakSender<Command>,
}

impl std::fmt::Debug for GameActor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameActor")
            .field("id", &self.game.id)
            .field("version", &self.game.version)
            .finish_non_exhaustive()
    }
}

impl GameActor {
    /// Rebuilds a game from its log, and starts its task. `down_since` is set when the server
    /// just started: the last moment the previous run was known to be up (see
    /// [`Match::resume`]).
    pub async fn spawn(
        ctx: ActorContext,
        stored: StoredGame,
        down_since: Option<i64>,
    ) -> Result<GameHandle, ApiError> {
        let (tx, rx) = mpsc::channel(1024);
        let (mut game, recent) = Match::load(stored)?;
        if let Some(down_since) = down_since
            && let Some(turn_started_at) = game.resume(down_since, now_ms())
        {
            ctx.store
                .set_turn_started_at(game.id, game.version, turn_started_at)
                .await?;
        }
        let accounts = game.seats.iter().map(|s| s.account).collect();
        let actor = GameActor {
            ctx,
            turn_seen: game.game.turn(),
            game,
            audience: Audience::new(recent),
            ai_pending: None,
            ai_task: None,
            last_watched: Instant::now(),
            last_move_at: Instant::now(),
            rx,
            me: tx.downgrade(),
        };
        tokio::spawn(actor.run());
        Ok(GameHandle { tx, accounts })
    }

    async fn run(mut self) {
        let id = self.game.id;
        let ending = self.serve().await;
        self.cancel_ai();
        if ending == Ending::Done
            && let Err(e) = self.ctx.store.release_game(id, self.ctx.node.id()).await
        {
            tracing::warn!(game = %id, error = %e, "lease not released");
        }
        tracing::debug!(game = %id, "actor stops");
    }

    async fn serve(&mut self) -> Ending {
        // A game may start with chance to move (a shuffle), which the host draws at once.
        match self.game.opening_chance(now_ms()) {
            Some(Ok(pending)) => {
                if let Err(e) = self.commit(pending).await {
                    tracing::error!(game = %self.game.id, error = %e, "chance not recorded");
                }
            }
            Some(Err(_)) => self.reload().await,
            None => {}
        }
        // A game's first turn began with the game (at version 0 only: later, the turn in
        // progress may have begun at an earlier version, and its message was told then).
        if self.game.version == 0 {
            self.tell_turn(true);
        }
        self.schedule_ai();
        loop {
            let closed = self.game.status.is_closed();
            // A finished game wakes up now and then to see whether anyone still watches, and
            // stops soon after the last one leaves: a finished game's actor holds its recent
            // frames, and a busy server finishes hundreds of games a second.
            let wake = if closed {
                Some(now_ms() + FINISHED_GAME_CHECK_MS)
            } else {
                let unwatched = self.ai_task.as_ref().map(|_| {
                    let idle = self.ctx.ai_idle.saturating_sub(self.last_watched.elapsed());
                    now_ms() + idle.as_millis() as i64
                });
                [self.game.deadline(), unwatched]
                    .into_iter()
                    .flatten()
                    .min()
            };
            let sleep = async {
                match wake {
                    Some(at) => {
                        let wait = (at - now_ms()).max(0) as u64;
                        tokio::time::sleep_until(
                            Instant::now() + std::time::Duration::from_millis(wait),
                        )
                        .await
                    }
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                command = self.rx.recv() => match command {
                    Some(Command::Stop) => return Ending::Stopped,
                    Some(command) => self.handle(command).await,
                    None => return Ending::Done,
                },
                () = sleep => if closed {
                    self.audience.prune();
                    if self.audience.is_empty() && !self.game.rematch.waits(now_ms()) {
                        return Ending::Done;
                    }
                } else {
                    self.time_out().await;
                    self.drop_ai_if_unwatched();
                },
            }
        }
    }

    async fn handle(&mut self, command: Command) {
        if matches!(
            command,
            Command::Subscribe { .. } | Command::Snapshot { .. } | Command::Act { .. }
        ) {
            self.watched();
        }
        match command {
            Command::Subscribe {
                viewer,
                since,
                reply,
            } => self
                .audience
                .add(&self.game, viewer, since, reply, now_ms()),
            Command::Snapshot {
                viewer,
                detail,
                reply,
            } => {
                let mut snapshot = self.game.snapshot(viewer, now_ms(), detail);
                snapshot.computer = self.computer_thinking();
                let _ = reply.send(snapshot);
            }
            Command::Act {
                seat,
                action,
                expected_version,
                reply,
            } => {
                let result = self.act(seat, action, expected_version).await;
                let _ = reply.send(result);
            }
            Command::AiMoved { version, notation } => {
                if self.ai_pending == Some(version) {
                    self.ai_pending = None;
                }
                let result = match self.game.ai_moved(version, notation, now_ms()) {
                    Some(pending) => self.settle(pending).await,
                    None => return,
                };
                if let Err(e) = result {
                    tracing::error!(game = %self.game.id, error = %e, "server-side move refused");
                }
            }
            Command::Rematch { seat, reply } => {
                let step = self.game.ask_rematch(seat, now_ms());
                let step = step.map(|(step, tell)| {
                    if tell {
                        self.tell_rematch();
                    }
                    (self.game.version, step)
                });
                let _ = reply.send(step);
            }
            Command::RematchCreated { next } => {
                self.game.rematch_created(next);
                self.tell_rematch();
            }
            Command::Rename { account, name } => self.game.rename(account, name),
            Command::Stop => {}
        }
    }

    /// Tells the watchers here and on the other nodes where the rematch stands.
    fn tell_rematch(&mut self) {
        let frame = self.audience.tell_rematch(&self.game);
        (self.ctx.node).publish_rematch(self.game.id, self.game.rematch.next, &frame);
    }

    async fn act(
        &mut self,
        seat: Seat,
        action: Action,
        expected_version: Option<u64>,
    ) -> Result<u64, ApiError> {
        self.game.check_current(expected_version)?;
        if self.game.deadline().is_some_and(|d| now_ms() >= d) {
            self.time_out().await;
        }
        let pending = self.game.act(seat, action, now_ms());
        self.settle(pending).await
    }

    /// Stores what the match made of an action; a broken match is rebuilt from the log.
    async fn settle(&mut self, pending: Result<Pending, Refusal>) -> Result<u64, ApiError> {
        match pending {
            Ok(pending) => self.commit(pending).await,
            Err(Refusal::Refused(e)) => Err(e),
            Err(Refusal::Broken) => {
                self.reload().await;
                Err(ApiError::Internal)
            }
        }
    }

    async fn time_out(&mut self) {
        let Some(pending) = self.game.time_out(now_ms()) else {
            return;
        };
        if let Err(e) = self.commit(pending).await {
            tracing::error!(game = %self.game.id, error = %e, "timeout not recorded");
        }
    }

    /// Makes `pending` durable with the match's new state, then tells the audience. On a
    /// storage failure the match is rebuilt from the log, so nothing that was not stored is
    /// kept.
    async fn commit(&mut self, mut pending: Pending) -> Result<u64, ApiError> {
        let append = self.game.number(&mut pending);
        if let Err(e) = self.ctx.store.append(&append).await {
            tracing::error!(game = %self.game.id, error = %e, "append failed; reloading from the log");
            self.reload().await;
            return Err(ApiError::Unavailable);
        }
        // Before the broadcast: the last frame of a finished game shows the whole record.
        self.game.applied(&pending);
        if append.status == TableStatus::Finished {
            // Its look back was queued with this append.
            self.ctx.finished.notify_one();
        }
        self.tell_turn(false);
        self.ctx.node.published(self.game.id, self.game.version);
        self.audience.tell(&self.game, pending.steps, now_ms());
        self.last_move_at = Instant::now();
        self.schedule_ai();
        Ok(self.game.version)
    }

    /// Tells the mail and push queues when a person's correspondence turn began with the last
    /// stored change (or, `anyway`, with the game): a seat that goes on moving gets no second
    /// message.
    fn tell_turn(&mut self, anyway: bool) {
        let turn = self.game.game.turn();
        let began = std::mem::replace(&mut self.turn_seen, turn) != turn || anyway;
        let Some(account) = self.game.correspondence_turn_of().filter(|_| began) else {
            return;
        };
        let (game, kind, version) = (self.game.id, self.game.game.kind(), self.game.version);
        for queue in [&self.ctx.mail, &self.ctx.push].into_iter().flatten() {
            queue.turn_began(game, kind, account, version);
        }
    }

    /// Throws away the in-memory match and rebuilds it from the database. The rematch in
    /// progress (offers live in memory only) is kept.
    async fn reload(&mut self) {
        let id = self.game.id;
        match self.ctx.store.game(id).await {
            Ok(stored) => match Match::load(stored) {
                Ok((mut fresh, recent)) => {
                    std::mem::swap(&mut fresh.rematch, &mut self.game.rematch);
                    self.turn_seen = fresh.game.turn();
                    self.game = fresh;
                    self.audience.reset_recent(recent);
                    // The log may have moved on (another node appended): an AI seat may be
                    // to move now.
                    self.schedule_ai();
                }
                Err(e) => tracing::error!(game = %id, error = %e, "reload failed"),
            },
            Err(e) => tracing::error!(game = %id, error = %e, "reload failed"),
        }
    }

    /// Asks the seat's server-side player for a move when it is an AI's turn. The search
    /// starts at once; its move is handed back no sooner than the pace after the previous
    /// move, so that successive moves reach the players one at a time.
    fn schedule_ai(&mut self) {
        if self.ai_pending == Some(self.game.version) {
            return;
        }
        // A job for an earlier version is stale: the game moved on, or ended.
        self.cancel_ai();
        let Some((seat, level)) = self.game.ai_to_move() else {
            return;
        };
        // The bot gets the seat's view only (see `ai::choose_move`); the state travels with
        // it to turn the chosen move into notation.
        let game = self.game.game.clone();
        let seed = agora_store::random_u64();
        let version = self.game.version;
        self.ai_pending = Some(version);
        let pool = self.ctx.pool.clone();
        let me = self.me.clone();
        let id = self.game.id;
        let not_before = self.last_move_at + self.ctx.ai_pace;
        // On PostgreSQL the seat's view goes to the shared queue (any node or worker may
        // serve it); a game whose views do not travel is served here.
        let queued = self
            .ctx
            .ai_queue
            .clone()
            .and_then(|queue| Some((queue, seat_view(&game, seat)?)));
        let node = self.ctx.node.id().to_string();
        let task = tokio::spawn(async move {
            let chosen = match queued {
                Some((queue, view)) => {
                    let owner = pool.owner_of(id);
                    let kind = game.kind();
                    queue
                        .run(id, version, kind, seat, level, view, owner, &node)
                        .await
                        .map(|found| found.map_err(crate::play::ai::AiError))
                }
                None => {
                    pool.run_search(id, (game.kind(), level), move |stop| {
                        choose_move(&game, seat, level, seed, Some(stop))
                    })
                    .await
                }
            };
            let notation = match chosen {
                Some(Ok(notation)) => Some(notation),
                Some(Err(e)) => {
                    tracing::error!(game = %id, error = %e, "bot failed");
                    None
                }
                None => {
                    tracing::error!(game = %id, "bot panicked");
                    None
                }
            };
            tokio::time::sleep_until(not_before).await;
            if let Some(me) = me.upgrade() {
                let _ = me.send(Command::AiMoved { version, notation }).await;
            }
        });
        self.ai_task = Some(task.abort_handle());
    }

    /// Gives up the computer's move in progress: out of the pool's queue, or its search
    /// stopped.
    fn cancel_ai(&mut self) {
        if let Some(task) = self.ai_task.take() {
            task.abort();
        }
        self.ai_pending = None;
    }

    /// Someone looks at the game: a computer's move given up while nobody did is asked for
    /// again.
    fn watched(&mut self) {
        self.last_watched = Instant::now();
        if self.ai_task.is_none() {
            self.schedule_ai();
        }
    }

    /// Gives up the computer's move when nobody has watched the game for a while, so that
    /// games their players left take no thread from those still playing. The move is asked
    /// for again as soon as someone looks ([`GameActor::watched`]).
    fn drop_ai_if_unwatched(&mut self) {
        if self.ai_task.is_none() || self.last_watched.elapsed() < self.ctx.ai_idle {
            return;
        }
        self.audience.prune();
        if self.audience.is_empty() {
            tracing::debug!(game = %self.game.id, "nobody watches: the computer's move waits");
            self.cancel_ai();
        } else {
            self.last_watched = Instant::now();
        }
    }

    /// What the snapshot says while a computer's move is on its way: whose, and, while it
    /// waits for a thread, how many replies are ahead of it and about how long it will take.
    fn computer_thinking(&self) -> Option<ComputerState> {
        self.ai_task.as_ref()?;
        let (seat, _) = self.game.ai_to_move()?;
        let waiting = match &self.ctx.ai_queue {
            Some(queue) => queue.waiting(self.game.id),
            None => self.ctx.pool.waiting(self.game.id),
        };
        let queued = waiting.map(|q| QueuedState {
            ahead: q.ahead,
            wait_ms: q.wait.as_millis() as u64,
        });
        Some(ComputerState {
            seat: seat.index(),
            queued,
        })
    }
}
