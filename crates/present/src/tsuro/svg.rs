//! Tsuro drawn as SVG, from a view: the 6×6 board with every path of every placed tile, the
//! 48 start marks on the rim, each marker in its colour and shape, and single tiles for a hand.
//!
//! The drawing carries no words: it is a picture for sighted players (the page labels it and
//! gives every square and marker in text beside it). Colours come from the page's style sheet
//! through classes (`m-red`, …), so light and dark themes both apply.

use std::fmt::Write;
use std::sync::OnceLock;

use agora_engine::Seat;
use agora_tsuro::{PlacedTile, Point, Position, SIDE, Square, TsuroView};

use super::{PLACED_TILES, marker_style};
use crate::svg_number::Tenths as T;

/// One square's side in drawing units.
pub const SQUARE: f64 = 100.0;
/// Room round the board for the start marks and the markers standing on the rim: as deep as
/// a mark's button, half a square wide, so that on a 360 px phone with the board the full
/// width each button is still at least 24 CSS px square (WCAG 2.5.8).
pub const MARGIN: f64 = 50.0;
/// The whole drawing's side: the board and its margin on both sides.
pub const EXTENT: f64 = SQUARE * SIDE as f64 + 2.0 * MARGIN;

/// How far a marker stands off the edge of the square it faces, so it never covers a path.
const MARKER_OFFSET: f64 = 13.0;
const MARKER_RADIUS: f64 = 10.0;

/// Where `point` lies on a square whose top-left corner is at (`x`, `y`), and the direction
/// into the square from there.
fn point_at(x: f64, y: f64, point: Point) -> ((f64, f64), (f64, f64)) {
    let third = SQUARE / 3.0;
    match point.index() {
        0 => ((x + third, y), (0.0, 1.0)),
        1 => ((x + 2.0 * third, y), (0.0, 1.0)),
        2 => ((x + SQUARE, y + third), (-1.0, 0.0)),
        3 => ((x + SQUARE, y + 2.0 * third), (-1.0, 0.0)),
        4 => ((x + 2.0 * third, y + SQUARE), (0.0, -1.0)),
        5 => ((x + third, y + SQUARE), (0.0, -1.0)),
        6 => ((x, y + 2.0 * third), (1.0, 0.0)),
        _ => ((x, y + third), (1.0, 0.0)),
    }
}

/// The top-left corner of `square` on the board drawing.
pub fn square_corner(square: Square) -> (f64, f64) {
    (
        MARGIN + square.column() as f64 * SQUARE,
        MARGIN + square.row() as f64 * SQUARE,
    )
}

/// Where a marker at `position` is drawn: just outside the square it faces.
pub fn marker_point(position: Position) -> (f64, f64) {
    let (x, y) = square_corner(position.square());
    let ((px, py), (nx, ny)) = point_at(x, y, position.point());
    (px - nx * MARKER_OFFSET, py - ny * MARKER_OFFSET)
}

/// One path of a tile as an SVG path's `d`: a curve leaving each point straight into the
/// square, as the printed tiles draw them.
fn path_d(x: f64, y: f64, a: Point, b: Point) -> String {
    let ((ax, ay), (anx, any)) = point_at(x, y, a);
    let ((bx, by), (bnx, bny)) = point_at(x, y, b);
    // Paths between the two points of one side turn back sooner than paths across.
    let pull = if (anx, any) == (bnx, bny) {
        SQUARE * 0.3
    } else {
        SQUARE * 0.4
    };
    format!(
        "M{} {}C{} {} {} {} {} {}",
        T(ax),
        T(ay),
        T(ax + anx * pull),
        T(ay + any * pull),
        T(bx + bnx * pull),
        T(by + bny * pull),
        T(bx),
        T(by),
    )
}

/// A placed tile at (`x`, `y`): its face and its four paths (each drawn twice, a wide
/// outline under a narrow line, so crossing paths stay readable).
fn write_tile(out: &mut String, x: f64, y: f64, tile: PlacedTile) {
    let _ = write!(
        out,
        r#"<rect class="ts-tile" x="{}" y="{}" width="{SQUARE}" height="{SQUARE}" rx="4"/>"#,
        T(x),
        T(y)
    );
    for (a, b) in tile.paths() {
        let d = path_d(x, y, a, b);
        let _ = write!(
            out,
            r#"<path class="ts-path-under" d="{d}"/><path class="ts-path" d="{d}"/>"#
        );
    }
}

