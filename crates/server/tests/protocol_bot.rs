//! A bot that knows Agora only through docs/protocol.md plays a whole game of each game
//! against a local server: HTTP with `reqwest`, the WebSocket with `tokio-tungstenite`, every
//! payload a `serde_json::Value`. No agora crate's types and no engine: the harness in
//! `common` only starts the server. What the bot checks is what the document promises; when
//! this test fails, either the server or docs/protocol.md is wrong.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

const PROTOCOL: &str = include_str!("../../../docs/protocol.md");

/// How long the bot waits for any answer or frame before it gives up.
const PATIENCE: Duration = Duration::from_secs(20);

/// The outcome reasons the document lists for `game` (its ```` ```json outcome-reasons ````
/// block), with the server's own reasons that any game may end with.
fn documented_reasons(game: &str) -> BTreeSet<String> {
    let block = PROTOCOL
        .split("```json outcome-reasons\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("docs/protocol.md lists the outcome reasons");
    let reasons: Value = serde_json::from_str(block).expect("the reasons block is JSON");
    (reasons["any game"].as_array().into_iter().flatten())
        .chain(reasons[game].as_array().into_iter().flatten())
        .map(|r| r.as_str().unwrap().to_string())
        .collect()
}

/// How a request says who it is ("Signing in").
#[derive(Clone, Debug)]
enum Credential {
    None,
    Cookie(String),
    Bearer(String),
}

/// One account's HTTP side.
#[derive(Clone, Debug)]
struct Bot {
    base: String,
    http: reqwest::Client,
    credential: Credential,
    account: Value,
}

impl Bot {
    fn new(server: &common::Server) -> Bot {
        Bot {
            base: format!("http://{}", server.addr),
            http: reqwest::Client::new(),
            credential: Credential::None,
            account: Value::Null,
        }
    }

    /// A request; the status and the JSON body. Every API answer is JSON, and not cached.
    async fn request(
        &mut self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(body) = body {
            request = (request.header("content-type", "application/json")).body(body.to_string());
        }
        request = match &self.credential {
            Credential::None => request,
            Credential::Cookie(cookie) => request.header("cookie", cookie),
            Credential::Bearer(token) => request.bearer_auth(token),
        };
        let response = tokio::time::timeout(PATIENCE, request.send())
            .await
            .unwrap_or_else(|_| panic!("{path}: no answer in time"))
            .unwrap();
        let status = response.status().as_u16();
        let headers = response.headers();
        assert_eq!(headers["cache-control"], "no-store", "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        if let Some(cookie) = headers.get("set-cookie") {
            let pair = cookie.to_str().unwrap().split(';').next().unwrap();
            assert!(pair.starts_with("agora_session="), "{pair}");
            if !pair.ends_with('=') && !matches!(self.credential, Credential::Bearer(_)) {
                self.credential = Credential::Cookie(pair.to_string());
            }
        }
        let text = response.text().await.unwrap();
        let body: Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{path}: {status} is not JSON ({e}): {text}"));
        if status != 200 {
            let code = body["error"]["code"].as_str();
            assert!(code.is_some(), "{path}: an error has a code: {body}");
        }
        (status, body)
    }

    /// A request that must succeed.
    async fn ok(&mut self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let (status, answer) = self.request(method, path, body).await;
        assert_eq!(status, 200, "{path}: {answer}");
        answer
    }

    async fn get(&mut self, path: &str) -> Value {
        self.ok(reqwest::Method::GET, path, None).await
    }

    async fn post(&mut self, path: &str, body: Value) -> Value {
        self.ok(reqwest::Method::POST, path, Some(body)).await
    }

    /// A guest ("POST /api/guest"), signed in by its cookie.
    async fn guest(server: &common::Server, pattern: &str) -> Bot {
        let mut bot = Bot::new(server);
        let answer = bot
            .post("/api/guest", json!({"name_pattern": pattern}))
            .await;
        let account = &answer["account"];
        assert_eq!(account["kind"], "guest");
        let id = account["id"].as_u64().expect("account ids are numbers");
        assert_eq!(
            account["name"],
            pattern.replace("{number}", &id.to_string())
        );
        assert!(matches!(bot.credential, Credential::Cookie(_)));
        bot.account = account.clone();
        bot
    }

    /// A bot account with an API token, as "A bot, step by step" makes one; from then on it
    /// signs every request with `Authorization: Bearer`.
    async fn with_token(server: &common::Server, name: &str) -> Bot {
        let mut bot = Bot::new(server);
        let body = json!({"name": name, "password": "long enough", "bot": true});
        let answer = bot.post("/api/signup", body).await;
        assert_eq!(answer["account"]["kind"], "bot");
        let token = bot.post("/api/tokens", json!({"label": "main"})).await;
        let token = token["token"].as_str().expect("the token is shown once");
        bot.credential = Credential::Bearer(token.to_string());
        bot.account = bot.get("/api/me").await["account"].clone();
        assert_eq!(bot.account["name"], name);
        bot
    }

    fn id(&self) -> u64 {
        self.account["id"].as_u64().unwrap()
    }

    /// The game's WebSocket, signed in as the HTTP requests are.
    async fn socket(&self, game: &str, query: &str) -> Socket {
        let url =
            format!("{}/api/games/{game}/ws{query}", self.base).replacen("http://", "ws://", 1);
        let mut request = url.into_client_request().unwrap();
        let header = match &self.credential {
            Credential::None => None,
            Credential::Cookie(cookie) => Some(("cookie", cookie.clone())),
            Credential::Bearer(token) => Some(("authorization", format!("Bearer {token}"))),
        };
        if let Some((name, value)) = header {
            request
                .headers_mut()
                .insert(name, HeaderValue::from_str(&value).unwrap());
        }
        let (stream, _) = tokio::time::timeout(PATIENCE, tokio_tungstenite::connect_async(request))
            .await
            .expect("a handshake in time")
            .expect("the upgrade succeeds");
        Socket { stream }
    }
}

/// One WebSocket: JSON text frames both ways.
struct Socket {
    stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Socket {
    async fn send(&mut self, message: Value) {
        (self.stream.send(Message::Text(message.to_string().into())))
            .await
            .unwrap();
    }

    /// The next JSON frame (reading answers the server's pings by itself).
    async fn next(&mut self) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.stream.next())
                .await
                .ok()?;
            match message {
                Some(Ok(Message::Text(text))) => {
                    return Some(serde_json::from_str(&text).expect("frames are JSON"));
                }
                Some(Ok(Message::Close(frame))) => panic!("closed by the server: {frame:?}"),
                Some(Ok(_)) => {}
                Some(Err(e)) => panic!("the socket failed: {e}"),
                None => panic!("the socket ended"),
            }
        }
    }
}

