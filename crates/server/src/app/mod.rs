//! The top of the house: the router of every route ([`router`], [`api_routes`]) and the
//! start-up that resumes the games and runs the node's background tasks ([`start`]), and what
//! this node does when another node asks ([`news`]).
//!
//! Only this room may import every other; none imports it.

mod news;

use std::net::SocketAddr;
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

use crate::accounts::throttle;
use crate::api::{self, ws};
use crate::cluster::HEARTBEAT;
use crate::http::body::MAX_MESSAGE_BYTES;
use crate::http::same_site;
use crate::{AppState, ServerConfig};

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
            get(crate::api::openapi::openapi_json),
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
        (Method::POST, "/api/games/{id}/hint", post(api::hint)),
        (Method::POST, "/api/games/{id}/draw", post(api::offer_draw)),
        (
            Method::POST,
            "/api/games/{id}/draw/decline",
            post(api::decline_draw),
        ),
        (Method::POST, "/api/games/{id}/abort", post(api::abort)),
        (Method::POST, "/api/games/{id}/rematch", post(api::rematch)),
        (Method::GET, "/api/games/{id}/record", get(api::record)),
        (Method::GET, "/api/games/{id}/chances", get(api::chances)),
        (Method::GET, "/api/games/{id}/ws", get(ws::upgrade)),
        (Method::GET, "/api/games/{id}/chat", get(api::chat)),
        (Method::POST, "/api/games/{id}/chat", post(api::say)),
        (
            Method::POST,
            "/api/games/{id}/chat/report",
            post(api::report),
        ),
        (Method::GET, "/api/me/mutes", get(api::mutes)),
        (Method::POST, "/api/me/mutes", post(api::mute)),
        (
            Method::DELETE,
            "/api/me/mutes/{account}",
            delete(api::unmute),
        ),
        (Method::POST, "/api/me/chat", post(api::set_chat)),
        (Method::GET, "/api/players/{name}", get(api::player)),
        (
            Method::GET,
            "/api/leaderboard/{game}",
            get(api::leaderboard),
        ),
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
        crate::http::body::deadline(body_read, request, next)
    }));
    // Inside the per-node limit: a request it refused costs the database nothing.
    let router = router.layer(middleware::from_fn_with_state(
        state.clone(),
        crate::http::limits::shared,
    ));
    // Inside each node's own limit too, and only where several nodes may share the store.
    let router = match state.config().shared_http_rate {
        Some(rate) if state.store().is_shared() => {
            crate::http::limits::shared_http(router, &state, rate)
        }
        _ => router,
    };
    let router = match state.config().http_rate {
        Some((burst, per_second)) => crate::http::limits::per_address(router, burst, per_second),
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
    /// Looks back over finished games (`api::chances`).
    analyst: JoinHandle<()>,
    /// Takes AI jobs from the shared queue, and hears when this node's games' moves are
    /// found (PostgreSQL).
    ai_jobs: Vec<JoinHandle<()>>,
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
        self.analyst.abort();
        for task in &self.ai_jobs {
            task.abort();
        }
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
        // The AI jobs this node was working on go back to the queue for the others.
        if let Some(jobs) = self.state.store().ai_jobs()
            && let Err(e) = jobs.release(node).await
        {
            tracing::warn!(error = %e, "AI jobs not released");
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
    let analyst = tokio::spawn(api::chances::analyst(state.clone()));
    // With a shared queue, this node's AI threads serve any node's games (its own first
    // only in that it hears of them first), and its games may be served by any taker.
    let context = state.games().context();
    let mut ai_jobs = Vec::new();
    if let Some(queue) = &context.ai_queue {
        ai_jobs.push(tokio::spawn(queue.clone().listen()));
        if state.config().ai_threads > 0 {
            ai_jobs.push(tokio::spawn(crate::play::pool::pg_queue::take_jobs(
                context.store.clone(),
                context.pool.clone(),
                context.node.id().to_string(),
                crate::play::pool::pg_queue::AI_LEASE,
            )));
        }
    }
    if resumed > 0 {
        tracing::info!(resumed, "resumed unfinished games");
    }
    let app = router(state.clone(), pages);
    let (stop, stopped) = oneshot::channel::<()>();
    let limits = state.config().connections.clone();
    let task = tokio::spawn(async move {
        crate::http::listen::serve(listener, app, limits, async {
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
        analyst,
        ai_jobs,
    })
}
