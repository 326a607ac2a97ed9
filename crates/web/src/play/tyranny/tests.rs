//! The Tyranny page's model: moves checked and asked in words, every legal move a button,
//! the board's previews of where a choice goes, and a stolen card told to its owner alone.

use agora_engine::{Game, Seat, Viewer};
use agora_present::{Reader, Who};
use agora_tyranny::{Setup, Tyranny};

use super::*;

fn reader(viewer: Viewer) -> Reader {
    Reader::new(
        Lang::En,
        viewer,
        vec![Who::Person("Ada".into()), Who::Computer],
    )
}

fn start() -> Tyranny {
    Tyranny::from_setup(&Setup {
        players: 2,
        position: None,
    })
    .unwrap()
}

#[test]
fn a_move_is_checked_with_the_engine_and_asked_in_words() {
    let tr = Tr(Lang::En);
    let game = start();
    let ada = reader(Viewer::Seat(Seat(0)));
    assert_eq!(
        check(tr, &ada, &game, "move"),
        Ok("Roll the die and move?".to_string())
    );
    assert_eq!(
        check(tr, &ada, &game, "roll 6"),
        Err(tr.t("tyranny-refused-chance"))
    );
    assert_eq!(
        check(tr, &ada, &game, "fly away"),
        Err("\"fly away\" is not a move. There is no such move.".to_string())
    );
    let refused = check(tr, &ada, &game, "capture").unwrap_err();
    assert!(refused.contains("is not on a property but on"), "{refused}");
}

#[test]
fn a_refused_move_is_told_in_the_reader_s_language() {
    let game = start();
    for (lang, unreadable, refused) in [
        (
            Lang::De,
            "„fly away“ ist kein gültiger Zug.",
            "steht auf keinem Grundstück",
        ),
        (
            Lang::Fr,
            "«\u{202f}fly away\u{202f}» n’est pas un coup valable.",
            "n’est pas sur une propriété",
        ),
    ] {
        let mut ada = reader(Viewer::Seat(Seat(0)));
        ada.lang = lang;
        let said = check(Tr(lang), &ada, &game, "fly away").unwrap_err();
        assert!(said.starts_with(unreadable), "{said}");
        let said = check(Tr(lang), &ada, &game, "capture").unwrap_err();
        assert!(said.contains(refused), "{said}");
        super::language_common::assert_reads_natively(lang, "a refusal", &said);
    }
}

/// The legal moves at the start, and Ada's table with them offered (in English).
fn ada_at_start(game: &Tyranny) -> (Vec<String>, TyrannyTable) {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let legal: Vec<String> = moves.iter().map(|m| game.format_move(*m)).collect();
    let around = Around {
        names: &[],
        legal: &legal,
        ..Around::default()
    };
    let table = table(Tr(Lang::En), &reader(Viewer::Seat(Seat(0))), game, &around);
    (legal, table)
}

#[test]
fn every_legal_move_is_a_button_in_words_and_a_spectator_has_none() {
    let game = start();
    let (legal, table) = ada_at_start(&game);
    let offered: Vec<&Choice> = table.groups.iter().flat_map(|g| &g.choices).collect();
    assert_eq!(offered.len(), legal.len());
    for choice in offered {
        assert!(legal.contains(&choice.notation));
        assert_ne!(choice.label, choice.notation, "{}", choice.label);
    }
    assert_eq!(table.tiers[0].cells.len() + table.tiers[1].cells.len(), 42);
    assert!(table.drawing.starts_with("<svg class=\"ty-board\""));
    let watched = table_for_spectator(&game, &legal);
    assert!(watched.groups.is_empty() && watched.hand.is_empty());
    assert_eq!(watched.last_roll.as_deref(), Some("The die shows 4."));
}

#[test]
fn the_board_previews_where_a_roll_or_a_crossing_takes_the_piece() {
    let game = start();
    let (legal, table) = ada_at_start(&game);
    let preview = |id: &str| {
        let start = format!("<g class=\"ty-dest\" data-choice=\"{id}\">");
        let rest = table.drawing.split(&start).nth(1).unwrap_or_default();
        rest.split("</g>").next().unwrap_or_default().to_string()
    };
    // Cop 1 stands on O0: a roll of 1 to 6 leads to O1 to O6, each marked with its face.
    let roll = preview("choice-move");
    assert_eq!(roll.matches("<circle").count(), 6, "{roll}");
    for face in 1..=6 {
        assert!(roll.contains(&format!(">{face}</text>")), "{roll}");
    }
    // The crossing leads to I0, one mark; passing goes nowhere, so it has none.
    assert_eq!(preview("choice-cross").matches("<circle").count(), 1);
    assert!(!table.drawing.contains("data-choice=\"choice-pass\""));
    // A spectator has no choices, so no previews.
    let watched = table_for_spectator(&game, &legal);
    assert!(!watched.drawing.contains("ty-dest"));
}

#[test]
fn a_card_stolen_from_the_reader_is_named_to_the_reader_alone() {
    let setup: Setup = serde_json::from_value(serde_json::json!({
        "players": 2,
        "position": {"hands": [["gains 10"], ["gains 7"]]}
    }))
    .unwrap();
    let bob = Reader::new(
        Lang::En,
        Viewer::Seat(Seat(1)),
        vec![Who::Person("Ada".into()), Who::Person("Bob".into())],
    );
    let watcher = reader(Viewer::Spectator);
    let mut last = LastMoves::default();
    let mut told = (Tyranny::from_setup(&setup).unwrap(), None);
    let mut watched = (Tyranny::from_setup(&setup).unwrap(), None);
    for mv in ["play gains 10 seat 1", "pick gains 7"] {
        let (_, stolen) = narrate(&bob, &mut told.0, mv, &mut last).unwrap();
        told.1 = told.1.or(stolen);
        let (lines, stolen) = narrate(&watcher, &mut watched.0, mv, &mut last).unwrap();
        watched.1 = watched.1.or(stolen);
        assert!(lines.iter().all(|l| !l.contains("Gains 7")), "{lines:?}");
    }
    assert_eq!(told.1.as_deref(), Some("Ada steals Gains 7 from you."));
    assert_eq!(watched.1, None);

    // Until the thief shows it, the seats list says who holds the reader's card.
    let ada_line = |reader: &Reader, lang| {
        let around = Around {
            names: &[],
            legal: &[],
            last_roll: None,
            stolen: None,
            marks: Marks::default(),
        };
        table(Tr(lang), reader, &told.0, &around).seats[0]
            .details
            .clone()
    };
    assert!(ada_line(&bob, Lang::En).ends_with(" · holds your Gains 7"));
    let in_lang = |lang| Reader::new(lang, Viewer::Seat(Seat(1)), bob.seats.clone());
    assert!(ada_line(&in_lang(Lang::De), Lang::De).ends_with(" · hat deine Karte Gains 7"));
    assert!(ada_line(&in_lang(Lang::Fr), Lang::Fr).ends_with(" · détient votre carte Gains 7"));
    for other in [watcher, reader(Viewer::Seat(Seat(0)))] {
        assert!(!ada_line(&other, Lang::En).contains("Gains 7"));
    }
}

fn table_for_spectator(game: &Tyranny, legal: &[String]) -> TyrannyTable {
    let around = Around {
        names: &[],
        legal,
        last_roll: Some((4, "The die shows 4.".into())),
        stolen: None,
        marks: Marks::default(),
    };
    table(Tr(Lang::En), &reader(Viewer::Spectator), game, &around)
}
