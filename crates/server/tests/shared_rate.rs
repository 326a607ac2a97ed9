//! The costliest requests (here: making guests), and every request in general, are limited
//! per address by every node together: a burst spread over two nodes on one PostgreSQL
//! database is held to the one shared limit, where each node's own limit let each node pass
//! its share. Skipped without PostgreSQL (`AGORA_TEST_POSTGRES`).

mod common;

use std::time::Duration;

use agora_server::{ServerConfig, SharedHttpRate, SharedRate};
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
        retry_within_a_minute(&response);
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

/// Checks that a refusal says to come back within the test's windows (a minute).
fn retry_within_a_minute(response: &reqwest::Response) {
    let retry: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
}

const GENERAL: SharedHttpRate = SharedHttpRate {
    per_window: 60,
    window: Duration::from_secs(60),
    claim: 8,
};

/// Sends `count` health requests from `address`, the i-th to `nodes[i % nodes.len()]`, all
/// at once; answers how many passed, and checks that the others were refused with a
/// `Retry-After`.
async fn burst(nodes: &[std::net::SocketAddr], address: [u8; 4], count: usize) -> usize {
    let client = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from(address))
        .build()
        .unwrap();
    let requests = (0..count).map(|i| {
        let request = client.get(format!("http://{}/api/health", nodes[i % nodes.len()]));
        async move { request.send().await.unwrap() }
    });
    let mut passed = 0;
    for response in futures_util::future::join_all(requests).await {
        match response.status().as_u16() {
            200 => passed += 1,
            429 => retry_within_a_minute(&response),
            status => panic!("{status}"),
        }
    }
    passed
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_is_held_to_one_limit_across_two_nodes() {
    let Some(url) = common::postgres_database("shared_http").await else {
        return;
    };
    // No per-node limit: only the shared one holds (each node alone passed all it got).
    let config = ServerConfig {
        shared_http_rate: Some(GENERAL),
        ..test_config()
    };
    let nodes = [
        start_server(url.clone(), config.clone()).await,
        start_server(url.clone(), config).await,
    ];
    let addrs = [nodes[0].addr, nodes[1].addr];
    // Away from a window's start, so that the burst falls in one window.
    let into_window = agora_store::now_ms().rem_euclid(60_000);
    if into_window > 50_000 {
        tokio::time::sleep(Duration::from_millis((60_000 - into_window) as u64 + 50)).await;
    }
    // 140 requests at once, alternately to the two nodes: the limit, within the error bound
    // of two nodes' claims (docs/security.md).
    let bound = 2 * GENERAL.claim as usize;
    let limit = GENERAL.per_window as usize;
    let passed = burst(&addrs, [127, 0, 0, 7], 140).await;
    eprintln!("{passed} of 140 passed across two nodes (limit {limit}, bound ±{bound})");
    assert!(
        (limit - 2 * bound..=limit + bound).contains(&passed),
        "{passed} of 140 passed across two nodes"
    );
    // More from that address is refused on both nodes (but for what they claimed unspent).
    let later = burst(&addrs, [127, 0, 0, 7], 20).await;
    assert!(passed + later <= limit + bound, "{later} more passed");
    // On one node alone, an address gets exactly the limit.
    let passed = burst(&addrs[..1], [127, 0, 0, 8], 100).await;
    assert_eq!(passed, limit, "one address on one node");
    // Another address is not affected.
    assert_eq!(burst(&addrs, [127, 0, 0, 9], 10).await, 10);
    for node in nodes {
        node.stop().await;
    }
}
