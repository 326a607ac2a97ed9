//! The look back over finished games (see `crate::chances`): its job's claim and its steps.

use super::{Backend, Store};
use crate::chances::{self, Analysis, AnalysisState, ChanceStep};
use crate::write::{CLAIM_ANALYSIS, END_ANALYSIS, KEEP_CHANCE, statement};
use crate::{StoreError, TableId};

impl Store {
    /// Game `game`'s look back: where it stands and the steps kept; `None` when the game has
    /// none (not finished, aborted, or finished before look backs existed).
    pub async fn analysis(&self, game: TableId) -> Result<Option<Analysis>, StoreError> {
        read!(self, c => chances::analysis(c, game))
    }

    /// Up to `limit` queued look backs node `node` may claim at `now`, oldest first.
    pub async fn claimable_analyses(
        &self,
        node: &str,
        now: i64,
        limit: i64,
    ) -> Result<Vec<TableId>, StoreError> {
        read!(self, c => chances::claimable(c, node, now, limit))
    }

    /// Node `node` claims (or renews its claim on) game `game`'s look back until `until`;
    /// `false` when another node holds it at `now`, or it is no longer queued.
    pub async fn claim_analysis(
        &self,
        game: TableId,
        node: &str,
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError> {
        let claim = statement!(CLAIM_ANALYSIS, node, until, game.0, now);
        Ok(self.execute_one(claim).await? == 1)
    }

    /// Keeps one step of game `game`'s look back (a step kept already stays as it was).
    pub async fn keep_chance(&self, game: TableId, step: &ChanceStep) -> Result<(), StoreError> {
        let keep = statement!(
            KEEP_CHANCE,
            game.0,
            step.version as i64,
            i64::from(step.seat),
            step.played.as_str(),
            step.before.map(i64::from),
            step.after.map(i64::from),
            step.hint.as_str(),
        );
        self.execute_one(keep).await?;
        Ok(())
    }

    /// Ends game `game`'s look back in `state` at `now`, if node `node` still holds it.
    pub async fn end_analysis(
        &self,
        game: TableId,
        node: &str,
        state: AnalysisState,
        now: i64,
    ) -> Result<bool, StoreError> {
        let end = statement!(END_ANALYSIS, state.as_str(), now, game.0, node);
        Ok(self.execute_one(end).await? == 1)
    }
}
