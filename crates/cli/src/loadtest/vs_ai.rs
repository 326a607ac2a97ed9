//! `agora loadtest --vs-ai LEVEL`: N guests each playing a two-seat game against the
//! computer at LEVEL, thinking about S seconds a move, measuring how long the computer takes
//! to answer; beside them a prober measures what players not waiting on the computer feel
//! (their own moves' acknowledgements, password and guest sign-ins, a page, the health probe).
//! Run the server with `--ai-pace-ms 0` (else every reply waits at least the pace) and
//! `--no-rate-limits` (the guests all come from one address).

use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agora_ai::Level;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use super::{Api, Fallible, Frame, Rng, Socket, connect};

/// What `--vs-ai` was asked.
#[derive(Debug)]
pub(super) struct VsAi {
    pub level: Level,
    pub think: Duration,
    pub games: usize,
    pub game: String,
    pub duration: Duration,
}

/// Samples in milliseconds, by what they time.
#[derive(Debug, Default)]
struct Samples {
    replies: Vec<f64>,
    moves: Vec<f64>,
    password_sign_ins: Vec<f64>,
    guest_sign_ins: Vec<f64>,
    pages: Vec<f64>,
    health: Vec<f64>,
    /// The AI's jobs waiting, as `/api/health` saw them.
    waiting: Vec<f64>,
    games_finished: u64,
}

type Shared = Arc<Mutex<Samples>>;

fn note(samples: &Shared, pick: impl FnOnce(&mut Samples) -> &mut Vec<f64>, since: Instant) {
    let ms = since.elapsed().as_secs_f64() * 1000.0;
    if let Ok(mut samples) = samples.lock() {
        pick(&mut samples).push(ms);
    }
}

pub(super) async fn run(api: Api, ws_base: String, ask: VsAi) -> Fallible<ExitCode> {
    let samples = Shared::default();
    let deadline = Instant::now() + ask.duration;
    let ask = Arc::new(ask);
    let mut players = Vec::new();
    for i in 0..ask.games {
        let (_, cookie) = api
            .post("/api/guest", None, json!({"name": format!("vsai{i}")}))
            .await?;
        let cookie = cookie.ok_or("no session cookie")?;
        let (api, ws_base, ask, samples) =
            (api.clone(), ws_base.clone(), ask.clone(), samples.clone());
        players.push(tokio::spawn(async move {
            play(&api, &ws_base, &cookie, &ask, &samples, deadline, i as u64).await
        }));
    }
    let prober = tokio::spawn(probe(api.clone(), samples.clone(), deadline));
    let mut failures = Vec::new();
    for player in players {
        match player.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => failures.push(e),
            Err(e) => failures.push(e.to_string()),
        }
    }
    prober.await.map_err(|e| e.to_string())??;
    let samples = std::mem::take(&mut *samples.lock().map_err(|e| e.to_string())?);
    report(&ask, samples);
    for failure in &failures {
        println!("a player stopped: {failure}");
    }
    Ok(if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The table a guest opens: two seats, theirs and the computer's. Tyranny seats four unless
/// told otherwise, so its table asks for two players.
fn table_ask(game: &str, level: Level) -> Value {
    let seats = json!([{"kind": "me"}, {"kind": "ai", "level": level.name()}]);
    match game {
        "tyranny" => json!({"game": game, "options": {"players": 2}, "seats": seats}),
        _ => json!({"game": game, "seats": seats}),
    }
}

/// One guest's games against the computer, one after the other, until `deadline`.
async fn play(
    api: &Api,
    ws_base: &str,
    cookie: &str,
    ask: &VsAi,
    samples: &Shared,
    deadline: Instant,
    seed: u64,
) -> Fallible<()> {
    let mut rng = Rng::new(0x5eed_0000 + seed);
    while Instant::now() < deadline {
        let created = api
            .post("/api/tables", Some(cookie), table_ask(&ask.game, ask.level))
            .await;
        let table = match created {
            Ok((table, _)) => table,
            // The game just finished may count against the player's limit a moment longer.
            Err(e) if e.contains("limit_reached") => {
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
            Err(e) => return Err(e),
        };
        let id = table["table"]["id"].as_str().ok_or("no table id")?;
        let mut socket = connect(ws_base, id, "", Some(cookie)).await?;
        let finished = play_one(&mut socket, ask, samples, deadline, &mut rng).await;
        let _ = socket.close(None).await;
        if finished? {
            samples.lock().map_err(|e| e.to_string())?.games_finished += 1;
        }
    }
    Ok(())
}

/// Plays one game from seat 0; whether it finished before `deadline`.
async fn play_one(
    socket: &mut Socket,
    ask: &VsAi,
    samples: &Shared,
    deadline: Instant,
    rng: &mut Rng,
) -> Fallible<bool> {
    // When the computer's turn began (its reply is timed from there), and the move in
    // flight (its reference and when it was sent).
    let mut computer_since: Option<Instant> = None;
    let mut in_flight: Option<(u64, Instant)> = None;
    let mut moved_at: Option<u64> = None;
    let mut next_ref = 0;
    loop {
        let frame = tokio::select! {
            frame = socket.next() => frame,
            _ = tokio::time::sleep_until(deadline.into()) => return Ok(false),
        };
        let text = match frame {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(_))) | None => return Err("connection closed".into()),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(e.to_string()),
        };
        let frame: Frame = serde_json::from_str(text.as_str()).map_err(|e| e.to_string())?;
        if frame.kind == "ack" {
            if let (Some((r, sent)), Some(got)) = (in_flight, frame.reference)
                && r == got
            {
                note(samples, |s| &mut s.moves, sent);
                in_flight = None;
            }
            continue;
        }
        if frame.kind == "error" {
            return Err(format!("error frame: {}", frame.code.unwrap_or_default()));
        }
        let Some(state) = frame.state else { continue };
        if state.status != "playing" {
            return Ok(true);
        }
        if state.turn == json!({"seat": 1}) {
            computer_since.get_or_insert_with(Instant::now);
            continue;
        }
        if let Some(since) = computer_since.take() {
            note(samples, |s| &mut s.replies, since);
        }
        if state.legal_moves.is_empty() || moved_at == Some(state.version) {
            continue;
        }
        // A person thinks `think`, give or take half of it, so the games do not move in step.
        let think = ask.think.mul_f64(0.5 + rng.below(1001) as f64 / 1000.0);
        if Instant::now() + think >= deadline {
            return Ok(false);
        }
        tokio::time::sleep(think).await;
        let mv = &state.legal_moves[rng.below(state.legal_moves.len())];
        next_ref += 1;
        let play = json!({"type": "play", "move": mv, "version": state.version, "ref": next_ref});
        socket
            .send(Message::text(play.to_string()))
            .await
            .map_err(|e| e.to_string())?;
        in_flight = Some((next_ref, Instant::now()));
        moved_at = Some(state.version);
    }
}