/// How a seat sends its moves: `play` frames on its socket, or `POST /api/games/{id}/move`
/// (following the game on the socket either way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hand {
    Frames,
    Http,
}

/// A seat's player: reads `sync` and `event` frames, keeps the last version, and whenever a
/// state offers it `legal_moves`, plays one of them at that version.
struct Player {
    bot: Bot,
    game: String,
    seat: u64,
    hand: Hand,
    /// Drop the connection once after this many moves, and resume with `?since=`.
    drop_after: Option<usize>,
    rng: u64,
    /// The last state, and its version.
    state: Value,
    version: u64,
    /// The `ref` of a `play` frame not yet answered, and what it sent.
    waiting: Option<(u64, Value)>,
    /// The version this player last chose a move at.
    moved_at: Option<u64>,
    next_ref: u64,
    moves: usize,
    events: usize,
    /// The first frame of each type this player received.
    frames: BTreeMap<String, Value>,
}

impl Player {
    fn new(bot: Bot, game: &str, seat: u64, hand: Hand, seed: u64) -> Player {
        Player {
            bot,
            game: game.to_string(),
            seat,
            hand,
            drop_after: None,
            rng: seed,
            state: Value::Null,
            version: 0,
            waiting: None,
            moved_at: None,
            next_ref: 1,
            moves: 0,
            events: 0,
            frames: BTreeMap::new(),
        }
    }

    /// splitmix64: the bot's own dice, from nothing of the server's.
    fn pick(&mut self, n: usize) -> usize {
        self.rng = self.rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }

    /// Plays to the end of the game (then `state` is the last state).
    async fn play(mut self) -> Player {
        let mut socket = self.bot.socket(&self.game, "").await;
        loop {
            let Some(frame) = socket.next().await else {
                panic!(
                    "seat {} heard nothing in {PATIENCE:?}, at version {} (waiting for {:?}): {}",
                    self.seat, self.version, self.waiting, self.state
                );
            };
            self.read(&frame, &mut socket).await;
            if self.state["status"] != "playing" && self.waiting.is_none() {
                return self;
            }
            if self.drop_after == Some(self.moves) && self.waiting.is_none() {
                // The connection drops without a word; the bot resumes from what it saw.
                self.drop_after = None;
                drop(socket);
                let since = self.version;
                socket = (self.bot.socket(&self.game, &format!("?since={since}"))).await;
                let sync = socket.next().await.expect("a sync first");
                assert_eq!(sync["type"], "sync", "{sync}");
                let missed = sync["missed"]
                    .as_array()
                    .expect("a recent version's events");
                self.follow(since, missed, &sync);
            }
            self.act(&mut socket).await;
        }
    }

