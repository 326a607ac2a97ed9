//! The Tyranny narrator and every card: each half drawn, named with its text (and only
//! counted for the other seats when it is kept), each immediate card's effect, each kept
//! card played, for both factions.

#[path = "../../games/tyranny/tests/common/mod.rs"]
mod common;
mod tyranny_narration;

use agora_engine::Viewer;
use agora_present::Lang;
use agora_present::tyranny::card_text;
use agora_tyranny::{Card, Deck, Faction};
use common::*;
use serde_json::json;
use tyranny_narration::*;

#[test]
fn every_card_half_drawn_is_named_with_its_text() {
    for (piece, faction, drawer) in [
        ("cop1", Faction::Cops, "Ada"),
        ("crim1", Faction::Criminals, "Bruno"),
    ] {
        for card in Card::all() {
            // Gains 3 and 4 need a property to act on.
            let extra =
                json!({"owners": {"O9": faction.other().name(), "O13": faction.other().name()}});
            let (mine, theirs, _) = draw(piece, card, extra);
            let text = card_text(Lang::En, card, faction);
            let half = format!("{card}, the {faction}' half: {text}")
                .replace("gamble", "Gamble")
                .replace("gains", "Gains");
            has(&mine, &half);
            assert!(!text.contains("you"), "{text}");
            if card.is_kept() {
                has(&mine, "You draw and keep ");
                // Another seat hears only that a card of that deck was kept.
                let deck = if card.deck() == Deck::Gamble {
                    "Gamble"
                } else {
                    "Gains"
                };
                has(
                    &theirs,
                    &format!("{drawer} draws a {deck} card and keeps it face down."),
                );
                lacks(&theirs, &card.to_string().replace("gains", "Gains"));
            } else {
                has(&mine, "You draw ");
                has(&theirs, &format!("{drawer} draws {half}."));
            }
        }
    }
}

#[test]
fn immediate_cards_tell_their_effect() {
    let cases: [(&str, &str, &[&str]); 12] = [
        (
            "cop1",
            "gamble 1",
            &["Influence 500 → 400 (−100): Gamble 1."],
        ),
        (
            "crim1",
            "gamble 2",
            &["Influence 500 → 400 (−100): Gamble 2."],
        ),
        (
            "cop1",
            "gamble 4",
            &["Gamble 4: Cop 1 goes to Police Station (I0)."],
        ),
        (
            "crim1",
            "gamble 5",
            &[
                "Gamble 5: Criminal 1 goes to Police Station (O0).",
                "Criminal 1 will miss its next turn.",
            ],
        ),
        (
            "crim1",
            "gamble 9",
            &["Influence 500 → 400 (−100): Gamble 9."],
        ),
        ("cop1", "gamble 10", &["Cop 1 will miss its next turn."]),
        ("cop1", "gains 3", &["The cops take Tenements (O7)."]),
        ("crim1", "gains 3", &["The criminals take Tenements (O7)."]),
        ("cop1", "gains 4", &["Gains 4 has nothing to act on."]),
        (
            "crim1",
            "gains 8",
            &["Influence 500 → 750 (+250): Gains 8."],
        ),
        ("cop1", "gains 9", &["Influence 500 → 0 (−500): Gains 9."]),
        ("cop1", "gains 5", &["Gains 5 has nothing to act on."]),
    ];
    for (piece, card, expected) in cases {
        let (mine, _, _) = draw(piece, card.parse().unwrap(), json!({}));
        for line in expected {
            has(&mine, line);
        }
    }
    let (mine, _, _) = draw(
        "crim1",
        "gains 4".parse().unwrap(),
        json!({"owners": {"O9": "cops"}}),
    );
    has(&mine, "Laundromat (O9) is neutral again.");
    // Gamble 6 and 8 move the piece, the one by choice, the other by a roll for the card.
    let (_, _, mut state) = draw("cop1", "gamble 6".parse().unwrap(), json!({}));
    let lines = told(&mut state, seat(0), &["advance 3"]);
    has(&lines, "You move Cop 1 3 tiles with Gamble 6.");
    has(
        &lines,
        "Cop 1 moves 3 tiles from Gamble tile (O2) to Pawn Shop (O5).",
    );
    let (_, _, mut state) = draw("cop1", "gamble 8".parse().unwrap(), json!({}));
    let lines = told(&mut state, seat(0), &["roll 2"]);
    has(
        &lines,
        "The die shows 2 for Gamble 8: Cop 1 moves that many tiles.",
    );
    // Gains 5 with a victim: the target and the blind discard, seen by all.
    let (_, _, mut state) = draw(
        "cop1",
        "gains 5".parse().unwrap(),
        json!({"hands": [[], ["gains 7"], [], []]}),
    );
    let lines = told(
        &mut state,
        Viewer::Spectator,
        &["target seat 1", "pick gains 7"],
    );
    has(
        &lines,
        "Ada makes Bruno discard a card picked blind (Gains 5).",
    );
    has(
        &lines,
        "Bruno discards Gains 7, picked blind from the hand.",
    );
}

