//! CPU and tables shared between accounts: a sign-in stays fast while bots play twenty
//! games, and one account cannot hold more open tables or games against bots than its caps.

mod common;

use std::time::{Duration, Instant};

use agora_server::{AccountLimits, ServerConfig};
use common::{Client, TempDb, serve_with, test_config};
use serde_json::{Value, json};

/// A table of two bots (medium), which plays itself from the moment it is created.
fn bots_only() -> Value {
    json!({"game": "tyrus", "seats": [{"kind": "ai", "level": "medium"}, {"kind": "ai", "level": "medium"}]})
}

/// How long signing `name` in takes.
async fn time_sign_in(client: &mut Client, name: &str) -> Duration {
    let started = Instant::now();
    client
        .ok(
            "/api/signin",
            json!({"name": name, "password": "correct horse"}),
        )
        .await;
    started.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_stays_fast_while_twenty_ai_games_run() {
    let db = TempDb::new("resources-signin");
    let config = ServerConfig {
        account_limits: AccountLimits {
            open_tables: 20,
            ai_games: 20,
        },
        ..test_config()
    };
    let server = serve_with(&db, config).await;
    let mut stranger = server.client();
    stranger
        .ok(
            "/api/signup",
            json!({"name": "stranger", "password": "correct horse"}),
        )
        .await;
    let quiet = time_sign_in(&mut stranger, "stranger").await;

    let mut guest = server.guest("busy").await;
    let mut games = Vec::new();
    for _ in 0..20 {
        let created = guest.ok("/api/tables", bots_only()).await;
        games.push(created["table"]["id"].as_str().unwrap().to_string());
    }
    let mut slowest = Duration::ZERO;
    for _ in 0..3 {
        slowest = slowest.max(time_sign_in(&mut stranger, "stranger").await);
    }
    // The bots are still at it: the sign-ins did not just wait for them to finish.
    let (_, game) = guest.get(&format!("/api/games/{}", games[19])).await;
    assert_eq!(game["status"], "playing", "{game}");
    // Hashing shares the machine's cores with the bots, but never waits behind them.
    assert!(
        slowest < quiet * 4 + Duration::from_millis(500),
        "sign-in took {slowest:?} under load, {quiet:?} quiet"
    );
    server.crash().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_holds_at_most_its_open_tables_and_ai_games() {
    let db = TempDb::new("resources-caps");
    let config = ServerConfig {
        account_limits: AccountLimits {
            open_tables: 3,
            ai_games: 2,
        },
        ..test_config()
    };
    let server = serve_with(&db, config).await;
    let mut guest = server.guest("hoarder").await;
    let mut open = Vec::new();
    for _ in 0..3 {
        let created = guest.ok("/api/tables", json!({"game": "tyrus"})).await;
        open.push(created["table"]["id"].as_str().unwrap().to_string());
    }
    let (status, refused) = guest.post("/api/tables", json!({"game": "tyrus"})).await;
    assert_eq!(
        (status, refused["error"]["code"].as_str()),
        (409, Some("limit_reached")),
        "{refused}"
    );
    // Another account is not affected.
    let mut other = server.guest("other").await;
    other.ok("/api/tables", json!({"game": "tyrus"})).await;
    // A cancelled table stops counting at once.
    guest
        .ok(&format!("/api/tables/{}/cancel", open[0]), json!({}))
        .await;
    guest.ok("/api/tables", json!({"game": "tyrus"})).await;

    // Games against bots: two at once, whether the account sits at them or not.
    guest.ok("/api/tables", bots_only()).await;
    guest
        .ok(
            "/api/tables",
            json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "ai", "level": "easy"}]}),
        )
        .await;
    let (status, refused) = guest.post("/api/tables", bots_only()).await;
    assert_eq!(
        (status, refused["error"]["code"].as_str()),
        (409, Some("limit_reached")),
        "{refused}"
    );
    other.ok("/api/tables", bots_only()).await;
    server.crash().await;
}
