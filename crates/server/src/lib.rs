//! Agora's game server: accounts, a lobby, and live and correspondence play over HTTP and
//! WebSocket, with every move durable in the store before anyone hears of it.
//!
//! - [`app::start`] serves the API ([`app::router`]) on a listener and resumes every
//!   unfinished game from the store.
//! - Each game is owned by one actor task ([`play::actor`]): it checks each action with the
//!   engine, appends it to the move log in one transaction, and only then acknowledges it and
//!   broadcasts to every connection what that viewer may see.
//! - Games are `agora_games::AnyGame`s, the one game-erased enum shared with the store and
//!   the command line; AI seats are played by `agora-ai`'s bots at the levels easy, medium
//!   and hard ([`play::ai`]) on a bounded [`BlockingPool`], each seeing only its seat's view.
//! - Tables are created, joined, left, cancelled, started and rematched through [`lobby`],
//!   whoever asks (the HTTP API, the WebSocket, the web pages).
//! - Every error is an [`ApiError`] with a stable code (see `docs/protocol.md`).
//!
//! The files are grouped in rooms by what they serve, and no room imports one that imports
//! it back: each imports only rooms listed before it (`tests/module_loops.rs`):
//!
//! - [`error`]: the API's errors, which every room may return;
//! - [`cluster`]: the transport between the nodes sharing one PostgreSQL;
//! - [`http`]: HTTP plumbing (bodies, rate limits, same-site checks, the listener);
//! - [`play`]: the games being played (actors, matches, relays, AI seats, turn mail);
//! - [`accounts`]: credentials, sign-in throttle, quotas, revocation, players' profiles and
//!   leaderboards;
//! - [`lobby`]: tables, from creation to the start of their game and rematch;
//! - [`api`]: the JSON API's handlers, the WebSocket and the OpenAPI document;
//! - [`app`]: the router and start-up, and what this node does for the other nodes.
//!
//! This file is the house they share: [`AppState`], handed to every handler, and
//! [`ServerConfig`]. Every room may name them; they name each room's parts.

pub mod accounts;
pub mod api;
pub mod app;
pub mod cluster;
mod error;
pub mod http;
pub mod lobby;
pub mod play;

use std::sync::Arc;
use std::time::Duration;

use agora_store::Store;

use crate::accounts::auth::CredentialCache;
use crate::accounts::quota::Quotas;
use crate::accounts::revoke::LiveCredentials;
use crate::accounts::throttle::SignInThrottle;
use crate::cluster::Node;
use crate::lobby::TableExpiry;
use crate::play::actor::ActorContext;
use crate::play::games::Games;

// The modules other crates name by their place before the rooms.
pub use accounts::{auth, players};
pub use api::ws;
pub use http::{body, listen, same_site};
pub use play::mail;
pub use play::push;

pub use accounts::quota::{AccountLimits, GuestLimits};
pub use accounts::throttle::SignInLimits;
pub use agora_store::TimeControl;
pub use app::{Pages, Running, router, start, start_with_pages};
pub use body::MAX_MESSAGE_BYTES;
pub use error::{ApiError, Refused};
pub use http::limits::{MessageBudget, SharedHttpRate, SharedRate};
pub use listen::ConnectionLimits;
pub use play::frames::{OverState, RematchState, SeatSnapshot};
pub use play::pool::pg_queue::{AI_LEASE, take_jobs};
pub use play::pool::{AiPriority, BlockingPool, Owner, Queued};
pub use play::snapshot::{ComputerState, Detail, QueuedState, Snapshot};
pub use same_site::same_site;

/// The default [`ServerConfig::ai_pace`]: long enough to see a move land before the next.
pub const DEFAULT_AI_PACE: Duration = Duration::from_millis(700);

/// The default [`ServerConfig::ai_idle`].
pub const DEFAULT_AI_IDLE: Duration = Duration::from_secs(60);

