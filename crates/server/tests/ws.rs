//! Whole games over the WebSocket, as external programs play them: every landed game to its
//! end with several clients, each frame checked against what the engine says that viewer may
//! see; reconnecting with `since`; and the socket's error paths.

mod common;

use std::time::Duration;

use agora_engine::{GameRecord, Seat, Viewer};
use agora_games::AnyGame;
use agora_server::{Running, ServerConfig};
use common::{serve, serve_with, temp_dir};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A signed-in guest, over HTTP and WebSocket.
#[derive(Clone)]
struct Player {
    addr: String,
    cookie: String,
}

impl Player {
    async fn guest(running: &Running, name: &str) -> Player {
        Player {
            addr: running.addr.to_string(),
            cookie: common::guest_cookie(running, name).await,
        }
    }

    fn on(&self, running: &Running) -> Player {
        Player {
            addr: running.addr.to_string(),
            ..self.clone()
        }
    }

    async fn request(&self, method: &str, path: &str, body: Value) -> (u16, Value) {
        let client = reqwest::Client::new();
        let url = format!("http://{}{path}", self.addr);
        let request = match method {
            "GET" => client.get(url),
            _ => client.post(url).json(&body),
        };
        let response = request.header("cookie", &self.cookie).send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// A socket on `game`; `query` is e.g. `?since=4`.
    async fn socket(&self, game: &str, query: &str) -> Socket {
        let mut request = format!("ws://{}/api/games/{game}/ws{query}", self.addr)
            .into_client_request()
            .unwrap();
        request
            .headers_mut()
            .insert("cookie", self.cookie.parse().unwrap());
        tokio_tungstenite::connect_async(request).await.unwrap().0
    }
}

/// The next JSON text frame.
async fn next_frame(socket: &mut Socket) -> (String, Value) {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .expect("a frame within 20 s")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(text) = frame {
            let value = serde_json::from_str(text.as_str()).unwrap();
            return (text.to_string(), value);
        }
    }
}

async fn send(socket: &mut Socket, value: Value) {
    socket
        .send(Message::Text(value.to_string().into()))
        .await
        .unwrap();
}

