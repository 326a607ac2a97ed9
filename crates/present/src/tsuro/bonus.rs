//! The elimination bonus's choices in words, for the page's buttons and its confirmation.

use agora_tsuro::{Swap, Tile};

use super::tile_paths;
use crate::text::text_with;
use crate::{Reader, args};

/// One tile of a swap: its notation, then its paths in words (the notation alone means
/// nothing to a listener; the paths alone are hard to tell apart at a glance).
fn tile_words(reader: &Reader, tile: Tile) -> String {
    let placed = tile.first_orientation();
    format!("{placed} ({})", tile_paths(reader.lang, placed))
}

/// "Give 01-23-45-67 (…), take 02-13-46-57 (…)"; empty for keeping every tile.
pub fn swap_choice(reader: &Reader, swap: &Swap) -> String {
    if swap.is_keep() {
        return String::new();
    }
    let words = |tiles: &[Tile]| {
        tiles
            .iter()
            .map(|t| tile_words(reader, *t))
            .collect::<Vec<_>>()
            .join("; ")
    };
    text_with(
        reader.lang,
        "tsuro-swap-choice",
        &args![("give", words(swap.give())), ("take", words(swap.take()))],
    )
}
