use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

use agora_engine::GameRecord;
use agora_games::AnyGame;
use serde_json::Value;

/// Exit code when a move of the record was rejected.
const EXIT_REJECTED: u8 = 3;
/// Exit code when the record cannot be read at all.
const EXIT_MALFORMED: u8 = 2;

pub fn run(path: &Path) -> ExitCode {
    match replay_text(&read(path)) {
        Ok((summary, rejected)) => {
            println!("{summary}");
            if rejected {
                ExitCode::from(EXIT_REJECTED)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(message) => {
            eprintln!("agora replay: {message}");
            ExitCode::from(EXIT_MALFORMED)
        }
    }
}

/// The text of `path`, or of standard input for `-`.
pub(crate) fn read(path: &Path) -> Result<String, String> {
    let mut text = String::new();
    let result = if path == Path::new("-") {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_string(&mut text).map(|_| ()))
    };
    result
        .map(|()| text)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// The summary to print and whether a move was rejected; `Err` is a one-line message for a
/// record that cannot be replayed at all.
pub fn replay_text(text: &Result<String, String>) -> Result<(Value, bool), String> {
    let text = text.as_ref().map_err(Clone::clone)?;
    let record: GameRecord =
        serde_json::from_str(text).map_err(|e| format!("not a game record: {e}"))?;
    let (state, rejected) = AnyGame::replay(&record).map_err(|e| e.to_string())?;
    let mut summary = state.summary();
    let was_rejected = rejected.is_some();
    if let (Some(rejection), Value::Object(fields)) = (rejected, &mut summary) {
        fields.insert(
            "rejected".into(),
            serde_json::to_value(rejection).expect("rejection serializes"),
        );
    }
    Ok((summary, was_rejected))
}