    /// Takes in one frame.
    async fn read(&mut self, frame: &Value, socket: &mut Socket) {
        let kind = frame["type"].as_str().unwrap_or_default().to_string();
        self.frames.entry(kind).or_insert_with(|| frame.clone());
        match frame["type"].as_str().expect("every frame has a type") {
            "sync" => {
                assert_eq!(frame["game"], self.game.as_str());
                assert_eq!(frame["viewer"], json!({"seat": self.seat}), "{frame}");
                // The first sync, without `since`: the state alone is the truth.
                if self.state.is_null() {
                    assert_eq!(frame["missed"], Value::Null);
                    self.take(frame);
                } else {
                    let missed = frame["missed"].as_array().expect("recent events");
                    self.follow(self.version, missed, frame);
                }
            }
            "event" => {
                assert_eq!(frame["game"], self.game.as_str());
                let events = frame["events"].as_array().expect("an event has events");
                let first = events[0]["version"].as_u64().unwrap();
                if first > self.version + 1 {
                    // A gap: ask for what was missed ("Versions and resync").
                    let since = self.version;
                    socket.send(json!({"type": "sync", "since": since})).await;
                    return;
                }
                let fresh: Vec<Value> = (events.iter())
                    .filter(|e| e["version"].as_u64().unwrap() > self.version)
                    .cloned()
                    .collect();
                self.follow(self.version, &fresh, frame);
            }
            "ack" => {
                let (reference, _) = self.waiting.take().expect("an ack for a move sent");
                assert_eq!(frame["ref"], reference, "{frame}");
                assert!(frame["version"].as_u64().unwrap() > self.moved_at.unwrap());
            }
            "error" => {
                let (reference, sent) = self.waiting.clone().expect("an error for a move sent");
                assert_eq!(frame["ref"], reference, "{frame}");
                match frame["code"].as_str().unwrap() {
                    // The game moved on: choose again at the new version.
                    "stale_version" => {
                        assert!(frame["version"].as_u64().is_some(), "{frame}");
                        self.waiting = None;
                        self.moved_at = None;
                    }
                    "rate_limited" => {
                        let wait = frame["retry_after_ms"].as_u64().expect("when to retry");
                        tokio::time::sleep(Duration::from_millis(wait)).await;
                        socket.send(sent).await;
                    }
                    code => panic!("seat {} was refused {code}: {frame}", self.seat),
                }
            }
            "chat" | "pong" | "rematch" => {}
            other => panic!("a frame the document does not name: {other}: {frame}"),
        }
    }

    /// Applies `events` (those after `since`) and the frame's state: the versions run on
    /// without a gap to the state's.
    fn follow(&mut self, since: u64, events: &[Value], frame: &Value) {
        let mut expected = since;
        for event in events {
            expected += 1;
            assert_eq!(event["version"], expected, "events in order: {frame}");
            let kind = event["kind"].as_str().unwrap();
            assert!(event["at"].as_u64().is_some(), "{event}");
            match kind {
                "move" => {
                    assert!(event["seat"].as_u64().is_some(), "{event}");
                    assert!(event.get("move").is_some(), "{event}");
                }
                "chance" => {
                    assert_eq!(event["seat"], Value::Null, "{event}");
                    assert!(event.get("move").is_some(), "{event}");
                }
                other => panic!("the bots only move: an event {other}"),
            }
            self.events += 1;
        }
        assert_eq!(
            frame["version"], expected,
            "the events reach the frame's version"
        );
        self.take(frame);
    }

