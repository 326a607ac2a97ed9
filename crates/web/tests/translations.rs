//! No page shows text that did not come from a translation: every page, rendered in German
//! and in French, contains none of the English sentences of `locales/en/*.ftl` (the literal
//! parts of messages long enough to be sentences, where the language's own message differs),
//! no word from an English stop-list, and in French, French typography (narrow no-break
//! spaces, grouped numbers).

mod common;
#[path = "../../present/tests/language_common/mod.rs"]
mod language_common;

use std::collections::BTreeMap;
use std::path::Path;

use common::fixture::{Fixture, Who};
use common::{Page, TestServer, html};
use reqwest::StatusCode;

/// Parts of a message shorter than this are words that languages may share ("Tyrus").
const SENTENCE: usize = 12;

/// The messages of one language's `.ftl` files, the pages' and the narrator's (whose
/// sentences the game pages show): id → the message's text as written (with its
/// placeables and variants).
fn messages(lang: &str) -> BTreeMap<String, String> {
    let web = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut messages = BTreeMap::new();
    for dir in [web.join("locales"), web.join("../present/locales")] {
        read_messages(&dir.join(lang), &mut messages);
    }
    messages
}

fn read_messages(dir: &Path, messages: &mut BTreeMap<String, String>) {
    let mut current: Option<String> = None;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if !line.starts_with(' ')
                && let Some((id, value)) = line.split_once(" = ").or(line.split_once('='))
            {
                let id = id.trim().to_string();
                messages.insert(id.clone(), value.trim().to_string());
                current = Some(id);
            } else if let Some(id) = &current {
                let text = messages.get_mut(id).unwrap();
                text.push('\n');
                text.push_str(line.trim());
            }
        }
    }
    assert!(messages.len() > 50, "{} has messages", dir.display());
}

/// The literal runs of a message: its text outside `{ ... }` placeables and selectors, and
/// each variant's text.
fn literals(message: &str) -> Vec<String> {
    let mut runs = Vec::new();
    let mut run = String::new();
    let mut depth = 0usize;
    for line in message.lines() {
        // A variant's key (`[one]`, `*[other]`) is not text.
        let line = line.trim_start_matches('*');
        let line = match line.strip_prefix('[') {
            Some(rest) => rest.split_once(']').map_or("", |(_, text)| text),
            None => line,
        };
        for ch in line.chars() {
            match ch {
                '{' => {
                    depth += 1;
                    runs.push(std::mem::take(&mut run));
                }
                '}' => depth = depth.saturating_sub(1),
                _ if depth == 0 => run.push(ch),
                _ => {}
            }
        }
        runs.push(std::mem::take(&mut run));
    }
    runs.into_iter()
        .map(|r| r.trim().trim_end_matches("->").trim().to_string())
        .filter(|r| r.chars().count() >= SENTENCE)
        .collect()
}

/// English runs that a page in `lang` must not show.
fn english_sentences(lang: &str) -> Vec<(String, String)> {
    let (english, other) = (messages("en"), messages(lang));
    let mut sentences = Vec::new();
    for (id, message) in &english {
        let theirs = other
            .get(id)
            .unwrap_or_else(|| panic!("{id} is missing in {lang}"));
        for run in literals(message) {
            if !theirs.contains(&run) {
                sentences.push((id.clone(), run));
            }
        }
    }
    assert!(sentences.len() > 100, "{}", sentences.len());
    sentences
}

/// What a reader may meet on a page: its text and the words in its attributes.
fn readable(page: &Page) -> String {
    let mut text = page.text();
    for tag in html::tags(&page.body) {
        for name in [
            "aria-label",
            "title",
            "alt",
            "placeholder",
            "data-warnings",
            "data-title",
        ] {
            if let Some(value) = tag.attr(name) {
                text.push('\n');
                text.push_str(value);
            }
        }
    }
    text
}

/// Every page and fragment in `lang`, with answers to forms: `(path, what it shows)`.
async fn shown_in(fixture: &mut Fixture, lang: &str) -> Vec<(String, String)> {
    let game = fixture.game.clone();
    fixture.set_lang(lang);
    let mut pages = Vec::new();
    for (_, who, path) in fixture.pages() {
        pages.push(fixture.client(who).get(&path).await);
    }
    let path = format!("/games/{game}/fragments?since=0");
    let fragments = fixture.client(Who::Ada).get(&path).await;
    let json = fragments.json();
    let mut parts: Vec<String> = json["fragments"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    parts.push(json["entries"].as_str().unwrap().to_string());
    parts.push(json["title"].as_str().unwrap().to_string());
    // Forms answered: a confirmation, errors, a refusal.
    let ada = fixture.client(Who::Ada);
    let page = ada.page(&format!("/games/{game}")).await;
    pages.push(
        ada.submit(&page, &format!("/games/{game}/resign"), &[])
            .await,
    );
    pages.push(
        ada.submit(
            &page,
            &format!("/games/{game}/move"),
            &[("move", "nonsense")],
        )
        .await,
    );
    let lobby = ada.page("/lobby").await;
    let bad_clock = [
        ("game", "tyrus"),
        ("clock", "live"),
        ("minutes", "0"),
        ("increment", "0"),
    ];
    pages.push(ada.submit(&lobby, "/tables", &bad_clock).await);
    pages.push(ada.post(&format!("/games/{game}/draw"), &[]).await);
    let visitor = fixture.client(Who::Visitor);
    let signup = visitor.page("/signup").await;
    pages.push(visitor.submit(&signup, "/signup", &[]).await);
    assert!(pages.iter().any(|p| p.status == StatusCode::FORBIDDEN));

    let mut shown: Vec<(String, String)> = pages
        .iter()
        .map(|p| (p.path.clone(), readable(p)))
        .collect();
    shown.extend(parts.iter().map(|p| (path.clone(), html::text(p))));
    shown
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_in_german_and_french_show_no_english_sentence() {
    let server = TestServer::start().await;
    let mut fixture = Fixture::new(&server).await;

    // The same pages in English show many of the sentences looked for: the search would
    // find them.
    let english = shown_in(&mut fixture, "en").await;
    let sentences = english_sentences("de");
    let found = sentences
        .iter()
        .filter(|(_, s)| english.iter().any(|(_, text)| text.contains(s.as_str())))
        .count();
    assert!(
        found >= 60,
        "only {found} of {} sentences found in English",
        sentences.len()
    );

    for lang in ["de", "fr"] {
        let sentences = english_sentences(lang);
        for (path, text) in shown_in(&mut fixture, lang).await {
            for (id, sentence) in &sentences {
                assert!(
                    !text.contains(sentence.as_str()),
                    "{path} in {lang} shows the English of {id}: {sentence:?}\n{text}"
                );
            }
            // No English word either, and French typography in French. A lone "?" is a
            // face-down tile's drawing (hidden from screen readers), not a question: the .ftl
            // files' own punctuation is checked by agora-present's locale_words test.
            let prose: Vec<&str> = text.split(' ').filter(|word| *word != "?").collect();
            language_common::assert_reads_natively(lang.parse().unwrap(), &path, &prose.join(" "));
        }
    }
    server.stop().await;
}

#[test]
fn every_message_is_in_every_language() {
    let english = messages("en");
    for lang in ["de", "fr"] {
        let other = messages(lang);
        let missing: Vec<&String> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<&String> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(missing.is_empty(), "missing in {lang}: {missing:?}");
        assert!(extra.is_empty(), "only in {lang}: {extra:?}");
    }
}
