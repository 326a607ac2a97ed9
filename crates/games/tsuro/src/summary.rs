use agora_engine::{Game, Seat};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::view::MarkerView;
use crate::{Phase, Square, Tsuro};

/// The referee's summary that `agora replay` prints (the command line adds `game` and
/// `rejected`):
///
/// ```json
/// {"status": "ongoing", "winners": [], "win_reason": null, "to_move": 1,
///  "markers": [{"seat": 0, "alive": true, "at": "c3.4"}, ...],
///  "board": {"c3": "01-27-36-45"}, "hand_sizes": [3, 3], "draw_pile": 28, "dragon": null}
/// ```
///
/// A marker's `at` is the empty square it faces and its point on that square's edge; a tile is
/// written as it lies, each pair lower point first, pairs sorted.
#[derive(Clone, Debug, Serialize)]
pub struct TsuroSummary {
    /// `"ongoing"` or `"finished"`.
    pub status: &'static str,
    pub winners: Vec<Seat>,
    /// `last_marker`, `eliminated_together` or `all_tiles_played`.
    pub win_reason: Option<&'static str>,
    pub to_move: Option<Seat>,
    pub markers: Vec<MarkerView>,
    pub board: BoardSummary,
    pub hand_sizes: Vec<usize>,
    pub draw_pile: usize,
    pub dragon: Option<Seat>,
}

/// The tiles on the board, written as a map from square to tile in reading order.
#[derive(Clone, Debug)]
pub struct BoardSummary(pub Vec<(Square, crate::PlacedTile)>);

impl Serialize for BoardSummary {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (square, tile) in &self.0 {
            map.serialize_entry(square, tile)?;
        }
        map.end()
    }
}

impl Tsuro {
    pub(crate) fn summarize(&self) -> TsuroSummary {
        let outcome = self.outcome();
        TsuroSummary {
            status: if self.phase == Phase::Over {
                "finished"
            } else {
                "ongoing"
            },
            winners: outcome
                .as_ref()
                .map(|o| o.winners.iter().collect())
                .unwrap_or_default(),
            win_reason: self.win_reason.map(|r| r.code()),
            to_move: self.turn().seat(),
            markers: self.marker_views(),
            board: BoardSummary(
                Square::all()
                    .filter_map(|sq| self.tile_at(sq).map(|tile| (sq, tile)))
                    .collect(),
            ),
            hand_sizes: self.seats().map(|seat| self.hand(seat).len()).collect(),
            draw_pile: self.draw_pile_len(),
            dragon: self.dragon(),
        }
    }
}
