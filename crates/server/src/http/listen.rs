//! The accept loop: each TCP connection served by hyper with a header-read timeout, within a
//! per-address cap and a global cap kept below the process's descriptor limit, which is shared
//! fairly when full ([`hall`]).
//!
//! `axum::serve` offers none of these: an idle or slowloris connection was held for ever, and
//! enough of them from one address used up every descriptor, so accept failed for everyone.

use std::net::{IpAddr, SocketAddr};
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

use hall::{Hall, Place};

mod hall;

/// How many connections the server holds, and how long a client may take to send a request's
/// headers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Connections (HTTP and WebSocket) open at once from one IP address. `None`: no cap
    /// (load tests over loopback).
    pub per_address: Option<usize>,
    /// Connections open at once in all. `None`: the process's descriptor limit less
    /// [`RESERVED_DESCRIPTORS`]. At the cap a newcomer holding fewer connections than the
    /// biggest holder takes the place of that holder's newest one (a WebSocket is closed with
    /// 1013); any other newcomer is closed at once.
    pub total: Option<usize>,
    /// From a connection's start, or the end of its previous response, to the end of the next
    /// request's headers. Covers connections that send nothing (idle) and those that send
    /// headers a byte at a time (slowloris).
    pub header_read: Duration,
    /// From the end of a request's headers to the end of its body. A body sent slowly, or not
    /// at all, is refused when this passes (`400 bad_request`) and the connection closed,
    /// instead of holding it open for as long as the client likes.
    pub body_read: Duration,
    /// WebSockets one account may hold open at once; more are refused `409 limit_reached`.
    /// `None`: no cap (load tests).
    pub websockets_per_account: Option<usize>,
    /// How often the server pings each WebSocket; one that sends nothing (not even the pong
    /// every client sends by itself while it reads) through two pings in a row is closed
    /// (code 1001, `idle: no answer to pings`). Quiet clients that read stay connected.
    pub websocket_ping: Duration,
    /// Proxies in front of the server (several nodes behind one address). A connection from
    /// one is not capped per address (the proxy holds every client's), and its requests are
    /// taken to come from the address the proxy put last in `X-Forwarded-For`, so that
    /// every limit per address (requests, sign-ins, table creation) counts the client, not
    /// the proxy.
    pub trusted_proxies: Vec<IpAddr>,
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            per_address: Some(64),
            total: None,
            header_read: Duration::from_secs(10),
            body_read: Duration::from_secs(10),
            websockets_per_account: Some(32),
            websocket_ping: Duration::from_secs(30),
            trusted_proxies: Vec::new(),
        }
    }
}

/// Descriptors kept out of the global cap: the database, its WAL, logs, the listener, and
/// connections in the middle of being refused.
pub const RESERVED_DESCRIPTORS: usize = 64;

/// The global cap used when [`ConnectionLimits::total`] is `None`.
pub fn default_total() -> usize {
    descriptor_limit()
        .map_or(1024, |limit| limit as usize)
        .saturating_sub(RESERVED_DESCRIPTORS)
        .max(16)
}

/// The process's soft limit on open descriptors, if the platform says.
fn descriptor_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        rlimit::getrlimit(rlimit::Resource::NOFILE)
            .ok()
            .map(|(soft, _)| soft)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Raises the soft limit on open descriptors to the hard limit, so the server can hold as many
/// connections as the system allows it; returns the limit now in force. `agora serve` calls it
/// at start-up, before the server computes its global cap.
pub fn raise_descriptor_limit() -> std::io::Result<u64> {
    #[cfg(unix)]
    {
        rlimit::increase_nofile_limit(u64::MAX)
    }
    #[cfg(not(unix))]
    {
        Err(std::io::Error::other(
            "no descriptor limit on this platform",
        ))
    }
}

