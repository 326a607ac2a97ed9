//! What German and French text must not contain, shared by the narrator tests here and the
//! page tests of agora-web (which include this file by path): English words, and in French
//! an ASCII space (or none) where French typography wants a narrow no-break space.

#![allow(dead_code)]

use agora_present::Lang;

/// English words that are not also German or French words, and that no game term, name or
/// move notation contains (so not "roll", which a Tyranny move is typed with). (Not "die", "an", "in", "on", "a", "as", "was", "will", "place",
/// "pile", "face", "table", "influence", "tunnel", "start": those are German or French too,
/// or notation.)
pub const ENGLISH_WORDS: &[&str] = &[
    "the",
    "and",
    "you",
    "your",
    "yours",
    "is",
    "are",
    "were",
    "cannot",
    "with",
    "which",
    "this",
    "that",
    "from",
    "has",
    "have",
    "had",
    "would",
    "not",
    "its",
    "of",
    "by",
    "wins",
    "won",
    "lost",
    "piece",
    "pieces",
    "tile",
    "tiles",
    "player",
    "players",
    "election",
    "elections",
    "card",
    "cards",
    "rolls",
    "cops",
    "criminals",
    "property",
    "none",
    "only",
    "there",
    "must",
    "may",
    "when",
    "where",
    "turn",
    "turns",
    "board",
    "shows",
    "into",
    "onto",
    "computer's",
    "hand's",
    "read",
    "legal",
    "illegal",
];

/// The English words of `text`, each once, as they appear.
pub fn english_words(text: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|word| ENGLISH_WORDS.contains(&word.to_lowercase().as_str()))
        .map(str::to_string)
        .collect();
    found.sort();
    found.dedup();
    found
}

/// Where French `text` breaks its typography: an ASCII or no space before `: ; ! ?` or
/// inside `« »`, where a narrow no-break space (U+202F, or U+00A0 before a colon) belongs;
/// and a number of four or more digits not grouped. Each fault with a little context.
pub fn french_typography_faults(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut faults = Vec::new();
    let context = |at: usize| -> String {
        let from = at.saturating_sub(12);
        let to = (at + 12).min(chars.len());
        chars[from..to].iter().collect()
    };
    for (at, &c) in chars.iter().enumerate() {
        let before = at.checked_sub(1).map(|i| chars[i]);
        let after = chars.get(at + 1).copied();
        match c {
            ':' | ';' | '!' | '?' => {
                // Times (10:30), addresses (https://) and "?" inside a URL are not prose.
                let not_prose = (c == ':'
                    && (after == Some('/') || before.is_some_and(|b| b.is_ascii_digit())))
                    || (c == '?' && after.is_some_and(|a| a.is_alphanumeric() || a == '='));
                if not_prose {
                    continue;
                }
                match before {
                    Some(' ') => {
                        faults.push(format!("ASCII space before {c:?}: {:?}", context(at)))
                    }
                    Some(b) if b.is_alphanumeric() || b == ')' || b == '»' || b == '\u{201d}' => {
                        faults.push(format!("no space before {c:?}: {:?}", context(at)))
                    }
                    _ => {}
                }
            }
            '«' if after != Some('\u{202f}') && after != Some('\u{a0}') => {
                faults.push(format!("no narrow space after «: {:?}", context(at)))
            }
            '»' if before != Some('\u{202f}') && before != Some('\u{a0}') => {
                faults.push(format!("no narrow space before »: {:?}", context(at)))
            }
            _ => {}
        }
    }
    // Runs of four or more digits not part of a code (O12, c1.0), a year or a time.
    let mut run = String::new();
    let mut start = 0;
    for (at, &c) in chars.iter().chain(std::iter::once(&' ')).enumerate() {
        if c.is_ascii_digit() {
            if run.is_empty() {
                start = at;
            }
            run.push(c);
            continue;
        }
        let glued = start > 0 && chars[start - 1].is_alphanumeric();
        if run.len() >= 4 && !glued && c != ':' {
            faults.push(format!("ungrouped number {run}: {:?}", context(start)));
        }
        run.clear();
    }
    faults
}

/// Fails, naming `what`, when German or French `text` has English words, or French `text`
/// breaks French typography. English passes.
pub fn assert_reads_natively(lang: Lang, what: &str, text: &str) {
    if lang == Lang::En {
        return;
    }
    let english = english_words(text);
    assert!(
        english.is_empty(),
        "{what} in {lang} has English words {english:?}:\n{text}"
    );
    if lang == Lang::Fr {
        let faults = french_typography_faults(text);
        assert!(
            faults.is_empty(),
            "{what} in fr breaks French typography:\n{}\n---\n{text}",
            faults.join("\n")
        );
    }
}
