//! The game page's Hint: offered on the reader's turn in a game against the computer, absent
//! and refused (403) at a table with another person; the answer in the reader's language beside
//! the move controls, the move in the move box and not played, and one search per turn.

mod common;

use common::{Client, TestServer, html, invited_game_of};
use reqwest::StatusCode;
use std::time::Duration;

/// A two-seat Tsuro game against the computer made in the lobby: its id.
async fn against_the_computer(ada: &mut Client) -> String {
    ada.guest("Ada").await;
    let lobby = ada.page("/lobby").await;
    let created = ada
        .submit(
            &lobby,
            "/tables",
            &[("game", "tsuro"), ("seat1", "ai-easy"), ("clock", "none")],
        )
        .await;
    let path = created.see_other().to_string();
    path.strip_prefix("/games/")
        .expect("the game starts")
        .to_string()
}

/// Waits until it is Ada's turn.
async fn until_my_turn(ada: &mut Client, id: &str) {
    for _ in 0..500 {
        let state = ada.api(&format!("/api/games/{id}")).await;
        if state["turn"]["seat"] == state["viewer"]["seat"] {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("never Ada's turn");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_against_the_computer_is_shown_not_played_and_searched_once_a_turn() {
    let server = TestServer::start().await;
    let mut ada = server.client();
    let id = against_the_computer(&mut ada).await;
    let path = format!("/games/{id}");
    until_my_turn(&mut ada, &id).await;
    let page = ada.page(&path).await;
    assert!(
        html::by_id(&page.body, "hint-button").is_some(),
        "{}",
        page.text()
    );
    let version = ada.api(&format!("/api/games/{id}")).await["version"].clone();

    // A visitor watching the game gets no hint.
    let mut visitor = server.client();
    visitor.guest("Cleo").await;
    let watched = visitor.page(&path).await;
    assert!(html::by_id(&watched.body, "hint-button").is_none());
    let refused = visitor
        .submit(&watched, &format!("/games/{id}/hint"), &[])
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(
        refused
            .text()
            .contains("Hints are for the players of this game."),
        "{}",
        refused.text()
    );

    let before = agora_web::pages::hint::searches();
    let answer = ada.submit(&page, &format!("/games/{id}/hint"), &[]).await;
    answer.expect(StatusCode::OK);
    let panel = html::text(&html::element(&answer.body, "hint-panel").expect("the panel"));
    assert!(
        panel.contains("would play:") || panel.contains("only one move"),
        "{panel}"
    );
    assert!(
        panel.contains("Put your marker on the start mark"),
        "{panel}"
    );
    assert!(
        panel.contains("nothing is played until you play it"),
        "{panel}"
    );
    let suggested = html::text(&html::element(&answer.body, "hint-move").unwrap());
    assert!(suggested.starts_with("start "), "{suggested}");
    // The move waits in the move box, not played.
    assert_eq!(
        html::input_value(&answer.body, "move").as_deref(),
        Some(suggested.as_str())
    );
    assert_eq!(
        ada.api(&format!("/api/games/{id}")).await["version"],
        version
    );

    // Pressing again, and asking as the script does, shows the same answer without a search.
    let again = ada.submit(&page, &format!("/games/{id}/hint"), &[]).await;
    assert_eq!(
        html::text(&html::element(&again.body, "hint-move").unwrap()),
        suggested
    );
    let scripted = ada
        .post_with(
            &format!("/games/{id}/hint"),
            &[("csrf", page.csrf().as_str())],
            &[("x-agora-fetch", "1")],
        )
        .await;
    scripted.expect(StatusCode::OK);
    assert_eq!(scripted.json()["move"], suggested.as_str());
    assert!(
        scripted.json()["hint"]
            .as_str()
            .unwrap()
            .contains("hint-heading")
    );
    assert_eq!(agora_web::pages::hint::searches() - before, 1);

    // In German, from the same search.
    ada.submit(&page, "/lang", &[("lang", "de"), ("back", "/")])
        .await;
    let german = ada.submit(&page, &format!("/games/{id}/hint"), &[]).await;
    let panel = html::text(&html::element(&german.body, "hint-panel").unwrap());
    assert!(
        panel.contains("Setze deine Figur auf die Startmarke"),
        "{panel}"
    );
    assert_eq!(agora_web::pages::hint::searches() - before, 1);

    // The suggested move plays, and the next turn has a hint of its own.
    let played = ada
        .submit(
            &page,
            &format!("/games/{id}/move"),
            &[("move", &suggested), ("confirmed", "1")],
        )
        .await;
    assert_eq!(played.status, StatusCode::SEE_OTHER, "{}", played.text());
    until_my_turn(&mut ada, &id).await;
    let page = ada.page(&path).await;
    assert!(
        html::element(&page.body, "hint-move").is_none(),
        "a new turn starts without a hint"
    );
    let next = ada.submit(&page, &format!("/games/{id}/hint"), &[]).await;
    let panel = html::text(&html::element(&next.body, "hint-panel").unwrap());
    assert!(
        panel.contains("Lege Plättchen") || panel.contains("nur einen Zug"),
        "{panel}"
    );
    assert_eq!(agora_web::pages::hint::searches() - before, 2);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_hint_at_a_table_with_another_person() {
    let server = TestServer::start().await;
    let (mut ada, mut bob) = (server.client(), server.client());
    let id = invited_game_of(
        &mut ada,
        &mut bob,
        &[("game", "tsuro"), ("seat1", "invite"), ("clock", "none")],
    )
    .await;
    let path = format!("/games/{id}");
    for client in [&mut ada, &mut bob] {
        let page = client.page(&path).await;
        assert!(html::by_id(&page.body, "hint-button").is_none());
        let refused = client
            .submit(&page, &format!("/games/{id}/hint"), &[])
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        assert!(
            refused
                .text()
                .contains("Hints are only given in games against the computer"),
            "{}",
            refused.text()
        );
    }
    server.stop().await;
}
