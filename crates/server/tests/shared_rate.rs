//! The costliest requests (here: making guests) are limited per address by every node
//! together: a burst spread over two nodes on one PostgreSQL database is held to the one
//! shared limit, where each node's own limit let each node pass its share. Skipped without
//! PostgreSQL (`AGORA_TEST_POSTGRES`).

mod common;

use std::time::Duration;

use agora_server::{ServerConfig, SharedRate};
use common::{Client, start_server, test_config};
use serde_json::json;

const LIMIT: u32 = 20;

fn config() -> ServerConfig {
    ServerConfig {
        shared_rate: Some(SharedRate {
            per_window: LIMIT,
            window: Duration::from_secs(60),
        }),
        ..test_config()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_across_two_nodes_is_held_to_the_shared_limit() {
    let Some(url) = common::postgres_database("shared_rate").await else {
        return;
    };
    let nodes = [
        start_server(url.clone(), config()).await,
        start_server(url.clone(), config()).await,
    ];
    let mut clients: Vec<Client> = (nodes.iter())
        .map(|node| Client::from_address(node.addr, [127, 0, 0, 7]))
        .collect();
    let mut passed = 0;
    let mut refused = 0;
    for i in 0..70 {
        let client = &mut clients[i % 2];
        let (status, body) = client
            .post("/api/guest", json!({"name": format!("burst{i}")}))
            .await;
        match status {
            200 => passed += 1,
            429 => {
                assert_eq!(body["error"]["code"], "rate_limited", "{body}");
                refused += 1;
            }
            _ => panic!("{status} {body}"),
        }
    }
    eprintln!("{passed} of 70 passed across two nodes, {refused} refused");
    // Exactly the limit, unless the burst crossed the start of a window (then at most twice
    // the limit: the fixed window's bound).
    assert!(
        (LIMIT..=2 * LIMIT).contains(&passed),
        "{passed} of 70 passed across two nodes"
    );
    // The refusal says when to come back, and another address is not affected.
    let response = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 7]))
        .build()
        .unwrap()
        .post(format!("http://{}/api/guest", nodes[0].addr))
        .json(&json!({"name": "later"}))
        .send()
        .await
        .unwrap();
    if passed == LIMIT {
        assert_eq!(response.status(), 429);
        let retry: u64 = response.headers()["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=60).contains(&retry), "{retry}");
    }
    let mut neighbour = Client::from_address(nodes[1].addr, [127, 0, 0, 8]);
    let (status, body) = neighbour
        .post("/api/guest", json!({"name": "neighbour"}))
        .await;
    assert_eq!(status, 200, "{body}");
    for node in nodes {
        node.stop().await;
    }
}
