//! Tables and their seats: reads the same on both engines.

use std::collections::HashMap;

use super::{Param, Reader};
use crate::rows::{Readable, seat_from, table_from};
use crate::{AccountId, SeatRow, StoreError, Table, TableId};

const TABLE_COLUMNS: &str =
    "id, game, options, time_control, public, rated, created_by, status, created_at, expired_at";

/// [`TABLE_COLUMNS`] of the table named `t` in a join.
pub(super) fn table_columns_of_t() -> String {
    (TABLE_COLUMNS.split(", "))
        .map(|column| format!("t.{column}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A table with a seat anyone may take: the lobby lists no other (a table whose free seats
/// are kept for invited friends is a dead end to strangers).
const STRANGER_MAY_SIT: &str = "EXISTS (SELECT 1 FROM seats s
    WHERE s.table_id = tables.id AND s.kind = 'open' AND s.account_id IS NULL)";

/// The seats of several tables, in one query.
pub(super) async fn seats_of<C: Reader>(
    conn: &mut C,
    ids: &[TableId],
) -> Result<HashMap<TableId, Vec<SeatRow>>, StoreError> {
    let sql = format!(
        "SELECT s.table_id, s.seat, s.kind, s.account_id, a.name, s.ai_level, s.invite_hash,
                s.clock_ms, s.substituted
         FROM seats s LEFT JOIN accounts a ON a.id = s.account_id
         WHERE s.table_id {}
         ORDER BY s.table_id, s.seat",
        C::IN_IDS
    );
    let rows = conn.fetch_all(&sql, &[Param::Ids(ids)]).await?;
    let mut seats: HashMap<TableId, Vec<SeatRow>> = HashMap::new();
    for row in &rows {
        let (table, seat) = seat_from(row)?;
        seats.entry(table).or_default().push(seat);
    }
    Ok(seats)
}

/// Table `id` with its seats, as `conn` (in a transaction, or not) sees it.
pub(crate) async fn table(conn: &mut impl Reader, id: TableId) -> Result<Table, StoreError> {
    let sql = format!("SELECT {TABLE_COLUMNS} FROM tables WHERE id = $1");
    let row = conn.fetch_one(&sql, &[Param::Int(id.0)]).await?;
    let mut seats = seats_of(conn, &[id]).await?;
    table_from(&row, &mut seats)
}

/// The tables `sql` selects (their [`TABLE_COLUMNS`]) with their seats: two queries, however
/// many tables.
async fn tables(
    conn: &mut impl Reader,
    sql: &str,
    params: &[Param<'_>],
) -> Result<Vec<Table>, StoreError> {
    let rows = conn.fetch_all(sql, params).await?;
    let ids = rows
        .iter()
        .map(|row| Ok(TableId(row.int("id")?)))
        .collect::<Result<Vec<_>, StoreError>>()?;
    let mut seats = seats_of(conn, &ids).await?;
    rows.iter().map(|row| table_from(row, &mut seats)).collect()
}

/// Public tables waiting for players with a seat anyone may take, newest first.
pub(crate) async fn open_tables(
    conn: &mut impl Reader,
    limit: i64,
) -> Result<Vec<Table>, StoreError> {
    let sql = format!(
        "SELECT {TABLE_COLUMNS} FROM tables WHERE status = 'open' AND public
           AND {STRANGER_MAY_SIT}
         ORDER BY created_at DESC, id LIMIT $1"
    );
    tables(conn, &sql, &[Param::Int(limit)]).await
}

/// Public tables whose game is being played, newest first.
pub(crate) async fn games_in_play<C: Reader>(
    conn: &mut C,
    limit: i64,
) -> Result<Vec<Table>, StoreError> {
    let sql = format!(
        "SELECT {TABLE_COLUMNS} FROM tables WHERE {} AND public
         ORDER BY created_at DESC, id LIMIT $1",
        C::IN_PLAY
    );
    tables(conn, &sql, &[Param::Int(limit)]).await
}

/// Tables where `account` has a seat, newest first.
pub(crate) async fn account_tables(
    conn: &mut impl Reader,
    account: AccountId,
    limit: i64,
) -> Result<Vec<Table>, StoreError> {
    let sql = format!(
        "SELECT {TABLE_COLUMNS} FROM tables
         WHERE id IN (SELECT table_id FROM seats WHERE account_id = $1)
         ORDER BY created_at DESC, id LIMIT $2"
    );
    tables(conn, &sql, &[Param::Int(account.0), Param::Int(limit)]).await
}
