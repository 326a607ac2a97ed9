//! Several servers ("nodes") on one PostgreSQL database: players on different nodes play
//! one game, watchers on every node see it, and when the node that runs a game goes down
//! another takes it over without losing a move or charging the gap to a clock. Skipped
//! without a PostgreSQL server (`AGORA_TEST_POSTGRES`); `scripts/test` always has one.

mod common;

use std::time::{Duration, Instant};

use agora_server::ServerConfig;
use common::{Client, Server, Stopped, Until, Ws, drive, start_server, test_config, watch};
use serde_json::{Value, json};

/// Short leases, so that a test waits seconds, not tens of seconds, for a takeover.
fn node_config() -> ServerConfig {
    ServerConfig {
        lease: Duration::from_secs(2),
        ..test_config()
    }
}

async fn nodes(url: &str, count: usize) -> Vec<Server> {
    let mut nodes = Vec::new();
    for _ in 0..count {
        nodes.push(start_server(url.to_string(), node_config()).await);
    }
    nodes
}

/// A two-seat table created by `host`, joined by `guest`: started by the guest's node.
async fn two_seat_table(host: &mut Client, guest: &mut Client, time_control: Value) -> String {
    let created = host
        .ok(
            "/api/tables",
            json!({"game": "tyrus", "options": {}, "seats": [{"kind": "me"}, {"kind": "open"}],
                   "time_control": time_control}),
        )
        .await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    guest
        .ok(&format!("/api/tables/{id}/join"), json!({"seat": 1}))
        .await;
    id
}

