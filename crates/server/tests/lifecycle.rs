//! A game's life from table to record, over HTTP on a loopback server: live clocks and
//! timeouts, correspondence deadlines, resignations, draws, aborts, AI seats, chance moves,
//! restarts, and the record `agora replay` reads.

mod common;

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agora_engine::GameRecord;
use agora_games::AnyGame;
use agora_server::ServerConfig;
use agora_store::{Durability, Event, EventKind, Store, TableId};
use common::{Server as Running, TempDb};
use serde_json::{Value, json};

/// A fresh directory for one test's database, removed when dropped.
fn temp_dir(name: &str) -> TempDb {
    TempDb::new(&format!("lifecycle-{name}"))
}

fn database(dir: &Path) -> String {
    format!("sqlite://{}", dir.join("agora.db").display())
}

/// A server on a random loopback port over the database in `dir`, as `agora serve` starts
/// one (without the per-address rate limit, which a test's bursts would hit).
async fn serve(dir: &Path) -> Running {
    let config = ServerConfig {
        http_rate: None,
        ..ServerConfig::default()
    };
    common::start_server(database(dir), config).await
}

/// The move log of a game, read from the database after the server stopped.
async fn events(dir: &Path, game: &str) -> Vec<Event> {
    let store = Store::open(&database(dir), Durability::Process)
        .await
        .unwrap();
    let id: TableId = game.parse().unwrap();
    let events = store.game(id).await.unwrap().events;
    store.close().await;
    events
}

fn kinds(events: &[Event]) -> Vec<&str> {
    events.iter().map(|e| e.kind.as_str()).collect()
}

/// A server over a fresh database, with the guests Ada and Bob signed in.
async fn two_guests(test: &str) -> (TempDb, Running, Client, Client) {
    let dir = temp_dir(test);
    let running = serve(&dir).await;
    let transcript = Transcript::default();
    let ada = Client::guest(&running, "Ada", &transcript).await;
    let bob = Client::guest(&running, "Bob", &transcript).await;
    (dir, running, ada, bob)
}

/// Every response body any client saw, to search for secrets.
type Transcript = Arc<Mutex<Vec<String>>>;

#[derive(Clone)]
struct Client {
    base: String,
    http: reqwest::Client,
    cookie: String,
    transcript: Transcript,
}

