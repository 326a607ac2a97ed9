//! Sign-in throttling: after a few wrong passwords for one account, or from one address, each
//! further failure shuts that account (or address) out for twice as long as the last, and a
//! sign-in meanwhile is answered `429 rate_limited` with `Retry-After`, right password or not.
//!
//! It wraps the sign-in route rather than living in the handler, so the handler stays about
//! accounts and this about abuse.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::body::{Body, to_bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::{ApiError, AppState, MAX_MESSAGE_BYTES};

/// How many failures go unpunished, and how long the shut-outs that follow grow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignInLimits {
    /// Wrong passwords for one account (by name, ignoring case) before the first shut-out.
    pub per_account: u32,
    /// Failed sign-ins from one IP address, whatever the names, before the first shut-out.
    pub per_address: u32,
    /// The first shut-out; each failure after it doubles it.
    pub first_delay: Duration,
    /// The longest shut-out.
    pub max_delay: Duration,
}

impl Default for SignInLimits {
    fn default() -> SignInLimits {
        SignInLimits {
            per_account: 5,
            per_address: 20,
            first_delay: Duration::from_secs(1),
            max_delay: Duration::from_secs(15 * 60),
        }
    }
}

/// A record of failure is forgotten once this long has passed since the last one.
const FORGET_AFTER: Duration = Duration::from_secs(60 * 60);
/// Records kept at most per kind; past that, the forgettable ones are dropped.
const KEEP_AT_MOST: usize = 100_000;

#[derive(Clone, Copy, Debug)]
struct Failures {
    count: u32,
    last: Instant,
    shut_until: Instant,
}

/// Failed sign-ins by account name and by address.
#[derive(Debug, Default)]
pub struct SignInThrottle {
    accounts: Mutex<HashMap<String, Failures>>,
    addresses: Mutex<HashMap<IpAddr, Failures>>,
}

fn remaining<K: Eq + Hash>(table: &Mutex<HashMap<K, Failures>>, key: &K, now: Instant) -> Duration {
    let table = table.lock().unwrap_or_else(|e| e.into_inner());
    table.get(key).map_or(Duration::ZERO, |f| {
        f.shut_until.saturating_duration_since(now)
    })
}

fn fail<K: Eq + Hash>(
    table: &Mutex<HashMap<K, Failures>>,
    key: K,
    free: u32,
    limits: &SignInLimits,
    now: Instant,
) {
    let mut table = table.lock().unwrap_or_else(|e| e.into_inner());
    if table.len() >= KEEP_AT_MOST {
        table.retain(|_, f| now.duration_since(f.last) < FORGET_AFTER || f.shut_until > now);
    }
    let failures = table.entry(key).or_insert(Failures {
        count: 0,
        last: now,
        shut_until: now,
    });
    if now.duration_since(failures.last) >= FORGET_AFTER {
        failures.count = 0;
    }
    failures.count += 1;
    failures.last = now;
    if let Some(over) = failures.count.checked_sub(free + 1) {
        let delay = limits
            .first_delay
            .saturating_mul(1u32 << over.min(20))
            .min(limits.max_delay);
        failures.shut_until = now + delay;
    }
}

impl SignInThrottle {
    /// How long `name` or `address` is still shut out.
    fn shut_out_for(&self, name: &str, address: Option<IpAddr>) -> Duration {
        let now = Instant::now();
        let account = remaining(&self.accounts, &name.to_lowercase(), now);
        let address = address.map_or(Duration::ZERO, |a| remaining(&self.addresses, &a, now));
        account.max(address)
    }

    pub(crate) fn failed(&self, name: &str, address: Option<IpAddr>, limits: &SignInLimits) {
        let now = Instant::now();
        fail(
            &self.accounts,
            name.to_lowercase(),
            limits.per_account,
            limits,
            now,
        );
        if let Some(address) = address {
            fail(&self.addresses, address, limits.per_address, limits, now);
        }
    }

    /// The right password: the account's failures are forgiven (its address's are not, or
    /// one good account would wipe an address's guesses at others).
    pub(crate) fn succeeded(&self, name: &str) {
        let mut accounts = self.accounts.lock().unwrap_or_else(|e| e.into_inner());
        accounts.remove(&name.to_lowercase());
    }
}

#[derive(Deserialize)]
struct Named {
    name: String,
}

