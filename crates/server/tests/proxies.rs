//! Behind a trusted proxy, every per-address limit counts the client the proxy names, not the
//! proxy; from anywhere else, `X-Forwarded-For` is only a header.

mod common;

use agora_server::{ConnectionLimits, ServerConfig};
use common::{TempDb, serve_with, test_config};

async fn health(server: &common::Server, forwarded_for: &str) -> u16 {
    reqwest::Client::new()
        .get(format!("http://{}/api/health", server.addr))
        .header("x-forwarded-for", forwarded_for)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

fn limited(trusted: bool) -> ServerConfig {
    let defaults = test_config();
    ServerConfig {
        http_rate: Some((3, 1)),
        connections: ConnectionLimits {
            trusted_proxies: if trusted {
                vec!["127.0.0.1".parse().unwrap()]
            } else {
                Vec::new()
            },
            ..defaults.connections.clone()
        },
        ..defaults
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_has_its_own_limits() {
    let db = TempDb::new("trusted-proxy");
    let server = serve_with(&db, limited(true)).await;
    for _ in 0..3 {
        assert_eq!(health(&server, "203.0.113.1").await, 200);
    }
    assert_eq!(health(&server, "203.0.113.1").await, 429);
    // Another client behind the same proxy is not held back by the first.
    assert_eq!(health(&server, "203.0.113.2").await, 200);
    // What a client writes before the proxy's own entry changes nothing.
    assert_eq!(health(&server, "198.51.100.7, 203.0.113.1").await, 429);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn from_an_untrusted_peer_the_header_is_ignored() {
    let db = TempDb::new("untrusted-proxy");
    let server = serve_with(&db, limited(false)).await;
    for client in ["203.0.113.1", "203.0.113.2", "203.0.113.3"] {
        assert_eq!(health(&server, client).await, 200);
    }
    // All three were the one peer they really are.
    assert_eq!(health(&server, "203.0.113.4").await, 429);
    server.stop().await;
}

/// Behind a trusted proxy, each client has its own cap on connections (3 here), counted by
/// the address the proxy names: a client past it is refused, another client is not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_has_its_own_connection_cap() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let db = TempDb::new("trusted-proxy-sockets");
    let defaults = limited(true);
    let config = ServerConfig {
        http_rate: None,
        connections: ConnectionLimits {
            per_address: Some(3),
            ..defaults.connections.clone()
        },
        ..defaults
    };
    let server = serve_with(&db, config).await;
    let mut players = common::guests(&server, "proxied", 2).await;
    let id = common::table(&mut players, "tyrus", serde_json::json!({})).await;
    let open = |client: &'static str| {
        let url = format!("ws://{}/api/games/{id}/ws", server.addr);
        async move {
            let mut request = url.into_client_request().unwrap();
            let forwarded = client.parse().unwrap();
            request.headers_mut().insert("x-forwarded-for", forwarded);
            tokio_tungstenite::connect_async(request).await
        }
    };
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(open("203.0.113.1").await.expect("within the cap"));
    }
    match open("203.0.113.1").await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 429);
        }
        other => panic!("a fourth socket: {:?}", other.map(|_| "opened")),
    }
    held.push(open("203.0.113.2").await.expect("another client"));
    server.stop().await;
}
