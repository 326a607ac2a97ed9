//! A Tyranny hint in words: the choice, where the piece stands, and what each face of the die
//! brings (where it ends, whom it arrests or kidnaps, which property changes hands, how the
//! influence moves), then which enemies could reach it there.

use agora_ai::Hint;
use agora_ai::hint::{TyrannyFacts, TyrannyOutcome};
use agora_tyranny::{Faction, Move, Piece};

use super::{HintText, told};
use crate::text::{Args, list, text_with};
use crate::tyranny::{faces, piece_name, tile_name};
use crate::{Reader, args};

/// A Tyranny hint: the choice in words, then what comes of it, face by face when the die
/// decides.
pub fn tyranny(reader: &Reader, hint: &Hint<Move, TyrannyFacts>) -> HintText {
    let lang = reader.lang;
    let facts = &hint.best.facts;
    let mut reasons = vec![text_with(
        lang,
        "hint-tyranny-choice",
        &args![("choice", facts.choice)],
    )];
    let piece = piece_name(lang, facts.piece);
    reasons.push(match facts.from {
        Some(tile) => text_with(
            lang,
            "hint-tyranny-stands",
            &args![("piece", piece.as_str()), ("tile", tile_name(lang, tile))],
        ),
        None => text_with(lang, "hint-tyranny-held", &args![("piece", piece.as_str())]),
    });
    let quiet: u8 = facts
        .outcomes
        .iter()
        .filter(|o| o.faces != 0 && o.is_quiet())
        .fold(0, |mask, o| mask | o.faces);
    for outcome in &facts.outcomes {
        if outcome.faces != 0 && outcome.is_quiet() {
            continue;
        }
        let what = clauses(reader, facts, outcome);
        if what.is_empty() {
            continue;
        }
        let mut args = args![("piece", piece.as_str()), ("what", list(lang, &what))];
        if outcome.faces == 0 {
            args.insert("faces".into(), "none".into());
        } else {
            args.insert("faces".into(), faces(lang, outcome.faces).into());
        }
        reasons.push(text_with(lang, "hint-tyranny-outcome", &args));
    }
    if quiet != 0 {
        reasons.push(text_with(
            lang,
            "hint-tyranny-quiet",
            &args![("faces", faces(lang, quiet))],
        ));
    }
    told(reader, hint, reasons, |s| s.notation.clone())
}

/// What one outcome does, each a phrase with the piece as its subject.
fn clauses(reader: &Reader, facts: &TyrannyFacts, outcome: &TyrannyOutcome) -> Vec<String> {
    let lang = reader.lang;
    let does = |what: &str, more: Args| {
        let mut args = more;
        args.insert("what".into(), what.to_string().into());
        text_with(lang, "hint-tyranny-does", &args)
    };
    let pieces = |pieces: &[Piece]| {
        let names: Vec<String> = pieces.iter().map(|&p| piece_name(lang, p)).collect();
        list(lang, &names)
    };
    let mut what = Vec::new();
    match outcome.at {
        Some(at) if outcome.freed => what.push(does("freed", args![("tile", tile_name(lang, at))])),
        Some(at) if Some(at) != facts.from => {
            // Crossing is not a move: the piece goes to the other city, it does not land.
            let verb = if facts.choice == "cross" {
                "crosses"
            } else {
                "lands"
            };
            what.push(does(verb, args![("tile", tile_name(lang, at))]));
        }
        Some(at) if outcome.faces == 0 => {
            what.push(does("stays", args![("tile", tile_name(lang, at))]));
        }
        Some(_) => {}
        None if facts.from.is_none() => what.push(does("held", Args::new())),
        None => {}
    }
    if !outcome.captures.is_empty() {
        let verb = match facts.piece.faction() {
            Faction::Cops => "arrests",
            Faction::Criminals => "kidnaps",
        };
        what.push(does(
            verb,
            args![
                ("pieces", pieces(&outcome.captures)),
                ("count", outcome.captures.len())
            ],
        ));
    }
    if let Some((tile, owner)) = outcome.owner {
        let owner = owner.map_or("none", Faction::name);
        what.push(does(
            "owner",
            args![("tile", tile_name(lang, tile)), ("owner", owner)],
        ));
    }
    if let Some(tile) = outcome.failed_capture {
        what.push(does("fails", args![("tile", tile_name(lang, tile))]));
    }
    if let Some((before, after)) = outcome.influence {
        what.push(does(
            "influence",
            args![("before", before), ("after", after)],
        ));
    }
    if !outcome.passes.is_empty() {
        what.push(does(
            "passes",
            args![
                ("pieces", pieces(&outcome.passes)),
                ("count", outcome.passes.len())
            ],
        ));
    }
    if let Some(deck) = outcome.may_draw {
        what.push(does("draw", args![("deck", deck.name())]));
    }
    if outcome.may_cross {
        what.push(does("cross", Args::new()));
    }
    if !outcome.in_reach_of.is_empty() {
        what.push(does(
            "reach",
            args![
                ("pieces", pieces(&outcome.in_reach_of)),
                ("count", outcome.in_reach_of.len())
            ],
        ));
    } else if outcome.at.is_some() && outcome.faces == 0 {
        what.push(does("safe", Args::new()));
    }
    what
}
