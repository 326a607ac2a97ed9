//! Table chat's words, for the pages and the terminal alike: the quick messages, which every
//! reader sees in their own language, and a message told as a line ("Ada says: …").

use crate::text::{text, text_with};
use crate::{Lang, args};

pub use agora_store::QUICK;

/// Quick message `code` in `lang` ("Good game!", „Gutes Spiel!“), or `None` for a code this
/// version does not know.
pub fn quick(lang: Lang, code: &str) -> Option<String> {
    QUICK
        .contains(&code)
        .then(|| text(lang, &format!("chat-quick-{}", code.replace('_', "-"))))
}

/// A message as a line: "Ada says: Good game!" (`said` is the text, or a quick message as
/// [`quick`] words it).
pub fn says(lang: Lang, name: &str, said: &str) -> String {
    text_with(lang, "chat-says", &args![("name", name), ("text", said)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_messages_read_in_each_language() {
        let cases = [
            (
                "good_game",
                ["Good game!", "Gutes Spiel!", "Belle partie\u{202f}!"],
            ),
            ("hello", ["Hello!", "Hallo!", "Bonjour\u{202f}!"]),
            (
                "your_turn",
                ["Your turn.", "Du bist dran.", "À vous de jouer."],
            ),
        ];
        for (code, words) in cases {
            for (lang, expected) in Lang::ALL.into_iter().zip(words) {
                assert_eq!(
                    quick(lang, code).as_deref(),
                    Some(expected),
                    "{lang} {code}"
                );
            }
        }
        assert_eq!(quick(Lang::En, "insult"), None);
        assert_eq!(says(Lang::Fr, "Ada", "Merci"), "Ada dit\u{202f}: Merci");
        assert_eq!(says(Lang::De, "Ada", "Danke"), "Ada sagt: Danke");
        assert!(crate::text::take_misses().is_empty());
    }
}
