//! docs/architecture.md is a map of the code, and docs/architecture/*.md its topic documents:
//! every path they name must exist. Checked: each backticked path from the repository's root
//! (`crates/…`, `docs/…`, `scripts/…`, `e2e/…`, `fuzz/…`) in any of them, each topic document
//! linked from the map, and each room in the map's table of the server's rooms (under
//! `crates/server/src`).

use std::path::{Path, PathBuf};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every backticked span of `text`.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// The backticked paths from the repository's root that `text` names.
fn rooted_paths(text: &str) -> Vec<&str> {
    const ROOTS: [&str; 5] = ["crates/", "docs/", "scripts/", "e2e/", "fuzz/"];
    code_spans(text)
        .into_iter()
        .filter(|span| ROOTS.iter().any(|root| span.starts_with(root)))
        .filter(|span| !span.contains(['*', '<', '{', ' ']))
        .collect()
}

/// The map's topic documents, `docs/architecture/*.md`, as paths from the repository's root.
fn topic_documents() -> Vec<String> {
    let dir = repository().join("docs/architecture");
    let mut topics: Vec<String> = std::fs::read_dir(&dir)
        .expect("docs/architecture/")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/architecture/{name}"))
        .collect();
    topics.sort();
    topics
}

#[test]
fn every_path_the_architecture_names_exists() {
    let topics = topic_documents();
    assert!(topics.len() >= 4, "too few topic documents: {topics:?}");
    for doc_path in std::iter::once("docs/architecture.md".to_owned()).chain(topics) {
        let doc = std::fs::read_to_string(repository().join(&doc_path)).expect("the doc");
        let paths = rooted_paths(&doc);
        assert!(
            paths.len() >= 3,
            "too few paths read in {doc_path}: {paths:?}"
        );
        let missing: Vec<&str> = paths
            .iter()
            .copied()
            .filter(|path| !repository().join(path).exists())
            .collect();
        assert!(
            missing.is_empty(),
            "{doc_path} names paths that do not exist: {missing:?}"
        );
    }
}

#[test]
fn the_map_links_every_topic_document() {
    let map = std::fs::read_to_string(repository().join("docs/architecture.md")).expect("the map");
    let named = rooted_paths(&map);
    let unlinked: Vec<String> = topic_documents()
        .into_iter()
        .filter(|topic| !named.contains(&topic.as_str()))
        .collect();
    assert!(
        unlinked.is_empty(),
        "topic documents docs/architecture.md does not name: {unlinked:?}"
    );
}

#[test]
fn every_server_room_in_the_table_exists() {
    let doc = std::fs::read_to_string(repository().join("docs/architecture.md")).expect("the doc");
    let table = doc
        .split("## The server's rooms")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("a section on the server's rooms");
    let rooms: Vec<&str> = table
        .lines()
        .filter(|line| line.starts_with("| `"))
        .filter_map(|line| code_spans(line).first().copied())
        .collect();
    assert!(rooms.len() >= 8, "too few rooms read: {rooms:?}");
    let src = repository().join("crates/server/src");
    let missing: Vec<&str> = rooms
        .into_iter()
        .filter(|room| !src.join(room).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "rooms in the table that are not in crates/server/src: {missing:?}"
    );
}

#[test]
fn a_missing_path_is_seen() {
    let text = "see `crates/web/src/lib.rs` and `crates/nowhere.rs`, not `crates/{x}` or `ai.rs`";
    let paths = rooted_paths(text);
    assert_eq!(paths, ["crates/web/src/lib.rs", "crates/nowhere.rs"]);
    assert!(!repository().join(paths[1]).exists());
}
