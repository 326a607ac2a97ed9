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
            guests_per_address: None,
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
            guests_per_address: None,
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

/// Caps on the guests of one address: `per_minute` guests made, `open_tables`, 2 games
/// against bots; 3 tables listed per creator and 5 per address.
fn guest_caps(per_minute: u32, open_tables: usize) -> ServerConfig {
    ServerConfig {
        account_limits: AccountLimits {
            guests_per_address: Some(agora_server::GuestLimits {
                per_minute,
                open_tables,
                ai_games: 2,
                listed_per_creator: 3,
                listed_per_address: 5,
            }),
            ..AccountLimits::default()
        },
        ..test_config()
    }
}

/// Guests cost nothing to make, so the guests made from one address share caps: a minute's
/// worth of guests, open tables and games against bots. Another address is not affected.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guests_of_one_address_share_their_caps() {
    let db = TempDb::new("resources-guest-address");
    let server = serve_with(&db, guest_caps(5, 4)).await;
    let guest_from = |local: [u8; 4], name: String| async move {
        let mut client = Client::from_address(server.addr, local);
        let answer = client.post("/api/guest", json!({ "name": name })).await;
        (client, answer)
    };
    let mut flood = Vec::new();
    for i in 0..5 {
        let (client, (status, body)) = guest_from([127, 0, 0, 7], format!("flood{i}")).await;
        assert_eq!(status, 200, "{body}");
        flood.push(client);
    }
    let (_, (status, body)) = guest_from([127, 0, 0, 7], "flood5".into()).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (429, Some("rate_limited"))
    );

    let refused = |(status, body): (u16, Value)| {
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (409, Some("limit_reached")),
            "{body}"
        );
    };
    for guest in &mut flood[..2] {
        for _ in 0..2 {
            guest.ok("/api/tables", json!({"game": "tyrus"})).await;
        }
    }
    refused(flood[2].post("/api/tables", json!({"game": "tyrus"})).await);
    let against_easy =
        json!({"game": "tyrus", "seats": [{"kind": "me"}, {"kind": "ai", "level": "easy"}]});
    flood[3].ok("/api/tables", against_easy.clone()).await;
    flood[4].ok("/api/tables", against_easy.clone()).await;
    refused(flood[2].post("/api/tables", against_easy.clone()).await);

    // A guest of another address is not affected.
    let (mut other, (status, _)) = guest_from([127, 0, 0, 8], "neighbour".into()).await;
    assert_eq!(status, 200);
    other.ok("/api/tables", json!({"game": "tyrus"})).await;
    other.ok("/api/tables", against_easy).await;
    server.crash().await;
}

/// Twelve guests of one address open 120 public tables: the lobby lists at most five of
/// theirs, and a real player's older table stays listed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_tables_does_not_empty_the_lobby() {
    let db = TempDb::new("resources-lobby-flood");
    let server = serve_with(&db, guest_caps(100, 1_000)).await;
    let mut player = Client::from_address(server.addr, [127, 0, 0, 9]);
    player
        .ok(
            "/api/signup",
            json!({"name": "player", "password": "correct horse"}),
        )
        .await;
    let real = player.ok("/api/tables", json!({"game": "tyrus"})).await;
    let real = real["table"]["id"].as_str().unwrap().to_string();
    let mut flood_ids = Vec::new();
    for i in 0..12 {
        let mut guest = Client::from_address(server.addr, [127, 0, 0, 7]);
        guest
            .ok("/api/guest", json!({ "name": format!("flood{i}") }))
            .await;
        for _ in 0..10 {
            let created = guest.ok("/api/tables", json!({"game": "tyrus"})).await;
            flood_ids.push(created["table"]["id"].as_str().unwrap().to_string());
        }
    }
    let (status, listing) = player.get("/api/tables").await;
    assert_eq!(status, 200);
    let listed: Vec<&str> = (listing["tables"].as_array().unwrap().iter())
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert!(
        listed.contains(&real.as_str()),
        "the real table was pushed out"
    );
    let flooded = listed
        .iter()
        .filter(|id| flood_ids.iter().any(|f| f == *id))
        .count();
    assert!(flooded <= 5, "{flooded} of the flood's tables listed");
    server.crash().await;
}
