//! What each viewer may know, determinization, and the referee's summary.

mod common;

use agora_engine::testing::assert_same_view;
use agora_engine::{FastRng, Game, GameRng, Seat, Viewer};
use agora_tyranny::{Card, Deck, Tyranny};
use common::*;
use serde_json::{Value, json};
use std::collections::BTreeMap;

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

/// The cards `viewer` knows `holder` to hold, as its view says.
fn known(state: &Tyranny, viewer: u8, holder: u8) -> Vec<Card> {
    state.view(Viewer::Seat(Seat(viewer))).known[usize::from(holder)]
        .iter()
        .collect()
}

#[test]
fn a_victim_remembers_what_the_thief_took_until_it_is_shown() {
    // Seat 0 (cops) steals from seat 1, who also knows nothing of seat 0's other cards.
    let mut state = position(json!({
        "hands": [["gains 10", "gains 7"], ["gains 6", "gains 2"], ["gamble 3"], []],
    }));
    play(&mut state, &["play gains 10 seat 1", "pick gains 6"]);
    assert_eq!(known(&state, 1, 0), [card("gains 6")], "the victim knows");
    assert!(known(&state, 2, 0).is_empty(), "a third seat does not");
    assert!(known(&state, 0, 1).is_empty());
    assert!(
        state
            .view(Viewer::Spectator)
            .known
            .iter()
            .all(|k| k.is_empty())
    );

    // Every state the victim's bot imagines gives the thief the stolen card, and keeps the
    // view the victim has.
    let view = state.view(Viewer::Seat(Seat(1)));
    for k in 0..200 {
        let sample = Tyranny::determinize(&view, Seat(1), &mut FastRng::new(k));
        assert!(
            sample.hand(Seat(0)).count(card("gains 6")) >= 1,
            "sample {k}"
        );
        assert_eq!(sample.hand(Seat(0)).len(), 2);
        assert_eq!(sample.view(Viewer::Seat(Seat(1))), view, "sample {k}");
    }
    // Without the memory, the thief's other card could be anything unseen: it still varies.
    let others: std::collections::BTreeSet<String> = (0..200)
        .map(|k| {
            let sample = Tyranny::determinize(&view, Seat(1), &mut FastRng::new(k));
            let mut hand = sample.hand(Seat(0)).iter().collect::<Vec<_>>();
            let i = hand.iter().position(|&c| c == card("gains 6")).unwrap();
            hand.remove(i);
            hand[0].to_string()
        })
        .collect();
    assert!(others.len() > 3, "{others:?}");
}

#[test]
fn a_stolen_card_once_played_is_forgotten() {
    // Seat 0 steals "gains 10" from seat 1.
    let mut state = position(json!({
        "hands": [["gains 10"], ["gains 10", "gains 2"], [], []],
    }));
    play(&mut state, &["play gains 10 seat 1", "pick gains 10"]);
    assert_eq!(known(&state, 1, 0), [card("gains 10")]);
    // Playing it shows it: the victim knows of no other.
    let mut played = state.clone();
    let mut moves = Vec::new();
    played.legal_moves(&mut moves);
    moves.retain(|m| played.format_move(*m).starts_with("play gains 10"));
    played.play(moves[0]).unwrap();
    assert!(known(&played, 1, 0).is_empty());
}

#[test]
fn what_a_seat_knows_is_always_in_the_hand_it_knows_of() {
    // Random games with every card in play: knowledge never names a card the hand lacks.
    let mut checked = 0;
    for deal in 0..300 {
        let mut state = Tyranny::from_setup(&Tyranny::setup_from_seed(
            &agora_tyranny::Options { players: 4 },
            deal,
        ))
        .unwrap();
        let mut rng = FastRng::new(deal);
        for _ in 0..600 {
            let Some(mv) = (match state.turn() {
                agora_engine::Turn::Over => None,
                agora_engine::Turn::Chance => Some(state.sample_chance(&mut rng)),
                agora_engine::Turn::Seat(_) => state.random_legal_move(&mut rng),
            }) else {
                break;
            };
            state.play(mv).unwrap();
            for viewer in 0..4u8 {
                for holder in 0..4u8 {
                    let hand = state.hand(Seat(holder));
                    for c in known(&state, viewer, holder) {
                        let copies = known(&state, viewer, holder)
                            .iter()
                            .filter(|&&k| k == c)
                            .count();
                        assert!(usize::from(hand.count(c)) >= copies, "deal {deal}");
                        checked += 1;
                    }
                }
            }
        }
    }
    eprintln!("{checked} known cards checked");
    assert!(checked > 0, "no theft happened in 300 random games");
}

