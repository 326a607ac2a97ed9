//! The Tyranny narrator through real games: every kind of event, every card half drawn and
//! played, rolls for each purpose, the causes of influence, steals as the thief, the victim
//! and everyone else hear them, the end told once; and nothing a reader may not know.

#[path = "../../games/tyranny/tests/common/mod.rs"]
mod common;

use agora_engine::{Game, Seat, Viewer};
use agora_present::tyranny::{card_text, narrate_move};
use agora_present::{Lang, Reader, Who};
use agora_tyranny::{Card, Deck, Faction, Tyranny};
use common::*;
use serde_json::{Value, json};

/// A four-seat table: Ada, Bruno and Chloé are people, seat 3 the computer.
fn reader(lang: Lang, viewer: Viewer) -> Reader {
    let seats = vec![
        Who::Person("Ada".into()),
        Who::Person("Bruno".into()),
        Who::Person("Chloé".into()),
        Who::Computer,
    ];
    Reader::new(lang, viewer, seats)
}

/// Plays `moves` and returns what `viewer` hears of them, in `lang`; fails on any message
/// that did not resolve.
fn told_in(lang: Lang, state: &mut Tyranny, viewer: Viewer, moves: &[&str]) -> Vec<String> {
    let reader = reader(lang, viewer);
    let mut lines = Vec::new();
    for text in moves {
        let mv = state.parse_move(text).unwrap();
        let before = state.view(viewer);
        let seen = state.seen_move(mv, viewer);
        let events: Vec<_> = (state.play_logged(mv))
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .into_iter()
            .map(|e| e.seen_by(viewer))
            .collect();
        lines.extend(narrate_move(
            &reader,
            &before,
            &seen,
            &events,
            &state.view(viewer),
        ));
    }
    let misses = agora_present::text::take_misses();
    assert!(misses.is_empty(), "{misses:?}");
    lines
}

fn told(state: &mut Tyranny, viewer: Viewer, moves: &[&str]) -> Vec<String> {
    told_in(Lang::En, state, viewer, moves)
}

fn seat(n: u8) -> Viewer {
    Viewer::Seat(Seat(n))
}

fn has(lines: &[String], needle: &str) {
    assert!(
        lines.iter().any(|l| l.contains(needle)),
        "{needle:?} not in:\n{}",
        lines.join("\n")
    );
}

fn lacks(lines: &[String], needle: &str) {
    assert!(
        lines.iter().all(|l| !l.contains(needle)),
        "{needle:?} in:\n{}",
        lines.join("\n")
    );
}

/// A position where `piece` (cop1 or crim1) is about to land on a tile of `deck` and draw.
fn before_a_draw(piece: &str, deck: Deck, extra: Value) -> Tyranny {
    let from = if deck == Deck::Gamble { "O1" } else { "O5" };
    let mut position = json!({"pieces": {piece: {"tile": from}}, "to_move": piece});
    if let (Value::Object(p), Value::Object(e)) = (&mut position, extra) {
        p.extend(e);
    }
    let mut state = position_of(position);
    play(&mut state, &["move", "roll 1", "draw"]);
    state
}

fn position_of(value: Value) -> Tyranny {
    position(value)
}

