//! `agora play tyrus` through the binary, with a scripted standard input: the narrator's
//! sentences, one status line per prompt, and the record printed however the game is left.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use agora_engine::Game;
use agora_present::Lang;
use agora_present::tyrus::tile_list;
use agora_tyrus::{TileSet, Tyrus};

const SEED: u64 = 11;

fn agora(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_agora"));
    command
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs `command` with `input` on standard input (then end of input); its standard output
/// and exit code.
fn run(mut command: Command, input: &str) -> (String, Option<i32>) {
    let mut child = command.spawn().expect("agora runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        output.status.code(),
    )
}

/// Seat 0's first three moves: the first three tiles of its opening hand, into its temple.
fn first_election_script() -> (String, TileSet) {
    let setup = Tyrus::setup_from_seed(&Default::default(), SEED);
    let moves: Vec<String> = setup.draws[0][..3]
        .iter()
        .map(|t| format!("{t} own temple\n"))
        .collect();
    let drawn: TileSet = setup.draws[0][9..12].iter().copied().collect();
    (moves.concat(), drawn)
}

#[test]
fn the_drawn_tiles_the_hand_one_status_per_prompt_and_the_record_at_the_end_of_input() {
    let (script, drawn) = first_election_script();
    let seed = SEED.to_string();
    let (out, code) = run(
        agora(&[
            "play", "tyrus", "--seed", &seed, "--bot", "random", "--lang", "en",
        ]),
        &script,
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("Tyrus: you against the computer."), "{out}");
    let drew = format!("You drew {}.", tile_list(Lang::En, drawn));
    assert!(out.contains(&drew), "{drew:?} missing from:\n{out}");
    assert!(out.contains("The computer drew 3 tiles."), "{out}");
    assert!(
        out.contains("The computer placed a face-down tile"),
        "{out}"
    );
    // Before every prompt: at most one status line, and the hand when it was just shown.
    let chunks: Vec<&str> = out.split("> ").collect();
    assert!(chunks.len() >= 5, "{out}");
    for chunk in &chunks {
        let statuses = chunk.lines().filter(|l| l.contains(" of 9, ")).count();
        assert!(
            statuses <= 1,
            "the status line twice before one prompt:\n{chunk}"
        );
    }
    for chunk in &chunks[..chunks.len() - 1] {
        let tail: Vec<&str> = chunk.lines().rev().take(2).collect();
        if tail.iter().any(|l| l.contains(" of 9, ")) {
            assert!(tail[0].starts_with("Your hand: "), "{chunk}");
        }
    }
    let (_, end) = out.rsplit_once("> ").unwrap();
    assert!(end.contains("Game abandoned."), "{end}");
    let record = end
        .lines()
        .find_map(|l| l.strip_prefix("Record (replay it with agora replay): "))
        .expect("the record on end of input");
    let record: serde_json::Value = serde_json::from_str(record).unwrap();
    assert_eq!(record["seed"], SEED);
    let moves = record["moves"].as_array().unwrap();
    assert!(
        moves.len() >= 6,
        "the first election and the moves after it: {record}"
    );
    for mv in script.lines() {
        assert!(
            moves.contains(&serde_json::json!(mv)),
            "{mv} not in {record}"
        );
    }
}

#[test]
fn the_language_comes_from_the_flag_or_the_environment() {
    let (script, drawn) = first_election_script();
    let seed = SEED.to_string();
    let (out, _) = run(
        agora(&[
            "play", "tyrus", "--seed", &seed, "--bot", "random", "--lang", "de",
        ]),
        &script,
    );
    assert!(out.starts_with("Tyrus: du gegen den Computer."), "{out}");
    assert!(
        out.contains(&format!(
            "Du hast {} nachgezogen.",
            tile_list(Lang::De, drawn)
        )),
        "{out}"
    );
    assert!(out.contains("Partie abgebrochen."), "{out}");

    let mut french = agora(&["play", "tyrus", "--seed", &seed]);
    french.env("LANG", "fr_FR.UTF-8");
    let (out, _) = run(french, "");
    assert!(
        out.starts_with("Tyrus\u{202f}: vous contre l’ordinateur."),
        "{out}"
    );
    assert!(out.contains("Partie abandonnée."), "{out}");

    let mut overridden = agora(&["play", "tyrus", "--seed", &seed]);
    overridden
        .env("LANG", "fr_FR.UTF-8")
        .env("LC_ALL", "de_DE.UTF-8");
    let (out, _) = run(overridden, "");
    assert!(out.starts_with("Tyrus: du gegen"), "{out}");

    let mut unknown = agora(&["play", "tyrus", "--seed", &seed]);
    unknown.env("LANG", "es_ES.UTF-8");
    let (out, _) = run(unknown, "");
    assert!(out.starts_with("Tyrus: you against"), "{out}");

    let output = agora(&["play", "tyrus", "--lang", "es"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown language"));
}

#[test]
fn ctrl_c_prints_the_record_as_quit_does() {
    let seed = SEED.to_string();
    let mut child = agora(&[
        "play", "tyrus", "--seed", &seed, "--bot", "random", "--lang", "en",
    ])
    .spawn()
    .expect("agora runs");
    let mut stdin = child.stdin.take().unwrap();
    let (script, _) = first_election_script();
    let first_move = script.lines().next().unwrap();
    writeln!(stdin, "{first_move}").unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (chunks, received) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        loop {
            let n = stdout.read(&mut buffer).unwrap_or(0);
            if n == 0 || chunks.send(buffer[..n].to_vec()).is_err() {
                return;
            }
        }
    });
    // Wait for the second prompt: the move is played and the game waits for the next one.
    let started = Instant::now();
    let mut seen = Vec::new();
    while String::from_utf8_lossy(&seen).matches("> ").count() < 2 {
        let left = Duration::from_secs(60).saturating_sub(started.elapsed());
        match received.recv_timeout(left) {
            Ok(chunk) => seen.extend(chunk),
            Err(_) => panic!("no second prompt: {}", String::from_utf8_lossy(&seen)),
        }
    }
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let status = child.wait().unwrap();
    drop(stdin);
    reader.join().unwrap();
    seen.extend(received.try_iter().flatten());
    let out = String::from_utf8(seen).unwrap();
    assert_eq!(status.code(), Some(130), "{out}");
    assert!(out.contains("Game abandoned."), "{out}");
    let record = out
        .lines()
        .find_map(|l| l.strip_prefix("Record (replay it with agora replay): "))
        .expect("the record on Ctrl-C");
    let record: serde_json::Value = serde_json::from_str(record).unwrap();
    assert_eq!(record["seed"], SEED);
    assert!(
        record["moves"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!(first_move)),
        "{record}"
    );
}

#[test]
fn tsuro_is_told_in_german_and_a_hint_is_a_move_to_type_back() {
    let (out, code) = run(
        agora(&["play", "tsuro", "--seed", "3", "--lang", "de"]),
        "start a1.0\nhint\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("Tsuro: du gegen den Computer."), "{out}");
    assert!(
        out.contains("Du (Rot) beginnst an der Startmarke „oberer Rand, Feld a1, linker Punkt“."),
        "{out}"
    );
    let (_, advice) = out
        .split_once("Der Computer würde spielen:\n")
        .or_else(|| out.split_once("Du hast nur einen Zug:\n"))
        .unwrap_or_else(|| panic!("{out}"));
    let mut lines = advice.lines();
    let line = lines.next().unwrap();
    assert!(
        line.starts_with("play ") && line.len() == "play 01-27-36-45".len(),
        "{line:?}"
    );
    // Then why, in German: which tile of the hand, turned how, and where the marker ends.
    let why = lines.next().unwrap();
    assert!(
        why.starts_with("Lege Plättchen ") && why.contains(" deiner Hand auf "),
        "{why:?}"
    );
    assert!(lines.next().unwrap().starts_with("Deine Figur "), "{out}");
}
