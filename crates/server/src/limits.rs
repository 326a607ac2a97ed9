use std::time::Instant;

use axum::Router;
use axum::http::HeaderValue;
use axum::http::header::RETRY_AFTER;
use axum::response::IntoResponse;
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::{GovernorError, GovernorLayer};

use crate::{ApiError, AppState};

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
