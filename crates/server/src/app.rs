use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use agora_store::{Store, now_ms};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::header::{CACHE_CONTROL, X_CONTENT_TYPE_OPTIONS};
use axum::http::{HeaderValue, Method};
use axum::middleware;
use axum::response::Response;
use axum::routing::{MethodRouter, get, post};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::actor::ActorContext;
use crate::auth::CredentialCache;
use crate::body::MAX_MESSAGE_BYTES;
use crate::games::Games;
use crate::listen::ConnectionLimits;
use crate::lobby::TableExpiry;
use crate::mail::MailQueue;
use crate::node::{HEARTBEAT, Node};
use crate::pool::BlockingPool;
use crate::quota::{AccountLimits, Quotas};
use crate::revoke::LiveCredentials;
use crate::throttle::{SignInLimits, SignInThrottle};
use crate::{api, same_site, throttle, ws};

/// The default [`ServerConfig::ai_pace`]: long enough to see a move land before the next.
pub const DEFAULT_AI_PACE: Duration = Duration::from_millis(700);

/// The shortest non-zero [`ServerConfig::ai_pace`] `agora serve` accepts: successive
/// computer moves must reach the players at least this far apart.
pub const MIN_AI_PACE: Duration = Duration::from_millis(400);

/// The default [`ServerConfig::ai_idle`].
pub const DEFAULT_AI_IDLE: Duration = Duration::from_secs(60);

/// The default [`ServerConfig::ai_threads`]: one per core the process may use.
pub fn default_ai_threads() -> usize {
    std::thread::available_parallelism().map_or(2, usize::from)
}

/// What a server may be told; [`ServerConfig::default`] is what `agora serve` uses.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Mark the session cookie `Secure` (behind HTTPS).
    pub secure_cookies: bool,
    /// The site's own origin (`https://agora.example`, see [`crate::same_site::origin_of`]),
    /// which browsers' state-changing requests must come from. `None`: the host each request
    /// was sent to.
    pub public_origin: Option<String>,
    pub session_days: i64,
    /// HTTP requests per address: a burst, refilled at `http_per_second`. `None`: no limit.
    pub http_rate: Option<(u32, u64)>,
    /// The costliest requests per address, counted by every node together (PostgreSQL only).
    /// `None`: no shared limit.
    pub shared_rate: Option<crate::limits::SharedRate>,
    /// WebSocket messages per connection: a burst, refilled at so many per second. `None`:
    /// no limit.
    pub ws_rate: Option<(u32, u32)>,
    /// Threads that may run AI moves at once (a `hard` bot searches on two), at a lower
    /// scheduling priority than the rest of the server. Default: the machine's cores.
    pub ai_threads: usize,
    /// How long a computer's move is still worked on once nobody watches its game (no open
    /// WebSocket, no request): then the move is given up, and asked for again when someone
    /// comes back.
    pub ai_idle: Duration,
    /// Threads that may hash passwords at once, apart from the AI's (argon2 takes ~19 MiB
    /// each, so this also bounds a sign-in flood's memory).
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
    /// The SMTP relay for turn mail (`--smtp`); `None`: no email at all.
    pub mail: Option<crate::mail::MailConfig>,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            secure_cookies: false,
            public_origin: None,
            session_days: 30,
            http_rate: Some((60, 20)),
            shared_rate: Some(crate::limits::SharedRate::default()),
            ws_rate: Some((40, 20)),
            ai_threads: default_ai_threads(),
            ai_idle: DEFAULT_AI_IDLE,
            hash_threads: 2,
            account_limits: AccountLimits::default(),
            sign_in: SignInLimits::default(),
            connections: ConnectionLimits::default(),
            lease: crate::node::LEASE,
            table_expiry: TableExpiry::default(),
            ai_pace: DEFAULT_AI_PACE,
            mail: None,
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
    account_sockets: crate::sockets::AccountSockets,
}

