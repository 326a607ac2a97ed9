//! Stored data that does not parse is an error, never a silent default. A table whose
//! stored time control had been damaged used to start an untimed game when its last seat was
//! taken (the lobby read it with a default); now the join fails and nothing starts.

mod common;

use agora_store::TableId;
use common::{TempDb, serve};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_time_control_fails_the_join_and_starts_nothing() {
    let db = TempDb::new("corrupt-time-control");
    let server = serve(&db).await;
    let mut ada = server.guest("ada").await;
    let mut bob = server.guest("bob").await;
    let created = ada
        .ok(
            "/api/tables",
            json!({"game": "tyrus", "time_control": {"kind": "live", "initial_s": 60, "increment_s": 1}}),
        )
        .await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    let number = id.parse::<TableId>().unwrap().0;

    // Damaged by hand: not a time control this server knows.
    let raw = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    sqlx::query(
        "UPDATE tables SET time_control = '{\"kind\":\"live\",\"initial_s\":\"sixty\"}' \
         WHERE id = ?1",
    )
    .bind(number)
    .execute(&raw)
    .await
    .unwrap();

    let (status, body) = bob
        .post(&format!("/api/tables/{id}/join"), json!({"seat": 1}))
        .await;
    assert_eq!(status, 500, "{body}");
    assert_eq!(body["error"]["code"], "internal", "{body}");
    // Nor is the table shown as anything: it cannot be read.
    let (status, body) = bob.get(&format!("/api/tables/{id}")).await;
    assert_eq!(status, 500, "{body}");
    let (status, _): (String, Option<i64>) = sqlx::query_as(
        "SELECT t.status, (SELECT account_id FROM seats WHERE table_id = t.id AND seat = 1)
         FROM tables t WHERE t.id = ?1",
    )
    .bind(number)
    .fetch_one(&raw)
    .await
    .unwrap();
    assert_eq!(status, "open");
    let games: i64 = sqlx::query_scalar("SELECT count(*) FROM games WHERE table_id = ?1")
        .bind(number)
        .fetch_one(&raw)
        .await
        .unwrap();
    assert_eq!(games, 0);
    raw.close().await;
    server.stop().await;
}
