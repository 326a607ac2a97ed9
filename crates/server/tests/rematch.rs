//! Rematches: once a game is over its players may ask for another; when the last one asks,
//! the next game starts with everyone moved one seat on, and every connection to the old game
//! follows into the new one.

mod common;

use common::{Driver, TempDb, Until, guests, serve, table};
use serde_json::{Value, json};

/// The next `rematch` frame, checking that only the old game's frames came before it.
async fn until_rematch(ws: &mut common::Ws) -> Value {
    loop {
        let frame = ws.next().await;
        match frame["type"].as_str().unwrap() {
            "rematch" => return frame,
            "event" | "ack" => {}
            other => panic!("unexpected {other}: {frame}"),
        }
    }
}

#[tokio::test]
async fn a_rematch_over_websocket_moves_every_connection_to_the_next_game() {
    let db = TempDb::new("rematch_ws");
    let server = serve(&db).await;
    let mut players = guests(&server, "p", 2).await;
    let first = table(&mut players, "tyrus", json!({})).await;
    let mut seats = [
        players[0].connect(&first, "").await,
        players[1].connect(&first, "").await,
    ];
    let mut spectator = server.client().connect(&first, "").await;
    for ws in seats.iter_mut().chain([&mut spectator]) {
        assert_eq!(ws.next().await["type"], "sync");
    }

    // Not while the game is played.
    seats[0].send(json!({"type": "rematch", "ref": 1})).await;
    let refused = seats[0].error().await;
    assert_eq!(refused["code"], "wrong_state", "{refused}");
    assert_eq!(refused["ref"], 1);

    let accounts: Vec<Value> = players[0].game(&first).await["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["account"].clone())
        .collect();
    players[1]
        .ok(&format!("/api/games/{first}/resign"), json!({}))
        .await;
    for ws in seats.iter_mut().chain([&mut spectator]) {
        let over = ws.until("event").await;
        assert_eq!(over["state"]["status"], "finished");
        assert_eq!(
            over["state"]["rematch"],
            json!({"offers": [], "next": null})
        );
    }

    // Spectators watch; they do not ask.
    spectator.send(json!({"type": "rematch", "ref": 2})).await;
    assert_eq!(spectator.error().await["code"], "forbidden");

    seats[0].send(json!({"type": "rematch", "ref": 3})).await;
    let ack = seats[0].until("ack").await;
    assert_eq!(ack["ref"], 3);
    assert_eq!(ack["next"], Value::Null);
    for ws in seats.iter_mut().chain([&mut spectator]) {
        let offered = until_rematch(ws).await;
        assert_eq!(offered["game"], first.as_str());
        assert_eq!(offered["rematch"], json!({"offers": [0], "next": null}));
    }
    // Asking twice changes nothing.
    seats[0].send(json!({"type": "rematch", "ref": 4})).await;
    assert_eq!(seats[0].until("ack").await["next"], Value::Null);
    assert_eq!(
        players[1].game(&first).await["rematch"],
        json!({"offers": [0], "next": null})
    );

    seats[1].send(json!({"type": "rematch", "ref": 5})).await;
    let ack = seats[1].until("ack").await;
    let next = ack["next"]
        .as_str()
        .expect("the rematch started")
        .to_string();
    assert_ne!(next, first);
    let mut syncs = Vec::new();
    for ws in seats.iter_mut().chain([&mut spectator]) {
        let started = until_rematch(ws).await;
        assert_eq!(started["rematch"], json!({"offers": [0, 1], "next": next}));
        let sync = ws.next().await;
        assert_eq!(sync["type"], "sync", "{sync}");
        assert_eq!(sync["game"], next.as_str());
        assert_eq!(sync["state"]["status"], "playing");
        syncs.push(sync);
    }
    assert_eq!(syncs[0]["viewer"], json!({"seat": 1}));
    assert_eq!(syncs[1]["viewer"], json!({"seat": 0}));
    assert_eq!(syncs[2]["viewer"], "spectator");
    // Each player moved one seat on: with two seats, they swapped.
    let state = players[0].game(&next).await;
    let moved: Vec<Value> = state["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["account"].clone())
        .collect();
    assert_eq!(moved, [accounts[1].clone(), accounts[0].clone()]);
    assert_eq!(state["viewer"], json!({"seat": 1}));
    assert_eq!(state["seats"][0]["name"], "p1");
    assert_eq!(state["seats"][1]["name"], "p0");
    assert_eq!(
        players[0].game(&first).await["rematch"],
        json!({"offers": [0, 1], "next": next})
    );
    // Asking after it started names it again, over HTTP too.
    let again = players[0]
        .ok(&format!("/api/games/{first}/rematch"), json!({}))
        .await;
    assert_eq!(again["next"], next.as_str());
    // A connection opened on the old game now follows at once.
    let mut late = players[0].connect(&first, "").await;
    assert_eq!(late.next().await["game"], first.as_str());
    assert_eq!(late.next().await["rematch"]["next"], next.as_str());
    let followed = late.next().await;
    assert_eq!(
        (&followed["type"], &followed["game"], &followed["viewer"]),
        (&json!("sync"), &json!(next), &json!({"seat": 1}))
    );
    late.close().await;

    // The next game plays to its end on the same connections.
    let [ws0, ws1] = &mut seats;
    let mut drivers = [Driver::new(7), Driver::new(8)];
    // The syncs above may already ask a seat to move.
    for (driver, sync) in drivers.iter_mut().zip(syncs) {
        driver.last = sync;
    }
    let [d0, d1] = &mut drivers;
    let (s0, s1) = tokio::join!(d0.run(ws0, Until::End), d1.run(ws1, Until::End));
    assert_eq!((s0, s1), (common::Stopped::Over, common::Stopped::Over));
    assert!(drivers.iter().all(|d| d.moves_sent > 0));
    let last = &drivers[0].last;
    assert_eq!(last["game"], next.as_str());
    assert_eq!(last["state"]["status"], "finished");
    let watched = spectator
        .until_version(last["version"].as_u64().unwrap())
        .await;
    assert_eq!(watched["game"], next.as_str());
    let (status, record) = players[1].get(&format!("/api/games/{next}/record")).await;
    assert_eq!(status, 200, "{record}");
    assert_eq!(record, last["state"]["record"]);
}

#[tokio::test]
async fn a_rematch_against_the_server_starts_at_once_and_its_errors_change_nothing() {
    let db = TempDb::new("rematch_http");
    let server = serve(&db).await;
    let mut ada = server.guest("ada").await;
    let created = ada
        .ok(
            "/api/tables",
            json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "ai", "level": "easy"}]}),
        )
        .await;
    let first = created["table"]["id"].as_str().unwrap().to_string();
    let mut stranger = server.guest("stranger").await;

    let (status, body) = ada
        .post(&format!("/api/games/{first}/rematch"), json!({}))
        .await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (409, json!("wrong_state"))
    );
    ada.ok(&format!("/api/games/{first}/resign"), json!({}))
        .await;

    let (status, body) = stranger
        .post(&format!("/api/games/{first}/rematch"), json!({}))
        .await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (403, json!("forbidden"))
    );
    let (status, body) = ada
        .post(
            &format!("/api/games/{first}/rematch"),
            json!({"soon": true}),
        )
        .await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (400, json!("bad_request"))
    );
    let (status, body) = ada.post("/api/games/zzzzzzzzzz/rematch", json!({})).await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (404, json!("not_found"))
    );
    let (status, body) = server
        .client()
        .post(&format!("/api/games/{first}/rematch"), json!({}))
        .await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(
        ada.game(&first).await["rematch"],
        json!({"offers": [], "next": null})
    );

    // The bot always agrees: the rematch starts with ada's request.
    let started = ada
        .ok(&format!("/api/games/{first}/rematch"), json!({}))
        .await;
    let next = started["next"].as_str().expect("started").to_string();
    let state = ada.game(&next).await;
    assert_eq!(state["viewer"], json!({"seat": 1}));
    assert_eq!(state["seats"][0]["ai_level"], "easy");
    assert_eq!(state["seats"][0]["plays"], "ai");
    assert_eq!(state["seats"][1]["name"], "ada");
    assert_eq!(
        state["time_control"],
        ada.game(&first).await["time_control"]
    );
    // It is a game like any other: ada sees it among hers, and it plays.
    let (_, mine) = ada.get("/api/me/games").await;
    assert!(mine.to_string().contains(&next), "{mine}");
    ada.ok(&format!("/api/games/{next}/resign"), json!({}))
        .await;
    assert_eq!(ada.game(&next).await["status"], "finished");
}

