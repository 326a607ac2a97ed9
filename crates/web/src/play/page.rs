//! Each game's own part of the page, chosen by game: its table for the fragments, its words
//! for the ending, and its check of a move before the confirmation.

use agora_engine::Game;
use agora_games::{AnyGame, GameKind};
use agora_present::refusal;

use super::Played;
use super::tsuro::{self, TsuroTable};
use super::tyranny::{self, TyrannyTable};
use super::tyrus::{self, TyrusTable};
use crate::i18n::Tr;

/// The game's own tables (one of them, for the game played) and the move box's hint.
#[derive(Debug)]
pub struct Tables {
    pub tyrus: Option<TyrusTable>,
    pub tsuro: Option<TsuroTable>,
    pub tyranny: Option<TyrannyTable>,
    /// How this game's moves are written.
    pub move_box_hint: &'static str,
}

impl Played {
    /// The table of the game played, for the reader: `names` as the players' bar shows them,
    /// `rot` the Tsuro hand's rotations from the page's query.
    pub fn tables(&self, tr: Tr, names: &[String], rot: Option<&str>) -> Tables {
        let legal = self.snapshot.legal_moves.as_deref().unwrap_or_default();
        let mut tables = Tables {
            tyrus: None,
            tsuro: None,
            tyranny: None,
            move_box_hint: match self.game.kind() {
                GameKind::Tsuro => "tsuro-move-box-hint",
                GameKind::Tyranny => "tyranny-move-box-hint",
                GameKind::Tyrus => "tyrus-move-box-hint",
            },
        };
        match &self.game {
            AnyGame::Tyrus(state) => {
                tables.tyrus = Some(tyrus::table(
                    tr,
                    &self.reader,
                    &state.view(self.viewer),
                    self.my_turn(),
                    &tyrus::last_placed(self.viewer, &self.last_by_seat(), self.last_mover),
                ));
            }
            AnyGame::Tsuro(state) => {
                tables.tsuro = Some(tsuro::table(
                    tr,
                    &self.reader,
                    state,
                    &tsuro::Around {
                        names,
                        legal,
                        chosen: &tsuro::rotations(rot),
                        seat_moves: &self.seat_moves,
                        last: tsuro::last_play(
                            match &self.before_last {
                                Some(AnyGame::Tsuro(before)) => Some(before),
                                _ => None,
                            },
                            state,
                            self.viewer,
                            self.last_move.as_deref(),
                        ),
                    },
                ));
            }
            AnyGame::Tyranny(state) => {
                tables.tyranny = Some(tyranny::table(
                    tr,
                    &self.reader,
                    state,
                    &tyranny::Around {
                        names,
                        legal,
                        last_roll: self.last_roll.clone(),
                        stolen: self.stolen.clone(),
                        marks: self.last_moves.marks(self.viewer),
                    },
                ));
            }
        }
        tables
    }

    /// The game's own words for its ending, for the reader.
    pub fn game_outcome(&self) -> Option<String> {
        match &self.game {
            AnyGame::Tyrus(state) => {
                agora_present::tyrus::outcome(&self.reader, &state.view(self.viewer))
            }
            AnyGame::Tsuro(state) => {
                agora_present::tsuro::outcome(&self.reader, &state.view(self.viewer))
            }
            AnyGame::Tyranny(state) => {
                agora_present::tyranny::outcome(&self.reader, &state.view(self.viewer))
            }
        }
    }

    /// Whether a slip on this (already checked) move would cost the reader something, so that
    /// it is worth asking first: not when it is the only move there is, and in Tyranny never
    /// for a roll of the die (its face is chance either way) nor for passing or staying.
    pub fn worth_confirming(&self, notation: &str) -> bool {
        let legal = self.snapshot.legal_moves.as_deref().unwrap_or_default();
        if legal.len() <= 1 {
            return false;
        }
        match &self.game {
            AnyGame::Tyranny(state) => !matches!(
                state.parse_move(notation),
                Ok(agora_tyranny::Move::Go
                    | agora_tyranny::Move::Capture
                    | agora_tyranny::Move::Escape
                    | agora_tyranny::Move::Pass
                    | agora_tyranny::Move::Stay)
            ),
            AnyGame::Tyrus(_) | AnyGame::Tsuro(_) => true,
        }
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
        match &self.game {
            AnyGame::Tyrus(state) => {
                let placement = state
                    .parse_move(notation)
                    .map_err(|e| refusal::unreadable(&self.reader, &e))?;
                state
                    .check_move(placement)
                    .map_err(|e| refusal::illegal_move(&self.reader, &e))?;
                Ok(tyrus::question(tr, &self.reader, placement))
            }
            AnyGame::Tsuro(state) => tsuro::check(tr, &self.reader, state, notation),
            AnyGame::Tyranny(state) => tyranny::check(tr, &self.reader, state, notation),
        }
    }
}
