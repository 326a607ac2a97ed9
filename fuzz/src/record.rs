use agora_engine::GameRecord;
use agora_games::{AnyGame, AnyGameError};

/// Reads the input as a record (`{"game": ..., "seed": ..., "setup": ..., "moves": [...]}`)
/// and replays it as `agora replay` and the server do.
///
/// Replaying never panics and gives the same result twice; a record that cannot start is
/// refused the same way by `start`; the moves before the first rejected one, played one by
/// one, reach the same state, and so do their canonical notations as a record of their own;
/// the record written back to JSON replays the same.
///
/// # Panics
///
/// When one of these breaks.
pub fn check_record(data: &[u8]) {
    let Ok(record) = serde_json::from_slice::<GameRecord>(data) else {
        return;
    };
    let replayed = AnyGame::replay(&record);
    assert_eq!(
        AnyGame::replay(&record),
        replayed,
        "the record replays two ways"
    );
    let text = serde_json::to_vec(&record).expect("records serialize");
    let reread: GameRecord = serde_json::from_slice(&text).expect("a written record reads back");
    assert_eq!(
        AnyGame::replay(&reread),
        replayed,
        "the record replays otherwise once through JSON"
    );
    let (state, rejected) = match replayed {
        Err(e) => {
            assert!(
                matches!(e, AnyGameError::UnknownGame(_) | AnyGameError::Record(_)),
                "replay failed with {e:?} rather than a rejection"
            );
            assert!(!e.to_string().is_empty());
            assert_eq!(
                AnyGame::start(&record).err(),
                Some(e),
                "start and replay disagree"
            );
            return;
        }
        Ok(replayed) => replayed,
    };
    let accepted = match &rejected {
        Some(rejection) => {
            assert_eq!(
                record.moves.get(rejection.index),
                Some(&rejection.text),
                "the rejection names another move"
            );
            assert!(!rejection.reason.is_empty(), "a rejection without a reason");
            rejection.index
        }
        None => record.moves.len(),
    };
    let mut one_by_one = AnyGame::start(&record).expect("a record that replays starts");
    let mut canonical = Vec::with_capacity(accepted);
    for (index, text) in record.moves[..accepted].iter().enumerate() {
        let played = one_by_one
            .play(text)
            .unwrap_or_else(|e| panic!("move {index} {text:?} replayed but is refused: {e}"));
        canonical.push(played.notation);
    }
    if let Some(rejection) = &rejected {
        let before = one_by_one.clone();
        assert!(
            one_by_one.play(&rejection.text).is_err(),
            "rejected move {} {:?} plays one by one",
            rejection.index,
            rejection.text
        );
        assert_eq!(one_by_one, before, "a refused move changed the state");
    }
    assert_eq!(one_by_one, state, "move by move reaches another state");
    let canonical_record = GameRecord {
        moves: canonical,
        ..record
    };
    let (again, none) =
        AnyGame::replay(&canonical_record).expect("the canonical record starts as the record");
    assert_eq!(
        none, None,
        "the canonical notation of accepted moves is rejected"
    );
    assert_eq!(
        again, state,
        "the canonical notation replays to another state"
    );
}
