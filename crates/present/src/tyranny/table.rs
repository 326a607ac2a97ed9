//! The table in words: the status line, the board tile by tile, the reader's hand and the
//! end of the game.

use agora_engine::{Seat, Viewer};
use agora_tyranny::{Deck, Faction, Phase, Piece, Table, TileId, TileKind, TyrannyView, rules};

use super::words::{board, card_name, card_text, faces, piece_name, place_name, span, tile_name};
use crate::text::{Args, kept, list, text, text_with};
use crate::{Lang, Reader, args};

/// The faces that capture the property the active piece stands on this turn: the property's
/// range, or 1 to 3 once Gains 2 is played.
pub(crate) fn capture_faces(lang: Lang, table: &Table) -> String {
    let tile = table.piece(table.active()).tile;
    let (low, high) = match board().property(tile) {
        _ if table.boosts().1 => rules::SHORT_RANGE,
        Some(property) => (property.low, property.high),
        None => return String::new(),
    };
    faces(lang, span(low, high))
}

/// The reader's faction, when the reader has a seat.
fn my_faction(reader: &Reader, table: &Table) -> Option<Faction> {
    match reader.viewer {
        Viewer::Seat(seat) if seat.0 < table.players() => Some(table.seating().faction(seat)),
        _ => None,
    }
}

/// The end, with who won and why and whether it is the reader's side; `None` while the game
/// goes on.
pub(crate) fn end_line(reader: &Reader, table: &Table) -> Option<String> {
    let ending = table.ending()?;
    let side = match (my_faction(reader, table), ending.winner) {
        (Some(mine), Some(winner)) if mine == winner => "won",
        (Some(_), Some(_)) => "lost",
        _ => "none",
    };
    Some(text_with(
        reader.lang,
        "tyranny-end",
        &args![
            ("reason", ending.reason),
            ("influence", table.influence()),
            ("side", side)
        ],
    ))
}

/// The end explained, for a reader who just arrived: who won, why, and whether it is the
/// reader's side. `None` while the game goes on.
pub fn outcome(reader: &Reader, view: &TyrannyView) -> Option<String> {
    end_line(reader, &view.table)
}

/// One line: the influence with both goals, the three-turn streak toward a win when one
/// runs, the turn and round, whose turn it is with which piece and what it waits for, and
/// every seat's number of cards ("Influence 640: the criminals win by holding 1000, the cops
/// by holding 0. Turn 9 of 200, round 3 of 50: your turn with Cop 1. Cards in hand: you one
/// card, the computer 2 cards.").
pub fn status(reader: &Reader, view: &TyrannyView) -> String {
    let lang = reader.lang;
    let table = &view.table;
    if table.ending().is_some() {
        return text_with(
            lang,
            "tyranny-status-over",
            &args![("turns", table.turns()), ("influence", table.influence())],
        );
    }
    let mut parts = vec![text_with(
        lang,
        "tyranny-status-influence",
        &args![("influence", table.influence())],
    )];
    if table.high_streak() > 0 {
        parts.push(text_with(
            lang,
            "tyranny-status-high",
            &args![("count", table.high_streak())],
        ));
    }
    if table.zero_streak() > 0 {
        parts.push(text_with(
            lang,
            "tyranny-status-zero",
            &args![("count", table.zero_streak())],
        ));
    }
    let piece = table.active();
    let mut args = args![
        ("turn", table.turns() + 1),
        ("limit", rules::TURN_LIMIT),
        ("round", table.turns() / 4 + 1),
        ("piece", piece_name(lang, piece))
    ];
    reader.add(&mut args, "who", table.seating().commander(piece));
    let waiting = match table.phase() {
        Phase::Start => "start",
        Phase::Custody => "custody",
        Phase::Challenge { piece: target, .. } => {
            args.insert("target".into(), piece_name(lang, target).into());
            "challenge"
        }
        Phase::MayDraw { .. } => "draw",
        Phase::Advance => "advance",
        Phase::Target => "target",
        Phase::Discard => "discard",
        Phase::MayCross => "cross",
        Phase::Roll { .. } | Phase::Draw { .. } | Phase::Pick { .. } | Phase::Over => "chance",
    };
    args.insert("waiting".into(), waiting.into());
    parts.push(text_with(lang, "tyranny-status-turn", &args));
    let hands: Vec<String> = view
        .hand_sizes
        .iter()
        .enumerate()
        .map(|(seat, &count)| {
            let mut args = args![("count", count)];
            reader.add(&mut args, "who", Seat(seat as u8));
            text_with(lang, "tyranny-status-hand", &args)
        })
        .collect();
    parts.push(crate::text::sentence(text_with(
        lang,
        "tyranny-status-hands",
        &args![("hands", list(lang, &hands))],
    )));
    parts.join(" ")
}

