//! The Tyranny table in words: the board tile by tile, one tile, the hand, the status line and
//! the end, in every language, from views only.

#[path = "../../games/tyranny/tests/common/mod.rs"]
mod common;

use agora_engine::{Game, Seat, Viewer};
use agora_present::tyranny::{describe_board, describe_tile, hand, outcome, status};
use agora_present::{Lang, Reader, Who};
use common::*;
use serde_json::json;

fn reader(lang: Lang, viewer: Viewer) -> Reader {
    Reader::new(lang, viewer, vec![Who::Person("Ada".into()), Who::Computer])
}

fn two_players(position: serde_json::Value) -> agora_tyranny::Tyranny {
    game(json!({"players": 2, "position": position}))
}

#[test]
fn the_board_names_every_piece_value_range_owner_tunnel_and_card_count() {
    let state = two_players(json!({
        "pieces": {"crim2": {"custody": true}, "cop1": {"tile": "O1"}, "crim1": {"misses": 1}},
        "owners": {"O13": "criminals", "I1": "cops"},
        "open_tunnels": ["B"],
        "hands": [["gains 7"], []],
        "discards": ["gamble 1"],
    }));
    let view = state.view(Viewer::Seat(Seat(0)));
    let lines = describe_board(&reader(Lang::En, view.viewer), &view);
    for line in [
        "Cop 1 (yours, cops) is on Rail Yard (O1), outer city.",
        "Criminal 1 (the computer's, criminals) is on Hideout (O14), outer city; it misses its next turn.",
        "Criminal 2 (the computer's, criminals) is in custody at Police Station (O0): it escapes on 6 or by paying 200.",
        "The outer city, 28 tiles clockwise:",
        "O0 Police Station: the cops' home base: cops are safe here, and cross to I0; here: Cop 2.",
        "O1 Rail Yard: property worth 45, captured on 4 to 6, neutral; here: Cop 1.",
        "O2 Gamble tile: land here to draw a Gamble card.",
        "O4 Tunnel A: end of tunnel A to I2, closed.",
        "O8 Cathedral Square: safe zone: no one is captured here.",
        "O13 Night Market: property worth 60, captured on 5 or 6, owned by the criminals.",
        "I1 City Hall: property worth 150, captured on 6, owned by the cops.",
        "I9 Tunnel B: end of tunnel B to O18, open.",
        "Tunnel A joins O4 and I2: closed; opening it costs 150.",
        "Tunnel B joins O18 and I9: open; collapsing it costs 150.",
        "Decks: 19 Gamble cards and 19 Gains cards; discarded: 1 Gamble card and 0 Gains cards.",
        "Face up in the discards: Gamble 1.",
    ] {
        assert!(
            lines.contains(&line.to_string()),
            "{line:?} not in\n{}",
            lines.join("\n")
        );
    }
    assert_eq!(lines.len(), 4 + 1 + 28 + 1 + 14 + 2 + 2);
    for lang in Lang::ALL {
        let lines = describe_board(&reader(lang, view.viewer), &view);
        assert_eq!(lines.len(), 52);
        assert!(lines.iter().all(|l| !l.contains('{')), "{lines:?}");
    }
    let de = describe_tile(&reader(Lang::De, view.viewer), &view, tile("O13"));
    assert_eq!(
        de,
        "O13 Nachtmarkt: Grundstück mit Wert 60, erobert mit 5 oder 6, gehört den Gaunern."
    );
    let fr = describe_tile(&reader(Lang::Fr, view.viewer), &view, tile("O1"));
    assert_eq!(
        fr,
        "O1 Gare de triage\u{202f}: propriété de valeur 45, prise sur 4 à 6, neutre\u{202f}; ici\u{202f}: Flic 1."
    );
    assert!(agora_present::text::take_misses().is_empty());
}

#[test]
fn the_hand_reads_each_card_with_the_readers_half() {
    let state = two_players(json!({"hands": [["gains 6", "gamble 3"], ["gains 6"]]}));
    let cop = state.view(Viewer::Seat(Seat(0)));
    assert_eq!(
        hand(&reader(Lang::En, cop.viewer), &cop),
        [
            "Gamble 3: the next arrest made by this seat's cops cannot be escaped, by paying or rolling; the criminal sits out 3 turns.",
            "Gains 6: names a die face that an arrested criminal must roll to escape; it may no longer pay.",
        ]
    );
    let crook = state.view(Viewer::Seat(Seat(1)));
    assert_eq!(
        hand(&reader(Lang::De, crook.viewer), &crook),
        [
            "Gains 6: in Gewahrsam zu spielen; die Figur bricht dann mit 2 bis 6 statt nur mit 6 aus."
        ]
    );
    let spectator = state.view(Viewer::Spectator);
    assert!(hand(&reader(Lang::En, Viewer::Spectator), &spectator).is_empty());
}

