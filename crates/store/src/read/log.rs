//! Games and their move log: reads with one decoding for both engines (the SQL of most is
//! the engine's own, see [`Reader`]).

use super::{Param, Reader, table};
use crate::rows::{Readable, event_from};
use crate::{Event, GameRow, StoreError, StoredGame, TableId};

/// Game `id` with its table and the events after `version`, as `conn` sees them (one
/// snapshot when `conn` is in a transaction that keeps one).
pub(crate) async fn game_since<C: Reader>(
    conn: &mut C,
    id: TableId,
    version: u64,
) -> Result<StoredGame, StoreError> {
    let table = table(conn, id).await?;
    let row = conn.fetch_one(C::GAME, &[Param::Int(id.0)]).await?;
    let outcome = row.maybe_text("outcome")?;
    let game = GameRow {
        id,
        seed: row.int("seed")? as u64,
        setup: serde_json::from_str(row.text("setup")?)?,
        version: row.int("version")? as u64,
        outcome: outcome.as_deref().map(serde_json::from_str).transpose()?,
        turn_started_at: row.int("turn_started_at")?,
        started_at: row.int("started_at")?,
        finished_at: row.maybe_int("finished_at")?,
        rematch: row.maybe_int("rematch")?.map(TableId),
    };
    let events = events_since(conn, id, version).await?;
    Ok(StoredGame::from_log(table, game, events))
}

/// Game `id`'s events after `version`, oldest first.
pub(crate) async fn events_since<C: Reader>(
    conn: &mut C,
    id: TableId,
    version: u64,
) -> Result<Vec<Event>, StoreError> {
    let params = [Param::Int(id.0), Param::Int(version as i64)];
    let rows = conn.fetch_all(C::EVENTS_SINCE, &params).await?;
    rows.iter().map(event_from).collect()
}

/// Games being played, oldest first.
pub(crate) async fn playing_games<C: Reader>(conn: &mut C) -> Result<Vec<TableId>, StoreError> {
    let rows = conn.fetch_all(C::PLAYING_GAMES, &[]).await?;
    rows.iter().map(|row| Ok(TableId(row.int("id")?))).collect()
}

/// The hint kept for `seat` at `version` of `game`, if one was searched (`hints`, migrations
/// 0014 SQLite, 0009 PostgreSQL).
pub(crate) async fn hint(
    conn: &mut impl Reader,
    game: TableId,
    seat: u8,
    version: u64,
) -> Result<Option<String>, StoreError> {
    let sql = "SELECT hint FROM hints WHERE game_id = $1 AND seat = $2 AND version = $3";
    let params = [
        Param::Int(game.0),
        Param::Int(i64::from(seat)),
        Param::Int(version as i64),
    ];
    let row = conn.fetch_optional(sql, &params).await?;
    let text = row.as_ref().map(|row| row.text("hint")).transpose()?;
    Ok(text.map(str::to_string))
}