#[test]
fn rolls_say_what_they_are_for() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}}}));
    let lines = told(&mut state, seat(0), &["capture", "roll 5"]);
    assert_eq!(
        lines,
        [
            "You roll for Cop 1 to capture Rail Yard (O1), which needs 4 to 6.",
            "The die shows 5 for the capture of Rail Yard (O1), which needs 4 to 6.",
            "The cops take Rail Yard (O1).",
            "Bruno's turn with Criminal 1.",
        ]
    );
    let mut state = position(json!({}));
    let lines = told(&mut state, seat(1), &["move", "roll 3"]);
    assert_eq!(
        lines,
        [
            "Ada rolls the die to move Cop 1.",
            "The die shows 3 to move Cop 1.",
            "Cop 1 moves 3 tiles from Police Station (O0) to Fish Market (O3).",
            "Your turn with Criminal 1.",
        ]
    );
    let mut state = position(json!({"pieces": {"crim1": {"custody": true}}, "to_move": "crim1"}));
    let lines = told(&mut state, seat(1), &["escape", "roll 2"]);
    has(
        &lines,
        "You roll for Criminal 1 to escape custody, which needs 6.",
    );
    has(
        &lines,
        "The die shows 2 for Criminal 1's escape, which needs 6.",
    );
    has(&lines, "Criminal 1 stays in custody.");
    let mut state = position(json!({"pieces": {"crim1": {"tile": "O2"}}}));
    let lines = told(
        &mut state,
        seat(0),
        &["move", "roll 3", "challenge crim1 2-4", "roll 5"],
    );
    has(
        &lines,
        "Cop 1 challenges Criminal 1, who gets away on 2 to 4.",
    );
    has(
        &lines,
        "The die shows 5 for the challenge on Criminal 1, who gets away on 2 to 4.",
    );
    has(
        &lines,
        "Cop 1 arrests Criminal 1, who is held at the Police Station.",
    );
    let mut state = position(json!({"pieces": {"crim1": {"tile": "O2"}}}));
    let lines = told(
        &mut state,
        seat(0),
        &["move", "roll 3", "challenge crim1 2-4", "roll 3"],
    );
    has(&lines, "Criminal 1 gets away from Cop 1.");
    let mut state = position(json!({"pieces": {"crim1": {"tile": "O2"}}}));
    let lines = told(&mut state, seat(0), &["move", "roll 3", "spare crim1"]);
    has(&lines, "Cop 1 lets Criminal 1 go unchallenged.");
}

#[test]
fn influence_changes_say_why() {
    let mut state = position(json!({"owners": {"O3": "criminals"}, "to_move": "crim1",
        "pieces": {"crim1": {"tile": "O1"}}}));
    let lines = told(&mut state, seat(0), &["move", "roll 2"]);
    has(
        &lines,
        "Influence 500 → 530 (+30): Criminal 1 landed on the criminals' Fish Market (O3).",
    );
    let mut state = position(json!({"owners": {"O3": "cops"}, "pieces": {"cop1": {"tile": "O1"}}}));
    let lines = told(&mut state, seat(0), &["move", "roll 2"]);
    has(
        &lines,
        "Influence 500 → 470 (−30): Cop 1 landed on the cops' Fish Market (O3).",
    );
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O4"}}}));
    let lines = told(&mut state, seat(0), &["open tunnel A"]);
    assert_eq!(
        lines,
        [
            "Cop 1 opens tunnel A (O4–I2).",
            "Influence 500 → 650 (+150): the cops' spending on tunnel A goes to the criminals.",
        ]
    );
    let mut state = position(
        json!({"pieces": {"crim1": {"tile": "O18"}}, "to_move": "crim1",
        "open_tunnels": ["B"]}),
    );
    let lines = told(&mut state, seat(0), &["collapse tunnel B"]);
    has(&lines, "Criminal 1 collapses tunnel B (O18–I9).");
    has(
        &lines,
        "Influence 500 → 350 (−150): the criminals pay for tunnel B.",
    );
    let mut state = position(json!({"pieces": {"crim1": {"custody": true}}, "to_move": "crim1"}));
    let lines = told(&mut state, seat(0), &["pay"]);
    assert_eq!(
        &lines[..2],
        [
            "Criminal 1 pays its way out of custody and is back at Hideout (O14).",
            "Influence 500 → 300 (−200): the criminals pay the bail for Criminal 1.",
        ]
    );
    let mut state = position(json!({"pieces": {"cop2": {"custody": true}}, "to_move": "cop2"}));
    let lines = told(&mut state, seat(0), &["pay"]);
    has(
        &lines,
        "Influence 500 → 700 (+200): the bail for Cop 2 goes to the criminals.",
    );
}

