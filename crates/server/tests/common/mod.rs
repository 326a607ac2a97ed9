//! What every server test starts with: a database of its own, a server on a loopback port,
//! and guests signed in.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use agora_server::{Running, ServerConfig};
use agora_store::{Durability, Store};
use serde_json::json;

/// A fresh directory for one test's database.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn database(dir: &Path) -> String {
    format!("sqlite://{}", dir.join("agora.db").display())
}

/// A server on a random loopback port over the database in `dir`, as `agora serve` starts
/// one (without the per-address rate limit, which a test's bursts would hit).
pub async fn serve(dir: &Path) -> Running {
    serve_with(
        dir,
        ServerConfig {
            http_rate: None,
            ..ServerConfig::default()
        },
    )
    .await
}

pub async fn serve_with(dir: &Path, config: ServerConfig) -> Running {
    let store = Store::open(&database(dir), Durability::Process)
        .await
        .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    agora_server::start(listener, store, config).await.unwrap()
}

/// Signs a new guest in; its session cookie (`name=value`).
pub async fn guest_cookie(running: &Running, name: &str) -> String {
    let response = reqwest::Client::new()
        .post(format!("http://{}/api/guest", running.addr))
        .json(&json!({ "name": name }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string()
}
