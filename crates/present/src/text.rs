//! Translated messages: the narrators' sentences and the games' words, from the `.ftl` files
//! in `crates/present/locales/<lang>/`.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::Hash;
use std::thread::LocalKey;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{Loader, static_loader};

use crate::Lang;

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Isolation marks (U+2068, U+2069) around arguments read as noise to screen readers and
        // in the terminal; every argument here is a name or a number. Numbers are written as
        // the bundle's language writes them.
        customise: |bundle| {
            bundle.set_use_isolating(false);
            bundle.set_formatter(Some(number_formatter(Lang::of_langid(&bundle.locales[0]))));
        },
    };
}

/// `n` as `lang` writes it: French groups thousands from four digits with a narrow no-break
/// space (1 000, 12 500) and writes a decimal comma; German groups from five digits with a
/// dot (10.000) and writes a decimal comma; English groups from five digits with a comma.
pub fn number(lang: Lang, n: f64) -> String {
    let (group, decimal, from_digits) = match lang {
        Lang::En => (",", ".", 5),
        Lang::De => (".", ",", 5),
        Lang::Fr => ("\u{202f}", ",", 4),
    };
    let plain = n.abs().to_string();
    let (whole, fraction) = plain.split_once('.').unwrap_or((plain.as_str(), ""));
    let mut out = String::new();
    if n < 0.0 {
        out.push('-');
    }
    if whole.len() >= from_digits {
        for (at, digit) in whole.chars().enumerate() {
            if at > 0 && (whole.len() - at) % 3 == 0 {
                out.push_str(group);
            }
            out.push(digit);
        }
    } else {
        out.push_str(whole);
    }
    if !fraction.is_empty() {
        out.push_str(decimal);
        out.push_str(fraction);
    }
    out
}

/// The Fluent formatter that writes every number argument of a `lang` bundle with
/// [`number`]; plural selection still reads the number itself. Public for agora-web's bundles.
pub fn number_formatter<M>(lang: Lang) -> fn(&FluentValue, &M) -> Option<String> {
    fn format<M, const LANG: u8>(value: &FluentValue, _: &M) -> Option<String> {
        let FluentValue::Number(n) = value else {
            return None;
        };
        // A number given with fraction digits to show keeps Fluent's own writing.
        if n.options.minimum_fraction_digits.is_some() {
            return None;
        }
        Some(number(Lang::ALL[usize::from(LANG)], n.value))
    }
    match lang {
        Lang::En => format::<M, 0>,
        Lang::De => format::<M, 1>,
        Lang::Fr => format::<M, 2>,
    }
}

/// Arguments of a message, by name.
pub type Args<'a> = HashMap<Cow<'static, str>, FluentValue<'a>>;

thread_local! {
    static MISSES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Words kept per thread by what they are made of: words a page makes at every request from
/// a few small values (a tile's owner and pieces, a message's id) are made once and read
/// back. `key` must hold everything `word` reads; each use is tested against words made
/// anew. `word` runs outside the borrow, so it may keep words of its own.
pub fn kept<K: Hash + Eq>(
    kept: &'static LocalKey<RefCell<HashMap<K, String>>>,
    key: K,
    word: impl FnOnce() -> String,
) -> String {
    if let Some(words) = kept.with_borrow(|kept| kept.get(&key).cloned()) {
        return words;
    }
    let words = word();
    kept.with_borrow_mut(|kept| kept.insert(key, words.clone()));
    words
}

/// Messages without arguments kept per thread, one map per language (see [`kept_message`]).
pub type KeptMessages = RefCell<[HashMap<String, String>; Lang::ALL.len()]>;

/// The message `id` in `lang` as `word` words it, kept per thread: messages without
/// arguments never change, and a page words dozens of them at every request. `word`
/// answers `Err` with words not to keep (a miss, so that every miss is still heard).
pub fn kept_message(
    kept: &'static LocalKey<KeptMessages>,
    lang: Lang,
    id: &str,
    word: impl FnOnce() -> Result<String, String>,
) -> String {
    let slot = lang as usize;
    if let Some(words) = kept.with_borrow(|kept| kept[slot].get(id).cloned()) {
        return words;
    }
    match word() {
        Ok(words) => {
            kept.with_borrow_mut(|kept| kept[slot].insert(id.to_owned(), words.clone()));
            words
        }
        Err(words) => words,
    }
}

thread_local! {
    static WORDED: KeptMessages = RefCell::default();
}

/// The message `id` in `lang` with no arguments.
pub fn text(lang: Lang, id: &str) -> String {
    kept_message(&WORDED, lang, id, || {
        LOCALES
            .lookup_single_language(&lang.langid(), id, None::<&Args<'_>>)
            .map_err(|_| lookup(lang, id, None))
    })
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
