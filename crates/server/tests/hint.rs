//! `POST /api/games/{id}/hint`: the move the computer would play for the caller, in a game
//! against the computer, on the caller's turn; searched once per seat and turn and kept in
//! the store, so asking again, after a restart too, returns the same hint without a search.

mod common;

use std::time::Duration;

use common::{Client, TempDb, serve};
use serde_json::{Value, json};

/// Waits until it is the caller's turn; the game's state then.
async fn until_my_turn(client: &mut Client, id: &str) -> Value {
    for _ in 0..500 {
        let state = client.game(id).await;
        if state["turn"]["seat"] == state["viewer"]["seat"] {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("never the caller's turn");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_searched_once_a_turn_and_kept_across_a_restart() {
    let db = TempDb::new("hint-kept");
    let server = serve(&db).await;
    let mut ada = server.guest("ada").await;
    let created = ada
        .ok(
            "/api/tables",
            json!({"game": "tsuro", "seats": [{"kind": "me"}, {"kind": "ai", "level": "easy"}]}),
        )
        .await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/hint");
    let state = until_my_turn(&mut ada, &id).await;

    // A visitor has no seat: refused.
    let mut cleo = server.guest("cleo").await;
    let (status, body) = cleo.post(&path, json!({})).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (403, Some("forbidden")),
        "{body}"
    );

    let before = agora_server::api::hint::searches();
    let hint = ada.ok(&path, json!({})).await;
    assert_eq!(hint["version"], state["version"]);
    let mv = hint["move"].as_str().expect("a move").to_string();
    assert!(mv.starts_with("start "), "{hint}");
    assert!(
        state["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == mv.as_str()),
        "{hint} {state}"
    );
    assert_eq!(hint["facts"]["kind"], "start", "{hint}");
    assert!(hint["verdict"].is_string() && hint["moves"].as_u64().unwrap() >= 1);
    assert!(
        hint["best"].is_null() && !hint.to_string().contains("value"),
        "no values: {hint}"
    );
    assert_eq!(agora_server::api::hint::searches() - before, 1);
    // Asking again: the same hint, no search; nothing was played.
    assert_eq!(ada.ok(&path, json!({})).await, hint);
    assert_eq!(agora_server::api::hint::searches() - before, 1);
    assert_eq!(ada.game(&id).await["version"], state["version"]);

    // After a restart, the kept hint without a search.
    server.stop().await;
    let server = serve(&db).await;
    let mut ada = ada.on(&server);
    until_my_turn(&mut ada, &id).await;
    assert_eq!(ada.ok(&path, json!({})).await, hint);
    assert_eq!(agora_server::api::hint::searches() - before, 1);

    // Once played, it is the computer's turn: no hint until Ada's next.
    ada.ok(&format!("/api/games/{id}/move"), json!({"move": mv}))
        .await;
    let (status, body) = ada.post(&path, json!({})).await;
    if status != 200 {
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (409, Some("not_your_turn"))
        );
    }
    let next = until_my_turn(&mut ada, &id).await;
    let hint = ada.ok(&path, json!({})).await;
    assert_eq!(hint["version"], next["version"]);
    assert!(
        next["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| *m == hint["move"]),
        "{hint} {next}"
    );
    assert_eq!(agora_server::api::hint::searches() - before, 2);

    // Over: no hint.
    ada.ok(&format!("/api/games/{id}/resign"), json!({})).await;
    let (status, body) = ada.post(&path, json!({})).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (409, Some("game_over")),
        "{body}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_hint_at_a_table_with_another_person() {
    let db = TempDb::new("hint-people");
    let server = serve(&db).await;
    let mut ada = server.guest("ada").await;
    let mut bob = server.guest("bob").await;
    let mut clients = [ada.clone(), bob.clone()];
    let id = common::table(&mut clients, "tsuro", json!({})).await;
    let path = format!("/api/games/{id}/hint");
    for client in [&mut ada, &mut bob] {
        let (status, body) = client.post(&path, json!({})).await;
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (403, Some("forbidden")),
            "{body}"
        );
    }
    server.stop().await;
}
