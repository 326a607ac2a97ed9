//! Checks on the words of every `.ftl` file of both crates (agora-present's and agora-web's,
//! every file of every language, including files added later): counts go through a plural
//! selector where a noun follows, French spaces its punctuation with U+202F, German quotes with
//! „…“ and French with « », and no German or French message uses a form that docs/glossary.md
//! retires.

use std::path::{Path, PathBuf};

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};

/// The locale directories of both crates.
fn locale_roots() -> [PathBuf; 2] {
    let present = Path::new(env!("CARGO_MANIFEST_DIR"));
    [present.join("locales"), present.join("../web/locales")]
}

/// One message (or term) of one file: where it is, and its value and attributes.
struct Message {
    place: String,
    lang: String,
    patterns: Vec<Pattern<String>>,
}

fn messages() -> Vec<Message> {
    let mut all = Vec::new();
    for root in locale_roots() {
        for lang in ["en", "de", "fr"] {
            let dir = root.join(lang);
            for entry in
                std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            {
                let path = entry.unwrap().path();
                if path.extension().is_none_or(|e| e != "ftl") {
                    continue;
                }
                let source = std::fs::read_to_string(&path).unwrap();
                let resource =
                    fluent_syntax::parser::parse(source).unwrap_or_else(|(_, errors)| {
                        panic!("{} does not parse: {errors:?}", path.display())
                    });
                let file = path
                    .strip_prefix(root.parent().unwrap())
                    .unwrap()
                    .display()
                    .to_string();
                for entry in resource.body {
                    let (id, value, attributes) = match entry {
                        Entry::Message(m) => (m.id.name, m.value, m.attributes),
                        Entry::Term(t) => (format!("-{}", t.id.name), Some(t.value), t.attributes),
                        _ => continue,
                    };
                    let mut patterns: Vec<Pattern<String>> = value.into_iter().collect();
                    patterns.extend(attributes.into_iter().map(|a| a.value));
                    all.push(Message {
                        place: format!("{file}: {id}"),
                        lang: lang.to_string(),
                        patterns,
                    });
                }
            }
        }
    }
    assert!(all.len() > 600, "the files were read: {}", all.len());
    all
}

/// Variables that hold numbers in Agora's messages.
const NUMERIC: &[&str] = &[
    "count",
    "number",
    "score",
    "low",
    "high",
    "influence",
    "value",
    "cost",
    "amount",
    "total",
    "pile",
    "gamble",
    "gains",
    "sentence",
    "players",
    "min",
    "max",
    "minutes",
    "increment",
    "limit",
    "turn",
    "turns",
    "round",
    "placed",
    "alive",
    "general",
    "guildmaster",
    "highpriest",
    "gamble-discards",
    "gains-discards",
    "hand",
    "above",
    "below",
    "left",
    "right",
    "before",
    "after",
    "face",
    "seconds",
    "n",
];

/// Words that may follow a number without being a counted noun: small words, units, and
/// the one mass noun (influence) whose form does not change with the number.
const NOT_NOUNS: &[&str] = &[
    "min",
    "s",
    "influence",
    "einfluss",
    "d",
    // English
    "to",
    "of",
    "and",
    "or",
    "in",
    "on",
    "at",
    "by",
    "for",
    "from",
    "with",
    "than",
    "is",
    "are",
    "out",
    "vs",
    // German
    "zu",
    "von",
    "bis",
    "und",
    "oder",
    "aus",
    "für",
    "mit",
    "als",
    "auf",
    "im",
    "in",
    "ist",
    // French
    "à",
    "sur",
    "et",
    "ou",
    "de",
    "du",
    "des",
    "en",
    "contre",
    "pour",
    "avec",
    "que",
    "est",
];

/// The first word of `text` when it follows a number as a counted noun would: after one
/// space, a letter (a capital in German, where every noun has one), and not a word from
/// [`NOT_NOUNS`].
fn noun_after(lang: &str, text: &str) -> Option<String> {
    let rest = text
        .strip_prefix(' ')
        .or_else(|| text.strip_prefix('\u{a0}'))
        .or_else(|| text.strip_prefix('\u{202f}'))?;
    let word: String = rest
        .chars()
        .take_while(|c| c.is_alphabetic() || *c == '-')
        .collect();
    let lower_case = !word.starts_with(char::is_uppercase);
    if word.is_empty()
        || NOT_NOUNS.contains(&word.to_lowercase().as_str())
        || (lang == "de" && lower_case)
    {
        return None;
    }
    Some(word)
}

