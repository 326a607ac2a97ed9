//! A view's JSON, written by hand: the server sends every viewer its view after every move,
//! and `serde_json` spent most of that time escaping field names and tile names that never
//! need it. The text is exactly what `serde_json` writes for [`TyrusView`]
//! (`agora_engine::testing::check_playthrough` compares the two at every state).

use agora_engine::{Seat, Viewer};

use crate::position::ElectionResult;
use crate::{BuildingView, TileSet, TyrusView};

impl TyrusView {
    /// Appends this view's JSON to `out`.
    pub fn write_json(&self, out: &mut String) {
        out.push_str("{\"viewer\":");
        match self.viewer {
            Viewer::Seat(seat) => {
                out.push_str("{\"seat\":");
                write_seat(out, seat);
                out.push('}');
            }
            Viewer::Spectator => out.push_str("\"spectator\""),
        }
        out.push_str(",\"first_player\":");
        write_seat(out, self.first_player);
        out.push_str(",\"election\":");
        write_option(out, self.election, write_u8);
        out.push_str(",\"offices\":");
        write_list(out, &self.offices, |out, office| {
            write_option(out, *office, |out, office| write_name(out, office.name()));
        });
        out.push_str(",\"to_move\":");
        write_option(out, self.to_move, write_seat);
        out.push_str(",\"placements\":");
        write_u8(out, self.placements);
        out.push_str(",\"hand\":");
        write_option(out, self.hand, write_tiles);
        out.push_str(",\"buildings\":");
        write_list(out, &self.buildings, |out, row| {
            write_list(out, row, write_building);
        });
        out.push_str(",\"discarded\":");
        write_list(out, &self.discarded, |out, tiles| write_tiles(out, *tiles));
        out.push_str(",\"results\":");
        write_list(out, &self.results, |out, result| {
            write_option(out, *result, write_result);
        });
        out.push_str(",\"representatives\":");
        write_list(out, &self.representatives, |out, n| write_u8(out, *n));
        out.push_str(",\"hand_sizes\":");
        write_list(out, &self.hand_sizes, |out, n| write_u8(out, *n));
        out.push_str(",\"draw_pile_sizes\":");
        write_list(out, &self.draw_pile_sizes, |out, n| write_u8(out, *n));
        out.push_str(",\"revealed_hands\":");
        write_option(out, self.revealed_hands, |out, hands| {
            write_list(out, &hands, |out, tiles| write_tiles(out, *tiles));
        });
        out.push_str(",\"outcome\":");
        match &self.outcome {
            // Once per game: not worth writing by hand.
            Some(outcome) => agora_engine::json::write_value(out, outcome),
            None => out.push_str("null"),
        }
        out.push('}');
    }
}

fn write_building(out: &mut String, building: &BuildingView) {
    out.push_str("{\"owner\":");
    write_seat(out, building.owner);
    out.push_str(",\"kind\":");
    write_name(out, building.kind.name());
    out.push_str(",\"visible\":");
    write_list(out, &building.visible, |out, tiles| {
        write_tiles(out, *tiles)
    });
    out.push_str(",\"hidden\":");
    write_list(out, &building.hidden, |out, n| write_u8(out, *n));
    out.push('}');
}

fn write_result(out: &mut String, result: ElectionResult) {
    out.push_str("{\"office\":");
    write_name(out, result.office.name());
    out.push_str(",\"scores\":");
    write_list(out, &result.scores, |out, n| write_u8(out, *n));
    out.push_str(",\"counts\":");
    write_list(out, &result.counts, |out, count| {
        out.push_str("{\"votes\":");
        write_u8(out, count.votes);
        out.push_str(",\"blocks\":");
        write_u8(out, count.blocks);
        out.push_str(",\"counters\":");
        write_u8(out, count.counters);
        out.push('}');
    });
    out.push_str(",\"winner\":");
    write_option(out, result.winner, write_seat);
    out.push('}');
}

fn write_tiles(out: &mut String, tiles: TileSet) {
    out.push('[');
    for (i, tile) in tiles.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_name(out, tile.name());
    }
    out.push(']');
}

fn write_list<T>(out: &mut String, items: &[T], mut write: impl FnMut(&mut String, &T)) {
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write(out, item);
    }
    out.push(']');
}

fn write_option<T>(out: &mut String, value: Option<T>, write: impl FnOnce(&mut String, T)) {
    match value {
        Some(value) => write(out, value),
        None => out.push_str("null"),
    }
}

/// A name from this crate's own tables (tiles, offices, buildings): letters, digits and `_`,
/// which JSON never escapes.
fn write_name(out: &mut String, name: &str) {
    debug_assert!(name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'));
    out.push('"');
    out.push_str(name);
    out.push('"');
}

fn write_seat(out: &mut String, seat: Seat) {
    write_u8(out, seat.0);
}

fn write_u8(out: &mut String, n: u8) {
    if n >= 100 {
        out.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        out.push(char::from(b'0' + n / 10 % 10));
    }
    out.push(char::from(b'0' + n % 10));
}

#[cfg(test)]
mod tests {
    use agora_engine::{Outcome, SeatSet};

    use super::*;
    use crate::{BuildingKind, Count, Office, Tile};

    fn tiles(names: &[&str]) -> TileSet {
        names.iter().map(|n| n.parse::<Tile>().unwrap()).collect()
    }

    /// Every optional part present, and numbers of every width: what a random game reaches
    /// rarely (revealed hands, an outcome) is written here too.
    #[test]
    fn writes_what_serde_json_writes() {
        let building = |owner, kind| BuildingView {
            owner: Seat(owner),
            kind,
            visible: [tiles(&["S10", "P1"]), TileSet::EMPTY],
            hidden: [0, 255],
        };
        let result = ElectionResult {
            office: Office::HighPriest,
            scores: [100, 9],
            counts: [
                Count {
                    votes: 100,
                    blocks: 0,
                    counters: 55,
                },
                Count {
                    votes: 19,
                    blocks: 10,
                    counters: 0,
                },
            ],
            winner: Some(Seat(1)),
        };
        let mut view = TyrusView {
            viewer: Viewer::Seat(Seat(1)),
            first_player: Seat(1),
            election: Some(9),
            offices: [Some(Office::General); 9],
            to_move: Some(Seat(0)),
            placements: 10,
            hand: Some(tiles(&["M1", "M10", "P7"])),
            buildings: [0, 1].map(|owner| BuildingKind::ALL.map(|kind| building(owner, kind))),
            discarded: [TileSet::ALL, TileSet::EMPTY],
            results: [Some(result), None, None, None, None, None, None, None, None],
            representatives: [5, 0],
            hand_sizes: [3, 3],
            draw_pile_sizes: [0, 30],
            revealed_hands: Some([tiles(&["S1"]), tiles(&["M2", "M3"])]),
            outcome: Some(Outcome::new(SeatSet::first(2), "draw")),
        };
        for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
            view.viewer = viewer;
            let mut written = String::new();
            view.write_json(&mut written);
            assert_eq!(written, serde_json::to_string(&view).unwrap());
            view.hand = None;
            view.election = None;
            view.revealed_hands = None;
            view.outcome = None;
            view.to_move = None;
        }
    }
}
