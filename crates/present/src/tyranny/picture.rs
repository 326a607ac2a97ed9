//! The table as one reader sees it, drawn on the board picture's geometry: both city tiers
//! from the board data, each property's capture range, value and owner (by colour, pattern
//! and a word), tunnels open or collapsed, home bases, safe zones and card tiles with their
//! words, every piece (in custody too), and the influence track with the 1000 mark.
//!
//! Only a view is drawn, so nothing hidden can show. The picture is for the eye: the page
//! gives the same in words (`describe_tile`, `status`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write;

use agora_tyranny::{Faction, Piece, Tier, Tile, TileId, TileKind, TyrannyView};

use super::marks::Marks;
use super::svg::{CX, CY, INNER_RING, OUTER_RING, colours, escape, point, ring, span};
use super::trails::{TRAIL_DEFS, arrival_classes, draw_die, draw_previews, draw_trails};
use super::words::{board, piece_name, tile_name};
use crate::svg_number::Tenths as T;
use crate::text::{kept, text_with};
use crate::{Lang, args};

/// A short word for the picture ("COPS", "OPEN"), in the reader's language.
fn mark(lang: Lang, kind: &str) -> String {
    text_with(lang, "tyranny-mark", &args![("kind", kind)])
}

/// The owner's band: colour and pattern (stripes for the cops, dots for the criminals).
fn owner_fill(faction: Faction) -> &'static str {
    match faction {
        Faction::Cops => "url(#ty-cops)",
        Faction::Criminals => "url(#ty-crims)",
    }
}

const DEFS: &str = r##"<defs>
<pattern id="ty-cops" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#1d4ed8"/><rect width="3" height="8" fill="#bfdbfe"/></pattern>
<pattern id="ty-crims" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#b91c1c"/><circle cx="4" cy="4" r="2" fill="#fecaca"/></pattern>
</defs>
"##;

/// The path of a ring sector between radii `r0` and `r1` and angles `from` and `to`.
fn sector_path(r0: f64, r1: f64, from: f64, to: f64) -> String {
    let a = point(r1, from);
    let b = point(r1, to);
    let c = point(r0, to);
    let d = point(r0, from);
    format!(
        "M {} {} A {r1:.0} {r1:.0} 0 0 1 {} {} L {} {} A {r0:.0} {r0:.0} 0 0 0 {} {} Z",
        T(a.0),
        T(a.1),
        T(b.0),
        T(b.1),
        T(c.0),
        T(c.1),
        T(d.0),
        T(d.1)
    )
}

