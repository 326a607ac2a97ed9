//! Sign-in throttling: after a few wrong passwords for one account from one address, or from
//! one address whatever the names, each further failure shuts that address out (for that
//! account, or for all) for twice as long as the last, and a sign-in meanwhile is answered
//! `429 rate_limited` with `Retry-After`, right password or not.
//!
//! The guesser pays, not the owner: failures are counted per address and account, so a
//! stranger's guesses do not shut the owner out from the owner's own address. Guesses spread
//! over many addresses are caught by a larger count per account, which shuts out every
//! address but those the account signed in from lately.
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
    /// Wrong passwords for one account (by name, ignoring case) from one address before the
    /// first shut-out of that address for that account.
    pub per_address_and_account: u32,
    /// Wrong passwords for one account from any addresses before the first shut-out of the
    /// account, for every address but those it signed in from lately.
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
            per_address_and_account: 5,
            per_account: 100,
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

/// An account's name (lowercase) and the address a sign-in came from.
type Pair = (String, Option<IpAddr>);

/// Failed sign-ins by account name and address, by account name and by address; and where
/// each account signed in from lately.
#[derive(Debug, Default)]
pub struct SignInThrottle {
    pairs: Mutex<HashMap<Pair, Failures>>,
    accounts: Mutex<HashMap<String, Failures>>,
    addresses: Mutex<HashMap<IpAddr, Failures>>,
    /// The last good sign-in of each account from each address.
    known: Mutex<HashMap<Pair, Instant>>,
}

/// An address an account signed in from stays known this long after.
const KNOWN_FOR: Duration = Duration::from_secs(30 * 24 * 60 * 60);

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
    /// How long a sign-in to `name` from `address` is still shut out.
    fn shut_out_for(&self, name: &str, address: Option<IpAddr>) -> Duration {
        let now = Instant::now();
        let pair = (name.to_lowercase(), address);
        let by_pair = remaining(&self.pairs, &pair, now);
        let by_address = address.map_or(Duration::ZERO, |a| remaining(&self.addresses, &a, now));
        let by_account = if self.is_known(&pair, now) {
            Duration::ZERO
        } else {
            remaining(&self.accounts, &pair.0, now)
        };
        by_pair.max(by_address).max(by_account)
    }

    fn is_known(&self, pair: &Pair, now: Instant) -> bool {
        let known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        known
            .get(pair)
            .is_some_and(|since| now.duration_since(*since) < KNOWN_FOR)
    }

    pub(crate) fn failed(&self, name: &str, address: Option<IpAddr>, limits: &SignInLimits) {
        let now = Instant::now();
        let name = name.to_lowercase();
        let free = limits.per_address_and_account;
        fail(&self.pairs, (name.clone(), address), free, limits, now);
        fail(&self.accounts, name, limits.per_account, limits, now);
        if let Some(address) = address {
            fail(&self.addresses, address, limits.per_address, limits, now);
        }
    }

    /// The right password: the failures of that account from that address are forgiven, and
    /// the address is known to the account from now on. The account's failures from
    /// elsewhere are not forgiven (the owner signing in would wipe a spread guesser's count),
    /// nor the address's (one good account would wipe its guesses at others).
    pub(crate) fn succeeded(&self, name: &str, address: Option<IpAddr>) {
        let now = Instant::now();
        let pair = (name.to_lowercase(), address);
        let mut pairs = self.pairs.lock().unwrap_or_else(|e| e.into_inner());
        pairs.remove(&pair);
        drop(pairs);
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        if known.len() >= KEEP_AT_MOST {
            known.retain(|_, since| now.duration_since(*since) < KNOWN_FOR);
        }
        if known.len() < KEEP_AT_MOST {
            known.insert(pair, now);
        }
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
    let bytes = match to_bytes(body, MAX_MESSAGE_BYTES).await {
        Ok(bytes) => bytes,
        Err(e) => return crate::http::body::unread_body(&e).into_response(),
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
            throttle.succeeded(&name, address);
            node.publish_sign_in(&SignInNews::Succeeded { name, address }.to_payload());
        }
        StatusCode::UNAUTHORIZED => {
            throttle.failed(&name, address, &state.config().sign_in);
            node.publish_sign_in(&SignInNews::Failed { name, address }.to_payload());
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
        address: Option<IpAddr>,
    },
}

impl SignInNews {
    /// `"f <address|-> <name>"` or `"s <address|-> <name>"` (the name last: it may hold
    /// spaces).
    pub(crate) fn to_payload(&self) -> String {
        let (kind, name, address) = match self {
            SignInNews::Failed { name, address } => ("f", name, address),
            SignInNews::Succeeded { name, address } => ("s", name, address),
        };
        let address = address.map_or_else(|| "-".to_string(), |a| a.to_string());
        format!("{kind} {address} {name}")
    }

    pub(crate) fn from_payload(payload: &str) -> Option<SignInNews> {
        let (kind, rest) = payload.split_once(' ')?;
        let (address, name) = rest.split_once(' ')?;
        let address = match address {
            "-" => None,
            address => Some(address.parse().ok()?),
        };
        let name = name.to_string();
        match kind {
            "f" => Some(SignInNews::Failed { name, address }),
            "s" => Some(SignInNews::Succeeded { name, address }),
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
            SignInNews::Succeeded { name, address } => throttle.succeeded(&name, address),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shut_outs_start_after_the_free_failures_and_double() {
        let limits = SignInLimits {
            per_address_and_account: 2,
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
                address: Some("127.0.0.1".parse().unwrap()),
            },
        ] {
            assert_eq!(SignInNews::from_payload(&news.to_payload()), Some(news));
        }
        for bad in ["", "f", "f 1.2.3", "f nonsense ada", "x - ada", "s ada"] {
            assert_eq!(SignInNews::from_payload(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_success_forgives_the_account_at_that_address_not_the_address() {
        let throttle = SignInThrottle::default();
        let limits = SignInLimits {
            per_address_and_account: 0,
            per_address: 0,
            ..SignInLimits::default()
        };
        let address: IpAddr = "127.0.0.1".parse().unwrap();
        throttle.failed("Ada", Some(address), &limits);
        assert!(
            !throttle.shut_out_for("ada", Some(address)).is_zero(),
            "ignoring case"
        );
        throttle.succeeded("ada", Some(address));
        let pairs = throttle.pairs.lock().unwrap();
        assert!(!pairs.contains_key(&("ada".into(), Some(address))));
        drop(pairs);
        assert!(!throttle.shut_out_for("bob", Some(address)).is_zero());
    }

    /// A stranger's failures shut out the stranger, not the owner at another address; past
    /// the count per account, every address is shut out but the ones the owner used.
    #[test]
    fn the_guesser_pays_and_the_owner_known_address_passes() {
        let throttle = SignInThrottle::default();
        let limits = SignInLimits {
            per_address_and_account: 1,
            per_account: 4,
            per_address: 100,
            ..SignInLimits::default()
        };
        let address = |last: u8| Some(IpAddr::from([127, 0, 0, last]));
        throttle.succeeded("ada", address(1));
        throttle.failed("ada", address(9), &limits);
        throttle.failed("ada", address(9), &limits);
        assert!(!throttle.shut_out_for("ada", address(9)).is_zero());
        assert!(throttle.shut_out_for("ada", address(2)).is_zero());
        for spread in 10..13 {
            throttle.failed("ada", address(spread), &limits);
        }
        assert!(!throttle.shut_out_for("ada", address(2)).is_zero());
        assert!(throttle.shut_out_for("ada", address(1)).is_zero(), "known");
        assert!(throttle.shut_out_for("bob", address(2)).is_zero());
    }
}
