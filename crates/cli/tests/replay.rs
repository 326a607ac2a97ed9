//! `agora replay` is a public interface other programs drive: exit codes and output are checked
//! here against the library playing the same records.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use agora_engine::{FastRng, Game, GameRecord, GameRng, Turn};
use agora_games::AnyGame;
use agora_tyrus::Tyrus;
use serde_json::{Value, json};

fn replay_stdin(input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("agora runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write record");
    child.wait_with_output().expect("agora finishes")
}

fn stdout_json(output: &Output) -> Value {
    let text = String::from_utf8(output.stdout.clone()).expect("utf-8");
    assert_eq!(
        text.lines().count(),
        1,
        "one JSON object on one line: {text}"
    );
    serde_json::from_str(&text).expect("stdout is JSON")
}

/// A seeded record of a random Tyrus game, cut after `plies` moves.
fn random_record(seed: u64, plies: usize) -> GameRecord {
    let mut state: Tyrus = agora_engine::start(&GameRecord {
        game: "tyrus".into(),
        seed: Some(seed),
        options: None,
        setup: None,
        moves: vec![],
        ..Default::default()
    })
    .expect("seeded start");
    let mut rng = FastRng::new(seed);
    let mut moves = Vec::new();
    while moves.len() < plies && state.turn() != Turn::Over {
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        let mv = legal[rng.index(legal.len())];
        moves.push(state.format_move(mv));
        state.play(mv).expect("legal");
    }
    GameRecord {
        game: "tyrus".into(),
        seed: Some(seed),
        options: None,
        setup: None,
        moves,
        ..Default::default()
    }
}

#[test]
fn finished_and_unfinished_games_print_the_referee_summary() {
    for (seed, plies) in [(1, 0), (2, 5), (3, 1000), (4, 1000)] {
        let record = random_record(seed, plies);
        let output = replay_stdin(&serde_json::to_string(&record).unwrap());
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        let printed = stdout_json(&output);
        let (expected, rejected) = AnyGame::replay(&record).unwrap();
        assert_eq!(rejected, None);
        assert_eq!(printed, expected.summary());
        assert_eq!(printed["game"], "tyrus");
        let finished = plies == 1000;
        assert_eq!(
            printed["status"],
            if finished { "finished" } else { "ongoing" }
        );
        if finished {
            assert_eq!(printed["to_move"], Value::Null);
            assert_eq!(printed["election"], Value::Null);
            assert!(!printed["winners"].as_array().unwrap().is_empty());
        } else {
            assert_eq!(printed["winners"], json!([]));
            assert_eq!(printed["win_reason"], Value::Null);
        }
    }
}

#[test]
fn a_file_argument_works_like_stdin() {
    let record = random_record(9, 7);
    let path = std::env::temp_dir().join(format!("agora-replay-test-{}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_agora"))
        .arg("replay")
        .arg(&path)
        .output()
        .unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout_json(&output),
        AnyGame::replay(&record).unwrap().0.summary()
    );
}

#[test]
fn an_illegal_move_stops_the_replay_with_exit_3() {
    let mut record = random_record(5, 10);
    let before = AnyGame::replay(&record).unwrap().0.summary();
    record.moves.push("Z99 own citadel".into());
    record.moves.push("S1 own citadel".into());
    let output = replay_stdin(&serde_json::to_string(&record).unwrap());
    assert_eq!(output.status.code(), Some(3));
    let printed = stdout_json(&output);
    assert_eq!(printed["rejected"]["index"], 10);
    assert_eq!(printed["rejected"]["move"], "Z99 own citadel");
    assert!(!printed["rejected"]["reason"].as_str().unwrap().is_empty());
    let mut without = printed.clone();
    without.as_object_mut().unwrap().remove("rejected");
    assert_eq!(without, before, "the state before the rejected move");
}

#[test]
fn a_move_after_the_end_is_rejected() {
    let mut record = random_record(6, 1000);
    let index = record.moves.len();
    let last = record.moves[index - 1].clone();
    record.moves.push(last);
    let output = replay_stdin(&serde_json::to_string(&record).unwrap());
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(stdout_json(&output)["rejected"]["index"], index);
}