/// Every version from 1 to the game's last is logged once.
async fn assert_log_whole(url: &str, id: &str, last: u64) {
    let store = agora_store::Store::open(url, agora_store::Durability::Process)
        .await
        .unwrap();
    let events = store.game(id.parse().unwrap()).await.unwrap().events;
    let versions: Vec<u64> = events.iter().map(|e| e.version).collect();
    assert_eq!(versions, (1..=last).collect::<Vec<_>>());
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn players_on_different_nodes_finish_a_game_and_every_node_shows_it() {
    let Some(url) = common::postgres_database("two_nodes").await else {
        return;
    };
    let nodes = nodes(&url, 2).await;
    let mut ada = nodes[0].guest("ada").await;
    let mut bob = nodes[1].guest("bob").await;
    // Created on the first node, started by the join on the second, which owns the game.
    let id = two_seat_table(&mut ada, &mut bob, json!({"kind": "untimed"})).await;
    // A spectator on each node; ada plays through the first, which relays to the owner.
    let watchers = [nodes[0].client(), nodes[1].client()];
    let watching: Vec<_> = watchers
        .iter()
        .map(|w| {
            let (w, id) = (w.clone(), id.clone());
            tokio::spawn(async move { watch(w.connect(&id, "").await).await })
        })
        .collect();
    let (ada_ws, bob_ws) = (ada.connect(&id, "").await, bob.connect(&id, "").await);
    let (ada_played, bob_played) = tokio::join!(
        tokio::spawn(drive(ada_ws, 1)),
        tokio::spawn(drive(bob_ws, 2))
    );
    let (ada_played, bob_played) = (ada_played.unwrap(), bob_played.unwrap());
    let last = ada_played.last["version"].as_u64().unwrap();
    assert_eq!(bob_played.last["version"].as_u64(), Some(last));
    assert_eq!(
        ada_played.last["state"]["outcome"],
        bob_played.last["state"]["outcome"]
    );
    for watched in watching {
        let watched = watched.await.unwrap();
        assert_eq!(watched.last["version"].as_u64(), Some(last));
        assert_eq!(
            watched.last["state"]["outcome"],
            ada_played.last["state"]["outcome"]
        );
    }
    // Both nodes answer the same game over HTTP.
    let (on_first, on_second) = (ada.game(&id).await, bob.game(&id).await);
    assert_eq!(on_first["version"], on_second["version"]);
    assert_eq!(on_first["status"], on_second["status"]);
    assert_log_whole(&url, &id, last).await;

    // A rematch asked on both nodes: ada's page (on the node that relays) shows her offer as
    // soon as it is answered, and the second ask starts the rematch, which both follow.
    let asked = ada.ok(&format!("/api/games/{id}/rematch"), json!({})).await;
    assert_eq!(asked["next"], Value::Null);
    let over = ada.game(&id).await;
    assert_eq!(over["rematch"]["offers"], json!([0]), "{over}");
    let started = bob.ok(&format!("/api/games/{id}/rematch"), json!({})).await;
    let next = started["next"]
        .as_str()
        .expect("the rematch started")
        .to_string();
    let again = ada.ok(&format!("/api/games/{id}/rematch"), json!({})).await;
    assert_eq!(again["next"].as_str(), Some(next.as_str()));
    let start = Instant::now();
    while ada.game(&id).await["rematch"]["next"].as_str() != Some(next.as_str()) {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the relay never heard of the rematch"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The rematch is played from both nodes too: each seat moved on one.
    let rematch = ada.game(&next).await;
    assert_eq!(rematch["status"], "playing");
    assert_eq!(bob.game(&next).await["version"], rematch["version"]);
    for node in nodes {
        node.stop().await;
    }
}

/// Plays the seat of `client` through `ws` until the game ends; reconnects (to the same
/// node) whenever the connection closes or a move meets an unavailable owner, for at most
/// `patience`.
async fn drive_through_takeover(client: &Client, id: &str, seed: u64, patience: Duration) -> Value {
    let start = Instant::now();
    let mut driver = common::Driver::new(seed);
    loop {
        assert!(start.elapsed() < patience, "the game did not go on in time");
        let Ok(mut ws) = client.try_connect(id, "").await else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        match driver.run(&mut ws, Until::End).await {
            Stopped::Over => return driver.played().last,
            Stopped::Closed | Stopped::Unavailable => {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Stopped::Reached => unreachable!(),
        }
    }
}

async fn wait_for_move(ws: &mut Ws, version: u64) -> Value {
    loop {
        let frame = ws.next().await;
        if common::is_state_frame(&frame) && frame["version"].as_u64() >= Some(version) {
            return frame;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn when_the_owner_dies_another_node_takes_the_game_over_and_charges_nobody_the_gap() {
    let Some(url) = common::postgres_database("takeover").await else {
        return;
    };
    // Three nodes: whichever of the other two takes the game over, the players (on the
    // second) finish it, through a relay to the third if it was the third.
    let mut nodes = nodes(&url, 3).await;
    let bystander = nodes.pop().unwrap();
    let survivor = nodes.pop().unwrap();
    let doomed = nodes.pop().unwrap();
    let mut ada = doomed.guest("ada").await;
    let mut bob = doomed.guest("bob").await;
    // Both on the first node, which starts and owns the game. Ten minutes each.
    let live = json!({"kind": "live", "initial_s": 600, "increment_s": 0});
    let id = two_seat_table(&mut ada, &mut bob, live).await;
    // And a game of ada's against the computer, also run by the first node.
    let mut cyd = doomed.guest("cyd").await;
    let against_ai = cyd
        .ok(
            "/api/tables",
            json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "ai", "level": "easy"}]}),
        )
        .await;
    let ai_game = against_ai["table"]["id"].as_str().unwrap().to_string();
    // A few moves on the first node.
    let mut ada_ws = ada.connect(&id, "").await;
    let mut bob_ws = bob.connect(&id, "").await;
    let mut ada_driver = common::Driver::new(3);
    let mut bob_driver = common::Driver::new(4);
    let (a, b) = tokio::join!(
        ada_driver.run(&mut ada_ws, Until::MovedAt(6)),
        bob_driver.run(&mut bob_ws, Until::MovedAt(6))
    );
    assert_eq!((a, b), (Stopped::Reached, Stopped::Reached));
    // Whatever was acknowledged before the crash must survive it.
    let mut watcher = survivor.client().connect(&id, "").await;
    let acked: Vec<u64> = ada_driver
        .acked
        .iter()
        .chain(&bob_driver.acked)
        .copied()
        .collect();
    let last_acked = acked.iter().copied().max().unwrap();
    drop((ada_ws, bob_ws));
    // The game as it stands when the node dies: the last move each driver sent may be
    // acknowledged after it stopped reading, so wait until the log is quiet.
    let mut before = wait_for_move(&mut watcher, last_acked).await;
    while let Some(frame) = watcher.try_next(Duration::from_millis(500)).await {
        if common::is_state_frame(&frame) {
            before = frame;
        }
    }
    let at_crash = before["version"].as_u64().unwrap();
    let deadline_before = before["state"]["deadline"].as_i64().expect("a live clock");

    let crashed_at = Instant::now();
    doomed.crash().await;
    // The surviving node shows the game at once (a relay, from the log), and takes it over
    // once the dead node's lease lapses. The clock of the seat to move was not charged for
    // the gap: its deadline moves on by the time nobody ran the game.
    let mut check = survivor.client();
    let taken_over = loop {
        assert!(
            crashed_at.elapsed() < Duration::from_secs(30),
            "no node took the game over"
        );
        let state = check.game(&id).await;
        assert_eq!(state["version"].as_u64(), Some(at_crash), "{state}");
        let deadline = state["deadline"].as_i64().expect("a live clock");
        if deadline != deadline_before {
            break deadline;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let shift = taken_over - deadline_before;
    let down = crashed_at.elapsed().as_millis() as i64;
    // From the dead node's last renewal, up to a heartbeat before the crash (as after a
    // single server's crash, at most a heartbeat of a turn goes uncharged), to the takeover:
    // at least the lease less that heartbeat, at most the time since the crash and a
    // heartbeat.
    assert!(
        (1_000..=down + 1_100).contains(&shift),
        "deadline moved {shift} ms after {down} ms down"
    );

    // The players come back on the surviving node and play on to the end; so does cyd, and
    // the computer answers her there (its seat goes on moving on the node that took over).
    let (ada, bob, cyd) = (ada.on(&survivor), bob.on(&survivor), cyd.on(&survivor));
    let patience = Duration::from_secs(60);
    let (ada_end, bob_end, cyd_end) = tokio::join!(
        drive_through_takeover(&ada, &id, 5, patience),
        drive_through_takeover(&bob, &id, 6, patience),
        drive_through_takeover(&cyd, &ai_game, 7, patience)
    );
    assert_ne!(cyd_end["state"]["status"], "playing", "{cyd_end}");
    assert!(cyd_end["version"].as_u64().unwrap() > 4);
    let last = ada_end["version"].as_u64().unwrap();
    assert_eq!(bob_end["version"].as_u64(), Some(last));
    assert!(last > at_crash);
    // Nothing acknowledged was lost, and nothing was logged twice.
    assert_log_whole(&url, &id, last).await;
    bystander.stop().await;
    survivor.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_sign_out_on_one_node_ends_the_session_on_every_node() {
    let Some(url) = common::postgres_database("sign_out").await else {
        return;
    };
    let nodes = nodes(&url, 2).await;
    let mut ada = nodes[0].guest("ada").await;
    let mut bob = nodes[0].guest("bob").await;
    let id = two_seat_table(&mut ada, &mut bob, json!({"kind": "untimed"})).await;
    // The second node knows the session (and remembers it), with a game's socket open.
    let mut elsewhere = ada.on(&nodes[1]);
    assert_eq!(elsewhere.get("/api/me").await.0, 200);
    let mut ws = elsewhere.connect(&id, "").await;
    assert_eq!(ws.next().await["type"], "sync");
    ada.ok("/api/signout", json!({})).await;
    // At once on the second node too: its socket is closed and its requests refused.
    let start = Instant::now();
    while elsewhere.get("/api/me").await.0 != 401 {
        assert!(start.elapsed() < Duration::from_secs(2), "still signed in");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    while ws.try_next(Duration::from_secs(2)).await.is_some() {}
    let closed = ws.closed.clone().flatten().expect("a close frame");
    assert_eq!(u16::from(closed.code), 1008, "{closed:?}");
    for node in nodes {
        node.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_accounts_limits_count_its_tables_on_every_node() {
    let Some(url) = common::postgres_database("limits").await else {
        return;
    };
    let config = ServerConfig {
        account_limits: agora_server::AccountLimits {
            open_tables: 2,
            ai_games: 1,
            guests_per_address: None,
        },
        ..node_config()
    };
    let (first, second) = (
        start_server(url.clone(), config.clone()).await,
        start_server(url.clone(), config).await,
    );
    let mut ada = first.guest("ada").await;
    let mut elsewhere = ada.on(&second);
    let open = json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "open"}]});
    let ai = json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "ai", "level": "easy"}]});
    ada.ok("/api/tables", open.clone()).await;
    elsewhere.ok("/api/tables", open.clone()).await;
    for client in [&mut ada, &mut elsewhere] {
        let (status, body) = client.post("/api/tables", open.clone()).await;
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (409, Some("limit_reached")),
            "{body}"
        );
    }
    elsewhere.ok("/api/tables", ai.clone()).await;
    let (status, body) = ada.post("/api/tables", ai).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (409, Some("limit_reached")),
        "{body}"
    );
    first.stop().await;
    second.stop().await;
}

