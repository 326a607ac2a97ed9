//! Idle and slow connections over real loopback sockets: an address past its cap is refused
//! at once and others are still served; a connection that sends nothing, or its headers a
//! byte at a time, is closed after the header-read timeout; a WebSocket whose client answers
//! no pings is closed, one whose client reads is not.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use agora_server::{ConnectionLimits, ServerConfig};
use common::{TempDb, guests, serve_with, table, test_config};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

fn config(per_address: Option<usize>, header_read: Duration) -> ServerConfig {
    ServerConfig {
        connections: ConnectionLimits {
            per_address,
            total: None,
            header_read,
            ..ConnectionLimits::default()
        },
        ..test_config()
    }
}

/// A connection to `server` from the loopback address `from` (any of 127.0.0.0/8).
async fn connect_from(from: [u8; 4], server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(server).await.unwrap()
}

/// Whether the server closes `stream` within `wait` (end of stream or reset).
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut buffer = [0u8; 256];
    let deadline = Instant::now() + wait;
    loop {
        match tokio::time::timeout_at(deadline.into(), stream.read(&mut buffer)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            // A `408`-style answer before closing is fine; keep reading to the end.
            Ok(Ok(_)) => {}
        }
    }
}

/// `GET /api/health` over a fresh connection from `from`: the status line.
async fn health_from(from: [u8; 4], server: SocketAddr) -> String {
    let mut stream = connect_from(from, server).await;
    stream
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: agora\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(common::PATIENCE, stream.read_to_end(&mut response))
        .await
        .expect("an answer in time")
        .unwrap();
    let response = String::from_utf8_lossy(&response);
    response.lines().next().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_over_its_cap_is_refused_and_others_are_served() {
    let db = TempDb::new("conn-cap");
    let server = serve_with(&db, config(Some(20), Duration::from_secs(60))).await;
    let mut idle = Vec::new();
    for _ in 0..40 {
        idle.push(connect_from([127, 0, 0, 1], server.addr).await);
    }
    // The 20 past the cap are closed at once; the first 20 are held (the timeout is long).
    let checks = idle.into_iter().map(|mut stream| {
        tokio::spawn(async move { closed_within(&mut stream, Duration::from_secs(2)).await })
    });
    let mut closed = 0;
    for check in checks.collect::<Vec<_>>() {
        closed += usize::from(check.await.unwrap());
    }
    assert_eq!(closed, 20, "connections past the cap closed");
    assert_eq!(
        health_from([127, 0, 0, 2], server.addr).await,
        "HTTP/1.1 200 OK",
        "another address is served"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_are_closed_after_the_header_timeout() {
    let db = TempDb::new("conn-idle");
    let server = serve_with(&db, config(None, Duration::from_millis(500))).await;
    let mut idle = Vec::new();
    for _ in 0..30 {
        idle.push(connect_from([127, 0, 0, 1], server.addr).await);
    }
    for stream in &mut idle {
        assert!(closed_within(stream, Duration::from_secs(5)).await);
    }
    // A connection that sent one request and then nothing is idle too.
    let mut kept = connect_from([127, 0, 0, 1], server.addr).await;
    kept.write_all(b"GET /api/health HTTP/1.1\r\nHost: agora\r\n\r\n")
        .await
        .unwrap();
    assert!(closed_within(&mut kept, Duration::from_secs(5)).await);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slowloris_connections_are_closed_after_the_header_timeout() {
    let db = TempDb::new("conn-slowloris");
    let server = serve_with(&db, config(None, Duration::from_secs(1))).await;
    let started = Instant::now();
    let mut slow = Vec::new();
    for i in 0..50 {
        let addr = server.addr;
        slow.push(tokio::spawn(async move {
            let mut stream = connect_from([127, 0, 0, 1], addr).await;
            let header = format!("GET /api/health HTTP/1.1\r\nHost: agora\r\nX-Slow-{i}: ");
            if stream.write_all(header.as_bytes()).await.is_err() {
                return true;
            }
            // A byte every 100 ms, for at most 8 s: the server must hang up well before.
            for _ in 0..80 {
                if closed_within(&mut stream, Duration::from_millis(100)).await {
                    return true;
                }
                if stream.write_all(b"a").await.is_err() {
                    return true;
                }
            }
            false
        }));
    }
    for task in slow {
        assert!(task.await.unwrap(), "a slowloris connection was held");
    }
    assert!(started.elapsed() < Duration::from_secs(8));
    assert_eq!(
        health_from([127, 0, 0, 1], server.addr).await,
        "HTTP/1.1 200 OK"
    );
    server.stop().await;
}

/// A POST whose body comes a byte every 500 ms, or never: the server answers `400` and hangs
/// up once the body deadline (1 s here) has passed, instead of holding the connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_and_silent_request_bodies_end_at_the_body_deadline() {
    let db = TempDb::new("conn-slow-body");
    let mut config = config(None, Duration::from_secs(10));
    config.connections.body_read = Duration::from_secs(1);
    let server = serve_with(&db, config).await;
    let mut slow = Vec::new();
    for (path, drip) in [
        ("/api/guest", true),
        ("/api/guest", false),
        ("/api/signin", true),
        ("/api/signin", false),
    ] {
        let addr = server.addr;
        slow.push(tokio::spawn(async move {
            let started = Instant::now();
            let mut stream = connect_from([127, 0, 0, 1], addr).await;
            let head = format!(
                "POST {path} HTTP/1.1\r\nHost: agora\r\nContent-Type: application/json\r\n\
                 Content-Length: 200\r\n\r\n{{"
            );
            stream.write_all(head.as_bytes()).await.unwrap();
            let mut answer = Vec::new();
            let mut buffer = [0u8; 1024];
            // For at most 8 s: the server must answer and hang up well before.
            for _ in 0..16 {
                match tokio::time::timeout(Duration::from_millis(500), stream.read(&mut buffer))
                    .await
                {
                    Ok(Ok(0) | Err(_)) => break,
                    Ok(Ok(n)) => answer.extend_from_slice(&buffer[..n]),
                    Err(_) if drip => {
                        let _ = stream.write_all(b" ").await;
                    }
                    Err(_) => {}
                }
            }
            (
                path,
                drip,
                started.elapsed(),
                String::from_utf8_lossy(&answer).to_string(),
            )
        }));
    }
    for task in slow {
        let (path, drip, took, answer) = task.await.unwrap();
        assert!(
            took < Duration::from_secs(4),
            "{path} drip {drip}: held {took:?}"
        );
        assert!(
            answer.starts_with("HTTP/1.1 400"),
            "{path} drip {drip}: {answer}"
        );
        assert!(answer.contains("did not arrive within"), "{path}: {answer}");
    }
    assert_eq!(
        health_from([127, 0, 0, 1], server.addr).await,
        "HTTP/1.1 200 OK"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_that_answers_no_pings_is_closed_and_a_reading_one_stays() {
    let db = TempDb::new("conn-ws-idle");
    let config = ServerConfig {
        connections: ConnectionLimits {
            websocket_ping: Duration::from_millis(200),
            ..ConnectionLimits::default()
        },
        ..test_config()
    };
    let server = serve_with(&db, config).await;
    let mut players = guests(&server, "idle", 2).await;
    let id = table(&mut players, "tyrus", json!({})).await;
    let mut silent = players[0].connect(&id, "").await;
    let mut reading = players[1].connect(&id, "").await;
    // The reading client reads (and so answers pings) for two seconds: ten pings.
    let until = Instant::now() + Duration::from_secs(2);
    while Instant::now() < until {
        reading.try_next(Duration::from_millis(50)).await;
        assert!(reading.closed.is_none(), "{:?}", reading.closed);
    }
    reading.ping(1).await;
    // The silent one read nothing all that time, so answered nothing: it was closed.
    loop {
        if silent.try_next(common::PATIENCE).await.is_none() {
            break;
        }
    }
    let frame = silent.closed.clone().flatten().expect("a close frame");
    assert_eq!(frame.code, CloseCode::Away, "{frame:?}");
    server.stop().await;
}
