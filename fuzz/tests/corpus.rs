//! Every committed corpus input, and every seed, keeps its target's invariants: what the
//! fuzzer checks, checked by `cargo test` on any machine, without AFL.

use std::fs;
use std::path::{Path, PathBuf};

use agora_fuzz::{Target, seeds};

fn corpus(target: Target) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target.name());
    let mut inputs: Vec<(PathBuf, Vec<u8>)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let data = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, data)
        })
        .collect();
    inputs.sort();
    inputs
}

fn check_corpus(target: Target) {
    let inputs = corpus(target);
    assert!(!inputs.is_empty(), "{target}: empty corpus");
    for (path, data) in &inputs {
        eprintln!("{}", path.display());
        target.check(data);
    }
    for (index, seed) in seeds(target).iter().enumerate() {
        assert!(
            inputs.iter().any(|(_, data)| data == seed),
            "{target}: seed {index} is not in the corpus; run `cargo run -p agora-fuzz --bin seeds`"
        );
    }
}

#[test]
fn tyrus_notation() {
    check_corpus(Target::TyrusNotation);
}

#[test]
fn tsuro_notation() {
    check_corpus(Target::TsuroNotation);
}

#[test]
fn tyranny_notation() {
    check_corpus(Target::TyrannyNotation);
}

#[test]
fn tyrus_setup() {
    check_corpus(Target::TyrusSetup);
}

#[test]
fn tsuro_setup() {
    check_corpus(Target::TsuroSetup);
}

#[test]
fn tyranny_setup() {
    check_corpus(Target::TyrannySetup);
}

#[test]
fn record() {
    check_corpus(Target::Record);
}

#[test]
fn ws_message() {
    check_corpus(Target::WsMessage);
}

#[test]
fn http_body() {
    check_corpus(Target::HttpBody);
}

#[test]
fn every_target_has_its_test() {
    let names: Vec<&str> = Target::ALL.iter().map(|t| t.name()).collect();
    assert_eq!(
        names,
        [
            "tyrus_notation",
            "tsuro_notation",
            "tyranny_notation",
            "tyrus_setup",
            "tsuro_setup",
            "tyranny_setup",
            "record",
            "ws_message",
            "http_body",
        ]
    );
    for &target in Target::ALL {
        assert_eq!(target.name().parse(), Ok(target));
    }
    assert!("nothing".parse::<Target>().is_err());
}
