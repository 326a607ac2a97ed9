//! Options and setups: defaults, and precise errors for bad positions.

mod common;

use agora_engine::{Game, GameRecord, replay};
use agora_tyranny::{Options, Setup, Tyranny};
use serde_json::{Value, json};

use common::setup_error as error;

#[test]
fn options_default_to_four_players() {
    let options: Options = serde_json::from_str("{}").unwrap();
    assert_eq!(options, Options { players: 4 });
    assert_eq!(Options::default().players, 4);
    assert!(serde_json::from_str::<Options>(r#"{"seats": 2}"#).is_err());
    for players in 2..=4 {
        let setup = Tyranny::setup_from_seed(&Options { players }, 7);
        assert_eq!(
            serde_json::to_value(&setup).unwrap(),
            json!({"players": players})
        );
        assert_eq!(
            Tyranny::from_setup(&setup).unwrap().seats(),
            usize::from(players)
        );
    }
}

#[test]
fn tyranny_is_for_2_to_4_players() {
    assert_eq!(
        error(json!({"players": 1})),
        "invalid setup: Tyranny is for 2, 3 or 4 players, not 1"
    );
    assert_eq!(
        error(json!({"players": 5})),
        "invalid setup: Tyranny is for 2, 3 or 4 players, not 5"
    );
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    let cases = [
        (
            json!({"pieces": {"robber": {}}}),
            "\"robber\" is not a piece; the pieces are cop1, crim1, cop2 and crim2",
        ),
        (
            json!({"pieces": {"cop1": {"tile": "O99"}}}),
            "cop1: there is no tile \"O99\"",
        ),
        (
            json!({"pieces": {"cop1": {"tile": "O1", "custody": true}}}),
            "cop1 is in custody, so it has no tile",
        ),
        (
            json!({"pieces": {"cop1": {"sentence": 2}}}),
            "cop1 is not in custody, so it has no escape terms",
        ),
        (
            json!({"pieces": {"crim1": {"custody": true, "escape_faces": [7]}}}),
            "crim1: escape face 7 is not a die face",
        ),
        (
            json!({"pieces": {"cop1": {"misses": 1}}}),
            "cop1 is to move, so it cannot be missing its turn",
        ),
        (
            json!({"owners": {"O2": "cops"}}),
            "O2 is not a property, so no one owns it",
        ),
        (json!({"open_tunnels": ["C"]}), "there is no tunnel \"C\""),
        (
            json!({"hands": [["gains 9"], [], [], []]}),
            "gains 9 acts at once, so it is never in a hand",
        ),
        (json!({"hands": [["gains 1"]]}), "1 hands for 4 players"),
        (
            json!({"hands": [["gains 1", "gains 1", "gains 2", "gains 7"], [], [], []]}),
            "seat 0 holds 4 cards; it may hold 3",
        ),
        (
            json!({"hands": [["gains 1", "gains 1"], [], [], []], "discards": ["gains 1"]}),
            "3 copies of gains 1 are placed; the game has 2",
        ),
        (
            json!({"discards": ["gains 11"]}),
            "\"gains 11\" is not a card: cards are numbered 1 to 10",
        ),
        (
            json!({"influence": 2000000}),
            "influence 2000000 is above the cap of 1000000",
        ),
        (
            json!({"turns": 200}),
            "200 turns played; a game ends after 200",
        ),
        (
            json!({"influence": 1000, "high_streak": 3}),
            "a streak of 3 turns has already won the game",
        ),
        (
            json!({"high_streak": 1}),
            "a streak at 1000 needs the influence at 1000 or more",
        ),
        (
            json!({"zero_streak": 1}),
            "a streak at 0 needs the influence at 0",
        ),
        (json!({"to_move": "crim9"}), "\"crim9\" is not a piece"),
        (
            json!({"pieces": {"crim1": {"misses": 11}}}),
            "crim1 misses too many turns",
        ),
        (
            json!({"pieces": {"crim1": {"custody": true, "escape_faces": []}}}),
            "crim1 has no escape face",
        ),
        (
            json!({"pieces": {"crim1": {"custody": true, "sentence": 4}}}),
            "crim1: a sentence lasts at most 3 turns",
        ),
        (
            json!({"pieces": {"crim1": {"may_pay": false}}}),
            "crim1 is not in custody, so it has no escape terms",
        ),
        (json!({"owners": {"Z1": "cops"}}), "there is no tile \"Z1\""),
        (
            json!({"pieces": {"crim1": {"custody": true, "sentence": 1}}, "to_move": "crim1"}),
            "crim1 is to move, so it cannot be missing its turn",
        ),
    ];
    for (position, reason) in cases {
        assert_eq!(
            error(json!({"players": 4, "position": position})),
            format!("invalid setup: {reason}"),
            "{position}"
        );
    }
    let shape: Result<Setup, _> =
        serde_json::from_value(json!({"players": 4, "position": {"money": 5}}));
    assert!(
        shape
            .unwrap_err()
            .to_string()
            .contains("unknown field `money`")
    );
    let faction: Result<Setup, _> =
        serde_json::from_value(json!({"position": {"owners": {"O1": "police"}}}));
    assert!(
        faction
            .unwrap_err()
            .to_string()
            .contains("expected \"cops\" or \"criminals\"")
    );
}

#[test]
fn a_record_replays_to_the_same_summary() {
    let record: GameRecord = serde_json::from_value(json!({
        "game": "tyranny",
        "seed": 1,
        "options": {"players": 2},
        "moves": [
            "move", "roll 5",
            "move", "roll 6", "draw", "draw gains 9",
            "move", "roll 1", "capture", "roll 2"
        ]
    }))
    .unwrap();
    let result = replay::<Tyranny>(&record).unwrap();
    // cop1 to Pawn Shop; crim1 to a Gains tile, +500; cop2 to Rail Yard; crim2 is on the
    // Hideout, no property to capture.
    let rejection = result.rejected.expect("capture is refused");
    assert_eq!(rejection.index, 8);
    assert_eq!(
        rejection.reason,
        "crim2 is not on a property but on Hideout (O14)"
    );
    let summary = serde_json::to_value(result.state.summary()).unwrap();
    assert_eq!(summary["influence"], 1000);
    assert_eq!(summary["status"], "ongoing");
    assert_eq!(summary["players"], 2);
    assert_eq!(summary["pieces"][0]["tile"], "O5");
    assert_eq!(summary["pieces"][1]["tile"], "O20");
    assert_eq!(summary["pieces"][2]["tile"], "O1");
    assert_eq!(summary["to_move"], 1);
    assert_eq!(summary["piece_to_move"], "crim2");
    assert_eq!(summary["awaiting"], Value::Null);
    assert_eq!(summary["decks"], json!({"gamble": 20, "gains": 19}));
}