/// The client behind trusted proxies: the last address in `X-Forwarded-For` that is not one
/// of `trusted` (each proxy appends the address it heard from; a client may write anything
/// before that). `None` without a usable header.
pub fn forwarded_client(headers: &axum::http::HeaderMap, trusted: &[IpAddr]) -> Option<IpAddr> {
    let mut hops: Vec<&str> = Vec::new();
    for value in headers.get_all("x-forwarded-for") {
        hops.extend(value.to_str().ok()?.split(','));
    }
    for hop in hops.iter().rev() {
        let ip: IpAddr = hop.trim().parse().ok()?;
        if !trusted.contains(&ip) {
            return Some(ip);
        }
    }
    None
}

/// One connection's place in the hall (under its holder's cap and the global cap), freed when
/// the last holder drops it. Each request carries it in its extensions, so that a WebSocket
/// keeps it for as long as it is open.
#[derive(Clone, Debug)]
pub struct ConnectionSlot(Arc<Place>);

/// A proxied client's place under the per-address cap, counted by the address the trusted
/// proxy names, held for a request (and a WebSocket's whole life).
#[derive(Clone, Debug)]
pub struct ClientSlot(#[allow(dead_code)] Arc<Place>);

/// A request's places under the connection caps (its connection's, and its proxied client's),
/// for a WebSocket to hold for as long as it is open.
#[derive(Clone, Debug)]
pub struct Places(
    Option<ConnectionSlot>,
    #[allow(dead_code)] Option<ClientSlot>,
);

impl Places {
    /// Resolves once the connection has been told to give its place to a newcomer (the
    /// server is full and this connection's holder holds the most); never without a place.
    pub async fn evicted(&self) {
        match &self.0 {
            Some(ConnectionSlot(place)) => place.evicted().await,
            None => std::future::pending().await,
        }
    }
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Places {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Places, Self::Rejection> {
        let extensions = &parts.extensions;
        Ok(Places(
            extensions.get::<ConnectionSlot>().cloned(),
            extensions.get::<ClientSlot>().cloned(),
        ))
    }
}

/// What a connection from a trusted proxy needs to count its clients: the proxies, the
/// requests open per client address with the cap, and the hall, where the connection counts
/// for the client its last request came from.
#[derive(Clone, Debug)]
struct Proxied {
    trusted: Arc<[IpAddr]>,
    clients: Arc<Hall>,
    cap: Option<usize>,
    hall: Arc<Hall>,
}

/// Serves `app` on `listener` until `stop` resolves, then lets each connection finish the
/// request in flight. WebSockets outlive this (the games' feeds close them).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    stop: impl Future<Output = ()>,
) {
    let total = limits.total.unwrap_or_else(default_total);
    let hall = Arc::new(Hall::default());
    let proxied_clients = Proxied {
        trusted: Arc::from(limits.trusted_proxies.clone()),
        clients: Arc::new(Hall::default()),
        cap: limits.per_address,
        hall: hall.clone(),
    };
    let mut http1 = hyper::server::conn::http1::Builder::new();
    http1
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read);
    // Each connection task holds a receiver; shutdown waits until all are gone.
    let (stopping, stopping_rx) = watch::channel(false);
    let mut stop = pin!(stop);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors despite the cap (another part of the process holds
                    // many), or a connection reset before accept: pause instead of spinning.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let proxied = limits.trusted_proxies.contains(&peer.ip());
        let cap = if proxied { None } else { limits.per_address };
        let place = match hall.admit(peer.ip(), cap, Some(total)) {
            Ok(place) => place,
            Err(refusal) => {
                tracing::debug!(%peer, ?refusal, "connection refused");
                drop(tcp);
                continue;
            }
        };
        let slot = ConnectionSlot(Arc::new(place));
        tokio::spawn(serve_connection(
            tcp,
            peer,
            proxied.then(|| proxied_clients.clone()),
            slot,
            app.clone(),
            http1.clone(),
            stopping_rx.clone(),
        ));
    }
    drop(listener);
    let _ = stopping.send(true);
    drop(stopping_rx);
    stopping.closed().await;
}

