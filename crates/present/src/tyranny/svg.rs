//! A picture of a board, drawn from its data: two rings of tiles (outer city outside), tunnels
//! as dashed lines between their ends, and a key of the properties.
//!
//! `cargo run -p agora-present --example tyranny_board_svg` writes `docs/rules/tyranny-board.svg`; a
//! test checks that the committed picture matches the board file.

use std::f64::consts::PI;
use std::fmt::Write;

use agora_tyranny::{Board, Tier, Tile, TileKind};

const WIDTH: f64 = 1180.0;
const HEIGHT: f64 = 820.0;
pub(crate) const CX: f64 = 410.0;
pub(crate) const CY: f64 = 410.0;
/// (inner radius, outer radius) of each ring.
pub(crate) const OUTER_RING: (f64, f64) = (290.0, 390.0);
pub(crate) const INNER_RING: (f64, f64) = (150.0, 240.0);

pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The point at `radius` and `degrees` (0 is right, clockwise, as on screen).
pub(crate) fn point(radius: f64, degrees: f64) -> (f64, f64) {
    let r = degrees * PI / 180.0;
    (CX + radius * r.cos(), CY + radius * r.sin())
}

/// Where a tile's sector starts and ends, in degrees. Outer tile 0 is centred at the top; the
/// inner ring shares the same start edge, so a tile faces the tile its start edge lies in.
pub(crate) fn span(board: &Board, tile: &Tile) -> (f64, f64) {
    let outer_step = 360.0 / f64::from(board.loop_len(Tier::Outer));
    let step = 360.0 / f64::from(board.loop_len(tile.tier));
    let start = -90.0 - outer_step / 2.0 + step * f64::from(tile.position);
    (start, start + step)
}

pub(crate) fn ring(tier: Tier) -> (f64, f64) {
    match tier {
        Tier::Outer => OUTER_RING,
        Tier::Inner => INNER_RING,
    }
}

pub(crate) fn colours(kind: TileKind) -> (&'static str, &'static str) {
    match kind {
        TileKind::PoliceStation => ("#1d4ed8", "#ffffff"),
        TileKind::Hideout => ("#b91c1c", "#ffffff"),
        TileKind::Property(_) => ("#f1ede0", "#1f2937"),
        TileKind::Gamble => ("#f59e0b", "#1f2937"),
        TileKind::Gains => ("#65a30d", "#ffffff"),
        TileKind::Tunnel { .. } => ("#92400e", "#ffffff"),
        TileKind::Safe => ("#a5d8dd", "#1f2937"),
    }
}

/// The short words written on a tile under its code.
fn label(board: &Board, kind: TileKind) -> Vec<String> {
    match kind {
        TileKind::PoliceStation => vec!["POLICE".into()],
        TileKind::Hideout => vec!["HIDEOUT".into()],
        TileKind::Property(p) => {
            let range = if p.low == p.high {
                format!("{}", p.low)
            } else {
                format!("{}-{}", p.low, p.high)
            };
            vec![range, format!("{}", p.influence)]
        }
        TileKind::Gamble => vec!["GAMBLE".into()],
        TileKind::Gains => vec!["GAINS".into()],
        TileKind::Tunnel { tunnel } => vec![format!("TUNNEL {}", board.tunnel(tunnel).name)],
        TileKind::Safe => vec!["SAFE".into()],
    }
}

