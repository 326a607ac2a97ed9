//! The general HTTP limit per client address, shared by the nodes on PostgreSQL without a
//! database round trip per request.
//!
//! Each address has `per_window` requests per fixed window (the same windows on every node),
//! counted in the store's `rate_windows` by every node together. A node does not count each
//! request there: it claims requests for an address a few at a time (`claim`), and admits
//! locally while it holds claimed ones. When half its claim is spent it claims more, in the
//! background, for every address that needs it in one batched upsert; the database grants only
//! what is left of the window, so the nodes' grants together never pass the limit. A node's
//! first `claim` requests of a window pass on credit (before the database has answered, so
//! that an address's first request of a window waits for nothing); a request that finds its
//! claim spent before more is granted waits for the batch's answer.
//!
//! Error bound: over all nodes an address passes at most `per_window + N × claim` in a window
//! (N nodes; the credit is the only thing not granted by the database), and at least
//! `per_window − N × 2 × claim` before being refused (what nodes claimed and did not spend
//! yet). Across a window's start, twice that (fixed windows). If the database cannot count,
//! each node goes on on credit alone: `claim` more per failed batch.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agora_store::Store;
use axum::Router;
use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::{self, Next};
use axum::response::Response;
use tokio::sync::{Notify, watch};

use super::{refused, window_end_in_ms, window_start};
use crate::AppState;

/// The general limit on HTTP requests per client address over all nodes (PostgreSQL only;
/// each node's own limit, `ServerConfig::http_rate`, applies too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedHttpRate {
    /// Requests of one address in one window, over all nodes.
    pub per_window: u32,
    /// The window; windows start at multiples of it since the epoch, the same on every node.
    pub window: Duration,
    /// Requests a node claims from the database at once, and passes on credit at a window's
    /// start: the error bound per node (see the module's notes).
    pub claim: u32,
}

impl Default for SharedHttpRate {
    /// A burst of 60, then 20 a second on average: each node's own default limit, over all.
    fn default() -> SharedHttpRate {
        SharedHttpRate {
            per_window: 60,
            window: Duration::from_secs(3),
            claim: 8,
        }
    }
}

/// What this node holds of each address's current window.
#[derive(Debug, Default)]
struct Claim {
    window_start: i64,
    /// Requests this node let through in the window.
    admitted: u32,
    /// Requests it may let through: granted by the database, or the credit before its answer.
    allowed: u32,
    /// Requests the database counted for this node in the window.
    counted: u32,
    /// More is wanted (queued or in a batch in flight).
    asking: bool,
    /// In a batch in flight.
    sent: bool,
    /// The database granted less than asked: the window is spent.
    full: bool,
}