async fn serve_connection(
    tcp: TcpStream,
    peer: SocketAddr,
    // The trusted proxies and their clients' counts, when `peer` is one of them.
    proxy: Option<Proxied>,
    slot: ConnectionSlot,
    app: Router,
    http1: hyper::server::conn::http1::Builder,
    mut stopping: watch::Receiver<bool>,
) {
    // Without TCP_NODELAY, an event frame written right after an ack waits for the client's
    // delayed ACK (up to 40 ms on Linux).
    if let Err(e) = tcp.set_nodelay(true) {
        tracing::debug!(error = %e, "TCP_NODELAY not set");
    }
    let evicted = slot.clone();
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        let forwarded =
            (proxy.as_ref()).and_then(|proxy| forwarded_client(request.headers(), &proxy.trusted));
        let client = forwarded.map_or(peer, |ip| SocketAddr::new(ip, peer.port()));
        // A client behind the proxy is capped by its own address, as a direct one is.
        if let (Some(proxy), Some(ip)) = (&proxy, forwarded) {
            proxy.hall.move_to(&slot.0, ip);
            match proxy.clients.admit(ip, proxy.cap, None) {
                Ok(place) => {
                    request.extensions_mut().insert(ClientSlot(Arc::new(place)));
                }
                Err(_) => {
                    tracing::debug!(%ip, "refused: too many connections from this client");
                    let refused =
                        axum::response::IntoResponse::into_response(crate::ApiError::RateLimited);
                    return futures_util::future::Either::Left(std::future::ready(Ok(refused)));
                }
            }
        }
        request.extensions_mut().insert(ConnectInfo(client));
        request.extensions_mut().insert(slot.clone());
        futures_util::future::Either::Right(app.clone().oneshot(request.map(Body::new)))
    });
    let mut connection = pin!(
        http1
            .serve_connection(TokioIo::new(tcp), service)
            .with_upgrades()
    );
    let mut evicted = pin!(evicted.0.evicted());
    let mut told_to_go = false;
    loop {
        tokio::select! {
            () = &mut evicted, if !told_to_go => {
                // Another holder's newcomer took this place: finish the request in flight,
                // if any, and close (an upgraded WebSocket watches its own place).
                told_to_go = true;
                connection.as_mut().graceful_shutdown();
            }
            result = connection.as_mut() => {
                if let Err(e) = result {
                    tracing::debug!(%peer, error = %e, "connection ended");
                }
                return;
            }
            changed = stopping.changed(), if !*stopping.borrow() => {
                if changed.is_ok() {
                    connection.as_mut().graceful_shutdown();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forwarded(values: &[&str]) -> axum::http::HeaderMap {
        let mut headers = axum::http::HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", value.parse().unwrap());
        }
        headers
    }

    #[test]
    fn the_client_is_the_last_address_no_trusted_proxy_added() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let inner: IpAddr = "10.0.0.2".parse().unwrap();
        let client =
            |values: &[&str], trusted: &[IpAddr]| forwarded_client(&forwarded(values), trusted);
        let ip = |text: &str| Some(text.parse::<IpAddr>().unwrap());
        // The client's own claim comes first; the proxy appended what it heard.
        assert_eq!(
            client(&["1.2.3.4, 203.0.113.9"], &[proxy]),
            ip("203.0.113.9")
        );
        // Two proxies: the inner one's address is skipped.
        assert_eq!(
            client(&["203.0.113.9", "10.0.0.2"], &[proxy, inner]),
            ip("203.0.113.9")
        );
        assert_eq!(client(&["2001:db8::7"], &[proxy]), ip("2001:db8::7"));
        // Nothing usable: the proxy's own address stands.
        assert_eq!(client(&[], &[proxy]), None);
        assert_eq!(client(&["not an address"], &[proxy]), None);
        assert_eq!(client(&["10.0.0.1"], &[proxy]), None);
    }
}
