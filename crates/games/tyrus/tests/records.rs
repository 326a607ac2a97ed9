//! Known-answer records: each file under tests/records holds a record and the referee summary
//! `agora replay` must print for it (without its "game" field). The command line's tests replay
//! the same files through the binary.

use agora_engine::{GameRecord, replay};
use agora_tyrus::Tyrus;
use serde_json::Value;

#[test]
fn every_record_replays_to_its_known_summary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let case: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let record: GameRecord = serde_json::from_value(case["record"].clone()).unwrap();
        let replayed = replay::<Tyrus>(&record).unwrap();
        let mut summary =
            serde_json::to_value(agora_engine::Game::summary(&replayed.state)).unwrap();
        if let Some(rejection) = &replayed.rejected {
            summary["rejected"] = serde_json::to_value(rejection).unwrap();
        }
        assert_eq!(summary, case["summary"], "{}", path.display());
        assert_eq!(
            case["exit"],
            if replayed.rejected.is_some() { 3 } else { 0 }
        );
        count += 1;
    }
    assert!(count >= 3);
}
