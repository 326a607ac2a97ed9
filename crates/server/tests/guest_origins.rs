//! Where a guest was made is kept in the database, so the caps the guests of one address
//! share hold across nodes: tables opened on one node count on the other, and a guest made
//! on one node is known on the other. Two nodes on one PostgreSQL database; skipped without
//! one (`AGORA_TEST_POSTGRES`).

mod common;

use agora_server::{AccountLimits, GuestLimits, ServerConfig};
use common::{Client, start_server, test_config};
use serde_json::{Value, json};

fn config() -> ServerConfig {
    config_with(100, 2)
}

/// The guests of one address may make `per_minute` guests and hold `open_tables` together.
fn config_with(per_minute: u32, open_tables: usize) -> ServerConfig {
    ServerConfig {
        account_limits: AccountLimits {
            guests_per_address: Some(GuestLimits {
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

async fn guest_from(server: std::net::SocketAddr, local: [u8; 4], name: &str) -> Client {
    let mut client = Client::from_address(server, local);
    let (status, body) = client.post("/api/guest", json!({ "name": name })).await;
    assert_eq!(status, 200, "{body}");
    client
}

fn limit_reached((status, body): (u16, Value)) {
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (409, Some("limit_reached")),
        "{body}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guests_of_one_address_share_their_caps_across_nodes() {
    let Some(url) = common::postgres_database("guest_origins").await else {
        return;
    };
    let a = start_server(url.clone(), config()).await;
    let b = start_server(url.clone(), config()).await;
    let open = json!({"game": "tyrus"});

    // Two open tables from 127.0.0.7's guests, on node A: the address's cap.
    let mut first = guest_from(a.addr, [127, 0, 0, 7], "first").await;
    first.ok("/api/tables", open.clone()).await;
    first.ok("/api/tables", open.clone()).await;
    // A guest of the same address made on node B counts them.
    let mut second = guest_from(b.addr, [127, 0, 0, 7], "second").await;
    limit_reached(second.post("/api/tables", open.clone()).await);
    // A guest made on node A is known on node B as the address's.
    let mut third = guest_from(a.addr, [127, 0, 0, 7], "third").await.on(&b);
    limit_reached(third.post("/api/tables", open.clone()).await);
    // Another address's guest is not affected.
    let mut neighbour = guest_from(b.addr, [127, 0, 0, 8], "neighbour").await;
    neighbour.ok("/api/tables", open.clone()).await;

    // After a restart of both nodes, the address still holds its tables.
    a.stop().await;
    b.stop().await;
    let c = start_server(url.clone(), config()).await;
    limit_reached(second.on(&c).post("/api/tables", open.clone()).await);
    c.stop().await;
}

/// Waits, if need be, until the current minute (the guests' window, the same on every node)
/// has at least 10 s left, so that a short burst falls in one window.
async fn away_from_a_minute_boundary() {
    let into_minute = agora_store::now_ms().rem_euclid(60_000);
    if into_minute > 50_000 {
        tokio::time::sleep(std::time::Duration::from_millis(
            (60_000 - into_minute) as u64 + 50,
        ))
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guests_an_address_makes_in_a_minute_are_counted_by_every_node() {
    let Some(url) = common::postgres_database("guests_per_minute").await else {
        return;
    };
    let nodes = [
        start_server(url.clone(), config_with(5, 2)).await,
        start_server(url.clone(), config_with(5, 2)).await,
    ];
    away_from_a_minute_boundary().await;
    let mut made = 0;
    for i in 0..12 {
        let mut client = Client::from_address(nodes[i % 2].addr, [127, 0, 0, 7]);
        let (status, body) = client
            .post("/api/guest", json!({ "name": format!("many{i}") }))
            .await;
        match status {
            200 => made += 1,
            429 => assert_eq!(body["error"]["code"], "rate_limited", "{body}"),
            _ => panic!("{status} {body}"),
        }
    }
    // Each node alone would have let 5 through (10 in all).
    assert_eq!(made, 5, "guests made from one address across two nodes");
    // Another address makes its own.
    guest_from(nodes[1].addr, [127, 0, 0, 8], "neighbour").await;
    for node in nodes {
        node.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_nodes_lobby_lists_an_addresss_guests_within_their_share() {
    let Some(url) = common::postgres_database("lobby_share").await else {
        return;
    };
    let config = config_with(100, 100);
    let a = start_server(url.clone(), config.clone()).await;
    let b = start_server(url.clone(), config).await;
    // Six guests of 127.0.0.7, made on node A, open three tables each there.
    let mut flood = Vec::new();
    for i in 0..6 {
        let mut guest = guest_from(a.addr, [127, 0, 0, 7], &format!("flood{i}")).await;
        for _ in 0..3 {
            let created = guest.ok("/api/tables", json!({"game": "tyrus"})).await;
            flood.push(created["table"]["id"].as_str().unwrap().to_string());
        }
    }
    // Node B never saw those guests made; its lobby still counts them as the address's.
    let mut reader = guest_from(b.addr, [127, 0, 0, 9], "reader").await;
    let (status, listing) = reader.get("/api/tables").await;
    assert_eq!(status, 200, "{listing}");
    let listed = (listing["tables"].as_array().unwrap().iter())
        .filter(|t| flood.iter().any(|id| t["id"] == id.as_str()))
        .count();
    assert_eq!(listed, 5, "tables of 127.0.0.7's guests listed by node B");
    a.stop().await;
    b.stop().await;
}
