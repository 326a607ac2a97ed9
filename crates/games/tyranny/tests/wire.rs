//! Views read back from JSON: the AI worker's form gives back the very view, for every seat and
//! the spectator in every phase; the client's form gives back all it shows; what a seat may
//! not see stays out of both; and a view that no game could give is refused, never a panic.

mod common;

use std::collections::BTreeSet;

use agora_engine::{FastRng, Game, Seat, Turn, Viewer};
use agora_tyranny::{Cards, Tyranny, TyrannyView};
use common::*;
use serde_json::{Value, json};

fn wire_text(view: &TyrannyView) -> String {
    serde_json::to_string(&view.wire()).unwrap()
}

fn viewers(state: &Tyranny) -> Vec<Viewer> {
    let seats = (0..state.seats()).map(|s| Viewer::Seat(Seat(s as u8)));
    seats.chain([Viewer::Spectator]).collect()
}

const PHASES: [&str; 12] = [
    "start",
    "custody",
    "roll",
    "challenge",
    "may_draw",
    "draw",
    "advance",
    "target",
    "pick",
    "discard",
    "may_cross",
    "over",
];

/// Views of every viewer along random games of 2, 3 and 4 players: at every ply of 30 games,
/// then in phases not seen yet (the rarest need hundreds of games).
fn random_views(check: &mut dyn FnMut(&Tyranny, &TyrannyView)) -> BTreeSet<String> {
    let mut phases = BTreeSet::new();
    for seed in 0..2000u64 {
        if seed >= 30 && phases.len() == PHASES.len() {
            break;
        }
        let players = 2 + (seed % 3) as u8;
        let mut rng = FastRng::new(seed);
        let mut state = Tyranny::new(players).unwrap();
        loop {
            let phase = serde_json::to_value(state.table().phase()).unwrap();
            let new = phases.insert(phase["phase"].as_str().unwrap().to_string());
            if seed < 30 || new {
                for viewer in viewers(&state) {
                    check(&state, &state.view(viewer));
                }
            }
            let mv = match state.turn() {
                Turn::Over => break,
                Turn::Chance => state.sample_chance(&mut rng),
                Turn::Seat(_) => state.random_legal_move(&mut rng).unwrap(),
            };
            state.play_unchecked(mv);
        }
    }
    phases
}

#[test]
fn the_workers_form_gives_back_the_very_view_in_every_phase() {
    let phases = random_views(&mut |_, view| {
        let text = wire_text(view);
        let back: TyrannyView =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(&back, view, "{text}");
    });
    for phase in PHASES {
        assert!(phases.contains(phase), "no view taken in phase {phase}");
    }
}

#[test]
fn the_clients_form_reads_back_as_it_was_written() {
    random_views(&mut |state, view| {
        let text = serde_json::to_value(view).unwrap();
        let back: TyrannyView = serde_json::from_value(text.clone()).unwrap();
        assert_eq!(serde_json::to_value(&back).unwrap(), text);
        let TyrannyView {
            deck_may_hold: bound,
            ..
        } = back;
        // Without the seat's memory the bound is only what the view shows, but a true one.
        for card in state.decks().iter() {
            assert!(bound.count(card) >= state.decks().count(card));
        }
    });
}

/// A seat's wire form does not depend on the cards it cannot see, and names none of them.
#[test]
fn what_a_seat_may_not_see_stays_out_of_the_wire() {
    let hands = |one: &str, three: &str| {
        position(json!({"hands": [["gains 7"], [one, "gamble 3"], [], [three]]}))
    };
    let states = [hands("gains 1", "gains 10"), hands("gains 6", "gains 2")];
    for seat in [Seat(0), Seat(2)] {
        let texts: Vec<String> = states
            .iter()
            .map(|s| wire_text(&s.view(Viewer::Seat(seat))))
            .collect();
        assert_eq!(texts[0], texts[1], "seat {seat:?}");
        let back: TyrannyView = serde_json::from_str(&texts[0]).unwrap();
        assert_eq!(back.hand, Some(*states[0].hand(seat)));
        assert_eq!(back.hand_sizes, [1, 2, 0, 1]);
        assert_eq!(back.known, [Cards::EMPTY; 4]);
    }
    let spectator: TyrannyView =
        serde_json::from_str(&wire_text(&states[0].view(Viewer::Spectator))).unwrap();
    assert_eq!(spectator.hand, None);
}

/// A worker that samples a state from the view read back sees what the seat saw.
#[test]
fn a_state_sampled_from_a_view_read_back_shows_the_same_view() {
    let mut rng = FastRng::new(9);
    random_views(&mut |_, view| {
        let Viewer::Seat(seat) = view.viewer else {
            return;
        };
        let back: TyrannyView = serde_json::from_str(&wire_text(view)).unwrap();
        let sampled = Tyranny::determinize(&back, seat, &mut rng);
        assert_eq!(&sampled.view(Viewer::Seat(seat)), view);
    });
}

fn refusal(edit: impl FnOnce(&mut Value)) -> String {
    let state = position(json!({"hands": [["gains 7"], ["gains 1"], [], []]}));
    let mut text = serde_json::to_value(state.view(Viewer::Seat(Seat(0))).wire()).unwrap();
    edit(&mut text);
    serde_json::from_value::<TyrannyView>(text)
        .expect_err("a view no game gives")
        .to_string()
}

#[test]
fn a_view_no_game_could_give_is_refused_with_a_reason() {
    type Edit = fn(&mut Value);
    let cases: [(Edit, &str); 12] = [
        (|v| v["table"]["players"] = json!(5), "2 to 4"),
        (
            |v| v["hand_sizes"] = json!([1, 1, 0]),
            "each of the 4 seats",
        ),
        (|v| v["viewer"] = json!({"seat": 7}), "own hand"),
        (|v| v["hand"] = json!(null), "own hand"),
        (
            |v| v["hand"] = json!(["gains 7", "gains 7", "gains 7"]),
            "copies",
        ),
        (|v| v["hand_sizes"][1] = json!(30), "cards in all"),
        (
            |v| v["known"][1] = json!(["gains 1", "gains 2"]),
            "cannot be known",
        ),
        (|v| v["table"]["pieces"][0]["tile"] = json!("Z9"), "no tile"),
        (
            |v| {
                v["table"]["pieces"].as_array_mut().unwrap().pop();
            },
            "in order",
        ),
        (
            |v| v["table"]["phase"] = json!({"phase": "pick", "victim": 6, "steal": true}),
            "not at the table",
        ),
        (
            |v| v["table"]["ending"] = json!({"winner": null, "reason": "boredom"}),
            "no ending",
        ),
        (
            |v| v["table"]["owners"] = json!({"O0": "cops"}),
            "not a property",
        ),
    ];
    for (edit, reason) in cases {
        let error = refusal(edit);
        assert!(error.contains(reason), "{reason:?} not in {error:?}");
    }
}