/// A seated player on a relaying node sends moves that are far too long, or whose refusal
/// quotes them at length: each is refused as a bad move at once, and the relay goes on
/// working (a NOTIFY carries at most 8000 bytes).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_move_too_long_to_forward_is_refused_and_the_relay_goes_on() {
    let Some(url) = common::postgres_database("long_moves").await else {
        return;
    };
    let nodes = nodes(&url, 2).await;
    let mut ada = nodes[0].guest("ada").await;
    let mut bob = nodes[1].guest("bob").await;
    let id = two_seat_table(&mut ada, &mut bob, json!({"kind": "untimed"})).await;
    let state = ada.game(&id).await;
    let mover = if state["turn"]["seat"] == 0 {
        &mut ada
    } else {
        &mut bob
    };
    // Whoever is to move, from the first node (a relay to the second, which owns the game).
    let mut relayed = mover.on(&nodes[0]);
    for notation in ["x".repeat(7_800), "\"".repeat(2_600), "é".repeat(3_000)] {
        let started = Instant::now();
        let (status, body) = relayed
            .post(
                &format!("/api/games/{id}/move"),
                json!({ "move": notation }),
            )
            .await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(body["error"]["code"], "bad_notation", "{body}");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
    }
    let state = relayed.game(&id).await;
    // A move the owner refuses comes back through the relay with the engine's reason as its
    // code and arguments, for the reader's language to word.
    let (status, body) = relayed
        .post(
            &format!("/api/games/{id}/move"),
            json!({"move": "build a wall"}),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["error"]["refusal"],
        json!({"code": "tyrus-unknown-tile", "args": {"word": "build"}}),
        "{body}"
    );
    let legal_moves = state["legal_moves"].as_array().unwrap();
    let tile = ["S", "M", "P"]
        .iter()
        .flat_map(|p| (1..=10).map(move |v| format!("{p}{v}")))
        .find(|t| !legal_moves.contains(&json!(format!("{t} own citadel"))))
        .unwrap();
    let (status, body) = relayed
        .post(
            &format!("/api/games/{id}/move"),
            json!({"move": format!("{tile} own citadel")}),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["error"]["refusal"],
        json!({"code": "tyrus-not-in-hand", "args": {"tile": tile}}),
        "{body}"
    );
    let legal = state["legal_moves"][0].clone();
    let moved = relayed
        .ok(
            &format!("/api/games/{id}/move"),
            json!({"move": legal, "version": state["version"]}),
        )
        .await;
    assert_eq!(
        moved["version"].as_u64(),
        Some(state["version"].as_u64().unwrap() + 1)
    );
    for node in nodes {
        node.stop().await;
    }
}