#[test]
fn a_theft_by_another_seat_leaves_the_first_victim_unsure() {
    // Seat 0 (cops) steals "gains 6" from seat 1; later seat 3 (criminals too) steals blind
    // from seat 0, and takes that very card: seat 1 cannot tell, so it knows nothing of seat
    // 0's hand any more, while seat 0 knows who has it now.
    let mut state = position(json!({
        "hands": [["gains 10"], ["gains 6"], [], ["gains 10"]],
    }));
    play(&mut state, &["play gains 10 seat 1", "pick gains 6"]);
    assert_eq!(known(&state, 1, 0), [card("gains 6")]);
    while state.turn() != agora_engine::Turn::Seat(Seat(3)) {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let pass = moves
            .iter()
            .find(|m| state.format_move(**m) == "pass")
            .copied()
            .unwrap_or_else(|| panic!("no pass among {moves:?}"));
        state.play(pass).unwrap();
    }
    play(&mut state, &["play gains 10 seat 0", "pick gains 6"]);
    assert!(
        known(&state, 1, 0).is_empty(),
        "seat 1 cannot tell what went"
    );
    assert!(known(&state, 3, 0).is_empty());
    assert_eq!(
        known(&state, 0, 3),
        [card("gains 6")],
        "seat 0 knows who has it now"
    );
}

/// The Gamble deck spent: seat 1 (criminals) holds a Gamble 3 and a Gamble 7, every other
/// Gamble card is face up, and `cop1` (seat 0) is one step from a Gamble draw.
fn before_a_reshuffle() -> Tyranny {
    let mut discards: Vec<String> = Deck::Gamble
        .cards()
        .flat_map(|c| [c.to_string(), c.to_string()])
        .collect();
    for held in ["gamble 3", "gamble 7"] {
        let i = discards.iter().position(|d| d == held).unwrap();
        discards.remove(i);
    }
    position(json!({
        "pieces": {"cop1": {"tile": "O1"}},
        "hands": [[], ["gamble 3", "gamble 7"], [], []],
        "discards": discards,
    }))
}

/// The hands `seat` imagines seat 1 holding, over 300 samples, by how often.
fn imagined_hands_of_seat_1(state: &Tyranny, seat: u8) -> BTreeMap<String, u32> {
    let view = state.view(Viewer::Seat(Seat(seat)));
    let mut hands = BTreeMap::new();
    for k in 0..300 {
        let sample = Tyranny::determinize(&view, Seat(seat), &mut FastRng::new(k));
        assert_eq!(sample.view(Viewer::Seat(Seat(seat))), view, "sample {k}");
        let hand: Vec<String> = sample.hand(Seat(1)).iter().map(|c| c.to_string()).collect();
        *hands.entry(hand.join(", ")).or_default() += 1;
    }
    hands
}

#[test]
fn a_reshuffled_deck_holds_only_the_old_discards() {
    let mut state = before_a_reshuffle();
    play(&mut state, &["move", "roll 1", "draw"]);
    assert_eq!(state.decks().len_of(Deck::Gamble), 18, "reshuffled");
    play(&mut state, &["draw gamble 1"]);
    // The deck holds one Gamble 3 and one Gamble 7, so seat 1 holds the other two: every
    // seat but seat 1 (and a spectator) can tell.
    let gamble_3_and_7 = |cards: &agora_tyranny::Cards| {
        (cards.count(card("gamble 3")), cards.count(card("gamble 7")))
    };
    for viewer in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(2)),
        Viewer::Spectator,
    ] {
        let view = state.view(viewer);
        assert_eq!(gamble_3_and_7(&view.deck_may_hold), (1, 1), "{viewer:?}");
        assert_eq!(view.deck_may_hold.len_of(Deck::Gamble), 17, "{viewer:?}");
    }
    assert_eq!(
        imagined_hands_of_seat_1(&state, 0),
        BTreeMap::from([("gamble 3, gamble 7".to_string(), 300)])
    );

    // Forgetting the reshuffle (the memory this test is about) lets seat 0 imagine other pairs.
    let mut view = state.view(Viewer::Seat(Seat(0)));
    view.deck_may_hold = agora_tyranny::Cards::FULL;
    let pairs: std::collections::BTreeSet<Vec<Card>> = (0..300)
        .map(|k| {
            let sample = Tyranny::determinize(&view, Seat(0), &mut FastRng::new(k));
            sample.hand(Seat(1)).iter().collect()
        })
        .collect();
    assert!(pairs.len() > 1, "{pairs:?}");
}

