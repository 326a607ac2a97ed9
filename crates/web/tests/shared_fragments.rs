//! Spectators' fragments are drawn once per version and shared among spectators
//! (`play::shared`): a spectator gets the same fragments as another, with its own form token,
//! and never a seat's, nor a seat a spectator's, whoever asked first.

mod common;

use common::{Client, TestServer, invited_game};
use regex::Regex;
use reqwest::StatusCode;
use serde_json::Value;

/// The fragments `client`'s page gets for game `id`, every one of them.
async fn fragments(client: &mut Client, id: &str) -> Value {
    client.page(&format!("/games/{id}/fragments")).await.json()["fragments"].clone()
}

/// The tiles in the hand of the seat `client` sits at.
async fn hand(client: &mut Client, id: &str) -> Vec<String> {
    client.api(&format!("/api/games/{id}")).await["view"]["hand"]
        .as_array()
        .expect("a seat's view has its hand")
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect()
}

/// The form tokens in `fragments`, and the fragments with each replaced by `TOKEN`.
fn tokens(fragments: &Value) -> (Vec<String>, String) {
    let token = Regex::new(r#"name=\\?"csrf\\?" value=\\?"([^"\\]*)\\?""#).unwrap();
    let text = fragments.to_string();
    let found = token
        .captures_iter(&text)
        .map(|c| c[1].to_string())
        .collect();
    (found, token.replace_all(&text, "TOKEN").into_owned())
}

/// Plays the first legal move for whoever is to move, through the API.
async fn one_move(ada: &mut Client, bob: &mut Client, id: &str) {
    let api = format!("/api/games/{id}");
    let state = ada.api(&api).await;
    let mover = if state["turn"]["seat"] == state["viewer"]["seat"] {
        ada
    } else {
        bob
    };
    let notation = mover.api(&api).await["legal_moves"][0]
        .as_str()
        .unwrap()
        .to_string();
    let (status, body) = mover
        .api_post(
            &format!("{api}/move"),
            serde_json::json!({"move": notation}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_share_fragments_and_never_a_seats() {
    let server = TestServer::start().await;
    let (mut ada, mut bob) = (server.client(), server.client());
    let id = invited_game(&mut ada, &mut bob).await;
    let (mut first, mut second) = (server.client(), server.client());
    for client in [&mut first, &mut second] {
        // The page once, for the reader's form token.
        client.page(&format!("/games/{id}")).await;
    }
    for round in 0..4 {
        // A spectator first, then the seats, then another spectator; at the next version,
        // the seats first.
        let (watched, ada_sees, bob_sees) = if round % 2 == 0 {
            let watched = fragments(&mut first, &id).await;
            (
                watched,
                fragments(&mut ada, &id).await,
                fragments(&mut bob, &id).await,
            )
        } else {
            let ada_sees = fragments(&mut ada, &id).await;
            let bob_sees = fragments(&mut bob, &id).await;
            (fragments(&mut first, &id).await, ada_sees, bob_sees)
        };
        let also_watched = fragments(&mut second, &id).await;

        // Two spectators see the same, each with its own form token.
        let (first_tokens, watched_text) = tokens(&watched);
        let (second_tokens, also_text) = tokens(&also_watched);
        assert_eq!(watched_text, also_text, "round {round}");
        let own = |client: &Client, found: &[String]| {
            let token = client.cookie("agora_form").unwrap().to_string();
            assert!(found.iter().all(|t| *t == token), "{found:?} for {token}");
        };
        own(&first, &first_tokens);
        own(&second, &second_tokens);

        // Each seat sees its own hand; no spectator sees a tile of one, nor a seat the
        // spectators' fragments.
        let (ada_hand, bob_hand) = (hand(&mut ada, &id).await, hand(&mut bob, &id).await);
        for (sees, hand) in [(&ada_sees, &ada_hand), (&bob_sees, &bob_hand)] {
            let drawn = sees["hand"].as_str().unwrap();
            for tile in hand {
                assert!(drawn.contains(&format!("id=\"tile-{tile}\"")), "{drawn}");
            }
            assert_ne!(sees["hand"], watched["hand"], "round {round}");
        }
        let watched_hand = watched["hand"].as_str().unwrap();
        assert!(
            !watched_hand.contains("id=\"tile-") && !watched_hand.contains("<input"),
            "round {round}: {watched_hand}"
        );
        one_move(&mut ada, &mut bob, &id).await;
    }
    server.stop().await;
}
