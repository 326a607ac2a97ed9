//! The page's one value of its game's own table, [`GameTable`], built through the per-game
//! seam ([`super::seam::GamePage`]). Everything else on the page (players, clocks, history,
//! actions, hint panel) is the same for every game; the templates branch once on
//! the game ([`LazyTable::kind`]: `game/board_area.html`, `game/side.html`). A page holds its
//! table as a [`LazyTable`], built the first time a fragment reads it: a request that draws
//! no fragment of the game's own costs nothing of it.

use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use agora_games::{GameKind, with_game};

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

/// The game's own table for one reader, built when first read (through `Deref`): what it is
/// drawn from is kept, so that a page whose fragments of the game's own are not drawn never
/// builds it.
pub struct LazyTable {
    kind: GameKind,
    built: OnceLock<GameTable>,
    narrated: Arc<Narrated>,
    tr: Tr,
    names: Vec<String>,
    legal: Vec<String>,
    my_turn: bool,
    rot: Option<String>,
}

impl LazyTable {
    /// The game the table is of, known without building it.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The message id of the move box's hint: how this game's moves are written.
    pub fn move_box_hint(&self) -> &'static str {
        with_game!(self.kind, G => G::MOVE_BOX_HINT)
    }

    /// The page's script for this game's controls, besides the game page's own.
    pub fn script(&self) -> Option<&'static str> {
        with_game!(self.kind, G => G::SCRIPT)
    }

    /// Whether the table has been built (for tests of what a request costs).
    #[cfg(test)]
    pub fn is_built(&self) -> bool {
        self.built.get().is_some()
    }
}

impl Deref for LazyTable {
    type Target = GameTable;

    fn deref(&self) -> &GameTable {
        self.built.get_or_init(|| {
            self.narrated.game_table(&Surroundings {
                tr: self.tr,
                names: &self.names,
                legal: &self.legal,
                my_turn: self.my_turn,
                rot: self.rot.as_deref(),
                revealed: false,
            })
        })
    }
}

impl std::fmt::Debug for LazyTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LazyTable")
            .field("kind", &self.kind)
            .field("built", &self.built.get())
            .finish_non_exhaustive()
    }
}

impl Played {
    /// The game's own table, for the reader, built when first read: `names` as the players'
    /// bar shows them, `rot` the Tsuro hand's rotations from the page's query.
    pub fn game_table(&self, tr: Tr, names: Vec<String>, rot: Option<&str>) -> LazyTable {
        LazyTable {
            kind: self.game.kind(),
            built: OnceLock::new(),
            narrated: Arc::clone(&self.narrated),
            tr,
            names,
            legal: self.snapshot.legal_moves.clone().unwrap_or_default(),
            my_turn: self.my_turn(),
            rot: rot.map(str::to_string),
        }
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
