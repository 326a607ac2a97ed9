//! `agora loadtest`: many two-seat matches over WebSocket against a running server, playing
//! random legal moves, measuring throughput, move latency and the server's CPU per move.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

mod vs_ai;

#[derive(Debug, Args)]
pub struct LoadtestArgs {
    /// The server, such as http://127.0.0.1:8080 (loopback only: this is a load generator).
    /// Given more than once (nodes sharing one PostgreSQL), each match's two players use two
    /// different ones, and match i creates its tables on the i-th.
    #[arg(long, required = true)]
    url: Vec<String>,
    /// Concurrent matches (two guest seats each, two WebSockets).
    #[arg(long, default_value_t = 50)]
    matches: usize,
    /// Seconds of play, after every match is set up.
    #[arg(long, default_value_t = 10)]
    duration: u64,
    /// The game to play (two human seats).
    #[arg(long, default_value = "tyrus")]
    game: String,
    /// Set up every next game as a new table (create, join and two new WebSockets) instead
    /// of a rematch that the match's connections follow.
    #[arg(long)]
    new_tables: bool,
    /// Stop after this many acknowledged moves in all.
    #[arg(long, default_value_t = 10_000_000)]
    max_moves: u64,
    /// The server's process id, for its CPU time per move; given more than once, the CPU
    /// time of them all (several nodes). Default: the processes listening on the URLs' ports
    /// (found through /proc/net/tcp and /proc/*/fd), when they are on this machine.
    #[arg(long)]
    pid: Vec<u32>,
    /// When a connection closes or fails, connect again (to the same URL, say through a
    /// proxy to another node) and go on, as a player's browser does; for several nodes of
    /// which one is killed (scripts/nodetest). Without it the match stops there.
    #[arg(long)]
    reconnect: bool,
    /// Write every acknowledged move to this file as `GAME VERSION SEAT MOVE` lines, flushed as
    /// they come (for scripts/crashtest).
    #[arg(long)]
    record: Option<PathBuf>,
    /// Instead of load: check that every move listed in a --record file is in the server's
    /// stored logs, print the count, and exit 1 if any is missing.
    #[arg(long)]
    verify: Option<PathBuf>,
    /// Instead of matches between guests: --games guests each play --game against the
    /// computer at this level (beginner, easy, medium, hard), thinking --think seconds a
    /// move, for --duration seconds; prints the computer's reply times and, beside them, the
    /// players' own (moves acknowledged, sign-ins, a page). Run the server with
    /// --ai-pace-ms 0 and --no-rate-limits.
    #[arg(long, value_name = "LEVEL")]
    vs_ai: Option<agora_ai::Level>,
    /// With --vs-ai: a player's thinking time per move, in seconds (each move takes between
    /// half and one and a half times it).
    #[arg(long, value_name = "S", default_value_t = 5.0, requires = "vs_ai")]
    think: f64,
    /// With --vs-ai: the games played at once.
    #[arg(long, value_name = "N", default_value_t = 4, requires = "vs_ai",
          value_parser = clap::value_parser!(u16).range(1..))]
    games: u16,
}

pub fn run(args: LoadtestArgs) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("agora loadtest: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = match (args.verify.clone(), args.vs_ai) {
        (Some(file), _) => runtime.block_on(verify(&args.url[0], &file)),
        (None, Some(level)) => runtime.block_on(against_the_computer(&args, level)),
        (None, None) => runtime.block_on(load(args)),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("agora loadtest: {e}");
            ExitCode::FAILURE
        }
    }
}

type Fallible<T> = Result<T, String>;

/// `--vs-ai LEVEL`: see [`vs_ai`].
async fn against_the_computer(args: &LoadtestArgs, level: agora_ai::Level) -> Fallible<ExitCode> {
    if !args.think.is_finite() || args.think < 0.0 || args.think > 3600.0 {
        return Err(format!(
            "--think {}: give seconds from 0 to 3600",
            args.think
        ));
    }
    let base = args.url[0].trim_end_matches('/').to_string();
    let ws_base = base
        .replacen("https://", "wss://", 1)
        .replacen("http://", "ws://", 1);
    let api = Api {
        http: reqwest::Client::new(),
        base,
    };
    api.get("/api/health").await?;
    let ask = vs_ai::VsAi {
        level,
        think: Duration::from_secs_f64(args.think),
        games: usize::from(args.games),
        game: args.game.clone(),
        duration: Duration::from_secs(args.duration),
    };
    vs_ai::run(api, ws_base, ask).await
}

