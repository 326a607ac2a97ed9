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
