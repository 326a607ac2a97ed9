//! Options, setups and their errors.

mod common;

use agora_engine::{FastRng, Game, GameRecord, RecordError};
use agora_tsuro::{Tile, Tsuro, TsuroOptions, TsuroSetup};
use common::setup;
use serde_json::{Value, json};

fn error(setup: &Value) -> String {
    let setup: TsuroSetup = serde_json::from_value(setup.clone()).expect("setup shape");
    Tsuro::from_setup(&setup).unwrap_err().to_string()
}

fn every_tile() -> Vec<String> {
    Tile::all().map(|t| t.to_string()).collect()
}

/// The tiles dealt as hands of three to `players` seats, the rest as the pile.
fn dealt(players: usize) -> Value {
    let tiles = every_tile();
    let hands: Vec<&[String]> = tiles[..3 * players].chunks(3).collect();
    json!({"players": players, "hands": hands, "draw_pile": tiles[3 * players..]})
}

#[test]
fn options_default_to_two_players_without_the_bonus() {
    let options: TsuroOptions = serde_json::from_str("{}").unwrap();
    assert_eq!(options, TsuroOptions::default());
    assert_eq!(options.players, 2);
    assert!(!options.elimination_bonus);
    let options: TsuroOptions =
        serde_json::from_str(r#"{"players": 5, "elimination_bonus": true}"#).unwrap();
    assert_eq!((options.players, options.elimination_bonus), (5, true));
    assert!(serde_json::from_str::<TsuroOptions>(r#"{"player": 5}"#).is_err());
}

#[test]
fn random_setups_deal_every_tile_once() {
    let mut rng = FastRng::new(3);
    for players in 2..=8 {
        for bonus in [false, true] {
            let options = TsuroOptions {
                players,
                elimination_bonus: bonus,
            };
            let setup = Tsuro::random_setup(&options, &mut rng);
            assert_eq!(setup.players, players);
            assert_eq!(setup.elimination_bonus, bonus);
            assert_eq!(setup.hands.len(), players);
            assert!(setup.hands.iter().all(|h| h.len() == 3));
            assert_eq!(setup.draw_pile.as_slice().len(), 35 - 3 * players);
            let mut all: Vec<Tile> = setup.hands.all_tiles().to_vec();
            all.extend(setup.draw_pile.as_slice());
            all.sort();
            assert_eq!(all, Tile::all().collect::<Vec<_>>());
            let game = Tsuro::from_setup(&setup).unwrap();
            assert_eq!(game.seats(), players);
            assert_eq!(game.elimination_bonus(), bonus);
        }
    }
}

/// Records name a seed forever: this deal must never change.
#[test]
fn the_deal_of_a_seed_is_pinned() {
    let setup = Tsuro::setup_from_seed(&TsuroOptions::default(), 42);
    assert_eq!(
        serde_json::to_value(&setup).unwrap()["hands"],
        json!(PINNED_SEED_42_HANDS)
    );
    assert_eq!(
        setup.draw_pile.as_slice()[0].to_string(),
        PINNED_SEED_42_PILE_TOP
    );
}

const PINNED_SEED_42_HANDS: [[&str; 3]; 2] = [
    ["01-27-34-56", "02-16-35-47", "04-13-26-57"],
    ["02-13-46-57", "01-23-46-57", "02-15-37-46"],
];
const PINNED_SEED_42_PILE_TOP: &str = "01-23-45-67";

#[test]
fn setups_round_trip_through_json_in_any_rotation() {
    let setup = Tsuro::setup_from_seed(&TsuroOptions::default(), 1);
    let json = serde_json::to_value(&setup).unwrap();
    assert_eq!(json["players"], 2);
    assert_eq!(json["elimination_bonus"], false);
    let back: TsuroSetup = serde_json::from_value(json).unwrap();
    assert_eq!(back, setup);
    // Tiles may be written turned; they read as the same tiles.
    let mut turned = dealt(2);
    turned["hands"][0][0] = json!("05-14-23-67");
    turned["hands"][0][1] = json!("01-27-36-45");
    assert_eq!(
        error(&turned),
        "invalid setup: tile 01-27-36-45 appears twice"
    );
    let mut turned = dealt(2);
    turned["hands"][0][0] = json!("23-45-67-10");
    let setup: TsuroSetup = serde_json::from_value(turned).unwrap();
    assert!(Tsuro::from_setup(&setup).is_ok());
    // The bonus may be left out.
    let setup: TsuroSetup = serde_json::from_value(dealt(3)).unwrap();
    assert!(!setup.elimination_bonus);
}

#[test]
fn bad_setups_name_the_problem() {
    let mut wrong = dealt(2);
    wrong["players"] = json!(1);
    assert_eq!(
        error(&wrong),
        "invalid setup: players must be 2 to 8, not 1"
    );
    let mut wrong = dealt(8);
    wrong["players"] = json!(9);
    assert_eq!(
        error(&wrong),
        "invalid setup: players must be 2 to 8, not 9"
    );
    let mut wrong = dealt(3);
    wrong["players"] = json!(2);
    assert_eq!(error(&wrong), "invalid setup: 3 hands for 2 players");

    let tiles = every_tile();
    let short_hand = json!({
        "players": 2,
        "hands": [&tiles[0..3], &tiles[3..5]],
        "draw_pile": &tiles[5..],
    });
    assert_eq!(
        error(&short_hand),
        "invalid setup: seat 1 holds 2 tiles, not 3"
    );
    let missing = json!({
        "players": 2,
        "hands": [&tiles[0..3], &tiles[3..6]],
        "draw_pile": &tiles[7..],
    });
    assert_eq!(
        error(&missing),
        "invalid setup: hands and draw pile hold 34 tiles, not 35: tile 01-25-37-46 is missing"
    );
    let mut twice = dealt(2);
    twice["draw_pile"][0] = json!(tiles[0]);
    assert_eq!(
        error(&twice),
        "invalid setup: tile 01-23-45-67 appears twice"
    );

    // Text that is no tile cannot even be read as a setup; the record reader says why.
    let mut garbled = dealt(2);
    garbled["hands"][1][2] = json!("01-23-45-6x");
    let record = GameRecord {
        game: "tsuro".into(),
        seed: None,
        options: None,
        setup: Some(garbled),
        moves: vec![],
        ..Default::default()
    };
    let Err(RecordError::SetupShape(reason)) = agora_engine::start::<Tsuro>(&record) else {
        panic!("a garbled tile is refused");
    };
    assert!(reason.contains("\"01-23-45-6x\" is not a tile"), "{reason}");
    let mut extra = dealt(2);
    extra["dragon"] = json!(0);
    assert!(serde_json::from_value::<TsuroSetup>(extra).is_err());
}

#[test]
fn a_seed_and_options_make_a_record() {
    let record: GameRecord = serde_json::from_value(json!({
        "game": "tsuro", "seed": 42, "options": {"players": 4}, "moves": ["start a1.0"],
    }))
    .unwrap();
    let replay = agora_engine::replay::<Tsuro>(&record).unwrap();
    assert_eq!(replay.rejected, None);
    assert_eq!(replay.state.seats(), 4);
}

#[test]
fn hand_written_setups_build_games() {
    let game = common::start(&setup(
        &[
            ["01-23-45-67", "07-12-34-56", "01-26-34-57"],
            ["02-13-46-57", "03-16-25-47", "04-15-26-37"],
        ],
        &["05-14-27-36"],
        false,
    ));
    assert_eq!(game.draw_pile().next().unwrap().to_string(), "05-14-27-36");
    assert_eq!(game.draw_pile_len(), 29);
}