#[tokio::test]
async fn offers_wait_with_nobody_watching_and_a_started_rematch_survives_a_restart() {
    let db = TempDb::new("rematch_kept");
    let server = serve(&db).await;
    let mut players = guests(&server, "p", 2).await;
    let first = table(&mut players, "tyrus", json!({})).await;
    players[0]
        .ok(&format!("/api/games/{first}/resign"), json!({}))
        .await;
    let asked = players[0]
        .ok(&format!("/api/games/{first}/rematch"), json!({}))
        .await;
    assert_eq!(asked["next"], Value::Null);
    // Longer than a finished game nobody watches is kept for when no offer waits.
    tokio::time::sleep(std::time::Duration::from_millis(2_500)).await;
    assert_eq!(
        players[1].game(&first).await["rematch"],
        json!({"offers": [0], "next": null})
    );
    let started = players[1]
        .ok(&format!("/api/games/{first}/rematch"), json!({}))
        .await;
    let next = started["next"].as_str().expect("started").to_string();

    // The link is stored with the games: after a restart, asking again names the same game
    // (a second rematch of one game is refused by the store) and no other game starts.
    server.stop().await;
    let server = serve(&db).await;
    let mut players: Vec<_> = players.iter().map(|p| p.on(&server)).collect();
    let again = players[0]
        .ok(&format!("/api/games/{first}/rematch"), json!({}))
        .await;
    assert_eq!(again["next"], next.as_str());
    assert_eq!(
        players[1].game(&first).await["rematch"]["next"],
        next.as_str()
    );
    let (_, mine) = players[0].get("/api/me/games").await;
    let games = mine.to_string();
    assert!(games.contains(&next) && games.contains(&first), "{mine}");
    assert_eq!(db.store().await.playing_games().await.unwrap().len(), 1);
}
