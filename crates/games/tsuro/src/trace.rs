//! The paths markers follow, worked out from what a viewer sees (a view's board and markers),
//! for drawing a play's movement and telling it in words.

use agora_engine::Seat;

use crate::{Fate, MarkerFate, PlacedTile, Position, TsuroView};

/// The path a marker standing at `from` follows over `board` (the 36 squares in reading
/// order, as in [`TsuroView::board`]), ignoring other markers: for each tile crossed, the
/// point it enters by and the point it leaves by; then, when the path stops, the position it
/// stops at (facing an empty square: the last exit seen from the next square). A path that
/// runs off the board ends with its exit on the rim, so the length is even; a path that stops
/// has odd length. `[from]` alone when `from`'s square is empty.
pub fn trace(board: &[Option<PlacedTile>], from: Position) -> Vec<Position> {
    let mut points = Vec::new();
    let mut at = from;
    // A path from a marker's point never loops, but a board not from a game might: every
    // tile can be crossed at most four times.
    for _ in 0..=4 * board.len() {
        let Some(tile) = board.get(at.square().index()).copied().flatten() else {
            points.push(at);
            return points;
        };
        let exit = Position::new(at.square(), tile.exit(at.point()));
        points.extend([at, exit]);
        match exit.across() {
            Some(next) => at = next,
            None => return points,
        }
    }
    points
}

/// What laying `tile` did (or would do) to one marker: where it went, how, and the path it
/// followed (as [`trace`] gives it, cut where it met another marker).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkerPath {
    pub fate: MarkerFate,
    pub path: Vec<Position>,
}

/// What laying `tile` on the square the active seat's marker faces does to every marker
/// facing that square, in seat order, worked out from `view` as it was before the play: the
/// same fates as [`crate::Tsuro::preview`], with each marker's path. Empty when no seat is
/// active or its marker is not on the board.
pub fn play_paths(view: &TsuroView, tile: PlacedTile) -> Vec<MarkerPath> {
    let Some(square) = view
        .active
        .and_then(|seat| view.markers.get(seat.index()))
        .and_then(|marker| marker.at)
        .map(Position::square)
    else {
        return Vec::new();
    };
    let mut board = view.board.clone();
    if let Some(slot) = board.get_mut(square.index()) {
        *slot = Some(tile);
    }
    let facing: Vec<(Seat, Position)> = view
        .markers
        .iter()
        .filter_map(|m| {
            m.at.filter(|at| at.square() == square)
                .map(|at| (m.seat, at))
        })
        .collect();
    facing
        .iter()
        .map(|&(seat, from)| {
            let mut path = trace(&board, from);
            let hit = path.iter().enumerate().skip(1).find_map(|(i, at)| {
                let other = facing.iter().find(|(s, p)| *s != seat && p == at)?;
                Some((i, other.0))
            });
            let fate = match hit {
                Some((i, other)) => {
                    path.truncate(i + 1);
                    Fate::Collides(other)
                }
                None if path.len() % 2 == 0 => Fate::LeavesBoard,
                None => Fate::Stops(*path.last().expect("a path has a start")),
            };
            MarkerPath {
                fate: MarkerFate {
                    seat,
                    from,
                    tiles: tiles_crossed(&path),
                    fate,
                },
                path,
            }
        })
        .collect()
}

/// Tiles a path crossed: one per entry and exit. A path cut where it comes back into the new
/// tile's square ends on an entry whose crossing is not made, as the rules' walk counts it.
fn tiles_crossed(path: &[Position]) -> u8 {
    (path.len() / 2) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    fn at(text: &str) -> Position {
        text.parse().unwrap()
    }

    fn board(tiles: &[(&str, &str)]) -> Vec<Option<PlacedTile>> {
        let mut board = vec![None; 36];
        for (square, tile) in tiles {
            let square: Square = square.parse().unwrap();
            board[square.index()] = Some(tile.parse().unwrap());
        }
        board
    }

    #[test]
    fn a_path_over_an_empty_square_is_where_it_stands() {
        assert_eq!(trace(&board(&[]), at("c1.0")), [at("c1.0")]);
    }

    #[test]
    fn a_path_enters_and_leaves_each_tile_then_stops() {
        // a1: 0 goes down to 4, which touches a2.1; a2: 1 goes right to 2, which touches b2.7,
        // an empty square.
        let b = board(&[("a1", "04-12-35-67"), ("a2", "03-12-47-56")]);
        assert_eq!(
            trace(&b, at("a1.0")),
            [at("a1.0"), at("a1.4"), at("a2.1"), at("a2.2"), at("b2.7")]
        );
    }

    #[test]
    fn a_path_off_the_rim_ends_with_its_exit() {
        // a1: 7 goes to 6, the left edge.
        let b = board(&[("a1", "04-12-35-67")]);
        assert_eq!(trace(&b, at("a1.7")), [at("a1.7"), at("a1.6")]);
    }
}