/// Four times a second: a password sign-in, a guest sign-in, the lobby page and the health
/// probe, each timed.
async fn probe(api: Api, samples: Shared, deadline: Instant) -> Fallible<()> {
    let name = format!("probe{}", std::process::id());
    let password = "a probe's long password";
    api.post(
        "/api/signup",
        None,
        json!({"name": name, "password": password, "bot": false}),
    )
    .await?;
    while Instant::now() < deadline {
        let start = Instant::now();
        api.post(
            "/api/signin",
            None,
            json!({"name": name, "password": password}),
        )
        .await?;
        note(&samples, |s| &mut s.password_sign_ins, start);
        let start = Instant::now();
        api.post("/api/guest", None, json!({"name": "visitor"}))
            .await?;
        note(&samples, |s| &mut s.guest_sign_ins, start);
        let start = Instant::now();
        api.page("/lobby").await?;
        note(&samples, |s| &mut s.pages, start);
        let start = Instant::now();
        let health: Value = api.get("/api/health").await?;
        note(&samples, |s| &mut s.health, start);
        if let (Some(waiting), Ok(mut samples)) = (health["ai"]["waiting"].as_f64(), samples.lock())
        {
            samples.waiting.push(waiting);
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    Ok(())
}

/// The `q` quantile of `values` (sorted here), 0 when there are none.
fn quantile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n => values[((n as f64 * q).ceil() as usize).clamp(1, n) - 1],
    }
}

fn line(what: &str, values: &mut [f64], unit: f64, unit_name: &str) {
    let q = |values: &mut [f64], at| quantile(values, at) / unit;
    println!(
        "{what} ({} samples): p50 {:.2} {unit_name}, p95 {:.2} {unit_name}, p99 {:.2} {unit_name}, max {:.2} {unit_name}",
        values.len(),
        q(values, 0.50),
        q(values, 0.95),
        q(values, 0.99),
        q(values, 1.0),
    );
}

fn report(ask: &VsAi, mut s: Samples) {
    println!(
        "{} games of {} against {} at once, thinking {:.1} s a move, for {} s: {} finished",
        ask.games,
        ask.game,
        ask.level,
        ask.think.as_secs_f64(),
        ask.duration.as_secs(),
        s.games_finished,
    );
    line("the computer's reply", &mut s.replies, 1000.0, "s");
    line("a player's move acknowledged", &mut s.moves, 1.0, "ms");
    line("password sign-in", &mut s.password_sign_ins, 1.0, "ms");
    line("guest sign-in", &mut s.guest_sign_ins, 1.0, "ms");
    line("GET /lobby", &mut s.pages, 1.0, "ms");
    line("GET /api/health", &mut s.health, 1.0, "ms");
    line("AI jobs waiting", &mut s.waiting, 1.0, "jobs");
}

#[cfg(test)]
mod tests {
    use super::quantile;

    #[test]
    fn quantiles_are_samples_taken_at_the_rank() {
        let mut values = [5.0, 1.0, 4.0, 2.0, 3.0];
        assert_eq!(quantile(&mut values, 0.5), 3.0);
        assert_eq!(quantile(&mut values, 0.99), 5.0);
        assert_eq!(quantile(&mut values, 1.0), 5.0);
        assert_eq!(quantile(&mut [], 0.5), 0.0);
    }
}
