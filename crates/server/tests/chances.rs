//! Where the game turned (issue 34): after a game ends, the server looks back over it in the
//! background (the hint's search at every decision, from the seat's view) and keeps the
//! computer's estimate of each seat's chance; `GET /api/games/{id}/chances` reads it. A
//! restart resumes after the last step kept.

mod common;

use std::time::Duration;

use agora_server::ServerConfig;
use common::{Client, TempDb, guests, serve, serve_with, start_server, table, test_config};
use serde_json::{Value, json};

/// Plays `moves` moves of a Tyrus game between two guests (each the first legal move), then
/// the first resigns; returns the game id and the moves played, in order.
async fn short_game(players: &mut [Client], moves: usize) -> (String, Vec<String>) {
    let id = table(players, "tyrus", json!({})).await;
    let mut played = Vec::new();
    while played.len() < moves {
        let state = players[0].game(&id).await;
        let seat = state["turn"]["seat"].as_u64().expect("a seat to move") as usize;
        let state = players[seat].game(&id).await;
        let mv = state["legal_moves"][0].as_str().unwrap().to_string();
        let path = format!("/api/games/{id}/move");
        players[seat].ok(&path, json!({"move": mv})).await;
        played.push(mv);
    }
    players[0]
        .ok(&format!("/api/games/{id}/resign"), json!({}))
        .await;
    (id, played)
}

/// The look back of game `id` once it is done.
async fn when_done(client: &mut Client, id: &str) -> Value {
    done_within(client, id, Duration::from_secs(120)).await
}

/// The look back of game `id` once it is done, which must be within `within`.
async fn done_within(client: &mut Client, id: &str, within: Duration) -> Value {
    let deadline = tokio::time::Instant::now() + within;
    while tokio::time::Instant::now() < deadline {
        let (status, body) = client.get(&format!("/api/games/{id}/chances")).await;
        assert_eq!(status, 200, "{body}");
        if body["state"] == "done" {
            return body;
        }
        assert_eq!(body["state"], "queued", "{body}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the look back did not end within {within:?}");
}

/// The analyst looks for finished games only now and then (here once an hour): a game that
/// finishes wakes it, so the look back starts at once.
fn polling_hourly() -> ServerConfig {
    ServerConfig {
        analysis_poll: Duration::from_secs(3600),
        ..test_config()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_that_finishes_wakes_the_analyst() {
    let db = TempDb::new("chances-wake");
    let server = serve_with(&db, polling_hourly()).await;
    let mut players = guests(&server, "w", 2).await;
    // The analyst has looked once, found nothing, and sleeps.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (id, played) = short_game(&mut players, 2).await;
    let done = done_within(&mut players[1], &id, Duration::from_secs(60)).await;
    assert_eq!(
        done["steps"].as_array().unwrap().len(),
        played.len(),
        "{done}"
    );
    server.stop().await;
}

/// On PostgreSQL a game's end is told on the channel every node's analyst hears, so a node
/// that did not run the game is woken too; the look back follows at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_node_hears_that_a_game_finished() {
    let Some(url) = common::postgres_database("chances_wake").await else {
        return;
    };
    let store = agora_store::Store::open(&url, agora_store::Durability::Process)
        .await
        .unwrap();
    let mut heard = store
        .listen(&[agora_store::ANALYSES_CHANNEL])
        .await
        .unwrap()
        .expect("PostgreSQL notifies");
    let node = start_server(url.clone(), polling_hourly()).await;
    let mut players = guests(&node, "n", 2).await;
    let (id, _) = short_game(&mut players, 2).await;
    let game = id.parse::<agora_store::TableId>().unwrap().0.to_string();
    let note = tokio::time::timeout(Duration::from_secs(10), heard.recv()).await;
    let note = note.expect("heard in time").unwrap().expect("not lost");
    assert_eq!(note, (agora_store::ANALYSES_CHANNEL.to_string(), game));
    done_within(&mut players[0], &id, Duration::from_secs(60)).await;
    node.stop().await;
    // Its connection goes back to the store's pool, which closes once all are back.
    drop(heard);
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_looked_back_over_kept_and_resumed_after_a_restart() {
    let db = TempDb::new("chances");
    let server = serve(&db).await;
    let mut players = guests(&server, "p", 2).await;

    // Not while the game is played.
    let id = table(&mut players, "tyrus", json!({})).await;
    let (status, body) = players[0].get(&format!("/api/games/{id}/chances")).await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (409, &json!("not_finished"))
    );

    let (id, played) = short_game(&mut players, 6).await;
    let mut visitor = server.client();
    let done = when_done(&mut visitor, &id).await;
    assert_eq!(done["level"], "medium");
    assert_eq!(done["seats"], 2);
    let steps = done["steps"].as_array().unwrap();
    let moves: Vec<&str> = steps.iter().map(|s| s["move"].as_str().unwrap()).collect();
    assert_eq!(moves, played, "one step per move played, in order: {done}");
    for step in steps {
        for chance in [&step["before"], &step["after"]] {
            let chance = chance.as_f64().expect("an estimate");
            assert!((0.0..=1.0).contains(&chance), "{step}");
        }
        assert!(step["preferred"].is_string(), "{step}");
    }
    // The moves that changed their seat's estimate most, at most three, in order, each
    // with the move the computer preferred and the facts of why.
    let turning = done["turning_points"].as_array().unwrap();
    assert!(!turning.is_empty() && turning.len() <= 3, "{done}");
    for point in turning {
        assert_ne!(point["before"], point["after"], "{point}");
        assert!(point["preferred"].is_string() && point["verdict"].is_string());
        assert!(point["facts"].is_object(), "{point}");
    }

    // A restart mid-way: the last three steps lost, the first one marked to show it is not
    // searched again.
    server.stop().await;
    let raw = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    let game = id.parse::<agora_store::TableId>().unwrap().0;
    let last_kept = steps[2]["version"].as_i64().unwrap();
    let first = steps[0]["version"].as_i64().unwrap();
    for sql in [
        "DELETE FROM game_chances WHERE game_id = $1 AND version > $2",
        "UPDATE game_chances SET chance_before = 123 WHERE game_id = $1 AND version = $3",
        "UPDATE game_analyses SET state = 'queued', claimed_by = NULL WHERE game_id = $1",
    ] {
        let query = sqlx::query(sql).bind(game).bind(last_kept).bind(first);
        query.execute(&raw).await.unwrap();
    }
    raw.close().await;
    let server = serve(&db).await;
    let mut visitor = visitor.on(&server);
    let resumed = when_done(&mut visitor, &id).await;
    let mut expected = done.clone();
    expected["steps"][0]["before"] = json!(0.123);
    // The turning points follow from the steps; the steps searched again are the same.
    assert_eq!(resumed["steps"], expected["steps"], "{resumed}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_aborted_game_has_no_look_back_and_bad_ids_are_refused() {
    let db = TempDb::new("chances-none");
    let server = serve(&db).await;
    let mut players = guests(&server, "q", 2).await;
    let id = table(&mut players, "tyrus", json!({})).await;
    players[0]
        .ok(&format!("/api/games/{id}/abort"), json!({}))
        .await;
    let (status, body) = players[1].get(&format!("/api/games/{id}/chances")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["state"], "none");
    assert_eq!(body["steps"], json!([]));
    for bad in ["nope", "999999"] {
        let (status, body) = players[1].get(&format!("/api/games/{bad}/chances")).await;
        assert_eq!((status, &body["error"]["code"]), (404, &json!("not_found")));
    }
    server.stop().await;
}
