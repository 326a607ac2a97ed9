//! WebSockets that outlive their welcome: one that never reads is closed once its queue is
//! full, instead of queueing without bound; signing out, or deleting a token, closes the
//! sockets that session or token opened, and no other.

mod common;

use std::time::Duration;

use agora_server::ServerConfig;
use common::{Client, TempDb, Ws, guests, serve, serve_with, table, test_config};
use futures_util::SinkExt;
use serde_json::json;
use tokio::net::TcpSocket;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// Reads until the server closes `ws`; the close code, if the close frame got through.
async fn closed_by_server(ws: &mut Ws) -> Option<CloseCode> {
    for _ in 0..10_000 {
        if ws.try_next(common::PATIENCE).await.is_none() {
            let closed = ws.closed.as_ref().expect("closed, not just quiet");
            return closed.as_ref().map(|frame| frame.code);
        }
    }
    panic!("the socket was never closed");
}

/// A spectator's socket on game `id` with a small receive window, so that what it does not
/// read backs up into the server soon.
async fn small_window_spectator(server: &common::Server, id: &str) -> Ws {
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(16 * 1024).unwrap();
    let stream = socket.connect(server.addr).await.unwrap();
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    let (stream, _) = tokio_tungstenite::client_async(url.into_client_request().unwrap(), stream)
        .await
        .unwrap();
    Ws {
        stream,
        raw: Vec::new(),
        closed: None,
        received: 0,
    }
}

/// This process's resident memory in bytes (the server under test runs in it).
fn resident_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib * 1024
}

/// How much the process may grow while one client floods pings. The server may hold, for
/// one socket, its outbox (1 MiB) and the transport's write buffer (1 MiB) besides the
/// kernel's buffers; the rest is allocator slack and the test's own client. Before the write
/// buffer was bounded, the same flood grew the process by hundreds of MiB a second.
const FLOOD_GROWTH_LIMIT: u64 = 48 * 1024 * 1024;

/// Sends 125-byte pings on `ws` as fast as it takes them, reading nothing, until the server
/// hangs up or `limit` passes; the process's largest growth meanwhile, and whether the server
/// hung up.
async fn flood_pings(ws: &mut Ws, limit: Duration) -> (u64, bool) {
    let before = resident_bytes();
    let mut growth = 0;
    let ping = Message::Ping(vec![7; 125].into());
    let started = std::time::Instant::now();
    let mut sent = 0u64;
    while started.elapsed() < limit {
        match tokio::time::timeout(Duration::from_secs(1), ws.stream.send(ping.clone())).await {
            Ok(Ok(())) => sent += 1,
            Ok(Err(_)) => return (growth, true),
            // The server stopped reading: wait for it to hang up.
            Err(_) => {}
        }
        if sent % 512 == 0 {
            growth = growth.max(resident_bytes().saturating_sub(before));
            // Stop a flood that is already far over the bound, so that a failing run does not
            // take the machine's memory with it.
            if growth > 4 * FLOOD_GROWTH_LIMIT {
                return (growth, false);
            }
        }
    }
    (growth, false)
}

