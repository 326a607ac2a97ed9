//! The computers' moves are paced: at a Tsuro table of one person and three computers, each
//! computer's move is committed no sooner than `ai_pace` after the game's previous move, and
//! reaches the player in an event frame of its own.

mod common;

use std::time::{Duration, Instant};

use agora_store::EventKind;
use common::{TempDb, guests, serve_with, test_config};
use serde_json::json;

const PACE: Duration = Duration::from_millis(400);

/// How much earlier than the pace two frames may arrive after each other: the first may have
/// waited longer on its way over loopback than the second.
const DELIVERY_SLACK: Duration = Duration::from_millis(60);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_moves_land_one_at_a_time_at_least_the_pace_apart() {
    let db = TempDb::new("ai-pace");
    let config = agora_server::ServerConfig {
        ai_pace: PACE,
        ..test_config()
    };
    let server = serve_with(&db, config).await;
    let mut clients = guests(&server, "paced", 1).await;
    let ai = json!({"kind": "ai", "level": "beginner"});
    let created = clients[0]
        .ok(
            "/api/tables",
            json!({"game": "tsuro", "options": {"players": 4},
                   "seats": [{"kind": "me"}, ai, ai, ai]}),
        )
        .await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    let mut ws = clients[0].connect(&id, "").await;

    // Each event frame with a computer's move, and when it arrived.
    let mut computer_frames: Vec<(Instant, Vec<serde_json::Value>)> = Vec::new();
    let mut my_moves = 0;
    let mut moved_at = None;
    while my_moves < 3 {
        let frame = ws.next().await;
        if !common::is_state_frame(&frame) {
            continue;
        }
        let arrived = Instant::now();
        if frame["type"] == "event" {
            let events = frame["events"].as_array().unwrap().clone();
            if events.iter().any(|e| e["kind"] == "move" && e["seat"] != 0) {
                computer_frames.push((arrived, events));
            }
        }
        if frame["state"]["status"] != "playing" {
            break;
        }
        let version = frame["version"].as_u64().unwrap();
        if let Some(moves) = frame["state"]["legal_moves"].as_array()
            && moved_at != Some(version)
        {
            ws.send(json!({"type": "play", "move": moves[0], "version": version, "ref": version}))
                .await;
            moved_at = Some(version);
            my_moves += 1;
        }
    }
    assert!(
        computer_frames.len() >= 3,
        "the computers moved: {computer_frames:?}"
    );
    for (_, events) in &computer_frames {
        let moves = events.iter().filter(|e| e["kind"] == "move").count();
        assert_eq!(moves, 1, "one move per frame: {events:?}");
    }
    for pair in computer_frames.windows(2) {
        let apart = pair[1].0 - pair[0].0;
        assert!(
            apart + DELIVERY_SLACK >= PACE,
            "frames {apart:?} apart: {:?} then {:?}",
            pair[0].1,
            pair[1].1
        );
    }

    // The log's own times: every computer's move at least the pace after the move before it.
    let log = db.events(&id).await;
    let moves: Vec<_> = log.iter().filter(|e| e.kind == EventKind::Move).collect();
    let mut paced = 0;
    for pair in moves.windows(2) {
        if pair[1].seat != Some(0) {
            let apart = pair[1].at - pair[0].at;
            assert!(
                apart >= PACE.as_millis() as i64,
                "{apart} ms between {:?} and {:?}",
                pair[0],
                pair[1]
            );
            paced += 1;
        }
    }
    assert!(paced >= 3, "{moves:?}");
    server.stop().await;
}
