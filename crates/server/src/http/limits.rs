use std::net::SocketAddr;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::{GovernorError, GovernorLayer};

use crate::{ApiError, AppState};

mod claims;
pub use claims::{SharedHttpRate, shared_http};

/// Limits HTTP requests (WebSocket upgrades included) per client address: a burst of
/// `burst`, refilled at `per_second`. Over the limit: `429 rate_limited`.
pub fn per_address(router: Router<AppState>, burst: u32, per_second: u64) -> Router<AppState> {
    let config = GovernorConfigBuilder::default()
        .per_millisecond((1000 / per_second.max(1)).max(1))
        .burst_size(burst.max(1))
        .finish()
        .expect("a valid rate limit");
    let limiter = config.limiter().clone();
    // Forget addresses that went quiet, so the table does not grow for ever.
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
        loop {
            every.tick().await;
            limiter.retain_recent();
        }
    });
    router.layer(GovernorLayer::new(config).error_handler(|error| {
        let mut response = ApiError::RateLimited.into_response();
        // When the next request will be let through, in whole seconds (at least one).
        if let GovernorError::TooManyRequests { wait_time, .. } = error {
            response
                .headers_mut()
                .insert(RETRY_AFTER, HeaderValue::from(wait_time.max(1)));
        }
        response
    }))
}

/// A limit every node shares (with PostgreSQL) on the requests that cost the most: signing in
/// and up, making guests, creating tables (the API's routes, which the pages' forms call). Counted in fixed windows of time
/// in the database, so a burst spread over several nodes is held to one limit; each node's
/// own limit ([`per_address`]) still applies to every request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedRate {
    /// Requests of one client address to these routes in one window, over all nodes.
    pub per_window: u32,
    /// The window; windows start at multiples of it since the epoch, the same on every node.
    pub window: Duration,
}

impl Default for SharedRate {
    fn default() -> SharedRate {
        SharedRate {
            per_window: 60,
            window: Duration::from_secs(10),
        }
    }
}

/// The routes the shared limit counts (`POST` only). The pages' forms (`/signin`, `/guest`,
/// `/play`...) call these through the API's router with the client's address, so they are
/// counted there, once.
const SHARED_ROUTES: &[&str] = &["/api/signin", "/api/signup", "/api/guest", "/api/tables"];

/// Refuses (`429 rate_limited`, with `Retry-After` to the window's end) a `POST` to one of
/// [`SHARED_ROUTES`] when the client's address sent more than `rate.per_window` of them in
/// this window, counted by every node in the store. Without a shared store (SQLite) it lets
/// everything through; so it does if the store cannot count (the request goes on to the same
/// store, which will answer for itself).
pub async fn shared(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let Some(rate) = state.config().shared_rate else {
        return next.run(request).await;
    };
    if request.method() != Method::POST || !SHARED_ROUTES.contains(&request.uri().path()) {
        return next.run(request).await;
    }
    let Some(ConnectInfo(client)) = request.extensions().get::<ConnectInfo<SocketAddr>>() else {
        return next.run(request).await;
    };
    let key = client.ip().to_string();
    match count_shared(&state, &key, rate.window).await {
        Some(count) if count > u64::from(rate.per_window) => {
            refused(window_end_in_ms(rate.window, agora_store::now_ms()))
        }
        _ => next.run(request).await,
    }
}

/// `429 rate_limited` with `Retry-After` in whole seconds (at least one) for `wait_ms`.
pub(crate) fn refused(wait_ms: i64) -> Response {
    let mut response = ApiError::RateLimited.into_response();
    let wait_s = (wait_ms + 999) / 1000;
    response
        .headers_mut()
        .insert(RETRY_AFTER, HeaderValue::from(wait_s.max(1)));
    response
}

/// A window's length in milliseconds, at least one.
pub(crate) fn window_ms(window: Duration) -> i64 {
    i64::try_from(window.as_millis()).unwrap_or(i64::MAX).max(1)
}

/// When the window of length `window` holding `now` starts; windows start at multiples of
/// their length since the epoch, the same on every node.
pub(crate) fn window_start(window: Duration, now: i64) -> i64 {
    now - now.rem_euclid(window_ms(window))
}

/// Milliseconds from `now` to the end of its window of length `window`.
pub(crate) fn window_end_in_ms(window: Duration, now: i64) -> i64 {
    window_start(window, now) + window_ms(window) - now
}

/// Counts one more request of `key` in its current window of length `window` in the store,
/// where every node counts: the window's count now, this request included. `None` without a
/// shared store (SQLite), or when the store cannot count (logged).
pub async fn count_shared(state: &AppState, key: &str, window: Duration) -> Option<u64> {
    let now = agora_store::now_ms();
    let start = window_start(window, now);
    match state.store().count_in_window(key, start).await {
        Ok(count) => {
            forget_ended_windows(state.store(), now);
            count
        }
        Err(e) => {
            tracing::warn!(error = %e, "cannot count requests in the shared window");
            None
        }
    }
}

/// How long the shared windows are kept after they started: longer than any window counted in
/// them (the guests' minute is the longest), so that no user of the table deletes another's
/// window while it runs.
pub(crate) const WINDOWS_KEPT_MS: i64 = 3 * 60_000;

/// At most every ten seconds in this process, deletes the shared windows older than
/// [`WINDOWS_KEPT_MS`], in the background.
pub(crate) fn forget_ended_windows(store: &agora_store::Store, now: i64) {
    static LAST_FORGOTTEN: AtomicI64 = AtomicI64::new(i64::MIN);
    let last = LAST_FORGOTTEN.load(Ordering::Relaxed);
    if now.saturating_sub(last) < 10_000
        || LAST_FORGOTTEN
            .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
    {
        return;
    }
    let store = store.clone();
    tokio::spawn(async move {
        if let Err(e) = store.forget_windows(now - WINDOWS_KEPT_MS).await {
            tracing::debug!(error = %e, "cannot forget ended windows");
        }
    });
}

/// A token bucket for the messages of one WebSocket connection.
#[derive(Debug)]
pub struct MessageBudget {
    burst: f64,
    per_second: f64,
    tokens: f64,
    last: Instant,
    /// Messages refused in a row; a connection that keeps flooding is closed.
    pub refused_in_a_row: u32,
}

impl MessageBudget {
    pub fn new(burst: u32, per_second: u32) -> MessageBudget {
        MessageBudget {
            burst: f64::from(burst),
            per_second: f64::from(per_second),
            tokens: f64::from(burst),
            last: Instant::now(),
            refused_in_a_row: 0,
        }
    }

    /// How long until the next token, in whole milliseconds (rounded up): when a refused
    /// message may be sent again.
    pub fn wait_ms(&self) -> u64 {
        let missing = (1.0 - self.tokens).max(0.0);
        if self.per_second <= 0.0 {
            return u64::MAX;
        }
        (missing / self.per_second * 1000.0).ceil() as u64
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.refused_in_a_row = 0;
            true
        } else {
            self.refused_in_a_row += 1;
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_refusals() {
        let mut budget = MessageBudget::new(3, 1);
        assert!(budget.take() && budget.take() && budget.take());
        assert!(!budget.take());
        assert_eq!(budget.refused_in_a_row, 1);
        // A token a second: the next one is at most a second away.
        assert!(
            (1..=1000).contains(&budget.wait_ms()),
            "{}",
            budget.wait_ms()
        );
    }
}