/// Draws `card` for `piece` and returns what the drawer and another seat heard, and the
/// state after.
fn draw(piece: &str, card: Card, extra: Value) -> (Vec<String>, Vec<String>, Tyranny) {
    let mut state = before_a_draw(piece, card.deck(), extra);
    let drawer = state.active_seat();
    let other = Seat((drawer.0 + 1) % 4);
    let mut copy = state.clone();
    let notation = format!("draw {card}");
    let theirs = told(&mut copy, Viewer::Seat(other), &[&notation]);
    let mine = told(&mut state, Viewer::Seat(drawer), &[&notation]);
    (mine, theirs, state)
}

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

#[test]
fn a_steal_is_named_to_the_thief_and_the_victim_only() {
    let setup = json!({"hands": [["gains 10"], ["gamble 7"], [], []]});
    let moves = ["play gains 10 seat 1", "pick gamble 7"];
    let thief = told(&mut position(setup.clone()), seat(0), &moves);
    assert_eq!(
        thief,
        [
            "You play Gains 10 to steal a card from Bruno.",
            "You steal Gamble 7 from Bruno.",
        ]
    );
    let victim = told(&mut position(setup.clone()), seat(1), &moves);
    has(&victim, "Ada plays Gains 10 to steal a card from you.");
    has(&victim, "Ada steals Gamble 7 from you.");
    for viewer in [seat(2), seat(3), Viewer::Spectator] {
        let other = told(&mut position(setup.clone()), viewer, &moves);
        has(&other, "Ada steals a card from Bruno, unseen.");
        lacks(&other, "Gamble 7");
    }
}

#[test]
fn the_hand_limit_discard_and_reshuffle_are_told() {
    let mut state = before_a_draw(
        "cop1",
        Deck::Gains,
        json!({"hands": [["gains 1", "gains 2", "gains 6"], [], [], []]}),
    );
    let lines = told(&mut state, seat(0), &["draw gains 7", "discard gains 1"]);
    has(&lines, "You discard Gains 1 to keep within the hand limit.");
    let all_gamble: Vec<String> = Card::all()
        .filter(|c| c.deck() == Deck::Gamble)
        .flat_map(|c| [c.to_string(), c.to_string()])
        .collect();
    let mut state = position(json!({"pieces": {"cop1": {"tile": "O1"}}, "discards": all_gamble}));
    let lines = told(&mut state, seat(0), &["move", "roll 1", "draw"]);
    has(
        &lines,
        "The Gamble discards are shuffled back into the deck.",
    );
}

#[test]
fn missed_and_served_turns_and_the_end_told_once() {
    let mut state = position(json!({"pieces": {"crim1": {"misses": 1}}}));
    let lines = told(&mut state, seat(0), &["pass"]);
    assert_eq!(
        lines,
        [
            "You pass with Cop 1.",
            "Criminal 1 misses this turn.",
            "Chloé's turn with Cop 2.",
        ]
    );
    let mut state = position(json!({"pieces": {"crim1": {"custody": true, "sentence": 2}}}));
    let lines = told(&mut state, seat(0), &["pass"]);
    has(
        &lines,
        "Criminal 1 sits out a turn in custody; one more to go.",
    );
    let mut state = position(json!({
        "influence": 0, "zero_streak": 2, "to_move": "crim1",
        "pieces": {"crim1": {"tile": "O1"}, "cop2": {"tile": "O3"}},
    }));
    let cop = told_in(Lang::En, &mut state.clone(), seat(0), &["move", "roll 2"]);
    let crook = told_in(Lang::En, &mut state.clone(), seat(1), &["move", "roll 2"]);
    let watcher = told(&mut state, Viewer::Spectator, &["move", "roll 2"]);
    has(
        &cop,
        "Criminal 1 kidnaps Cop 2, who is held at the Hideout.",
    );
    let end = "The cops win: the influence stayed at 0 through three criminal turns.";
    assert_eq!(cop.last().unwrap(), &format!("{end} Your side wins."));
    assert_eq!(crook.last().unwrap(), &format!("{end} Your side loses."));
    assert_eq!(watcher.last().unwrap(), end);
    for lines in [&cop, &crook, &watcher] {
        assert_eq!(
            lines.iter().filter(|l| l.contains("win")).count(),
            1,
            "{lines:?}"
        );
    }
}

