//! Every language has every message: the `.ftl` files of both crates (agora-present's and
//! agora-web's, every file, including ones added later) are parsed, and a message (or term)
//! that one language has and another lacks fails, naming both; so does a message defined twice
//! in one crate's language (the loader refuses the whole language then).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use agora_present::Lang;
use fluent_syntax::ast::Entry;

/// `crate/file name → message ids` for one language, in the files' order.
fn messages(lang: Lang) -> BTreeMap<String, Vec<String>> {
    let present = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = BTreeMap::new();
    for (krate, root) in [
        ("present", present.join("locales")),
        ("web", present.join("../web/locales")),
    ] {
        read_dir(&root.join(lang.code()), krate, lang, &mut files);
    }
    files
}

fn read_dir(dir: &Path, krate: &str, lang: Lang, files: &mut BTreeMap<String, Vec<String>>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("ftl") {
            continue;
        }
        let name = format!("{krate}/{}", path.file_name().unwrap().to_string_lossy());
        let source = std::fs::read_to_string(&path).unwrap();
        let resource = fluent_syntax::parser::parse(source.as_str())
            .unwrap_or_else(|(_, errors)| panic!("{lang}/{name} does not parse: {errors:?}"));
        let ids = resource
            .body
            .iter()
            .filter_map(|entry| match entry {
                Entry::Message(m) => Some(m.id.name.to_string()),
                Entry::Term(t) => Some(format!("-{}", t.id.name)),
                _ => None,
            })
            .collect();
        files.insert(name, ids);
    }
}

#[test]
fn every_language_has_every_message() {
    let all: Vec<(Lang, BTreeMap<String, BTreeSet<String>>)> = Lang::ALL
        .into_iter()
        .map(|l| {
            let files = messages(l).into_iter();
            (
                l,
                files
                    .map(|(f, ids)| (f, ids.into_iter().collect()))
                    .collect(),
            )
        })
        .collect();
    let mut missing = Vec::new();
    for (lang, files) in &all {
        for (other, other_files) in &all {
            for (file, ids) in other_files {
                let Some(mine) = files.get(file) else {
                    missing.push(format!("{lang} has no {file} ({other} has)"));
                    continue;
                };
                for id in ids.difference(mine) {
                    missing.push(format!("{lang}/{file} lacks {id} ({other} has it)"));
                }
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    assert!(
        all[0].1.values().map(BTreeSet::len).sum::<usize>() > 40,
        "the files were read"
    );
    for file in [
        "present/common.ftl",
        "present/cli.ftl",
        "present/events.ftl",
        "present/tyrus.ftl",
        "present/tsuro.ftl",
        "web/pages.ftl",
        "web/tyranny.ftl",
    ] {
        assert!(all[0].1.contains_key(file), "{file} was read");
    }
}

#[test]
fn no_message_is_defined_twice_in_one_crates_language() {
    let mut twice = Vec::new();
    for lang in Lang::ALL {
        let mut seen: BTreeMap<(String, String), String> = BTreeMap::new();
        for (file, ids) in messages(lang) {
            let krate = file.split('/').next().unwrap_or_default().to_string();
            for id in ids {
                if let Some(first) = seen.insert((krate.clone(), id.clone()), file.clone()) {
                    twice.push(format!("{lang}: {id} in {first} and {file}"));
                }
            }
        }
    }
    assert!(twice.is_empty(), "{}", twice.join("\n"));
}
