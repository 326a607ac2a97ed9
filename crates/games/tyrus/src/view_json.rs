//! A view's JSON, written by hand: the server sends every viewer its view after every move,
//! and `serde_json` spent most of that time escaping field names and tile names that never
//! need it. The text is exactly what `serde_json` writes for [`TyrusView`]
//! (`agora_engine::testing::check_playthrough` compares the two at every state).

use agora_engine::{Seat, Viewer};

use crate::position::ElectionResult;
use crate::{BuildingView, TileSet, TyrusView};

impl TyrusView {
    /// Appends this view's JSON to `out`.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"viewer\":");
        match self.viewer {
            Viewer::Seat(seat) => {
                out.extend_from_slice(b"{\"seat\":");
                write_seat(out, seat);
                out.push(b'}');
            }
            Viewer::Spectator => out.extend_from_slice(b"\"spectator\""),
        }
        out.extend_from_slice(b",\"first_player\":");
        write_seat(out, self.first_player);
        out.extend_from_slice(b",\"election\":");
        write_option(out, self.election, write_u8);
        out.extend_from_slice(b",\"offices\":");
        write_list(out, &self.offices, |out, office| {
            write_option(out, *office, |out, office| write_name(out, office.name()));
        });
        out.extend_from_slice(b",\"to_move\":");
        write_option(out, self.to_move, write_seat);
        out.extend_from_slice(b",\"placements\":");
        write_u8(out, self.placements);
        out.extend_from_slice(b",\"hand\":");
        write_option(out, self.hand, write_tiles);
        out.extend_from_slice(b",\"buildings\":");
        write_list(out, &self.buildings, |out, row| {
            write_list(out, row, write_building);
        });
        out.extend_from_slice(b",\"discarded\":");
        write_list(out, &self.discarded, |out, tiles| write_tiles(out, *tiles));
        out.extend_from_slice(b",\"results\":");
        write_list(out, &self.results, |out, result| {
            write_option(out, *result, write_result);
        });
        out.extend_from_slice(b",\"representatives\":");
        write_list(out, &self.representatives, |out, n| write_u8(out, *n));
        out.extend_from_slice(b",\"hand_sizes\":");
        write_list(out, &self.hand_sizes, |out, n| write_u8(out, *n));
        out.extend_from_slice(b",\"draw_pile_sizes\":");
        write_list(out, &self.draw_pile_sizes, |out, n| write_u8(out, *n));
        out.extend_from_slice(b",\"revealed_hands\":");
        write_option(out, self.revealed_hands, |out, hands| {
            write_list(out, &hands, |out, tiles| write_tiles(out, *tiles));
        });
        out.extend_from_slice(b",\"outcome\":");
        match &self.outcome {
            // Once per game: not worth writing by hand.
            Some(outcome) => serde_json::to_writer(&mut *out, outcome).expect("outcomes serialize"),
            None => out.extend_from_slice(b"null"),
        }
        out.push(b'}');
    }
}

fn write_building(out: &mut Vec<u8>, building: &BuildingView) {
    out.extend_from_slice(b"{\"owner\":");
    write_seat(out, building.owner);
    out.extend_from_slice(b",\"kind\":");
    write_name(out, building.kind.name());
    out.extend_from_slice(b",\"visible\":");
    write_list(out, &building.visible, |out, tiles| {
        write_tiles(out, *tiles)
    });
    out.extend_from_slice(b",\"hidden\":");
    write_list(out, &building.hidden, |out, n| write_u8(out, *n));
    out.push(b'}');
}

fn write_result(out: &mut Vec<u8>, result: ElectionResult) {
    out.extend_from_slice(b"{\"office\":");
    write_name(out, result.office.name());
    out.extend_from_slice(b",\"scores\":");
    write_list(out, &result.scores, |out, n| write_u8(out, *n));
    out.extend_from_slice(b",\"winner\":");
    write_option(out, result.winner, write_seat);
    out.push(b'}');
}

fn write_tiles(out: &mut Vec<u8>, tiles: TileSet) {
    out.push(b'[');
    for (i, tile) in tiles.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write_name(out, tile.name());
    }
    out.push(b']');
}

fn write_list<T>(out: &mut Vec<u8>, items: &[T], mut write: impl FnMut(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write(out, item);
    }
    out.push(b']');
}

fn write_option<T>(out: &mut Vec<u8>, value: Option<T>, write: impl FnOnce(&mut Vec<u8>, T)) {
    match value {
        Some(value) => write(out, value),
        None => out.extend_from_slice(b"null"),
    }
}

/// A name from this crate's own tables (tiles, offices, buildings): letters, digits and `_`,
/// which JSON never escapes.
fn write_name(out: &mut Vec<u8>, name: &str) {
    debug_assert!(name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'));
    out.push(b'"');
    out.extend_from_slice(name.as_bytes());
    out.push(b'"');
}

fn write_seat(out: &mut Vec<u8>, seat: Seat) {
    write_u8(out, seat.0);
}

fn write_u8(out: &mut Vec<u8>, n: u8) {
    if n >= 100 {
        out.push(b'0' + n / 100);
    }
    if n >= 10 {
        out.push(b'0' + n / 10 % 10);
    }
    out.push(b'0' + n % 10);
}

#[cfg(test)]
mod tests {
    use agora_engine::{Outcome, SeatSet};

    use super::*;
    use crate::{BuildingKind, Office, Tile};

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
            let mut written = Vec::new();
            view.write_json(&mut written);
            assert_eq!(
                String::from_utf8(written).unwrap(),
                serde_json::to_string(&view).unwrap()
            );
            view.hand = None;
            view.election = None;
            view.revealed_hands = None;
            view.outcome = None;
            view.to_move = None;
        }
    }
}
