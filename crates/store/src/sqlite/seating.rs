//! Sitting down and standing up, on the writer's connection. Each runs in one savepoint of
//! the writer's transaction, so what it checks and what it writes are one step that no other
//! write can come between:
//!
//! - one seat per account per table is a unique index (migration 0007), not a look before
//!   the write, so two joins by one account at once cannot both sit;
//! - the sit that takes a table's last free seat starts its game in the same step, with the
//!   deal its caller brings, and answers the table and game it wrote, read back inside the
//!   transaction: what the game's actor starts from is what was committed;
//! - a leave is refused once the table is not open, and a table is no longer open from the
//!   step that filled it, so a leave either comes before the last join (which then does not
//!   start the game) or is refused.

use rusqlite::{Connection, OptionalExtension, params};

use super::log::insert_game;
use super::run;
use crate::model::Sit;
use crate::rows::parse;
use crate::write::{SEAT_CLOCK, START_TABLE};
use crate::{AccountId, Refusal, SeatRow, Seated, StoreError, Table, TableId, TableStatus};

/// Sits the account at the seat of an open table (an invitation seat needs its secret's
/// hash), and when that fills the table starts its game with the sit's deal.
pub(crate) fn sit(conn: &Connection, sit: &Sit) -> Result<Seated, StoreError> {
    let id = sit.table;
    let taken = run(
        conn,
        "UPDATE seats SET account_id = ?3
         WHERE table_id = ?1 AND seat = ?2 AND account_id IS NULL
           AND (kind = 'open' OR (kind = 'invite' AND invite_hash = ?4))
           AND EXISTS (SELECT 1 FROM tables WHERE id = ?1 AND status = 'open')",
        params![id.0, sit.seat, sit.account.0, sit.invite_hash],
    );
    match taken {
        Ok(1) => {}
        Ok(_) => return Err(refusal(conn, id, Refusal::SeatNotFree)),
        // The unique index on (account, table).
        Err(StoreError::Conflict(_)) => return Err(StoreError::Refused(Refusal::AlreadySeated)),
        Err(e) => return Err(e),
    }
    let table = table(conn, id)?;
    if !table.seats.iter().all(SeatRow::is_filled) {
        return Ok(Seated {
            table,
            started: None,
        });
    }
    run(conn, START_TABLE, params![id.0])?;
    insert_game(conn, id, &sit.deal, None, sit.now)?;
    for &(seat, ms) in &sit.deal.clocks {
        run(conn, SEAT_CLOCK, params![ms, id.0, seat])?;
    }
    Ok(sit.started(table))
}

/// Frees `account`'s seat at open table `id`.
pub(crate) fn leave(conn: &Connection, id: TableId, account: AccountId) -> Result<(), StoreError> {
    let left = run(
        conn,
        "UPDATE seats SET account_id = NULL
         WHERE table_id = ?1 AND account_id = ?2
           AND EXISTS (SELECT 1 FROM tables WHERE id = ?1 AND status = 'open')",
        params![id.0, account.0],
    )?;
    if left == 0 {
        return Err(refusal(conn, id, Refusal::NotSeated));
    }
    Ok(())
}

/// Why a sit or a leave at table `id` changed nothing: no such table, a table no longer
/// open, else `otherwise`.
fn refusal(conn: &Connection, id: TableId, otherwise: Refusal) -> StoreError {
    let status: Result<Option<String>, _> = conn
        .prepare_cached("SELECT status FROM tables WHERE id = ?1")
        .and_then(|mut q| q.query_row([id.0], |r| r.get(0)).optional());
    match status {
        Err(e) => e.into(),
        Ok(None) => StoreError::NotFound,
        Ok(Some(status)) if status != TableStatus::Open.as_str() => {
            StoreError::Refused(Refusal::TableNotOpen)
        }
        Ok(Some(_)) => StoreError::Refused(otherwise),
    }
}

/// Table `id` with its seats, as this transaction sees it.
fn table(conn: &Connection, id: TableId) -> Result<Table, StoreError> {
    let mut seats = conn.prepare_cached(
        "SELECT s.seat, s.kind, s.account_id, a.name, s.ai_level, s.invite_hash, s.clock_ms,
                s.substituted
         FROM seats s LEFT JOIN accounts a ON a.id = s.account_id
         WHERE s.table_id = ?1 ORDER BY s.seat",
    )?;
    let seats = seats
        .query_map([id.0], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<i64>>(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get::<_, i64>(7)?,
            ))
        })?
        .map(|row| {
            let (seat, kind, account, name, ai_level, invite_hash, clock_ms, substituted) = row?;
            Ok(SeatRow {
                seat: seat as u8,
                kind: parse(&kind)?,
                account: account.map(AccountId),
                name,
                ai_level,
                invite_hash,
                clock_ms,
                substituted: substituted != 0,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    let mut row = conn.prepare_cached(
        "SELECT game, options, time_control, public, created_by, status, created_at, expired_at,
                rated
         FROM tables WHERE id = ?1",
    )?;
    let (game, options, time_control, public, created_by, status, created_at, expired_at, rated) =
        row.query_row([id.0], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, bool>(3)?,
                r.get::<_, i64>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, i64>(6)?,
                r.get::<_, Option<i64>>(7)?,
                r.get::<_, bool>(8)?,
            ))
        })
        .optional()?
        .ok_or(StoreError::NotFound)?;
    Ok(Table {
        id,
        game,
        options: serde_json::from_str(&options)?,
        time_control: serde_json::from_str(&time_control)?,
        public,
        rated,
        created_by: AccountId(created_by),
        status: parse(&status)?,
        created_at,
        expired_at,
        seats,
    })
}
