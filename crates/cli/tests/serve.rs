//! `agora serve` from the outside: it starts on a fresh database, answers, and stops
//! cleanly on SIGTERM.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[cfg(unix)]
#[test]
fn serve_starts_answers_health_and_stops_on_sigterm() {
    let dir = std::env::temp_dir().join(format!("agora-serve-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let database = format!("sqlite://{}", dir.join("agora.db").display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["serve", "--bind", "127.0.0.1:0", "--database", &database])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut url = None;
    let mut printed = String::new();
    let mut line = String::new();
    while stdout.read_line(&mut line).unwrap() > 0 {
        printed.push_str(&line);
        if let Some(rest) = line.trim().strip_prefix("agora: serving on http://") {
            url = Some(rest.trim_end_matches('/').to_string());
            break;
        }
        line.clear();
    }
    let Some(addr) = url else {
        let _ = child.kill();
        panic!("no URL printed: {printed}");
    };
    assert!(printed.contains(&database), "{printed}");

    let mut stream = TcpStream::connect(&addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "GET /api/health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#"{"ok":true}"#), "{answer}");

    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    let exit = loop {
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "still running 30 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(exit.code(), Some(0), "{exit:?}");
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    assert!(rest.contains("agora: stopped"), "{rest}");
    let _ = std::fs::remove_dir_all(&dir);
}
