//! A step's table: each game's board (and the parts of its table that show the position) as
//! the step's viewer saw it, with no move control (a replay has no legal move), and every
//! seat's hand in words for the view with everything revealed.

use agora_engine::{Game, Seat, Viewer};
use agora_games::AnyGame;
use askama::Template;

use crate::i18n::Tr;
use crate::play::Narrated;
use crate::play::tsuro::{self, TsuroTable};
use crate::play::tyranny::{self, TyrannyTable};
use crate::play::tyrus::{self, TyrusTable};

/// What the game's own templates read of the page (`g`): the replay's table at one step.
#[derive(Debug)]
pub struct BoardView {
    pub id: String,
    pub version: u64,
    pub tr: Tr,
    /// Always false: the replay offers no move.
    pub playing: bool,
    pub spectator: bool,
    pub text_first: bool,
    pub csrf: String,
    pub tyrus: Option<TyrusTable>,
    pub tsuro: Option<TsuroTable>,
    pub tyranny: Option<TyrannyTable>,
}

#[derive(Template)]
#[template(path = "replay/board.html")]
struct BoardFragment<'a> {
    g: &'a BoardView,
}

/// Each seat's last move in notation, by seat, at this step.
fn last_by_seat(narrated: &Narrated, seats: usize) -> Vec<Option<String>> {
    let mut last = vec![None; seats];
    for (seat, notation) in &narrated.seat_moves {
        if let Some(slot) = last.get_mut(seat.index()) {
            *slot = Some(notation.clone());
        }
    }
    last
}

/// The table of `narrated`'s game at its step, for its reader; `names` as the players' bar
/// shows them.
pub fn board_view(tr: Tr, narrated: &Narrated, names: &[String], id: &str) -> BoardView {
    let viewer = narrated.reader.viewer;
    let mut view = BoardView {
        id: id.to_string(),
        version: narrated.version,
        tr,
        playing: false,
        spectator: viewer.seat().is_none(),
        text_first: false,
        csrf: String::new(),
        tyrus: None,
        tsuro: None,
        tyranny: None,
    };
    match &narrated.game {
        AnyGame::Tyrus(state) => {
            view.tyrus = Some(tyrus::table(
                tr,
                &narrated.reader,
                &state.view(viewer),
                false,
                &tyrus::last_placed(
                    viewer,
                    &last_by_seat(narrated, names.len()),
                    narrated.last_mover,
                ),
            ));
        }
        AnyGame::Tsuro(state) => {
            view.tsuro = Some(tsuro::table(
                tr,
                &narrated.reader,
                state,
                &tsuro::Around {
                    names,
                    legal: &[],
                    chosen: &[],
                    seat_moves: &narrated.seat_moves,
                    last: tsuro::last_play(
                        match &narrated.before_last {
                            Some(AnyGame::Tsuro(before)) => Some(before),
                            _ => None,
                        },
                        state,
                        viewer,
                        narrated.last_move.as_deref(),
                    ),
                },
            ));
        }
        AnyGame::Tyranny(state) => {
            view.tyranny = Some(tyranny::table(
                tr,
                &narrated.reader,
                state,
                &tyranny::Around {
                    names,
                    legal: &[],
                    last_roll: narrated.last_roll.clone(),
                    stolen: narrated.stolen.clone(),
                    marks: narrated.last_moves.marks(viewer),
                },
            ));
        }
    }
    view
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
    let view = board_view(tr, &as_seat, names, "");
    if let Some(t) = view.tyrus {
        return t
            .hand
            .iter()
            .flat_map(|g| g.tiles.iter().map(|c| c.label.clone()))
            .collect();
    }
    if let Some(t) = view.tsuro {
        return t.hand.iter().map(|h| h.label.clone()).collect();
    }
    view.tyranny.map(|t| t.hand).unwrap_or_default()
}