/// The middleware on `POST /api/signin`.
pub async fn sign_in(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let address = (request.extensions().get::<ConnectInfo<SocketAddr>>()).map(|c| c.0.ip());
    let (parts, body) = request.into_parts();
    let Ok(bytes) = to_bytes(body, MAX_MESSAGE_BYTES).await else {
        return ApiError::TooLarge.into_response();
    };
    // A body without a name is the handler's to refuse.
    let Ok(Named { name }) = serde_json::from_slice(&bytes) else {
        return next
            .run(Request::from_parts(parts, Body::from(bytes)))
            .await;
    };
    let throttle = state.sign_in_throttle();
    let wait = throttle.shut_out_for(&name, address);
    if !wait.is_zero() {
        let mut response = ApiError::RateLimited.into_response();
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        response
            .headers_mut()
            .insert(RETRY_AFTER, HeaderValue::from(seconds));
        return response;
    }
    let response = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    let node = &state.games().context().node;
    match response.status() {
        StatusCode::OK => {
            throttle.succeeded(&name);
            node.publish_sign_in(&SignInNews::Succeeded { name });
        }
        StatusCode::UNAUTHORIZED => {
            throttle.failed(&name, address, &state.config().sign_in);
            node.publish_sign_in(&SignInNews::Failed { name, address });
        }
        _ => {}
    }
    response
}

/// A sign-in's outcome, as the other nodes hear it (several nodes on one database): each
/// counts the failures of all, so spreading guesses over the nodes does not multiply them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SignInNews {
    Failed {
        name: String,
        address: Option<IpAddr>,
    },
    Succeeded {
        name: String,
    },
}

impl SignInNews {
    /// `"f <address|-> <name>"` or `"s <name>"` (the name last: it may hold spaces).
    pub(crate) fn to_payload(&self) -> String {
        match self {
            SignInNews::Failed { name, address } => {
                let address = address.map_or_else(|| "-".to_string(), |a| a.to_string());
                format!("f {address} {name}")
            }
            SignInNews::Succeeded { name } => format!("s {name}"),
        }
    }

    pub(crate) fn from_payload(payload: &str) -> Option<SignInNews> {
        match payload.split_once(' ')? {
            ("f", rest) => {
                let (address, name) = rest.split_once(' ')?;
                let address = match address {
                    "-" => None,
                    address => Some(address.parse().ok()?),
                };
                Some(SignInNews::Failed {
                    name: name.to_string(),
                    address,
                })
            }
            ("s", name) => Some(SignInNews::Succeeded {
                name: name.to_string(),
            }),
            _ => None,
        }
    }

    /// What another node heard, counted here too.
    pub(crate) fn apply(self, state: &AppState) {
        let throttle = state.sign_in_throttle();
        match self {
            SignInNews::Failed { name, address } => {
                throttle.failed(&name, address, &state.config().sign_in);
            }
            SignInNews::Succeeded { name } => throttle.succeeded(&name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shut_outs_start_after_the_free_failures_and_double() {
        let limits = SignInLimits {
            per_account: 2,
            per_address: 100,
            first_delay: Duration::from_secs(1),
            max_delay: Duration::from_secs(5),
        };
        let table = Mutex::new(HashMap::new());
        let now = Instant::now();
        let mut shut = Vec::new();
        for _ in 0..7 {
            fail(&table, "ada", limits.per_account, &limits, now);
            shut.push(remaining(&table, &"ada", now).as_secs());
        }
        assert_eq!(shut, [0, 0, 1, 2, 4, 5, 5]);
        assert_eq!(remaining(&table, &"bob", now), Duration::ZERO);
    }

    #[test]
    fn news_of_a_sign_in_reads_back() {
        for news in [
            SignInNews::Failed {
                name: "Ada Lovelace".into(),
                address: Some("2001:db8::1".parse().unwrap()),
            },
            SignInNews::Failed {
                name: "x".into(),
                address: None,
            },
            SignInNews::Succeeded {
                name: "Ada Lovelace".into(),
            },
        ] {
            assert_eq!(SignInNews::from_payload(&news.to_payload()), Some(news));
        }
        for bad in ["", "f", "f 1.2.3", "f nonsense ada", "x ada"] {
            assert_eq!(SignInNews::from_payload(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_success_forgives_the_account_not_the_address() {
        let throttle = SignInThrottle::default();
        let limits = SignInLimits {
            per_account: 0,
            per_address: 0,
            ..SignInLimits::default()
        };
        let address: IpAddr = "127.0.0.1".parse().unwrap();
        throttle.failed("Ada", Some(address), &limits);
        assert!(
            !throttle.shut_out_for("ada", None).is_zero(),
            "ignoring case"
        );
        throttle.succeeded("ada");
        assert!(throttle.shut_out_for("ada", None).is_zero());
        assert!(!throttle.shut_out_for("bob", Some(address)).is_zero());
    }
}