impl AppState {
    pub fn new(store: Store, config: ServerConfig) -> AppState {
        let pool = BlockingPool::background(config.ai_threads);
        let node = Node::new(store.clone(), config.lease);
        let mail = (config.mail.clone()).map(|mail| MailQueue::start(store.clone(), mail));
        let games = Games::new(ActorContext {
            store,
            pool,
            node,
            ai_pace: config.ai_pace,
            ai_idle: config.ai_idle,
            mail,
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
    pub fn account_sockets(&self) -> &crate::sockets::AccountSockets {
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

    pub fn games(&self) -> &Games {
        &self.0.games
    }

    pub fn config(&self) -> &ServerConfig {
        &self.0.config
    }
}

/// Routes mounted beside the API (the web pages), built once the server's state exists.
pub type Pages = fn(AppState) -> Router<AppState>;

/// The API's routes: each method and path with its handler, in one list so that tests can
/// hold the documentation (the OpenAPI document) to every route.
pub fn api_routes() -> Vec<(Method, &'static str, MethodRouter<AppState>)> {
    use axum::routing::delete;
    vec![
        (Method::GET, "/api", get(api::index)),
        (Method::GET, "/api/health", get(api::health)),
        (Method::GET, "/api/catalog", get(api::catalog)),
        (
            Method::GET,
            "/api/openapi.json",
            get(crate::openapi::openapi_json),
        ),
        (Method::POST, "/api/signup", post(api::signup)),
        (Method::POST, "/api/signin", post(api::signin)),
        (Method::POST, "/api/guest", post(api::guest)),
        (Method::POST, "/api/signout", post(api::signout)),
        (Method::GET, "/api/me", get(api::me)),
        (Method::GET, "/api/me/games", get(api::my_games)),
        (Method::GET, "/api/tokens", get(api::tokens)),
        (Method::POST, "/api/tokens", post(api::create_token)),
        (
            Method::DELETE,
            "/api/tokens/{id}",
            delete(api::delete_token),
        ),
        (Method::GET, "/api/tables", get(api::open_tables)),
        (Method::POST, "/api/tables", post(api::create_table)),
        (Method::GET, "/api/tables/{id}", get(api::table)),
        (Method::POST, "/api/tables/{id}/join", post(api::join)),
        (Method::POST, "/api/tables/{id}/leave", post(api::leave)),
        (Method::POST, "/api/tables/{id}/cancel", post(api::cancel)),
        (Method::GET, "/api/games/{id}", get(api::game)),
        (Method::POST, "/api/games/{id}/move", post(api::play)),
        (Method::POST, "/api/games/{id}/resign", post(api::resign)),
        (Method::POST, "/api/games/{id}/draw", post(api::offer_draw)),
        (
            Method::POST,
            "/api/games/{id}/draw/decline",
            post(api::decline_draw),
        ),
        (Method::POST, "/api/games/{id}/abort", post(api::abort)),
        (Method::POST, "/api/games/{id}/rematch", post(api::rematch)),
        (Method::GET, "/api/games/{id}/record", get(api::record)),
        (Method::GET, "/api/games/{id}/ws", get(ws::upgrade)),
    ]
}

/// The HTTP and WebSocket routes, with `pages` (the web pages) beside them; without pages,
/// `/` answers a plain-text pointer to the protocol.
pub fn router(state: AppState, pages: Option<Pages>) -> Router {
    let with_pages = pages.is_some();
    let pages = match pages {
        Some(pages) => pages(state.clone()),
        None => Router::new().route("/", get(api::index)),
    };
    let api = api_routes()
        .into_iter()
        .fold(Router::new(), |router, (_, path, handler)| {
            // Sign-in is throttled per account and per address before it is tried.
            let handler = if path == "/api/signin" {
                handler.layer(middleware::from_fn_with_state(
                    state.clone(),
                    throttle::sign_in,
                ))
            } else {
                handler
            };
            router.route(path, handler)
        })
        // Only on the API's own routes: the pages check their forms themselves.
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            same_site::guard,
        ))
        .layer(middleware::map_response(api_headers));
    let router = pages.merge(api);
    // Beside pages, only paths under /api answer the API's JSON 404; the pages answer the
    // rest with their own.
    let router = if with_pages {
        let not_found =
            axum::routing::any(api::not_found).layer(middleware::map_response(api_headers));
        router.route("/api/{*rest}", not_found)
    } else {
        router
            .fallback(api::not_found)
            .layer(middleware::map_response(api_headers))
    };
    let router = router.layer(DefaultBodyLimit::max(MAX_MESSAGE_BYTES));
    let body_read = state.config().connections.body_read;
    let router = router.layer(middleware::from_fn(move |request, next| {
        crate::body::deadline(body_read, request, next)
    }));
    // Inside the per-node limit: a request it refused costs the database nothing.
    let router = router.layer(middleware::from_fn_with_state(
        state.clone(),
        crate::limits::shared,
    ));
    let router = match state.config().http_rate {
        Some((burst, per_second)) => crate::limits::per_address(router, burst, per_second),
        None => router,
    };
    router.with_state(state)
}

/// Headers on every API answer: answers are per caller (a seat's hand, a session) and change
/// with every move, so no cache keeps them; and a browser never reads one as anything but
/// what its `Content-Type` says.
async fn api_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

/// A server running in this process.
#[derive(Debug)]
pub struct Running {
    pub addr: SocketAddr,
    pub state: AppState,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<std::io::Result<()>>,
    heartbeat: JoinHandle<()>,
    /// Takes over the games of nodes that stopped (PostgreSQL).
    takeover: JoinHandle<()>,
    /// Listens to the other nodes (PostgreSQL).
    nodes: JoinHandle<()>,
    /// Calls off the open tables nobody joined in time.
    expiry: JoinHandle<()>,
}

impl Running {
    /// Stops accepting, lets requests in flight finish, and closes the store.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = tokio::time::timeout(Duration::from_secs(5), &mut self.task).await;
        // First what could start games here (a takeover, another node's request), then the
        // games.
        self.heartbeat.abort();
        self.takeover.abort();
        self.nodes.abort();
        self.expiry.abort();
        self.state.games().clear().await;
        let now = now_ms();
        if let Err(e) = self.state.store().mark_alive(now).await {
            tracing::warn!(error = %e, "stop time not recorded");
        }
        // The other nodes take this one's games over at their next heartbeat, from now.
        let node = self.state.games().context().node.id();
        if let Err(e) = self.state.store().release_games(node, now).await {
            tracing::warn!(error = %e, "leases not released");
        }
        self.state.store().close().await;
    }

    /// Waits until the server stops by itself (never, unless it fails).
    pub async fn wait(self) -> std::io::Result<()> {
        self.task.await.unwrap_or(Ok(()))
    }
}

/// Resumes every unfinished game, then serves on `listener` until [`Running::shutdown`].
pub async fn start(
    listener: TcpListener,
    store: Store,
    config: ServerConfig,
) -> std::io::Result<Running> {
    start_with_pages(listener, store, config, None).await
}

/// [`start`], with the web pages (`agora serve` passes `agora_web::pages`).
pub async fn start_with_pages(
    listener: TcpListener,
    store: Store,
    config: ServerConfig,
    pages: Option<Pages>,
) -> std::io::Result<Running> {
    let addr = listener.local_addr()?;
    let state = AppState::new(store, config);
    let io_error = |e: &dyn std::fmt::Display| std::io::Error::other(e.to_string());
    let down_since = state.store().alive_at().await.map_err(|e| io_error(&e))?;
    let resumed = state
        .games()
        .resume_all(down_since)
        .await
        .map_err(|e| io_error(&e))?;
    // Notes that the server runs (at most this much of a turn in progress goes uncharged
    // after a crash); with several nodes, also renews this node's leases and takes over the
    // games of nodes that stopped.
    let heartbeat = tokio::spawn({
        let (store, games) = (state.store().clone(), state.games().clone());
        async move {
            let mut every = tokio::time::interval(HEARTBEAT);
            loop {
                every.tick().await;
                if let Err(e) = store.mark_alive(now_ms()).await {
                    tracing::warn!(error = %e, "heartbeat not recorded");
                }
                if !games.context().node.is_shared() {
                    continue;
                }
                if let Err(e) = games.renew().await {
                    tracing::warn!(error = %e, "leases not renewed");
                }
            }
        }
    });
    // Apart from the renewals, so that taking over a dead node's many games never delays
    // this node's own leases.
    let takeover = tokio::spawn({
        let games = state.games().clone();
        async move {
            if !games.context().node.is_shared() {
                return;
            }
            let mut every = tokio::time::interval(HEARTBEAT);
            loop {
                every.tick().await;
                if let Err(e) = games.take_over_orphans().await {
                    tracing::warn!(error = %e, "cannot look for orphaned games");
                }
            }
        }
    });
    let nodes = tokio::spawn(state.games().context().node.clone().listen(state.clone()));
    let expiry = tokio::spawn(crate::lobby::expire_tables_every(state.clone()));
    if resumed > 0 {
        tracing::info!(resumed, "resumed unfinished games");
    }
    let app = router(state.clone(), pages);
    let (stop, stopped) = oneshot::channel::<()>();
    let limits = state.config().connections.clone();
    let task = tokio::spawn(async move {
        crate::listen::serve(listener, app, limits, async {
            let _ = stopped.await;
        })
        .await;
        Ok(())
    });
    Ok(Running {
        addr,
        state,
        stop: Some(stop),
        task,
        heartbeat,
        takeover,
        nodes,
        expiry,
    })
}