/// One HTTP client speaking JSON to the server.
#[derive(Clone, Debug)]
struct Api {
    http: reqwest::Client,
    base: String,
}

impl Api {
    async fn post(
        &self,
        path: &str,
        cookie: Option<&str>,
        body: Value,
    ) -> Fallible<(Value, Option<String>)> {
        let mut request = self.http.post(format!("{}{path}", self.base)).json(&body);
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        let response = request
            .send()
            .await
            .map_err(|e| format!("POST {path}: {e}"))?;
        let cookie = response
            .headers()
            .get("set-cookie")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .map(str::to_string);
        let status = response.status();
        let body: Value = response
            .json()
            .await
            .map_err(|e| format!("POST {path}: {e}"))?;
        if !status.is_success() {
            return Err(format!("POST {path}: {status} {body}"));
        }
        Ok((body, cookie))
    }

    /// A page's HTML, read whole; an error unless it answers 200.
    async fn page(&self, path: &str) -> Fallible<String> {
        let response = (self.http.get(format!("{}{path}", self.base)))
            .send()
            .await
            .map_err(|e| format!("GET {path}: {e}"))?;
        let status = response.status();
        let body = response
            .text()
            .await
            .map_err(|e| format!("GET {path}: {e}"))?;
        if !status.is_success() {
            return Err(format!("GET {path}: {status}"));
        }
        Ok(body)
    }

    async fn get(&self, path: &str) -> Fallible<Value> {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .map_err(|e| format!("GET {path}: {e}"))?;
        response
            .json()
            .await
            .map_err(|e| format!("GET {path}: {e}"))
    }

    async fn guest(&self, name: &str) -> Fallible<String> {
        let (_, cookie) = self.post("/api/guest", None, json!({"name": name})).await?;
        cookie.ok_or_else(|| "no session cookie".to_string())
    }
}

/// The two seats of one match.
#[derive(Debug)]
struct Players {
    cookies: [String; 2],
}

async fn new_game(api: &Api, players: &Players, game: &str) -> Fallible<String> {
    let (table, _) = api
        .post(
            "/api/tables",
            Some(&players.cookies[0]),
            json!({"game": game, "seats": [{"kind": "me"}, {"kind": "open"}]}),
        )
        .await?;
    let id = table["table"]["id"]
        .as_str()
        .ok_or("no table id")?
        .to_string();
    api.post(
        &format!("/api/tables/{id}/join"),
        Some(&players.cookies[1]),
        json!({}),
    )
    .await?;
    Ok(id)
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(ws_base: &str, game: &str, query: &str, cookie: Option<&str>) -> Fallible<Socket> {
    let mut request = format!("{ws_base}/api/games/{game}/ws{query}")
        .into_client_request()
        .map_err(|e| e.to_string())?;
    if let Some(cookie) = cookie {
        request
            .headers_mut()
            .insert("cookie", cookie.parse().map_err(|_| "bad cookie")?);
    }
    // A small read buffer: tungstenite zeroes all of it before every read.
    let config = WebSocketConfig::default().read_buffer_size(4096);
    let (socket, _) = tokio_tungstenite::connect_async_with_config(request, Some(config), true)
        .await
        .map_err(|e| format!("websocket {game}: {e}"))?;
    Ok(socket)
}

/// Both seats' WebSockets to a game, each seat's to its node.
async fn connect_seats(nodes: &[Node; 2], game: &str, players: &Players) -> Fallible<[Socket; 2]> {
    Ok([
        connect(&nodes[0].ws_base, game, "", Some(&players.cookies[0])).await?,
        connect(&nodes[1].ws_base, game, "", Some(&players.cookies[1])).await?,
    ])
}

/// A seat's connection to `game` again, after its last one closed: tried for up to 30 s
/// (a node that took the game over, or the proxy's next node, answers meanwhile).
async fn reconnect(node: &Node, game: &str, cookie: &str) -> Fallible<Socket> {
    let mut last = String::new();
    for _ in 0..150 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        match connect(&node.ws_base, game, "", Some(cookie)).await {
            Ok(socket) => return Ok(socket),
            Err(e) => last = e,
        }
    }
    Err(format!("{game}: cannot connect again: {last}"))
}

