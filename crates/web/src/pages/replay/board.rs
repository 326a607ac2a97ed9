//! A step's table: each game's board (and the parts of its table that show the position) as
//! the step's viewer saw it, with no move control (a replay has no legal move), and every
//! seat's hand in words for the view with everything revealed.

use agora_engine::{Seat, Viewer};
use askama::Template;

use crate::i18n::Tr;
use crate::play::GameTable;
use crate::play::Narrated;
use crate::play::seam::Surroundings;

/// What the game's own templates read of the page (`g`): the replay's table at one step.
#[derive(Debug)]
pub struct BoardView {
    pub version: u64,
    pub tr: Tr,
    /// Always false: the replay offers no move.
    pub playing: bool,
    pub spectator: bool,
    pub text_first: bool,
    pub table: GameTable,
}

#[derive(Template)]
#[template(path = "replay/board.html")]
struct BoardFragment<'a> {
    g: &'a BoardView,
}

/// The table of `narrated`'s game at its step, for its reader, through the game's page seam
/// with no move to make; `names` as the players' bar shows them.
pub fn board_view(tr: Tr, narrated: &Narrated, names: &[String]) -> BoardView {
    BoardView {
        version: narrated.version,
        tr,
        playing: false,
        spectator: narrated.reader.viewer.seat().is_none(),
        text_first: false,
        table: narrated.game_table(&Surroundings {
            tr,
            names,
            legal: &[],
            my_turn: false,
            rot: None,
        }),
    }
}

/// The step's table drawn.
pub fn render(view: &BoardView) -> Result<String, askama::Error> {
    BoardFragment { g: view }.render()
}

/// One seat's hand at a step, in words (the view with everything revealed).
#[derive(Clone, Debug)]
pub struct HandLine {
    pub seat: String,
    pub cards: Vec<String>,
}

/// What `seat` held at the step of `narrated` (a copy of the game read as that seat).
pub fn hand_of(tr: Tr, narrated: &Narrated, seat: Seat, names: &[String]) -> Vec<String> {
    let mut as_seat = narrated.clone();
    as_seat.reader.viewer = Viewer::Seat(seat);
    match board_view(tr, &as_seat, names).table {
        GameTable::Tyrus(t) => t
            .hand
            .iter()
            .flat_map(|g| g.tiles.iter().map(|c| c.label.clone()))
            .collect(),
        GameTable::Tsuro(t) => t.hand.iter().map(|h| h.label.clone()).collect(),
        GameTable::Tyranny(t) => t.hand,
    }
}