impl Claim {
    /// Applies the database's answer to a claim of `ask` more: the window's `total` after it
    /// (`None`: nothing was counted, go on on credit).
    fn answered(&mut self, ask: u32, total: Option<u64>, rate: SharedHttpRate) {
        self.sent = false;
        self.asking = false;
        let Some(total) = total else {
            self.allowed += rate.claim;
            return;
        };
        let before = total.saturating_sub(u64::from(ask));
        let room = u64::from(rate.per_window).saturating_sub(before);
        let granted = room.min(u64::from(ask)) as u32;
        self.allowed = self.counted + granted;
        self.counted += ask;
        self.full = granted < ask;
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Decision {
    Admit,
    /// Refused; the window ends in so many milliseconds.
    Refuse(i64),
    /// Wait for the batch in flight.
    Wait,
}

#[derive(Debug)]
struct Claims {
    rate: SharedHttpRate,
    by_address: Mutex<HashMap<IpAddr, Claim>>,
    /// Wakes the task that claims for the addresses that need more.
    wanted: Notify,
    /// Bumped after each batch's answer.
    answered: watch::Sender<u64>,
}

impl Claims {
    fn decide(&self, address: IpAddr, now: i64) -> Decision {
        let rate = self.rate;
        let start = window_start(rate.window, now);
        let mut by_address = (self.by_address.lock()).unwrap_or_else(|e| e.into_inner());
        let fresh = || Claim {
            window_start: start,
            allowed: rate.claim,
            ..Claim::default()
        };
        let claim = by_address.entry(address).or_insert_with(fresh);
        if claim.window_start != start {
            *claim = fresh();
        }
        let decision = if claim.admitted < claim.allowed {
            claim.admitted += 1;
            Decision::Admit
        } else if claim.full {
            return Decision::Refuse(window_end_in_ms(rate.window, now));
        } else {
            Decision::Wait
        };
        if !claim.asking && !claim.full && claim.allowed - claim.admitted <= rate.claim / 2 {
            claim.asking = true;
            self.wanted.notify_one();
        }
        decision
    }

    /// Claims more for every address that asks, in one batch, and applies the answers.
    async fn claim_batch(&self, store: &Store) {
        let rate = self.rate;
        let batch: Vec<(IpAddr, i64, u32)> = {
            let mut by_address = (self.by_address.lock()).unwrap_or_else(|e| e.into_inner());
            let now_start = window_start(rate.window, agora_store::now_ms());
            by_address.retain(|_, claim| claim.window_start >= now_start || claim.sent);
            (by_address.iter_mut())
                .filter(|(_, claim)| claim.asking && !claim.sent)
                .map(|(&address, claim)| {
                    claim.sent = true;
                    let ask = claim.allowed + rate.claim - claim.counted;
                    (address, claim.window_start, ask)
                })
                .collect()
        };
        if batch.is_empty() {
            return;
        }
        let keys: Vec<(String, i64, u32)> = (batch.iter())
            .map(|&(address, start, ask)| (format!("http {address}"), start, ask))
            .collect();
        let counted = match store.count_many_in_windows(&keys).await {
            Ok(Some(counted)) => Some(counted),
            Ok(None) => None,
            Err(e) => {
                tracing::warn!(error = %e, "cannot claim requests in the shared windows");
                None
            }
        };
        {
            let mut by_address = (self.by_address.lock()).unwrap_or_else(|e| e.into_inner());
            for (i, &(address, start, ask)) in batch.iter().enumerate() {
                let Some(claim) = by_address.get_mut(&address) else {
                    continue;
                };
                if claim.window_start != start {
                    continue;
                }
                claim.answered(ask, counted.as_ref().map(|counted| counted[i]), rate);
                if !claim.full && claim.allowed.saturating_sub(claim.admitted) <= rate.claim / 2 {
                    claim.asking = true;
                    self.wanted.notify_one();
                }
            }
        }
        self.answered.send_modify(|n| *n = n.wrapping_add(1));
        super::forget_ended_windows(store, agora_store::now_ms());
    }
}

/// How long a request waits for a batch's answer before it goes on regardless.
const LONGEST_WAIT: Duration = Duration::from_secs(1);

/// Adds the shared limit to `router`, and starts this node's claiming task (it ends with the
/// router).
pub fn shared_http(
    router: Router<AppState>,
    state: &AppState,
    rate: SharedHttpRate,
) -> Router<AppState> {
    let claims = Arc::new(Claims {
        rate: SharedHttpRate {
            claim: rate.claim.max(1),
            ..rate
        },
        by_address: Mutex::default(),
        wanted: Notify::new(),
        answered: watch::Sender::new(0),
    });
    let weak = Arc::downgrade(&claims);
    let store = state.store().clone();
    tokio::spawn(async move {
        loop {
            let Some(claims) = weak.upgrade() else { return };
            // Wake at least now and then, to notice that the router is gone.
            let _ = tokio::time::timeout(Duration::from_secs(5), claims.wanted.notified()).await;
            claims.claim_batch(&store).await;
        }
    });
    router.layer(middleware::from_fn_with_state(claims, admit))
}

async fn admit(State(claims): State<Arc<Claims>>, request: Request, next: Next) -> Response {
    let Some(ConnectInfo(client)) = request.extensions().get::<ConnectInfo<SocketAddr>>() else {
        return next.run(request).await;
    };
    let address = client.ip();
    let mut answered = claims.answered.subscribe();
    // A database slower than this lets the request through rather than hold it.
    let deadline = tokio::time::Instant::now() + LONGEST_WAIT;
    loop {
        match claims.decide(address, agora_store::now_ms()) {
            Decision::Admit => break,
            Decision::Refuse(wait_ms) => return refused(wait_ms),
            Decision::Wait => {
                if tokio::time::timeout_at(deadline, answered.changed())
                    .await
                    .is_err()
                {
                    break;
                }
            }
        }
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(per_window: u32, claim: u32) -> Claims {
        Claims {
            rate: SharedHttpRate {
                per_window,
                window: Duration::from_secs(60),
                claim,
            },
            by_address: Mutex::default(),
            wanted: Notify::new(),
            answered: watch::Sender::new(0),
        }
    }

    /// Answers the claim of `address` as a database holding `others` of other nodes would.
    fn answer(claims: &Claims, address: IpAddr, others: &mut u64) {
        let mut by_address = claims.by_address.lock().unwrap();
        let claim = by_address.get_mut(&address).unwrap();
        assert!(claim.asking);
        let ask = claim.allowed + claims.rate.claim - claim.counted;
        *others += u64::from(ask);
        claim.answered(ask, Some(*others), claims.rate);
    }

    #[test]
    fn credit_then_grants_up_to_the_window_then_refusals() {
        let claims = claims(20, 4);
        let address = IpAddr::from([203, 0, 113, 7]);
        let now = 61_000;
        // Four on credit; the third asks for more; the fifth waits for the answer.
        for _ in 0..4 {
            assert_eq!(claims.decide(address, now), Decision::Admit);
        }
        assert_eq!(claims.decide(address, now), Decision::Wait);
        // Another node already spent 10 of the window: 10 are left, of which 8 asked.
        let mut total = 10;
        answer(&claims, address, &mut total);
        let mut admitted = 4;
        while claims.decide(address, now) == Decision::Admit {
            admitted += 1;
            if claims.by_address.lock().unwrap()[&address].asking {
                answer(&claims, address, &mut total);
            }
        }
        // This node's 10 and the other's 10: the limit exactly.
        assert_eq!(admitted, 10);
        assert_eq!(claims.decide(address, now), Decision::Refuse(59_000));
        // A new window starts on credit again.
        assert_eq!(claims.decide(address, 120_000), Decision::Admit);
    }

    #[test]
    fn credit_the_database_did_not_grant_is_the_overshoot() {
        let claims = claims(20, 4);
        let address = IpAddr::from([203, 0, 113, 8]);
        for _ in 0..4 {
            assert_eq!(claims.decide(address, 1_000), Decision::Admit);
        }
        // The other nodes spent the whole window meanwhile: nothing is granted.
        let mut total = 20;
        answer(&claims, address, &mut total);
        assert_eq!(claims.decide(address, 1_000), Decision::Refuse(59_000));
    }
}
