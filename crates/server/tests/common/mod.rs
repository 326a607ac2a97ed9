//! The harness of the server's integration tests: servers on loopback over a temporary
//! SQLite file, and clients that speak HTTP and WebSocket to them exactly as an external
//! program would, keeping every raw body and frame they receive.
//!
//! All server start-up goes through [`serve_with`], so that an API change to
//! `agora_server::start` is adapted in one place.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agora_engine::{FastRng, GameRecord, GameRng, Seat, Turn, Viewer};
use agora_games::{AnyGame, SeenMove};
use agora_server::ServerConfig;
use agora_store::{Durability, Event, EventKind, Store, TableId};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long any single expected frame or response may take before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// A fresh directory holding one test's database file; removed when dropped.
#[derive(Debug)]
pub struct TempDb {
    pub dir: PathBuf,
}

impl TempDb {
    pub fn new(test: &str) -> TempDb {
        let dir =
            std::env::temp_dir().join(format!("agora-server-test-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDb { dir }
    }

    pub fn url(&self) -> String {
        format!("sqlite://{}", self.dir.join("agora.db").display())
    }

    /// Opens the database beside the server (SQLite in WAL mode allows it), as an outside
    /// observer of the log.
    pub async fn store(&self) -> Store {
        Store::open(&self.url(), Durability::Process).await.unwrap()
    }

    /// The move log of a game as stored.
    pub async fn events(&self, game: &str) -> Vec<Event> {
        let store = self.store().await;
        let id: TableId = game.parse().unwrap();
        let events = store.game(id).await.unwrap().events;
        store.close().await;
        events
    }
}

impl std::ops::Deref for TempDb {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.dir
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The configuration of test servers: no per-address HTTP, connection or guest limit (every
/// client of a test comes from 127.0.0.1), a generous per-connection message budget, and
/// computer moves unpaced (a test about pacing sets `ai_pace`).
pub fn test_config() -> ServerConfig {
    let defaults = ServerConfig::default();
    ServerConfig {
        http_rate: None,
        shared_rate: None,
        shared_http_rate: None,
        account_limits: agora_server::AccountLimits {
            guests_per_address: None,
            ..defaults.account_limits.clone()
        },
        ws_rate: Some((400, 400)),
        connections: agora_server::ConnectionLimits {
            per_address: None,
            websockets_per_account: None,
            ..defaults.connections
        },
        ai_pace: Duration::ZERO,
        ..defaults
    }
}

enum Stop {
    Graceful,
    Crash,
}

/// A server running on its own runtime and thread, so that a test can stop it gracefully or
/// drop it whole in the middle of anything, as a crash would.
#[derive(Debug)]
pub struct Server {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<Stop>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl std::fmt::Debug for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stop::Graceful => "graceful",
            Stop::Crash => "crash",
        })
    }
}

/// A server with the test configuration over the database in `db`.
pub async fn serve(db: &TempDb) -> Server {
    serve_with(db, test_config()).await
}

/// A server with `config` over the SQLite file of `db` (created if new, resumed if not).
pub async fn serve_with(db: &TempDb, config: ServerConfig) -> Server {
    start_server(db.url(), config).await
}

/// The one place the tests start a server: on a random loopback port, over the database at
/// `url`, with `config`.
pub async fn start_server(url: String, config: ServerConfig) -> Server {
    let (addr_tx, addr_rx) = tokio::sync::oneshot::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<Stop>();
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let store = Store::open(&url, Durability::Process).await.unwrap();
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let running = agora_server::start(listener, store, config).await.unwrap();
            let _ = addr_tx.send(running.addr);
            match stop_rx.await {
                Ok(Stop::Graceful) => running.shutdown().await,
                // Dropped without a word: every task goes down with the runtime below.
                Ok(Stop::Crash) | Err(_) => drop(running),
            }
        });
        runtime.shutdown_background();
    });
    let addr = addr_rx.await.expect("the server starts");
    Server {
        addr,
        stop: Some(stop_tx),
        thread: Some(thread),
    }
}

impl Server {
    pub fn client(&self) -> Client {
        Client::new(self.addr)
    }

    /// A guest account signed in on this server.
    pub async fn guest(&self, name: &str) -> Client {
        Client::guest(self.addr, name).await
    }