/// The default [`ServerConfig::ai_threads`]: one per core the process may use.
pub fn default_ai_threads() -> usize {
    std::thread::available_parallelism().map_or(2, usize::from)
}

/// The shortest non-zero [`ServerConfig::ai_pace`] `agora serve` accepts: successive
/// computer moves must reach the players at least this far apart.
pub const MIN_AI_PACE: Duration = Duration::from_millis(400);

/// What a server may be told; [`ServerConfig::default`] is what `agora serve` uses.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Mark the session cookie `Secure` (behind HTTPS).
    pub secure_cookies: bool,
    /// The site's own origin (`https://agora.example`, see [`crate::http::same_site::origin_of`]),
    /// which browsers' state-changing requests must come from. `None`: the host each request
    /// was sent to.
    pub public_origin: Option<String>,
    pub session_days: i64,
    /// HTTP requests per address: a burst, refilled at `http_per_second`. `None`: no limit.
    pub http_rate: Option<(u32, u64)>,
    /// The costliest requests per address, counted by every node together (PostgreSQL only).
    /// `None`: no shared limit.
    pub shared_rate: Option<crate::http::limits::SharedRate>,
    /// Every HTTP request per address, counted by every node together (PostgreSQL only),
    /// besides each node's `http_rate`. `None`: no shared limit.
    pub shared_http_rate: Option<crate::http::limits::SharedHttpRate>,
    /// WebSocket messages per connection: a burst, refilled at so many per second. `None`:
    /// no limit.
    pub ws_rate: Option<(u32, u32)>,
    /// Threads that may run AI moves at once (a `hard` bot searches on two), at a lower
    /// scheduling priority than the rest of the server. Default: the machine's cores. On
    /// PostgreSQL they take jobs from the queue the nodes and `agora ai-worker`s share; 0
    /// takes none there (AI workers serve this node's games).
    pub ai_threads: usize,
    /// The AI threads' scheduling class. Default [`AiPriority::Low`] (nice 10), which a test
    /// on a busy machine survives; `agora serve` asks for [`AiPriority::Idle`].
    pub ai_priority: AiPriority,
    /// How long a computer's move is still worked on once nobody watches its game (no open
    /// WebSocket, no request): then the move is given up, and asked for again when someone
    /// comes back.
    pub ai_idle: Duration,
    /// Threads that may hash passwords at once, apart from the AI's. Each keeps its argon2
    /// memory (~19 MiB) for the server's life, so this also bounds a sign-in flood's memory.
    pub hash_threads: usize,
    /// What one account may hold at once (open tables, games against bots).
    pub account_limits: AccountLimits,
    /// How wrong passwords are throttled per account and per address.
    pub sign_in: SignInLimits,
    /// Caps on connections and the header-read timeout.
    pub connections: ConnectionLimits,
    /// With several nodes on one PostgreSQL: how long a node's lease on a game lasts after
    /// each renewal, and so how long a dead node's games wait before another takes them over.
    pub lease: Duration,
    /// How long an open table waits for players before it is called off.
    pub table_expiry: TableExpiry,
    /// The least time between a game's previous move (anyone's) and a move of a seat the
    /// server plays: the search starts at once and counts toward it, only the move waits.
    /// Zero: no wait (tests, benchmarks).
    pub ai_pace: Duration,
    /// How often the analyst looks for finished games to look back over without being woken:
    /// a game that finishes wakes it at once (on PostgreSQL, on any node), so this only
    /// catches a wake that was lost.
    pub analysis_poll: Duration,
    /// The SMTP relay for turn mail (`--smtp`); `None`: no email at all.
    pub mail: Option<crate::play::mail::MailConfig>,
    /// Web Push to the browsers that subscribed (the VAPID key and the words); `None`: off.
    pub push: Option<crate::play::push::PushConfig>,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            secure_cookies: false,
            public_origin: None,
            session_days: 30,
            http_rate: Some((60, 20)),
            shared_rate: Some(crate::http::limits::SharedRate::default()),
            shared_http_rate: Some(crate::http::limits::SharedHttpRate::default()),
            ws_rate: Some((40, 20)),
            ai_threads: default_ai_threads(),
            ai_priority: AiPriority::default(),
            ai_idle: DEFAULT_AI_IDLE,
            hash_threads: 2,
            account_limits: AccountLimits::default(),
            sign_in: SignInLimits::default(),
            connections: ConnectionLimits::default(),
            lease: crate::cluster::LEASE,
            table_expiry: TableExpiry::default(),
            ai_pace: DEFAULT_AI_PACE,
            analysis_poll: crate::api::chances::FALLBACK_POLL,
            mail: None,
            push: None,
        }
    }
}

