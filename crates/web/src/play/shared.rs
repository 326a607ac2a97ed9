//! Fragments drawn once per version for every spectator who sees them alike: spectators of a
//! game all see the same view, so ten of them reading in one language cost one rendering of
//! the boards, not ten. A seat's fragments are never shared: they hold its hidden
//! information (its hand), and a seat's page reads each version once anyway.
//!
//! What an entry was drawn from is in its key: the game and version, the language, the
//! reader's settings and the page's query, and the whole snapshot (clocks, deadline, offers,
//! the computer's queue); the form token, the one thing that differs between spectators, is
//! drawn as a placeholder and put in per reader. Each kept game ([`super::kept`]) holds at
//! most [`MAX_SHARED`] entries, all of its latest version.

use std::hash::{Hash, Hasher};
use std::sync::LazyLock;

use agora_engine::Viewer;
use agora_present::Lang;

use super::Played;
use crate::prefs::Prefs;

/// How many spectators' renderings (languages and settings) a game keeps at once.
pub const MAX_SHARED: usize = 8;

/// Drawn in place of the form token in shared fragments: random, so no name or text of a
/// page can contain it.
pub static TOKEN_PLACEHOLDER: LazyLock<String> = LazyLock::new(|| {
    agora_store::Secret::random()
        .as_str()
        .chars()
        .take(32)
        .collect()
});

/// The fragments of one page, by the id of the element each replaces.
pub type Parts = Vec<(&'static str, String)>;

/// What a spectator's fragments were drawn from, but the form token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SharedKey {
    pub version: u64,
    pub lang: Lang,
    /// A hash of the rest: settings, query, snapshot, seats' names.
    inputs: u64,
}

impl SharedKey {
    /// The key of `played`'s fragments drawn with the reader's `settings` and the page's
    /// query `rot`; `None` for a seat, whose fragments are its own.
    pub fn of(played: &Played, settings: Prefs, rot: Option<&str>) -> Option<SharedKey> {
        if played.viewer != Viewer::Spectator {
            return None;
        }
        let mut hasher = std::hash::DefaultHasher::new();
        (settings, rot, &played.reader.seats).hash(&mut hasher);
        // The snapshot's types are the server's, which derive no `Hash`.
        format!("{:?}", played.snapshot).hash(&mut hasher);
        // A deadline is told in words relative to now ("2 days left"): not past the minute.
        if played.snapshot.deadline.is_some() {
            (agora_store::now_ms() / 60_000).hash(&mut hasher);
        }
        Some(SharedKey {
            version: played.narrated.version,
            lang: played.reader.lang,
            inputs: hasher.finish(),
        })
    }
}

/// `html` drawn with the placeholder, with `token` in its place.
pub fn token_in(html: &str, token: &str) -> String {
    html.replace(TOKEN_PLACEHOLDER.as_str(), token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reader_gets_its_own_token() {
        let drawn = format!(
            r#"<input name="csrf" value="{0}"><input name="csrf" value="{0}">"#,
            *TOKEN_PLACEHOLDER
        );
        let mine = token_in(&drawn, "a".repeat(32).as_str());
        assert_eq!(
            mine,
            format!(
                r#"<input name="csrf" value="{0}"><input name="csrf" value="{0}">"#,
                "a".repeat(32)
            )
        );
        assert_eq!(TOKEN_PLACEHOLDER.len(), 32);
    }
}
