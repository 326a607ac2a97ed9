//! Every error path: each bad request gets a clear error with a stable code (and the HTTP
//! status `docs/protocol.md` gives it), the WebSocket stays usable where that is safe, and
//! nothing in storage changes (the log is compared before and after).

mod common;

use std::time::Duration;

use agora_server::ServerConfig;
use common::{Client, TempDb, Ws, guests, log_summary, serve, serve_with, table, test_config};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// The error code and message of a refused HTTP request, checking its status.
fn refused(response: (u16, Value), status: u16, code: &str) -> String {
    let (got, body) = response;
    assert_eq!(
        (got, body["error"]["code"].as_str()),
        (status, Some(code)),
        "{body}"
    );
    let message = body["error"]["message"].as_str().unwrap().to_string();
    assert!(!message.is_empty());
    message
}

/// Sends `text` and expects an `error` frame with `code`; then checks the socket still works.
async fn ws_refused(ws: &mut Ws, text: String, code: &str) -> Value {
    ws.send_text(text).await;
    let error = ws.error().await;
    assert_eq!(error["code"], code, "{error}");
    assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()));
    ws.ping(424242).await;
    error
}

/// A started Tyrus game between two guests, with the table id.
async fn started(server: &common::Server) -> (Vec<Client>, String) {
    let mut clients = guests(server, "e", 2).await;
    let id = table(&mut clients, "tyrus", json!({})).await;
    (clients, id)
}

fn to_move(state: &Value) -> usize {
    state["turn"]["seat"].as_u64().unwrap() as usize
}