/// One piece: where it stands, or who holds it and how it may get out; whose it is.
fn piece_line(reader: &Reader, table: &Table, piece: Piece) -> String {
    let lang = reader.lang;
    let state = table.piece(piece);
    let mut args = args![
        ("piece", piece_name(lang, piece)),
        ("faction", piece.faction().name()),
        ("tile", tile_name(lang, state.tile))
    ];
    reader.add(&mut args, "seat", table.seating().commander(piece));
    if state.custody {
        args.insert("sentence".into(), state.sentence.into());
        args.insert("faces".into(), faces(lang, state.escape_faces).into());
        args.insert(
            "pay".into(),
            if state.may_pay { "yes" } else { "no" }.into(),
        );
        text_with(lang, "tyranny-piece-held", &args)
    } else {
        let tier = board().tier(state.tile).name();
        args.insert(
            "tier".into(),
            text_with(lang, "tyranny-tier", &args![("tier", tier)]).into(),
        );
        args.insert("misses".into(), state.misses.into());
        text_with(lang, "tyranny-piece-at", &args)
    }
}

/// One tile in words: what it is (a property's value and capture range, a home base, a
/// safe zone, a card tile, a tunnel end open or closed), who owns it, and who stands on it.
/// "O3 Fish Market: property worth 30, captured on 3 to 6, owned by the criminals; here:
/// Criminal 1."
pub fn describe_tile(reader: &Reader, view: &TyrannyView, tile: TileId) -> String {
    let table = &view.table;
    let open = match board().kind(tile) {
        TileKind::Tunnel { tunnel } => table.is_open(tunnel),
        _ => false,
    };
    let pieces = (table.pieces_on(tile)).fold(0u8, |mask, piece| mask | 1 << piece.index());
    let key = (reader.lang, tile, table.owner(tile), open, pieces);
    kept(&TILE_WORDS, key, || word_tile(reader, view, tile))
}

/// A tile's words by what they are made of: the language, the tile, its owner, whether it
/// (a tunnel end) is open, and the pieces on it (a mask by [`Piece::index`]).
type TileKey = (Lang, TileId, Option<Faction>, bool, u8);

thread_local! {
    /// Each tile's words as they were last made, kept: a board describes every tile at
    /// every request, and from one move to the next most tiles read the same. Bounded by the
    /// board's tiles, owners, tunnel states, pieces' places and the languages.
    static TILE_WORDS: std::cell::RefCell<std::collections::HashMap<TileKey, String>> =
        std::cell::RefCell::default();
}

/// [`describe_tile`], worded anew.
fn word_tile(reader: &Reader, view: &TyrannyView, tile: TileId) -> String {
    let lang = reader.lang;
    let table = &view.table;
    let b = board();
    let mut owner = String::new();
    let what = match b.kind(tile) {
        TileKind::Property(property) => {
            let owned = table.owner(tile).map_or("none", Faction::name);
            owner = text_with(lang, "tyranny-tile-owner", &args![("owner", owned)]);
            text_with(
                lang,
                "tyranny-tile-property",
                &args![
                    ("influence", property.influence),
                    ("faces", faces(lang, span(property.low, property.high)))
                ],
            )
        }
        kind @ (TileKind::PoliceStation | TileKind::Hideout) => {
            let faction = kind.home_of().unwrap_or(Faction::Cops);
            let other = b.home(faction, b.tier(tile).other());
            text_with(
                lang,
                "tyranny-tile-home",
                &args![
                    ("faction", faction.name()),
                    ("other", b.code(other).to_string())
                ],
            )
        }
        TileKind::Safe => text(lang, "tyranny-tile-safe"),
        TileKind::Gamble => text_with(lang, "tyranny-tile-deck", &args![("deck", "gamble")]),
        TileKind::Gains => text_with(lang, "tyranny-tile-deck", &args![("deck", "gains")]),
        TileKind::Tunnel { tunnel } => text_with(
            lang,
            "tyranny-tile-tunnel",
            &args![
                ("tunnel", b.tunnel(tunnel).name.as_str()),
                (
                    "other",
                    b.code(b.tunnel(tunnel).other_end(tile)).to_string()
                ),
                ("open", if table.is_open(tunnel) { "yes" } else { "no" })
            ],
        ),
    };
    let here: Vec<String> = table.pieces_on(tile).map(|p| piece_name(lang, p)).collect();
    let pieces = if here.is_empty() {
        String::new()
    } else {
        text_with(
            lang,
            "tyranny-tile-pieces",
            &args![("pieces", list(lang, &here))],
        )
    };
    let name = place_name(lang, tile);
    text_with(
        lang,
        "tyranny-tile-line",
        &args![
            ("code", b.code(tile).to_string()),
            ("name", name),
            ("what", what),
            ("owner", owner),
            ("pieces", pieces)
        ],
    )
}