/// The whole table as an SVG element for the page (no key: the page writes it in words),
/// with `marks`: the last roll's die and the other seats' last moves.
pub fn table_svg(lang: Lang, view: &TyrannyView, marks: &Marks) -> String {
    let b = board();
    let table = &view.table;
    let active = table.active();
    let over = table.ending().is_some();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg class=\"ty-board\" viewBox=\"0 0 820 820\" aria-hidden=\"true\" focusable=\"false\" \
         font-family=\"DejaVu Sans, Verdana, sans-serif\">"
    );
    out.push_str(DEFS);
    let _ = write!(out, "<defs>{TRAIL_DEFS}</defs>");
    for tile in b.tiles() {
        let here_active = !over && table.piece(active).tile == tile.id;
        let open = match tile.kind {
            TileKind::Tunnel { tunnel } => table.is_open(tunnel),
            _ => false,
        };
        let owner = table.owner(tile.id);
        let key = (lang, tile.id, owner, here_active, open);
        out.push_str(&kept(&TILE_DRAWINGS, key, || {
            draw_tile(lang, tile, owner, here_active, open)
        }));
    }
    for (index, tunnel) in b.tunnels().iter().enumerate() {
        let ends = [tunnel.outer, tunnel.inner].map(|id| {
            let tile = b.tile(id);
            let (from, to) = span(b, tile);
            let (r0, r1) = ring(tile.tier);
            match tile.tier {
                Tier::Outer => point(r0, (from + to) / 2.0),
                Tier::Inner => point(r1, (from + to) / 2.0),
            }
        });
        let open = table.is_open(index as u8);
        let (stroke, width, dash) = if open {
            ("#92400e", 6, "")
        } else {
            ("#6b7280", 3, " stroke-dasharray=\"3 7\"")
        };
        let _ = writeln!(
            out,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{stroke}\" stroke-width=\"{width}\"{dash}/>",
            ends[0].0, ends[0].1, ends[1].0, ends[1].1
        );
        if !open {
            let (mx, my) = ((ends[0].0 + ends[1].0) / 2.0, (ends[0].1 + ends[1].1) / 2.0);
            let _ = writeln!(
                out,
                "<path d=\"M {:.1} {:.1} l 12 12 m 0 -12 l -12 12\" stroke=\"#374151\" stroke-width=\"3\"/>",
                mx - 6.0,
                my - 6.0
            );
        }
    }
    for faction in [Faction::Cops, Faction::Criminals] {
        let (outer, inner) = (
            b.tile(b.home(faction, Tier::Outer)),
            b.tile(b.home(faction, Tier::Inner)),
        );
        let (o_from, o_to) = span(b, outer);
        let (i_from, i_to) = span(b, inner);
        let p = point(OUTER_RING.0, (o_from + o_to) / 2.0);
        let q = point(INNER_RING.1, (i_from + i_to) / 2.0);
        let _ = writeln!(
            out,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{}\" stroke-width=\"7\"/>",
            p.0,
            p.1,
            q.0,
            q.1,
            colours(outer.kind).0
        );
    }
    draw_trails(&mut out, marks);
    pieces(&mut out, lang, view, marks);
    draw_previews(&mut out, marks);
    track(&mut out, lang, view);
    draw_die(&mut out, marks);
    out.push_str("</svg>");
    out
}

/// One tile's drawing by what it is drawn from: the language, the tile, its owner, whether
/// the active piece stands on it, and (a tunnel end) whether its tunnel is open.
type TileKey = (Lang, TileId, Option<Faction>, bool, bool);

thread_local! {
    /// Each tile's drawing, kept: the board is drawn at every request, and from one move to
    /// the next most tiles look the same (its sectors and words were most of a Tyranny
    /// table's CPU). Bounded by the tiles, owners and tunnel states, and the languages.
    static TILE_DRAWINGS: RefCell<HashMap<TileKey, String>> = RefCell::default();
}

/// One tile's sector, owner's band, active ring and words.
fn draw_tile(
    lang: Lang,
    tile: &Tile,
    owner: Option<Faction>,
    here_active: bool,
    open: bool,
) -> String {
    let b = board();
    let mut out = String::new();
    let (from, to) = span(b, tile);
    let (r0, r1) = ring(tile.tier);
    let (fill, ink) = colours(tile.kind);
    let _ = writeln!(
        out,
        "<path d=\"{}\" fill=\"{fill}\" stroke=\"#374151\" stroke-width=\"1.5\"/>",
        sector_path(r0, r1, from, to)
    );
    let band = 14.0;
    if let Some(faction) = owner {
        let _ = writeln!(
            out,
            "<path d=\"{}\" fill=\"{}\" stroke=\"#1f2937\" stroke-width=\"1\"/>",
            sector_path(r1 - band, r1, from, to),
            owner_fill(faction)
        );
    }
    if here_active {
        let _ = writeln!(
            out,
            "<path class=\"ty-active\" d=\"{}\" fill=\"none\" stroke=\"#7c3aed\" stroke-width=\"4\"/>",
            sector_path(r0 + 2.0, r1 - 2.0, from + 0.4, to - 0.4)
        );
    }
    let mut texts: Vec<(String, &str)> = vec![(tile.code.clone(), "bold")];
    match tile.kind {
        TileKind::Property(p) => {
            let range = if p.low == p.high {
                p.low.to_string()
            } else {
                format!("{}–{}", p.low, p.high)
            };
            texts.push((range, "normal"));
            texts.push((crate::text::number(lang, f64::from(p.influence)), "bold"));
            texts.push((
                owner.map_or_else(|| mark(lang, "neutral"), |f| mark(lang, f.name())),
                "normal",
            ));
        }
        TileKind::PoliceStation => texts.push((mark(lang, "police"), "normal")),
        TileKind::Hideout => texts.push((mark(lang, "hideout"), "normal")),
        TileKind::Gamble => texts.push(("GAMBLE".into(), "normal")),
        TileKind::Gains => texts.push(("GAINS".into(), "normal")),
        TileKind::Safe => texts.push((mark(lang, "safe"), "normal")),
        TileKind::Tunnel { tunnel } => {
            texts.push((
                format!("{} {}", mark(lang, "tunnel"), b.tunnel(tunnel).name),
                "bold",
            ));
            texts.push((mark(lang, if open { "open" } else { "closed" }), "normal"));
        }
    }
    // Text sits between the owner's band and the pieces' lane by the inner edge.
    let (x, y) = point((r0 + 22.0 + r1 - band) / 2.0, (from + to) / 2.0);
    // As large as four lines fit between the band and the lane, and a long word across
    // a tile at the sides of the rings (drawn at 600 px wide, about 9 px on screen).
    let spacing = 13.5;
    let top = y - spacing * (texts.len() as f64 - 1.0) / 2.0;
    for (i, (text, weight)) in texts.iter().enumerate() {
        let size = if text.chars().count() > 7 { 10.0 } else { 12.5 };
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" fill=\"{ink}\" font-weight=\"{weight}\" font-size=\"{size}\" text-anchor=\"middle\">{}</text>",
            T(x),
            T(top + spacing * i as f64 + 3.5),
            escape(text)
        );
    }
    out
}