    fn take(&mut self, frame: &Value) {
        let state = &frame["state"];
        assert_eq!(state["version"], frame["version"], "{frame}");
        assert_eq!(state["id"], self.game.as_str());
        assert!(
            state.get("viewer").is_none(),
            "a frame's state has no viewer"
        );
        assert_eq!(state["view"]["viewer"], json!({"seat": self.seat}));
        let to_move = state["turn"]["seat"].as_u64();
        if state["status"] == "playing" {
            // Legal moves come to the seat to move, and only to it.
            assert_eq!(
                state.get("legal_moves").is_some(),
                to_move == Some(self.seat),
                "{state}"
            );
        } else {
            assert_eq!(state["turn"], "over");
            assert!(state.get("legal_moves").is_none());
        }
        self.version = frame["version"].as_u64().unwrap();
        self.state = state.clone();
    }

    /// On its turn, with no move in flight, plays one of the legal moves.
    async fn act(&mut self, socket: &mut Socket) {
        let Some(legal) = self.state["legal_moves"].as_array().cloned() else {
            return;
        };
        if self.waiting.is_some() || self.moved_at == Some(self.version) {
            return;
        }
        assert!(!legal.is_empty(), "a seat to move has a move");
        let pick = legal[self.pick(legal.len())].clone();
        let version = self.version;
        self.moved_at = Some(version);
        self.moves += 1;
        match self.hand {
            Hand::Frames => {
                let reference = self.next_ref;
                self.next_ref += 1;
                let play =
                    json!({"type": "play", "move": pick, "version": version, "ref": reference});
                socket.send(play.clone()).await;
                self.waiting = Some((reference, play));
            }
            Hand::Http => {
                let path = format!("/api/games/{}/move", self.game);
                let body = json!({"move": pick, "version": version});
                let (status, answer) = (self.bot)
                    .request(reqwest::Method::POST, &path, Some(body))
                    .await;
                match status {
                    200 => assert!(answer["version"].as_u64().unwrap() > version),
                    409 if answer["error"]["code"] == "stale_version" => self.moved_at = None,
                    _ => panic!("seat {}: {status} {answer}", self.seat),
                }
            }
        }
    }
}

/// Checks a finished game as the document describes its end: the outcome, the record
/// anyone may download, and the commitment the first state carried.
async fn check_end(anyone: &mut Bot, game: &str, last: &Value, seats: usize, commitment: &Value) {
    assert_eq!(last["status"], "finished", "{last}");
    let outcome = &last["outcome"];
    let winners = outcome["winners"].as_array().expect("winners");
    assert!(winners.iter().all(|w| w.as_u64().unwrap() < seats as u64));
    let reason = outcome["reason"].as_str().unwrap();
    let kind = last["game"].as_str().unwrap();
    assert!(
        documented_reasons(kind).contains(reason),
        "{kind}: the reason {reason} is not in the document"
    );
    // The game's own summary of the end, an object like its `view`.
    assert_eq!(last["summary"]["game"], kind, "{last}");
    assert_eq!(last["rematch"]["next"], Value::Null);

    let record = anyone.get(&format!("/api/games/{game}/record")).await;
    assert_eq!(&record, &last["record"], "the download is the record shown");
    assert_eq!(record["game"], kind);
    // Every move and chance draw, one per event of a game of moves only.
    let moves = record["moves"].as_array().unwrap();
    assert_eq!(moves.len() as u64, last["version"].as_u64().unwrap());
    // SHA-256 of `SEED:SALT`, in lowercase hex, is the commitment published at the start.
    assert_eq!(&record["commitment"], commitment);
    let seed = record["seed"]
        .as_u64()
        .expect("the seed, now the game is over");
    let salt = record["salt"].as_str().unwrap();
    let digest = Sha256::digest(format!("{seed}:{salt}"));
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(commitment, &json!(hex));
}

/// Plays `players` to the end together; the last state, after checking they all saw the
/// same end, and the first frame of each type any of them received.
async fn play_out(players: Vec<Player>) -> (Value, BTreeMap<String, Value>) {
    let games: Vec<_> = players
        .into_iter()
        .map(|player| tokio::spawn(player.play()))
        .collect();
    let mut ends: Vec<Value> = Vec::new();
    let mut frames = BTreeMap::new();
    for game in games {
        let player = game.await.unwrap();
        let (moves, events) = (player.moves, player.events);
        assert!(
            moves > 0 && events >= moves,
            "{moves} moves, {events} events"
        );
        if let Some(first) = ends.first() {
            assert_eq!(
                (&player.state["version"], &player.state["outcome"]),
                (&first["version"], &first["outcome"])
            );
        }
        ends.push(player.state);
        frames.extend(player.frames);
    }
    (ends.swap_remove(0), frames)
}

