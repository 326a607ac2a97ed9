//! What each viewer may know, determinization, and the referee's summary.

mod common;

use agora_engine::testing::assert_same_view;
use agora_engine::{FastRng, Game, Seat, Viewer};
use agora_tyranny::{Card, Deck, Tyranny};
use common::*;
use serde_json::{Value, json};

fn with_hands(hands: Value) -> Tyranny {
    position(json!({"hands": hands}))
}

#[test]
fn a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others() {
    let state = with_hands(json!([["gains 7"], ["gains 1", "gamble 3"], [], []]));
    let view = state.view(Viewer::Seat(Seat(0)));
    assert_eq!(
        view.hand.unwrap().iter().collect::<Vec<_>>(),
        [card("gains 7")]
    );
    assert_eq!(view.hand_sizes, [1, 2, 0, 0]);
    assert_eq!((view.deck_sizes.gamble, view.deck_sizes.gains), (19, 18));
    let spectator = state.view(Viewer::Spectator);
    assert_eq!(spectator.hand, None);
    let text = serde_json::to_string(&state.view(Viewer::Seat(Seat(2)))).unwrap();
    for hidden in ["gains 7", "gains 1", "gamble 3"] {
        assert!(!text.contains(hidden), "{hidden} shows in {text}");
    }
}

#[test]
fn views_do_not_depend_on_the_hidden_cards() {
    // Same hand sizes and deck sizes, different cards in seats 1 and 3.
    let states = [
        with_hands(json!([
            ["gains 7"],
            ["gains 1", "gamble 3"],
            [],
            ["gains 10"]
        ])),
        with_hands(json!([
            ["gains 7"],
            ["gains 6", "gamble 7"],
            [],
            ["gains 2"]
        ])),
        with_hands(json!([
            ["gains 7"],
            ["gains 10", "gamble 3"],
            [],
            ["gains 6"]
        ])),
    ];
    assert_same_view(&states, Seat(0));
    assert_same_view(&states, Seat(2));
    assert_ne!(
        states[0].view(Viewer::Seat(Seat(1))),
        states[1].view(Viewer::Seat(Seat(1)))
    );
}

#[test]
fn determinized_hands_hold_only_kept_cards_and_match_the_deck_sizes() {
    let state = with_hands(json!([
        ["gains 7"],
        ["gains 1", "gamble 3"],
        [],
        ["gains 10"]
    ]));
    let view = state.view(Viewer::Seat(Seat(0)));
    let mut rng = FastRng::new(5);
    let mut held_gamble = [0u32; 10];
    for _ in 0..2000 {
        let sampled = Tyranny::determinize(&view, Seat(0), &mut rng);
        assert_eq!(sampled.view(Viewer::Seat(Seat(0))), view);
        for seat in 1..4 {
            assert!(sampled.hand(Seat(seat)).iter().all(Card::is_kept));
        }
        for seat in [1, 3] {
            for card in sampled
                .hand(Seat(seat))
                .iter()
                .filter(|c| c.deck() == Deck::Gamble)
            {
                held_gamble[usize::from(card.number() - 1)] += 1;
            }
        }
    }
    // The Gamble deck shows one Gamble card is held by seats 1 and 3 together: a 3 or a 7,
    // each about half the time.
    assert_eq!(held_gamble.iter().sum::<u32>(), 2000);
    assert!((850..1150).contains(&held_gamble[2]), "{held_gamble:?}");
    assert!((850..1150).contains(&held_gamble[6]), "{held_gamble:?}");
}

#[test]
fn the_summary_names_everything() {
    let mut state = position(json!({
        "pieces": {"crim2": {"custody": true}, "cop1": {"tile": "O1"}},
        "owners": {"O13": "criminals"},
        "open_tunnels": ["B"],
        "hands": [["gains 7"], [], [], []],
    }));
    play(&mut state, &["move"]);
    let summary = serde_json::to_value(state.summary()).unwrap();
    assert_eq!(summary["status"], "ongoing");
    assert_eq!(summary["to_move"], Value::Null);
    assert_eq!(summary["awaiting"], "roll");
    assert_eq!(summary["piece_to_move"], "cop1");
    assert_eq!(summary["influence"], 500);
    assert_eq!(summary["winners"], Value::Null);
    assert_eq!(
        summary["pieces"][3],
        json!({
            "piece": "crim2", "faction": "criminals", "seat": 3, "tile": "O0",
            "tile_name": "Police Station", "tier": "outer", "state": "custody",
            "escape_faces": [6], "may_pay": true
        })
    );
    assert_eq!(summary["pieces"][0]["tile"], "O1");
    assert_eq!(summary["pieces"][0]["state"], "free");
    let night_market = summary["properties"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["tile"] == "O13")
        .unwrap();
    assert_eq!(night_market["owner"], "criminals");
    assert_eq!(night_market["name"], "Night Market");
    assert_eq!(
        summary["tunnels"][1],
        json!({"tunnel": "B", "outer": "O18", "inner": "I9", "open": true})
    );
    assert_eq!(summary["hand_sizes"], json!([1, 0, 0, 0]));
    assert_eq!(summary["hands"], json!([["gains 7"], [], [], []]));
    assert_eq!(summary["decks"], json!({"gamble": 20, "gains": 19}));
    assert_eq!(summary["discards"], json!({"gamble": 0, "gains": 0}));

    let finished = {
        let mut s = position(json!({"influence": 1000, "high_streak": 2}));
        play(&mut s, &["pass"]);
        serde_json::to_value(s.summary()).unwrap()
    };
    assert_eq!(finished["status"], "finished");
    assert_eq!(finished["winners"], json!([1, 3]));
    assert_eq!(finished["winning_faction"], "criminals");
    assert_eq!(finished["win_reason"], "criminals_held_1000");
    assert_eq!(finished["to_move"], Value::Null);
}
