//! Where a game turned (issue 34): the look back over a finished game that a background job
//! runs, step by step, and what it keeps (migration 0019 on SQLite, 0014 on PostgreSQL).
//!
//! A finished game's job is queued in the transaction that ends it. A node works on it only
//! while it holds its claim, renewed at every step, so that of several nodes one analyses a
//! game; the steps already kept are where a restart (or another node, once the claim lapsed)
//! resumes.

use std::fmt;
use std::str::FromStr;

use crate::read::{Param, Reader};
use crate::rows::{Readable, parse};
use crate::{StoreError, TableId};

/// Where a game's look back stands.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AnalysisState {
    /// Waiting for a node, or being worked on.
    Queued,
    /// Every decision of the game is kept.
    Done,
    /// The record no longer replays (the rules changed since): nothing more will be kept.
    Failed,
}

crate::model::text_enum!(
    AnalysisState,
    "analysis state",
    Queued = "queued",
    Done = "done",
    Failed = "failed"
);

/// One decision of a finished game as its look back kept it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChanceStep {
    /// The game's version when the seat decided (its move is event `version + 1`).
    pub version: u64,
    pub seat: u8,
    /// The move played, in notation.
    pub played: String,
    /// The computer's estimate of the seat's chance with the move it preferred, in
    /// thousandths; `None` when the search gave none (the only move).
    pub before: Option<u16>,
    /// The same with the move played.
    pub after: Option<u16>,
    /// The search's result, as the hints are kept (JSON: moves in notation, verdict).
    pub hint: String,
}

/// A game's look back: where it stands and the steps kept so far, oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub state: AnalysisState,
    pub steps: Vec<ChanceStep>,
}

fn thousandths(value: Option<i64>) -> Result<Option<u16>, StoreError> {
    value
        .map(|v| {
            u16::try_from(v)
                .ok()
                .filter(|v| *v <= 1000)
                .ok_or_else(|| StoreError::Corrupt(format!("a chance of {v} thousandths")))
        })
        .transpose()
}

/// Game `game`'s look back, if it has one.
pub(crate) async fn analysis<C: Reader>(
    conn: &mut C,
    game: TableId,
) -> Result<Option<Analysis>, StoreError> {
    let params = [Param::Int(game.0)];
    let sql = "SELECT state FROM game_analyses WHERE game_id = $1";
    let Some(row) = conn.fetch_optional(sql, &params).await? else {
        return Ok(None);
    };
    let state = parse(row.text("state")?)?;
    let sql = "SELECT version, seat, played, chance_before, chance_after, hint
               FROM game_chances WHERE game_id = $1 ORDER BY version";
    let rows = conn.fetch_all(sql, &params).await?;
    let steps = rows
        .iter()
        .map(|row| {
            Ok(ChanceStep {
                version: u64::try_from(row.int("version")?)
                    .map_err(|_| StoreError::Corrupt("a negative version".into()))?,
                seat: u8::try_from(row.int("seat")?)
                    .map_err(|_| StoreError::Corrupt("a seat out of range".into()))?,
                played: row.text("played")?.to_string(),
                before: thousandths(row.maybe_int("chance_before")?)?,
                after: thousandths(row.maybe_int("chance_after")?)?,
                hint: row.text("hint")?.to_string(),
            })
        })
        .collect::<Result<_, StoreError>>()?;
    Ok(Some(Analysis { state, steps }))
}

/// Up to `limit` queued look backs that node `node` may claim at `now`, oldest first.
pub(crate) async fn claimable<C: Reader>(
    conn: &mut C,
    node: &str,
    now: i64,
    limit: i64,
) -> Result<Vec<TableId>, StoreError> {
    let sql = "SELECT game_id FROM game_analyses
               WHERE state = 'queued'
                 AND (claimed_by IS NULL OR claimed_by = $1 OR claimed_until < $2)
               ORDER BY created_at, game_id LIMIT $3";
    let params = [Param::Text(node), Param::Int(now), Param::Int(limit)];
    let rows = conn.fetch_all(sql, &params).await?;
    rows.iter()
        .map(|row| Ok(TableId(row.int("game_id")?)))
        .collect()
}
