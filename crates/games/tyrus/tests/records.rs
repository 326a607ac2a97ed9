//! Known-answer records: each `tests/records/NAME.json` is a record and `NAME.expected.json`
//! exactly what `agora replay` prints for it. The command line's tests replay the same files
//! through the binary; here they go through the library.

use agora_engine::{Game, GameRecord, replay};
use agora_tyrus::Tyrus;
use serde_json::{Value, json};

#[test]
fn every_record_replays_to_its_known_summary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap();
        let Some(stem) = name
            .strip_suffix(".json")
            .filter(|s| !s.ends_with(".expected"))
        else {
            continue;
        };
        let record: GameRecord =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join(format!("{stem}.expected.json"))).unwrap(),
        )
        .unwrap();
        let replayed = replay::<Tyrus>(&record).unwrap();
        let mut printed = json!({ "game": "tyrus" });
        let summary = serde_json::to_value(replayed.state.summary()).unwrap();
        printed
            .as_object_mut()
            .unwrap()
            .extend(summary.as_object().unwrap().clone());
        if let Some(rejection) = &replayed.rejected {
            printed["rejected"] = serde_json::to_value(rejection).unwrap();
        }
        assert_eq!(printed, expected, "{stem}");
        count += 1;
    }
    assert!(count >= 10, "{count} records");
}
