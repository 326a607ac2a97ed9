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
    assert!(answer.contains(r#"{"ok":true,"#), "{answer}");

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

/// Sends one HTTP/1.1 request to `addr` and returns the whole answer.
fn http(addr: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

fn guest_request(addr: &str, name: &str, origin: Option<&str>) -> String {
    let body = format!(r#"{{"name": "{name}"}}"#);
    let origin = origin.map_or(String::new(), |o| format!("Origin: {o}\r\n"));
    format!(
        "POST /api/guest HTTP/1.1\r\nHost: {addr}\r\n{origin}Content-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

#[cfg(unix)]
#[test]
fn a_public_url_makes_cookies_secure_and_fixes_the_origin() {
    let dir = std::env::temp_dir().join(format!("agora-serve-public-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let database = format!("sqlite://{}", dir.join("agora.db").display());
    let refused = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["serve", "--bind", "127.0.0.1:0", "--database", &database])
        .args(["--public-url", "agora.example/play"])
        .output()
        .unwrap();
    assert_ne!(refused.status.code(), Some(0));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("--public-url"), "{message}");

    let mut child = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["serve", "--bind", "127.0.0.1:0", "--database", &database])
        .args(["--public-url", "https://agora.example/"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut addr = None;
    let mut line = String::new();
    while stdout.read_line(&mut line).unwrap() > 0 {
        if let Some(rest) = line.trim().strip_prefix("agora: serving on http://") {
            addr = Some(rest.trim_end_matches('/').to_string());
            break;
        }
        line.clear();
    }
    let addr = addr.expect("the URL printed");

    // Behind the proxy the Host is this address; the site is https://agora.example.
    let answer = http(&addr, &guest_request(&addr, "Pub", None));
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let cookie = answer
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .unwrap_or_else(|| panic!("no cookie in {answer}"));
    assert!(cookie.contains("; Secure"), "{cookie}");
    assert!(cookie.contains("__Host-agora_session="), "{cookie}");
    let own = http(
        &addr,
        &guest_request(&addr, "Pub", Some("https://agora.example")),
    );
    assert!(own.starts_with("HTTP/1.1 200"), "{own}");
    let host = http(
        &addr,
        &guest_request(&addr, "Pub", Some(&format!("http://{addr}"))),
    );
    assert!(host.starts_with("HTTP/1.1 403"), "{host}");
    assert!(host.contains("cross_site"), "{host}");

    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    assert_eq!(exit.code(), Some(0), "{exit:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn table_expiry_takes_whole_seconds_and_refuses_zero() {
    for (flag, value) in [
        ("--table-expiry-live", "0"),
        ("--table-expiry-correspondence", "0"),
        ("--table-expiry-live", "an hour"),
    ] {
        let refused = Command::new(env!("CARGO_BIN_EXE_agora"))
            .args([
                "serve",
                "--bind",
                "127.0.0.1:0",
                "--database",
                "sqlite::memory:",
            ])
            .args([flag, value])
            .output()
            .unwrap();
        assert_eq!(refused.status.code(), Some(2), "{flag} {value}");
        let message = String::from_utf8_lossy(&refused.stderr);
        assert!(message.contains(flag), "{message}");
    }
}
