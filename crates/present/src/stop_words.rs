//! A check for tests: English words that never belong in German or French text.

/// Matched as whole words, case-sensitively, so German "Hand" passes. Short words German or
/// French share with English ("in", "a", "on") are left out, and so is notation ("seat 1").
pub const ENGLISH: &[&str] = &[
    "the", "is", "not", "your", "you", "cannot", "hand", "move", "tile", "and", "or", "of", "to",
    "no", "must", "already", "there", "now", "piece", "card", "expected", "takes", "write", "like",
    "turn", "game", "over", "unknown",
];

/// The words of [`ENGLISH`] that `text` holds.
pub fn english_words(text: &str) -> Vec<&'static str> {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .collect();
    ENGLISH
        .iter()
        .copied()
        .filter(|w| words.contains(w))
        .collect()
}