    /// Stops accepting, lets what is in flight finish, closes the store.
    pub async fn stop(mut self) {
        self.halt(Stop::Graceful).await;
    }

    /// Drops the server with every task and connection at once, mid-whatever, as a crash.
    pub async fn crash(mut self) {
        self.halt(Stop::Crash).await;
    }

    async fn halt(&mut self, how: Stop) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(how);
        }
        if let Some(thread) = self.thread.take() {
            tokio::task::spawn_blocking(move || thread.join().unwrap())
                .await
                .unwrap();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(Stop::Crash);
        }
    }
}

/// Every body and frame some client received, to search for secrets.
pub type Transcript = Arc<Mutex<Vec<String>>>;

/// An HTTP client that keeps its session cookie (or bearer token) and every body it got.
#[derive(Clone, Debug)]
pub struct Client {
    pub base: String,
    http: reqwest::Client,
    pub cookie: Option<String>,
    pub token: Option<String>,
    pub bodies: Transcript,
}

impl Client {
    pub fn new(addr: SocketAddr) -> Client {
        Client {
            base: format!("http://{addr}"),
            http: reqwest::Client::new(),
            cookie: None,
            token: None,
            bodies: Transcript::default(),
        }
    }

    /// A client whose connections come from the loopback address `local`.
    pub fn from_address(addr: SocketAddr, local: [u8; 4]) -> Client {
        let http = reqwest::Client::builder()
            .local_address(std::net::IpAddr::from(local))
            .build()
            .unwrap();
        Client {
            http,
            ..Client::new(addr)
        }
    }

    /// A guest session with this name.
    pub async fn guest(addr: SocketAddr, name: &str) -> Client {
        let mut client = Client::new(addr);
        let (status, body) = client.post("/api/guest", json!({ "name": name })).await;
        assert_eq!(status, 200, "{body}");
        client
    }

    /// The same account on another server over the same database (after a restart).
    pub fn on(&self, server: &Server) -> Client {
        Client {
            base: format!("http://{}", server.addr),
            ..self.clone()
        }
    }

    /// The same account with an empty transcript.
    pub fn fresh(&self) -> Client {
        Client {
            bodies: Transcript::default(),
            ..self.clone()
        }
    }

    pub fn bodies(&self) -> Vec<String> {
        self.bodies.lock().unwrap().clone()
    }

