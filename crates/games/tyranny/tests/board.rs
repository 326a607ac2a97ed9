//! The board file: the standard board's shape, and clear errors for broken files.

use agora_tyranny::{BOARD_JSON, Board, Faction, Tier, TileKind};
use serde_json::{Value, json};

fn standard() -> &'static Board {
    Board::standard().expect("the standard board is valid")
}

#[test]
fn the_standard_board() {
    let board = standard();
    assert_eq!(board.loop_len(Tier::Outer), 28);
    assert_eq!(board.loop_len(Tier::Inner), 14);
    assert_eq!(board.tiles().len(), 42);
    let count = |f: fn(&TileKind) -> bool| board.tiles().iter().filter(|t| f(&t.kind)).count();
    assert_eq!(count(|k| matches!(k, TileKind::Property(_))), 20);
    assert_eq!(count(|k| *k == TileKind::Gamble), 6);
    assert_eq!(count(|k| *k == TileKind::Gains), 6);
    assert_eq!(count(|k| *k == TileKind::Safe), 2);
    assert_eq!(board.tunnels().len(), 2);
    let code = |id| board.code(id).to_string();
    assert_eq!(code(board.home(Faction::Cops, Tier::Outer)), "O0");
    assert_eq!(code(board.home(Faction::Cops, Tier::Inner)), "I0");
    assert_eq!(code(board.home(Faction::Criminals, Tier::Outer)), "O14");
    assert_eq!(code(board.home(Faction::Criminals, Tier::Inner)), "I7");
    let a = &board.tunnels()[0];
    assert_eq!(
        (code(a.outer), code(a.inner), a.cost, a.open),
        ("O4".into(), "I2".into(), 150, false)
    );
}

#[test]
fn facing_tiles_line_up_by_angle() {
    let board = standard();
    let facing = |c: &str| {
        board
            .code(board.facing(board.tile_by_code(c).unwrap()))
            .to_string()
    };
    assert_eq!(facing("O0"), "I0");
    assert_eq!(facing("O5"), "I2");
    assert_eq!(facing("O27"), "I13");
    assert_eq!(facing("I7"), "O14");
    assert_eq!(facing("I13"), "O26");
    // Both ends of every tunnel face each other, as do the home bases.
    for tunnel in board.tunnels() {
        assert_eq!(board.facing(tunnel.outer), tunnel.inner);
        assert_eq!(board.facing(tunnel.inner), tunnel.outer);
    }
}

#[test]
fn tiles_name_their_properties() {
    let board = standard();
    let rail_yard = board.tile(board.tile_by_code("O1").unwrap());
    assert_eq!(rail_yard.name, "Rail Yard");
    let property = board.property(rail_yard.id).unwrap();
    assert_eq!(
        (property.low, property.high, property.influence),
        (4, 6, 45)
    );
    assert!(property.captures_on(4) && !property.captures_on(3));
}

/// The standard file with `edit` applied to its JSON.
fn broken(edit: impl FnOnce(&mut Value)) -> String {
    let mut value: Value = serde_json::from_str(BOARD_JSON).unwrap();
    edit(&mut value);
    Board::parse(&value.to_string())
        .expect_err("a broken board")
        .to_string()
}

#[test]
fn a_file_that_is_not_json_says_where() {
    let error = Board::parse("{\n  \"outer\": [\n    {\"kind\": \"gamble\"},,\n").unwrap_err();
    assert!(error.to_string().contains("line 3"), "{error}");
    assert!(error.to_string().starts_with("board file: "));
}

#[test]
fn unknown_fields_and_kinds_are_refused() {
    let e = broken(|b| b["outer"][2] = json!({"kind": "casino"}));
    assert!(e.contains("unknown variant `casino`"), "{e}");
    let e = broken(|b| b["outer"][2] = json!({"kind": "gamble", "colour": "red"}));
    assert!(e.contains("unknown field `colour`"), "{e}");
    let e = broken(|b| b["rivers"] = json!([]));
    assert!(e.contains("unknown field `rivers`"), "{e}");
    let e = broken(|b| {
        b.as_object_mut().unwrap().remove("tunnels");
    });
    assert!(e.contains("missing field `tunnels`"), "{e}");
}

