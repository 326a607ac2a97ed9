//! Bad input of every kind in German and French terminal play: every refusal and notation
//! error is told in the reader's language, with no English word of the stop-list.

use super::*;
use language_common::english_words;

/// The one English stop-list, shared with the narrator and page tests.
#[path = "../../../present/tests/language_common/mod.rs"]
mod language_common;

/// Plays `game` as seat 0 in `lang`, typing every one of `bad` (three bad lines for each legal
/// move, so they meet the game in many phases), then random legal moves until the end or
/// `quit`. Returns what was printed.
fn session_with_bad_input<G: TextUi + Heuristics>(
    lang: Lang,
    seed: u64,
    bad: impl Fn(&G::View, usize) -> Option<String>,
    bad_count: usize,
) -> String {
    let options = G::Options::default();
    let mut session = Session::<G>::new(&options, seed, Seat(0), lang, |s| {
        bot::<G>("random", seed + u64::from(s.0)).unwrap()
    });
    let mut rng = agora_engine::FastRng::new(seed);
    let (mut typed, mut bad_typed) = (0usize, 0usize);
    let mut out = Vec::new();
    session
        .run(
            |view| {
                typed += 1;
                if bad_typed < bad_count && typed % 4 != 0 {
                    bad_typed += 1;
                    if let Some(line) = bad(view, bad_typed - 1) {
                        return Some(line);
                    }
                }
                if bad_typed == bad_count && typed > 4 * bad_count + 8 {
                    return Some("quit".into());
                }
                let state = G::determinize(view, Seat(0), &mut rng);
                let mv = state.random_legal_move(&mut rng)?;
                Some(state.format_move(mv))
            },
            &mut out,
        )
        .unwrap();
    assert_eq!(bad_typed, bad_count, "{lang}: every bad line was typed");
    String::from_utf8(out).unwrap()
}

/// No lookup missed, no English word outside the record's JSON, and the unreadable lines were
/// told as such.
fn assert_no_english(lang: Lang, game: &str, text: &str, unreadable: &str) {
    let misses = agora_present::text::take_misses();
    assert!(misses.is_empty(), "{lang} {game}: {misses:?}\n{text}");
    let english: Vec<String> = text
        .lines()
        .filter(|l| !l.contains("\"game\":"))
        .filter_map(|l| {
            let found = english_words(l);
            (!found.is_empty()).then(|| format!("{found:?}: {l}"))
        })
        .collect();
    assert!(english.is_empty(), "{lang} {game}:\n{}", english.join("\n"));
    assert!(text.contains(unreadable), "{lang} {game}: {text}");
}

fn unreadable_marker(lang: Lang) -> &'static str {
    match lang {
        Lang::De => "ist kein gültiger Zug.",
        _ => "n’est pas un coup valable.",
    }
}

/// Types `lines` in German and French sessions of `G` and checks what was told.
fn typed_lines_in_german_and_french<G: TextUi + Heuristics>(name: &str, seed: u64, lines: &[&str]) {
    for lang in [Lang::De, Lang::Fr] {
        let text = session_with_bad_input::<G>(
            lang,
            seed,
            |_, n| lines.get(n).map(|l| l.to_string()),
            lines.len(),
        );
        assert_no_english(lang, name, &text, unreadable_marker(lang));
    }
}

#[test]
fn tyrus_bad_input_is_refused_in_german_and_french() {
    const LINES: &[&str] = &[
        "S0 own nowhere",
        "S7 own",
        "X7 own citadel",
        "S7 mine citadel",
        "S7 own castle",
        "S7 own citadel x",
    ];
    for lang in [Lang::De, Lang::Fr] {
        let text = session_with_bad_input::<agora_tyrus::Tyrus>(
            lang,
            11,
            |view, n| match LINES.get(n) {
                Some(line) => Some(line.to_string()),
                // A tile that is not in the hand.
                None => agora_tyrus::Tile::all()
                    .find(|t| !view.hand.is_some_and(|h| h.contains(*t)))
                    .map(|t| format!("{t} own temple")),
            },
            LINES.len() + 3,
        );
        assert_no_english(lang, "tyrus", &text, unreadable_marker(lang));
        let not_in_hand = match lang {
            Lang::De => "hast du nicht auf der Hand.",
            _ => "en main.",
        };
        assert!(text.contains(not_in_hand), "{lang}: {text}");
    }
}

#[test]
fn tsuro_bad_input_is_refused_in_german_and_french() {
    const LINES: &[&str] = &[
        "fly",
        "start",
        "start z9.0",
        "start a1",
        "start a1.9",
        "play",
        "play 01-23",
        "play 01-23-45-60",
        "keep 7",
        "swap 01-23-45-67",
        "swap 01-23-45-67 for 02-13-46-57 04-15-26-37",
        "swap 01-23-45-67 01-23-45-67 for 02-13-46-57 04-15-26-37",
        "shuffle",
        "start c3.0",
        "keep",
        "shuffle 01-23-45-67",
        "play 01-23-45-67",
        "swap 01-23-45-67 for 02-13-46-57",
    ];
    typed_lines_in_german_and_french::<agora_tsuro::Tsuro>("tsuro", 12, LINES);
}

#[test]
fn tyranny_bad_input_is_refused_in_german_and_french() {
    const LINES: &[&str] = &[
        "fly away",
        "roll",
        "roll many",
        "draw gains",
        "pick x 1",
        "open door A",
        "open tunnel Z",
        "challenge crim1 2-3",
        "spare robber",
        "advance many",
        "target table 1",
        "target seat 9",
        "discard",
        "play gamble 3",
        "play gains 6 crim1",
        "play gains 7 x",
        "play gains 10",
        "capture 7",
        "play gains 1 x",
        "draw gamble 11",
        "draw dice 1",
        "play",
        "roll 9",
        "draw gains 7",
        "pay",
        "escape",
        "cross",
        "stay",
        "advance 9",
        "target seat 1",
        "open tunnel A",
        "collapse tunnel A",
        "challenge crim1 1-3",
        "spare crim1",
        "decline",
        "discard gains 7",
        "play gains 6 crim1 3",
        "play gains 10 seat 3",
        "capture",
    ];
    typed_lines_in_german_and_french::<agora_tyranny::Tyranny>("tyranny", 13, LINES);
}
