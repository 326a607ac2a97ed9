//! What the board singles out besides the game itself: the tile each other seat laid last,
//! and each hand tile's rotations drawn where they would go (shown one at a time by the page).

use agora_engine::Seat;
use agora_present::tsuro::svg;
use agora_tsuro::{PlacedTile, Square, Tsuro, TsuroView};

/// The square of the tile each seat but `me` laid last, from every seat's moves in order; a
/// seat that has laid no tile yet has none.
pub fn seat_lasts(
    state: &Tsuro,
    me: Option<Seat>,
    seat_moves: &[(Seat, String)],
) -> Vec<(Seat, Square)> {
    let mut lasts: Vec<(Seat, Square)> = Vec::new();
    for (seat, notation) in seat_moves {
        if Some(*seat) == me {
            continue;
        }
        let Some(placed) = notation
            .strip_prefix("play ")
            .and_then(|tile| tile.trim().parse::<PlacedTile>().ok())
        else {
            continue;
        };
        // Every tile is in the game once, so the tile names its square.
        let Some(square) = Square::all().find(|sq| state.tile_at(*sq) == Some(placed)) else {
            continue;
        };
        lasts.retain(|(s, _)| s != seat);
        lasts.push((*seat, square));
    }
    lasts.sort_by_key(|(seat, _)| seat.0);
    lasts
}

/// `placed` drawn on the square the active seat's marker faces, for the hand's rotation panel
/// `id`: the engine's preview of the play, with each marker's path and where it would end.
pub fn ghost(state: &Tsuro, view: &TsuroView, id: &str, placed: PlacedTile) -> Option<svg::Ghost> {
    let preview = state.preview(placed).ok()?;
    let mut board = view.board.clone();
    *board.get_mut(preview.square.index())? = Some(placed);
    let paths = agora_tsuro::play_paths(view, placed);
    let trails = paths
        .iter()
        .map(|moved| svg::Trail {
            seat: moved.fate.seat,
            d: svg::trail(&board, &moved.path),
            gone_at: None,
        })
        .collect();
    let ends = paths
        .iter()
        .filter_map(|moved| {
            let stays = moved.fate.survives();
            let at = match moved.fate.fate {
                agora_tsuro::Fate::Stops(at) => Some(svg::marker_point(at)),
                _ => svg::trail_end(&moved.path),
            }?;
            Some((moved.fate.seat, at, stays))
        })
        .collect();
    Some(svg::Ghost {
        id: id.to_string(),
        square: preview.square,
        tile: placed,
        allowed: preview.allowed,
        trails,
        ends,
    })
}