/// Floods pings at a spectator socket of a server with `config`; fails unless the server
/// hangs up with the process's growth under [`FLOOD_GROWTH_LIMIT`] and serves on.
async fn a_ping_flood_is_closed_in_bounded_memory(test: &str, config: ServerConfig) {
    let db = TempDb::new(test);
    let server = serve_with(&db, config).await;
    let mut players = guests(&server, "pinged", 2).await;
    let id = table(&mut players, "tyrus", json!({})).await;
    let mut ws = small_window_spectator(&server, &id).await;

    let started = std::time::Instant::now();
    let (growth, hung_up) = flood_pings(&mut ws, Duration::from_secs(20)).await;
    eprintln!(
        "closed after {:?}, grew by {growth} bytes",
        started.elapsed()
    );
    assert!(
        hung_up,
        "the server kept a ping flood open (grew by {growth} bytes)"
    );
    assert!(growth < FLOOD_GROWTH_LIMIT, "grew by {growth} bytes");
    // The game and the server are fine.
    let mut watcher = players[0].connect(&id, "").await;
    assert_eq!(watcher.next().await["type"], "sync");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ping_flood_spends_the_message_budget_and_is_closed() {
    a_ping_flood_is_closed_in_bounded_memory("ws-ping-flood", test_config()).await;
}

/// Without a message budget, a ping flood still holds bounded memory, and since pings prove
/// nothing about reading, the idle check closes the socket.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ping_flood_without_a_budget_holds_bounded_memory_and_goes_idle() {
    let defaults = test_config();
    let config = ServerConfig {
        ws_rate: None,
        connections: agora_server::ConnectionLimits {
            websocket_ping: Duration::from_millis(300),
            ..defaults.connections
        },
        ..defaults
    };
    a_ping_flood_is_closed_in_bounded_memory("ws-ping-flood-idle", config).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_that_never_reads_is_closed_when_its_queue_is_full() {
    let db = TempDb::new("ws-never-reads");
    let config = ServerConfig {
        ws_rate: None,
        ..test_config()
    };
    let server = serve_with(&db, config).await;
    let mut players = guests(&server, "slow", 2).await;
    let id = table(&mut players, "tyrus", json!({})).await;

    // A spectator asking for a fresh state again and again without ever reading one.
    let mut ws = small_window_spectator(&server, &id).await;
    let sync = Message::Text(json!({"type": "sync"}).to_string().into());
    let mut sent = 0;
    for _ in 0..20_000 {
        match tokio::time::timeout(Duration::from_secs(2), ws.stream.send(sync.clone())).await {
            Ok(Ok(())) => sent += 1,
            // The server hung up, or stopped reading.
            Ok(Err(_)) | Err(_) => break,
        }
    }
    assert!(sent > 10, "{sent}");
    // Now read: the server closed the connection rather than queue every answer.
    let code = closed_by_server(&mut ws).await;
    assert!(code.is_none_or(|code| code == CloseCode::Again), "{code:?}");
    assert!(
        ws.received < sent,
        "every one of {sent} answers was kept for a client that did not read"
    );
    // The game and the server are fine.
    let mut watcher = players[0].connect(&id, "").await;
    assert_eq!(watcher.next().await["type"], "sync");
    server.stop().await;
}

/// A signed-up user `name` with the password `correct horse`, signed in.
async fn user(server: &common::Server, name: &str, bot: bool) -> Client {
    let mut client = server.client();
    client
        .ok(
            "/api/signup",
            json!({"name": name, "password": "correct horse", "bot": bot}),
        )
        .await;
    client
}

/// A game of `client` against an easy bot; its id.
async fn against_a_bot(client: &mut Client) -> String {
    let created = client
        .ok(
            "/api/tables",
            json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "ai", "level": "easy"}]}),
        )
        .await;
    created["table"]["id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signing_out_closes_that_sessions_websockets() {
    let db = TempDb::new("ws-signout");
    let server = serve(&db).await;
    let mut first = user(&server, "ada", false).await;
    let id = against_a_bot(&mut first).await;
    let mut second = server.client();
    second
        .ok(
            "/api/signin",
            json!({"name": "ada", "password": "correct horse"}),
        )
        .await;
    let mut leaving = first.connect(&id, "").await;
    let mut staying = second.connect(&id, "").await;
    assert_eq!(leaving.next().await["type"], "sync");
    assert_eq!(staying.next().await["type"], "sync");

    first.ok("/api/signout", json!({})).await;
    assert_eq!(
        closed_by_server(&mut leaving).await,
        Some(CloseCode::Policy)
    );
    // The other session's socket lives on.
    staying.ping(7).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleting_a_token_closes_its_websockets() {
    let db = TempDb::new("ws-token");
    let server = serve(&db).await;
    let mut owner = user(&server, "botty", true).await;
    let id = against_a_bot(&mut owner).await;
    let mut tokens = Vec::new();
    for label in ["one", "two"] {
        let created = owner.ok("/api/tokens", json!({"label": label})).await;
        tokens.push((
            created["id"].as_i64().unwrap(),
            created["token"].as_str().unwrap().to_string(),
        ));
    }
    let with_token = |token: &str| {
        let mut client = owner.fresh();
        client.cookie = None;
        client.token = Some(token.to_string());
        client
    };
    let mut revoked = with_token(&tokens[0].1).connect(&id, "").await;
    let mut kept = with_token(&tokens[1].1).connect(&id, "").await;
    assert_eq!(revoked.next().await["type"], "sync");
    assert_eq!(kept.next().await["type"], "sync");

    let url = format!("{}/api/tokens/{}", owner.base, tokens[0].0);
    let (status, body) = owner.send(reqwest::Client::new().delete(url)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        closed_by_server(&mut revoked).await,
        Some(CloseCode::Policy)
    );
    kept.ping(9).await;
    server.stop().await;
}

/// One account may hold only so many WebSockets (3 here); more are refused with `409`, other
/// accounts are not affected, and a closed socket frees its place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_holds_at_most_its_websockets() {
    let db = TempDb::new("ws-per-account");
    let defaults = test_config();
    let config = ServerConfig {
        connections: agora_server::ConnectionLimits {
            websockets_per_account: Some(3),
            ..defaults.connections
        },
        ..defaults
    };
    let server = serve_with(&db, config).await;
    let mut players = guests(&server, "many", 2).await;
    let id = table(&mut players, "tyrus", json!({})).await;
    let mut open = Vec::new();
    for _ in 0..3 {
        let mut ws = players[0].connect(&id, "").await;
        assert_eq!(ws.next().await["type"], "sync");
        open.push(ws);
    }
    match players[0].try_connect(&id, "").await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 409);
        }
        other => panic!("a fourth socket: {:?}", other.map(|_| "opened")),
    }
    let mut other = players[1].connect(&id, "").await;
    assert_eq!(other.next().await["type"], "sync");
    open.pop().unwrap().close().await;
    // The place is free once the server has seen the socket go.
    let started = std::time::Instant::now();
    loop {
        match players[0].try_connect(&id, "").await {
            Ok(mut ws) => {
                assert_eq!(ws.next().await["type"], "sync");
                break;
            }
            Err(e) => assert!(started.elapsed() < common::PATIENCE, "{e}"),
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server.stop().await;
}
