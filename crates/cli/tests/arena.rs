//! `agora arena` and `agora bench ai` from the outside.

use std::process::Command;

#[test]
fn arena_prints_standings_and_writes_one_json_line_per_game() {
    let out = std::env::temp_dir().join(format!("agora-arena-{}.jsonl", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args([
            "arena",
            "--game",
            "tyrus",
            "--bots",
            "greedy,random",
            "--games",
            "4",
            "--threads",
            "1",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let table = String::from_utf8(output.stdout).unwrap();
    assert!(
        table.contains("| greedy |") && table.contains("95% CI") && table.contains("Elo"),
        "{table}"
    );
    let lines = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_file(&out).ok();
    assert_eq!(lines.lines().count(), 4);
    for line in lines.lines() {
        let result: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(result["game"], "tyrus");
    }
}

#[test]
fn arena_and_bench_ai_refuse_what_they_cannot_do() {
    for args in [
        vec!["arena", "--game", "tyrus", "--bots", "greedy,nonsense"],
        vec![
            "arena",
            "--game",
            "tsuro",
            "--bots",
            "random,random",
            "--players",
            "9",
        ],
        vec!["bench", "ai"],
        vec!["bench", "chess"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_agora"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!output.stderr.is_empty());
    }
}

#[test]
fn the_arena_plays_every_game() {
    for (game, players) in [("tsuro", "3"), ("tyranny", "2")] {
        let output = Command::new(env!("CARGO_BIN_EXE_agora"))
            .args([
                "arena",
                "--game",
                game,
                "--bots",
                "greedy,random,ismcts:20",
                "--games",
                "3",
            ])
            .args(["--players", players, "--threads", "1"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{game}: {output:?}");
        assert!(
            String::from_utf8(output.stdout)
                .unwrap()
                .contains("| greedy |"),
            "{game}"
        );
    }
}

#[test]
fn bench_ai_prints_iterations_per_second() {
    let output = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["bench", "ai", "--game", "tyrus", "--iterations", "500"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let line = String::from_utf8(output.stdout).unwrap();
    assert!(
        line.starts_with("tyrus ai: ") && line.contains("ISMCTS iterations/s"),
        "{line}"
    );
}

/// `agora arena --rate`: the levels' games are written as rated games, their ratings printed,
/// a second run adds to them (the arena's account found again), and the server's lobby and
/// home page then show the levels' ratings, provisional marked.
#[cfg(unix)]
#[test]
fn a_rated_arena_writes_the_levels_ratings_which_the_lobby_shows() {
    let dir = std::env::temp_dir().join(format!("agora-arena-rate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let database = format!("sqlite://{}", dir.join("agora.db").display());
    let arena = |levels: &str| {
        Command::new(env!("CARGO_BIN_EXE_agora"))
            .args([
                "arena",
                "--game",
                "tyrus",
                "--rate",
                "--database",
                &database,
            ])
            .args(["--levels", levels, "--games", "2", "--iterations", "20"])
            .args(["--threads", "1", "--bot-seed", "7"])
            .output()
            .unwrap()
    };
    for (run, games) in [(1, 2), (2, 4)] {
        let output = arena("beginner,easy");
        assert_eq!(output.status.code(), Some(0), "run {run}: {output:?}");
        let printed = String::from_utf8(output.stdout).unwrap();
        assert!(
            printed.contains("2 rated games written to the database."),
            "{printed}"
        );
        assert!(
            printed.contains("The levels' ratings in tyrus (glicko2):"),
            "{printed}"
        );
        for level in ["beginner", "easy"] {
            let line = (printed.lines())
                .find(|l| l.trim_start().starts_with(level))
                .unwrap_or_else(|| panic!("{level}: {printed}"));
            assert!(
                line.contains(&format!("{games} rated games")) && line.contains("(provisional)"),
                "run {run}: {line}"
            );
        }
    }
    // A level against itself gains nothing, and unknown levels are refused: nothing written.
    for levels in ["easy,easy", "easy,expert"] {
        let output = arena(levels);
        assert_eq!(output.status.code(), Some(2), "{levels}: {output:?}");
    }
    let output = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["arena", "--game", "tyrus", "--rate", "--games", "1"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "--rate needs --database");

    let mut server = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["serve", "--bind", "127.0.0.1:0", "--database", &database])
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(server.stdout.take().unwrap());
    let mut line = String::new();
    let addr = loop {
        line.clear();
        if std::io::BufRead::read_line(&mut stdout, &mut line).unwrap() == 0 {
            let _ = server.kill();
            panic!("no URL printed");
        }
        if let Some(rest) = line.trim().strip_prefix("agora: serving on http://") {
            break rest.trim_end_matches('/').to_string();
        }
    };
    let get = |path: &str| {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(&addr).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept-Language: en\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    };
    let (lobby, home) = (get("/lobby"), get("/"));
    let _ = server.kill();
    let _ = server.wait();
    std::fs::remove_dir_all(&dir).ok();
    for (page, answer) in [("lobby", lobby), ("home", home)] {
        assert!(answer.starts_with("HTTP/1.1 200"), "{page}: {answer}");
        assert!(
            answer.contains("The computer’s ratings in Tyrus: beginner ≈ ")
                && answer.contains("(provisional)"),
            "{page}: {answer}"
        );
    }
}