/// Wrong passwords on one node count on the others: guesses spread over the nodes are
/// throttled as if they had all come to one.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn wrong_passwords_on_one_node_shut_the_account_out_on_every_node() {
    let Some(url) = common::postgres_database("sign_in").await else {
        return;
    };
    let config = ServerConfig {
        sign_in: agora_server::SignInLimits {
            per_address_and_account: 2,
            per_account: 2,
            per_address: 1_000,
            first_delay: Duration::from_secs(60),
            max_delay: Duration::from_secs(60),
        },
        ..node_config()
    };
    let (first, second) = (
        start_server(url.clone(), config.clone()).await,
        start_server(url.clone(), config).await,
    );
    let mut zoe = first.client();
    zoe.ok(
        "/api/signup",
        json!({"name": "zoe", "password": "correct horse battery"}),
    )
    .await;
    let wrong = json!({"name": "zoe", "password": "wrong wrong wrong"});
    // Two free failures, one on each node; the third, on the first, shuts zoe out.
    let mut guesser = first.client();
    let mut elsewhere = second.client();
    assert_eq!(guesser.post("/api/signin", wrong.clone()).await.0, 401);
    assert_eq!(elsewhere.post("/api/signin", wrong.clone()).await.0, 401);
    let start = Instant::now();
    loop {
        let status = guesser.post("/api/signin", wrong.clone()).await.0;
        if status == 401 || status == 429 {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(2), "{status}");
    }
    // The second node shuts zoe out too, even with the right password. (Asked once, after
    // the news has had time to arrive: a sign-in that got through would be news too, and
    // would forgive zoe everywhere.)
    tokio::time::sleep(Duration::from_millis(500)).await;
    let right = json!({"name": "zoe", "password": "correct horse battery"});
    let (status, body) = elsewhere.post("/api/signin", right).await;
    assert_eq!(status, 429, "the other node never heard: {body}");
    first.stop().await;
    second.stop().await;
}