/// `{ $n } noun` outside a plural selector on `$n`, in `pattern` and its variants.
fn unselected_counts(
    lang: &str,
    pattern: &Pattern<String>,
    selected: &[String],
    found: &mut Vec<String>,
) {
    let elements = &pattern.elements;
    for (at, element) in elements.iter().enumerate() {
        let PatternElement::Placeable { expression } = element else {
            continue;
        };
        match expression {
            Expression::Inline(InlineExpression::VariableReference { id }) => {
                let name = id.name.as_str();
                if !NUMERIC.contains(&name) || selected.iter().any(|s| s == name) {
                    continue;
                }
                // A score, "3 zu 2 Volksvertretern": the noun goes with the pair.
                let score = at.checked_sub(1).is_some_and(|before| {
                    matches!(&elements[before], PatternElement::TextElement { value }
                        if [" zu ", " à ", " to "].iter().any(|w| value.ends_with(w)))
                });
                if score {
                    continue;
                }
                if let Some(PatternElement::TextElement { value }) = elements.get(at + 1)
                    && let Some(noun) = noun_after(lang, value)
                {
                    found.push(format!("{{ ${name} }} {noun}"));
                }
            }
            Expression::Select { selector, variants } => {
                let mut inner = selected.to_vec();
                let plural = variants.iter().any(|v| match &v.key {
                    VariantKey::Identifier { name } => {
                        ["zero", "one", "two", "few", "many", "other"].contains(&name.as_str())
                    }
                    VariantKey::NumberLiteral { .. } => true,
                });
                if let InlineExpression::VariableReference { id } = selector
                    && plural
                {
                    inner.push(id.name.clone());
                }
                for variant in variants {
                    unselected_counts(lang, &variant.value, &inner, found);
                }
            }
            _ => {}
        }
    }
}

#[test]
fn a_count_followed_by_a_noun_goes_through_a_plural_selector() {
    let mut faults = Vec::new();
    for message in messages() {
        let mut found = Vec::new();
        for pattern in &message.patterns {
            unselected_counts(&message.lang, pattern, &[], &mut found);
        }
        for f in found {
            faults.push(format!("{}: {f}", message.place));
        }
    }
    assert!(
        faults.is_empty(),
        "counts without a plural selector:\n{}",
        faults.join("\n")
    );
}

/// The text of `pattern` with its variants, one line per stretch of text between
/// placeables; a placeable reads as `{}`.
fn text_of(pattern: &Pattern<String>, out: &mut String) {
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => out.push_str(value),
            PatternElement::Placeable {
                expression: Expression::Select { variants, .. },
            } => {
                for variant in variants {
                    out.push('\n');
                    text_of(&variant.value, out);
                    out.push('\n');
                }
            }
            PatternElement::Placeable { .. } => out.push_str("{}"),
        }
    }
}

fn texts(message: &Message) -> String {
    let mut text = String::new();
    for pattern in &message.patterns {
        text_of(pattern, &mut text);
        text.push('\n');
    }
    text
}

#[test]
fn french_spaces_its_punctuation_with_a_narrow_no_break_space() {
    let mut faults = Vec::new();
    for message in messages().iter().filter(|m| m.lang == "fr") {
        let text = texts(message);
        for (line_no, line) in text.lines().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            for (at, &c) in chars.iter().enumerate() {
                let before = at.checked_sub(1).map(|i| chars[i]);
                let after = chars.get(at + 1).copied();
                let fault = match c {
                    ':' | ';' | '!' | '?' if after != Some('/') => match before {
                        Some(' ') => Some("an ASCII space before"),
                        Some(b) if b.is_alphanumeric() || b == '}' || b == ')' => {
                            Some("no space before")
                        }
                        _ => None,
                    },
                    '«' if after == Some(' ') => Some("an ASCII space after"),
                    '»' if before == Some(' ') => Some("an ASCII space before"),
                    _ => None,
                };
                if let Some(fault) = fault {
                    let _ = line_no;
                    faults.push(format!("{}: {fault} {c:?} in {line:?}", message.place));
                }
            }
        }
    }
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