fn sector(out: &mut String, board: &Board, tile: &Tile) {
    let (from, to) = span(board, tile);
    let (r0, r1) = ring(tile.tier);
    let (fill, ink) = colours(tile.kind);
    let a = point(r1, from);
    let b = point(r1, to);
    let c = point(r0, to);
    let d = point(r0, from);
    let _ = writeln!(
        out,
        "  <path d=\"M {:.1} {:.1} A {r1:.0} {r1:.0} 0 0 1 {:.1} {:.1} L {:.1} {:.1} A {r0:.0} \
         {r0:.0} 0 0 0 {:.1} {:.1} Z\" fill=\"{fill}\" stroke=\"#374151\" stroke-width=\"1.5\"><title>{} {}</title></path>",
        a.0,
        a.1,
        b.0,
        b.1,
        c.0,
        c.1,
        d.0,
        d.1,
        tile.code,
        escape(&tile.name)
    );
    let (x, y) = point((r0 + r1) / 2.0, (from + to) / 2.0);
    let mut texts = vec![(tile.code.clone(), "bold")];
    texts.extend(label(board, tile.kind).into_iter().map(|l| (l, "normal")));
    let spacing = 12.0;
    let top = y - spacing * (texts.len() as f64 - 1.0) / 2.0;
    for (i, (text, weight)) in texts.iter().enumerate() {
        let _ = writeln!(
            out,
            "  <text x=\"{x:.1}\" y=\"{:.1}\" fill=\"{ink}\" font-weight=\"{weight}\" \
             font-size=\"{}\" text-anchor=\"middle\">{}</text>",
            top + spacing * i as f64 + 3.5,
            if text.len() > 6 { 8.0 } else { 10.0 },
            escape(text)
        );
    }
}

/// The whole picture as an SVG document.
pub fn board_svg(board: &Board) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-labelledby=\"title desc\" \
         font-family=\"DejaVu Sans, Verdana, sans-serif\">"
    );
    let _ = writeln!(out, "  <title id=\"title\">The Tyranny board</title>");
    let _ = writeln!(
        out,
        "  <desc id=\"desc\">Two loops of tiles: the outer city ({} tiles, O0 to O{}) and the \
         inner city ({} tiles, I0 to I{}). Pieces move clockwise. Dashed lines are tunnels. \
         Property tiles show their capture range and influence.</desc>",
        board.loop_len(Tier::Outer),
        board.loop_len(Tier::Outer) - 1,
        board.loop_len(Tier::Inner),
        board.loop_len(Tier::Inner) - 1
    );
    let _ = writeln!(
        out,
        "  <rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>"
    );
    for tile in board.tiles() {
        sector(&mut out, board, tile);
    }
    for tunnel in board.tunnels() {
        let ends = [tunnel.outer, tunnel.inner].map(|id| {
            let tile = board.tile(id);
            let (from, to) = span(board, tile);
            let (r0, r1) = ring(tile.tier);
            match tile.tier {
                Tier::Outer => point(r0, (from + to) / 2.0),
                Tier::Inner => point(r1, (from + to) / 2.0),
            }
        });
        let _ = writeln!(
            out,
            "  <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#92400e\" \
             stroke-width=\"5\" stroke-dasharray=\"8 5\"><title>Tunnel {}: {} to {}, costs {}</title></line>",
            ends[0].0,
            ends[0].1,
            ends[1].0,
            ends[1].1,
            escape(&tunnel.name),
            board.code(tunnel.outer),
            board.code(tunnel.inner),
            tunnel.cost
        );
    }
    for faction in [
        agora_tyranny::Faction::Cops,
        agora_tyranny::Faction::Criminals,
    ] {
        let (outer, inner) = (
            board.tile(board.home(faction, Tier::Outer)),
            board.tile(board.home(faction, Tier::Inner)),
        );
        let (o_from, o_to) = span(board, outer);
        let (i_from, i_to) = span(board, inner);
        let a = point(OUTER_RING.0, (o_from + o_to) / 2.0);
        let b = point(INNER_RING.1, (i_from + i_to) / 2.0);
        let _ = writeln!(
            out,
            "  <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{}\" \
             stroke-width=\"7\"><title>{}: {} and {} are one place</title></line>",
            a.0,
            a.1,
            b.0,
            b.1,
            colours(outer.kind).0,
            escape(&outer.name),
            outer.code,
            inner.code
        );
    }
    // The direction of travel: an arrow just outside the outer ring.
    let arrow_from = point(OUTER_RING.1 + 12.0, -60.0);
    let arrow_to = point(OUTER_RING.1 + 12.0, -30.0);
    let _ = writeln!(
        out,
        "  <defs><marker id=\"head\" markerWidth=\"8\" markerHeight=\"8\" refX=\"6\" refY=\"4\" \
         orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 Z\" fill=\"#374151\"/></marker></defs>\n  \
         <path d=\"M {:.1} {:.1} A {r:.0} {r:.0} 0 0 1 {:.1} {:.1}\" fill=\"none\" stroke=\"#374151\" \
         stroke-width=\"2\" marker-end=\"url(#head)\"/>",
        arrow_from.0,
        arrow_from.1,
        arrow_to.0,
        arrow_to.1,
        r = OUTER_RING.1 + 12.0
    );
    let centre_lines = [
        ("TYRANNY", 26.0, "bold"),
        ("outer city outside,", 12.0, "normal"),
        ("inner city inside;", 12.0, "normal"),
        ("pieces move clockwise", 12.0, "normal"),
    ];
    for (i, (text, size, weight)) in centre_lines.iter().enumerate() {
        let _ = writeln!(
            out,
            "  <text x=\"{CX}\" y=\"{:.1}\" font-size=\"{size}\" font-weight=\"{weight}\" \
             text-anchor=\"middle\" fill=\"#1f2937\">{text}</text>",
            CY - 20.0 + 20.0 * i as f64
        );
    }
    key(&mut out, board);
    out.push_str("</svg>\n");
    out
}

