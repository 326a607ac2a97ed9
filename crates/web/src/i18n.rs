//! The pages' words, from `crates/web/locales/<lang>/*.ftl`; the games' words and sentences
//! come from `agora_present`, which the terminal shares.

use std::borrow::Cow;

use agora_present::Lang;
use agora_present::text::{KeptMessages, kept_message};
use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{Loader, static_loader};

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // No isolation marks: screen readers read them as noise, and every argument is a
        // name or a number. Numbers are written as the bundle's language writes them.
        customise: |bundle| {
            bundle.set_use_isolating(false);
            let lang = Lang::of_langid(&bundle.locales[0]);
            bundle.set_formatter(Some(agora_present::text::number_formatter(lang)));
        },
    };
}

thread_local! {
    /// The pages' labels, kept once looked up ([`agora_present::text::kept_message`]).
    static WORDED: KeptMessages = KeptMessages::default();
}

/// A translator bound to the reader's language, handed to every template as `tr`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Tr(pub Lang);

impl Tr {
    pub fn lang(&self) -> Lang {
        self.0
    }

    /// The message `id`.
    pub fn t(&self, id: &str) -> String {
        kept_message(&WORDED, self.0, id, || {
            Ok(LOCALES.lookup(&self.0.langid(), id))
        })
    }

    /// The message `id` with one argument `name`.
    pub fn a(&self, id: &str, name: &str, value: impl ToString) -> String {
        self.args(id, &[(name, value.to_string())])
    }

    /// The message `id` with a `count` (plural forms follow the language's rules).
    pub fn n(&self, id: &str, count: impl std::borrow::Borrow<i64>) -> String {
        let mut args = std::collections::HashMap::new();
        args.insert(Cow::Borrowed("count"), FluentValue::from(*count.borrow()));
        LOCALES.lookup_with_args(&self.0.langid(), id, &args)
    }

    /// The message `id` with arguments built for `agora_present` (seats added by
    /// `Reader::add`).
    pub fn with(&self, id: &str, args: &agora_present::text::Args<'_>) -> String {
        LOCALES.lookup_with_args(&self.0.langid(), id, args)
    }

    /// The message `id` with text arguments; an argument that reads as a whole number is
    /// passed as a number, so plurals and number formats apply.
    pub fn args(&self, id: &str, args: &[(&str, String)]) -> String {
        let args = args
            .iter()
            .map(|(name, value)| {
                let value = match value.parse::<i64>() {
                    Ok(n) => FluentValue::from(n),
                    Err(_) => FluentValue::from(value.clone()),
                };
                (Cow::Owned(name.to_string()), value)
            })
            .collect();
        LOCALES.lookup_with_args(&self.0.langid(), id, &args)
    }

    /// Like [`Tr::args`], but each value is put in as the text given, never as a number to
    /// format: a date's year is written "2026", not grouped like a count ("2 026").
    pub fn args_verbatim(&self, id: &str, args: &[(&str, String)]) -> String {
        let args = args
            .iter()
            .map(|(name, value)| {
                (
                    Cow::Owned(name.to_string()),
                    FluentValue::from(value.clone()),
                )
            })
            .collect();
        LOCALES.lookup_with_args(&self.0.langid(), id, &args)
    }
}

/// Every message id of one language's files, for the completeness test.
#[cfg(test)]
pub(crate) fn message_ids(lang: Lang) -> std::collections::BTreeSet<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(lang.code());
    let mut ids = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(dir).expect("the locale folder") {
        let text = std::fs::read_to_string(entry.expect("an entry").path()).expect("a file");
        for line in text.lines() {
            let first = line.chars().next();
            if first.is_some_and(|c| c.is_ascii_alphabetic())
                && let Some((id, _)) = line.split_once('=')
            {
                ids.insert(id.trim().to_string());
            }
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_is_in_every_language() {
        let english = message_ids(Lang::En);
        assert!(english.len() > 50, "the English files are read");
        for lang in [Lang::De, Lang::Fr] {
            let ids = message_ids(lang);
            let missing: Vec<_> = english.difference(&ids).collect();
            let extra: Vec<_> = ids.difference(&english).collect();
            assert!(missing.is_empty(), "{lang} lacks {missing:?}");
            assert!(extra.is_empty(), "{lang} has ids English lacks: {extra:?}");
        }
    }

    #[test]
    fn plurals_follow_the_language() {
        assert_eq!(Tr(Lang::En).n("games-waiting", 1), "1 game waits for you");
        assert_eq!(Tr(Lang::En).n("games-waiting", 2), "2 games wait for you");
        assert_eq!(Tr(Lang::Fr).n("games-waiting", 0), "0 partie vous attend");
        assert_eq!(
            Tr(Lang::De).n("games-waiting", 3),
            "3 Partien warten auf dich"
        );
    }
}