    fn auth(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        let request = match &self.cookie {
            Some(cookie) => request.header("cookie", cookie),
            None => request,
        };
        match &self.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    /// Sends a request; returns the status and the body as JSON (or as a JSON string when it
    /// is not JSON).
    pub async fn send(&mut self, request: reqwest::RequestBuilder) -> (u16, Value) {
        let response = tokio::time::timeout(PATIENCE, self.auth(request).send())
            .await
            .expect("a response in time")
            .unwrap();
        let status = response.status().as_u16();
        if let Some(cookie) = response.headers().get("set-cookie") {
            let cookie = cookie.to_str().unwrap().split(';').next().unwrap();
            if !cookie.ends_with('=') {
                self.cookie = Some(cookie.to_string());
            }
        }
        let text = response.text().await.unwrap();
        self.bodies.lock().unwrap().push(text.clone());
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    pub async fn post_raw(&mut self, path: &str, body: impl Into<reqwest::Body>) -> (u16, Value) {
        let request = (self.http.post(format!("{}{path}", self.base)))
            .header("content-type", "application/json")
            .body(body);
        self.send(request).await
    }

    pub async fn post(&mut self, path: &str, body: Value) -> (u16, Value) {
        self.post_raw(path, body.to_string()).await
    }

    pub async fn get(&mut self, path: &str) -> (u16, Value) {
        let request = self.http.get(format!("{}{path}", self.base));
        self.send(request).await
    }

    /// Posts what must succeed.
    pub async fn ok(&mut self, path: &str, body: Value) -> Value {
        let (status, response) = self.post(path, body).await;
        assert_eq!(status, 200, "{path}: {response}");
        response
    }

    /// The game as this client sees it over HTTP.
    pub async fn game(&mut self, id: &str) -> Value {
        let (status, body) = self.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{body}");
        body
    }

    /// Opens the game's WebSocket; `query` is appended to the URL (`?since=3`).
    pub async fn connect(&self, game: &str, query: &str) -> Ws {
        self.try_connect(game, query)
            .await
            .unwrap_or_else(|e| panic!("websocket to {game}{query}: {e}"))
    }

    pub async fn try_connect(&self, game: &str, query: &str) -> Result<Ws, tungstenite::Error> {
        let url = format!(
            "{}/api/games/{game}/ws{query}",
            self.base.replace("http://", "ws://")
        );
        let mut request = url.into_client_request().unwrap();
        if let Some(cookie) = &self.cookie {
            request
                .headers_mut()
                .insert("cookie", HeaderValue::from_str(cookie).unwrap());
        }
        if let Some(token) = &self.token {
            request.headers_mut().insert(
                "authorization",
                HeaderValue::from_str(&format!("Bearer {token}")).unwrap(),
            );
        }
        let (stream, _) = tokio::time::timeout(PATIENCE, tokio_tungstenite::connect_async(request))
            .await
            .expect("a websocket handshake in time")?;
        Ok(Ws {
            stream,
            raw: Vec::new(),
            closed: None,
            received: 0,
        })
    }
}

/// A table for `clients`, which sit at the seats in order (the first creates it, the others
/// join), started once the last joins; returns the game id.
pub async fn table(clients: &mut [Client], game: &str, options: Value) -> String {
    let mut seats = vec![json!({"kind": "me"})];
    seats.extend((1..clients.len()).map(|_| json!({"kind": "open"})));
    let created = clients[0]
        .ok(
            "/api/tables",
            json!({"game": game, "options": options, "seats": seats}),
        )
        .await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    for (seat, client) in clients.iter_mut().enumerate().skip(1) {
        client
            .ok(&format!("/api/tables/{id}/join"), json!({ "seat": seat }))
            .await;
    }
    id
}

/// Guests named after their seats, signed in on `server`.
pub async fn guests(server: &Server, prefix: &str, count: usize) -> Vec<Client> {
    let mut clients = Vec::new();
    for seat in 0..count {
        clients.push(server.guest(&format!("{prefix}{seat}")).await);
    }
    clients
}

/// A WebSocket client that keeps every raw text frame it received.
#[derive(Debug)]
pub struct Ws {
    pub stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub raw: Vec<String>,
    /// The close frame the server sent, once it did.
    pub closed: Option<Option<CloseFrame>>,
    /// How many text frames came on this socket.
    pub received: usize,
}

impl Ws {
    pub async fn send(&mut self, message: Value) {
        self.send_text(message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.stream.send(Message::Text(text.into())).await.unwrap();
    }

    /// Sends a text frame that the server may refuse by closing the connection.
    pub async fn try_send_text(&mut self, text: String) -> Result<(), tungstenite::Error> {
        self.stream.send(Message::Text(text.into())).await
    }

    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.stream
            .send(Message::Binary(bytes.into()))
            .await
            .unwrap();
    }

    /// The next text frame; fails the test if none comes in time.
    pub async fn next(&mut self) -> Value {
        match self.try_next(PATIENCE).await {
            Some(frame) => frame,
            None => panic!("no frame in time (closed: {:?})", self.closed),
        }
    }

    /// The next text frame within `wait`; `None` on a timeout or once closed.
    pub async fn try_next(&mut self, wait: Duration) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(wait, self.stream.next()).await.ok()?;
            match message {
                Some(Ok(Message::Text(text))) => {
                    self.received += 1;
                    self.raw.push(text.to_string());
                    return Some(serde_json::from_str(&text).expect("frames are JSON"));
                }
                Some(Ok(Message::Close(frame))) => {
                    self.closed = Some(frame);
                    return None;
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => {
                    self.closed.get_or_insert(None);
                    return None;
                }
            }
        }
    }

    /// Frames until one of this `type` (the others are kept in `raw`).
    pub async fn until(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.next().await;
            if frame["type"] == kind {
                return frame;
            }
        }
    }

    /// Frames until a `sync` or `event` at `version` or later.
    pub async fn until_version(&mut self, version: u64) -> Value {
        loop {
            let frame = self.next().await;
            if is_state_frame(&frame) && frame["version"].as_u64().unwrap() >= version {
                return frame;
            }
        }
    }

