//! Tsuro's facts: which tile of the hand, turned which way, where the marker ends up, whom the
//! play sends off the board, and how many plays keep the marker on it.

use agora_engine::Seat;
use agora_tsuro::{Fate, Phase, PlacedTile, Position, Square, Tsuro, TsuroMove, TsuroView};
use serde::Serialize;

use super::{Explain, sample};

/// What one Tsuro move does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum TsuroFacts {
    /// Putting the marker on a start mark.
    Start { mark: Position },
    /// Laying a tile.
    Play(TsuroPlay),
    /// The elimination bonus (keeping or swapping tiles).
    Bonus,
}

/// What laying one tile does, as the engine's preview works it out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TsuroPlay {
    /// Which tile of the hand, from 0, in the hand's order.
    pub hand_index: usize,
    pub hand_size: usize,
    pub tile: PlacedTile,
    /// Quarter turns clockwise from the way the tile is written in the hand (0 to 3).
    pub quarter_turns: u8,
    pub square: Square,
    /// Tiles the marker crosses, the new one included.
    pub tiles: u8,
    /// Where the marker stops; `None` when the play puts it out.
    pub ends_at: Option<Position>,
    /// Other seats the play puts out.
    pub sends_off: Vec<Seat>,
    /// How many different plays (tile and turn) keep the marker on the board.
    pub surviving_plays: usize,
    /// How many different plays there are.
    pub plays: usize,
}

impl Explain for Tsuro {
    type Facts = TsuroFacts;

    fn facts(view: &TsuroView, seat: Seat, mv: TsuroMove) -> TsuroFacts {
        match mv {
            TsuroMove::Start(mark) => TsuroFacts::Start { mark },
            TsuroMove::Play(tile) => {
                play_facts(view, seat, tile).map_or(TsuroFacts::Bonus, TsuroFacts::Play)
            }
            TsuroMove::Swap(_) | TsuroMove::Shuffle(_) => TsuroFacts::Bonus,
        }
    }

    /// When every play puts the marker off the board the rules allow any of them: the game is
    /// lost for this seat whatever it lays.
    fn every_play_loses(view: &TsuroView, seat: Seat) -> bool {
        if view.phase != Phase::Play {
            return false;
        }
        let (surviving, plays) = survival(&sample::<Tsuro>(view, seat));
        plays > 0 && surviving == 0
    }

    /// Two plays of the same tile of the hand, turned two ways: a runner-up list names the tile
    /// once.
    fn repeats(earlier: &TsuroFacts, later: &TsuroFacts) -> bool {
        matches!((earlier, later), (TsuroFacts::Play(a), TsuroFacts::Play(b)) if a.hand_index == b.hand_index)
    }
}

/// (plays that keep the mover on the board, all plays), counting each distinct way to lay a
/// tile once.
fn survival(state: &Tsuro) -> (usize, usize) {
    let previews = state.previews();
    let surviving = previews.iter().filter(|p| p.mover_survives()).count();
    (surviving, previews.len())
}

fn play_facts(view: &TsuroView, seat: Seat, tile: PlacedTile) -> Option<TsuroPlay> {
    let hand = view.hands.get(seat.index())?.as_ref()?;
    let hand_index = hand.iter().position(|t| *t == tile.tile())?;
    let quarter_turns = (0..4u8).find(|&q| tile.tile().first_orientation().turned(q) == tile)?;
    let state = sample::<Tsuro>(view, seat);
    let preview = state.preview(tile).ok()?;
    let mover = preview.mover_fate();
    let (surviving_plays, plays) = survival(&state);
    Some(TsuroPlay {
        hand_index,
        hand_size: hand.len(),
        tile,
        quarter_turns,
        square: preview.square,
        tiles: mover.tiles,
        ends_at: match mover.fate {
            Fate::Stops(at) => Some(at),
            Fate::LeavesBoard | Fate::Collides(_) => None,
        },
        sends_off: preview.eliminated().iter().filter(|&s| s != seat).collect(),
        surviving_plays,
        plays,
    })
}