/// The values of every block fenced as ```` ```json ```` (untagged: the frames and messages
/// of the document's prose).
fn untagged_examples() -> Vec<Value> {
    let mut values = Vec::new();
    let mut lines = PROTOCOL.lines();
    while let Some(line) = lines.next() {
        if line != "```json" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        let block = block.join("\n");
        for value in serde_json::Deserializer::from_str(&block).into_iter::<Value>() {
            values.push(value.unwrap_or_else(|e| panic!("docs/protocol.md: {e} in {block}")));
        }
    }
    values
}

/// The document's example frames have the keys of the frames of their type the server sent,
/// and its example messages, sent on a spectator's socket, are all understood (refused as
/// a spectator's actions, never as `bad_request`).
async fn check_examples(frames: &BTreeMap<String, Value>, spectator: &mut Socket) {
    const SENT_BY_CLIENTS: [&str; 8] = [
        "play",
        "resign",
        "offer_draw",
        "decline_draw",
        "abort",
        "rematch",
        "sync",
        "ping",
    ];
    let examples = untagged_examples();
    let mut client = 0;
    for example in &examples {
        let Some(kind) = example["type"].as_str() else {
            continue;
        };
        let is_message = SENT_BY_CLIENTS.contains(&kind) && example.get("game").is_none();
        if is_message {
            client += 1;
            spectator.send(example.clone()).await;
            let answer = spectator.next().await.expect("an answer");
            assert_ne!(answer["code"], "bad_request", "{example}: {answer}");
            let expected = match kind {
                "ping" => "pong",
                "sync" => "sync",
                _ => "error",
            };
            assert_eq!(answer["type"], expected, "{example}: {answer}");
            continue;
        }
        let real = frames
            .get(kind)
            .unwrap_or_else(|| panic!("no {kind} frame came to compare {example} with"));
        let keys = |v: &Value| {
            v.as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect::<BTreeSet<_>>()
        };
        assert_eq!(keys(example), keys(real), "{example}\nthe server's: {real}");
    }
    assert_eq!(
        client,
        SENT_BY_CLIENTS.len(),
        "every message has an example"
    );
}

/// What the catalog offers, as the document words it.
async fn catalog(bot: &mut Bot) {
    let catalog = bot.get("/api/catalog").await;
    assert_eq!(catalog["games"], json!(["tyrus", "tsuro", "tyranny"]));
    let levels = catalog["ai_levels"].as_array().unwrap();
    assert!(levels.contains(&json!("beginner")));
}

/// Tyrus, two seats: a bot account on its API token invites a guest by the invitation's
/// link; the bot plays by `play` frames, the guest by HTTP and drops its connection once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_and_a_guest_play_tyrus_by_invitation() {
    let db = common::TempDb::new("protocol-bot-tyrus");
    let server = common::serve(&db).await;
    let mut botty = Bot::with_token(&server, "Botty").await;
    catalog(&mut botty).await;
    let seats = json!([{"kind": "me"}, {"kind": "invite"}]);
    let created = (botty.post(
        "/api/tables",
        json!({"game": "tyrus", "seats": seats, "public": false}),
    ))
    .await;
    let table = &created["table"];
    assert_eq!(table["status"], "open");
    let id = table["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 10);
    let join = created["invites"][0]["join"].as_str().unwrap();

    let mut guest = Bot::guest(&server, "Gast {number}").await;
    let joined = guest.post(join, json!({})).await;
    assert_eq!(joined["seat"], 1);
    assert_eq!(joined["table"]["status"], "playing");
    let mine = guest.get("/api/me/games").await;
    assert_eq!(mine["tables"][0]["id"], id.as_str());

    let first = guest.get(&format!("/api/games/{id}")).await;
    assert_eq!(first["viewer"], json!({"seat": 1}));
    let commitment = first["commitment"].clone();
    let players = vec![
        Player::new(botty.clone(), &id, 0, Hand::Frames, 1),
        Player {
            drop_after: Some(4),
            ..Player::new(guest.clone(), &id, 1, Hand::Http, 2)
        },
    ];
    let (last, mut frames) = play_out(players).await;
    let mut anyone = Bot::new(&server);
    check_end(&mut anyone, &id, &last, 2, &commitment).await;
    assert_ne!(botty.id(), guest.id());

    // A spectator hears the players' chat once the game is over, and a rematch offer.
    let mut spectator = anyone.socket(&id, "").await;
    let sync = spectator.next().await.unwrap();
    assert_eq!(
        (&sync["type"], &sync["viewer"]),
        (&json!("sync"), &json!("spectator"))
    );
    let chat = json!({"quick": "good_game"});
    botty.post(&format!("/api/games/{id}/chat"), chat).await;
    let asked = botty
        .post(&format!("/api/games/{id}/rematch"), json!({}))
        .await;
    assert_eq!(asked["next"], Value::Null);
    // The chat and the rematch offer travel apart (the chat's relay, the game's actor), so
    // the spectator may hear them in either order; it must hear both.
    let mut heard = Vec::new();
    for _ in 0..2 {
        let frame = spectator.next().await.expect("a frame");
        let kind = frame["type"].as_str().unwrap_or_default().to_string();
        assert!(kind == "chat" || kind == "rematch", "{frame}");
        assert!(!heard.contains(&kind), "{frame} twice");
        heard.push(kind.clone());
        frames.insert(kind, frame);
    }
    assert_eq!(frames["chat"]["message"]["quick"], "good_game");
    assert_eq!(frames["rematch"]["rematch"]["offers"], json!([0]));
    check_examples(&frames, &mut spectator).await;
    server.stop().await;
}

