//! A step's table: each game's board (and the parts of its table that show the position) as
//! the step's viewer saw it (or with every tile face up, for the view with everything
//! revealed), with no move control (a replay has no legal move), and a seat's hand in words
//! where the board does not show it.

use agora_engine::{Seat, Viewer};
use agora_games::AnyGame;
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
/// with no move to make; `names` as the players' bar shows them. `revealed` draws every
/// hidden tile face up.
pub fn board_view(tr: Tr, narrated: &Narrated, names: &[String], revealed: bool) -> BoardView {
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
            revealed,
        }),
    }
}

/// The step's table drawn.
pub fn render(view: &BoardView) -> Result<String, askama::Error> {
    BoardFragment { g: view }.render()
}

/// One seat's hand at a step, in words, and drawn for a game whose pieces are pictures.
#[derive(Clone, Debug)]
pub struct HandLine {
    pub seat: String,
    pub cards: Vec<String>,
    /// Each card drawn (Tsuro's tiles, as SVG hidden from screen readers: `cards` says them).
    pub drawings: Vec<String>,
}

/// Whether the game's table shows its reader's own hand at a replay's step (Tsuro's shows
/// it only with tiles to lay, so the replay lists it beside the board).
pub fn table_shows_hand(table: &GameTable) -> bool {
    !matches!(table, GameTable::Tsuro(_))
}

/// What `seat` held at the step of `narrated`; `names[seat]` names it.
pub fn hand_of(tr: Tr, narrated: &Narrated, seat: Seat, names: &[String]) -> HandLine {
    let name = names.get(seat.index()).cloned().unwrap_or_default();
    if let AnyGame::Tsuro(state) = &narrated.game {
        let (drawings, cards) = crate::play::tsuro::held(tr, state, seat)
            .into_iter()
            .unzip();
        return HandLine {
            seat: name,
            cards,
            drawings,
        };
    }
    // The game read as that seat: its table holds the hand.
    let mut as_seat = narrated.clone();
    as_seat.reader.viewer = Viewer::Seat(seat);
    let cards = match board_view(tr, &as_seat, names, false).table {
        GameTable::Tyrus(t) => t
            .hand
            .iter()
            .flat_map(|g| g.tiles.iter().map(|c| c.label.clone()))
            .collect(),
        GameTable::Tsuro(t) => t.hand.iter().map(|h| h.label.clone()).collect(),
        GameTable::Tyranny(t) => t.hand,
    };
    HandLine {
        seat: name,
        cards,
        drawings: Vec::new(),
    }
}
