//! `agora loadtest` against a server in this process: a short run with two matches.

use std::process::Command;

use agora_server::ServerConfig;
use agora_store::{Durability, Store};

#[test]
fn loadtest_plays_two_matches_for_two_seconds_and_reports() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let running = runtime.block_on(async {
        let store = Store::open("sqlite::memory:", Durability::Process)
            .await
            .unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let config = ServerConfig {
            http_rate: None,
            ..ServerConfig::default()
        };
        agora_server::start(listener, store, config).await.unwrap()
    });
    let record = std::env::temp_dir().join(format!("agora-loadtest-{}.txt", std::process::id()));
    let url = format!("http://{}", running.addr);
    let output = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args([
            "loadtest",
            "--url",
            &url,
            "--matches",
            "2",
            "--duration",
            "2",
        ])
        .arg("--record")
        .arg(&record)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report = String::from_utf8(output.stdout).unwrap();
    assert!(report.contains("2 matches"), "{report}");
    assert!(report.contains("p99"), "{report}");
    // This process is the server, found through the port it listens on.
    assert!(
        report.contains(&format!("(pid {})", std::process::id())),
        "{report}"
    );
    let acknowledged = std::fs::read_to_string(&record).unwrap().lines().count();
    assert!(acknowledged > 0, "{report}");

    let output = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["loadtest", "--url", &url, "--verify"])
        .arg(&record)
        .output()
        .unwrap();
    let verdict = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{verdict}");
    assert!(
        verdict.contains(&format!("{acknowledged} acknowledged moves found")),
        "{verdict}"
    );
    let _ = std::fs::remove_file(&record);
    runtime.block_on(running.shutdown());
}

#[test]
fn loadtest_reports_why_matches_fail() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    // One message a second per connection: the scripted players are refused, and the
    // server closes connections that keep sending.
    let running = runtime.block_on(async {
        let store = Store::open("sqlite::memory:", Durability::Process)
            .await
            .unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let config = ServerConfig {
            http_rate: None,
            ws_rate: Some((1, 1)),
            ..ServerConfig::default()
        };
        agora_server::start(listener, store, config).await.unwrap()
    });
    let url = format!("http://{}", running.addr);
    let output = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args([
            "loadtest",
            "--url",
            &url,
            "--matches",
            "2",
            "--duration",
            "3",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report = String::from_utf8(output.stdout).unwrap();
    let why = report
        .lines()
        .find(|line| line.starts_with("why: "))
        .unwrap_or_else(|| panic!("no reasons in {report}"));
    assert!(why.contains("error frames: rate_limited "), "{why}");
    runtime.block_on(running.shutdown());
}

/// `--vs-ai` probes the pages (`GET /lobby`) as well as the API, so it needs the whole
/// `agora serve`, not the API alone.
#[cfg(unix)]
#[test]
fn loadtest_vs_ai_plays_each_game_against_the_computer() {
    use std::io::BufRead;
    let dir = std::env::temp_dir().join(format!("agora-vs-ai-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let database = format!("sqlite://{}", dir.join("agora.db").display());
    let mut server = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["serve", "--bind", "127.0.0.1:0", "--database", &database])
        .args(["--ai-pace-ms", "0", "--no-rate-limits"])
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(server.stdout.take().unwrap());
    let mut line = String::new();
    let mut url = None;
    while stdout.read_line(&mut line).unwrap() > 0 {
        if let Some(rest) = line.trim().strip_prefix("agora: serving on ") {
            url = Some(rest.trim_end_matches('/').to_string());
            break;
        }
        line.clear();
    }
    let Some(url) = url else {
        let _ = server.kill();
        panic!("agora serve printed no URL");
    };
    let mut failed = Vec::new();
    for game in ["tyrus", "tsuro", "tyranny"] {
        let output = Command::new(env!("CARGO_BIN_EXE_agora"))
            .args([
                "loadtest", "--url", &url, "--vs-ai", "beginner", "--think", "0",
            ])
            .args(["--games", "1", "--duration", "2", "--game", game])
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&output.stdout).into_owned();
        let replies = report
            .lines()
            .find_map(|line| line.strip_prefix("the computer's reply ("))
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse::<u32>().ok());
        if output.status.code() != Some(0)
            || report.contains("a player stopped")
            || replies.unwrap_or(0) == 0
        {
            failed.push(format!("{game}: {output:?}"));
        }
    }
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failed.is_empty(), "{failed:#?}");
}
