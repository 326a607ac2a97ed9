//! One task per game: it owns the state, checks each action with the engine, makes it
//! durable, and only then acknowledges and broadcasts it.

use std::collections::VecDeque;
use std::sync::Arc;

use agora_ai::Level;
use agora_engine::{GameRecord, Outcome, Seat, SeatSet, Turn, Viewer};
use agora_games::{AnyGame, LegalMoves, PlayedMove, SeenMove};
use agora_store::{
    AccountId, Append, Event, EventKind, NewSeat, NewTable, SeatKind, Store, StoredGame, TableId,
    TableStatus, now_ms,
};
use axum::extract::ws::Utf8Bytes;
use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::SeedableRng;
use serde_json::value::RawValue;
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::ai::{STAND_IN, choose_move};
use crate::frames::{
    self, EventView, GameState, OverState, RematchState, SeatView, SharedState, StateText,
};
use crate::pool::BlockingPool;
use crate::{ApiError, TimeControl};

/// How many past events each game keeps in memory to send a reconnecting client what it
/// missed; older gaps get a fresh view instead.
const RECENT_EVENTS: usize = 512;
/// How often a finished game's actor looks for remaining watchers.
const FINISHED_GAME_CHECK_MS: i64 = 2_000;
/// How long a finished game nobody watches keeps its rematch offers after the latest one.
pub const REMATCH_OFFER_MS: i64 = 10 * 60 * 1000;
/// Frames waiting for one connection before it is dropped as too slow.
pub const SUBSCRIBER_QUEUE: usize = 256;

/// Something a seat does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Play(String),
    Resign,
    /// Offers a draw, or accepts the offers on the table.
    OfferDraw,
    DeclineDraw,
    Abort,
}

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

/// Where a seat's request for a rematch left it.
#[derive(Debug)]
pub enum RematchStep {
    /// Waiting for the other players.
    Offered,
    /// Everyone asked, this seat last: the caller creates and starts this table, then says
    /// how that went with [`GameHandle::rematch_created`].
    Create(Box<RematchPlan>),
    /// The rematch is this game.
    Started(TableId),
}

/// The table of a rematch: the same game, options, time control and players, each moved
/// one seat on (so that a two-seat match alternates who goes first).
#[derive(Debug)]
pub struct RematchPlan {
    /// The game it is the rematch of.
    pub of: TableId,
    pub table: NewTable,
    /// Each new seat's player's display name.
    pub names: Vec<Option<String>>,
}

/// A finished game's rematch, as its actor tracks it. Offers live in memory only: a restart
/// forgets them (the players ask again), never a started rematch, which is stored with the
/// game.
#[derive(Debug)]
struct Rematch {
    /// By seat.
    offers: Vec<bool>,
    /// When the latest offer came.
    offered_at: Option<i64>,
    /// While a seat creates the next game.
    creating: bool,
    next: Option<TableId>,
}

impl Rematch {
    /// Whether the game's actor must stay when nobody watches: a rematch being created, or
    /// offers waiting for an answer (for a while).
    fn waits(&self, now: i64) -> bool {
        self.creating
            || (self.next.is_none()
                && self
                    .offered_at
                    .is_some_and(|at| now - at < REMATCH_OFFER_MS))
    }
}

enum Command {
    Subscribe {
        viewer: Viewer,
        since: Option<u64>,
        reply: oneshot::Sender<Subscription>,
    },
    Snapshot {
        viewer: Viewer,
        reply: oneshot::Sender<Value>,
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
}

/// The way to talk to a game's actor.
#[derive(Clone, Debug)]
pub struct GameHandle {
    tx: mpsc::Sender<Command>,
    /// Who sits where: fixed once a game starts, so answered without asking the actor.
    accounts: Arc<[Option<AccountId>]>,
}

impl GameHandle {
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