#[test]
fn every_loop_needs_one_home_base_of_each_faction() {
    let e = broken(|b| b["outer"][0] = json!({"kind": "gamble"}));
    assert_eq!(e, "board file: the outer loop has no police station");
    let e = broken(|b| b["inner"][1] = json!({"kind": "hideout"}));
    assert_eq!(e, "board file: the inner loop has two hideouts");
}

#[test]
fn tunnels_need_one_declared_end_on_each_loop() {
    let e = broken(|b| b["inner"][2] = json!({"kind": "gains"}));
    assert_eq!(e, "board file: tunnel A needs one end on each loop");
    let e = broken(|b| b["outer"][2] = json!({"kind": "tunnel", "tunnel": "A"}));
    assert_eq!(e, "board file: tunnel A has two ends on the outer loop");
    let e = broken(|b| b["outer"][2] = json!({"kind": "tunnel", "tunnel": "Z"}));
    assert_eq!(
        e,
        "board file: tile O2 is an end of tunnel \"Z\", which is not declared"
    );
    let e = broken(|b| b["tunnels"][1]["name"] = json!("A"));
    assert_eq!(e, "board file: tunnel A is declared twice");
    let e = broken(|b| b["tunnels"][0]["cost"] = json!(0));
    assert_eq!(e, "board file: tunnel A costs 0; a cost is 1 to 1000");
    let e = broken(|b| b["tunnels"][0]["name"] = json!("a"));
    assert_eq!(e, "board file: tunnel name \"a\" must be capital letters");
}

#[test]
fn properties_need_a_die_range_and_an_influence() {
    for (range, ok) in [
        ("0-3", false),
        ("6-4", false),
        ("7", false),
        ("1-6", false),
        ("x", false),
        ("2-5", true),
        ("6", true),
    ] {
        let mut value: Value = serde_json::from_str(BOARD_JSON).unwrap();
        value["outer"][1]["capture"] = json!(range);
        let result = Board::parse(&value.to_string());
        assert_eq!(result.is_ok(), ok, "{range}: {result:?}");
    }
    let e = broken(|b| b["outer"][1]["capture"] = json!("0-3"));
    assert_eq!(
        e,
        "board file: tile O1 (Rail Yard): capture range \"0-3\" is not a range of die faces like \"4-6\" or \"6\""
    );
    let e = broken(|b| b["outer"][1]["capture"] = json!("1-6"));
    assert_eq!(
        e,
        "board file: tile O1 (Rail Yard): capture range 1-6 always succeeds"
    );
    let e = broken(|b| b["outer"][1]["influence"] = json!(0));
    assert_eq!(
        e,
        "board file: tile O1 (Rail Yard): influence 0 is not 1 to 1000"
    );
    let e = broken(|b| b["outer"][3]["name"] = json!("Rail Yard"));
    assert_eq!(
        e,
        "board file: tile O3: the name \"Rail Yard\" is used twice"
    );
    let e = broken(|b| b["outer"][1]["name"] = json!(" "));
    assert_eq!(e, "board file: tile O1 needs a name");
}

#[test]
fn loops_have_sizes_and_the_board_needs_cards_and_properties() {
    let e = broken(|b| {
        b["inner"] = json!([
            {"kind": "police_station"}, {"kind": "tunnel", "tunnel": "A"}, {"kind": "hideout"},
            {"kind": "tunnel", "tunnel": "B"}, {"kind": "gamble"}, {"kind": "gains"}
        ])
    });
    assert_eq!(
        e,
        "board file: the inner loop has 6 tiles; a loop needs at least 7"
    );
    let e = broken(|b| {
        let extra: Vec<Value> = (0..30).map(|_| json!({"kind": "gamble"})).collect();
        b["outer"].as_array_mut().unwrap().extend(extra);
    });
    assert_eq!(
        e,
        "board file: the board has 72 tiles; at most 64 are allowed"
    );
    let e = broken(|b| {
        for loop_name in ["outer", "inner"] {
            for tile in b[loop_name].as_array_mut().unwrap() {
                if tile["kind"] == "gains" {
                    *tile = json!({"kind": "gamble"});
                }
            }
        }
    });
    assert_eq!(e, "board file: the board has no gains tile");
}