#[test]
fn every_kept_card_played_is_told_for_both_halves() {
    // Gamble 7, both halves.
    for (piece, seat_n, hands) in [
        ("cop1", 0, json!([["gamble 7"], [], [], []])),
        ("crim1", 1, json!([[], ["gamble 7"], [], []])),
    ] {
        let mut state =
            position(json!({"pieces": {piece: {"tile": "O6"}}, "to_move": piece, "hands": hands}));
        let lines = told(&mut state, seat(seat_n), &["play gamble 7"]);
        has(&lines, "You play Gamble 7 for ");
        has(
            &lines,
            "the piece switches to the facing tile of the other city.",
        );
        has(&lines, " goes to Gains tile (I3).");
    }
    // Gains 1 and 2, both halves, before a capture.
    for (piece, seat_n, who) in [("cop1", 0u8, "Cop 1"), ("crim1", 1, "Criminal 1")] {
        let mut hands = vec![json!([]); 4];
        hands[usize::from(seat_n)] = json!(["gains 1", "gains 2"]);
        let mut state =
            position(json!({"pieces": {piece: {"tile": "O1"}}, "to_move": piece, "hands": hands}));
        let lines = told(
            &mut state,
            seat(2),
            &[
                "play gains 2",
                "play gains 1",
                "capture",
                "roll 5",
                "roll 2",
            ],
        );
        let name = if seat_n == 0 { "Ada" } else { "Bruno" };
        has(&lines, &format!("{name} plays Gains 2 for {who}: "));
        has(&lines, &format!("{name} plays Gains 1 for {who}: "));
        has(&lines, "which needs 1 to 3.");
        has(&lines, "The capture of Rail Yard (O1) fails.");
        has(
            &lines,
            "The die shows 2 for the capture of Rail Yard (O1), which needs 1 to 3.",
        );
    }
    // Gains 6, the cops' half on a criminal in custody, the criminals' half in custody.
    let mut state = position(
        json!({"pieces": {"crim1": {"custody": true}}, "hands": [["gains 6"], [], [], []]}),
    );
    let lines = told(&mut state, seat(1), &["play gains 6 crim1 3"]);
    has(
        &lines,
        "Ada plays Gains 6 on Criminal 1: it now escapes only on a 3 and may no longer pay.",
    );
    let mut state = position(
        json!({"pieces": {"crim1": {"custody": true}}, "to_move": "crim1", "hands": [[], ["gains 6"], [], []]}),
    );
    let lines = told(&mut state, seat(1), &["play gains 6", "escape", "roll 4"]);
    has(
        &lines,
        "You play Gains 6 for Criminal 1: played in custody, the piece escapes on 2 to 6 instead of 6.",
    );
    has(&lines, "Criminal 1 now escapes on 2 to 6.");
    has(
        &lines,
        "Criminal 1 escapes custody and is back at Hideout (O14).",
    );
    // Gains 7, both halves.
    for (piece, seat_n) in [("cop1", 0u8), ("crim1", 1)] {
        let mut hands = vec![json!([]); 4];
        hands[usize::from(seat_n)] = json!(["gains 7"]);
        let mut state = position(json!({"to_move": piece, "hands": hands, "open_tunnels": ["B"]}));
        let lines = told(&mut state, seat(3), &["play gains 7 tunnel B"]);
        has(&lines, "plays Gains 7 on tunnel B.");
        has(&lines, "collapses tunnel B (O18–I9).");
        lacks(&lines, "Influence");
    }
    // Gamble 3, both halves, at an arrest; and both at once.
    let mut state =
        position(json!({"pieces": {"crim1": {"tile": "O3"}}, "hands": [["gamble 3"], [], [], []]}));
    let lines = told(&mut state, seat(1), &["move", "roll 3"]);
    has(&lines, "Ada plays Gamble 3.");
    has(
        &lines,
        "Gamble 3: Criminal 1 cannot escape this arrest and sits out 3 turns.",
    );
    let mut state =
        position(json!({"pieces": {"crim1": {"tile": "O3"}}, "hands": [[], ["gamble 3"], [], []]}));
    let lines = told(&mut state, seat(1), &["move", "roll 3"]);
    has(&lines, "You play Gamble 3.");
    has(
        &lines,
        "Gamble 3: Criminal 1 escapes the arrest at once and is back at Hideout (O14).",
    );
    let mut state = position(
        json!({"pieces": {"crim1": {"tile": "O3"}}, "hands": [["gamble 3"], ["gamble 3"], [], []]}),
    );
    let lines = told(&mut state, seat(2), &["move", "roll 3"]);
    has(
        &lines,
        "Both Gamble 3 cards were played at the arrest of Criminal 1 and cancel out",
    );
}
