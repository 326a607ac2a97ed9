//! `agora verify` on known-answer records of every game (`tests/data/fair/`): a fair one, and
//! copies tampered with one way each, which must fail with their reason in the language asked.
//!
//! `GAME-good.json` is a game dealt and played as the server deals and plays: its setup is the
//! seed's deal, every chance move is drawn from the seed at its ply, and the commitment is
//! SHA-256 of `SEED:SALT`. Each other file changes one thing: `seed`, `salt` or `commitment`;
//! `deal` (a dealt card or tile moved, the commitment left valid); `chance` (the first chance
//! move replaced by another the rules allow); `move` (Tyrus has no chance moves: a move played
//! twice).

use std::process::{Command, Output};

use agora_engine::GameRecord;
use agora_engine::fair;

fn data(name: &str) -> String {
    format!("{}/tests/data/fair/{name}.json", env!("CARGO_MANIFEST_DIR"))
}

fn verify(name: &str, lang: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["verify", &data(name), "--lang", lang])
        .output()
        .expect("agora runs")
}

fn said(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("utf-8")
}

#[test]
fn a_fair_record_of_each_game_is_verified() {
    for (game, chance) in [
        ("tyrus", "0 chance moves"),
        ("tsuro", "2 chance moves"),
        ("tyranny", ""),
    ] {
        let output = verify(&format!("{game}-good"), "en");
        let text = said(&output);
        assert_eq!(output.status.code(), Some(0), "{game}: {text}");
        assert!(text.starts_with("The deal was fair"), "{game}: {text}");
        assert!(text.contains(chance), "{game}: {text}");
    }
    // Tyranny's rolls and draws are all chance moves, each drawn again.
    let record: GameRecord =
        serde_json::from_str(&std::fs::read_to_string(data("tyranny-good")).unwrap()).unwrap();
    let verified = agora_games::AnyGame::verify(&record).expect("fair");
    assert!(verified.chance_moves > 20, "{verified:?}");
    assert_eq!(verified.moves, record.moves.len());
    // The commitment is what sha256sum gives for "SEED:SALT" (docs/security.md).
    assert_eq!(
        record.commitment.as_deref(),
        Some(fair::commitment(record.seed.unwrap(), record.salt.as_deref().unwrap()).as_str())
    );
}

#[test]
fn each_tampering_fails_with_its_reason() {
    let mismatch = "hash to";
    let cases = [
        ("seed", mismatch),
        ("salt", mismatch),
        ("commitment", mismatch),
        ("deal", "is not the deal its seed gives"),
    ];
    for game in ["tyrus", "tsuro", "tyranny"] {
        for (tampered, reason) in cases {
            let output = verify(&format!("{game}-{tampered}"), "en");
            let text = said(&output);
            assert_eq!(output.status.code(), Some(1), "{game}-{tampered}: {text}");
            assert!(
                text.starts_with("The deal cannot be shown to be fair: ") && text.contains(reason),
                "{game}-{tampered}: {text}"
            );
        }
    }
    for (name, reason) in [
        ("tsuro-chance", "move 6 is shuffle "),
        (
            "tyranny-chance",
            "move 2 is roll 4, but the seed gives roll 6 there",
        ),
        (
            "tyrus-move",
            "move 6, P4 opp market, cannot be played: Priest 4 is not in ",
        ),
    ] {
        let output = verify(name, "en");
        let text = said(&output);
        assert_eq!(output.status.code(), Some(1), "{name}: {text}");
        assert!(text.contains(reason), "{name}: {text}");
    }
}

#[test]
fn the_verdict_is_in_the_language_asked() {
    let cases = [
        ("tsuro-good", "de", "Die Verteilung war fair"),
        ("tsuro-good", "fr", "La donne était équitable\u{202f}:"),
        (
            "tyranny-chance",
            "de",
            "Zug 2 lautet roll 4, doch der Startwert ergibt dort roll 6",
        ),
        (
            "tyranny-chance",
            "fr",
            "le coup 2 est roll 4, mais la graine donne roll 6",
        ),
        ("tyrus-salt", "de", "nicht die Festlegung"),
        (
            "tyrus-deal",
            "fr",
            "n’est pas la donne qui découle de sa graine",
        ),
    ];
    for (name, lang, expected) in cases {
        let text = said(&verify(name, lang));
        assert!(text.contains(expected), "{name} in {lang}: {text}");
    }
}

#[test]
fn records_without_a_commitment_or_its_reveal_and_other_files_are_refused_plainly() {
    let dir = std::env::temp_dir().join(format!("agora-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut record: GameRecord =
        serde_json::from_str(&std::fs::read_to_string(data("tyrus-good")).unwrap()).unwrap();
    let cases = [
        ("unrevealed", "does not reveal its seed and salt", {
            let mut r = record.clone();
            r.salt = None;
            serde_json::to_string(&r).unwrap()
        }),
        ("uncommitted", "carries no commitment", {
            record.commitment = None;
            serde_json::to_string(&record).unwrap()
        }),
        ("unknown", "there is no game called", {
            record.game = "chess".into();
            record.commitment = Some(fair::commitment(1, "x"));
            serde_json::to_string(&record).unwrap()
        }),
    ];
    for (name, reason, text) in cases {
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, text).unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_agora"))
            .args(["verify", path.to_str().unwrap(), "--lang", "en"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{name}");
        assert!(said(&output).contains(reason), "{name}: {}", said(&output));
    }
    let path = dir.join("not-json.json");
    std::fs::write(&path, "{\"game\": ").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["verify", path.to_str().unwrap(), "--lang", "fr"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(said(&output).starts_with("Ce fichier n’est pas une feuille de partie\u{202f}:"));
    let _ = std::fs::remove_dir_all(&dir);
}