/// The whole table in words, one sentence a line: every piece, then each city's tiles in
/// forward order with their values, capture ranges and owners, the tunnels, and the cards.
pub fn describe_board(reader: &Reader, view: &TyrannyView) -> Vec<String> {
    let lang = reader.lang;
    let table = &view.table;
    let b = board();
    let mut lines: Vec<String> = Piece::ALL
        .iter()
        .map(|&p| piece_line(reader, table, p))
        .collect();
    for tier in [agora_tyranny::Tier::Outer, agora_tyranny::Tier::Inner] {
        lines.push(text_with(
            lang,
            "tyranny-loop",
            &args![("tier", tier.name()), ("count", b.loop_len(tier))],
        ));
        for position in 0..usize::from(b.loop_len(tier)) {
            lines.push(describe_tile(reader, view, b.at(tier, position)));
        }
    }
    for (index, tunnel) in b.tunnels().iter().enumerate() {
        lines.push(text_with(
            lang,
            "tyranny-tunnel-line",
            &args![
                ("tunnel", tunnel.name.as_str()),
                ("outer", b.code(tunnel.outer).to_string()),
                ("inner", b.code(tunnel.inner).to_string()),
                (
                    "open",
                    if table.is_open(index as u8) {
                        "yes"
                    } else {
                        "no"
                    }
                ),
                ("cost", tunnel.cost)
            ],
        ));
    }
    let discards = table.discards();
    lines.push(text_with(
        lang,
        "tyranny-cards-line",
        &args![
            ("gamble", view.deck_sizes.gamble),
            ("gains", view.deck_sizes.gains),
            ("gamble-discards", discards.len_of(Deck::Gamble)),
            ("gains-discards", discards.len_of(Deck::Gains))
        ],
    ));
    if !discards.is_empty() {
        let names: Vec<String> = discards.iter().map(|c| card_name(lang, c)).collect();
        lines.push(text_with(
            lang,
            "tyranny-discards-line",
            &args![("cards", list(lang, &names))],
        ));
    }
    lines
}

/// The reader's hand, one card a line with the half the reader's faction reads ("Gains 7:
/// kept: opens or collapses any tunnel, for free."); empty for an empty hand and for a
/// spectator.
pub fn hand(reader: &Reader, view: &TyrannyView) -> Vec<String> {
    let (Some(cards), Some(faction)) = (view.hand, my_faction(reader, &view.table)) else {
        return Vec::new();
    };
    cards
        .iter()
        .map(|card| {
            let mut args = Args::new();
            args.insert("card".into(), card_name(reader.lang, card).into());
            args.insert("text".into(), card_text(reader.lang, card, faction).into());
            text_with(reader.lang, "tyranny-hand-card", &args)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use agora_engine::testing::check_playthrough;
    use agora_engine::{Game, Seat};
    use agora_tyranny::{Options, Tier, Tyranny};

    use super::*;
    use crate::Who;

    /// A tile's kept words are the words made anew, at every state of whole games, for a
    /// seat and a spectator, in every language: its key holds all they are made of.
    #[test]
    fn a_tile_s_kept_words_are_its_words_made_anew() {
        for seed in [3, 4] {
            let setup = Tyranny::setup_from_seed(&Options { players: 2 }, seed);
            let (_, moves) = check_playthrough::<Tyranny>(&setup, seed);
            let mut state = Tyranny::from_setup(&setup).unwrap();
            for (ply, notation) in moves.iter().enumerate() {
                // Every fifth state, and the last: the tiles change a little at each move.
                if ply % 5 == 0 || ply + 1 == moves.len() {
                    for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
                        let view = state.view(viewer);
                        for lang in Lang::ALL {
                            let reader = Reader::new(lang, viewer, vec![Who::Computer; 2]);
                            let b = board();
                            let tiles = [Tier::Outer, Tier::Inner].into_iter().flat_map(|tier| {
                                (0..usize::from(b.loop_len(tier))).map(move |at| b.at(tier, at))
                            });
                            for tile in tiles {
                                assert_eq!(
                                    describe_tile(&reader, &view, tile),
                                    word_tile(&reader, &view, tile),
                                    "seed {seed} ply {ply} {lang:?} {viewer:?}"
                                );
                            }
                        }
                    }
                }
                let mv = state.parse_move(notation).unwrap();
                state.play(mv).unwrap();
            }
        }
    }
}
