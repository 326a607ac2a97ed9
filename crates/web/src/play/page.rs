//! The page's one value of its game's own table, [`GameTable`], built through the per-game
//! seam ([`super::seam::GamePage`]). Everything else on the page (players, clocks, history,
//! actions, hint panel) is the same for every game; the templates branch once on
//! [`GameTable`] (`game/board_area.html`, `game/side.html`).

use super::seam::{GamePage, Surroundings};
use super::tsuro::TsuroTable;
use super::tyranny::TyrannyTable;
use super::tyrus::TyrusTable;
use super::{Narrated, Played};
use crate::i18n::Tr;

/// The game's own table, for the game played.
#[derive(Debug)]
pub enum GameTable {
    Tyrus(TyrusTable),
    Tsuro(TsuroTable),
    Tyranny(TyrannyTable),
}

impl From<TyrusTable> for GameTable {
    fn from(table: TyrusTable) -> GameTable {
        GameTable::Tyrus(table)
    }
}

impl From<TsuroTable> for GameTable {
    fn from(table: TsuroTable) -> GameTable {
        GameTable::Tsuro(table)
    }
}

impl From<TyrannyTable> for GameTable {
    fn from(table: TyrannyTable) -> GameTable {
        GameTable::Tyranny(table)
    }
}

impl GameTable {
    /// The message id of the move box's hint: how this game's moves are written.
    pub fn move_box_hint(&self) -> &'static str {
        match self {
            GameTable::Tyrus(_) => agora_tyrus::Tyrus::MOVE_BOX_HINT,
            GameTable::Tsuro(_) => agora_tsuro::Tsuro::MOVE_BOX_HINT,
            GameTable::Tyranny(_) => agora_tyranny::Tyranny::MOVE_BOX_HINT,
        }
    }

    /// The page's script for this game's controls, besides the game page's own.
    pub fn script(&self) -> Option<&'static str> {
        match self {
            GameTable::Tyrus(_) => agora_tyrus::Tyrus::SCRIPT,
            GameTable::Tsuro(_) => agora_tsuro::Tsuro::SCRIPT,
            GameTable::Tyranny(_) => agora_tyranny::Tyranny::SCRIPT,
        }
    }

    /// The status line: whose turn it is and what they do.
    pub fn status(&self) -> &str {
        match self {
            GameTable::Tyrus(t) => &t.status,
            GameTable::Tsuro(t) => &t.status,
            GameTable::Tyranny(t) => &t.status,
        }
    }

    /// What the ending shows besides its words (Tyrus: the hands shown at the end).
    pub fn ending_lines(&self) -> &[String] {
        match self {
            GameTable::Tyrus(t) => &t.revealed_hands,
            GameTable::Tsuro(_) | GameTable::Tyranny(_) => &[],
        }
    }

    pub fn tyrus(&self) -> Option<&TyrusTable> {
        match self {
            GameTable::Tyrus(t) => Some(t),
            _ => None,
        }
    }

    pub fn tsuro(&self) -> Option<&TsuroTable> {
        match self {
            GameTable::Tsuro(t) => Some(t),
            _ => None,
        }
    }

    pub fn tyranny(&self) -> Option<&TyrannyTable> {
        match self {
            GameTable::Tyranny(t) => Some(t),
            _ => None,
        }
    }
}

impl Narrated {
    /// The game's own table at this version, for this reader.
    pub fn game_table(&self, around: &Surroundings<'_>) -> GameTable {
        let heard = self.heard();
        agora_games::with_state!(&self.game, state => GamePage::table(state, &heard, around).into())
    }

    /// The game's own words for its ending, for the reader.
    pub fn game_outcome(&self) -> Option<String> {
        agora_games::with_state!(&self.game, state => GamePage::outcome(state, &self.reader))
    }
}

impl Played {
    /// The game's own table, for the reader: `names` as the players' bar shows them, `rot`
    /// the Tsuro hand's rotations from the page's query.
    pub fn game_table(&self, tr: Tr, names: &[String], rot: Option<&str>) -> GameTable {
        self.narrated.game_table(&Surroundings {
            tr,
            names,
            legal: self.snapshot.legal_moves.as_deref().unwrap_or_default(),
            my_turn: self.my_turn(),
            rot,
            revealed: false,
        })
    }

    /// Whether a slip on this (already checked) move would cost the reader something: not
    /// when it is the only move there is, else as the game says.
    pub fn worth_confirming(&self, notation: &str) -> bool {
        let legal = self.snapshot.legal_moves.as_deref().unwrap_or_default();
        legal.len() > 1
            && agora_games::with_state!(&self.game, state => GamePage::worth_confirming(state, notation))
    }

    /// Checks a move against the engine for the reader's seat: its notation and legality.
    /// Returns the question that confirms it.
    pub fn check_move(&self, tr: Tr, notation: &str) -> Result<String, String> {
        if self.my_seat().is_none() {
            return Err(tr.t("error-code-forbidden"));
        }
        if !self.playing() {
            return Err(tr.t("error-code-game_over"));
        }
        if !self.my_turn() {
            return Err(tr.t("error-code-not_your_turn"));
        }
        agora_games::with_state!(&self.game, state => GamePage::check(state, tr, &self.reader, notation))
    }
}