fn key(out: &mut String, board: &Board) {
    let x = 850.0;
    let mut y = 40.0;
    let _ = writeln!(
        out,
        "  <text x=\"{x}\" y=\"{y}\" font-size=\"15\" font-weight=\"bold\" fill=\"#1f2937\">Properties (capture on, influence)</text>"
    );
    y += 8.0;
    for tile in board.tiles() {
        if let TileKind::Property(p) = tile.kind {
            y += 17.0;
            let range = if p.low == p.high {
                format!("{}", p.low)
            } else {
                format!("{}-{}", p.low, p.high)
            };
            let _ = writeln!(
                out,
                "  <text x=\"{x}\" y=\"{y}\" font-size=\"12\" fill=\"#1f2937\">{} {}: {range}, {}</text>",
                tile.code,
                escape(&tile.name),
                p.influence
            );
        }
    }
    y += 30.0;
    let _ = writeln!(
        out,
        "  <text x=\"{x}\" y=\"{y}\" font-size=\"15\" font-weight=\"bold\" fill=\"#1f2937\">Tiles</text>"
    );
    let kinds = [
        (
            TileKind::PoliceStation,
            "Police Station: cops' home, joins the tiers",
        ),
        (
            TileKind::Hideout,
            "Hideout (HQ): criminals' home, joins the tiers",
        ),
        (
            TileKind::Property(agora_tyranny::Property {
                low: 1,
                high: 1,
                influence: 1,
            }),
            "property",
        ),
        (TileKind::Gamble, "Gamble: may draw a Gamble card"),
        (TileKind::Gains, "Gains: may draw a Gains card"),
        (TileKind::Tunnel { tunnel: 0 }, "tunnel end"),
        (TileKind::Safe, "safe zone"),
    ];
    for (kind, text) in kinds {
        y += 20.0;
        let (fill, _) = colours(kind);
        let _ = writeln!(
            out,
            "  <rect x=\"{x}\" y=\"{:.0}\" width=\"14\" height=\"14\" fill=\"{fill}\" stroke=\"#374151\"/>\n  \
             <text x=\"{:.0}\" y=\"{y}\" font-size=\"12\" fill=\"#1f2937\">{}</text>",
            y - 11.0,
            x + 22.0,
            escape(text)
        );
    }
    for tunnel in board.tunnels() {
        y += 20.0;
        let _ = writeln!(
            out,
            "  <text x=\"{x}\" y=\"{y}\" font-size=\"12\" fill=\"#1f2937\">Tunnel {}: {} to {}, {} to open or collapse{}</text>",
            escape(&tunnel.name),
            board.code(tunnel.outer),
            board.code(tunnel.inner),
            tunnel.cost,
            if tunnel.open { ", starts open" } else { "" }
        );
    }
}
