//! `GET /games/waiting`: the header's count of games waiting for the reader, which every
//! page's script polls; unchanged, it answers `304` to the `ETag` it gave.

mod common;

use common::{Client, TestServer, invited_game, invited_game_of, until_turn_of};
use reqwest::StatusCode;

/// The count, its HTML, and its tag.
async fn waiting(client: &mut Client) -> (u64, String, String) {
    let page = client.page("/games/waiting").await;
    let json = page.json();
    let tag = page.header("etag").expect("an ETag").to_string();
    (
        json["count"].as_u64().unwrap(),
        json["html"].as_str().unwrap().to_string(),
        tag,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_header_count_follows_the_turns_and_is_cheap_when_unchanged() {
    let server = TestServer::start().await;
    let mut stranger = server.client();
    stranger
        .get("/games/waiting")
        .await
        .expect(StatusCode::UNAUTHORIZED);
    let (mut ada, mut bob) = (server.client(), server.client());
    let id = invited_game(&mut ada, &mut bob).await;
    until_turn_of(&mut ada, &mut bob, &id, true).await;
    let (count, html, tag) = waiting(&mut ada).await;
    assert_eq!(count, 1);
    assert!(html.contains(r#"id="waiting-count""#), "{html}");
    assert!(html.contains("one game waits for your move"), "{html}");
    // The same page header shows the same fragment.
    let page = ada.page("/rules").await;
    assert!(page.body.contains(&html), "{}", page.body);
    let unchanged = ada
        .get_with("/games/waiting", &[("if-none-match", &tag)])
        .await;
    unchanged.expect(StatusCode::NOT_MODIFIED);
    assert!(unchanged.body.is_empty());

    until_turn_of(&mut ada, &mut bob, &id, false).await;
    let changed = ada
        .get_with("/games/waiting", &[("if-none-match", &tag)])
        .await;
    changed.expect(StatusCode::OK);
    assert_eq!(changed.json()["count"], 0);
    assert_eq!(
        changed.json()["html"].as_str().unwrap().trim(),
        r#"<span id="waiting-count"></span>"#
    );
    let (count, _, _) = waiting(&mut bob).await;
    assert_eq!(count, 1);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_sound_is_off_by_default_and_kept_when_turned_on() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    ada.guest("Ada").await;
    let page = ada.page("/settings").await;
    assert!(page.body.contains(r#"id="turn_sound""#));
    assert!(!page.body.contains("data-turn-sound"), "off by default");
    let answer = ada
        .submit(
            &page,
            "/settings",
            &[("lang", "en"), ("theme", "system"), ("turn_sound", "1")],
        )
        .await;
    assert_eq!(answer.see_other(), "/settings?saved=1");
    let page = ada.page("/rules").await;
    assert!(page.body.contains("data-turn-sound"), "every page knows");
    let page = ada.page("/settings").await;
    assert!(page.body.contains(r#"name="turn_sound" value="1" checked"#));
    server.stop().await;
}

/// What `/games/waiting` says of each waiting game, for `page.js`'s notifications.
async fn games(client: &mut Client) -> Vec<serde_json::Value> {
    let page = client.page("/games/waiting").await;
    page.json()["games"].as_array().unwrap().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_correspondence_games_carry_a_notification_title_and_live_ones_none() {
    let server = TestServer::start().await;
    let (mut ada, mut bob) = (server.client(), server.client());
    let live = invited_game(&mut ada, &mut bob).await;
    until_turn_of(&mut ada, &mut bob, &live, true).await;
    let listed = games(&mut ada).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0]["id"], live.as_str());
    assert_eq!(listed[0]["href"], format!("/games/{live}"));
    assert!(listed[0]["version"].is_u64());
    assert!(
        listed[0].get("title").is_none(),
        "not a correspondence game"
    );
    // The next turn of the same game is news too, though the count stays 1.
    let (_, _, tag) = waiting(&mut ada).await;
    until_turn_of(&mut ada, &mut bob, &live, false).await;
    until_turn_of(&mut ada, &mut bob, &live, true).await;
    let (count, _, next_tag) = waiting(&mut ada).await;
    assert_eq!(count, 1);
    assert_ne!(tag, next_tag);
    assert_ne!(games(&mut ada).await[0]["version"], listed[0]["version"]);

    let post = invited_game_of(
        &mut ada,
        &mut bob,
        &[
            ("game", "tyrus"),
            ("seat1", "invite"),
            ("clock", "correspondence"),
            ("days", "3"),
        ],
    )
    .await;
    until_turn_of(&mut ada, &mut bob, &post, true).await;
    until_turn_of(&mut ada, &mut bob, &live, true).await;
    let listed = games(&mut ada).await;
    let entry = listed.iter().find(|g| g["id"] == post.as_str()).unwrap();
    let title = entry["title"].as_str().unwrap();
    assert!(title.starts_with("Tyrus with "), "{title}");
    assert!(title.contains("Bob"), "{title}");
    assert!(!title.contains("Ada"), "the reader is not named: {title}");
    let page = ada.page("/games/waiting").await;
    assert_eq!(
        page.json()["notice"],
        "It is your turn. Open the game to play your move."
    );

    // Bob reads it in his language, the title naming Ada.
    let settings = bob.page("/settings").await;
    bob.submit(
        &settings,
        "/settings",
        &[("lang", "de"), ("theme", "system")],
    )
    .await;
    until_turn_of(&mut ada, &mut bob, &post, false).await;
    let listed = games(&mut bob).await;
    let entry = listed.iter().find(|g| g["id"] == post.as_str()).unwrap();
    let title = entry["title"].as_str().unwrap();
    assert!(title.starts_with("Tyrus mit "), "{title}");
    assert!(title.contains("Ada"), "{title}");
    server.stop().await;
}
