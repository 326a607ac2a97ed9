//! Guests who sign up keep what they had; default guest names are unique; the lobby lists
//! only tables a stranger can join, and open tables nobody joins expire.

mod common;

use std::time::Duration;

use agora_server::lobby::TableExpiry;
use common::{Client, TempDb, serve, serve_with, test_config};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_who_signs_up_keeps_the_game_and_the_seat() {
    let db = TempDb::new("guest-signs-up");
    let server = serve(&db).await;
    let host = server.guest("Host").await;
    let mut guest = Client::new(server.addr);
    let made = guest
        .ok("/api/guest", json!({"name_pattern": "Guest {number}"}))
        .await;
    let guest_id = made["account"]["id"].clone();
    let guest_cookie = guest.cookie.clone();
    let id = common::table(&mut [host.clone(), guest.clone()], "tyrus", json!({})).await;
    let (status, body) = guest
        .post(
            "/api/signup",
            json!({"name": "Grace", "password": "long enough"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["account"]["id"], guest_id);
    assert_eq!(body["account"]["kind"], "user");
    // A new session: the guest's old secret no longer works.
    assert_ne!(guest.cookie, guest_cookie);
    let mut old = Client::new(server.addr);
    old.cookie = guest_cookie;
    assert_eq!(old.get("/api/me").await.0, 401);
    // The same seat of the same game, now under the new name.
    let (_, games) = guest.get("/api/me/games").await;
    assert_eq!(games["tables"][0]["id"], id.as_str());
    let game = guest.game(&id).await;
    assert_eq!(game["viewer"], json!({"seat": 1}), "{game}");
    assert_eq!(
        game["seats"][1]["name"], "Grace",
        "the game shows the new name"
    );
    // And the account signs in by its new name.
    let mut again = Client::new(server.addr);
    again
        .ok(
            "/api/signin",
            json!({"name": "grace", "password": "long enough"}),
        )
        .await;
    assert_eq!(again.get("/api/me").await.1["account"]["id"], guest_id);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn default_guest_names_are_unique_and_patterns_are_checked() {
    let db = TempDb::new("guest-numbers");
    let server = serve(&db).await;
    let mut names = Vec::new();
    for _ in 0..5 {
        let mut guest = Client::new(server.addr);
        let made = guest
            .ok("/api/guest", json!({"name_pattern": "Invité {number}"}))
            .await;
        names.push(made["account"]["name"].as_str().unwrap().to_string());
    }
    assert!(names.iter().all(|n| n.starts_with("Invité ")), "{names:?}");
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "{names:?}");
    for bad in [
        json!({"name_pattern": "Guest"}),
        json!({"name_pattern": "{number} {number}"}),
        json!({"name_pattern": "Guest! {number}"}),
        json!({"name": "Ada", "name_pattern": "Guest {number}"}),
        json!({}),
    ] {
        let (status, body) = Client::new(server.addr)
            .post("/api/guest", bad.clone())
            .await;
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (400, Some("bad_request")),
            "{bad}"
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_see_only_tables_they_can_join_and_unjoined_tables_expire() {
    let db = TempDb::new("guest-lobby");
    let config = agora_server::ServerConfig {
        table_expiry: TableExpiry {
            live: Duration::from_secs(2),
            correspondence: Duration::from_secs(3600),
        },
        ..test_config()
    };
    let server = serve_with(&db, config).await;
    let mut host = server.guest("Host").await;
    let create = |seat: &str, clock: serde_json::Value| json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": seat}], "time_control": clock});
    let live = json!({"kind": "live", "initial_s": 600, "increment_s": 5});
    let untimed = json!({"kind": "untimed"});
    let post = json!({"kind": "correspondence", "days_per_move": 3});
    let for_friend = host.ok("/api/tables", create("invite", live.clone())).await;
    let for_anyone = host.ok("/api/tables", create("open", live)).await;
    let by_post = host.ok("/api/tables", create("open", post)).await;
    let no_clock = host.ok("/api/tables", create("open", untimed)).await;
    let id = |made: &serde_json::Value| made["table"]["id"].as_str().unwrap().to_string();
    let listed = |body: &serde_json::Value| -> Vec<String> {
        (body["tables"].as_array().unwrap().iter())
            .map(|t| t["id"].as_str().unwrap().to_string())
            .collect()
    };
    let (_, lobby) = Client::new(server.addr).get("/api/tables").await;
    assert!(listed(&lobby).contains(&id(&for_anyone)));
    assert!(!listed(&lobby).contains(&id(&for_friend)), "{lobby}");
    // Two seconds later the live tables are called off; the correspondence one waits, and so
    // does the one with no clock (it waits the correspondence limit).
    let status = |client: &mut Client, table: String| {
        let mut client = client.clone();
        async move { client.get(&format!("/api/tables/{table}")).await.1["table"]["status"].clone() }
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    while status(&mut host, id(&for_anyone)).await != "cancelled" {
        assert!(std::time::Instant::now() < deadline, "never expired");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(status(&mut host, id(&for_friend)).await, "cancelled");
    assert_eq!(status(&mut host, id(&by_post)).await, "open");
    assert_eq!(status(&mut host, id(&no_clock)).await, "open");
    // The API says when a table expired.
    let (_, expired) = host.get(&format!("/api/tables/{}", id(&for_anyone))).await;
    let created_at = expired["table"]["created_at"].as_i64().unwrap();
    let expired_at = expired["table"]["expired_at"].as_i64().unwrap();
    assert!(expired_at >= created_at + 2_000, "{expired}");
    let (_, waiting) = host.get(&format!("/api/tables/{}", id(&by_post))).await;
    assert!(waiting["table"]["expired_at"].is_null(), "{waiting}");
    let (_, lobby) = Client::new(server.addr).get("/api/tables").await;
    let mut still_listed = listed(&lobby);
    still_listed.sort();
    let mut expected = vec![id(&by_post), id(&no_clock)];
    expected.sort();
    assert_eq!(still_listed, expected);
    server.stop().await;
}