/// A marker's shape centred at (`cx`, `cy`), in its seat's colour class.
pub fn write_marker(out: &mut String, seat: Seat, cx: f64, cy: f64, class: &str) {
    let _ = write!(
        out,
        r#"<g class="ts-marker m-{} {class}" data-seat="{}">"#,
        marker_style(seat).colour,
        seat.0
    );
    write_shape(out, seat, cx, cy);
}

/// A seat's shape as a badge, not a marker (scripts that move markers leave it alone).
fn write_badge(out: &mut String, seat: Seat, cx: f64, cy: f64, class: &str) {
    let _ = write!(
        out,
        r#"<g class="ts-badge m-{} {class}">"#,
        marker_style(seat).colour
    );
    write_shape(out, seat, cx, cy);
}

/// The shape of `seat`'s marker centred at (`cx`, `cy`), closing the group it is drawn in.
fn write_shape(out: &mut String, seat: Seat, cx: f64, cy: f64) {
    let style = marker_style(seat);
    let r = MARKER_RADIUS;
    let polygon = |corners: usize, inner: Option<f64>, turn: f64| -> String {
        let steps = if inner.is_some() {
            corners * 2
        } else {
            corners
        };
        (0..steps)
            .map(|i| {
                let radius = match inner {
                    Some(inner) if i % 2 == 1 => r * inner,
                    _ => r * 1.1,
                };
                let angle = turn + std::f64::consts::TAU * i as f64 / steps as f64;
                format!(
                    "{},{}",
                    T(cx + radius * angle.sin()),
                    T(cy - radius * angle.cos())
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = match style.shape {
        "circle" => write!(out, r#"<circle cx="{}" cy="{}" r="{r}"/>"#, T(cx), T(cy)),
        "square" => write!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
            T(cx - r * 0.85),
            T(cy - r * 0.85),
            T(r * 1.7),
            T(r * 1.7)
        ),
        "triangle" => write!(out, r#"<polygon points="{}"/>"#, polygon(3, None, 0.0)),
        "diamond" => write!(out, r#"<polygon points="{}"/>"#, polygon(4, None, 0.0)),
        "star" => write!(
            out,
            r#"<polygon points="{}"/>"#,
            polygon(5, Some(0.45), 0.0)
        ),
        "hexagon" => write!(out, r#"<polygon points="{}"/>"#, polygon(6, None, 0.0)),
        "pentagon" => write!(out, r#"<polygon points="{}"/>"#, polygon(5, None, 0.0)),
        // A cross: four arms, drawn as a twelve-cornered polygon.
        _ => write!(
            out,
            r#"<polygon points="{}"/>"#,
            polygon(4, Some(0.42), std::f64::consts::FRAC_PI_4)
        ),
    };
    out.push_str("</g>");
}

/// A single tile as it would be laid, on its own square drawing (`0 0 100 100`): for a hand.
pub fn tile(tile: PlacedTile) -> String {
    // Drawn once per tile for the server's life: a hand shows each of its tiles four ways.
    static DRAWN: [OnceLock<String>; PLACED_TILES] = [const { OnceLock::new() }; PLACED_TILES];
    match DRAWN.get(tile.index()) {
        Some(drawn) => drawn.get_or_init(|| draw_tile(tile)).clone(),
        None => draw_tile(tile),
    }
}

/// [`tile`], drawn afresh.
fn draw_tile(tile: PlacedTile) -> String {
    let mut out = format!(
        r#"<svg class="ts-hand-tile" viewBox="-4 -4 {s} {s}" aria-hidden="true" focusable="false">"#,
        s = SQUARE + 8.0
    );
    write_tile(&mut out, 0.0, 0.0, tile);
    out.push_str("</svg>");
    out
}

/// An outline `inset` units inside `square`: the last play's square, or the one the reader's
/// marker faces.
fn write_outline(out: &mut String, square: Square, class: &str, inset: f64) {
    let (x, y) = square_corner(square);
    let side = SQUARE - 2.0 * inset;
    let _ = write!(
        out,
        r#"<rect class="{class}" x="{}" y="{}" width="{side}" height="{side}" rx="5"/>"#,
        T(x + inset),
        T(y + inset),
        side = T(side),
    );
}

/// What the board drawing should single out besides the view itself.
#[derive(Clone, Debug, Default)]
pub struct Highlights {
    /// The square the reader's marker faces, where their tile would go.
    pub target: Option<Square>,
    /// Start marks still free, drawn as open rings while markers are being placed.
    pub free_marks: Vec<Position>,
    /// The squares laid by the last play, outlined.
    pub last: Option<Square>,
    /// The tile each other seat laid last, outlined in its colour until it plays again.
    pub seat_lasts: Vec<(Seat, Square)>,
    /// Each hand tile's rotations as they would lie on the target square, hidden until the
    /// page shows the one in focus or under the pointer.
    pub ghosts: Vec<Ghost>,
    /// How the markers moved in the last play.
    pub trails: Vec<Trail>,
    /// Drawn last, on top of everything: the page's buttons over the start marks.
    pub overlay: String,
}

/// The whole board for `view`: squares, placed tiles, start marks and markers.
pub fn board(view: &TsuroView, highlights: &Highlights) -> String {
    let mut out = format!(
        r#"<svg class="ts-board" viewBox="0 0 {EXTENT} {EXTENT}" aria-hidden="true" focusable="false">"#
    );
    let _ = write!(
        out,
        r#"<rect class="ts-rim" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="6"/>"#,
        MARGIN - 6.0,
        MARGIN - 6.0,
        SQUARE * SIDE as f64 + 12.0,
        SQUARE * SIDE as f64 + 12.0
    );
    for square in Square::all() {
        let (x, y) = square_corner(square);
        let mut class = "ts-square".to_string();
        if highlights.target == Some(square) {
            class.push_str(" target");
        }
        let _ = write!(
            out,
            r#"<rect class="{class}" x="{}" y="{}" width="{SQUARE}" height="{SQUARE}"/>"#,
            T(x),
            T(y)
        );
        if let Some(Some(placed)) = view.board.get(square.index()) {
            write_tile(&mut out, x, y, *placed);
        }
    }
    for &(seat, square) in &highlights.seat_lasts {
        let class = format!("ts-seat-last m-{}", marker_style(seat).colour);
        // A dark edge under the colour, so a light colour (yellow) still stands out.
        write_outline(&mut out, square, "ts-seat-last-under", 5.0);
        write_outline(&mut out, square, &class, 5.0);
    }
    for (square, class, inset) in [
        (highlights.last, "ts-last", 2.0),
        (highlights.target, "ts-target", 3.0),
    ] {
        if let Some(square) = square {
            write_outline(&mut out, square, class, inset);
        }
    }
    for mark in Position::start_marks() {
        let (cx, cy) = marker_point(mark);
        let free = highlights.free_marks.contains(&mark);
        let _ = write!(
            out,
            r#"<circle class="ts-mark{}" cx="{}" cy="{}" r="{}"/>"#,
            if free { " free" } else { "" },
            T(cx),
            T(cy),
            if free { 6.0 } else { 2.5 }
        );
    }
    write_trails(&mut out, &highlights.trails);
    write_gone(&mut out, &highlights.trails);
    for marker in &view.markers {
        if let Some(at) = marker.at {
            let (cx, cy) = marker_point(at);
            write_marker(&mut out, marker.seat, cx, cy, "");
        }
    }
    // After the markers, so a script looking for a seat's marker finds the real one first:
    // the seat's shape in the corner of its last tile, so the outline is not told by colour
    // alone, and the previews.
    for &(seat, square) in &highlights.seat_lasts {
        let (x, y) = square_corner(square);
        write_badge(&mut out, seat, x + 16.0, y + 16.0, "ts-seat-last-shape");
    }
    for ghost in &highlights.ghosts {
        write_ghost(&mut out, ghost);
    }
    out.push_str(&highlights.overlay);
    out.push_str("</svg>");
    out
}

/// The box (x, y, width, height) of a button over the mark at `position`: the half of the
/// square's side the mark stands on, as deep as the margin, so neighbouring buttons touch
/// but never overlap.
pub fn mark_box(position: Position) -> (f64, f64, f64, f64) {
    let (x, y) = square_corner(position.square());
    let half = SQUARE / 2.0;
    // Which half of its side the point lies on: the first point of each side (clockwise
    // from the top left) is the first half going clockwise.
    let first = position.point().index() % 2 == 0;
    match position.point().index() {
        0 | 1 => (x + if first { 0.0 } else { half }, y - MARGIN, half, MARGIN),
        2 | 3 => (x + SQUARE, y + if first { 0.0 } else { half }, MARGIN, half),
        4 | 5 => (x + if first { half } else { 0.0 }, y + SQUARE, half, MARGIN),
        _ => (x - MARGIN, y + if first { half } else { 0.0 }, MARGIN, half),
    }
}

/// A hand tile in one rotation as it would lie on the square the reader's marker faces, with
/// the path each marker facing that square would follow and where it would end.
#[derive(Clone, Debug)]
pub struct Ghost {
    /// The id of the hand's rotation panel it belongs to.
    pub id: String,
    pub square: Square,
    pub tile: PlacedTile,
    /// Whether the rules allow this play (a refused one is drawn as such).
    pub allowed: bool,
    pub trails: Vec<Trail>,
    /// Where each moved marker would end and whether it stays in the game.
    pub ends: Vec<(Seat, (f64, f64), bool)>,
}

fn write_ghost(out: &mut String, ghost: &Ghost) {
    let _ = write!(
        out,
        r#"<g class="ts-ghost{}" data-ghost="{}">"#,
        if ghost.allowed { "" } else { " refused" },
        ghost.id
    );
    let (x, y) = square_corner(ghost.square);
    write_tile(out, x, y, ghost.tile);
    write_outline(out, ghost.square, "ts-ghost-outline", 3.0);
    for trail in ghost.trails.iter().filter(|t| !t.d.is_empty()) {
        let _ = write!(
            out,
            r#"<path class="ts-ghost-trail m-{}" d="{}"/>"#,
            marker_style(trail.seat).colour,
            trail.d
        );
    }
    for &(seat, (cx, cy), stays) in &ghost.ends {
        write_badge(
            out,
            seat,
            cx,
            cy,
            if stays {
                "ts-ghost-end"
            } else {
                "ts-ghost-end out"
            },
        );
    }
    out.push_str("</g>");
}

/// A trail along the tiles a marker crossed, as an SVG path's `d`: each tile's path from the
/// point it entered by to the point it left by. `path` is as `agora_tsuro::trace` gives it:
/// an entry and an exit point for each tile crossed (then, maybe, where it stopped).
pub fn trail(board: &[Option<PlacedTile>], path: &[Position]) -> String {
    let mut d = String::new();
    for pair in path.chunks_exact(2) {
        let (entry, exit) = (pair[0], pair[1]);
        let square = entry.square();
        if !matches!(board.get(square.index()), Some(Some(_))) {
            continue;
        }
        let (x, y) = square_corner(square);
        let piece = path_d(x, y, entry.point(), exit.point());
        if d.is_empty() {
            d.push_str(&piece);
        } else {
            // Continue the line: drop the piece's own move-to.
            d.push_str(&piece[piece.find('C').unwrap_or(0)..]);
        }
    }
    d
}

/// Where a trail ends: the edge point the marker left its last tile by.
pub fn trail_end(path: &[Position]) -> Option<(f64, f64)> {
    let exit = path.chunks_exact(2).last()?[1];
    let (x, y) = square_corner(exit.square());
    Some(point_at(x, y, exit.point()).0)
}

/// One marker's move in the last play, for the board to draw: the trail it followed, and,
/// when the play put it out, the marker itself at the trail's end (hidden unless a script
/// animates it, since it is no longer on the board).
#[derive(Clone, Debug)]
pub struct Trail {
    pub seat: Seat,
    pub d: String,
    pub gone_at: Option<(f64, f64)>,
}

fn write_trails(out: &mut String, trails: &[Trail]) {
    for trail in trails.iter().filter(|t| !t.d.is_empty()) {
        let _ = write!(
            out,
            r#"<path class="ts-trail m-{}" data-seat="{}" d="{}"/>"#,
            marker_style(trail.seat).colour,
            trail.seat.0,
            trail.d
        );
    }
}

fn write_gone(out: &mut String, trails: &[Trail]) {
    for trail in trails {
        if let Some((cx, cy)) = trail.gone_at {
            write_marker(out, trail.seat, cx, cy, "ts-gone");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_s_drawing_kept_is_the_one_drawn_afresh() {
        for placed in super::super::every_placed_tile() {
            assert!(placed.index() < PLACED_TILES, "{placed}");
            // Twice: drawn and kept, then read from what was kept.
            for _ in 0..2 {
                assert_eq!(tile(placed), draw_tile(placed), "{placed}");
            }
        }
    }

    #[test]
    fn markers_stand_outside_the_square_they_face() {
        let top_left: Position = "a1.0".parse().unwrap();
        let (x, y) = marker_point(top_left);
        assert!(
            y < MARGIN,
            "a rim marker on the top edge stands above the board"
        );
        assert!(x > MARGIN && x < MARGIN + SQUARE);
    }

    #[test]
    fn start_mark_buttons_are_half_a_square_by_the_rim_and_never_overlap() {
        let boxes: Vec<_> = Position::start_marks().map(mark_box).collect();
        assert_eq!(boxes.len(), 48);
        for (i, a) in boxes.iter().enumerate() {
            // At 360 CSS px for the whole drawing, 50 units are 25.7 px: above WCAG's 24.
            assert!(a.2 >= 50.0 && a.3 >= 50.0, "{a:?}");
            for b in &boxes[i + 1..] {
                let apart =
                    a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.3 <= b.1 || b.1 + b.3 <= a.1;
                assert!(apart, "{a:?} overlaps {b:?}");
            }
        }
        for mark in Position::start_marks() {
            let (x, y, w, h) = mark_box(mark);
            let (cx, cy) = marker_point(mark);
            assert!(
                cx > x && cx < x + w && cy > y && cy < y + h,
                "{mark} lies in its button"
            );
        }
    }

    #[test]
    fn previews_are_drawn_hidden_one_group_each_and_last_plays_in_their_seat_colour() {
        use agora_engine::Game;
        let tiles: Vec<agora_tsuro::Tile> = agora_tsuro::Tile::all().take(6).collect();
        let hands = [
            [tiles[0], tiles[1], tiles[2]],
            [tiles[3], tiles[4], tiles[5]],
        ];
        let setup = agora_tsuro::TsuroSetup::stacked(&hands, &[], false);
        let view = agora_tsuro::Tsuro::from_setup(&setup)
            .unwrap()
            .view(agora_engine::Viewer::Spectator);
        let tile: PlacedTile = "01-27-36-45".parse().unwrap();
        let ghost = |id: &str, allowed| Ghost {
            id: id.to_string(),
            square: "c3".parse().unwrap(),
            tile,
            allowed,
            trails: vec![Trail {
                seat: Seat(0),
                d: "M0 0C1 1 2 2 3 3".into(),
                gone_at: None,
            }],
            ends: vec![(Seat(0), (10.0, 10.0), allowed)],
        };
        let highlights = Highlights {
            ghosts: vec![ghost("hand-0-0", true), ghost("hand-0-1", false)],
            seat_lasts: vec![(Seat(1), "b2".parse().unwrap())],
            ..Highlights::default()
        };
        let svg = board(&view, &highlights);
        assert!(
            svg.contains(r#"<g class="ts-ghost" data-ghost="hand-0-0">"#),
            "{svg}"
        );
        assert!(svg.contains(r#"<g class="ts-ghost refused" data-ghost="hand-0-1">"#));
        assert_eq!(svg.matches("ts-ghost-trail m-red").count(), 2);
        assert_eq!(svg.matches("ts-ghost-end out").count(), 1);
        // Blue's last tile: the outline in its colour, its shape in the corner, and neither
        // taken for a marker by the scripts that move markers.
        assert_eq!(svg.matches(r#"class="ts-seat-last m-blue""#).count(), 1);
        assert_eq!(svg.matches("ts-badge m-blue ts-seat-last-shape").count(), 1);
        assert!(!svg.contains("ts-marker m-blue ts-seat-last-shape"));
        assert!(!svg.contains("ts-marker m-red ts-ghost-end"));
    }

    #[test]
    fn every_start_mark_lies_inside_the_drawing() {
        for mark in Position::start_marks() {
            let (x, y, w, h) = mark_box(mark);
            assert!(x >= 0.0 && y >= 0.0 && x + w <= EXTENT && y + h <= EXTENT);
        }
    }

    #[test]
    fn a_trail_follows_each_tile_crossed_and_ends_where_the_marker_left_the_last() {
        let mut board = vec![None; 36];
        // a1 turns the marker from its top left point to its right upper point.
        board[0] = Some("02-13-47-56".parse::<PlacedTile>().unwrap());
        let path = agora_tsuro::trace(&board, "a1.0".parse().unwrap());
        let d = trail(&board, &path);
        assert!(d.starts_with("M83.3 50.0C"), "{d}");
        assert_eq!(d.matches('C').count(), 1);
        let (x, y) = trail_end(&path).unwrap();
        assert!((x - 150.0).abs() < 0.1 && (y - 83.3).abs() < 0.1, "{x} {y}");
    }

    #[test]
    fn a_tile_draws_four_paths() {
        let tile: PlacedTile = "01-27-36-45".parse().unwrap();
        let svg = super::tile(tile);
        assert_eq!(svg.matches(r#"class="ts-path""#).count(), 4);
    }
}