    pub async fn snapshot(&self, viewer: Viewer) -> Result<Value, ApiError> {
        let (reply, rx) = oneshot::channel();
        self.send(Command::Snapshot { viewer, reply }).await?;
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

    async fn send(&self, command: Command) -> Result<(), ApiError> {
        self.tx
            .send(command)
            .await
            .map_err(|_| ApiError::Unavailable)
    }
}

#[derive(Clone, Debug)]
struct SeatState {
    account: Option<AccountId>,
    name: Option<String>,
    ai_level: Option<Level>,
    substituted: bool,
    clock_ms: Option<i64>,
    has_moved: bool,
}

impl SeatState {
    /// Whether the server plays this seat.
    fn is_ai(&self) -> bool {
        self.ai_level.is_some() || self.substituted
    }

    /// The level the server plays this seat at, if it does.
    fn level(&self) -> Option<Level> {
        self.ai_level.or(self.substituted.then_some(STAND_IN))
    }
}

/// An event as each viewer saw it.
#[derive(Clone, Debug)]
struct Seen {
    event: Event,
    /// What each seat saw of the move, or `None` when everyone saw the same.
    by_seat: Option<Vec<SeenMove>>,
    by_spectator: Option<SeenMove>,
}

impl Seen {
    fn plain(event: Event) -> Seen {
        Seen {
            event,
            by_seat: None,
            by_spectator: None,
        }
    }

    fn played(event: Event, played: PlayedMove) -> Seen {
        Seen {
            event,
            by_seat: Some(played.seen_by_seat),
            by_spectator: Some(played.seen_by_spectator),
        }
    }

    fn view(&self, viewer: Viewer) -> EventView<'_> {
        let seen = match viewer {
            Viewer::Seat(seat) => self.by_seat.as_ref().and_then(|s| s.get(seat.index())),
            Viewer::Spectator => self.by_spectator.as_ref(),
        };
        EventView {
            version: self.event.version,
            kind: self.event.kind.as_str(),
            seat: self.event.seat,
            at: self.event.at,
            seen,
            clock_ms: self.event.clock_ms,
        }
    }
}

struct Subscriber {
    viewer: Viewer,
    tx: mpsc::Sender<Feed>,
}

/// What the actor needs beyond the stored game.
#[derive(Clone, Debug)]
pub struct ActorContext {
    pub store: Store,
    pub pool: BlockingPool,
}

pub struct GameActor {
    id: TableId,
    ctx: ActorContext,
    game: AnyGame,
    options: Value,
    public: bool,
    seed: u64,
    setup: Value,
    version: u64,
    status: TableStatus,
    outcome: Option<Outcome>,
    seats: Vec<SeatState>,
    /// The seats as frames show them, serialized once: they change only when the server
    /// takes a seat over.
    seats_json: Box<RawValue>,
    time_control: TimeControl,
    /// The time control as frames show it, serialized once.
    time_control_json: Box<RawValue>,
    turn_started_at: i64,
    draw_offers: Vec<bool>,
    recent: VecDeque<Seen>,
    /// Every move and chance draw so far, in notation: the record's moves.
    moves: Vec<String>,
    subscribers: Vec<Subscriber>,
    /// Where frames are written before each is copied into a message of its own size.
    frame_buffer: String,
    ai_pending: Option<u64>,
    rematch: Rematch,
    rx: mpsc::Receiver<Command>,
    me: mpsc::WeakSender<Command>,
}

impl std::fmt::Debug for GameActor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameActor")
            .field("id", &self.id)
            .field("version", &self.version)
            .finish_non_exhaustive()
    }
}

/// The generator for the chance move at `version`: ChaCha20 keyed by the game's secret seed
/// (with a tag, so it never repeats the deal's stream), one stream per version, so a chance
/// draw does not depend on when the server restarted.
fn chance_rng(seed: u64, version: u64) -> ChaCha20Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..14].copy_from_slice(b"chance");
    let mut rng = ChaCha20Rng::from_seed(key);
    rng.set_stream(version);
    rng
}

/// The seats as every viewer sees them.
fn seats_json(seats: &[SeatState]) -> Box<RawValue> {
    let views: Vec<SeatView<'_>> = seats
        .iter()
        .map(|s| SeatView {
            name: &s.name,
            account: s.account,
            ai_level: s.ai_level,
            plays: if s.substituted {
                Some("stand_in")
            } else if s.ai_level.is_some() {
                Some("ai")
            } else {
                None
            },
            substituted: s.substituted,
        })
        .collect();
    serde_json::value::to_raw_value(&views).expect("seats serialize to JSON")
}