    /// Sends a ping and waits for its pong, keeping whatever came before.
    pub async fn ping(&mut self, reference: u64) {
        self.send(json!({"type": "ping", "ref": reference})).await;
        loop {
            let frame = self.next().await;
            if frame["type"] == "pong" && frame["ref"] == reference {
                return;
            }
        }
    }

    /// The first `error` frame to come; fails the test if an `ack` comes first.
    pub async fn error(&mut self) -> Value {
        loop {
            let frame = self.next().await;
            assert_ne!(frame["type"], "ack", "accepted: {frame}");
            if frame["type"] == "error" {
                return frame;
            }
        }
    }

    pub async fn close(mut self) -> Vec<String> {
        let _ = self.stream.close(None).await;
        self.raw
    }
}

pub fn is_state_frame(frame: &Value) -> bool {
    matches!(frame["type"].as_str(), Some("sync" | "event"))
}

/// Whether `number` appears in `text` as a whole number (not inside a longer one).
pub fn contains_number(text: &str, number: u64) -> bool {
    let needle = number.to_string();
    text.match_indices(&needle).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + needle.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_digit()) && !after.is_some_and(|c| c.is_ascii_digit())
    })
}

/// What one client saw over a game.
#[derive(Debug)]
pub struct Played {
    /// The last `sync` or `event` frame.
    pub last: Value,
    pub raw: Vec<String>,
    pub moves_sent: usize,
}

/// When a [`Driver`] stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// The game is over.
    End,
    /// A state at this version or later came (before moving at it).
    Version(u64),
    /// A move was sent at this version or later (before its acknowledgement).
    MovedAt(u64),
}

/// Why a [`Driver`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    Over,
    Reached,
    /// The server closed the connection (or went away).
    Closed,
    /// The server refused a move as `unavailable` (it is stopping).
    Unavailable,
}

/// A seat's client playing random legal moves from the states the server sends it, across
/// connections: whenever a state offers legal moves at a version it has not moved at, it
/// sends one at random with that version. Any error frame fails the test.
#[derive(Debug)]
pub struct Driver {
    rng: FastRng,
    moved_at: Option<u64>,
    pub moves_sent: usize,
    /// The versions the server acknowledged this client's moves at.
    pub acked: Vec<u64>,
    /// The last `sync` or `event` frame.
    pub last: Value,
    pub raw: Vec<String>,
}

impl Driver {
    pub fn new(seed: u64) -> Driver {
        Driver {
            rng: FastRng::new(seed),
            moved_at: None,
            moves_sent: 0,
            acked: Vec::new(),
            last: Value::Null,
            raw: Vec::new(),
        }
    }

    /// The last version this client saw.
    pub fn version(&self) -> Option<u64> {
        self.last["version"].as_u64()
    }

    pub async fn run(&mut self, ws: &mut Ws, until: Until) -> Stopped {
        let stopped = self.play(ws, until).await;
        self.raw.append(&mut ws.raw);
        stopped
    }

    async fn play(&mut self, ws: &mut Ws, until: Until) -> Stopped {
        // On a socket already in use, the last state may still wait for this client's
        // move; a new socket starts with a sync frame anyway.
        let in_use = ws.received > 0;
        let mut pending = (in_use && is_state_frame(&self.last)).then(|| self.last.clone());
        loop {
            let frame = match pending.take() {
                Some(frame) => frame,
                None => match ws.try_next(PATIENCE).await {
                    Some(frame) => frame,
                    None => {
                        assert!(ws.closed.is_some(), "no frame in time");
                        return Stopped::Closed;
                    }
                },
            };
            match frame["type"].as_str().unwrap() {
                // The server is going away: it stored nothing of the move.
                "error" if frame["code"] == "unavailable" => return Stopped::Unavailable,
                "error" => panic!("error frame: {frame}"),
                "ack" => {
                    self.acked.push(frame["version"].as_u64().unwrap());
                    continue;
                }
                "pong" => continue,
                "sync" | "event" => {}
                other => panic!("unexpected frame type {other}: {frame}"),
            }
            let version = frame["version"].as_u64().unwrap();
            assert_eq!(frame["state"]["version"], version, "{frame}");
            if frame["type"] == "sync" {
                // A move sent before a crash may never have been stored: a sync showing
                // this client to move at that version asks for the move again.
                self.moved_at = None;
            }
            let playing = frame["state"]["status"] == "playing";
            let moves = frame["state"]["legal_moves"].as_array().cloned();
            self.last = frame;
            if !playing {
                return Stopped::Over;
            }
            if matches!(until, Until::Version(v) if version >= v) {
                return Stopped::Reached;
            }
            if let Some(moves) = moves
                && self.moved_at != Some(version)
            {
                let pick = &moves[self.rng.index(moves.len())];
                ws.send(json!({"type": "play", "move": pick, "version": version, "ref": version}))
                    .await;
                self.moved_at = Some(version);
                self.moves_sent += 1;
                if matches!(until, Until::MovedAt(v) if version >= v) {
                    return Stopped::Reached;
                }
            }
        }
    }

