//! A full server shares its connections fairly: one address that fills the global cap gives
//! up its newest sockets to newcomers from other addresses (closed with 1013, "try again
//! later"), its own new sockets are refused, and a health request from yet another address is
//! answered at once. Real sockets on loopback, from many source addresses of 127.0.0.0/8.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use agora_server::{ConnectionLimits, ServerConfig};
use common::{TempDb, Ws, guests, serve_with, table, test_config};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::MaybeTlsStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// The global cap in these tests.
const TOTAL: usize = 40;
/// How long a handshake may take before it counts as refused.
const HANDSHAKE: Duration = Duration::from_secs(3);

async fn tcp_from(from: [u8; 4], server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((from, 0)))?;
    socket.connect(server).await
}

/// An anonymous spectator's WebSocket on `game` from the loopback address `from`, once its
/// first frame came; `None` if the server refused it (closed, or no answer in time).
async fn spectator_from(from: [u8; 4], server: SocketAddr, game: &str) -> Option<Ws> {
    let tcp = tcp_from(from, server).await.ok()?;
    let url = format!("ws://{server}/api/games/{game}/ws");
    let handshake = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(tcp));
    let (stream, _) = tokio::time::timeout(HANDSHAKE, handshake)
        .await
        .ok()?
        .ok()?;
    let mut ws = Ws {
        stream,
        raw: Vec::new(),
        closed: None,
        received: 0,
    };
    ws.try_next(HANDSHAKE).await?;
    Some(ws)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_admits_newcomers_from_other_addresses_by_evicting_the_biggest_holder() {
    let db = TempDb::new("full-server");
    let config = ServerConfig {
        connections: ConnectionLimits {
            total: Some(TOTAL),
            ..test_config().connections
        },
        ..test_config()
    };
    let server = serve_with(&db, config).await;
    let mut players = guests(&server, "full", 2).await;
    let game = table(&mut players, "tyrus", json!({})).await;
    // Their HTTP connections close, so that the hog below fills every place.
    drop(players);
    tokio::time::sleep(Duration::from_millis(300)).await;

    // 127.0.0.2 opens sockets until the server is full: its next one is refused.
    let mut hog = Vec::new();
    while let Some(ws) = spectator_from([127, 0, 0, 2], server.addr, &game).await {
        hog.push(ws);
        assert!(hog.len() <= TOTAL, "the global cap held nothing back");
    }
    let filled = hog.len();
    assert_eq!(filled, TOTAL, "places taken");

    // Twenty newcomers, each from an address of its own, all get in.
    let mut newcomers = Vec::new();
    for last in 10..30 {
        let ws = spectator_from([127, 0, 0, last], server.addr, &game).await;
        newcomers.push(ws.unwrap_or_else(|| panic!("127.0.0.{last} was refused")));
    }
    // ... each in the place of one of the hog's, which were told why they were closed.
    let checks = hog.into_iter().map(|mut ws| {
        tokio::spawn(async move {
            ws.try_next(Duration::from_secs(3)).await;
            ws
        })
    });
    let mut evicted = 0;
    let mut kept = Vec::new();
    for check in checks.collect::<Vec<_>>() {
        let ws = check.await.unwrap();
        match &ws.closed {
            Some(frame) => {
                let frame = frame.clone().expect("a close frame");
                assert_eq!(frame.code, CloseCode::Again, "{frame:?}");
                assert_eq!(frame.reason.as_str(), "server full: try again later");
                evicted += 1;
            }
            // The others stay open (and hold their places).
            None => kept.push(ws),
        }
    }
    assert_eq!(
        evicted,
        newcomers.len(),
        "one of the hog's sockets per newcomer"
    );
    // The hog still holds the most: its own next socket is refused.
    assert!(
        spectator_from([127, 0, 0, 2], server.addr, &game)
            .await
            .is_none(),
        "the biggest holder's newcomer was admitted"
    );
    for ws in newcomers.iter_mut().chain(&mut kept) {
        ws.ping(1).await;
    }

    // While the server is full, a health request from a third address is answered at once.
    let started = Instant::now();
    let mut health = tcp_from([127, 0, 0, 40], server.addr).await.unwrap();
    health
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: agora\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(common::PATIENCE, health.read_to_end(&mut answer))
        .await
        .expect("an answer in time")
        .unwrap();
    let took = started.elapsed();
    assert!(
        String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    eprintln!("health while full: {took:?}");
    assert!(took < Duration::from_secs(1), "health took {took:?}");
    server.stop().await;
}