/// Everything a request handler may need.
#[derive(Clone, Debug)]
pub struct AppState(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    games: Games,
    config: ServerConfig,
    credentials: CredentialCache,
    hashing: BlockingPool,
    quotas: Quotas,
    sign_in_throttle: SignInThrottle,
    live_credentials: LiveCredentials,
    account_sockets: crate::http::sockets::AccountSockets,
    chat: crate::play::chat::ChatRoom,
}

impl AppState {
    pub fn new(store: Store, config: ServerConfig) -> AppState {
        let pool = BlockingPool::background_at(config.ai_threads.max(1), config.ai_priority);
        let node = Node::new(store.clone(), config.lease);
        let mail = (config.mail.clone()).map(|mail| play::mail::start(store.clone(), mail));
        let push = (config.push.clone()).map(|push| play::push::start(store.clone(), push));
        let ai_queue = crate::play::pool::pg_queue::PgQueue::new(&store);
        let games = Games::new(ActorContext {
            store,
            pool,
            ai_queue,
            node,
            ai_pace: config.ai_pace,
            ai_idle: config.ai_idle,
            mail,
            push,
            finished: Arc::default(),
        });
        AppState(Arc::new(Inner {
            games,
            hashing: BlockingPool::new(config.hash_threads),
            config,
            credentials: CredentialCache::default(),
            quotas: Quotas::default(),
            sign_in_throttle: SignInThrottle::default(),
            live_credentials: LiveCredentials::default(),
            account_sockets: Default::default(),
            chat: Default::default(),
        }))
    }

    /// Accounts behind recently used credentials.
    pub fn credentials(&self) -> &CredentialCache {
        &self.0.credentials
    }

    pub fn store(&self) -> &Store {
        &self.0.games.context().store
    }

    /// The pool AI moves run on, shared round-robin between the accounts that created games.
    pub fn pool(&self) -> &BlockingPool {
        &self.0.games.context().pool
    }

    /// The pool passwords are hashed and checked on, apart from the AI's, so that a sign-in
    /// never waits behind bots' searches.
    pub fn hashing(&self) -> &BlockingPool {
        &self.0.hashing
    }

    /// The WebSockets each account holds open.
    pub fn account_sockets(&self) -> &crate::http::sockets::AccountSockets {
        &self.0.account_sockets
    }

    /// The credentials open WebSockets were opened with, to close them when revoked.
    pub fn live_credentials(&self) -> &LiveCredentials {
        &self.0.live_credentials
    }

    /// Failed sign-ins by account and address.
    pub fn sign_in_throttle(&self) -> &SignInThrottle {
        &self.0.sign_in_throttle
    }

    /// What each account holds against its limits.
    pub fn quotas(&self) -> &Quotas {
        &self.0.quotas
    }

    /// The WebSockets on this node that read each game's chat.
    pub fn chat(&self) -> &crate::play::chat::ChatRoom {
        &self.0.chat
    }

    /// This node, among the nodes sharing the store.
    pub fn node(&self) -> &Node {
        &self.0.games.context().node
    }

    pub fn games(&self) -> &Games {
        &self.0.games
    }

    pub fn config(&self) -> &ServerConfig {
        &self.0.config
    }
}