    pub fn played(self) -> Played {
        Played {
            last: self.last,
            raw: self.raw,
            moves_sent: self.moves_sent,
        }
    }
}

/// Plays a seat to the end of the game on one connection (see [`Driver`]).
pub async fn drive(mut ws: Ws, seed: u64) -> Played {
    let mut driver = Driver::new(seed);
    assert_eq!(driver.run(&mut ws, Until::End).await, Stopped::Over);
    driver.played()
}

/// Reads a spectator's frames until the game is over.
pub async fn watch(mut ws: Ws) -> Played {
    loop {
        let frame = ws.next().await;
        if is_state_frame(&frame) && frame["state"]["status"] != "playing" {
            return Played {
                last: frame,
                raw: ws.raw,
                moves_sent: 0,
            };
        }
    }
}

/// The seat to move in a state, if a seat is.
pub fn seat_to_move(state: &Value) -> Option<usize> {
    state["turn"]["seat"].as_u64().map(|s| s as usize)
}

/// A game replayed from its record, with what each viewer may see at every version: seats
/// `0..seats`, then the spectator at index `seats`.
#[derive(Debug)]
pub struct Replayed {
    pub seats: usize,
    pub seed: u64,
    pub record: GameRecord,
    /// `views[version][viewer]`.
    pub views: Vec<Vec<Value>>,
    /// `seen[version - 1][viewer]`: what each viewer saw of the move that made `version`.
    pub seen: Vec<Vec<Value>>,
    /// The legal moves at each version, and the seat they belong to.
    pub legal: Vec<Option<(usize, Vec<String>)>>,
    /// Every array of three or more items in the setup: deals and draw orders, secret from
    /// everyone while the game goes on.
    pub setup_arrays: Vec<String>,
    pub end: AnyGame,
}

pub fn viewer(index: usize, seats: usize) -> Viewer {
    if index == seats {
        Viewer::Spectator
    } else {
        Viewer::Seat(Seat(index as u8))
    }
}

impl Replayed {
    /// Replays a record move by move (every event of the games it is used on is a move or a
    /// chance draw, so the version is the number of moves played).
    pub fn new(record: &GameRecord) -> Replayed {
        let start = GameRecord {
            moves: Vec::new(),
            ..record.clone()
        };
        let mut game = AnyGame::start(&start).expect("the record starts");
        let seats = game.seats();
        let views_of = |game: &AnyGame| -> Vec<Value> {
            (0..=seats).map(|v| game.view(viewer(v, seats))).collect()
        };
        let legal_of = |game: &AnyGame| match game.turn() {
            Turn::Seat(seat) if game.outcome().is_none() => {
                Some((seat.index(), game.legal_moves()))
            }
            _ => None,
        };
        let mut views = vec![views_of(&game)];
        let mut legal = vec![legal_of(&game)];
        let mut seen = Vec::new();
        for notation in &record.moves {
            let played = game.play(notation).expect("the record replays");
            let mut by_viewer: Vec<Value> = (played.seen_by_seat.iter())
                .map(SeenMove::to_value)
                .collect();
            by_viewer.push(played.seen_by_spectator.to_value());
            seen.push(by_viewer);
            views.push(views_of(&game));
            legal.push(legal_of(&game));
        }
        let mut setup_arrays = Vec::new();
        long_arrays(
            record.setup.as_ref().unwrap_or(&Value::Null),
            &mut setup_arrays,
        );
        Replayed {
            seats,
            seed: record
                .seed
                .expect("records of finished games carry the seed"),
            record: record.clone(),
            views,
            seen,
            legal,
            setup_arrays,
            end: game,
        }
    }