/// What every match adds up.
#[derive(Debug, Default)]
struct Totals {
    moves: AtomicU64,
    games: AtomicU64,
    /// Games set up during the run.
    started: AtomicU64,
    errors: AtomicU64,
    reconnects: AtomicU64,
    /// Why: each match failure by reason, each `error` frame by its code.
    failures: std::sync::Mutex<BTreeMap<String, u64>>,
    error_frames: std::sync::Mutex<BTreeMap<String, u64>>,
    latencies_us: Mutex<Vec<u64>>,
}

impl Totals {
    fn count(counts: &std::sync::Mutex<BTreeMap<String, u64>>, why: String) {
        let mut counts = counts.lock().unwrap_or_else(|e| e.into_inner());
        *counts.entry(why).or_default() += 1;
    }
}

/// `reason 3, other 1`, most frequent first.
fn by_count(counts: &std::sync::Mutex<BTreeMap<String, u64>>) -> String {
    let counts = counts.lock().unwrap_or_else(|e| e.into_inner());
    let mut counts: Vec<(&String, &u64)> = counts.iter().collect();
    counts.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let counts: Vec<String> = counts.iter().map(|(why, n)| format!("{why} {n}")).collect();
    counts.join(", ")
}

/// What a match failed of, to count failures by: the server's error code when it gave one
/// (an HTTP refusal's body), else the message without the game id or path before it.
fn failure_reason(message: &str) -> String {
    if let Some(at) = message.find("\"code\":\"")
        && let Some((code, _)) = message[at + 8..].split_once('"')
    {
        return code.to_string();
    }
    message
        .split_once(": ")
        .map_or(message, |(_, why)| why)
        .to_string()
}

/// The parts of a server frame the scripted players read; the rest (the view above all) is
/// skipped without being built.
#[derive(Debug, Deserialize)]
struct Frame {
    #[serde(rename = "type")]
    kind: String,
    #[serde(rename = "ref")]
    reference: Option<u64>,
    /// Only in `error` frames.
    code: Option<String>,
    /// Only in `rate_limited` error frames.
    retry_after_ms: Option<u64>,
    game: Option<String>,
    /// Only in `sync` frames.
    viewer: Option<Value>,
    #[serde(default)]
    events: Vec<FrameEvent>,
    state: Option<FrameState>,
}

#[derive(Debug, Deserialize)]
struct FrameEvent {
    version: u64,
}

#[derive(Debug, Deserialize)]
struct FrameState {
    status: String,
    version: u64,
    turn: Value,
    #[serde(default)]
    legal_moves: Vec<String>,
}

/// One server (a node, when there are several) as the load reaches it.
#[derive(Clone, Debug)]
struct Node {
    api: Api,
    ws_base: String,
}

struct Run {
    game: String,
    reconnect: bool,
    deadline: Instant,
    max_moves: u64,
    new_tables: bool,
    totals: Totals,
    record: Option<std::sync::Mutex<std::fs::File>>,
}

