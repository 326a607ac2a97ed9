//! The board's marks drawn: each other seat's last move as a way along the ring in its
//! faction's colour (a dashed jump for a crossing or a card), and the last roll's die in the
//! middle above the influence. Fresh marks carry the classes the page's stylesheet animates
//! when a live update arrives.

use std::fmt::Write;

use agora_tyranny::{Faction, Piece, TileId};

use super::marks::{Marks, Trail};
use super::svg::{CX, CY, point, ring, span};
use super::words::board;

/// Where the pieces stand on `tile`: the lane by the ring's inner edge, at the tile's middle.
pub(crate) fn lane(tile: TileId) -> (f64, f64) {
    let b = board();
    let t = b.tile(tile);
    let (from, to) = span(b, t);
    (ring(t.tier).0 + 13.0, (from + to) / 2.0)
}

pub(crate) fn faction_colour(faction: Faction) -> &'static str {
    match faction {
        Faction::Cops => "#1d4ed8",
        Faction::Criminals => "#b91c1c",
    }
}

/// Arrowheads for the trails, one per faction colour.
pub(crate) const TRAIL_DEFS: &str = r##"<marker id="ty-head-cops" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z" fill="#1d4ed8"/></marker>
<marker id="ty-head-criminals" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z" fill="#b91c1c"/></marker>
"##;

/// How far short of the piece's middle a way ends, so that its arrowhead shows beside it.
const SHORT: f64 = 20.0;

/// The path of one leg: an arc forward (clockwise) along the lane, or a straight jump.
fn leg_path(from: TileId, to: TileId, along: bool) -> String {
    let (r0, a0) = lane(from);
    let (r1, mut a1) = lane(to);
    let start = point(r0, a0);
    if along && (r0 - r1).abs() < f64::EPSILON {
        while a1 <= a0 {
            a1 += 360.0;
        }
        a1 -= (SHORT / r1).to_degrees();
        let end = point(r1, a1);
        let large = u8::from(a1 - a0 > 180.0);
        format!(
            "M {:.1} {:.1} A {r0:.0} {r0:.0} 0 {large} 1 {:.1} {:.1}",
            start.0, start.1, end.0, end.1
        )
    } else {
        let (x, y) = point(r1, a1);
        let length = (x - start.0).hypot(y - start.1).max(SHORT * 2.0);
        let keep = (length - SHORT) / length;
        let end = (
            start.0 + (x - start.0) * keep,
            start.1 + (y - start.1) * keep,
        );
        format!(
            "M {:.1} {:.1} L {:.1} {:.1}",
            start.0, start.1, end.0, end.1
        )
    }
}

/// Each trail under the pieces: a white casing, the coloured way with an arrowhead, and a
/// hollow ring where it started.
pub(crate) fn draw_trails(out: &mut String, marks: &Marks) {
    for trail in &marks.trails {
        let faction = trail.piece.faction();
        let colour = faction_colour(faction);
        let fresh = if trail.fresh { " fresh" } else { "" };
        let _ = write!(
            out,
            "<g class=\"ty-trail{fresh}\" data-seat=\"{}\">",
            trail.seat.index()
        );
        for (i, step) in trail.steps.iter().enumerate() {
            let d = leg_path(step.from, step.to, step.along);
            let dash = if step.along {
                ""
            } else {
                " stroke-dasharray=\"10 6\""
            };
            let head = if i + 1 == trail.steps.len() {
                format!(" marker-end=\"url(#ty-head-{})\"", faction.name())
            } else {
                String::new()
            };
            let _ = write!(
                out,
                "<path d=\"{d}\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"10\" stroke-linecap=\"round\" opacity=\"0.85\"/>\
                 <path class=\"ty-way\" d=\"{d}\" pathLength=\"100\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"5\" stroke-linecap=\"round\"{dash}{head}/>"
            );
        }
        if let Some(first) = trail.steps.first() {
            let (r, a) = lane(first.from);
            let (x, y) = point(r, a);
            let _ = write!(
                out,
                "<circle class=\"ty-from\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"7\" fill=\"#ffffff\" stroke=\"{colour}\" stroke-width=\"3\"/>"
            );
        }
        out.push_str("</g>\n");
    }
}

/// The classes of a piece that just moved, for the arrival's animation: along its loop by
/// so many tiles (turned back round the middle, then forward), or a jump.
pub(crate) fn arrival_classes(marks: &Marks, piece: Piece) -> String {
    let Some(trail) = marks
        .trails
        .iter()
        .find(|t: &&Trail| t.fresh && t.piece == piece)
    else {
        return String::new();
    };
    let Some(last) = trail.steps.last() else {
        return String::new();
    };
    let b = board();
    let (from, to) = (b.tile(last.from), b.tile(last.to));
    if !last.along || from.tier != to.tier {
        return " ty-moved ty-jump".into();
    }
    let len = b.loop_len(to.tier);
    let steps = (to.position + len - from.position) % len;
    format!(
        " ty-moved ty-along ty-{} ty-steps-{}",
        to.tier.name(),
        steps.min(12)
    )
}

/// The last roll's die above the influence, its face as pips.
pub(crate) fn draw_die(out: &mut String, marks: &Marks) {
    let Some(roll) = marks.roll else {
        return;
    };
    let pips: &[(u8, u8)] = match roll.face {
        1 => &[(2, 2)],
        2 => &[(1, 1), (3, 3)],
        3 => &[(1, 1), (2, 2), (3, 3)],
        4 => &[(1, 1), (3, 1), (1, 3), (3, 3)],
        5 => &[(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
        _ => &[(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)],
    };
    let (size, top) = (44.0, CY - 112.0);
    let left = CX - size / 2.0;
    let fresh = if roll.fresh { " fresh" } else { "" };
    let _ = write!(
        out,
        "<g class=\"ty-board-die{fresh}\" data-face=\"{}\"><rect x=\"{left:.1}\" y=\"{top:.1}\" width=\"{size}\" height=\"{size}\" rx=\"7\" fill=\"#ffffff\" stroke=\"#1f2937\" stroke-width=\"2.5\"/>",
        roll.face
    );
    for (x, y) in pips {
        let _ = write!(
            out,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"4\" fill=\"#1f2937\"/>",
            left + size / 4.0 * f64::from(*x),
            top + size / 4.0 * f64::from(*y)
        );
    }
    out.push_str("</g>\n");
}

/// Where each choice would take the piece, hidden until the page shows it: a dashed ring on
/// each tile, with the die face that leads there.
pub(crate) fn draw_previews(out: &mut String, marks: &Marks) {
    for preview in &marks.previews {
        let _ = write!(
            out,
            "<g class=\"ty-dest\" data-choice=\"{}\">",
            super::svg::escape(&preview.choice)
        );
        for &(tile, face) in &preview.tiles {
            let (r, a) = lane(tile);
            let (x, y) = point(r, a);
            let _ = write!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"13\" fill=\"#ffffff\" fill-opacity=\"0.85\" stroke=\"#7c3aed\" stroke-width=\"3\" stroke-dasharray=\"5 3\"/>"
            );
            if let Some(face) = face {
                let _ = write!(
                    out,
                    "<text x=\"{x:.1}\" y=\"{:.1}\" fill=\"#4c1d95\" font-weight=\"bold\" font-size=\"13\" text-anchor=\"middle\">{face}</text>",
                    y + 4.5
                );
            }
        }
        out.push_str("</g>\n");
    }
}