    /// The last version.
    pub fn version(&self) -> u64 {
        self.seen.len() as u64
    }

    /// What a seat knows at `version` that `viewer` must not: every part of the seat's view
    /// that differs from the spectator's, and each item of it.
    pub fn private_parts(&self, version: usize, viewer: usize) -> Vec<String> {
        let mut parts = Vec::new();
        for seat in (0..self.seats).filter(|&s| s != viewer) {
            differences(
                &self.views[version][seat],
                &self.views[version][self.seats],
                &mut parts,
            );
        }
        parts
    }

    /// The notation of every move that viewers saw differently, which `viewer` did not see
    /// whole.
    fn hidden_moves(&self, viewer: usize) -> Vec<String> {
        self.record
            .moves
            .iter()
            .zip(&self.seen)
            .filter(|(_, seen)| seen.iter().any(|s| *s != seen[viewer]))
            .map(|(notation, _)| Value::from(notation.as_str()).to_string())
            .filter(|quoted| {
                !self
                    .seen
                    .iter()
                    .any(|s| s[viewer].to_string().contains(quoted.as_str()))
            })
            .collect()
    }

    /// Checks every body or frame `viewer` received while the game went on: each state in it
    /// is exactly the engine's view for that viewer at that version (with the legal moves
    /// only for the seat to move), each event carries exactly what that viewer saw of the
    /// move, and no hidden value (another seat's private view, a move this viewer did not
    /// see, the deal, the seed) appears anywhere in the raw text unless the viewer's own
    /// view holds it. Returns how many states were checked.
    pub fn check_received(&self, viewer: usize, texts: &[String]) -> usize {
        let hidden_moves = self.hidden_moves(viewer);
        let mut checked = 0;
        for text in texts {
            let Ok(body) = serde_json::from_str::<Value>(text) else {
                continue;
            };
            let state = if body.get("state").is_some() {
                &body["state"]
            } else {
                &body
            };
            let playing = state["status"] == "playing";
            if !playing && state.get("view").is_some() {
                // The game is over: the record (and its seed) is public now.
                continue;
            }
            assert!(
                !contains_number(text, self.seed),
                "the seed {} appears during play for viewer {viewer}: {text}",
                self.seed
            );
            let mut legit = String::new();
            let mut hidden: Vec<String> = self.setup_arrays.clone();
            hidden.extend(hidden_moves.iter().cloned());
            if let Some(view) = state.get("view") {
                let version = state["version"].as_u64().unwrap() as usize;
                assert!(
                    version <= self.seen.len(),
                    "version {version} is beyond the log"
                );
                let expected = &self.views[version][viewer];
                assert_eq!(
                    view, expected,
                    "viewer {viewer} at version {version} was sent another view"
                );
                legit.push_str(&expected.to_string());
                match &self.legal[version] {
                    Some((seat, moves)) if *seat == viewer => {
                        assert_eq!(state["legal_moves"], json!(moves), "legal moves");
                        legit.push_str(&json!(moves).to_string());
                    }
                    _ => assert!(
                        state.get("legal_moves").is_none(),
                        "viewer {viewer} was sent another seat's legal moves at {version}"
                    ),
                }
                hidden.extend(self.private_parts(version, viewer));
                checked += 1;
            }
            let events = body["events"]
                .as_array()
                .into_iter()
                .chain(body["missed"].as_array())
                .flatten();
            for event in events {
                let version = event["version"].as_u64().unwrap() as usize;
                if let Some(seen) = event.get("move") {
                    let expected = &self.seen[version - 1][viewer];
                    assert_eq!(
                        seen, expected,
                        "viewer {viewer} saw move {version} otherwise"
                    );
                    legit.push_str(&expected.to_string());
                }
            }
            for secret in &hidden {
                assert!(
                    !text.contains(secret.as_str()) || legit.contains(secret.as_str()),
                    "viewer {viewer} received the hidden {secret} in {text}"
                );
            }
        }
        checked
    }
}