/// A table of `game` with every seat a human: the first player creates it, the others join.
async fn table(players: &[Player], game: &str, options: Value) -> String {
    let seats: Vec<Value> = (0..players.len())
        .map(|i| json!({"kind": if i == 0 { "me" } else { "open" }}))
        .collect();
    let (status, body) = players[0]
        .request(
            "POST",
            "/api/tables",
            json!({"game": game, "options": options, "seats": seats}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let id = body["table"]["id"].as_str().unwrap().to_string();
    for (i, player) in players.iter().enumerate().skip(1) {
        let (status, body) = player
            .request(
                "POST",
                &format!("/api/tables/{id}/join"),
                json!({"seat": i}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
    }
    id
}

/// Every text frame one viewer received, with its viewer.
struct Transcript {
    viewer: Viewer,
    frames: Vec<(String, Value)>,
}

/// Plays `game` to its end with one socket per seat plus a spectator's; every seat plays the
/// first legal move its state offers after `ply` moves, rotated so that games vary. Returns
/// the transcripts (seats first, spectator last).
async fn play_out(players: &[Player], id: &str, spectator: &Player) -> Vec<Transcript> {
    let mut sockets = Vec::new();
    for player in players {
        sockets.push(player.socket(id, "").await);
    }
    let mut watcher = spectator.socket(id, "?as=spectator").await;
    let mut transcripts: Vec<Transcript> = (0..players.len())
        .map(|s| Transcript {
            viewer: Viewer::Seat(Seat(s as u8)),
            frames: Vec::new(),
        })
        .collect();
    let mut watched = Transcript {
        viewer: Viewer::Spectator,
        frames: Vec::new(),
    };
    // The latest state each seat has, from its own frames.
    let mut states: Vec<Value> = Vec::new();
    for (socket, transcript) in sockets.iter_mut().zip(&mut transcripts) {
        let (text, frame) = next_frame(socket).await;
        assert_eq!(frame["type"], "sync", "{text}");
        states.push(frame["state"].clone());
        transcript.frames.push((text, frame));
    }
    let mut ref_number = 0;
    loop {
        let state = &states[0];
        if state["status"] != "playing" {
            break;
        }
        let version = state["version"].as_u64().unwrap();
        // The seat to move, as every seat's state says.
        let Some(seat) = state["turn"]["seat"].as_u64() else {
            panic!("a playing game without a seat to move: {state}");
        };
        let seat = seat as usize;
        let legal = states[seat]["legal_moves"].as_array().unwrap().clone();
        assert!(!legal.is_empty(), "seat {seat} has no legal moves");
        let choice = &legal[(version as usize * 7 + seat) % legal.len()];
        ref_number += 1;
        send(
            &mut sockets[seat],
            json!({"type": "play", "move": choice, "version": version, "ref": ref_number}),
        )
        .await;
        // Every seat gets the event (the mover also its ack), with a new version.
        for (s, (socket, transcript)) in sockets.iter_mut().zip(&mut transcripts).enumerate() {
            loop {
                let (text, frame) = next_frame(socket).await;
                let kind = frame["type"].as_str().unwrap().to_string();
                let done = kind == "event" && frame["version"].as_u64() > Some(version);
                if kind == "event" {
                    states[s] = frame["state"].clone();
                }
                assert!(kind == "event" || kind == "ack", "{text}");
                let current = done && states[s]["version"] == frame["version"];
                transcript.frames.push((text, frame));
                if current {
                    break;
                }
            }
        }
        // Chance moves after the move arrive in the same event frame, so all agree now.
        let versions: Vec<&Value> = states.iter().map(|s| &s["version"]).collect();
        assert!(versions.windows(2).all(|w| w[0] == w[1]), "{versions:?}");
    }
    // The spectator's feed, up to the final version.
    let last = states[0]["version"].as_u64().unwrap();
    loop {
        let (text, frame) = next_frame(&mut watcher).await;
        let version = frame["version"].as_u64().unwrap_or(0);
        watched.frames.push((text, frame));
        if version >= last {
            break;
        }
    }
    transcripts.push(watched);
    transcripts
}

/// The game after each version, replayed from the finished game's record.
fn states_by_version(record: &GameRecord) -> Vec<AnyGame> {
    let mut game = AnyGame::start(record).unwrap();
    let mut states = vec![game.clone()];
    for mv in &record.moves {
        game.play(mv).unwrap();
        states.push(game.clone());
    }
    states
}

/// Each frame's view is exactly the engine's view for that viewer at that version (the engine's
/// views are what the games' own tests prove hide everything hidden), and no frame before the
/// end names the seed.
fn check_transcripts(transcripts: &[Transcript], record: &GameRecord) {
    let states = states_by_version(record);
    let seed = record.seed.expect("a dealt game has a seed").to_string();
    // The seats' views differ somewhere: there was something to hide.
    let last = states.last().unwrap();
    assert!(
        states
            .iter()
            .any(|s| s.view(Viewer::Seat(Seat(0))) != s.view(Viewer::Seat(Seat(1)))),
        "the views never differ"
    );
    assert!(last.outcome().is_some());
    for transcript in transcripts {
        let mut checked = 0;
        for (text, frame) in &transcript.frames {
            let Some(state) = frame.get("state") else {
                continue;
            };
            let version = state["version"].as_u64().unwrap() as usize;
            let expected = states[version].view(transcript.viewer);
            assert_eq!(
                state["view"], expected,
                "{:?} at version {version}",
                transcript.viewer
            );
            if state["status"] == "playing" {
                assert!(
                    !text.contains(&seed),
                    "the seed appears before the end: {text}"
                );
            }
            checked += 1;
        }
        // Seats see every version (sync, then an event per action); the spectator at least
        // its sync and the end.
        let least = match transcript.viewer {
            Viewer::Seat(_) => record.moves.len() / 2,
            _ => 1,
        };
        assert!(
            checked >= least,
            "{:?}: {checked} frames",
            transcript.viewer
        );
    }
}

async fn whole_game(test: &str, game: &str, options: Value, seats: usize) {
    let dir = temp_dir(test);
    let running = serve(&dir).await;
    let mut players = Vec::new();
    for i in 0..seats {
        players.push(Player::guest(&running, &format!("P{i}")).await);
    }
    let spectator = Player::guest(&running, "Watcher").await;
    let id = table(&players, game, options).await;
    let transcripts = play_out(&players, &id, &spectator).await;

    let (status, record) = spectator
        .request("GET", &format!("/api/games/{id}/record"), Value::Null)
        .await;
    assert_eq!(status, 200, "{record}");
    let record: GameRecord = serde_json::from_value(record).unwrap();
    let (replayed, rejection) = AnyGame::replay(&record).unwrap();
    assert!(rejection.is_none());
    let final_state = &transcripts[0].frames.last().unwrap().1["state"];
    assert_eq!(final_state["status"], "finished");
    let winners: Vec<u64> = replayed
        .outcome()
        .unwrap()
        .winners
        .iter()
        .map(|s| u64::from(s.0))
        .collect();
    for transcript in &transcripts {
        let state = &transcript.frames.last().unwrap().1["state"];
        assert_eq!(state["outcome"], final_state["outcome"]);
    }
    assert_eq!(
        final_state["outcome"]["winners"],
        json!(winners),
        "{final_state}"
    );
    check_transcripts(&transcripts, &record);
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tyrus_over_websockets() {
    whole_game("tyrus", "tyrus", json!({}), 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tsuro_with_four_over_websockets() {
    whole_game("tsuro4", "tsuro", json!({"players": 4}), 4).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tyranny_over_websockets() {
    whole_game("tyranny", "tyranny", json!({"players": 2}), 2).await;
}

/// Plays the seat to move's first legal move over HTTP; returns the new version.
async fn http_move(players: &[Player], id: &str) -> u64 {
    let (_, state) = players[0]
        .request("GET", &format!("/api/games/{id}"), Value::Null)
        .await;
    let seat = state["turn"]["seat"].as_u64().unwrap() as usize;
    let (_, mine) = players[seat]
        .request("GET", &format!("/api/games/{id}"), Value::Null)
        .await;
    let version = mine["version"].as_u64().unwrap();
    let (status, body) = players[seat]
        .request(
            "POST",
            &format!("/api/games/{id}/move"),
            json!({"move": mine["legal_moves"][0], "version": version}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["version"].as_u64().unwrap_or(version + 1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_reconnects_gets_what_it_missed_even_after_a_restart() {
    let dir = temp_dir("reconnect");
    let running = serve(&dir).await;
    let players = [
        Player::guest(&running, "Ada").await,
        Player::guest(&running, "Bob").await,
    ];
    let id = table(&players, "tyrus", json!({})).await;
    let mut bob = players[1].socket(&id, "").await;
    let (_, sync) = next_frame(&mut bob).await;
    let seen = sync["version"].as_u64().unwrap();
    drop(bob);
    for _ in 0..3 {
        http_move(&players, &id).await;
    }
    let mut bob = players[1].socket(&id, &format!("?since={seen}")).await;
    let (text, sync) = next_frame(&mut bob).await;
    assert_eq!(sync["type"], "sync", "{text}");
    let missed: Vec<u64> = sync["missed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["version"].as_u64().unwrap())
        .collect();
    let now = sync["version"].as_u64().unwrap();
    assert_eq!(missed, ((seen + 1)..=now).collect::<Vec<_>>());
    drop(bob);

    // The server stops; another starts on the same database; the game goes on from there.
    running.shutdown().await;
    let running = serve(&dir).await;
    let players: Vec<Player> = players.iter().map(|p| p.on(&running)).collect();
    let mut bob = players[1].socket(&id, &format!("?since={now}")).await;
    let (_, sync) = next_frame(&mut bob).await;
    assert_eq!(sync["version"].as_u64(), Some(now));
    assert_eq!(sync["missed"], json!([]));
    let after = http_move(&players, &id).await;
    let (text, event) = next_frame(&mut bob).await;
    assert_eq!(event["type"], "event", "{text}");
    assert!(event["version"].as_u64().unwrap() > now);
    assert!(after > now);
    running.shutdown().await;
}

/// The error frame answering the last message sent.
async fn error_code(socket: &mut Socket) -> String {
    loop {
        let (text, frame) = next_frame(socket).await;
        match frame["type"].as_str() {
            Some("error") => return frame["code"].as_str().unwrap().to_string(),
            Some("event") | Some("sync") => continue,
            _ => panic!("expected an error, got {text}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_errors_and_change_nothing() {
    let dir = temp_dir("errors");
    let running = serve(&dir).await;
    let players = [
        Player::guest(&running, "Ada").await,
        Player::guest(&running, "Bob").await,
    ];
    let id = table(&players, "tyrus", json!({})).await;
    let (_, state) = players[0]
        .request("GET", &format!("/api/games/{id}"), Value::Null)
        .await;
    let mover = state["turn"]["seat"].as_u64().unwrap() as usize;
    let other = 1 - mover;
    let mut to_move = players[mover].socket(&id, "").await;
    let mut waiting = players[other].socket(&id, "").await;
    let (_, sync) = next_frame(&mut to_move).await;
    next_frame(&mut waiting).await;
    let version = sync["version"].as_u64().unwrap();
    let legal = sync["state"]["legal_moves"][0].clone();

    to_move
        .send(Message::Text("{not json".into()))
        .await
        .unwrap();
    assert_eq!(error_code(&mut to_move).await, "bad_request");
    send(
        &mut to_move,
        json!({"type": "play", "move": legal, "version": version, "colour": "red"}),
    )
    .await;
    assert_eq!(error_code(&mut to_move).await, "bad_request");
    send(
        &mut to_move,
        json!({"type": "play", "move": "x".repeat(9000), "version": version}),
    )
    .await;
    assert_eq!(error_code(&mut to_move).await, "too_large");
    send(
        &mut to_move,
        json!({"type": "play", "move": "no such move", "version": version}),
    )
    .await;
    assert_eq!(error_code(&mut to_move).await, "bad_notation");
    send(
        &mut to_move,
        json!({"type": "play", "move": legal, "version": version + 5}),
    )
    .await;
    assert_eq!(error_code(&mut to_move).await, "stale_version");
    // The other seat cannot move now, nor for the seat to move.
    send(
        &mut waiting,
        json!({"type": "play", "move": legal, "version": version}),
    )
    .await;
    assert_eq!(error_code(&mut waiting).await, "not_your_turn");
    // A spectator cannot act at all.
    let mut watcher = Player::guest(&running, "Eve")
        .await
        .socket(&id, "?as=spectator")
        .await;
    next_frame(&mut watcher).await;
    send(
        &mut watcher,
        json!({"type": "play", "move": legal, "version": version}),
    )
    .await;
    assert_eq!(error_code(&mut watcher).await, "forbidden");

    // Nothing moved, and the socket still works: the legal move goes through once, and the same
    // move sent twice at once from two sockets of the seat is accepted only once.
    let mut twin = players[mover].socket(&id, "").await;
    next_frame(&mut twin).await;
    let play = json!({"type": "play", "move": legal, "version": version, "ref": 1});
    send(&mut to_move, play.clone()).await;
    send(&mut twin, play).await;
    let mut outcomes = Vec::new();
    for socket in [&mut to_move, &mut twin] {
        loop {
            let (_, frame) = next_frame(socket).await;
            match frame["type"].as_str() {
                Some("ack") => break outcomes.push("ack".to_string()),
                Some("error") => break outcomes.push(frame["code"].as_str().unwrap().to_string()),
                _ => continue,
            }
        }
    }
    outcomes.sort();
    assert_eq!(outcomes, ["ack", "stale_version"]);
    let (_, after) = players[0]
        .request("GET", &format!("/api/games/{id}"), Value::Null)
        .await;
    assert_eq!(after["version"].as_u64(), Some(version + 1));
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn floods_are_slowed_down_and_the_socket_recovers() {
    let dir = temp_dir("flood");
    let running = serve(&dir).await;
    let players = [
        Player::guest(&running, "Ada").await,
        Player::guest(&running, "Bob").await,
    ];
    let id = table(&players, "tyrus", json!({})).await;
    let mut socket = players[0].socket(&id, "").await;
    next_frame(&mut socket).await;
    for i in 0..45 {
        send(&mut socket, json!({"type": "ping", "ref": i})).await;
    }
    let (mut pongs, mut limited) = (0, 0);
    while pongs + limited < 45 {
        let (text, frame) = next_frame(&mut socket).await;
        match frame["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") if frame["code"] == "rate_limited" => limited += 1,
            _ => panic!("unexpected {text}"),
        }
    }
    assert!(limited > 0, "45 pings at once should pass the burst of 40");
    tokio::time::sleep(Duration::from_millis(600)).await;
    send(&mut socket, json!({"type": "ping", "ref": 99})).await;
    let (text, frame) = next_frame(&mut socket).await;
    assert_eq!(frame["type"], "pong", "{text}");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_that_floods_http_is_refused_for_a_while() {
    let dir = temp_dir("http-flood");
    let running = serve_with(&dir, ServerConfig::default()).await;
    let client = reqwest::Client::new();
    let mut statuses = Vec::new();
    for _ in 0..80 {
        let response = client
            .get(format!("http://{}/api/health", running.addr))
            .send()
            .await
            .unwrap();
        statuses.push(response.status().as_u16());
    }
    assert!(statuses.contains(&200));
    assert!(statuses.contains(&429), "{statuses:?}");
    running.shutdown().await;
}
