//! The Tyranny narrator through real games: rolls for each purpose, the causes of influence,
//! steals as the thief, the victim and everyone else hear them, discards, missed turns, the
//! end told once; and nothing a reader may not know. Every card: tyranny_cards.rs.

#[path = "../../games/tyranny/tests/common/mod.rs"]
mod common;
mod language_common;
mod tyranny_narration;

use agora_engine::{Game, Viewer};
use agora_present::Lang;
use agora_present::tyranny::narrate_move;
use agora_tyranny::{Card, Deck};
use common::*;
use serde_json::json;
use tyranny_narration::*;

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
    // Crossing is not a move: it captures no one where it arrives.
    let mut state = position(json!({"pieces": {"crim1": {"tile": "I0"}}}));
    let lines = told(&mut state, seat(0), &["cross"]);
    assert_eq!(lines, ["Cop 1 crosses to Police Station (I0)."]);
    assert_eq!(at(&state, "cop1"), "I0");
    assert!(!in_custody(&state, "crim1"));
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

/// A seeded random game as seat 0 hears it in `lang`: the status before each of its first
/// `moves` moves, what each move tells, and at the end the board in words, the hand and the
/// outcome.
fn transcript(lang: Lang, seed: u64, moves: usize) -> String {
    use agora_engine::{FastRng, Turn};
    use agora_present::tyranny::{describe_board, hand, outcome, status};
    let viewer = seat(0);
    let reader = reader(lang, viewer);
    let mut state = position(json!({}));
    let mut rng = FastRng::new(seed);
    let mut out = Vec::new();
    for _ in 0..moves {
        let mv = match state.turn() {
            Turn::Over => break,
            Turn::Chance => state.sample_chance(&mut rng),
            Turn::Seat(_) => {
                out.push(format!("[status] {}", status(&reader, &state.view(viewer))));
                state.random_legal_move(&mut rng).unwrap()
            }
        };
        let before = state.view(viewer);
        let seen = state.seen_move(mv, viewer);
        let events: Vec<_> = (state.play_logged(mv).unwrap().into_iter())
            .map(|e| e.seen_by(viewer))
            .collect();
        out.extend(narrate_move(
            &reader,
            &before,
            &seen,
            &events,
            &state.view(viewer),
        ));
    }
    let view = state.view(viewer);
    out.push(format!("[status] {}", status(&reader, &view)));
    out.extend(
        describe_board(&reader, &view)
            .into_iter()
            .map(|l| format!("[describe] {l}")),
    );
    out.extend(
        hand(&reader, &view)
            .into_iter()
            .map(|l| format!("[hand] {l}")),
    );
    out.extend(outcome(&reader, &view).map(|l| format!("[outcome] {l}")));
    let misses = agora_present::text::take_misses();
    assert!(misses.is_empty(), "{misses:?}");
    out.join("\n")
}

/// The first 80 moves of one seeded game, with the board at that point, in German and in
/// French: what a native reader reviews.
#[test]
fn a_seeded_game_in_german_and_french() {
    for lang in [Lang::De, Lang::Fr] {
        insta::assert_snapshot!(format!("seeded_game_{lang}"), transcript(lang, 7, 80));
    }
}

/// Whole seeded games read as German and French, not English: no English word, and French
/// typography (narrow spaces, grouped numbers such as 1 000), in the story, the status, the
/// board in words and the hand.
#[test]
fn german_and_french_games_read_natively() {
    for seed in 0..6 {
        for lang in [Lang::De, Lang::Fr] {
            let text = transcript(lang, seed, 600);
            language_common::assert_reads_natively(lang, &format!("Tyranny seed {seed}"), &text);
        }
    }
}
