//! Hidden information never leaks: while seats play over WebSocket, every seat, a seat
//! looking as a spectator, and an anonymous spectator poll every HTTP endpoint about the
//! game; after the game, the hidden values are rebuilt from the record (the seed, the deal,
//! each seat's private view at every version, the moves others saw only in part, the salt of
//! the seed's commitment) and every raw body and frame is searched for them. Every state
//! carries the commitment from the start, and the record's reveal verifies.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use common::{Client, Replayed, TempDb, check_record, drive, guests, serve, table, watch};
use serde_json::{Value, json};

/// Polls what `client` may ask about the game, one round after another until the record can
/// be downloaded; keeps the bodies of the rounds that ended before the game did.
async fn poll(mut client: Client, id: String, query: &'static str) -> Vec<String> {
    let mut kept = Vec::new();
    loop {
        let mut round = client.fresh();
        round.get(&format!("/api/games/{id}{query}")).await;
        round.get(&format!("/api/tables/{id}")).await;
        round.get("/api/tables").await;
        if round.cookie.is_some() {
            round.get("/api/me/games").await;
        }
        let (status, body) = round.get(&format!("/api/games/{id}/record")).await;
        if status == 200 {
            return kept;
        }
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["error"]["code"], "not_finished");
        kept.extend(round.bodies());
        client = round;
        tokio::time::sleep(Duration::from_millis(15)).await;
    }
}

/// Plays a game to its end with pollers beside the players; checks everything each viewer
/// received. Returns the replayed game and the frames of seat 1 and the spectator, for the
/// planted-leak checks.
async fn play_and_poll(test: &str, game: &str, options: Value, seats: usize) -> Replayed {
    let db = TempDb::new(test);
    let server = serve(&db).await;
    let mut clients = guests(&server, "h", seats).await;
    let id = table(&mut clients, game, options).await;
    let anonymous = server.client();
    let spectator_ws = anonymous.connect(&id, "").await;
    let seat_as_spectator_ws = clients[0].connect(&id, "?as=spectator").await;
    let watchers = [
        tokio::spawn(watch(spectator_ws)),
        tokio::spawn(watch(seat_as_spectator_ws)),
    ];
    let mut pollers = Vec::new();
    for client in &clients {
        pollers.push(tokio::spawn(poll(client.fresh(), id.clone(), "")));
    }
    let spectator_pollers = [
        tokio::spawn(poll(anonymous.fresh(), id.clone(), "")),
        tokio::spawn(poll(clients[1].fresh(), id.clone(), "?as=spectator")),
    ];
    let mut drivers = Vec::new();
    for (seat, client) in clients.iter().enumerate() {
        let ws = client.connect(&id, "").await;
        drivers.push(tokio::spawn(drive(ws, 17 * seat as u64 + 5)));
    }
    let mut frames = Vec::new();
    for driver in drivers {
        frames.push(driver.await.unwrap());
    }
    let last = frames[0].last.clone();
    let replayed = check_record(&mut clients[0], &db, &id, &last).await;
    let spectator = seats;
    let mut checked = 0;
    for (seat, played) in frames.iter().enumerate() {
        checked += replayed.check_received(seat, &played.raw);
    }
    for (seat, poller) in pollers.into_iter().enumerate() {
        checked += replayed.check_received(seat, &poller.await.unwrap());
    }
    for poller in spectator_pollers {
        checked += replayed.check_received(spectator, &poller.await.unwrap());
    }
    for watcher in watchers {
        checked += replayed.check_received(spectator, &watcher.await.unwrap().raw);
    }
    assert!(
        checked as u64 > replayed.version(),
        "{checked} states checked"
    );
    eprintln!(
        "{game} {seats} seats: {} versions, {checked} states checked",
        replayed.version()
    );

    // The checks are not vacuous: a frame with one planted secret fails them.
    let honest = frames[1].raw.clone();
    let mut plants = vec![
        json!({"type": "pong", "ref": replayed.seed}).to_string(),
        json!({"type": "pong", "ref": replayed.salt}).to_string(),
    ];
    let mut planted_secret = false;
    for text in &honest {
        let frame: Value = serde_json::from_str(text).unwrap();
        if frame["type"] != "event" || frame["state"]["status"] != "playing" {
            continue;
        }
        let version = frame["version"].as_u64().unwrap() as usize;
        if plants.len() == 2 {
            let mut other_view = frame.clone();
            other_view["state"]["view"] = replayed.views[version][0].clone();
            plants.push(other_view.to_string());
        }
        let own = replayed.views[version][1].to_string();
        if let Some(secret) = replayed
            .private_parts(version, 1)
            .into_iter()
            .find(|s| !own.contains(s.as_str()))
        {
            let mut leaky = frame.clone();
            leaky["state"]["note"] = serde_json::from_str(&secret).unwrap();
            plants.push(leaky.to_string());
            planted_secret = true;
            break;
        }
    }
    assert!(
        planted_secret || game == "tyranny",
        "nothing private to plant"
    );
    for plant in plants {
        let mut planted = honest.clone();
        planted.push(plant.clone());
        let caught = catch_unwind(AssertUnwindSafe(|| replayed.check_received(1, &planted)));
        assert!(caught.is_err(), "a planted secret went unnoticed: {plant}");
    }
    server.stop().await;
    replayed
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tyrus_hands_and_face_down_tiles_stay_hidden() {
    play_and_poll("hidden-tyrus", "tyrus", json!({}), 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tsuro_hands_and_the_draw_pile_stay_hidden() {
    play_and_poll("hidden-tsuro", "tsuro", json!({"players": 4}), 4).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tyranny_hands_and_the_decks_stay_hidden() {
    play_and_poll("hidden-tyranny", "tyranny", json!({"players": 3}), 3).await;
}