#[test]
fn a_kept_card_drawn_after_a_reshuffle_is_known_to_its_drawer_alone() {
    let mut state = before_a_reshuffle();
    play(&mut state, &["move", "roll 1", "draw", "draw gamble 7"]);
    assert_eq!(state.hand(Seat(0)).count(card("gamble 7")), 1);
    let sevens = |viewer| state.view(viewer).deck_may_hold.count(card("gamble 7"));
    assert_eq!(sevens(Viewer::Seat(Seat(0))), 0, "the drawer saw it");
    assert_eq!(sevens(Viewer::Seat(Seat(2))), 1, "the others did not");
    assert_eq!(sevens(Viewer::Spectator), 1);
    // Seat 0 knows the deck holds no 7 and one 3 at most, so seat 1 still holds a 3 and a 7.
    assert_eq!(
        imagined_hands_of_seat_1(&state, 0),
        BTreeMap::from([("gamble 3, gamble 7".to_string(), 300)])
    );
    // Seat 2 knows one of the three unseen 3s and 7s is seat 0's new card: seat 1 holds a 3
    // and a 7, or two of a kind.
    let imagined = imagined_hands_of_seat_1(&state, 2);
    assert!(imagined.len() > 1, "{imagined:?}");

    // Which kept card seat 0 drew shows in no other seat's view.
    let mut drew_3 = before_a_reshuffle();
    play(&mut drew_3, &["move", "roll 1", "draw", "draw gamble 3"]);
    let states = [state, drew_3];
    for seat in 1..4 {
        assert_same_view(&states, Seat(seat));
    }
    assert_ne!(
        states[0].view(Viewer::Seat(Seat(0))),
        states[1].view(Viewer::Seat(Seat(0)))
    );
}

#[test]
fn the_decks_always_hold_only_what_each_seat_allows() {
    // Random four-seat games from thin decks, so that they run out: every seat's bound holds
    // the real decks, and every state its bot imagines keeps its view.
    let (mut reshuffles, mut plies) = (0, 0);
    for deal in 0..200 {
        let mut rng = FastRng::new(deal);
        let discards: Vec<String> = Card::all()
            .flat_map(|c| {
                let face_up = if c.is_kept() {
                    rng.below(2)
                } else {
                    1 + rng.below(2)
                };
                std::iter::repeat_n(c.to_string(), face_up as usize)
            })
            .collect();
        let mut state = position(json!({"discards": discards}));
        for ply in 0..3000 {
            plies += 1;
            let mv = match state.turn() {
                agora_engine::Turn::Over => break,
                agora_engine::Turn::Chance => state.sample_chance(&mut rng),
                agora_engine::Turn::Seat(_) => state.random_legal_move(&mut rng).unwrap(),
            };
            let before = state.decks().len();
            state.play(mv).unwrap();
            if state.decks().len() > before {
                reshuffles += 1;
            }
            for viewer in (0..4)
                .map(|s| Viewer::Seat(Seat(s)))
                .chain([Viewer::Spectator])
            {
                let bound = state.view(viewer).deck_may_hold;
                for c in Card::all() {
                    assert!(
                        state.decks().count(c) <= bound.count(c),
                        "deal {deal}, ply {ply}: {viewer:?} rules out {c}"
                    );
                }
            }
            if ply % 50 == 0 && state.turn() != agora_engine::Turn::Over {
                for seat in 0..4 {
                    let view = state.view(Viewer::Seat(Seat(seat)));
                    let sample = Tyranny::determinize(&view, Seat(seat), &mut rng);
                    assert_eq!(sample.view(Viewer::Seat(Seat(seat))), view, "deal {deal}");
                }
            }
        }
    }
    eprintln!("{reshuffles} reshuffles, {plies} plies");
    assert!(
        reshuffles > 20,
        "only {reshuffles} reshuffles in 200 random games"
    );
}
