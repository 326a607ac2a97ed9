//! `agora verify RECORD`: checks that a finished game's deal was fair (docs/security.md).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use agora_engine::GameRecord;
use agora_games::AnyGame;
use agora_present::{Lang, args, text_with};
use clap::Args;

/// Exit code when the record does not show a fair deal.
const EXIT_UNFAIR: u8 = 1;
/// Exit code when the file is not a game record at all.
const EXIT_MALFORMED: u8 = 2;

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The record file (as `GET /api/games/{id}/record` answers), or - for standard input.
    file: PathBuf,
    /// The language of the verdict: en, de or fr. Default: from LC_ALL, LC_MESSAGES or LANG,
    /// else English.
    #[arg(long)]
    lang: Option<Lang>,
}

pub fn run(args: VerifyArgs) -> ExitCode {
    let lang = args
        .lang
        .unwrap_or_else(|| Lang::from_environment(|name| std::env::var(name).ok()));
    let (line, code) = verdict(lang, &args.file);
    println!("{line}");
    ExitCode::from(code)
}

/// The sentence to print and the exit code.
fn verdict(lang: Lang, path: &Path) -> (String, u8) {
    let record = crate::replay::read(path)
        .and_then(|text| serde_json::from_str::<GameRecord>(&text).map_err(|e| e.to_string()));
    match record {
        Err(reason) => (
            text_with(lang, "fair-unreadable", &args![("reason", reason)]),
            EXIT_MALFORMED,
        ),
        Ok(record) => {
            let checked = AnyGame::verify(&record);
            let code = if checked.is_ok() { 0 } else { EXIT_UNFAIR };
            (agora_present::fair::verdict(lang, &checked), code)
        }
    }
}
