//! Tables and seats on SQLite: the lobby's reads and writes (sitting down: `seating.rs`).

use rusqlite::{Connection, params};

use super::log::insert_game;
use super::{SqliteStore, run, seating};
use crate::model::{Sit, StartedTable};
use crate::rows::clock_of;
use crate::write::NEW_TABLE;
use crate::{AccountId, NewTable, Seated, StoreError, TableId, TableStatus};

impl SqliteStore {
    pub async fn create_table(
        &self,
        id: TableId,
        table: &NewTable,
        now: i64,
    ) -> Result<(), StoreError> {
        let table = table.clone();
        self.writer
            .write(move |conn| insert_table(conn, id, &table, &[], TableStatus::Open, now))
            .await
    }

    pub async fn sit(&self, sit: Sit) -> Result<Seated, StoreError> {
        self.writer
            .write(move |conn| seating::sit(conn, &sit))
            .await
    }

    pub async fn leave(&self, table: TableId, account: AccountId) -> Result<(), StoreError> {
        self.writer
            .write(move |conn| seating::leave(conn, table, account))
            .await
    }

    /// A table whose seats are all taken, created as `id` with its game started, in one
    /// transaction.
    pub async fn create_started_game(&self, start: StartedTable) -> Result<(), StoreError> {
        self.writer
            .write(move |conn| {
                let StartedTable { id, now, .. } = start;
                insert_table(
                    conn,
                    id,
                    &start.table,
                    &start.deal.clocks,
                    TableStatus::Playing,
                    now,
                )?;
                insert_game(conn, id, &start.deal, start.rematch_of, now)
            })
            .await
    }
}

/// Inserts a table with `status` and its seats, each seat's clock taken from `clocks`.
fn insert_table(
    tx: &Connection,
    id: TableId,
    table: &NewTable,
    clocks: &[(u8, i64)],
    status: TableStatus,
    now: i64,
) -> Result<(), StoreError> {
    run(
        tx,
        NEW_TABLE,
        params![
            id.0,
            table.game,
            table.options.to_string(),
            serde_json::to_string(&table.time_control)?,
            table.public,
            table.created_by.0,
            status.as_str(),
            now,
            table.rated,
        ],
    )?;
    let mut seat_row = tx.prepare_cached(
        "INSERT INTO seats (table_id, seat, kind, account_id, ai_level, invite_hash, clock_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for (index, seat) in table.seats.iter().enumerate() {
        seat_row.execute(params![
            id.0,
            index as i64,
            seat.kind.as_str(),
            seat.account.map(|a| a.0),
            seat.ai_level,
            seat.invite_hash,
            clock_of(clocks, index),
        ])?;
    }
    Ok(())
}