/// Tsuro, three seats: a guest opens a public table with a seat for the computer; another
/// guest finds it in the lobby and takes the open seat. The creator plays by frames and drops
/// its connection once; the other plays by HTTP.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_guests_and_the_computer_play_tsuro_from_the_lobby() {
    let db = common::TempDb::new("protocol-bot-tsuro");
    let server = common::serve(&db).await;
    let mut ada = Bot::guest(&server, "Ada {number}").await;
    let seats = json!([{"kind": "me"}, {"kind": "open"}, {"kind": "ai", "level": "beginner"}]);
    let body = json!({"game": "tsuro", "options": {"players": 3}, "seats": seats});
    let created = ada.post("/api/tables", body).await;
    let id = created["table"]["id"].as_str().unwrap().to_string();

    let mut bob = Bot::guest(&server, "Bob {number}").await;
    let lobby = bob.get("/api/tables").await;
    let listed = (lobby["tables"].as_array().unwrap().iter())
        .find(|t| t["id"] == id.as_str())
        .expect("the public table is listed");
    let open = (listed["seats"].as_array().unwrap().iter())
        .find(|s| s["kind"] == "open" && s["filled"] == false)
        .expect("an open seat");
    assert_eq!(open["seat"], 1);
    let joined = bob.post(&format!("/api/tables/{id}/join"), json!({})).await;
    assert_eq!(joined["seat"], 1);
    assert_eq!(joined["table"]["status"], "playing");

    let first = bob.get(&format!("/api/games/{id}")).await;
    assert_eq!(first["seats"][2]["plays"], "ai");
    let commitment = first["commitment"].clone();
    let players = vec![
        Player {
            drop_after: Some(2),
            ..Player::new(ada, &id, 0, Hand::Frames, 3)
        },
        Player::new(bob, &id, 1, Hand::Http, 4),
    ];
    let (last, _) = play_out(players).await;
    let mut anyone = Bot::new(&server);
    check_end(&mut anyone, &id, &last, 3, &commitment).await;
    server.stop().await;
}

/// Tyranny, three seats: two bot accounts on tokens and the computer, every move by frames;
/// the second bot joins a given seat and drops its connection once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_and_the_computer_play_tyranny() {
    let db = common::TempDb::new("protocol-bot-tyranny");
    let server = common::serve(&db).await;
    let mut one = Bot::with_token(&server, "Bot One").await;
    let seats = json!([{"kind": "ai", "level": "beginner"}, {"kind": "me"}, {"kind": "open"}]);
    let body = json!({"game": "tyranny", "options": {"players": 3}, "seats": seats});
    let created = one.post("/api/tables", body).await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    let mut two = Bot::with_token(&server, "Bot Two").await;
    let joined = two
        .post(&format!("/api/tables/{id}/join"), json!({"seat": 2}))
        .await;
    assert_eq!(joined["table"]["status"], "playing");

    let first = two.get(&format!("/api/games/{id}")).await;
    let commitment = first["commitment"].clone();
    let players = vec![
        Player::new(one, &id, 1, Hand::Frames, 5),
        Player {
            drop_after: Some(3),
            ..Player::new(two, &id, 2, Hand::Frames, 6)
        },
    ];
    let (last, _) = play_out(players).await;
    let mut anyone = Bot::new(&server);
    check_end(&mut anyone, &id, &last, 3, &commitment).await;
    server.stop().await;
}
