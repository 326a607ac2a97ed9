//! Why a move is refused or cannot be read, in the reader's language: the engines give a
//! code and arguments ([`Refusal`]), and this words them, for the terminal and the pages alike.
//!
//! A refusal `code` is the message `refusal-<code>` in `locales/<lang>/refusals.ftl`. Numbers
//! go in as numbers; a `seat` argument also gives `$seat` (you | computer | person),
//! `$seat-name` and `$seat-number` (as typed in moves); words of a game's notation that the
//! game names in words (a Tyrus tile, a Tyranny piece, card or tile) go in named.

use std::borrow::Cow;

use agora_engine::{IllegalMove, ParseMoveError, Refusal, RefusalArg, Seat};

use crate::text::{Args, text_with};
use crate::{Lang, Reader, args};

/// The refusal as one sentence in the reader's language: "S2 hast du nicht auf der Hand."
pub fn refusal(reader: &Reader, refusal: &Refusal) -> String {
    let mut args = Args::new();
    for (name, value) in refusal.args() {
        add_arg(reader, refusal.code(), name, value, &mut args);
    }
    text_with(reader.lang, &message_id(refusal.code()), &args)
}

/// Why a move may not be played, as [`refusal`] words it.
pub fn illegal_move(reader: &Reader, error: &IllegalMove) -> String {
    refusal(reader, error.refusal())
}

/// Text that is not a move: the text as typed, then what is wrong with it.
pub fn unreadable(reader: &Reader, error: &ParseMoveError) -> String {
    text_with(
        reader.lang,
        "refusal-unreadable",
        &args![
            ("text", error.text.as_str()),
            ("reason", refusal(reader, &error.reason))
        ],
    )
}

/// The message that words `code`.
pub fn message_id(code: &str) -> String {
    format!("refusal-{code}")
}

fn add_arg(reader: &Reader, code: &str, name: &'static str, value: &RefusalArg, args: &mut Args) {
    let lang = reader.lang;
    match value {
        RefusalArg::Number(n) if name == "seat" => {
            if let Ok(index) = u8::try_from(*n) {
                reader.add(args, name, Seat(index));
            }
            args.insert(Cow::Borrowed("seat-number"), (*n).into());
        }
        RefusalArg::Number(n) => {
            args.insert(Cow::Borrowed(name), (*n).into());
        }
        RefusalArg::Word(word) => {
            let game = code.split('-').next().unwrap_or_default();
            let named = named_word(lang, game, name, word).unwrap_or_else(|| word.to_string());
            args.insert(Cow::Borrowed(name), named.into());
        }
    }
}

/// A notation word the game names in the reader's words, or `None` to quote it as typed.
fn named_word(lang: Lang, game: &str, name: &str, word: &str) -> Option<String> {
    match (game, name) {
        ("tyrus", "tile") => word
            .parse::<agora_tyrus::Tile>()
            .ok()
            .map(|tile| crate::tyrus::tile_name(lang, tile)),
        ("tyranny", "piece" | "passed" | "target") => agora_tyranny::Piece::from_name(word)
            .map(|piece| crate::tyranny::piece_name(lang, piece)),
        ("tyranny", "card") => word
            .parse::<agora_tyranny::Card>()
            .ok()
            .map(|card| crate::tyranny::card_name(lang, card)),
        ("tyranny", "tile") => {
            crate::tyranny::tile_by_code(word).map(|tile| crate::tyranny::tile_name(lang, tile))
        }
        _ => None,
    }
}
