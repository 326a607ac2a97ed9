//! Where a guest was made is kept in the database, so the caps the guests of one address
//! share hold across nodes: tables opened on one node count on the other, and a guest made
//! on one node is known on the other. Two nodes on one PostgreSQL database; skipped without
//! one (`AGORA_TEST_POSTGRES`).

mod common;

use agora_server::{AccountLimits, GuestLimits, ServerConfig};
use common::{Client, start_server, test_config};
use serde_json::{Value, json};

fn config() -> ServerConfig {
    ServerConfig {
        account_limits: AccountLimits {
            guests_per_address: Some(GuestLimits {
                per_minute: 100,
                open_tables: 2,
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