/// Every piece on its tile, spread along the ring's inner edge when several share it: cops
/// as blue circles, criminals as red diamonds, each with its number; in custody, a barred
/// outline. The piece whose turn it is wears a double ring.
fn pieces(out: &mut String, lang: Lang, view: &TyrannyView, marks: &Marks) {
    let b = board();
    let table = &view.table;
    let to_move = (table.ending().is_none()).then(|| table.active());
    for tile in b.tiles() {
        let here: Vec<Piece> = Piece::ALL
            .iter()
            .copied()
            .filter(|p| table.piece(*p).tile == tile.id)
            .collect();
        let (from, to) = span(b, tile);
        let (r0, _) = ring(tile.tier);
        let r = r0 + 13.0;
        let step = 24.0 / r * 180.0 / std::f64::consts::PI;
        for (i, &piece) in here.iter().enumerate() {
            let angle = (from + to) / 2.0 + step * (i as f64 - (here.len() as f64 - 1.0) / 2.0);
            let (x, y) = point(r, angle);
            let state = table.piece(piece);
            let number = &piece.name()[piece.name().len() - 1..];
            let title = escape(&format!(
                "{}, {}",
                piece_name(lang, piece),
                tile_name(lang, tile.id)
            ));
            let active = to_move == Some(piece);
            let _ = write!(
                out,
                "<g class=\"ty-piece{}{}\" data-piece=\"{}\"><title>{title}</title>",
                if active { " ty-to-move" } else { "" },
                arrival_classes(marks, piece),
                piece.name()
            );
            if active {
                let _ = write!(
                    out,
                    "<circle class=\"ty-halo\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"19\" fill=\"#fde68a\" fill-opacity=\"0.7\" stroke=\"#7c3aed\" stroke-width=\"4\"/>\
                     <circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"23\" fill=\"none\" stroke=\"#1f2937\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>"
                );
            }
            match piece.faction() {
                Faction::Cops => {
                    let _ = write!(
                        out,
                        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"11\" fill=\"#1d4ed8\" stroke=\"#ffffff\" stroke-width=\"2\"/>"
                    );
                }
                Faction::Criminals => {
                    let _ = write!(
                        out,
                        "<path d=\"M {x:.1} {:.1} l 12 12 l -12 12 l -12 -12 Z\" fill=\"#b91c1c\" stroke=\"#ffffff\" stroke-width=\"2\"/>",
                        y - 12.0
                    );
                }
            }
            if state.custody {
                let _ = write!(
                    out,
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"15\" fill=\"none\" stroke=\"#111827\" stroke-width=\"2.5\" stroke-dasharray=\"4 3\"/>"
                );
            }
            let _ = writeln!(
                out,
                "<text x=\"{x:.1}\" y=\"{:.1}\" fill=\"#ffffff\" font-weight=\"bold\" font-size=\"11\" text-anchor=\"middle\">{number}</text></g>",
                y + 4.0
            );
        }
    }
}