impl GameActor {
    /// Rebuilds a game from its log, and starts its task. `down_since` is set when the server
    /// just started: the last moment the previous run was known to be up. The turn in progress
    /// then resumes with only the time it had used while the server was up, so nobody is
    /// charged for the time the server was away.
    pub async fn spawn(
        ctx: ActorContext,
        stored: StoredGame,
        down_since: Option<i64>,
    ) -> Result<GameHandle, ApiError> {
        let (tx, rx) = mpsc::channel(1024);
        let mut actor = GameActor::load(ctx, stored, rx, tx.downgrade())?;
        if let Some(down_since) = down_since
            && actor.status == TableStatus::Playing
        {
            let now = now_ms();
            let used = down_since
                .saturating_sub(actor.turn_started_at)
                .clamp(0, (now - actor.turn_started_at).max(0));
            actor.turn_started_at = now - used;
            actor
                .ctx
                .store
                .set_turn_started_at(actor.id, actor.turn_started_at)
                .await?;
        }
        let accounts = actor.seats.iter().map(|s| s.account).collect();
        tokio::spawn(actor.run());
        Ok(GameHandle { tx, accounts })
    }

    fn load(
        ctx: ActorContext,
        stored: StoredGame,
        rx: mpsc::Receiver<Command>,
        me: mpsc::WeakSender<Command>,
    ) -> Result<GameActor, ApiError> {
        let StoredGame {
            table,
            game: row,
            events,
        } = stored;
        let record = GameRecord {
            game: table.game.clone(),
            seed: None,
            options: Some(table.options.clone()),
            setup: Some(row.setup.clone()),
            moves: Vec::new(),
        };
        let mut game = AnyGame::start(&record).map_err(|e| {
            tracing::error!(game = %table.id, error = %e, "stored setup does not start");
            ApiError::Internal
        })?;
        let time_control = table.time_control;
        let mut seats: Vec<SeatState> = table
            .seats
            .iter()
            .map(|s| SeatState {
                account: s.account,
                name: s.name.clone(),
                ai_level: s.ai_level.as_deref().map(|level| {
                    level.parse().unwrap_or_else(|e| {
                        tracing::error!(game = %table.id, error = %e, "stored AI level; playing easy");
                        Level::Easy
                    })
                }),
                substituted: s.substituted,
                clock_ms: s.clock_ms,
                has_moved: false,
            })
            .collect();
        let mut recent = VecDeque::new();
        let mut draw_offers = vec![false; seats.len()];
        let moves = events.iter().filter_map(|e| e.notation.clone()).collect();
        for event in events {
            let seen = match &event.notation {
                Some(notation) => {
                    let played = game.play(notation).map_err(|e| {
                        tracing::error!(game = %table.id, version = event.version, error = %e, "stored move does not replay");
                        ApiError::Internal
                    })?;
                    draw_offers.fill(false);
                    if let (Some(seat), EventKind::Move) = (event.seat, event.kind) {
                        seats[usize::from(seat)].has_moved = true;
                    }
                    Seen::played(event, played)
                }
                None => {
                    match (event.kind, event.seat) {
                        (EventKind::DrawOffer, Some(seat)) => draw_offers[usize::from(seat)] = true,
                        (EventKind::DrawDecline, _) => draw_offers.fill(false),
                        _ => {}
                    }
                    Seen::plain(event)
                }
            };
            recent.push_back(seen);
            if recent.len() > RECENT_EVENTS {
                recent.pop_front();
            }
        }
        let seats_json = seats_json(&seats);
        let time_control_json =
            serde_json::value::to_raw_value(&time_control).expect("time controls serialize");
        Ok(GameActor {
            id: table.id,
            ctx,
            game,
            options: table.options,
            public: table.public,
            seed: row.seed,
            setup: row.setup,
            version: row.version,
            status: table.status,
            outcome: row.outcome,
            seats,
            seats_json,
            time_control,
            time_control_json,
            turn_started_at: row.turn_started_at,
            draw_offers,
            recent,
            moves,
            subscribers: Vec::new(),
            frame_buffer: frames::frame_buffer(),
            ai_pending: None,
            rematch: Rematch {
                offers: vec![false; table.seats.len()],
                offered_at: None,
                creating: false,
                next: row.rematch,
            },
            rx,
            me,
        })
    }