/// Collects the parts of `private` that differ from `public` (leaving out who the viewer
/// is), serialized, with each item of a differing list.
fn differences(private: &Value, public: &Value, out: &mut Vec<String>) {
    if private == public {
        return;
    }
    match (private, public) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, value) in a {
                if key == "viewer" {
                    continue;
                }
                match b.get(key) {
                    Some(other) => differences(value, other, out),
                    None => secret(value, out),
                }
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (x, y) in a.iter().zip(b) {
                differences(x, y, out);
            }
        }
        _ => secret(private, out),
    }
}

/// Values too short (a count, `[]`) would match anywhere by chance.
fn secret(value: &Value, out: &mut Vec<String>) {
    let mut push = |v: &Value| {
        let text = v.to_string();
        if !v.is_null() && text.len() >= 4 {
            out.push(text);
        }
    };
    push(value);
    if let Value::Array(items) = value {
        items.iter().for_each(&mut push);
    }
}

fn long_arrays(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Array(items) => {
            if items.len() >= 3 {
                out.push(value.to_string());
            }
            items.iter().for_each(|item| long_arrays(item, out));
        }
        Value::Object(fields) => fields.values().for_each(|v| long_arrays(v, out)),
        _ => {}
    }
}

/// Checks a finished game's record: served over HTTP to anyone, it replays with the engine to
/// the outcome and summary the clients saw, and matches the stored log move for move.
pub async fn check_record(client: &mut Client, db: &TempDb, id: &str, last: &Value) -> Replayed {
    let (status, body) = client.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200, "{body}");
    let record: GameRecord = serde_json::from_value(body).unwrap();
    assert_eq!(
        serde_json::to_value(&record).unwrap(),
        last["state"]["record"],
        "the download is the record the last frame showed"
    );
    let (end, rejected) = AnyGame::replay(&record).unwrap();
    assert!(rejected.is_none(), "{rejected:?}");
    let outcome = end.outcome().expect("the record plays to the end");
    assert_eq!(
        serde_json::to_value(&outcome).unwrap(),
        last["state"]["outcome"]
    );
    assert_eq!(end.summary(), last["state"]["summary"]);
    let log = db.events(id).await;
    assert_eq!(log.len() as u64, last["version"].as_u64().unwrap());
    for (i, event) in log.iter().enumerate() {
        assert_eq!(event.version, i as u64 + 1, "no gaps, no duplicates");
    }
    let notations: Vec<&str> = log.iter().filter_map(|e| e.notation.as_deref()).collect();
    assert_eq!(notations, record.moves, "the record is the log");
    Replayed::new(&record)
}

/// The versions and moves of a stored log, to compare before and after.
pub fn log_summary(events: &[Event]) -> Vec<(u64, EventKind, Option<String>)> {
    events
        .iter()
        .map(|e| (e.version, e.kind, e.notation.clone()))
        .collect()
}

/// A database of its own on the PostgreSQL server the tests were given
/// (`AGORA_TEST_POSTGRES`, see `crates/store/tests/common`), or `None` without one. A run
/// that requires PostgreSQL (`AGORA_REQUIRE_POSTGRES`, as `scripts/test` sets) fails here
/// rather than passing without it.
pub async fn postgres_database(test: &str) -> Option<String> {
    use sqlx::Connection;
    let server = std::env::var("AGORA_TEST_POSTGRES")
        .ok()
        .filter(|url| !url.is_empty());
    let Some(server) = server else {
        assert!(
            std::env::var_os("AGORA_REQUIRE_POSTGRES").is_none(),
            "AGORA_REQUIRE_POSTGRES is set but AGORA_TEST_POSTGRES names no server"
        );
        eprintln!("skipped: AGORA_TEST_POSTGRES is not set");
        return None;
    };
    let name = format!(
        "agora_server_{}_{}_{:x}",
        test.replace('-', "_"),
        std::process::id(),
        agora_store::random_u64() & 0xffff
    );
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    sqlx::raw_sql(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .unwrap();
    admin.close().await.unwrap();
    let (base, _) = server.rsplit_once('/').expect("a database in the URL");
    Some(format!("{base}/{name}"))
}
