//! Translated messages: the narrators' sentences and the games' words, from the `.ftl` files
//! in `crates/present/locales/<lang>/`.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{Loader, static_loader};

use crate::Lang;

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Isolation marks (U+2068, U+2069) around arguments read as noise to screen readers and
        // in the terminal; every argument here is a name or a number.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// Arguments of a message, by name.
pub type Args<'a> = HashMap<Cow<'static, str>, FluentValue<'a>>;

thread_local! {
    static MISSES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// The message `id` in `lang` with no arguments.
pub fn text(lang: Lang, id: &str) -> String {
    lookup(lang, id, None)
}

/// The message `id` in `lang` with `args`.
pub fn text_with(lang: Lang, id: &str, args: &Args<'_>) -> String {
    lookup(lang, id, Some(args))
}

/// The lookups on this thread since the last call that did not resolve cleanly in the
/// language asked for (a missing message, a missing argument), as `lang: id: why`, emptied.
/// Such a lookup still answers, in English or as the message's id, so a reader never sees an
/// error; tests call this to fail on any.
pub fn take_misses() -> Vec<String> {
    MISSES.with(|misses| std::mem::take(&mut *misses.borrow_mut()))
}

fn lookup(lang: Lang, id: &str, args: Option<&Args<'_>>) -> String {
    let langid = lang.langid();
    match LOCALES.lookup_single_language(&langid, id, args) {
        Ok(text) => text,
        Err(error) => {
            MISSES.with(|misses| misses.borrow_mut().push(format!("{lang}: {id}: {error}")));
            match args {
                Some(args) => LOCALES.lookup_with_args(&langid, id, args),
                None => LOCALES.lookup(&langid, id),
            }
        }
    }
}

/// `items` as a list in `lang`: "a", "a and b", "a, b and c"; empty for none.
pub fn list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => text_with(
            lang,
            "list-and",
            &crate::args![("init", init.join(", ")), ("last", last.as_str())],
        ),
    }
}

/// Builds [`Args`]: `args![("name", "Ada"), ("count", 3)]`.
#[macro_export]
macro_rules! args {
    ($(($name:expr, $value:expr)),* $(,)?) => {{
        let mut args = $crate::text::Args::new();
        $(args.insert(::std::borrow::Cow::Borrowed($name), $value.into());)*
        args
    }};
}

/// `text` with its first letter a capital, for a sentence that begins with a name or a
/// pronoun ("you (Red) …", "l’ordinateur (Vert) …", "you hold …").
pub(crate) fn sentence(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => text,
    }
}
