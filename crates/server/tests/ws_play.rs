//! Complete games over WebSocket, for every game: each seat's client plays random legal moves
//! from those the server sends it, a spectator watches, and at the end every client agrees,
//! the downloaded record replays to the same outcome, and no client was sent anything it
//! may not see.

mod common;

use common::{Played, Replayed, TempDb, check_record, drive, guests, serve, table, watch};
use serde_json::{Value, json};

/// Every state frame came in order, one per version at most, and so did every event.
fn assert_in_order(raw: &[String]) {
    let frames: Vec<Value> = raw
        .iter()
        .map(|t| serde_json::from_str::<Value>(t).unwrap())
        .collect();
    let versions: Vec<u64> = frames
        .iter()
        .filter(|f| common::is_state_frame(f))
        .map(|f| f["version"].as_u64().unwrap())
        .collect();
    assert!(versions.windows(2).all(|w| w[0] < w[1]), "{versions:?}");
    let events: Vec<u64> = frames
        .iter()
        .filter(|f| f["type"] == "event")
        .flat_map(|f| f["events"].as_array().unwrap().clone())
        .map(|e| e["version"].as_u64().unwrap())
        .collect();
    assert!(events.windows(2).all(|w| w[0] < w[1]), "{events:?}");
}

/// Plays one game of `game` with `options` to its end with `seats` clients and a spectator;
/// returns what each saw (seats, then the spectator) and the replayed record.
async fn play_a_game(test: &str, game: &str, options: Value, seats: usize, seed: u64) {
    let db = TempDb::new(test);
    let server = serve(&db).await;
    let mut clients = guests(&server, "p", seats).await;
    let id = table(&mut clients, game, options).await;
    let spectator = server.client();
    let watcher = tokio::spawn(watch(spectator.connect(&id, "").await));
    let mut drivers = Vec::new();
    for (seat, client) in clients.iter().enumerate() {
        let ws = client.connect(&id, "").await;
        drivers.push(tokio::spawn(drive(ws, seed + seat as u64)));
    }
    let mut seen: Vec<Played> = Vec::new();
    for driver in drivers {
        seen.push(driver.await.unwrap());
    }
    seen.push(watcher.await.unwrap());

    let last = &seen[0].last;
    assert_eq!(last["state"]["status"], "finished", "{last}");
    for (viewer, played) in seen.iter().enumerate() {
        let state = &played.last["state"];
        assert_eq!(played.last["version"], last["version"], "viewer {viewer}");
        assert_eq!(
            state["outcome"], last["state"]["outcome"],
            "viewer {viewer}"
        );
        assert_eq!(
            state["summary"], last["state"]["summary"],
            "viewer {viewer}"
        );
        assert_eq!(state["record"], last["state"]["record"], "viewer {viewer}");
        assert!(state.get("legal_moves").is_none());
    }
    let moves_sent: usize = seen.iter().map(|p| p.moves_sent).sum();
    let replayed: Replayed = check_record(&mut clients[0], &db, &id, last).await;
    let chance = replayed.record.moves.len() - moves_sent;
    assert!(moves_sent > 0);
    for (viewer, played) in seen.iter().enumerate() {
        let states = replayed.check_received(viewer, &played.raw);
        assert!(states > 0, "viewer {viewer} saw the game");
    }
    for played in &seen {
        assert_in_order(&played.raw);
    }
    eprintln!(
        "{game} {seats} seats: {} moves ({chance} by chance)",
        replayed.record.moves.len()
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tyrus_two_seats_play_to_the_end() {
    play_a_game("ws-tyrus", "tyrus", json!({}), 2, 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tsuro_two_seats_play_to_the_end() {
    play_a_game("ws-tsuro2", "tsuro", json!({"players": 2}), 2, 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tsuro_four_seats_play_to_the_end() {
    play_a_game("ws-tsuro4", "tsuro", json!({"players": 4}), 4, 3).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tyranny_three_seats_play_to_the_end() {
    play_a_game("ws-tyranny3", "tyranny", json!({"players": 3}), 3, 4).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tyranny_two_seats_play_to_the_end() {
    play_a_game("ws-tyranny2", "tyranny", json!({"players": 2}), 2, 5).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tsuro_with_the_elimination_bonus_plays_to_the_end() {
    let options = json!({"players": 4, "elimination_bonus": true});
    play_a_game("ws-tsuro-bonus", "tsuro", options, 4, 6).await;
}

/// One person against the server's bots over WebSocket: the bots' moves reach the player
/// and a spectator as events like anyone's, each frame is exactly that viewer's view, and
/// the game ends with a record that replays.
async fn play_against_bots(test: &str, game: &str, options: Value, seats: usize, seed: u64) {
    let db = TempDb::new(test);
    let server = serve(&db).await;
    let mut clients = guests(&server, "h", 1).await;
    let mut seat_specs = vec![json!({"kind": "me"})];
    seat_specs.extend((1..seats).map(|_| json!({"kind": "ai", "level": "easy"})));
    let created = clients[0]
        .ok(
            "/api/tables",
            json!({"game": game, "options": options, "seats": seat_specs}),
        )
        .await;
    assert_eq!(created["table"]["status"], "playing", "{created}");
    let id = created["table"]["id"].as_str().unwrap().to_string();
    let spectator = server.client();
    let watcher = tokio::spawn(watch(spectator.connect(&id, "").await));
    let person = drive(clients[0].connect(&id, "").await, seed).await;
    let watched = watcher.await.unwrap();

    let last = &person.last;
    assert_eq!(last["state"]["status"], "finished", "{last}");
    assert_eq!(watched.last["state"]["record"], last["state"]["record"]);
    let replayed = check_record(&mut clients[0], &db, &id, last).await;
    assert!(person.moves_sent > 0);
    let bot_moves = replayed.record.moves.len() - person.moves_sent;
    assert!(bot_moves > 0, "the bots moved");
    assert!(replayed.check_received(0, &person.raw) > 0);
    assert!(replayed.check_received(seats, &watched.raw) > 0);
    // Bots' moves included.
    assert_in_order(&person.raw);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tyrus_against_a_bot() {
    play_against_bots("ws-bot-tyrus", "tyrus", json!({}), 2, 11).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tsuro_against_three_bots() {
    play_against_bots("ws-bot-tsuro", "tsuro", json!({"players": 4}), 4, 12).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tyranny_against_two_bots() {
    play_against_bots("ws-bot-tyranny", "tyranny", json!({"players": 3}), 3, 13).await;
}
