//! The rules pages' figures, drawn and counted by the games' own code: Tyrus's six buildings
//! and a counted election (`agora_tyrus::Count`), a Tsuro tile, its quarter turn and a
//! collision played by the engine, and Tyranny's opening table. Each comes with the words a
//! reader without the picture needs (the page's figcaptions say the rest).

use std::fmt::Write;

use agora_engine::{Game, Viewer};
use agora_present::{Lang, Reader, Who};
use agora_tsuro::{PlacedTile, Square, Tsuro, TsuroSetup};
use agora_tyranny::{Card, Faction, Tyranny};
use agora_tyrus::{BuildingKind, Count, Profession, Tile, TileSet};

use crate::i18n::Tr;
use crate::play::tsuro::{last_play, narrate};

/// One side of the worked count: its name, its own citadel's tiles by owner, its count.
#[derive(Clone, Debug)]
pub struct CountRow {
    pub name: String,
    pub own_tiles: String,
    pub opponent_tiles: String,
    pub count: Count,
    pub score: u8,
    pub arithmetic: String,
}

#[derive(Clone, Debug)]
pub struct TyrusFigures {
    /// The six buildings with the worked example's tiles in the two citadels.
    pub buildings: String,
    pub rows: Vec<CountRow>,
    /// The winner's name.
    pub winner: String,
}

#[derive(Clone, Debug)]
pub struct TsuroFigures {
    pub tile: String,
    pub tile_turned: String,
    /// The tile's paths in words, as laid and turned.
    pub tile_words: String,
    pub tile_turned_words: String,
    pub tile_code: String,
    pub tile_turned_code: String,
    pub before: String,
    pub after: String,
    /// What the engine's narrator says of the collision.
    pub story: Vec<String>,
}

/// One card of Tyranny, both halves in the reader's language, from the game's own list.
#[derive(Clone, Debug)]
pub struct CardRow {
    pub name: String,
    /// Kept in the hand to be played later, rather than acting at once.
    pub kept: bool,
    pub cops: String,
    pub criminals: String,
}

#[derive(Clone, Debug)]
pub struct TyrannyFigures {
    pub board: String,
    /// The opening table in words, as the game page gives it.
    pub description: Vec<String>,
    pub cards: Vec<CardRow>,
}

fn tiles(list: &[(Profession, u8)]) -> TileSet {
    list.iter()
        .filter_map(|&(p, v)| Tile::new(p, v))
        .fold(TileSet::EMPTY, TileSet::with)
}

fn tile_list(lang: Lang, set: TileSet) -> String {
    let names: Vec<String> = set
        .iter()
        .map(|t| agora_present::tyrus::tile_name(lang, t))
        .collect();
    names.join(", ")
}

/// The owner colours of the two parties, as the rulebooks name them (brown and beige).
const PARTY_FILL: [(&str, &str); 2] = [("#7a4a22", "#ffffff"), ("#eadcb8", "#1f2937")];