impl Client {
    async fn guest(running: &Running, name: &str, transcript: &Transcript) -> Client {
        let base = format!("http://{}", running.addr);
        let http = reqwest::Client::new();
        let response = http
            .post(format!("{base}/api/guest"))
            .json(&json!({ "name": name }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let cookie = response.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_string();
        Client {
            base,
            http,
            cookie,
            transcript: transcript.clone(),
        }
    }

    /// The same account on another server (after a restart).
    fn on(&self, running: &Running) -> Client {
        Client {
            base: format!("http://{}", running.addr),
            ..self.clone()
        }
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> (u16, Value) {
        let response = request.header("cookie", &self.cookie).send().await.unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        self.transcript.lock().unwrap().push(text.clone());
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    async fn get(&self, path: &str) -> (u16, Value) {
        self.send(self.http.get(format!("{}{path}", self.base)))
            .await
    }

    async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.send(self.http.post(format!("{}{path}", self.base)).json(&body))
            .await
    }

    async fn ok(&self, path: &str, body: Value) -> Value {
        let (status, body) = self.post(path, body).await;
        assert_eq!(status, 200, "{path}: {body}");
        body
    }

    /// Posts what must be refused; returns the status and the error code.
    async fn refused(&self, path: &str, body: Value) -> (u16, String) {
        let (status, body) = self.post(path, body).await;
        let code = body["error"]["code"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(!code.is_empty(), "{path} was not refused: {status} {body}");
        (status, code)
    }

    async fn game(&self, id: &str) -> Value {
        let (status, body) = self.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{body}");
        body
    }

    /// Plays a legal move if this client's seat is to move; returns whether it did.
    async fn play_if_to_move(&self, id: &str, pick: usize) -> bool {
        let state = self.game(id).await;
        let Some(moves) = state["legal_moves"].as_array() else {
            return false;
        };
        let mv = &moves[pick % moves.len()];
        let version = &state["version"];
        self.ok(
            &format!("/api/games/{id}/move"),
            json!({"move": mv, "version": version}),
        )
        .await;
        true
    }
}

/// A table for `clients` (the first creates it and sits at seat 0, the others join in
/// order), started; returns the game id.
async fn table(clients: &[&Client], game: &str, options: Value, time_control: Value) -> String {
    let mut seats = vec![json!({"kind": "me"})];
    seats.extend((1..clients.len()).map(|_| json!({"kind": "open"})));
    let created = clients[0]
        .ok(
            "/api/tables",
            json!({"game": game, "options": options, "seats": seats, "time_control": time_control}),
        )
        .await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    for (seat, client) in clients.iter().enumerate().skip(1) {
        client
            .ok(&format!("/api/tables/{id}/join"), json!({ "seat": seat }))
            .await;
    }
    id
}

/// Plays until the game ends or `max_moves` moves were made; returns the final state.
async fn play_out(clients: &[&Client], id: &str, max_moves: usize) -> Value {
    for ply in 0..max_moves {
        let mut moved = false;
        for client in clients {
            moved |= client.play_if_to_move(id, ply * 7 + 3).await;
        }
        let state = clients[0].game(id).await;
        if state["status"] != "playing" {
            return state;
        }
        assert!(moved, "nobody could move: {state}");
    }
    clients[0].game(id).await
}

/// Polls the game until `done` holds, for at most `seconds`.
async fn wait_for(client: &Client, id: &str, seconds: u64, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let state = client.game(id).await;
        if done(&state) {
            return state;
        }
        assert!(
            start.elapsed() < Duration::from_secs(seconds),
            "still waiting: {state}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn seat_to_move(state: &Value) -> usize {
    state["turn"]["seat"].as_u64().expect("a seat to move") as usize
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_gives_the_record_agora_replay_reads_and_no_seed_before() {
    let (_dir, running, ada, bob) = two_guests("record").await;
    let id = table(
        &[&ada, &bob],
        "tyrus",
        json!({}),
        json!({"kind": "untimed"}),
    )
    .await;

    let (status, body) = ada.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (409, Some("not_finished"))
    );
    let end = play_out(&[&ada, &bob], &id, 400).await;
    assert_eq!(end["status"], "finished", "{end}");

    let (status, record) = bob.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200, "{record}");
    let mut fields: Vec<&str> = record
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        [
            "commitment",
            "game",
            "moves",
            "options",
            "salt",
            "seed",
            "setup"
        ]
    );
    let record: GameRecord = serde_json::from_value(record).unwrap();
    // The reveal matches the commitment every state carried from the start.
    let verified = AnyGame::verify(&record).expect("the deal verifies");
    assert_eq!(json!(verified.commitment), end["commitment"]);
    let (replayed, rejected) = AnyGame::replay(&record).unwrap();
    assert_eq!(rejected, None);
    let outcome = replayed.outcome().expect("the record plays to the end");
    assert_eq!(json!(outcome), end["outcome"]);
    // The seed alone, without the setup, deals the same game.
    let from_seed = GameRecord {
        setup: None,
        ..record.clone()
    };
    assert_eq!(AnyGame::replay(&from_seed).unwrap().0, replayed);
    assert_eq!(
        end["record"],
        json!(record),
        "the final state carries the record too"
    );

    let seed = record.seed.unwrap().to_string();
    let salt = record.salt.clone().unwrap();
    let transcript = ada.transcript.lock().unwrap().clone();
    // Ada asked for the state at every ply at least (a game's length varies with its deal).
    assert!(
        transcript.len() >= record.moves.len(),
        "{} bodies for {} moves",
        transcript.len(),
        record.moves.len()
    );
    for body in transcript.iter() {
        // Only the end shows the record, hence the seed and the salt.
        let over = body.contains(r#""status":"finished""#) || body.starts_with(r#"{"game":"#);
        assert!(
            over || !(body.contains(&seed) || body.contains(&salt)),
            "the seed or salt leaked before the end: {body}"
        );
    }
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chance_moves_are_drawn_by_the_server_logged_and_survive_a_restart() {
    let dir = temp_dir("chance");
    let running = serve(&dir).await;
    let transcript = Transcript::default();
    let players = [
        Client::guest(&running, "Ann", &transcript).await,
        Client::guest(&running, "Ben", &transcript).await,
        Client::guest(&running, "Cy", &transcript).await,
    ];
    let clients: Vec<&Client> = players.iter().collect();
    let id = table(
        &clients,
        "tyranny",
        json!({"players": 3}),
        json!({"kind": "untimed"}),
    )
    .await;
    // A few plies only: random play can end a Tyranny game within a dozen.
    let state = play_out(&clients, &id, 4).await;
    // The restart below must find the game still going.
    assert_eq!(state["status"], "playing", "{state}");
    let version = state["version"].as_u64().unwrap();
    let views: Vec<Value> = {
        let mut views = Vec::new();
        for client in &clients {
            views.push(client.game(&id).await["view"].clone());
        }
        views
    };
    running.stop().await;

    let log = events(&dir, &id).await;
    assert!(kinds(&log).contains(&"chance"), "{:?}", kinds(&log));
    assert!(
        log.iter()
            .filter(|e| e.kind == EventKind::Chance)
            .all(|e| e.seat.is_none())
    );
    assert_eq!(log.len() as u64, version);

    let running = serve(&dir).await;
    for (client, view) in clients.iter().zip(&views) {
        let state = client.on(&running).game(&id).await;
        assert_eq!(state["version"], version, "resumed at the same version");
        assert_eq!(&state["view"], view, "resumed in the same position");
    }
    let moved_on: Vec<Client> = players.iter().map(|c| c.on(&running)).collect();
    let clients: Vec<&Client> = moved_on.iter().collect();
    let state = play_out(&clients, &id, 3).await;
    assert!(state["version"].as_u64().unwrap() > version, "{state}");
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_clock_that_runs_out_loses_a_two_seat_game() {
    let (dir, running, ada, bob) = two_guests("timeout2").await;
    let live = json!({"kind": "live", "initial_s": 1, "increment_s": 0});
    let id = table(&[&ada, &bob], "tyrus", json!({}), live).await;
    let state = ada.game(&id).await;
    let late = seat_to_move(&state);
    assert!(state["clocks"][late].as_i64().unwrap() <= 1000);
    let end = wait_for(&ada, &id, 5, |s| s["status"] != "playing").await;
    assert_eq!(end["status"], "finished");
    assert_eq!(end["outcome"]["reason"], "timeout");
    assert_eq!(end["outcome"]["winners"], json!([1 - late]));
    assert_eq!(end["clocks"][late], 0);
    // A move after the flag fell is refused.
    assert_eq!(
        [&ada, &bob][late]
            .refused(&format!("/api/games/{id}/move"), json!({"move": "x"}))
            .await,
        (409, "game_over".to_string())
    );
    running.stop().await;
    let log = events(&dir, &id).await;
    assert_eq!(kinds(&log), ["timeout"]);
    assert_eq!(log[0].seat, Some(late as u8));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_absent_player_in_a_three_seat_game_is_played_by_easy() {
    let (dir, running, ada, _bob) = two_guests("timeout3").await;
    let created = ada
        .ok(
            "/api/tables",
            json!({
                "game": "tsuro",
                "options": {"players": 3},
                "seats": [{"kind": "me"}, {"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}],
                "time_control": {"kind": "live", "initial_s": 1, "increment_s": 0},
            }),
        )
        .await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    assert_eq!(
        created["table"]["status"], "playing",
        "AI seats fill at once"
    );
    assert_eq!(created["table"]["seats"][1]["ai_level"], "easy");
    let state = wait_for(&ada, &id, 20, |s| {
        s["seats"][0]["substituted"] == true || s["status"] != "playing"
    })
    .await;
    assert_eq!(state["seats"][0]["plays"], "stand_in", "{state}");
    // The stand-in plays the seat from then on; its player may no longer act.
    let (status, body) = ada
        .post(&format!("/api/games/{id}/resign"), json!({}))
        .await;
    assert!(
        body["error"]["code"] == "forbidden" || body["error"]["code"] == "game_over",
        "{status} {body}"
    );
    let log_after = |log: &[Event]| {
        let timeout = log
            .iter()
            .position(|e| e.kind == EventKind::Timeout)
            .expect("a timeout");
        assert_eq!(log[timeout].seat, Some(0));
        log[timeout + 1..]
            .iter()
            .any(|e| e.kind == EventKind::Move && e.seat == Some(0))
    };
    let start = Instant::now();
    loop {
        // Wait for the stand-in's first move (or the end of the game).
        let state = ada.game(&id).await;
        if state["status"] != "playing" || seat_to_move(&state) != 0 {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(20));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let finished = ada.game(&id).await["status"] != "playing";
    running.stop().await;
    let log = events(&dir, &id).await;
    assert!(log_after(&log) || finished, "{:?}", kinds(&log));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn correspondence_games_have_a_deadline_days_ahead() {
    let (_dir, running, ada, bob) = two_guests("correspondence").await;
    let days = json!({"kind": "correspondence", "days_per_move": 3});
    let id = table(&[&ada, &bob], "tyrus", json!({}), days.clone()).await;
    let state = ada.game(&id).await;
    assert_eq!(state["time_control"], days);
    assert_eq!(state["clocks"], Value::Null, "no clocks, a deadline");
    let now = agora_store::now_ms();
    let deadline = state["deadline"].as_i64().unwrap();
    let three_days = 3 * 86_400_000;
    assert!((now + three_days - 5_000..=now + three_days).contains(&deadline));
    play_out(&[&ada, &bob], &id, 1).await;
    let later = ada.game(&id).await["deadline"].as_i64().unwrap();
    assert!(later >= deadline, "each move gets the full time again");
    for bad in [0, 31] {
        let time_control = json!({"kind": "correspondence", "days_per_move": bad});
        let table = json!({"game": "tyrus", "time_control": time_control});
        assert_eq!(
            ada.refused("/api/tables", table).await,
            (400, "invalid_setup".to_string())
        );
    }
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missed_correspondence_deadline_is_a_timeout() {
    let (dir, running, ada, bob) = two_guests("correspondence-timeout").await;
    let days = json!({"kind": "correspondence", "days_per_move": 1});
    let id = table(&[&ada, &bob], "tyrus", json!({}), days).await;
    let late = seat_to_move(&ada.game(&id).await);
    running.stop().await;
    // As if the server had run for a day and a second since the turn began.
    let store = Store::open(&database(&dir), Durability::Process)
        .await
        .unwrap();
    let now = agora_store::now_ms();
    let game: TableId = id.parse().unwrap();
    let version = store.game(game).await.unwrap().game.version;
    store
        .set_turn_started_at(game, version, now - 86_400_000 - 1_000)
        .await
        .unwrap();
    store.mark_alive(now).await.unwrap();
    store.close().await;

    let running = serve(&dir).await;
    let ada = ada.on(&running);
    let end = wait_for(&ada, &id, 5, |s| s["status"] != "playing").await;
    assert_eq!(
        end["outcome"],
        json!({"winners": [1 - late], "reason": "timeout"})
    );
    running.stop().await;
    assert_eq!(kinds(&events(&dir, &id).await), ["timeout"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resignations_draws_and_aborts_are_refereed_and_logged() {
    let (dir, running, ada, bob) = two_guests("endings").await;
    let untimed = json!({"kind": "untimed"});
    let players = [&ada, &bob];

    // Abort: only before your own first move.
    let aborted = table(&players, "tyrus", json!({}), untimed.clone()).await;
    let mover = seat_to_move(&ada.game(&aborted).await);
    assert!(players[mover].play_if_to_move(&aborted, 0).await);
    assert_eq!(
        players[mover]
            .refused(&format!("/api/games/{aborted}/abort"), json!({}))
            .await,
        (409, "wrong_state".to_string())
    );
    players[1 - mover]
        .ok(&format!("/api/games/{aborted}/abort"), json!({}))
        .await;
    let state = ada.game(&aborted).await;
    assert_eq!(
        (state["status"].as_str(), &state["outcome"]),
        (Some("aborted"), &Value::Null)
    );

    // Draw: an offer, declined; offered again and accepted.
    let drawn = table(&players, "tyrus", json!({}), untimed.clone()).await;
    assert_eq!(
        ada.refused(&format!("/api/games/{drawn}/draw/decline"), json!({}))
            .await,
        (409, "wrong_state".to_string())
    );
    ada.ok(&format!("/api/games/{drawn}/draw"), json!({})).await;
    assert_eq!(bob.game(&drawn).await["draw_offers"], json!([0]));
    assert_eq!(
        ada.refused(&format!("/api/games/{drawn}/draw"), json!({}))
            .await,
        (409, "wrong_state".to_string())
    );
    bob.ok(&format!("/api/games/{drawn}/draw/decline"), json!({}))
        .await;
    assert_eq!(bob.game(&drawn).await["draw_offers"], json!([]));
    ada.ok(&format!("/api/games/{drawn}/draw"), json!({})).await;
    bob.ok(&format!("/api/games/{drawn}/draw"), json!({})).await;
    let state = ada.game(&drawn).await;
    assert_eq!(state["status"], "finished");
    assert_eq!(
        state["outcome"],
        json!({"winners": [0, 1], "reason": "agreement"})
    );

    // Resignation: the other seat wins.
    let resigned = table(&players, "tyrus", json!({}), untimed.clone()).await;
    bob.ok(&format!("/api/games/{resigned}/resign"), json!({}))
        .await;
    let state = ada.game(&resigned).await;
    assert_eq!(
        state["outcome"],
        json!({"winners": [0], "reason": "resignation"})
    );
    assert_eq!(
        ada.refused(&format!("/api/games/{resigned}/resign"), json!({}))
            .await,
        (409, "game_over".to_string())
    );
    // Every ending reveals the seed and salt, and the deal verifies.
    for ended in [&aborted, &drawn, &resigned] {
        let (status, record) = ada.get(&format!("/api/games/{ended}/record")).await;
        assert_eq!(status, 200);
        let record: GameRecord = serde_json::from_value(record).unwrap();
        assert!(record.salt.is_some(), "{record:?}");
        AnyGame::verify(&record).expect("the deal verifies");
    }

    // No draws with a bot: it would never agree.
    let created = ada
        .ok(
            "/api/tables",
            json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "ai", "level": "easy"}]}),
        )
        .await;
    let with_ai = created["table"]["id"].as_str().unwrap().to_string();
    assert_eq!(
        ada.refused(&format!("/api/games/{with_ai}/draw"), json!({}))
            .await,
        (409, "wrong_state".to_string())
    );
    ada.ok(&format!("/api/games/{with_ai}/resign"), json!({}))
        .await;
    running.stop().await;

    let log = events(&dir, &aborted).await;
    assert_eq!(kinds(&log), ["move", "abort"]);
    let log = events(&dir, &drawn).await;
    assert_eq!(
        kinds(&log),
        [
            "draw_offer",
            "draw_decline",
            "draw_offer",
            "draw_offer",
            "draw_agreed"
        ]
    );
    let log = events(&dir, &resigned).await;
    assert_eq!(kinds(&log), ["resign"]);
    assert_eq!(log[0].seat, Some(1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ai_levels_go_by_name() {
    let (_dir, running, ada, _bob) = two_guests("levels").await;
    let created = ada
        .ok(
            "/api/tables",
            json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "ai", "level": "hard"}]}),
        )
        .await;
    assert_eq!(created["table"]["seats"][1]["ai_level"], "hard");
    let id = created["table"]["id"].as_str().unwrap();
    ada.ok(&format!("/api/games/{id}/resign"), json!({})).await;
    let created = ada
        .ok(
            "/api/tables",
            json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "ai"}]}),
        )
        .await;
    assert_eq!(
        created["table"]["seats"][1]["ai_level"], "medium",
        "the default"
    );
    let id = created["table"]["id"].as_str().unwrap();
    ada.ok(&format!("/api/games/{id}/resign"), json!({})).await;
    for level in [json!(3), json!("insane")] {
        assert_eq!(
            ada.refused(
                "/api/tables",
                json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "ai", "level": level}]}),
            )
            .await,
            (400, "bad_request".to_string())
        );
    }
    let (_, catalog) = ada.get("/api/catalog").await;
    assert_eq!(
        catalog["ai_levels"],
        json!(["beginner", "easy", "medium", "hard"])
    );
    assert_eq!(catalog["games"], json!(["tyrus", "tsuro", "tyranny"]));
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_resumes_clocks_without_charging_the_downtime() {
    let (dir, running, ada, bob) = two_guests("restart").await;
    let live = json!({"kind": "live", "initial_s": 60, "increment_s": 0});
    let id = table(&[&ada, &bob], "tyrus", json!({}), live).await;
    // The first seat thinks a little, so that its clock is no longer the starting one, and
    // moves until the turn passes.
    let first = seat_to_move(&ada.game(&id).await);
    tokio::time::sleep(Duration::from_millis(50)).await;
    let mut state = ada.game(&id).await;
    while seat_to_move(&state) == first {
        assert!([&ada, &bob][first].play_if_to_move(&id, 3).await);
        state = ada.game(&id).await;
    }
    let waiting = seat_to_move(&state);
    let version = state["version"].as_u64().unwrap();
    let before = state["clocks"][waiting].as_i64().unwrap();
    let moved = state["clocks"][first].as_i64().unwrap();
    assert!(moved <= 59_950, "{moved} ms left after 50 ms of thought");
    [&ada, &bob][1 - waiting]
        .ok(&format!("/api/games/{id}/draw"), json!({}))
        .await;
    let version = version + 1;
    // The seat to move thinks 300 ms, then the server stops for 1.5 s.
    tokio::time::sleep(Duration::from_millis(300)).await;
    running.stop().await;
    tokio::time::sleep(Duration::from_millis(1500)).await;

    let running = serve(&dir).await;
    let (ada, bob) = (ada.on(&running), bob.on(&running));
    let state = ada.game(&id).await;
    assert_eq!(state["version"], version);
    assert_eq!(
        state["draw_offers"],
        json!([1 - waiting]),
        "offers survive too"
    );
    // The clock that is not running comes back exactly as it was, from the log.
    assert_eq!(state["clocks"][first], moved);
    let used = before - state["clocks"][waiting].as_i64().unwrap();
    assert!(
        (300..1500).contains(&used),
        "{used} ms charged for 300 ms of thought and 1500 ms of downtime"
    );
    play_out(&[&ada, &bob], &id, 1).await;
    assert!(ada.game(&id).await["version"].as_u64().unwrap() > version);
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ai_seat_to_move_after_a_restart_moves() {
    let (dir, running, ada, _bob) = two_guests("restart-ai").await;
    // A table of two bots plays by itself; stop the server while they are at it.
    let created = ada
        .ok(
            "/api/tables",
            json!({"game": "tyrus", "seats": [{"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]}),
        )
        .await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    running.stop().await;
    let stopped_at = events(&dir, &id).await.len();

    let running = serve(&dir).await;
    let ada = ada.on(&running);
    let end = wait_for(&ada, &id, 60, |s| s["status"] != "playing").await;
    assert_eq!(end["status"], "finished");
    assert!(end["version"].as_u64().unwrap() as usize > stopped_at);
    running.stop().await;
    let log = events(&dir, &id).await;
    assert!(
        log.iter()
            .all(|e| e.kind == EventKind::Move || e.kind == EventKind::Chance)
    );
}

async fn json_of(request: reqwest::RequestBuilder) -> Value {
    request.send().await.unwrap().json().await.unwrap()
}

/// Signs a bot account up; its session cookie (`name=value`), checked to be HttpOnly and
/// SameSite.
async fn bot_signup(http: &reqwest::Client, base: &str, name: &str) -> String {
    let signup = http
        .post(format!("{base}/api/signup"))
        .json(&json!({"name": name, "password": "long enough", "bot": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(signup.status(), 200);
    let cookie = signup.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"));
    cookie.split(';').next().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_plays_with_a_bearer_token() {
    let (_dir, running, ada, _bob) = two_guests("bot").await;
    let base = format!("http://{}", running.addr);
    let http = reqwest::Client::new();
    let cookie = bot_signup(&http, &base, "Botty").await;
    let token = json_of(
        http.post(format!("{base}/api/tokens"))
            .header("cookie", cookie)
            .json(&json!({"label": "main"})),
    )
    .await;
    let token = token["token"].as_str().unwrap();
    let as_bot = |request: reqwest::RequestBuilder| request.bearer_auth(token);

    let me = json_of(as_bot(http.get(format!("{base}/api/me")))).await;
    assert_eq!(me["account"]["kind"], "bot");
    let created =
        json_of(as_bot(http.post(format!("{base}/api/tables"))).json(&json!({"game": "tyrus"})))
            .await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    ada.ok(&format!("/api/tables/{id}/join"), json!({})).await;
    let state = json_of(as_bot(http.get(format!("{base}/api/games/{id}")))).await;
    assert_eq!(state["viewer"], json!({"seat": 0}));
    if let Some(moves) = state["legal_moves"].as_array() {
        let played = as_bot(http.post(format!("{base}/api/games/{id}/move")))
            .json(&json!({"move": moves[0], "version": state["version"]}))
            .send()
            .await
            .unwrap();
        assert_eq!(played.status(), 200);
    }
    let resigned = as_bot(http.post(format!("{base}/api/games/{id}/resign")))
        .send()
        .await
        .unwrap();
    assert_eq!(resigned.status(), 200);

    let revoked = http
        .get(format!("{base}/api/me"))
        .bearer_auth("not a token")
        .send()
        .await
        .unwrap();
    assert_eq!(revoked.status(), 401);
    running.stop().await;
}

/// Creating a table and starting its game answer from memory what was just stored: every
/// answer matches what reading the database back gives, and so does the started game's
/// state (against a server that loads it from the log).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_and_games_answered_from_memory_match_the_database() {
    let (dir, running, ada, bob) = two_guests("from-memory").await;
    let created = ada
        .ok(
            "/api/tables",
            json!({"game": "tyranny", "options": {"players": 3},
                   "seats": [{"kind": "me"}, {"kind": "invite"}, {"kind": "ai", "level": "easy"}],
                   "time_control": {"kind": "live", "initial_s": 300, "increment_s": 3}}),
        )
        .await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    let (status, stored) = ada.get(&format!("/api/tables/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(created["table"], stored["table"]);
    assert_eq!(created["table"]["status"], "open");

    let invite = created["invites"][0]["invite"].as_str().unwrap();
    let joined = bob
        .ok(&format!("/api/tables/{id}/join?invite={invite}"), json!({}))
        .await;
    let (_, stored) = bob.get(&format!("/api/tables/{id}")).await;
    assert_eq!(joined["table"], stored["table"]);
    assert_eq!(joined["table"]["status"], "playing");

    let mut before = Vec::new();
    for client in [&ada, &bob] {
        before.push(client.game(&id).await);
    }
    running.stop().await;
    let running = serve(&dir).await;
    for (client, before) in [&ada, &bob].into_iter().zip(before) {
        let mut after = client.on(&running).game(&id).await;
        let mut before = before;
        // Clocks run between the two reads: each must be about the five minutes given, the
        // rest must be equal.
        for state in [&mut before, &mut after] {
            let clocks = state["clocks"].as_array().expect("live clocks").clone();
            assert_eq!(clocks.len(), 3, "{state}");
            for clock in clocks.iter().take(2) {
                let ms = clock.as_i64().expect("a clock for each player");
                assert!((280_000..=300_000).contains(&ms), "{state}");
            }
            state["clocks"] = Value::Null;
            state["deadline"] = Value::Null;
        }
        assert_eq!(before, after);
    }
    running.stop().await;
}

/// Credentials are remembered between requests, but signing out and deleting a token take
/// effect at once: the very next request with them is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signing_out_and_deleting_a_token_take_effect_at_once() {
    let (_dir, running, _ada, _bob) = two_guests("revoke").await;
    let base = format!("http://{}", running.addr);
    let http = reqwest::Client::new();
    let cookie = bot_signup(&http, &base, "Revoka").await;
    let me_with_cookie = || {
        http.get(format!("{base}/api/me"))
            .header("cookie", cookie.clone())
            .send()
    };
    let token = json_of(
        http.post(format!("{base}/api/tokens"))
            .header("cookie", cookie.clone())
            .json(&json!({"label": "main"})),
    )
    .await;
    let token_id = token["id"].to_string();
    let token = token["token"].as_str().unwrap().to_string();
    let me_with_token = || {
        http.get(format!("{base}/api/me"))
            .bearer_auth(&token)
            .send()
    };
    // Used twice each: the second answer comes from what the server remembers.
    for _ in 0..2 {
        assert_eq!(me_with_cookie().await.unwrap().status(), 200);
        assert_eq!(me_with_token().await.unwrap().status(), 200);
    }
    let deleted = http
        .delete(format!("{base}/api/tokens/{token_id}"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), 200);
    assert_eq!(me_with_token().await.unwrap().status(), 401);
    assert_eq!(me_with_cookie().await.unwrap().status(), 200);
    let signed_out = http
        .post(format!("{base}/api/signout"))
        .header("cookie", cookie.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(signed_out.status(), 200);
    assert_eq!(me_with_cookie().await.unwrap().status(), 401);
    running.stop().await;
}