/// A move in Tyrus notation that reads but is not legal now (a tile not in hand).
fn an_illegal_move(legal: &[Value]) -> String {
    for profession in ["S", "M", "P"] {
        for value in 1..=10 {
            for side in ["own", "opp"] {
                let mv = format!("{profession}{value} {side} citadel");
                if !legal.iter().any(|l| l == &json!(mv)) {
                    return mv;
                }
            }
        }
    }
    unreachable!("every tile is in hand")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_over_http_are_refused_and_change_nothing() {
    let db = TempDb::new("errors-http");
    let server = serve(&db).await;
    let (mut clients, id) = started(&server).await;
    let store = db.store().await;
    let open_before = store.open_tables(100).await.unwrap().len();
    let log_before = log_summary(&db.events(&id).await);
    let a = &mut clients[0];

    // Malformed JSON, unknown fields, wrong types, too large.
    refused(
        a.post_raw("/api/tables", "{\"game\": ").await,
        400,
        "bad_request",
    );
    refused(
        a.post("/api/tables", json!({"game": "tyrus", "colour": "red"}))
            .await,
        400,
        "bad_request",
    );
    refused(
        a.post("/api/tables", json!({"game": 7})).await,
        400,
        "bad_request",
    );
    refused(
        a.post_raw(
            "/api/tables",
            format!("{{\"game\": \"{}\"}}", "x".repeat(9000)),
        )
        .await,
        413,
        "too_large",
    );
    refused(a.post_raw("/api/guest", "[1, 2").await, 400, "bad_request");
    refused(
        a.post("/api/guest", json!({"name": ""})).await,
        400,
        "bad_request",
    );

    // Unknown games and invalid setups.
    let message = refused(
        a.post("/api/tables", json!({"game": "chess"})).await,
        400,
        "unknown_game",
    );
    assert!(message.contains("chess"), "{message}");
    for (body, why) in [
        (
            json!({"game": "tsuro", "options": {"players": 9}}),
            "nine tsuro players",
        ),
        (
            json!({"game": "tyranny", "options": {"players": 1}}),
            "one tyranny player",
        ),
        (
            json!({"game": "tyrus", "options": {"players": "two"}}),
            "unknown option",
        ),
        (
            json!({"game": "tyrus", "seats": [{"kind": "me"}]}),
            "one seat of two",
        ),
        (
            json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "me"}]}),
            "two seats for me",
        ),
        (
            json!({"game": "tyrus", "time_control": {"kind": "live", "initial_s": 0, "increment_s": 0}}),
            "a zero clock",
        ),
        (
            json!({"game": "tyrus", "time_control": {"kind": "correspondence", "days_per_move": 99}}),
            "99 days a move",
        ),
    ] {
        let (status, body) = a.post("/api/tables", body).await;
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (400, Some("invalid_setup")),
            "{why}: {body}"
        );
    }
    refused(
        a.post(
            "/api/tables",
            json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "ai", "level": "godlike"}]}),
        )
        .await,
        400,
        "bad_request",
    );
    refused(
        a.post(
            "/api/tables",
            json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "robot"}]}),
        )
        .await,
        400,
        "bad_request",
    );

    // Unknown games, tables and routes.
    refused(a.get("/api/games/nosuchgame").await, 404, "not_found");
    refused(
        a.get("/api/games/nosuchgame/record").await,
        404,
        "not_found",
    );
    refused(
        a.post(
            "/api/games/nosuchgame/move",
            json!({"move": "S1 own citadel"}),
        )
        .await,
        404,
        "not_found",
    );
    refused(a.get("/api/tables/nosuchtable").await, 404, "not_found");
    refused(a.get("/api/no/such/route").await, 404, "not_found");
    let websocket = a.try_connect("nosuchgame", "").await;
    assert!(
        matches!(&websocket, Err(tokio_tungstenite::tungstenite::Error::Http(r)) if r.status() == 404),
        "{websocket:?}"
    );
    // The WebSocket route of no game is `not_found` first, upgrade or not, bad query or not.
    refused(a.get("/api/games/nosuchgame/ws").await, 404, "not_found");
    refused(
        a.get("/api/games/nosuchgame/ws?since=abc").await,
        404,
        "not_found",
    );
    // Bad query strings and a WebSocket route asked without an upgrade: JSON errors too.
    for path in [
        format!("/api/games/{id}?since=abc"),
        format!("/api/games/{id}?colour=red"),
        format!("/api/games/{id}?as=seat"),
        format!("/api/games/{id}/ws"),
    ] {
        refused(a.get(&path).await, 400, "bad_request");
    }
    refused(
        a.post(&format!("/api/tables/{id}/join?colour=red"), json!({}))
            .await,
        400,
        "bad_request",
    );
    let websocket = a.try_connect(&id, "?since=-1").await;
    assert!(
        matches!(&websocket, Err(tokio_tungstenite::tungstenite::Error::Http(r))
            if r.status() == 400
            && String::from_utf8_lossy(r.body().as_deref().unwrap_or_default()).contains("\"bad_request\"")),
        "{websocket:?}"
    );
    // The record of a game still going: not yet.
    refused(
        a.get(&format!("/api/games/{id}/record")).await,
        409,
        "not_finished",
    );
    // Signed out: not allowed to create tables or move.
    let mut nobody = server.client();
    refused(
        nobody.post("/api/tables", json!({"game": "tyrus"})).await,
        401,
        "unauthorized",
    );
    refused(
        nobody
            .post(
                &format!("/api/games/{id}/move"),
                json!({"move": "S1 own citadel"}),
            )
            .await,
        401,
        "unauthorized",
    );

    // Moves: out of turn, illegal, unreadable, stale, for another seat, from a stranger.
    let state = clients[0].game(&id).await;
    let mover = to_move(&state);
    let version = state["version"].as_u64().unwrap();
    let waiting = 1 - mover;
    let mover_state = clients[mover].game(&id).await;
    let legal = mover_state["legal_moves"].as_array().unwrap().clone();
    let path = format!("/api/games/{id}/move");
    refused(
        clients[waiting]
            .post(&path, json!({"move": legal[0]}))
            .await,
        409,
        "not_your_turn",
    );
    let illegal = an_illegal_move(&legal);
    let (status, body) = clients[mover].post(&path, json!({"move": illegal})).await;
    refused((status, body.clone()), 422, "illegal_move");
    // The engine's reason travels as its code and arguments, for a client to word it.
    let tile = illegal.split(' ').next().unwrap();
    assert_eq!(
        body["error"]["refusal"],
        json!({"code": "tyrus-not-in-hand", "args": {"tile": tile}})
    );
    let (status, body) = clients[mover]
        .post(&path, json!({"move": "build a wall"}))
        .await;
    refused((status, body.clone()), 422, "bad_notation");
    assert_eq!(
        body["error"]["refusal"],
        json!({"code": "tyrus-unknown-tile", "args": {"word": "build"}})
    );
    let (status, body) = clients[mover]
        .post(&path, json!({"move": legal[0], "version": version + 5}))
        .await;
    refused((status, body.clone()), 409, "stale_version");
    assert_eq!(body["error"]["version"], version);
    refused(
        clients[waiting]
            .post(&path, json!({"move": legal[0], "seat": mover}))
            .await,
        400,
        "bad_request",
    );
    let mut stranger = server.guest("stranger").await;
    refused(
        stranger.post(&path, json!({"move": legal[0]})).await,
        403,
        "forbidden",
    );
    refused(
        stranger
            .post(&format!("/api/games/{id}/resign"), json!({}))
            .await,
        403,
        "forbidden",
    );

    // Tables: joining a started table, a taken seat, a seat that is not there, twice.
    refused(
        stranger
            .post(&format!("/api/tables/{id}/join"), json!({}))
            .await,
        409,
        "wrong_state",
    );
    let created = stranger
        .ok(
            "/api/tables",
            json!({"game": "tsuro", "options": {"players": 3}}),
        )
        .await;
    let open = created["table"]["id"].as_str().unwrap().to_string();
    let join = format!("/api/tables/{open}/join");
    clients[0].ok(&join, json!({"seat": 1})).await;
    refused(
        clients[0].post(&join, json!({"seat": 2})).await,
        409,
        "wrong_state",
    );
    refused(
        clients[1].post(&join, json!({"seat": 1})).await,
        409,
        "seat_taken",
    );
    refused(
        clients[1].post(&join, json!({"seat": 0})).await,
        409,
        "seat_taken",
    );
    refused(
        clients[1].post(&join, json!({"seat": 7})).await,
        404,
        "not_found",
    );
    refused(
        clients[1].post(&join, json!({"invite": "forged"})).await,
        403,
        "forbidden",
    );
    refused(
        clients[1]
            .post(&format!("/api/tables/{open}/cancel"), json!({}))
            .await,
        403,
        "forbidden",
    );
    refused(
        clients[1]
            .post(&format!("/api/tables/{open}/leave"), json!({}))
            .await,
        409,
        "wrong_state",
    );
    // The last seat fills it; one more finds it full.
    clients[1].ok(&join, json!({})).await;
    let mut late = server.guest("late").await;
    refused(late.post(&join, json!({})).await, 409, "wrong_state");

    // Nothing changed: same log, one more open table only for the one created on purpose,
    // and it has started.
    assert_eq!(log_summary(&db.events(&id).await), log_before);
    assert_eq!(clients[0].game(&id).await["version"], version);
    assert_eq!(store.open_tables(100).await.unwrap().len(), open_before);
    store.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_frames_get_error_frames_and_the_socket_plays_on() {
    let db = TempDb::new("errors-ws");
    let server = serve(&db).await;
    let (mut clients, id) = started(&server).await;
    let state = clients[0].game(&id).await;
    let mover = to_move(&state);
    let waiting = 1 - mover;
    let version = state["version"].as_u64().unwrap();
    let legal = clients[mover].game(&id).await["legal_moves"]
        .as_array()
        .unwrap()
        .clone();
    let log_before = log_summary(&db.events(&id).await);
    let mut ws = clients[mover].connect(&id, "").await;
    let mut other = clients[waiting].connect(&id, "").await;
    let mut stranger = server.guest("onlooker").await.connect(&id, "").await;
    assert_eq!(ws.next().await["type"], "sync");

    ws_refused(&mut ws, "{\"type\": \"play\", ".into(), "bad_request").await;
    ws_refused(&mut ws, "null".into(), "bad_request").await;
    ws_refused(
        &mut ws,
        json!({"type": "teleport"}).to_string(),
        "bad_request",
    )
    .await;
    ws_refused(
        &mut ws,
        json!({"type": "play", "move": legal[0], "colour": "red"}).to_string(),
        "bad_request",
    )
    .await;
    ws_refused(
        &mut ws,
        json!({"type": "play", "move": legal[0], "seat": waiting}).to_string(),
        "bad_request",
    )
    .await;
    ws_refused(
        &mut ws,
        json!({"type": "play", "move": "x".repeat(9000)}).to_string(),
        "too_large",
    )
    .await;
    ws.send_binary(vec![1, 2, 3]).await;
    assert_eq!(ws.error().await["code"], "bad_request");
    let illegal = an_illegal_move(&legal);
    let error = ws_refused(
        &mut ws,
        json!({"type": "play", "move": illegal, "ref": 5}).to_string(),
        "illegal_move",
    )
    .await;
    assert_eq!(error["ref"], 5, "errors answer the reference");
    ws_refused(
        &mut ws,
        json!({"type": "play", "move": "build a wall"}).to_string(),
        "bad_notation",
    )
    .await;
    let stale = ws_refused(
        &mut ws,
        json!({"type": "play", "move": legal[0], "version": version + 1}).to_string(),
        "stale_version",
    )
    .await;
    assert_eq!(stale["version"], version);
    ws_refused(
        &mut other,
        json!({"type": "play", "move": legal[0]}).to_string(),
        "not_your_turn",
    )
    .await;
    ws_refused(
        &mut stranger,
        json!({"type": "play", "move": legal[0]}).to_string(),
        "forbidden",
    )
    .await;
    ws_refused(
        &mut stranger,
        json!({"type": "resign"}).to_string(),
        "forbidden",
    )
    .await;
    assert_eq!(
        log_summary(&db.events(&id).await),
        log_before,
        "nothing stored"
    );

    // The same socket still plays.
    ws.send(json!({"type": "play", "move": legal[0], "version": version, "ref": 9}))
        .await;
    let ack = ws.until("ack").await;
    assert_eq!(
        (ack["ref"].clone(), ack["version"].clone()),
        (json!(9), json!(version + 1))
    );

    // A finished game refuses moves, and keeps its log.
    other.send(json!({"type": "resign", "ref": 1})).await;
    assert_eq!(other.until("ack").await["ref"], 1);
    let log_after_resign = log_summary(&db.events(&id).await);
    ws_refused(
        &mut ws,
        json!({"type": "play", "move": legal[1]}).to_string(),
        "game_over",
    )
    .await;
    ws_refused(
        &mut other,
        json!({"type": "resign"}).to_string(),
        "game_over",
    )
    .await;
    refused(
        clients[mover]
            .post(&format!("/api/games/{id}/move"), json!({"move": legal[1]}))
            .await,
        409,
        "game_over",
    );
    assert_eq!(log_summary(&db.events(&id).await), log_after_resign);

    // A frame beyond what the transport accepts at all closes the connection.
    let _ = ws.try_send_text("y".repeat(100 * 1024)).await;
    assert!(ws.try_next(Duration::from_secs(5)).await.is_none());
    assert!(ws.closed.is_some());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn floods_are_limited_per_connection_and_per_address() {
    let db = TempDb::new("errors-flood");
    let config = ServerConfig {
        http_rate: Some((8, 2)),
        ws_rate: Some((5, 1)),
        ..test_config()
    };
    let server = serve_with(&db, config).await;
    let (clients, id) = started(&server).await;
    let log_before = log_summary(&db.events(&id).await);

    // Per connection: a burst of five, then refusals, and the connection lives on.
    let mut ws = clients[0].connect(&id, "").await;
    assert_eq!(ws.next().await["type"], "sync");
    for i in 0..8 {
        ws.send(json!({"type": "ping", "ref": i})).await;
    }
    let mut pongs = 0;
    let mut limited = Vec::new();
    for _ in 0..8 {
        let frame = ws.next().await;
        match frame["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") => {
                // Each refusal names the refused message and when to send it again.
                assert_eq!(frame["code"], "rate_limited");
                let wait = frame["retry_after_ms"].as_u64().expect("retry_after_ms");
                assert!((1..=1000).contains(&wait), "{frame}");
                limited.push(frame["ref"].as_u64().expect("the refused message's ref"));
            }
            _ => {}
        }
    }
    assert_eq!((pongs, limited), (5, vec![5, 6, 7]));
    tokio::time::sleep(Duration::from_millis(1100)).await;
    ws.ping(100).await;
    // A connection that keeps flooding is closed (policy violation). One message at a time,
    // each answered, so that nothing is sent after the close frame (a TCP reset could
    // overtake it).
    let mut refusals = 0;
    for i in 0..80 {
        let ping = json!({"type": "ping", "ref": i}).to_string();
        if ws.try_send_text(ping).await.is_err() {
            break;
        }
        match ws.try_next(Duration::from_secs(5)).await {
            Some(frame) => {
                assert_eq!(frame["code"], "rate_limited", "{frame}");
                refusals += 1;
            }
            None => break,
        }
    }
    assert!(
        (49..=51).contains(&refusals),
        "closed after {refusals} refusals"
    );
    let close = ws.closed.clone().flatten().expect("a close frame");
    assert_eq!(close.code, CloseCode::Policy);

    // Per address: a burst of eight requests, then 429 with the error code.
    let mut anyone = Client::new(server.addr);
    let mut statuses = Vec::new();
    for _ in 0..12 {
        let (status, body) = anyone.get("/api/health").await;
        if status == 429 {
            assert_eq!(body["error"]["code"], "rate_limited");
        }
        statuses.push(status);
    }
    let limited = reqwest::get(format!("http://{}/api/health", server.addr))
        .await
        .unwrap();
    assert_eq!(limited.status(), 429);
    let retry_after: u64 = limited.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=2).contains(&retry_after), "Retry-After: {retry_after}");
    assert!(statuses.contains(&429), "{statuses:?}");
    assert_eq!(statuses[0], 200);
    assert_eq!(log_summary(&db.events(&id).await), log_before);
    server.stop().await;
}
