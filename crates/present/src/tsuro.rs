//! The Tsuro narrator: every sentence from one reader's point of view and in the reader's
//! language, for the web page's move history, its live announcements and text description of
//! the board, and for `agora play tsuro`.
//!
//! It only ever receives views ([`TsuroView`](agora_tsuro::TsuroView),
//! [`TsuroSeenMove`](agora_tsuro::TsuroSeenMove), [`Preview`](agora_tsuro::Preview)), never the
//! game itself, so it can tell no more than the reader may know.
//!
//! A marker is named by its seat and its colour ("Ada (Blue)", "you (Red)"); each colour has a
//! shape too ([`marker_style`]), so that a drawing never tells markers apart by colour alone.

mod bonus;
mod describe;
mod narrate;
pub mod svg;
mod words;

pub use bonus::swap_choice;
pub use describe::{describe_board, describe_square, preview};
pub use narrate::{narrate_move, outcome, status};
pub use words::{
    MarkerStyle, marker_name, marker_style, position_name, rules_summary, start_mark_name,
    tile_paths, who_marker,
};

/// How many ways a tile can lie ([`agora_tsuro::PlacedTile::index`] is below it): the size
/// of the tables that keep what never changes for one (its drawing, its paths in words).
const PLACED_TILES: usize = 105;

/// Every way every tile can lie: each tile's orientations, each turned a quarter at a time.
#[cfg(test)]
fn every_placed_tile() -> impl Iterator<Item = agora_tsuro::PlacedTile> {
    agora_tsuro::Tile::all()
        .flat_map(|tile| tile.orientations().iter().copied())
        .flat_map(|placed| (0..4).map(move |k| placed.turned(k)))
}
