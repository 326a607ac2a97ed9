//! The AI pool works only for games someone still plays (issue 35): a computer's move queued
//! or running is given up when its game ends, and when nobody has watched the game for a
//! while (asked for again when someone comes back); the snapshot says the computer is
//! thinking and, while its reply waits for a thread, where it stands in the queue.

mod common;

use std::time::Duration;

use agora_server::ServerConfig;
use common::{Client, TempDb, serve_with, test_config};
use serde_json::{Value, json};
use tokio::time::Instant;

/// The AI's jobs running and waiting, as `/api/health` tells them.
async fn ai_load(client: &mut Client) -> (u64, u64) {
    let (status, body) = client.get("/api/health").await;
    assert_eq!(status, 200, "{body}");
    let ai = &body["ai"];
    (
        ai["running"].as_u64().unwrap(),
        ai["waiting"].as_u64().unwrap(),
    )
}

/// Waits until the AI's load is `expected`, within `within`.
async fn until_load(client: &mut Client, expected: (u64, u64), within: Duration) {
    let deadline = Instant::now() + within;
    loop {
        let load = ai_load(client).await;
        if load == expected {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the AI's load stayed {load:?}, not {expected:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn guest_from(server: std::net::SocketAddr, local: [u8; 4], name: &str) -> Client {
    let mut client = Client::from_address(server, local);
    let (status, body) = client.post("/api/guest", json!({ "name": name })).await;
    assert_eq!(status, 200, "{body}");
    client
}

/// A two-seat Tsuro game of `client` against `hard`, played until the computer is to move;
/// its id and the snapshot then.
async fn waiting_on_hard(client: &mut Client) -> (String, Value) {
    let created = client
        .ok(
            "/api/tables",
            json!({"game": "tsuro", "seats": [{"kind": "me"}, {"kind": "ai", "level": "hard"}]}),
        )
        .await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    loop {
        let state = client.game(&id).await;
        if state["turn"]["seat"] == 1 {
            return (id, state);
        }
        if let Some(moves) = state["legal_moves"].as_array() {
            let version = state["version"].as_u64().unwrap();
            let (status, body) = client
                .post(
                    &format!("/api/games/{id}/move"),
                    json!({"move": moves[0], "version": version}),
                )
                .await;
            assert_eq!(status, 200, "{body}");
        }
    }
}

/// A `hard` search of Tsuro takes seconds in a debug build: resigning stops it at once, and a
/// reply queued behind it is told where it stands, then leaves the queue when its own player
/// resigns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_that_ends_takes_its_computer_off_the_pool() {
    let db = TempDb::new("ai-queue-ends");
    let config = ServerConfig {
        ai_threads: 1,
        ..test_config()
    };
    let server = serve_with(&db, config).await;
    let mut ada = guest_from(server.addr, [127, 0, 0, 11], "ada").await;
    let mut bo = guest_from(server.addr, [127, 0, 0, 12], "bo").await;
    let mut probe = Client::from_address(server.addr, [127, 0, 0, 13]);

    let (ada_game, ada_state) = waiting_on_hard(&mut ada).await;
    until_load(&mut probe, (1, 0), Duration::from_secs(5)).await;
    assert_eq!(ada_state["computer"]["seat"], 1, "{ada_state}");

    let (bo_game, _) = waiting_on_hard(&mut bo).await;
    until_load(&mut probe, (1, 1), Duration::from_secs(5)).await;
    let bo_state = bo.game(&bo_game).await;
    let queued = &bo_state["computer"]["queued"];
    assert_eq!(queued["ahead"], 0, "{bo_state}");
    assert!(queued["wait_ms"].as_u64().is_some(), "{bo_state}");
    assert_eq!(
        ada.game(&ada_game).await["computer"]["queued"],
        Value::Null,
        "Ada's reply is being worked out, not queued"
    );

    let (status, body) = bo
        .post(&format!("/api/games/{bo_game}/resign"), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    until_load(&mut probe, (1, 0), Duration::from_secs(1)).await;
    let over = bo.game(&bo_game).await;
    assert!(over.get("computer").is_none(), "{over}");

    let (status, body) = ada
        .post(&format!("/api/games/{ada_game}/resign"), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    // Far sooner than the search's own end.
    until_load(&mut probe, (0, 0), Duration::from_millis(1500)).await;
    server.crash().await;
}

/// A game between computers that nobody watches stops taking the pool's threads after
/// `ai_idle`, and goes on as soon as someone asks for it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_nobody_watches_waits_until_someone_looks() {
    let db = TempDb::new("ai-queue-idle");
    let config = ServerConfig {
        ai_threads: 1,
        ai_idle: Duration::from_millis(300),
        ..test_config()
    };
    let server = serve_with(&db, config).await;
    let mut ada = guest_from(server.addr, [127, 0, 0, 21], "ada").await;
    let mut probe = Client::from_address(server.addr, [127, 0, 0, 22]);
    let hard = json!({"kind": "ai", "level": "hard"});
    let created = ada
        .ok(
            "/api/tables",
            json!({"game": "tsuro", "seats": [hard, hard]}),
        )
        .await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    until_load(&mut probe, (0, 0), Duration::from_secs(5)).await;
    let left = ada.game(&id).await;
    assert_eq!(left["status"], "playing", "{left}");
    assert!(left.get("computer").is_some(), "asked again: {left}");
    // Asking for the game brought its computer back to work.
    until_load(&mut probe, (1, 0), Duration::from_secs(1)).await;

    // A watcher on the WebSocket keeps it going past the idle time.
    let _ws = ada.connect(&id, "").await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(ai_load(&mut probe).await, (1, 0), "still thinking");
    server.crash().await;
}
