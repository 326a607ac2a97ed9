//! Concurrent moves on one game are serialised: at every turn of seat 0, two sockets of its
//! account and the HTTP move endpoint send a move for the same version at once; exactly one
//! is accepted, the others are told the game moved on, and the log has no gaps and no
//! duplicates.

mod common;

use common::{Client, TempDb, Ws, check_record, guests, serve, table};
use serde_json::{Value, json};

/// Waits for the `ack` or `error` frame answering `reference`.
async fn answer(ws: &mut Ws, reference: u64) -> Value {
    loop {
        let frame = ws.next().await;
        if matches!(frame["type"].as_str(), Some("ack" | "error")) && frame["ref"] == reference {
            return frame;
        }
    }
}

async fn http_move(client: &mut Client, id: &str, mv: &Value, version: u64) -> (u16, Value) {
    client
        .post(
            &format!("/api/games/{id}/move"),
            json!({"move": mv, "version": version}),
        )
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_moves_for_one_version_are_accepted_once() {
    let db = TempDb::new("concurrent");
    let server = serve(&db).await;
    let mut clients = guests(&server, "k", 2).await;
    let id = table(&mut clients, "tyrus", json!({})).await;
    let mut first = clients[0].connect(&id, "").await;
    let mut second = clients[0].connect(&id, "").await;
    let mut http = clients[0].fresh();
    let mut other = clients[1].fresh();
    let (mut races, mut by_socket, mut by_http) = (0usize, 0, 0);
    let mut reference = 0;
    let last = loop {
        let state = http.game(&id).await;
        if state["status"] != "playing" {
            break state;
        }
        let version = state["version"].as_u64().unwrap();
        if state["turn"]["seat"] != 0 {
            let state = other.game(&id).await;
            let moves = state["legal_moves"].as_array().unwrap();
            let mv = &moves[version as usize % moves.len()];
            let (status, body) = http_move(&mut other, &id, mv, version).await;
            assert_eq!(status, 200, "{body}");
            continue;
        }
        let moves = state["legal_moves"].as_array().unwrap().clone();
        let pick = |i: usize| moves[(version as usize + i) % moves.len()].clone();
        reference += 2;
        let (a, b) = (reference, reference + 1);
        let (ma, mb, mc) = (pick(0), pick(1), pick(2));
        let play =
            |mv: &Value, r: u64| json!({"type": "play", "move": mv, "version": version, "ref": r});
        // Every other race, the sockets give HTTP a head start of a few hundred microseconds.
        let head_start = std::time::Duration::from_micros(300 * (races % 2) as u64);
        let (first_answer, second_answer, (status, body)) = tokio::join!(
            async {
                tokio::time::sleep(head_start).await;
                first.send(play(&ma, a)).await;
                answer(&mut first, a).await
            },
            async {
                tokio::time::sleep(head_start).await;
                second.send(play(&mb, b)).await;
                answer(&mut second, b).await
            },
            http_move(&mut http, &id, &mc, version),
        );
        races += 1;
        let mut accepted = 0;
        for socket_answer in [&first_answer, &second_answer] {
            if socket_answer["type"] == "ack" {
                accepted += 1;
                by_socket += 1;
                assert_eq!(socket_answer["version"], version + 1);
            } else if socket_answer["code"] != "game_over" {
                assert_eq!(socket_answer["code"], "stale_version", "{socket_answer}");
                assert_eq!(socket_answer["version"], version + 1);
            }
        }
        if status == 200 {
            accepted += 1;
            by_http += 1;
            assert_eq!(body["version"], version + 1);
        } else {
            assert_eq!(status, 409, "{body}");
            let code = body["error"]["code"].as_str().unwrap();
            assert!(code == "stale_version" || code == "game_over", "{body}");
        }
        assert_eq!(accepted, 1, "exactly one of three at version {version}");
    };
    assert!(races >= 5, "{races} races");
    eprintln!("{races} races: {by_socket} won by a socket, {by_http} by HTTP");

    // Every socket saw every version once, in order.
    for ws in [&first, &second] {
        let versions: Vec<u64> = ws
            .raw
            .iter()
            .map(|t| serde_json::from_str::<Value>(t).unwrap())
            .filter(|f| f["type"] == "event")
            .map(|f| f["version"].as_u64().unwrap())
            .collect();
        assert!(versions.windows(2).all(|w| w[0] < w[1]), "{versions:?}");
    }
    let log = db.events(&id).await;
    let seat0_moves = log.iter().filter(|e| e.seat == Some(0)).count();
    assert_eq!(seat0_moves, races, "one stored move per race");
    let last = json!({"version": last["version"], "state": last});
    check_record(&mut clients[0], &db, &id, &last).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_moves_without_a_version_are_each_judged_on_the_state_they_meet() {
    let db = TempDb::new("concurrent-unversioned");
    let server = serve(&db).await;
    let mut clients = guests(&server, "u", 2).await;
    let id = table(&mut clients, "tsuro", json!({"players": 2})).await;
    let mut sockets = [
        clients[0].connect(&id, "").await,
        clients[0].connect(&id, "").await,
        clients[1].connect(&id, "").await,
        clients[1].connect(&id, "").await,
    ];
    // Every socket sends a legal move of the state it last saw, without a version, for as
    // long as the game goes; moves meeting a newer state may be refused, never half-applied.
    let mut accepted = 0;
    let mut refused = 0;
    let mut reference = 0;
    'game: for _round in 0..200 {
        let state = clients[0].game(&id).await;
        if state["status"] != "playing" {
            break;
        }
        let seat = state["turn"]["seat"].as_u64().unwrap() as usize;
        let mover = clients[seat].game(&id).await;
        let Some(moves) = mover["legal_moves"].as_array() else {
            continue;
        };
        let moves = moves.clone();
        let (a, b) = sockets.split_at_mut(2);
        let pair = if seat == 0 { a } else { b };
        let (x, y) = pair.split_at_mut(1);
        reference += 2;
        let (ra, rb) = (reference, reference + 1);
        let send = |mv: &Value, r: u64| json!({"type": "play", "move": mv, "ref": r});
        let (ma, mb) = (moves[0].clone(), moves[moves.len() - 1].clone());
        let (fa, fb) = tokio::join!(
            async {
                x[0].send(send(&ma, ra)).await;
                answer(&mut x[0], ra).await
            },
            async {
                y[0].send(send(&mb, rb)).await;
                answer(&mut y[0], rb).await
            },
        );
        let mut over = false;
        for frame in [fa, fb] {
            if frame["type"] == "ack" {
                accepted += 1;
            } else {
                let code = frame["code"].as_str().unwrap();
                assert!(
                    ["not_your_turn", "illegal_move", "game_over", "bad_notation"].contains(&code),
                    "{frame}"
                );
                refused += 1;
                over |= code == "game_over";
            }
        }
        if over {
            break 'game;
        }
    }
    let state = clients[0].game(&id).await;
    assert_eq!(state["status"], "finished");
    assert!(
        accepted > 0 && refused > 0,
        "{accepted} accepted, {refused} refused"
    );
    let log = db.events(&id).await;
    assert_eq!(log.len(), accepted, "one stored event per acknowledgement");
    let last = json!({"version": state["version"], "state": state});
    check_record(&mut clients[0], &db, &id, &last).await;
    server.stop().await;
}
