//! The committed board picture is the one the board file draws.

use std::path::Path;

use agora_present::tyranny::svg;
use agora_tyranny::Board;

#[test]
fn the_committed_board_picture_is_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules/tyranny-board.svg");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let drawn = svg::board_svg(Board::standard().unwrap());
    assert!(
        committed == drawn,
        "docs/rules/tyranny-board.svg is out of date: run `cargo run -p agora-present --example tyranny_board_svg`"
    );
}

#[test]
fn the_picture_names_every_tile_and_escapes_text() {
    let board = Board::standard().unwrap();
    let drawn = svg::board_svg(board);
    for tile in board.tiles() {
        assert!(
            drawn.contains(&format!("<title>{} ", tile.code)),
            "{}",
            tile.code
        );
    }
    let mut value: serde_json::Value = serde_json::from_str(agora_tyranny::BOARD_JSON).unwrap();
    value["outer"][1]["name"] = serde_json::json!("Rock & <Roll>");
    let odd = Board::parse(&value.to_string()).unwrap();
    let drawn = svg::board_svg(&odd);
    assert!(drawn.contains("Rock &amp; &lt;Roll&gt;"));
    assert!(!drawn.contains("Rock & <Roll>"));
}