/// The six buildings, the first party's row below, each citadel holding `placed[row]` (tile,
/// owner); the counted citadels are outlined. Tiles show their notation (`S10`), the same in
/// every language; a `?` is a tile lying face down.
fn buildings_svg(
    lang: Lang,
    names: &[String; 2],
    placed: &[Vec<(Option<Tile>, usize)>; 2],
) -> String {
    let (w, h, gap, label) = (170.0, 90.0, 12.0, 70.0);
    let width = label + 3.0 * w + 4.0 * gap;
    let height = 2.0 * h + 3.0 * gap;
    let mut out = format!(
        r#"<svg class="rules-tyrus" viewBox="0 0 {width} {height}" aria-hidden="true" focusable="false" font-family="DejaVu Sans, Verdana, sans-serif">"#
    );
    let _ = write!(
        out,
        r##"<rect width="{width}" height="{height}" rx="8" fill="#f8f5ee"/>"##
    );
    // The opponent's row on top, as seen from the first party's seat.
    for (row, party) in [1usize, 0].into_iter().enumerate() {
        let y = gap + row as f64 * (h + gap);
        let _ = write!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="15" font-weight="bold" fill="#1f2937" text-anchor="middle">{}</text>"##,
            gap + label / 2.0 - 4.0,
            y + h / 2.0 + 5.0,
            names[party]
        );
        for (column, kind) in BuildingKind::ALL.into_iter().enumerate() {
            let x = gap + label + column as f64 * (w + gap);
            let counted = kind == BuildingKind::Citadel;
            let _ = write!(
                out,
                r##"<rect x="{x:.1}" y="{y:.1}" width="{w}" height="{h}" rx="6" fill="#ffffff" stroke="{}" stroke-width="{}"/>"##,
                if counted { "#b45309" } else { "#6b7280" },
                if counted { 4.0 } else { 1.5 }
            );
            let _ = write!(
                out,
                r##"<text x="{:.1}" y="{:.1}" font-size="14" fill="#1f2937" text-anchor="middle">{}</text>"##,
                x + w / 2.0,
                y + 20.0,
                agora_present::tyrus::building_name(lang, kind)
            );
            if !counted {
                continue;
            }
            for (i, &(tile, owner)) in placed[party].iter().enumerate() {
                let (fill, ink) = PARTY_FILL[owner];
                let tx = x + 8.0 + i as f64 * 40.0;
                let ty = y + 34.0;
                let name = tile.map_or("?", Tile::name);
                let _ = write!(
                    out,
                    r##"<rect x="{tx:.1}" y="{ty:.1}" width="36" height="44" rx="4" fill="{fill}" stroke="#1f2937"/><text x="{:.1}" y="{:.1}" font-size="13" font-weight="bold" fill="{ink}" text-anchor="middle">{name}</text>"##,
                    tx + 18.0,
                    ty + 27.0
                );
            }
        }
    }
    out.push_str("</svg>");
    out
}

/// The French rulebook's general election, counted by the engine's own `Count`.
pub fn tyrus(tr: Tr) -> TyrusFigures {
    use Profession::{Merchant, Priest, Soldier};
    let lang = tr.lang();
    let names = [tr.t("rules-tyrus-brown"), tr.t("rules-tyrus-beige")];
    // own[p]: party p's tiles in its own citadel; sent[p]: the other party's tiles there.
    let own = [
        tiles(&[(Soldier, 10), (Soldier, 8)]),
        tiles(&[(Soldier, 7), (Soldier, 5), (Priest, 6)]),
    ];
    let sent = [tiles(&[(Merchant, 7)]), tiles(&[(Merchant, 8)])];
    let placed = [0, 1].map(|p| {
        own[p]
            .iter()
            .map(|t| (Some(t), p))
            .chain(sent[p].iter().map(|t| (Some(t), 1 - p)))
            .collect::<Vec<_>>()
    });
    let rows: Vec<CountRow> = (0..2)
        .map(|p| {
            let count = Count::of(own[p], sent[p], Soldier);
            CountRow {
                name: names[p].clone(),
                own_tiles: tile_list(lang, own[p]),
                opponent_tiles: tile_list(lang, sent[p]),
                count,
                score: count.score(),
                arithmetic: agora_present::tyrus::arithmetic(count),
            }
        })
        .collect();
    let winner = if rows[0].score >= rows[1].score { 0 } else { 1 };
    TyrusFigures {
        buildings: buildings_svg(lang, &names, &placed),
        winner: names[winner].clone(),
        rows,
    }
}

/// The three markers of the collision, by the names the narrator uses.
const TSURO_NAMES: [&str; 3] = ["Ada", "Ben", "Cleo"];
/// Red faces a1 from above, Blue beside it, Green from the left: the tile sends Red down to
/// a2 and Blue into Green's point.
const TSURO_STARTS: [&str; 3] = ["start a1.0", "start a1.1", "start a1.7"];
const TSURO_TILE: &str = "04-17-23-56";

