//! Translated messages: the narrators' sentences and the games' words, from the `.ftl` files
//! in `crates/present/locales/<lang>/`.

use std::borrow::Cow;
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

/// The message `id` in `lang` with no arguments.
pub fn text(lang: Lang, id: &str) -> String {
    LOCALES.lookup(&lang.langid(), id)
}

/// The message `id` in `lang` with `args`.
pub fn text_with(lang: Lang, id: &str, args: &Args<'_>) -> String {
    LOCALES.lookup_with_args(&lang.langid(), id, args)
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
