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

    // A spectator with a small receive window, asking for a fresh state again and again
    // without ever reading one.
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(16 * 1024).unwrap();
    let stream = socket.connect(server.addr).await.unwrap();
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    let (stream, _) = tokio_tungstenite::client_async(url.into_client_request().unwrap(), stream)
        .await
        .unwrap();
    let mut ws = Ws {
        stream,
        raw: Vec::new(),
        closed: None,
        received: 0,
    };
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