/// The retired forms of docs/glossary.md's last table: `(language, form)`.
fn retired_forms() -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/glossary.md");
    let glossary = std::fs::read_to_string(&path).unwrap();
    let (_, section) = glossary
        .split_once("## Retired forms")
        .expect("the glossary has its retired forms");
    let forms: Vec<(String, String)> = section
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            match cells.as_slice() {
                ["", lang @ ("de" | "fr"), form, _, ""] => {
                    Some((lang.to_string(), form.to_string()))
                }
                _ => None,
            }
        })
        .collect();
    assert!(forms.len() >= 10, "the retired forms were read: {forms:?}");
    forms
}

/// Whether `form` is in `text` as whole words, case aside.
fn has_form(text: &str, form: &str) -> bool {
    let (text, form) = (text.to_lowercase(), form.to_lowercase());
    text.match_indices(&form).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + form.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

#[test]
fn no_german_or_french_message_uses_a_retired_form() {
    let forms = retired_forms();
    let mut faults = Vec::new();
    for message in messages() {
        let text = texts(&message);
        for (lang, form) in &forms {
            if *lang == message.lang && has_form(&text, form) {
                faults.push(format!("{}: {form:?}", message.place));
            }
        }
    }
    assert!(
        faults.is_empty(),
        "retired forms (docs/glossary.md):\n{}",
        faults.join("\n")
    );
}

#[test]
fn german_quotes_with_low_and_high_marks_and_french_with_guillemets() {
    let mut faults = Vec::new();
    for message in messages().iter().filter(|m| m.lang != "en") {
        let text = texts(message);
        let wrong: &[char] = match message.lang.as_str() {
            "de" => &['"', '”', '«', '»'],
            _ => &['"', '“', '”', '„'],
        };
        if let Some(mark) = text.chars().find(|c| wrong.contains(c)) {
            faults.push(format!("{}: {mark:?}", message.place));
        }
        if message.lang == "de" && text.matches('„').count() != text.matches('“').count() {
            faults.push(format!("{}: „ without “", message.place));
        }
    }
    assert!(faults.is_empty(), "quotation marks:\n{}", faults.join("\n"));
}

/// The words of agora-web's rules pages in `lang` (`templates/rules/<game>.<lang>.html`), tags
/// and template code taken out: written as whole pages, not messages, so checked here apart.
fn rules_pages(lang: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/templates/rules");
    let mut pages = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(&format!(".{lang}.html")) {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let mut text = String::new();
        let mut inside = None;
        for (at, c) in source.char_indices() {
            match inside {
                None if c == '<' => inside = Some('>'),
                None if c == '{' && source[at + 1..].starts_with(['{', '%', '#']) => {
                    inside = Some('}');
                }
                None => text.push(c),
                Some(end) if c == end => {
                    inside = None;
                    text.push(' ');
                }
                Some(_) => {}
            }
        }
        pages.push((name, text));
    }
    assert_eq!(pages.len(), 3, "one rules page per game in {lang}");
    pages
}

#[test]
fn the_rules_pages_use_no_retired_form_and_french_spaces_its_punctuation() {
    let forms = retired_forms();
    let mut faults = Vec::new();
    for lang in ["de", "fr"] {
        for (name, text) in rules_pages(lang) {
            for (form_lang, form) in &forms {
                // German writes its nouns capitalised: the retired noun "Gegenüber" is not the
                // adverb "gegenüber", which a rules page may well need.
                let used = if lang == "de" {
                    text.match_indices(form.as_str()).any(|(at, _)| {
                        !text[..at].ends_with(char::is_alphanumeric)
                            && !text[at + form.len()..].starts_with(char::is_alphanumeric)
                    })
                } else {
                    has_form(&text, form)
                };
                if form_lang == lang && used {
                    faults.push(format!("{name}: {form:?}"));
                }
            }
            if lang == "fr" {
                for mark in [" :", " ;", " !", " ?", "« ", " »"] {
                    if text.contains(mark) {
                        faults.push(format!("{name}: an ASCII space in {mark:?}"));
                    }
                }
            }
        }
    }
    assert!(faults.is_empty(), "rules pages:\n{}", faults.join("\n"));
}
