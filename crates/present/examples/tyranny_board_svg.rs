//! Writes the picture of the standard board to `docs/rules/tyranny-board.svg`.
//!
//! `cargo run -p agora-present --example tyranny_board_svg`

use std::path::Path;

use agora_present::tyranny::svg;
use agora_tyranny::Board;

fn main() {
    let board = Board::standard().expect("the board file is valid");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules/tyranny-board.svg");
    std::fs::write(&path, svg::board_svg(board)).expect("write the picture");
    println!("wrote {}", path.display());
}
