//! Tyrus's words for the page and the terminal: offices, buildings, professions, tiles, and
//! the rules in brief.

use agora_tyrus::{BuildingKind, Office, Profession, Tile, TileSet};

use crate::text::{list, text, text_with};
use crate::{Lang, args};

/// An office as a label: "General", "Gildenmeister", "Grand prêtre".
pub fn office_name(lang: Lang, office: Office) -> String {
    text_with(lang, "tyrus-office", &args![("office", office.name())])
}

/// A kind of building as a label: "Citadel", "Markt", "Temple".
pub fn building_name(lang: Lang, kind: BuildingKind) -> String {
    text_with(lang, "tyrus-building", &args![("kind", kind.name())])
}

/// A profession as a label, singular or plural by `count`: "Soldier", "Soldiers".
pub fn profession_name(lang: Lang, profession: Profession, count: u32) -> String {
    text_with(
        lang,
        "tyrus-profession",
        &args![("profession", profession.name()), ("count", count)],
    )
}

/// A tile as a label: "Soldier 7", "Händler 3", "Prêtre 10".
pub fn tile_name(lang: Lang, tile: Tile) -> String {
    text_with(
        lang,
        "tyrus-tile",
        &args![
            ("profession", tile.profession().name()),
            ("value", tile.value())
        ],
    )
}

/// Tiles as a list, weakest soldier first: "Soldier 3, Merchant 9 and Priest 1".
pub fn tile_list(lang: Lang, tiles: TileSet) -> String {
    let names: Vec<String> = tiles.iter().map(|t| tile_name(lang, t)).collect();
    list(lang, &names)
}

/// The game's rules in a few sentences, for a help panel (the page's, and `help` in the
/// terminal).
pub fn rules_summary(lang: Lang) -> Vec<String> {
    (1..=5)
        .map(|n| text(lang, &format!("tyrus-rules-{n}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_in_every_language() {
        let s7 = Tile::new(Profession::Soldier, 7).unwrap();
        for (lang, office, building, one, many, tile) in [
            (
                Lang::En,
                "High Priest",
                "Market",
                "Merchant",
                "Merchants",
                "Soldier 7",
            ),
            (
                Lang::De,
                "Hohepriester",
                "Markt",
                "Händler",
                "Händler",
                "Soldat 7",
            ),
            (
                Lang::Fr,
                "Grand prêtre",
                "Marché",
                "Marchand",
                "Marchands",
                "Soldat 7",
            ),
        ] {
            assert_eq!(office_name(lang, Office::HighPriest), office);
            assert_eq!(building_name(lang, BuildingKind::Market), building);
            assert_eq!(profession_name(lang, Profession::Merchant, 1), one);
            assert_eq!(profession_name(lang, Profession::Merchant, 2), many);
            assert_eq!(tile_name(lang, s7), tile);
        }
        assert_eq!(profession_name(Lang::En, Profession::Priest, 0), "Priests");
        assert_eq!(profession_name(Lang::Fr, Profession::Priest, 0), "Prêtre");
        assert!(crate::text::take_misses().is_empty());
    }

    #[test]
    fn tile_lists_read_as_lists() {
        let tiles = |names: &[&str]| -> TileSet {
            names.iter().map(|n| n.parse::<Tile>().unwrap()).collect()
        };
        assert_eq!(tile_list(Lang::En, TileSet::EMPTY), "");
        assert_eq!(tile_list(Lang::En, tiles(&["M9"])), "Merchant 9");
        assert_eq!(
            tile_list(Lang::En, tiles(&["P1", "S3", "M9"])),
            "Soldier 3, Merchant 9 and Priest 1"
        );
        assert_eq!(
            tile_list(Lang::De, tiles(&["S3", "M9"])),
            "Soldat 3 und Händler 9"
        );
        assert_eq!(
            tile_list(Lang::Fr, tiles(&["S3", "M9"])),
            "Soldat 3 et Marchand 9"
        );
    }

    #[test]
    fn the_rules_in_brief_in_every_language() {
        for lang in Lang::ALL {
            let rules = rules_summary(lang);
            assert_eq!(rules.len(), 5);
            assert!(rules.iter().all(|r| r.len() > 40), "{lang}: {rules:?}");
        }
        assert!(rules_summary(Lang::En)[2].contains("votes − (blocks − counters)"));
        assert!(crate::text::take_misses().is_empty());
    }
}