/// A tile, the same tile turned a quarter clockwise, and a three-player collision played by
/// the engine: the board before and after, and the narration.
pub fn tsuro(tr: Tr) -> Result<TsuroFigures, String> {
    let lang = tr.lang();
    let placed: PlacedTile = TSURO_TILE.parse().map_err(|e| format!("{e:?}"))?;
    let turned = placed.turned(1);
    let others: Vec<agora_tsuro::Tile> = agora_tsuro::Tile::all()
        .filter(|t| *t != placed.tile())
        .take(8)
        .collect();
    let hands = [
        [placed.tile(), others[0], others[1]],
        [others[2], others[3], others[4]],
        [others[5], others[6], others[7]],
    ];
    let mut game =
        Tsuro::from_setup(&TsuroSetup::stacked(&hands, &[], false)).map_err(|e| e.to_string())?;
    let reader = Reader::new(
        lang,
        Viewer::Spectator,
        TSURO_NAMES.map(|n| Who::Person(n.to_string())).to_vec(),
    );
    for start in TSURO_STARTS {
        narrate(&reader, &mut game, start).map_err(|e| e.to_string())?;
    }
    let before = game.clone();
    let play = format!("play {TSURO_TILE}");
    let story = narrate(&reader, &mut game, &play).map_err(|e| e.to_string())?;
    let last = last_play(Some(&before), &game, Viewer::Spectator, Some(&play)).unwrap_or_default();
    // Only the top-left corner matters: a1 and its neighbours, with the rim's marks.
    let svg = |view: &agora_tsuro::TsuroView,
               highlights: &agora_present::tsuro::svg::Highlights| {
        let whole = agora_present::tsuro::svg::board(view, highlights);
        let extent = agora_present::tsuro::svg::EXTENT;
        let corner =
            agora_present::tsuro::svg::MARGIN + 2.0 * agora_present::tsuro::svg::SQUARE + 20.0;
        whole.replacen(
            &format!(r#"viewBox="0 0 {extent} {extent}""#),
            &format!(r#"viewBox="0 0 {corner} {corner}""#),
            1,
        )
    };
    let before_highlights = agora_present::tsuro::svg::Highlights {
        target: Square::new(0, 0),
        ..Default::default()
    };
    let after_highlights = agora_present::tsuro::svg::Highlights {
        last: last.square,
        trails: last.trails,
        ..Default::default()
    };
    Ok(TsuroFigures {
        tile: agora_present::tsuro::svg::tile(placed),
        tile_turned: agora_present::tsuro::svg::tile(turned),
        tile_words: agora_present::tsuro::tile_paths(lang, placed),
        tile_turned_words: agora_present::tsuro::tile_paths(lang, turned),
        tile_code: placed.to_string(),
        tile_turned_code: turned.to_string(),
        before: svg(&before.view(Viewer::Spectator), &before_highlights),
        after: svg(&game.view(Viewer::Spectator), &after_highlights),
        story,
    })
}

/// Tyranny's opening table for four players, as a spectator sees it: both loops, the
/// tunnels, the home bases and the influence track.
pub fn tyranny(tr: Tr) -> Result<TyrannyFigures, String> {
    let lang = tr.lang();
    let game = Tyranny::new(4).map_err(|e| e.to_string())?;
    let view = game.view(Viewer::Spectator);
    let reader = Reader::new(
        lang,
        Viewer::Spectator,
        (1..=4)
            .map(|number| Who::Person(tr.a("rules-player", "number", number)))
            .collect(),
    );
    Ok(TyrannyFigures {
        board: agora_present::tyranny::table_svg(lang, &view, &Default::default()),
        description: agora_present::tyranny::describe_board(&reader, &view),
        cards: Card::all()
            .map(|card| CardRow {
                name: agora_present::tyranny::card_name(lang, card),
                kept: card.is_kept(),
                cops: agora_present::tyranny::card_text(lang, card, Faction::Cops),
                criminals: agora_present::tyranny::card_text(lang, card, Faction::Criminals),
            })
            .collect(),
    })
}