#[test]
fn the_status_line_gives_influence_streaks_turn_and_hands() {
    let state = two_players(json!({"influence": 1000, "high_streak": 2, "turns": 9,
        "to_move": "crim1", "pieces": {"crim1": {"custody": true}}, "hands": [["gains 7"], []]}));
    let view = state.view(Viewer::Seat(Seat(0)));
    assert_eq!(
        status(&reader(Lang::En, view.viewer), &view),
        "Influence 1000: the criminals win by holding 1000, the cops by holding 0. \
         Held at 1000 or more for 2 of 3 cop turns. \
         Turn 10 of 200, round 3 of 50: the computer's turn with Criminal 1, in custody: pay or roll to escape. \
         You hold one card and the computer holds no cards."
    );
    let state = two_players(json!({"influence": 0, "zero_streak": 1}));
    let view = state.view(Viewer::Seat(Seat(1)));
    let line = status(&reader(Lang::Fr, view.viewer), &view);
    assert!(
        line.contains("À 0 depuis 1 des 3 tours des truands."),
        "{line}"
    );
    assert!(line.contains("à Ada de jouer avec Flic 1."), "{line}");
    assert!(
        line.contains("Ada n’a aucune carte en main et vous n’avez aucune carte en main."),
        "{line}"
    );
    assert!(agora_present::text::take_misses().is_empty());
}

#[test]
fn the_outcome_says_who_won_why_and_for_whom() {
    let mut state = two_players(json!({"influence": 1000, "high_streak": 2}));
    assert!(
        outcome(
            &reader(Lang::En, Viewer::Spectator),
            &state.view(Viewer::Spectator)
        )
        .is_none()
    );
    play(&mut state, &["pass"]);
    let end = "The criminals win: the influence stayed at 1000 or more through three cop turns.";
    let at = |viewer| outcome(&reader(Lang::En, viewer), &state.view(viewer)).unwrap();
    assert_eq!(at(Viewer::Seat(Seat(1))), format!("{end} Your side wins."));
    assert_eq!(at(Viewer::Seat(Seat(0))), format!("{end} Your side loses."));
    assert_eq!(at(Viewer::Spectator), end);
    let view = state.view(Viewer::Seat(Seat(0)));
    assert_eq!(
        status(&reader(Lang::De, view.viewer), &view),
        "Die Partie ist nach einem Zug vorbei; der Einfluss steht bei 1000."
    );
    for (reason, influence) in [
        ("time_limit_criminals_ahead", 501),
        ("time_limit_cops_ahead", 499),
        ("time_limit_draw", 500),
    ] {
        let mut state =
            two_players(json!({"influence": influence, "turns": 199, "to_move": "crim2"}));
        play(&mut state, &["pass"]);
        let view = state.view(Viewer::Spectator);
        assert_eq!(state.outcome().unwrap().reason, reason);
        for lang in Lang::ALL {
            let line = outcome(&reader(lang, Viewer::Spectator), &view).unwrap();
            assert!(line.contains("50"), "{line}");
        }
    }
    assert!(agora_present::text::take_misses().is_empty());
}

/// The whole table in three languages, as a snapshot to read the translations side by side.
#[test]
fn the_table_in_every_language() {
    let state = two_players(json!({
        "influence": 720, "turns": 13, "to_move": "cop2",
        "pieces": {"cop2": {"tile": "O9"}, "crim1": {"custody": true, "escape_faces": [2, 3, 4, 5, 6]},
            "crim2": {"tile": "I4"}},
        "owners": {"O9": "criminals", "I4": "cops", "O23": "criminals"},
        "open_tunnels": ["A"],
        "hands": [["gamble 7", "gains 10"], ["gains 6"]],
        "discards": ["gains 9", "gamble 4"],
    }));
    let view = state.view(Viewer::Seat(Seat(0)));
    let mut text = String::new();
    for lang in Lang::ALL {
        let reader = reader(lang, view.viewer);
        text += &format!("## {lang}\n{}\n", status(&reader, &view));
        text += &format!("{}\n", hand(&reader, &view).join("\n"));
        text += &format!("{}\n", describe_board(&reader, &view).join("\n"));
    }
    assert!(agora_present::text::take_misses().is_empty());
    insta::assert_snapshot!(text);
}