    async fn run(mut self) {
        // A game may start with chance to move (a shuffle), which the host draws at once.
        if self.status == TableStatus::Playing && self.game.turn() == Turn::Chance {
            let mut steps = Vec::new();
            match self.draw_chance(&mut steps) {
                Ok(()) => {
                    if let Err(e) = self.commit(steps, Vec::new()).await {
                        tracing::error!(game = %self.id, error = %e, "chance not recorded");
                    }
                }
                Err(e) => tracing::error!(game = %self.id, error = %e, "chance refused"),
            }
        }
        self.schedule_ai();
        loop {
            let closed = self.status.is_closed();
            // A finished game wakes up now and then to see whether anyone still watches, and
            // stops soon after the last one leaves: a finished game's actor holds its recent
            // frames, and a busy server finishes hundreds of games a second.
            let wake = if closed {
                Some(now_ms() + FINISHED_GAME_CHECK_MS)
            } else {
                self.deadline()
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
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                () = sleep => if closed {
                    self.subscribers.retain(|s| !s.tx.is_closed());
                    if self.subscribers.is_empty() && !self.rematch.waits(now_ms()) {
                        break;
                    }
                } else {
                    self.time_out().await
                },
            }
        }
        tracing::debug!(game = %self.id, "actor stops");
    }