async fn load(args: LoadtestArgs) -> Fallible<ExitCode> {
    let http = reqwest::Client::new();
    let mut nodes = Vec::new();
    for url in &args.url {
        let base = url.trim_end_matches('/').to_string();
        let ws_base = base
            .replacen("https://", "wss://", 1)
            .replacen("http://", "ws://", 1);
        let api = Api {
            http: http.clone(),
            base,
        };
        api.get("/api/health").await?;
        nodes.push(Node { api, ws_base });
    }
    let mut pids = args.pid.clone();
    if pids.is_empty() {
        pids = (args.url.iter())
            .filter_map(|url| port_of(url).and_then(listening_pid))
            .collect();
        pids.dedup();
    }
    let cpu_ticks = || -> Option<u64> {
        if pids.is_empty() {
            return None;
        }
        pids.iter().map(|&pid| cpu_ticks(pid)).sum()
    };
    let record = match &args.record {
        Some(path) => Some(std::sync::Mutex::new(
            std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?,
        )),
        None => None,
    };

    eprintln!("setting up {} matches...", args.matches);
    let gate = Arc::new(tokio::sync::Semaphore::new(16));
    let mut guests = Vec::new();
    for i in 0..args.matches {
        let api = nodes[0].api.clone();
        let gate = gate.clone();
        guests.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.map_err(|e| e.to_string())?;
            let a = api.guest(&format!("load {i} a")).await?;
            let b = api.guest(&format!("load {i} b")).await?;
            Ok::<_, String>(Players { cookies: [a, b] })
        }));
    }
    let mut players = Vec::new();
    for guest in guests {
        players.push(guest.await.map_err(|e| e.to_string())??);
    }
    // The first game of every match, set up as during the run (a table, a join, two
    // WebSockets), measured on its own: what one game's set-up costs the server.
    let setup_before = cpu_ticks();
    let mut setups = Vec::new();
    for (i, players) in players.into_iter().enumerate() {
        let gate = gate.clone();
        let game = args.game.clone();
        let nodes = [
            nodes[i % nodes.len()].clone(),
            nodes[(i + 1) % nodes.len()].clone(),
        ];
        setups.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.map_err(|e| e.to_string())?;
            let id = new_game(&nodes[0].api, &players, &game).await?;
            let sockets = connect_seats(&nodes, &id, &players).await?;
            Ok::<_, String>((nodes, players, id, sockets))
        }));
    }
    let mut matches = Vec::new();
    for setup in setups {
        matches.push(setup.await.map_err(|e| e.to_string())??);
    }
    let setup_after = cpu_ticks();
    let setup_us = match (setup_before, setup_after) {
        (Some(before), Some(after)) => {
            Some((after - before) as f64 / CLOCK_TICKS_PER_SECOND * 1e6 / args.matches as f64)
        }
        _ => None,
    };

    let cpu_before = cpu_ticks();
    let started = Instant::now();
    let run = Arc::new(Run {
        game: args.game.clone(),
        reconnect: args.reconnect,
        deadline: started + Duration::from_secs(args.duration),
        max_moves: args.max_moves,
        new_tables: args.new_tables,
        totals: Totals::default(),
        record,
    });
    let mut tasks = Vec::new();
    for (nodes, players, id, sockets) in matches {
        let run = run.clone();
        tasks.push(tokio::spawn(async move {
            // Kept per match and added up at the end: no lock per move.
            let mut latencies = Vec::new();
            let played = play_match(&run, &nodes, players, id, sockets, &mut latencies).await;
            if let Err(e) = played {
                run.totals.errors.fetch_add(1, Ordering::Relaxed);
                Totals::count(&run.totals.failures, failure_reason(&e));
                eprintln!("match: {e}");
            }
            run.totals.latencies_us.lock().await.extend(latencies);
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let cpu_after = cpu_ticks();

    let totals = &run.totals;
    let moves = totals.moves.load(Ordering::Relaxed);
    let mut latencies = totals.latencies_us.lock().await.clone();
    latencies.sort_unstable();
    let percentile = |p: f64| -> f64 {
        if latencies.is_empty() {
            return f64::NAN;
        }
        let i = ((latencies.len() as f64 * p).ceil() as usize).clamp(1, latencies.len()) - 1;
        latencies[i] as f64 / 1000.0
    };
    println!(
        "{} matches, {:.1} s: {moves} moves acknowledged ({:.0} moves/s), {} games finished, {} errors (failed matches and error frames)",
        args.matches,
        elapsed,
        moves as f64 / elapsed,
        totals.games.load(Ordering::Relaxed),
        totals.errors.load(Ordering::Relaxed),
    );
    let failures = by_count(&totals.failures);
    let error_frames = by_count(&totals.error_frames);
    if !failures.is_empty() || !error_frames.is_empty() {
        println!(
            "why: matches failed: {}; error frames: {}",
            if failures.is_empty() {
                "none"
            } else {
                &failures
            },
            if error_frames.is_empty() {
                "none"
            } else {
                &error_frames
            },
        );
    }
    println!(
        "latency, move sent to opponent receiving it ({} samples): p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        percentile(0.50),
        percentile(0.90),
        percentile(0.99),
        percentile(1.0),
    );
    if totals.reconnects.load(Ordering::Relaxed) > 0 {
        println!(
            "reconnected {} times after a connection closed",
            totals.reconnects.load(Ordering::Relaxed)
        );
    }
    match (cpu_before, cpu_after) {
        (Some(before), Some(after)) if moves > 0 => {
            let seconds = (after - before) as f64 / CLOCK_TICKS_PER_SECOND;
            let per_move = seconds * 1e6 / moves as f64;
            let pids: Vec<String> = pids.iter().map(u32::to_string).collect();
            println!(
                "server (pid {}) CPU: {seconds:.2} s user+system, {per_move:.1} µs per move",
                pids.join(", ")
            );
            // Games set up during the run (each match's first one was set up before it).
            let new_games = totals.started.load(Ordering::Relaxed);
            match setup_us {
                // The first games were set up as new tables too: their cost is this one's.
                Some(setup_us) if args.new_tables => {
                    let moves_only = (seconds * 1e6 - new_games as f64 * setup_us) / moves as f64;
                    println!(
                        "  of which setting up games: {new_games} new tables during the run at {setup_us:.0} µs each (measured on the first games); the moves alone: about {moves_only:.1} µs per move"
                    );
                }
                _ => println!(
                    "  including {new_games} rematches started during the run (a new table set up costs {})",
                    setup_us.map_or("?".to_string(), |us| format!("{us:.0} µs"))
                ),
            }
        }
        _ => println!("server CPU: unknown (no local process found; give --pid)"),
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays games in one match, both seats from this task, until the deadline or the move budget.
/// After each game both seats ask for a rematch and their connections follow into it, or,
/// with `--new-tables`, the match sets up a new table and connects to it again.
async fn play_match(
    run: &Run,
    nodes: &[Node; 2],
    players: Players,
    first: String,
    first_sockets: [Socket; 2],
    latencies: &mut Vec<u64>,
) -> Fallible<()> {
    let mut rng = Rng::new(first.bytes().fold(0x9e37_79b9_7f4a_7c15, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    }));
    let mut sockets = first_sockets;
    // The game each connection is on (they move to a rematch one after the other).
    let mut on = [first.clone(), first];
    // The seat each connection's player holds there (a rematch moves everyone on).
    let mut seat_of = [0u64, 1];
    // The move in flight: (its game, the version its event will carry, its seat, sent at).
    let mut pending: Option<(String, u64, usize, Instant)> = None;
    let mut sent_for: [Option<u64>; 2] = [None, None];
    let mut moves_by_ref: HashMap<u64, (String, u64, String)> = HashMap::new();
    let mut next_ref = 0u64;
    // The last game seen over, and the game each seat last asked a rematch of.
    let mut over: Option<String> = None;
    let mut asked: [Option<String>; 2] = [None, None];
    loop {
        if Instant::now() >= run.deadline
            || run.totals.moves.load(Ordering::Relaxed) >= run.max_moves
        {
            for socket in &mut sockets {
                let _ = socket.close(None).await;
            }
            return Ok(());
        }
        let [first, second] = &mut sockets;
        let (socket, frame) = tokio::select! {
            frame = first.next() => (0, frame),
            frame = second.next() => (1, frame),
            _ = tokio::time::sleep_until(run.deadline.into()) => continue,
        };
        let id = &on[socket];
        let lost = match frame {
            Some(Ok(Message::Text(text))) => Ok(text),
            Some(Ok(Message::Close(Some(close)))) => Err(format!(
                "{id}: closed by the server with {} ({})",
                u16::from(close.code),
                close.reason
            )),
            Some(Ok(_)) => continue,
            Some(Err(e)) => Err(format!("{id}: {e}")),
            None => Err(format!("{id}: connection closed")),
        };
        let text = match lost {
            Ok(text) => text,
            Err(e) if !run.reconnect => return Err(e),
            Err(_) => {
                run.totals.reconnects.fetch_add(1, Ordering::Relaxed);
                // Each connection is one player's, whatever seat a rematch gave them.
                let cookie = &players.cookies[socket];
                sockets[socket] = reconnect(&nodes[socket], &on[socket], cookie).await?;
                // The move in flight may never have been stored: the sync says.
                sent_for[socket] = None;
                pending = None;
                continue;
            }
        };
        let frame: Frame = serde_json::from_str(text.as_str()).map_err(|e| e.to_string())?;
        match frame.kind.as_str() {
            "ack" => {
                // A rematch's acknowledgement has no reference: only moves carry one.
                let Some(r) = frame.reference else {
                    continue;
                };
                run.totals.moves.fetch_add(1, Ordering::Relaxed);
                if let Some(record) = &run.record
                    && let Some((game, version, notation)) = moves_by_ref.remove(&r)
                    && let Ok(mut file) = record.lock()
                {
                    let _ = writeln!(file, "{game} {version} {} {notation}", seat_of[socket]);
                }
                continue;
            }
            "error" => {
                run.totals.errors.fetch_add(1, Ordering::Relaxed);
                let code = frame.code.unwrap_or_else(|| "no code".into());
                Totals::count(&run.totals.error_frames, code);
                sent_for[socket] = None;
                // As the bot guide says: wait as long as a rate limit asks, then look again.
                let wait = frame.retry_after_ms.unwrap_or(50).min(5_000);
                tokio::time::sleep(Duration::from_millis(wait)).await;
                let _ = sockets[socket]
                    .send(Message::text(json!({"type": "sync"}).to_string()))
                    .await;
                continue;
            }
            "event" => {
                let now = Instant::now();
                if let Some((game, version, mover, at)) = &pending
                    && *mover != socket
                    && game == id
                    && frame.events.iter().any(|e| e.version == *version)
                {
                    latencies.push(now.duration_since(*at).as_micros() as u64);
                    pending = None;
                }
            }
            "sync" => {
                if let Some(seat) = frame.viewer.as_ref().and_then(|v| v["seat"].as_u64()) {
                    seat_of[socket] = seat;
                }
                if let Some(game) = frame.game
                    && game != *id
                {
                    // Followed into the rematch.
                    if socket == 0 {
                        run.totals.started.fetch_add(1, Ordering::Relaxed);
                    }
                    on[socket] = game;
                    sent_for[socket] = None;
                }
            }
            _ => continue,
        }
        let Some(state) = frame.state else {
            continue;
        };
        let id = on[socket].clone();
        if state.status != "playing" {
            if over.as_ref() != Some(&id) {
                run.totals.games.fetch_add(1, Ordering::Relaxed);
                over = Some(id.clone());
            }
            if run.new_tables {
                for socket in &mut sockets {
                    let _ = socket.close(None).await;
                }
                if Instant::now() >= run.deadline {
                    return Ok(());
                }
                run.totals.started.fetch_add(1, Ordering::Relaxed);
                let id = new_game(&nodes[0].api, &players, &run.game).await?;
                sockets = connect_seats(nodes, &id, &players).await?;
                on = [id.clone(), id];
                seat_of = [0, 1];
                sent_for = [None, None];
                pending = None;
            } else if asked[socket].as_ref() != Some(&id) {
                asked[socket] = Some(id);
                sockets[socket]
                    .send(Message::text(json!({"type": "rematch"}).to_string()))
                    .await
                    .map_err(|e| format!("{}: {e}", on[socket]))?;
            }
            continue;
        }
        let version = state.version;
        if state.turn["seat"].as_u64() != Some(seat_of[socket]) || sent_for[socket] == Some(version)
        {
            continue;
        }
        let legal = &state.legal_moves;
        if legal.is_empty() {
            continue;
        }
        let notation = &legal[rng.below(legal.len())];
        next_ref += 1;
        let message =
            json!({"type": "play", "move": notation, "version": version, "ref": next_ref});
        if run.record.is_some() {
            moves_by_ref.insert(next_ref, (id.clone(), version + 1, notation.to_string()));
        }
        sent_for[socket] = Some(version);
        pending = Some((id.clone(), version + 1, socket, Instant::now()));
        sockets[socket]
            .send(Message::text(message.to_string()))
            .await
            .map_err(|e| format!("{id}: {e}"))?;
    }
}

/// Checks every move of a `--record` file against the server's logs: each must be a `move`
/// event of that seat at that version.
async fn verify(url: &str, file: &PathBuf) -> Fallible<ExitCode> {
    let base = url.trim_end_matches('/').to_string();
    let ws_base = base.replacen("http://", "ws://", 1);
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut by_game: HashMap<&str, Vec<(u64, u64)>> = HashMap::new();
    for line in text.lines() {
        let mut words = line.split(' ');
        let (Some(game), Some(version), Some(seat)) = (words.next(), words.next(), words.next())
        else {
            continue;
        };
        let (Ok(version), Ok(seat)) = (version.parse(), seat.parse()) else {
            continue;
        };
        by_game.entry(game).or_default().push((version, seat));
    }
    let (mut found, mut missing) = (0usize, 0usize);
    for (game, moves) in &by_game {
        let mut socket = connect(&ws_base, game, "?as=spectator&since=0", None).await?;
        let sync: Value = loop {
            match socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    let frame: Value =
                        serde_json::from_str(text.as_str()).map_err(|e| e.to_string())?;
                    if frame["type"] == "sync" {
                        break frame;
                    }
                }
                Some(Ok(_)) => {}
                _ => return Err(format!("{game}: no sync")),
            }
        };
        let _ = socket.close(None).await;
        let stored: Vec<(u64, u64)> = sync["missed"]
            .as_array()
            .ok_or_else(|| format!("{game}: too many events to check"))?
            .iter()
            .filter(|e| e["kind"] == "move")
            .filter_map(|e| Some((e["version"].as_u64()?, e["seat"].as_u64()?)))
            .collect();
        for acked in moves {
            if stored.contains(acked) {
                found += 1;
            } else {
                missing += 1;
                println!("missing: game {game} version {} seat {}", acked.0, acked.1);
            }
        }
    }
    println!(
        "{found} acknowledged moves found in {} games, {missing} missing",
        by_game.len()
    );
    Ok(if missing == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A small xorshift generator: load needs variety, not quality.
#[derive(Debug)]
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Linux's USER_HZ, the unit of utime and stime in /proc/PID/stat (100 on every common
/// architecture).
const CLOCK_TICKS_PER_SECOND: f64 = 100.0;

/// utime + stime of a process, in clock ticks.
fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces; the fields after its closing parenthesis do not.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    // Fields 14 and 15 of stat(5), counted from the state (field 3) here.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(utime + stime)
}

fn port_of(url: &str) -> Option<u16> {
    let host = url.split("://").nth(1)?.split('/').next()?;
    host.rsplit(':').next()?.parse().ok()
}

/// The process listening on `port`: its socket's inode from /proc/net/tcp(6), then the
/// process holding a descriptor to that socket.
fn listening_pid(port: u16) -> Option<u32> {
    let mut inodes = Vec::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        let Ok(text) = std::fs::read_to_string(table) else {
            continue;
        };
        for line in text.lines().skip(1) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (Some(local), Some(state), Some(inode)) =
                (fields.get(1), fields.get(3), fields.get(9))
            else {
                continue;
            };
            let local_port = local
                .rsplit(':')
                .next()
                .and_then(|p| u16::from_str_radix(p, 16).ok());
            if *state == "0A" && local_port == Some(port) {
                inodes.push(format!("socket:[{inode}]"));
            }
        }
    }
    if inodes.is_empty() {
        return None;
    }
    for process in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = process.file_name().to_str().and_then(|n| n.parse().ok()) else {
            continue;
        };
        let Ok(fds) = std::fs::read_dir(process.path().join("fd")) else {
            continue;
        };
        for fd in fds.flatten() {
            if let Ok(target) = std::fs::read_link(fd.path())
                && inodes.iter().any(|i| target.as_os_str() == i.as_str())
            {
                return Some(pid);
            }
        }
    }
    None
}
