//! Reconnecting and resyncing: a client that drops mid-game and comes back with the last
//! version it saw receives exactly the events it missed, as a client that stayed saw them,
//! and plays on; a client that gives no version, or one the server does not know, gets a
//! fresh view.

mod common;

use common::{
    Driver, Stopped, TempDb, Until, check_record, drive, guests, is_state_frame, serve, table,
};
use serde_json::{Value, json};

/// The events of every `event` frame in `raw`, by version.
fn events_by_version(raw: &[String]) -> Vec<Value> {
    raw.iter()
        .map(|t| serde_json::from_str::<Value>(t).unwrap())
        .filter(|f| f["type"] == "event")
        .flat_map(|f| f["events"].as_array().unwrap().clone())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_client_gets_what_it_missed_and_plays_on() {
    let db = TempDb::new("reconnect-missed");
    let server = serve(&db).await;
    let mut clients = guests(&server, "r", 4).await;
    let id = table(&mut clients, "tsuro", json!({"players": 4})).await;
    // A second socket of seat 0's account that stays connected the whole game.
    let mut shadow = clients[0].connect(&id, "").await;
    let mut others = Vec::new();
    for (seat, client) in clients.iter().enumerate().skip(1) {
        others.push(tokio::spawn(drive(
            client.connect(&id, "").await,
            seat as u64,
        )));
    }
    let mut driver = Driver::new(40);
    let mut ws = clients[0].connect(&id, "").await;
    // Seat 0 moves in its second round, and drops at once.
    assert_eq!(
        driver.run(&mut ws, Until::MovedAt(4)).await,
        Stopped::Reached
    );
    drop(ws);
    let seen = driver.version().unwrap();
    // The others play until it is seat 0's turn again.
    let current = loop {
        let frame = shadow.next().await;
        if is_state_frame(&frame)
            && frame["version"].as_u64().unwrap() > seen
            && (frame["state"]["turn"]["seat"] == 0 || frame["state"]["status"] != "playing")
        {
            break frame;
        }
    };
    let now = current["version"].as_u64().unwrap();
    assert!(now > seen + 1, "others moved while seat 0 was away");

    let mut ws = clients[0].connect(&id, &format!("?since={seen}")).await;
    let sync = ws.next().await;
    assert_eq!(sync["type"], "sync");
    assert_eq!(sync["version"], now);
    assert_eq!(sync["viewer"], json!({"seat": 0}));
    let missed = sync["missed"].as_array().expect("the missed events");
    let versions: Vec<u64> = missed
        .iter()
        .map(|e| e["version"].as_u64().unwrap())
        .collect();
    assert_eq!(versions, ((seen + 1)..=now).collect::<Vec<_>>());
    let stayed = events_by_version(&shadow.raw);
    let stayed: Vec<&Value> = stayed
        .iter()
        .filter(|e| e["version"].as_u64().unwrap() > seen)
        .collect();
    assert_eq!(
        missed.iter().collect::<Vec<_>>(),
        stayed,
        "what it missed, as others saw it"
    );
    assert_eq!(sync["state"], current["state"], "the current state");

    // It plays on from the sync frame, to the end.
    let mut rest = Driver::new(41);
    rest.last = sync.clone();
    assert_eq!(rest.run(&mut ws, Until::End).await, Stopped::Over);
    let last = rest.last.clone();
    for other in others {
        let played = other.await.unwrap();
        assert_eq!(played.last["version"], last["version"]);
        assert_eq!(played.last["state"]["outcome"], last["state"]["outcome"]);
    }
    let replayed = check_record(&mut clients[0], &db, &id, &last).await;
    let mut raw = driver.raw;
    raw.extend(rest.raw);
    assert!(replayed.check_received(0, &raw) > 0);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_or_missing_versions_get_a_fresh_view() {
    let db = TempDb::new("reconnect-fresh");
    let server = serve(&db).await;
    let mut clients = guests(&server, "f", 2).await;
    let id = table(&mut clients, "tyrus", json!({})).await;
    let mut drivers = [Driver::new(1), Driver::new(2)];
    let mut sockets = [
        clients[0].connect(&id, "").await,
        clients[1].connect(&id, "").await,
    ];
    // Both play until version 6.
    let (a, b) = drivers.split_at_mut(1);
    let (sa, sb) = sockets.split_at_mut(1);
    tokio::join!(
        a[0].run(&mut sa[0], Until::Version(6)),
        b[0].run(&mut sb[0], Until::Version(6)),
    );
    let version = drivers[0].version().unwrap();
    assert!(version >= 6);

    for query in ["", "?since=999999", "?as=spectator"] {
        let mut ws = clients[1].connect(&id, query).await;
        let sync = ws.next().await;
        assert_eq!(sync["type"], "sync", "{query}");
        assert!(sync["version"].as_u64().unwrap() >= version);
        assert!(sync["missed"].is_null(), "{query}: a fresh view, no events");
        assert!(sync["state"]["view"].is_object());
    }
    // From version 0: every event of the game, in order.
    let mut ws = clients[1].connect(&id, "?since=0").await;
    let sync = ws.next().await;
    let missed = sync["missed"].as_array().unwrap();
    assert_eq!(missed.len() as u64, sync["version"].as_u64().unwrap());
    // A sync asked for on an open socket: the same answer.
    ws.send(json!({"type": "sync", "since": 2, "ref": 7})).await;
    let again = ws.until("sync").await;
    let tail: Vec<&Value> = missed.iter().skip(2).collect();
    assert_eq!(
        again["missed"]
            .as_array()
            .unwrap()
            .iter()
            .collect::<Vec<_>>(),
        tail
    );
    ws.send(json!({"type": "sync", "since": "two"})).await;
    assert_eq!(ws.error().await["code"], "bad_request");
    ws.ping(8).await;

    // Both play on to the end on their first sockets.
    let (a, b) = drivers.split_at_mut(1);
    let (sa, sb) = sockets.split_at_mut(1);
    let (x, y) = tokio::join!(
        a[0].run(&mut sa[0], Until::End),
        b[0].run(&mut sb[0], Until::End),
    );
    assert_eq!((x, y), (Stopped::Over, Stopped::Over));
    let last = drivers[0].last.clone();
    check_record(&mut clients[0], &db, &id, &last).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gap_older_than_the_game_remembers_gets_a_fresh_view() {
    let db = TempDb::new("reconnect-old-gap");
    let server = serve(&db).await;
    let mut clients = guests(&server, "o", 2).await;
    let id = table(&mut clients, "tyrus", json!({})).await;
    // Draw offers and refusals are events too: enough of them to push the start of the game
    // out of what the server keeps in memory.
    for _ in 0..270 {
        clients[0]
            .ok(&format!("/api/games/{id}/draw"), json!({}))
            .await;
        clients[1]
            .ok(&format!("/api/games/{id}/draw/decline"), json!({}))
            .await;
    }
    let version = clients[0].game(&id).await["version"].as_u64().unwrap();
    assert_eq!(version, 540);
    for since in [0, 3] {
        let mut ws = clients[0].connect(&id, &format!("?since={since}")).await;
        let sync = ws.next().await;
        assert_eq!(sync["version"], version);
        assert!(sync["missed"].is_null(), "since {since}: a fresh view");
    }
    let mut ws = clients[1]
        .connect(&id, &format!("?since={}", version - 5))
        .await;
    let sync = ws.next().await;
    let kinds: Vec<&str> = sync["missed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "draw_decline",
            "draw_offer",
            "draw_decline",
            "draw_offer",
            "draw_decline"
        ]
    );
    // The same after a restart: the server rebuilds what it remembers from the log.
    server.stop().await;
    let server = serve(&db).await;
    let resumed = clients[1].on(&server);
    let mut ws = resumed.connect(&id, "?since=3").await;
    assert!(ws.next().await["missed"].is_null());
    let mut ws = resumed
        .connect(&id, &format!("?since={}", version - 2))
        .await;
    assert_eq!(ws.next().await["missed"].as_array().unwrap().len(), 2);
    server.stop().await;
}