    /// When the seat to move runs out of time (only people run out of time).
    fn deadline(&self) -> Option<i64> {
        if self.status != TableStatus::Playing {
            return None;
        }
        let seat = self.game.turn().seat()?;
        let state = &self.seats[seat.index()];
        if state.is_ai() {
            return None;
        }
        self.time_control
            .deadline(self.turn_started_at, state.clock_ms)
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Subscribe {
                viewer,
                since,
                reply,
            } => {
                let (tx, frames) = mpsc::channel(SUBSCRIBER_QUEUE);
                let sync = self.sync_frame(viewer, since);
                if reply.send(Subscription { sync, frames }).is_ok() {
                    self.subscribers.retain(|s| !s.tx.is_closed());
                    self.subscribers.push(Subscriber { viewer, tx });
                    // A watcher who comes after the rematch started follows it too.
                    if let Some(next) = self.rematch.next {
                        let frame = self.rematch_frame();
                        let last = self.subscribers.last().expect("just pushed");
                        let _ = last.tx.try_send(Feed::Follow { frame, next });
                    }
                }
            }
            Command::Snapshot { viewer, reply } => {
                let _ = reply.send(self.state_json(viewer));
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
                if self.status != TableStatus::Playing || version != self.version {
                    return;
                }
                let Some(seat) = self.game.turn().seat() else {
                    return;
                };
                if !self.seats[seat.index()].is_ai() {
                    return;
                }
                // A bot that failed (it never should) gives way to the first legal move, so
                // the table is never stuck waiting for it.
                let notation = notation.or_else(|| self.game.legal_moves().into_iter().next());
                if let Some(notation) = notation
                    && let Err(e) = self.play(seat, &notation).await
                {
                    tracing::error!(game = %self.id, error = %e, "server-side move refused");
                }
            }
            Command::Rematch { seat, reply } => {
                let step = self.ask_rematch(seat);
                let _ = reply.send(step.map(|step| (self.version, step)));
            }
            Command::RematchCreated { next } => {
                self.rematch.creating = false;
                self.rematch.next = next;
                self.broadcast_rematch();
            }
        }
    }

    fn ask_rematch(&mut self, seat: Seat) -> Result<RematchStep, ApiError> {
        if !self.status.is_closed() {
            return Err(ApiError::WrongState(
                "a rematch can be asked for once the game is over",
            ));
        }
        if let Some(next) = self.rematch.next {
            return Ok(RematchStep::Started(next));
        }
        let offers = &mut self.rematch.offers;
        let new_offer = !std::mem::replace(&mut offers[seat.index()], true);
        self.rematch.offered_at = Some(now_ms());
        if self.rematch.creating {
            return Ok(RematchStep::Offered);
        }
        // Bots always agree; a player the server stood in for must ask for themselves.
        let everyone = self
            .seats
            .iter()
            .zip(offers.iter())
            .all(|(s, offered)| s.account.is_none() || *offered);
        if !everyone {
            if new_offer {
                self.broadcast_rematch();
            }
            return Ok(RematchStep::Offered);
        }
        self.rematch.creating = true;
        Ok(RematchStep::Create(Box::new(self.rematch_plan(seat))))
    }

    /// The rematch's table, created by the player at `seat`.
    fn rematch_plan(&self, seat: Seat) -> RematchPlan {
        let count = self.seats.len();
        let moved_on = |new: usize| &self.seats[(new + count - 1) % count];
        RematchPlan {
            of: self.id,
            table: NewTable {
                game: self.game.kind().name().to_string(),
                options: self.options.clone(),
                time_control: self.time_control,
                public: self.public,
                created_by: self.seats[seat.index()]
                    .account
                    .expect("only a player asks for a rematch"),
                seats: (0..count)
                    .map(|new| {
                        let old = moved_on(new);
                        NewSeat {
                            kind: if old.ai_level.is_some() {
                                SeatKind::Ai
                            } else {
                                SeatKind::Open
                            },
                            account: old.account,
                            ai_level: old.ai_level.map(|level| level.name().to_string()),
                            invite_hash: None,
                        }
                    })
                    .collect(),
            },
            names: (0..count).map(|new| moved_on(new).name.clone()).collect(),
        }
    }

    /// Tells every watcher where the rematch stands; once it has started, they follow it.
    fn broadcast_rematch(&mut self) {
        let frame = self.rematch_frame();
        let next = self.rematch.next;
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

    fn rematch_frame(&self) -> Utf8Bytes {
        let frame = json!({
            "type": "rematch",
            "game": self.id,
            "version": self.version,
            "rematch": self.rematch_state(),
        });
        Utf8Bytes::from(frame.to_string())
    }

    /// The `rematch` of a game that is over: the seats that asked, and the next game.
    fn rematch_state(&self) -> RematchState {
        RematchState {
            offers: (self.rematch.offers.iter().enumerate())
                .filter(|(_, offered)| **offered)
                .map(|(seat, _)| seat)
                .collect(),
            next: self.rematch.next,
        }
    }

    async fn act(
        &mut self,
        seat: Seat,
        action: Action,
        expected_version: Option<u64>,
    ) -> Result<u64, ApiError> {
        if self.status != TableStatus::Playing {
            return Err(ApiError::GameOver);
        }
        if let Some(expected) = expected_version
            && expected != self.version
        {
            return Err(ApiError::StaleVersion {
                current: self.version,
            });
        }
        if let Some(deadline) = self.deadline()
            && now_ms() >= deadline
        {
            self.time_out().await;
            if self.status != TableStatus::Playing {
                return Err(ApiError::GameOver);
            }
        }
        if self.seats[seat.index()].substituted {
            return Err(ApiError::Forbidden("the server plays this seat now"));
        }
        match action {
            Action::Play(text) => {
                if self.game.turn() != Turn::Seat(seat) {
                    return Err(ApiError::NotYourTurn);
                }
                self.play(seat, &text).await
            }
            Action::Resign => self.resign(seat).await,
            Action::OfferDraw => self.offer_draw(seat).await,
            Action::DeclineDraw => {
                if !self.draw_offers.iter().any(|o| *o) {
                    return Err(ApiError::WrongState("there is no draw offer to decline"));
                }
                let event = self.event(EventKind::DrawDecline, Some(seat), None, None);
                self.draw_offers.fill(false);
                self.commit(vec![Seen::plain(event)], Vec::new()).await
            }
            Action::Abort => {
                if self.seats[seat.index()].has_moved {
                    return Err(ApiError::WrongState(
                        "a game can be aborted only before your first move",
                    ));
                }
                let event = self.event(EventKind::Abort, Some(seat), None, None);
                self.status = TableStatus::Aborted;
                self.commit(vec![Seen::plain(event)], Vec::new()).await
            }
        }
    }

    fn event(
        &self,
        kind: EventKind,
        seat: Option<Seat>,
        notation: Option<String>,
        clock_ms: Option<i64>,
    ) -> Event {
        Event {
            version: 0,
            kind,
            seat: seat.map(|s| s.0),
            notation,
            at: now_ms(),
            clock_ms,
        }
    }

    /// Plays a seat's move, then any chance moves that follow, as one durable step.
    async fn play(&mut self, seat: Seat, text: &str) -> Result<u64, ApiError> {
        let now = now_ms();
        let clock = self.seats[seat.index()]
            .clock_ms
            .map(|c| (c - (now - self.turn_started_at)).max(0) + self.time_control.increment_ms());
        let played = self.game.play_as(seat, text)?;
        let mut steps = vec![Seen::played(
            self.event(
                EventKind::Move,
                Some(seat),
                Some(played.notation.clone()),
                clock,
            ),
            played,
        )];
        if let Err(e) = self.draw_chance(&mut steps) {
            tracing::error!(game = %self.id, error = %e, "sampled chance refused");
            self.reload().await;
            return Err(ApiError::Internal);
        }
        if let Some(clock) = clock {
            self.seats[seat.index()].clock_ms = Some(clock);
        }
        self.seats[seat.index()].has_moved = true;
        self.draw_offers.fill(false);
        self.turn_started_at = now;
        if let Some(outcome) = self.game.outcome() {
            self.status = TableStatus::Finished;
            self.outcome = Some(outcome);
        }
        self.commit(steps, Vec::new()).await
    }

    /// Draws and plays every chance move due now, from the game's secret seed, appending them
    /// to `steps` (not yet durable: the caller commits them with what led to them).
    fn draw_chance(&mut self, steps: &mut Vec<Seen>) -> Result<(), agora_games::AnyGameError> {
        while self.game.turn() == Turn::Chance {
            let version = self.version + steps.len() as u64 + 1;
            let notation = self.game.sample_chance(&mut chance_rng(self.seed, version));
            let played = self.game.play(&notation)?;
            steps.push(Seen::played(
                self.event(EventKind::Chance, None, Some(notation), None),
                played,
            ));
        }
        Ok(())
    }

    async fn resign(&mut self, seat: Seat) -> Result<u64, ApiError> {
        let event = self.event(EventKind::Resign, Some(seat), None, None);
        let substituted = self.lose_seat(seat, "resignation");
        self.commit(vec![Seen::plain(event)], substituted).await
    }

    /// A seat leaves the game: with two seats the other wins; with more the easiest AI takes
    /// the seat over so the others can finish. Returns the seats handed to the AI.
    fn lose_seat(&mut self, seat: Seat, reason: &'static str) -> Vec<u8> {
        if self.seats.len() == 2 {
            let other = Seat(1 - seat.0);
            self.status = TableStatus::Finished;
            self.outcome = Some(Outcome::new(SeatSet::single(other), reason));
            Vec::new()
        } else {
            self.seats[seat.index()].substituted = true;
            self.seats_json = seats_json(&self.seats);
            vec![seat.0]
        }
    }

    async fn offer_draw(&mut self, seat: Seat) -> Result<u64, ApiError> {
        if self.seats.iter().any(SeatState::is_ai) {
            return Err(ApiError::WrongState(
                "draws need every seat to agree, and AI seats never do",
            ));
        }
        if self.draw_offers[seat.index()] {
            return Err(ApiError::WrongState("you already offered a draw"));
        }
        self.draw_offers[seat.index()] = true;
        let mut steps = vec![Seen::plain(self.event(
            EventKind::DrawOffer,
            Some(seat),
            None,
            None,
        ))];
        if self.draw_offers.iter().all(|o| *o) {
            steps.push(Seen::plain(self.event(
                EventKind::DrawAgreed,
                None,
                None,
                None,
            )));
            self.status = TableStatus::Finished;
            self.outcome = Some(Outcome::new(SeatSet::first(self.seats.len()), "agreement"));
        }
        self.commit(steps, Vec::new()).await
    }

    async fn time_out(&mut self) {
        let Some(seat) = self.game.turn().seat() else {
            return;
        };
        if self.deadline().is_none_or(|d| now_ms() < d) {
            return;
        }
        let event = self.event(EventKind::Timeout, Some(seat), None, Some(0));
        if self.seats[seat.index()].clock_ms.is_some() {
            self.seats[seat.index()].clock_ms = Some(0);
        }
        let substituted = self.lose_seat(seat, "timeout");
        self.turn_started_at = now_ms();
        if let Err(e) = self.commit(vec![Seen::plain(event)], substituted).await {
            tracing::error!(game = %self.id, error = %e, "timeout not recorded");
        }
    }

    /// Makes `steps` durable with the actor's new state, then broadcasts them. On a storage
    /// failure the actor reloads from the log, so nothing that was not stored is kept.
    async fn commit(
        &mut self,
        mut steps: Vec<Seen>,
        substituted: Vec<u8>,
    ) -> Result<u64, ApiError> {
        for (i, step) in steps.iter_mut().enumerate() {
            step.event.version = self.version + i as u64 + 1;
        }
        let append = Append {
            game: self.id,
            after_version: self.version,
            events: steps.iter().map(|s| s.event.clone()).collect(),
            status: self.status,
            outcome: self.outcome.clone(),
            turn_started_at: self.turn_started_at,
            substituted,
        };
        if let Err(e) = self.ctx.store.append(&append).await {
            tracing::error!(game = %self.id, error = %e, "append failed; reloading from the log");
            self.reload().await;
            return Err(ApiError::Unavailable);
        }
        self.version += steps.len() as u64;
        // Before the broadcast: the last frame of a finished game shows the whole record.
        self.moves
            .extend(steps.iter().filter_map(|s| s.event.notation.clone()));
        self.broadcast(&steps);
        for step in steps {
            self.recent.push_back(step);
            if self.recent.len() > RECENT_EVENTS {
                self.recent.pop_front();
            }
        }
        self.schedule_ai();
        Ok(self.version)
    }

    /// Throws away the in-memory state and rebuilds it from the database.
    async fn reload(&mut self) {
        match self.ctx.store.game(self.id).await {
            Ok(stored) => {
                let (_, rx) = mpsc::channel(1);
                match GameActor::load(self.ctx.clone(), stored, rx, self.me.clone()) {
                    Ok(fresh) => {
                        self.game = fresh.game;
                        self.version = fresh.version;
                        self.status = fresh.status;
                        self.outcome = fresh.outcome;
                        self.seats = fresh.seats;
                        self.seats_json = fresh.seats_json;
                        self.turn_started_at = fresh.turn_started_at;
                        self.draw_offers = fresh.draw_offers;
                        self.recent = fresh.recent;
                        self.moves = fresh.moves;
                    }
                    Err(e) => tracing::error!(game = %self.id, error = %e, "reload failed"),
                }
            }
            Err(e) => tracing::error!(game = %self.id, error = %e, "reload failed"),
        }
    }

    fn broadcast(&mut self, steps: &[Seen]) {
        if self.subscribers.is_empty() {
            return;
        }
        let state = self.state_text();
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
                    self.write_event_frame(&mut buffer, sub.viewer, steps, &state);
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

    fn write_event_frame(
        &self,
        buffer: &mut String,
        viewer: Viewer,
        steps: &[Seen],
        state: &StateText,
    ) {
        let events: Vec<EventView<'_>> = steps.iter().map(|s| s.view(viewer)).collect();
        frames::event_frame(
            buffer,
            self.id,
            self.version,
            &events,
            state,
            self.game.view_of(viewer),
            self.legal_moves_for(viewer),
        );
    }

    fn sync_frame(&mut self, viewer: Viewer, since: Option<u64>) -> Utf8Bytes {
        let missed = since.and_then(|since| {
            if since > self.version {
                return None;
            }
            let oldest = self
                .recent
                .front()
                .map_or(self.version + 1, |s| s.event.version);
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
            self.id,
            self.version,
            viewer,
            missed.as_deref(),
            &self.state_text(),
            self.game.view_of(viewer),
            self.legal_moves_for(viewer),
        );
        let frame = frames::message_of(&buffer);
        self.frame_buffer = buffer;
        frame
    }

    /// Everything `viewer` may know now.
    fn state(&self, viewer: Viewer) -> GameState<'_> {
        GameState {
            shared: self.shared_state(),
            view: self.game.view_of(viewer),
            legal_moves: self.legal_moves_for(viewer),
            over: self.over_state(),
        }
    }

    /// The state's parts that are the same for every viewer, serialized.
    fn state_text(&self) -> StateText {
        StateText::new(&self.shared_state(), &self.over_state())
    }

    /// The legal moves, for the seat to move only.
    fn legal_moves_for(&self, viewer: Viewer) -> Option<LegalMoves<'_>> {
        let to_move = self.status == TableStatus::Playing
            && matches!(viewer, Viewer::Seat(seat) if self.game.turn() == Turn::Seat(seat));
        to_move.then_some(LegalMoves(&self.game))
    }

    /// What every viewer sees alike, before the view.
    fn shared_state(&self) -> SharedState<'_> {
        let now = now_ms();
        let turn = self.game.turn();
        let playing = self.status == TableStatus::Playing;
        let clocks: Option<Vec<Option<i64>>> = self.time_control.initial_clock_ms().map(|_| {
            self.seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    s.clock_ms.map(|c| {
                        if playing && turn == Turn::Seat(Seat(i as u8)) {
                            (c - (now - self.turn_started_at)).max(0)
                        } else {
                            c
                        }
                    })
                })
                .collect()
        });
        SharedState {
            id: self.id,
            version: self.version,
            game: self.game.kind().name(),
            status: self.status,
            turn: if playing { turn } else { Turn::Over },
            seats: &self.seats_json,
            time_control: &self.time_control_json,
            clocks,
            deadline: self.deadline(),
            draw_offers: self
                .draw_offers
                .iter()
                .enumerate()
                .filter(|(_, o)| **o)
                .map(|(i, _)| i)
                .collect(),
            outcome: &self.outcome,
        }
    }

    /// What a game that is over shows everyone: its summary, record and rematch.
    fn over_state(&self) -> OverState {
        if !self.status.is_closed() {
            return OverState::default();
        }
        OverState {
            summary: Some(self.game.summary()),
            record: Some(self.record()),
            rematch: Some(self.rematch_state()),
        }
    }

    /// [`GameActor::state`] as a tree, for the HTTP API.
    fn state_json(&self, viewer: Viewer) -> Value {
        serde_json::to_value(self.state(viewer)).expect("states serialize to JSON")
    }

    /// The record of the game, with its seed: shown only once the game is over.
    fn record(&self) -> GameRecord {
        GameRecord {
            game: self.game.kind().name().to_string(),
            seed: Some(self.seed),
            options: Some(self.options.clone()),
            setup: Some(self.setup.clone()),
            moves: self.moves.clone(),
        }
    }

    /// Asks the seat's server-side player for a move when it is an AI's turn.
    fn schedule_ai(&mut self) {
        if self.status != TableStatus::Playing || self.ai_pending == Some(self.version) {
            return;
        }
        let Some(seat) = self.game.turn().seat() else {
            return;
        };
        let Some(level) = self.seats[seat.index()].level() else {
            return;
        };
        // The bot gets the seat's view only (see `ai::choose_move`); the state travels with
        // it to turn the chosen move into notation.
        let game = self.game.clone();
        let seed = agora_store::random_u64();
        let version = self.version;
        self.ai_pending = Some(version);
        let pool = self.ctx.pool.clone();
        let me = self.me.clone();
        let id = self.id;
        tokio::spawn(async move {
            let chosen = pool
                .run_for(id, level.threads(), move || {
                    choose_move(&game, seat, level, seed)
                })
                .await;
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
            if let Some(me) = me.upgrade() {
                let _ = me.send(Command::AiMoved { version, notation }).await;
            }
        });
    }
}