#[test]
fn crossing_and_staying_are_told() {
    let mut state = position(json!({"pieces": {"cop1": {"tile": "I12"}}}));
    let lines = told(&mut state, seat(0), &["move", "roll 2", "cross"]);
    has(
        &lines,
        "Cop 1 moves 2 tiles from Gamble tile (I12) to Police Station (I0).",
    );
    has(&lines, "Cop 1 crosses to Police Station (O0).");
    let mut state = position(json!({"pieces": {"cop1": {"tile": "I12"}}}));
    let lines = told(&mut state, seat(0), &["move", "roll 2", "stay"]);
    has(&lines, "Cop 1 stays on Police Station (I0).");
}

/// A short game in three languages, as a snapshot: the narrator's whole story.
#[test]
fn a_narrated_sequence_in_every_language() {
    let moves = [
        "capture",
        "roll 6",
        "move",
        "roll 4",
        "challenge cop2 1-3",
        "roll 6",
        "draw",
        "draw gains 8",
        "pay",
        "move",
        "roll 1",
        "pass",
    ];
    let setup = json!({"pieces": {"cop1": {"tile": "O1"}, "crim1": {"tile": "O2"}, "cop2": {"tile": "O4"}, "crim2": {"tile": "O3"}}, "owners": {"O1": "criminals"}});
    let mut story = String::new();
    for lang in Lang::ALL {
        let lines = told_in(lang, &mut position(setup.clone()), seat(3), &moves);
        story += &format!("## {lang}\n{}\n", lines.join("\n"));
    }
    insta::assert_snapshot!(story);
}

/// Random four-seat games told to every seat and a spectator in every language: every
/// message resolves, no placeable is left unfilled, and a card drawn or stolen out of the
/// reader's sight is never named in what the reader hears of that move.
#[test]
fn random_games_leak_nothing_and_miss_no_message() {
    use agora_engine::{FastRng, Turn};
    use agora_tyranny::{Move, SeenMove};
    let viewers = [seat(0), seat(1), seat(2), seat(3), Viewer::Spectator];
    for game in 0..6u64 {
        let mut state = position(json!({}));
        let mut rng = FastRng::new(game);
        let lang = Lang::ALL[(game % 3) as usize];
        for _ in 0..400 {
            let mv = match state.turn() {
                Turn::Over => break,
                Turn::Chance => state.sample_chance(&mut rng),
                Turn::Seat(_) => state.random_legal_move(&mut rng).unwrap(),
            };
            let befores: Vec<_> = viewers.iter().map(|v| state.view(*v)).collect();
            let seens: Vec<_> = viewers.iter().map(|v| state.seen_move(mv, *v)).collect();
            let events = state.play_logged(mv).unwrap();
            for ((viewer, before), seen) in viewers.iter().zip(&befores).zip(&seens) {
                let seen_events: Vec<_> = events.iter().map(|e| e.seen_by(*viewer)).collect();
                let after = state.view(*viewer);
                let lines =
                    narrate_move(&reader(lang, *viewer), before, seen, &seen_events, &after);
                assert!(lines.iter().all(|l| !l.contains('{')), "{lines:?}");
                if let (
                    SeenMove::DrewHidden(_) | SeenMove::PickedHidden,
                    Move::Drawn(card) | Move::Picked(card),
                ) = (seen, mv)
                {
                    let name = agora_present::tyranny::card_name(lang, card);
                    assert!(
                        lines.iter().all(|l| !l.contains(&name)),
                        "{name} in {lines:?}"
                    );
                }
            }
        }
        let misses = agora_present::text::take_misses();
        assert!(misses.is_empty(), "{misses:?}");
    }
}