/// The influence in the middle: the number, and a bar from 0 to past 1000 with both goals
/// marked and the three-turn streaks as pips.
fn track(out: &mut String, lang: Lang, view: &TyrannyView) {
    let table = &view.table;
    let influence = table.influence();
    let (left, right, y) = (CX - 110.0, CX + 110.0, CY + 10.0);
    let top = 1250.0_f64;
    let at = |v: f64| left + (right - left) * (v.min(top) / top);
    let _ = writeln!(
        out,
        "<text x=\"{CX}\" y=\"{:.1}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#1f2937\">{}</text>\n\
         <text x=\"{CX}\" y=\"{:.1}\" font-size=\"30\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#1f2937\">{}</text>\n\
         <rect x=\"{left:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"12\" fill=\"#e5e7eb\" stroke=\"#374151\"/>\n\
         <rect x=\"{left:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"12\" fill=\"#7c3aed\"/>",
        CY - 48.0,
        escape(&mark(lang, "influence")),
        CY - 14.0,
        crate::text::number(lang, f64::from(influence)),
        right - left,
        at(f64::from(influence)) - left,
    );
    for value in [0.0, 500.0, 1000.0] {
        let x = at(value);
        let label = crate::text::number(lang, value);
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#1f2937\" stroke-width=\"{}\"/>\n\
             <text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#1f2937\">{label}</text>",
            y - 5.0,
            y + 17.0,
            if value == 1000.0 { 3 } else { 1 },
            y + 30.0
        );
    }
    // The streaks: three pips toward each win, filled as the turns pass.
    for (row, (count, label, colour)) in [
        (table.zero_streak(), "streak-cops", "#1d4ed8"),
        (table.high_streak(), "streak-criminals", "#b91c1c"),
    ]
    .into_iter()
    .enumerate()
    {
        let ry = y + 50.0 + 20.0 * row as f64;
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{ry:.1}\" font-size=\"11\" text-anchor=\"end\" fill=\"#1f2937\">{}</text>",
            CX + 20.0,
            escape(&mark(lang, label))
        );
        for pip in 0..3u8 {
            let fill = if pip < count { colour } else { "#ffffff" };
            let _ = write!(
                out,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"6\" fill=\"{fill}\" stroke=\"{colour}\" stroke-width=\"2\"/>",
                CX + 34.0 + 16.0 * f64::from(pip),
                ry - 4.0
            );
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod kept_tests {
    use agora_engine::testing::check_playthrough;
    use agora_engine::{Game, Seat, Viewer};
    use agora_tyranny::{Options, Tyranny};

    use super::*;

    /// The board drawn with each tile's kept drawing is the board drawn anew, at every state
    /// of whole games, in every language: a tile's key holds all its drawing is made of.
    #[test]
    fn the_board_with_kept_tiles_is_the_board_drawn_anew() {
        for (players, seed) in [(2, 5), (3, 6)] {
            let setup = Tyranny::setup_from_seed(&Options { players }, seed);
            let (_, moves) = check_playthrough::<Tyranny>(&setup, seed);
            let mut state = Tyranny::from_setup(&setup).unwrap();
            for (ply, notation) in moves.iter().enumerate() {
                if ply % 3 == 0 {
                    let view = state.view(Viewer::Seat(Seat(0)));
                    for lang in Lang::ALL {
                        let kept = table_svg(lang, &view, &Marks::default());
                        TILE_DRAWINGS.with_borrow_mut(HashMap::clear);
                        let fresh = table_svg(lang, &view, &Marks::default());
                        assert_eq!(
                            kept, fresh,
                            "players {players} seed {seed} ply {ply} {lang:?}"
                        );
                    }
                }
                state.play(state.parse_move(notation).unwrap()).unwrap();
            }
        }
    }
}
