//! The game page says the computer is thinking while a seat the server plays works out its
//! move, and about how long when its reply waits behind other games' (issue 35): on the page
//! as served, in the status fragment `game.js` swaps in, and once in the polite announcements.

mod common;

use std::time::Duration;

use common::{Client, TestServer};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A two-seat Tsuro game of `client` against `hard` (seconds a decision in a debug build),
/// played until the computer is to move: its id.
async fn waiting_on_hard(client: &mut Client, name: &str) -> String {
    client.guest(name).await;
    let (status, created) = client
        .api_post(
            "/api/tables",
            json!({"game": "tsuro", "seats": [{"kind": "me"}, {"kind": "ai", "level": "hard"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let id = created["table"]["id"].as_str().unwrap().to_string();
    loop {
        let state = client.api(&format!("/api/games/{id}")).await;
        if state["turn"]["seat"] == 1 {
            return id;
        }
        if let Some(moves) = state["legal_moves"].as_array() {
            let (status, body) = client
                .api_post(
                    &format!("/api/games/{id}/move"),
                    json!({"move": moves[0], "version": state["version"]}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
}

/// The status fragment and the polite announcements of `/fragments?since=0`.
async fn fragments(client: &mut Client, id: &str) -> (String, Vec<Value>) {
    let page = client.page(&format!("/games/{id}/fragments?since=0")).await;
    let json = page.json();
    let status = json["fragments"]["game-status"]
        .as_str()
        .unwrap()
        .to_string();
    (status, json["polite"].as_array().unwrap().clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_says_the_computer_is_thinking_and_how_long_a_queued_reply_takes() {
    let server = TestServer::start_with(|config| agora_server::ServerConfig {
        ai_threads: 1,
        ..config
    })
    .await;
    let mut ada = server.client();
    let ada_game = waiting_on_hard(&mut ada, "Ada").await;
    let page = ada.page(&format!("/games/{ada_game}")).await;
    assert!(
        page.text().contains("The computer is thinking."),
        "{}",
        page.text()
    );
    let (status, polite) = fragments(&mut ada, &ada_game).await;
    assert!(status.contains("id=\"computer-thinking\""), "{status}");
    assert_eq!(polite, [json!("The computer is thinking.")]);

    // Bo's reply waits for the one thread, behind Ada's; Bo reads French.
    let mut bo = server.client();
    let bo_game = waiting_on_hard(&mut bo, "Bo").await;
    let page = bo.page(&format!("/games/{bo_game}")).await;
    bo.submit(&page, "/lang", &[("lang", "fr"), ("back", "/")])
        .await;
    let (status, polite) = fragments(&mut bo, &bo_game).await;
    assert!(
        status.contains("L’ordinateur réfléchit. D’autres parties l’attendent aussi\u{202f}: sa réponse prendra environ"),
        "{status}"
    );
    assert_eq!(polite.len(), 1, "{polite:?}");

    // After the computer's move, nothing more is said about it.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    loop {
        let state = ada.api(&format!("/api/games/{ada_game}")).await;
        if state["turn"]["seat"] != 1 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "hard never moved");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, polite) = fragments(&mut ada, &ada_game).await;
    assert!(!status.contains("computer-thinking"), "{status}");
    assert!(polite.is_empty(), "{polite:?}");
    server.stop().await;
}
