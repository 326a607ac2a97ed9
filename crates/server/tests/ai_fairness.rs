//! The AI pool serves people, as the quotas count them, in turn: the guests of one address,
//! however many, take one turn between them, so another address's player's computer answers
//! after at most about one of theirs (issue 32: 20 guests' `hard` games made a stranger's
//! `medium` computer answer in 5.7 to 10.3 s instead of 0.07 s).

mod common;

use std::time::Duration;

use agora_server::{AccountLimits, GuestLimits, ServerConfig};
use common::{Client, TempDb, serve_with, test_config};
use serde_json::{Value, json};

/// Guests of one address in the flood, each with this many games against the computer.
const FLOOD_GUESTS: usize = 8;
const GAMES_EACH: usize = 2;
/// The neighbour's events to wait for.
const NEIGHBOUR_EVENTS: u64 = 4;

fn bots_only(level: &str) -> Value {
    json!({"game": "tyrus", "seats": [{"kind": "ai", "level": level}, {"kind": "ai", "level": level}]})
}

async fn guest_from(server: std::net::SocketAddr, local: [u8; 4], name: &str) -> Client {
    let mut client = Client::from_address(server, local);
    let (status, body) = client.post("/api/guest", json!({ "name": name })).await;
    assert_eq!(status, 200, "{body}");
    client
}

/// The events logged so far in all of `games`.
async fn events_in(client: &mut Client, games: &[String]) -> u64 {
    let mut total = 0;
    for id in games {
        total += client.game(id).await["version"].as_u64().unwrap();
    }
    total
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_addresss_guests_share_one_turn_of_the_ai_pool() {
    let db = TempDb::new("ai-fairness");
    let config = ServerConfig {
        // One thread: every search waits its turn, so the order of turns is what is measured.
        ai_threads: 1,
        account_limits: AccountLimits {
            ai_games: GAMES_EACH,
            guests_per_address: Some(GuestLimits {
                per_minute: 100,
                open_tables: 100,
                ai_games: FLOOD_GUESTS * GAMES_EACH,
                listed_per_creator: 3,
                listed_per_address: 5,
            }),
            ..AccountLimits::default()
        },
        ..test_config()
    };
    let server = serve_with(&db, config).await;
    let mut flood_games = Vec::new();
    let mut watcher = server.client();
    for i in 0..FLOOD_GUESTS {
        let mut guest = guest_from(server.addr, [127, 0, 0, 7], &format!("flood{i}")).await;
        for _ in 0..GAMES_EACH {
            let created = guest.ok("/api/tables", bots_only("hard")).await;
            flood_games.push(created["table"]["id"].as_str().unwrap().to_string());
        }
    }
    // Every flood game has its searches queued.
    tokio::time::sleep(Duration::from_millis(500)).await;

    let mut neighbour = guest_from(server.addr, [127, 0, 0, 8], "neighbour").await;
    let before = events_in(&mut watcher, &flood_games).await;
    let created = neighbour.ok("/api/tables", bots_only("medium")).await;
    let id = created["table"]["id"].as_str().unwrap().to_string();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    while watcher.game(&id).await["version"].as_u64().unwrap() < NEIGHBOUR_EVENTS {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the neighbour's game stalled"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let flood = events_in(&mut watcher, &flood_games).await - before;
    eprintln!("the flood logged {flood} events while the neighbour logged {NEIGHBOUR_EVENTS}");
    // One flood search (at most) between two of the neighbour's, and one more running when
    // the neighbour came; served per guest account, the flood had FLOOD_GUESTS turns each
    // time.
    assert!(
        flood <= 2 * NEIGHBOUR_EVENTS + 2,
        "the flood logged {flood} events while the neighbour logged {NEIGHBOUR_EVENTS}"
    );
    server.crash().await;
}