#[test]
fn malformed_records_exit_2_with_one_line_on_stderr() {
    let cases = [
        "",
        "not json",
        "[]",
        r#"{"moves": []}"#,
        r#"{"game": "chess", "seed": 1, "moves": []}"#,
        r#"{"game": "tyrus", "moves": []}"#,
        r#"{"game": "tyrus", "seed": -1, "moves": []}"#,
        r#"{"game": "tyrus", "seed": 1, "moves": [1, 2]}"#,
        r#"{"game": "tyrus", "setup": {"first_player": 0}, "moves": []}"#,
        r#"{"game": "tyrus", "setup": [], "moves": []}"#,
    ];
    for case in cases {
        let output = replay_stdin(case);
        assert_eq!(output.status.code(), Some(2), "{case}: {output:?}");
        assert!(output.stdout.is_empty(), "{case}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{case}: {stderr}");
        assert!(stderr.starts_with("agora replay: "), "{stderr}");
    }
}

#[test]
fn a_missing_file_exits_2() {
    let output = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["replay", "/nonexistent/agora/record.json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn bench_prints_one_line_in_the_documented_shape() {
    let output = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["bench", "tyrus", "--seconds", "0.2"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let line = String::from_utf8(output.stdout).unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], "tyrus:");
    assert!(words[1].parse::<u64>().is_ok(), "{line}");
    assert_eq!(words[2], "games/s,");
    assert!(words[3].parse::<u64>().is_ok(), "{line}");
    assert_eq!(&words[4..], ["moves/s", "(1", "thread)"]);
}

#[test]
fn known_answer_records_replay_through_the_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../games/tyrus/tests/records");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let Some(stem) = name
            .strip_suffix(".json")
            .filter(|s| !s.ends_with(".expected"))
        else {
            continue;
        };
        let output = Command::new(env!("CARGO_BIN_EXE_agora"))
            .arg("replay")
            .arg(&path)
            .output()
            .unwrap();
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join(format!("{stem}.expected.json"))).unwrap(),
        )
        .unwrap();
        let code = if expected.get("rejected").is_some() {
            3
        } else {
            0
        };
        assert_eq!(output.status.code(), Some(code), "{stem}");
        assert_eq!(stdout_json(&output), expected, "{stem}");
        count += 1;
    }
    assert!(count >= 10);
}

#[test]
fn tyranny_records_replay_through_the_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../games/tyranny/tests/data");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let case: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let output = replay_stdin(&case["record"].to_string());
        assert_eq!(output.status.code(), Some(0), "{}", path.display());
        let mut expected = json!({ "game": "tyranny" });
        expected
            .as_object_mut()
            .unwrap()
            .extend(case["summary"].as_object().unwrap().clone());
        assert_eq!(stdout_json(&output), expected, "{}", path.display());
        count += 1;
    }
    assert_eq!(count, 3);
    let mut rejected: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("game-3p-cops.json")).unwrap())
            .unwrap();
    rejected["record"]["moves"]
        .as_array_mut()
        .unwrap()
        .insert(3, json!("roll 9"));
    let output = replay_stdin(&rejected["record"].to_string());
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(stdout_json(&output)["rejected"]["index"], 3);
}

#[test]
fn tsuro_records_replay_through_the_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../games/tsuro/tests/data");
    for name in ["all_tiles_played.json", "dragon.json"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let record: GameRecord = serde_json::from_str(&text).unwrap();
        let output = replay_stdin(&text);
        assert_eq!(output.status.code(), Some(0), "{name}");
        let printed = stdout_json(&output);
        assert_eq!(
            printed,
            AnyGame::replay(&record).unwrap().0.summary(),
            "{name}"
        );
        assert_eq!(printed["game"], "tsuro");
        assert!(
            printed["markers"].is_array() && printed["board"].is_object(),
            "{name}"
        );
    }
    let output =
        replay_stdin(r#"{"game": "tsuro", "seed": 1, "options": {"players": 9}, "moves": []}"#);
    assert_eq!(output.status.code(), Some(2));
    let output = replay_stdin(
        r#"{"game": "tsuro", "seed": 1, "options": {"players": 3}, "moves": ["start a1.0", "start a1.0"]}"#,
    );
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(stdout_json(&output)["rejected"]["index"], 1);
}
