//! Rated tables (issue 34): guests are refused with `rated_needs_account`, a rated game's end
//! moves its players' ratings (the computer's level included), and the profile and
//! leaderboard API say so.

mod common;

use common::{Client, TempDb, serve};
use serde_json::json;

async fn user(server: &common::Server, name: &str) -> Client {
    let mut client = Client::new(server.addr);
    client
        .ok(
            "/api/signup",
            json!({"name": name, "password": "long enough"}),
        )
        .await;
    client
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guests_cannot_play_rated_and_a_rated_end_moves_ratings() {
    let db = TempDb::new("ratings");
    let server = serve(&db).await;
    let mut guest = server.guest("Visitor").await;
    let mut ada = user(&server, "Ada").await;

    // A guest may neither create a rated table nor join one.
    let (status, body) = guest
        .post("/api/tables", json!({"game": "tyrus", "rated": true}))
        .await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (403, &json!("rated_needs_account"))
    );
    let open = ada
        .ok("/api/tables", json!({"game": "tyrus", "rated": true}))
        .await;
    assert_eq!(open["table"]["rated"], true);
    let id = open["table"]["id"].as_str().unwrap().to_string();
    let (status, body) = guest
        .post(&format!("/api/tables/{id}/join"), json!({}))
        .await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (403, &json!("rated_needs_account"))
    );
    ada.ok(&format!("/api/tables/{id}/cancel"), json!({})).await;
    // Casual is the default.
    let casual = ada.ok("/api/tables", json!({"game": "tyrus"})).await;
    assert_eq!(casual["table"]["rated"], false);

    // A rated game against the computer, resigned at once: the level gains what Ada loses.
    let started = ada
        .ok(
            "/api/tables",
            json!({"game": "tyrus", "rated": true,
                   "seats": [{"kind": "me"}, {"kind": "ai", "level": "easy"}]}),
        )
        .await;
    let game = started["table"]["id"].as_str().unwrap().to_string();
    ada.ok(&format!("/api/games/{game}/resign"), json!({}))
        .await;

    let (status, profile) = guest.get("/api/players/ada").await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(profile["account"]["name"], "Ada");
    let rating = &profile["ratings"][0];
    assert_eq!(
        (
            &rating["game"],
            &rating["system"],
            &rating["rating"],
            &rating["provisional"]
        ),
        (
            &json!("tyrus"),
            &json!("glicko2"),
            &json!(1338.0),
            &json!(true)
        ),
        "{profile}"
    );
    assert_eq!(
        profile["games_played"]["tyrus"],
        json!({"played": 1, "won": 0, "drawn": 0, "lost": 1})
    );
    assert_eq!(profile["history"][0]["game_id"], game.as_str());
    assert_eq!(profile["games"]["games"][0]["result"], "lost");
    assert_eq!(
        profile["games"]["games"][0]["players"][1]["ai_level"],
        "easy"
    );
    // Filters: a result she has none of, and bad values.
    let (_, won) = guest.get("/api/players/ada?result=won").await;
    assert_eq!(won["games"]["total"], 0);
    assert_eq!(guest.get("/api/players/ada?result=maybe").await.0, 400);
    assert_eq!(guest.get("/api/players/ada?game=chess").await.0, 400);
    assert_eq!(guest.get("/api/players/nobody").await.0, 404);
    // Guests have no profile.
    assert_eq!(guest.get("/api/players/visitor").await.0, 404);

    let (status, board) = guest.get("/api/leaderboard/tyrus").await;
    assert_eq!(status, 200, "{board}");
    let provisional = &board["ladders"][0]["provisional"];
    assert_eq!(provisional[0]["ai_level"], "easy");
    assert_eq!(provisional[0]["rating"], 1662.0);
    assert_eq!(provisional[1]["name"], "Ada");
    assert_eq!(guest.get("/api/leaderboard/chess").await.0, 400);
    server.stop().await;
}
