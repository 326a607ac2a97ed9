//! Every refusal code of every game is worded in every language, with every argument used,
//! and the German and French wordings hold no English.

use agora_engine::{EngineRefusal, Refusal, RefusalArg, Seat, Viewer};
use agora_present::refusal::refusal;
use agora_present::text::take_misses;
use agora_present::{Lang, Reader, Who};
use agora_tsuro::TsuroRefusal;
use agora_tyranny::TyrannyRefusal;
use agora_tyrus::TyrusRefusal;
use language_common::english_words;

mod language_common;

fn reader(lang: Lang) -> Reader {
    Reader::new(
        lang,
        Viewer::Seat(Seat(0)),
        vec![Who::Person("Ada".into()), Who::Person("Bruno".into())],
    )
}

/// A plausible value for each argument a code names, in the game's notation.
fn sample(game: &str, name: &str) -> RefusalArg {
    let word = |w: &'static str| RefusalArg::Word(w.into());
    match (game, name) {
        ("tyrus", "tile") => word("S2"),
        ("tsuro", "tile") => word("01-23-45-67"),
        ("tyranny", "tile") => word("O1"),
        (_, "mark") => word("c1.0"),
        (_, "word") => word("x9"),
        (_, "piece") => word("crim1"),
        (_, "passed") => word("cop1"),
        (_, "target") => word("crim2"),
        (_, "card") => word("gains 7"),
        (_, "deck") => word("gains"),
        (_, "faction") => word("cops"),
        (_, "phase") => word("custody"),
        (_, "mv") => word("capture"),
        (_, "tunnel") => word("A"),
        (_, "place" | "waiting") => word("English only"),
        (_, "seat") => RefusalArg::Number(1),
        _ => RefusalArg::Number(7),
    }
}

fn with_samples(game: &str, base: Refusal, names: &[&'static str]) -> Refusal {
    names
        .iter()
        .fold(base, |r, name| r.with(name, sample(game, name)))
}

/// Every code with sample arguments.
pub fn every_refusal() -> Vec<Refusal> {
    let mut all = Vec::new();
    for code in EngineRefusal::ALL {
        all.push(with_samples("engine", code.refusal(), code.arg_names()));
    }
    for code in TyrusRefusal::ALL {
        all.push(with_samples("tyrus", code.refusal(), code.arg_names()));
    }
    for code in TsuroRefusal::ALL {
        all.push(with_samples("tsuro", code.refusal(), code.arg_names()));
    }
    for code in TyrannyRefusal::ALL {
        all.push(with_samples("tyranny", code.refusal(), code.arg_names()));
    }
    all
}

#[test]
fn every_code_is_worded_in_every_language() {
    let all = every_refusal();
    assert!(all.len() > 90, "{} codes", all.len());
    let mut problems = Vec::new();
    take_misses();
    for r in &all {
        let english = refusal(&reader(Lang::En), r);
        for lang in Lang::ALL {
            let said = refusal(&reader(lang), r);
            for miss in take_misses() {
                problems.push(format!("{}: {miss}", r.code()));
            }
            if said.is_empty() || said.contains('{') || said.starts_with("refusal-") {
                problems.push(format!("{lang} {}: {said:?}", r.code()));
            }
            if said.contains("English only") {
                problems.push(format!(
                    "{lang} {}: uses an English-only argument",
                    r.code()
                ));
            }
            if lang == Lang::En {
                continue;
            }
            if said == english {
                problems.push(format!("{lang} {}: same as English: {said}", r.code()));
            }
            let found = english_words(&said);
            if !found.is_empty() {
                problems.push(format!("{lang} {}: English {found:?} in {said}", r.code()));
            }
            if lang == Lang::Fr && [" :", " ;", " !", " ?"].iter().any(|p| said.contains(p)) {
                problems.push(format!(
                    "fr {}: ASCII space before punctuation: {said}",
                    r.code()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_review_s_examples_read_as_proposed() {
    let s2 = TyrusRefusal::NotInHand.with("tile", "S2");
    assert_eq!(
        refusal(&reader(Lang::En), &s2),
        "Soldier 2 is not in your hand."
    );
    assert_eq!(
        refusal(&reader(Lang::De), &s2),
        "Soldat 2 hast du nicht auf der Hand."
    );
    assert_eq!(
        refusal(&reader(Lang::Fr), &s2),
        "Vous n’avez pas la tuile Soldat 2 en main."
    );
    let error = agora_engine::ParseMoveError::new("foo", TyrusRefusal::Shape);
    let said = agora_present::refusal::unreadable(&reader(Lang::De), &error);
    assert!(said.starts_with("„foo“ ist kein gültiger Zug. "), "{said}");
}

#[test]
fn a_seat_is_named_as_the_reader_knows_it() {
    let turn = EngineRefusal::NotYourTurn.with("seat", Seat(1));
    assert_eq!(
        refusal(&reader(Lang::De), &turn),
        "Du bist nicht dran: Bruno ist am Zug."
    );
    let computer = Reader::new(
        Lang::Fr,
        Viewer::Seat(Seat(0)),
        vec![Who::Person("Ada".into()), Who::Computer],
    );
    assert_eq!(
        refusal(&computer, &turn),
        "Ce n’est pas à vous de jouer\u{202f}: c’est à l’ordinateur."
    );
}
