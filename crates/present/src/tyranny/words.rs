//! Tyranny's words: pieces, factions, tiles, cards and die faces as labels in the reader's
//! language, and the rules in brief.

use agora_tyranny::{Board, Card, Faction, Piece, TileId, TileKind};

use crate::text::{text, text_with};
use crate::{Lang, args};

/// The standard board: valid once a game exists (every constructor checks it), and a view
/// only comes from a game.
pub(crate) fn board() -> &'static Board {
    match Board::standard() {
        Ok(board) => board,
        Err(e) => panic!("{e}"),
    }
}

/// A piece as a label: "Cop 1", "Gauner 2", "Truand 1".
pub fn piece_name(lang: Lang, piece: Piece) -> String {
    text_with(lang, "tyranny-piece", &args![("piece", piece.name())])
}

/// A faction mid-sentence: "the cops", "die Gauner", "les flics".
pub fn faction_name(lang: Lang, faction: Faction) -> String {
    text_with(lang, "tyranny-faction", &args![("faction", faction.name())])
}

/// A tile's own name in `lang`: "Rail Yard", "Güterbahnhof", "Tunnel A". A name the
/// translations do not know (another board file) stays as the file writes it.
pub(crate) fn place_name(lang: Lang, id: TileId) -> String {
    let tile = board().tile(id);
    let (kind, tunnel) = match tile.kind {
        TileKind::PoliceStation => ("police_station".to_string(), String::new()),
        TileKind::Hideout => ("hideout".to_string(), String::new()),
        TileKind::Gamble => ("gamble".to_string(), String::new()),
        TileKind::Gains => ("gains".to_string(), String::new()),
        TileKind::Tunnel { tunnel } => ("tunnel".to_string(), board().tunnel(tunnel).name.clone()),
        TileKind::Property(_) | TileKind::Safe => (slug(&tile.name), String::new()),
    };
    text_with(
        lang,
        "tyranny-place",
        &args![
            ("kind", kind),
            ("name", tile.name.as_str()),
            ("tunnel", tunnel)
        ],
    )
}

/// "Rail Yard" → "rail-yard": a name as a Fluent variant key.
fn slug(name: &str) -> String {
    name.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

/// A tile in a sentence, its name and code: "Rail Yard (O1)", "Feld O1 (Güterbahnhof)".
pub fn tile_name(lang: Lang, id: TileId) -> String {
    text_with(
        lang,
        "tyranny-tile",
        &args![("name", place_name(lang, id)), ("code", board().code(id))],
    )
}

/// The tile a code names, in any case (`o5`, `I3`); `None` for no tile.
pub fn tile_by_code(code: &str) -> Option<TileId> {
    board().tile_by_code(&code.trim().to_ascii_uppercase())
}

/// A card's name: "Gamble 3", "Gains 10" (the deck names are the game's, as typed in moves).
pub fn card_name(lang: Lang, card: Card) -> String {
    text_with(
        lang,
        "tyranny-card",
        &args![("deck", card.deck().name()), ("number", card.number())],
    )
}

/// What `faction`'s half of `card` does, in the third person, so that it reads the same in
/// the holder's hand and in anyone's story.
pub fn card_text(lang: Lang, card: Card, faction: Faction) -> String {
    let id = format!(
        "tyranny-card-{}-{}-{}",
        card.deck().name(),
        card.number(),
        faction.name()
    );
    text(lang, &id)
}

/// "Gains 8, the criminals' half: the criminals gain 50% of their influence".
pub(crate) fn card_with_text(lang: Lang, card: Card, faction: Faction) -> String {
    text_with(
        lang,
        "tyranny-card-with-text",
        &args![
            ("card", card_name(lang, card)),
            ("faction", faction.name()),
            ("text", card_text(lang, card, faction))
        ],
    )
}

/// Die faces (bit `n` for face `n`), any of which will do, in words: "6", "4 to 6", "5 or 6",
/// "1, 3 or 5".
pub fn faces(lang: Lang, mask: u8) -> String {
    let faces: Vec<u8> = (1..=6).filter(|f| mask & (1 << f) != 0).collect();
    match faces[..] {
        [low, .., high] if faces.len() > 2 && usize::from(high - low) + 1 == faces.len() => {
            text_with(
                lang,
                "tyranny-faces-range",
                &args![("low", low), ("high", high)],
            )
        }
        [] => String::new(),
        [one] => one.to_string(),
        [ref init @ .., last] => {
            let init: Vec<String> = init.iter().map(u8::to_string).collect();
            text_with(
                lang,
                "tyranny-faces-or",
                &args![("init", init.join(", ")), ("last", last)],
            )
        }
    }
}

/// The faces `low` to `high` as a mask.
pub(crate) fn span(low: u8, high: u8) -> u8 {
    (low..=high).fold(0, |mask, f| mask | 1 << f)
}

/// The game's rules in a few sentences, for a help panel (the page's, and `help` in the
/// terminal).
pub fn rules_summary(lang: Lang) -> Vec<String> {
    (1..=5)
        .map(|n| text(lang, &format!("tyranny-rules-{n}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_read_as_ranges_or_lists() {
        assert_eq!(faces(Lang::En, 1 << 6), "6");
        assert_eq!(faces(Lang::En, span(5, 6)), "5 or 6");
        assert_eq!(faces(Lang::En, span(2, 6)), "2 to 6");
        assert_eq!(faces(Lang::En, 0b0010_1010), "1, 3 or 5");
        assert_eq!(faces(Lang::De, span(4, 6)), "4 bis 6");
        assert_eq!(faces(Lang::Fr, span(4, 6)), "4 à 6");
    }

    #[test]
    fn every_tile_has_a_name_in_every_language() {
        for lang in Lang::ALL {
            for tile in board().tiles() {
                let name = tile_name(lang, tile.id);
                assert!(name.contains(&tile.code), "{name}");
            }
        }
        assert_eq!(
            tile_name(Lang::En, tile_by_code("o1").unwrap()),
            "Rail Yard (O1)"
        );
        assert!(crate::text::take_misses().is_empty());
    }
}
