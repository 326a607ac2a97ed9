//! Tables and seats on SQLite: the lobby's reads and writes (sitting down: `seating.rs`).

use rusqlite::{Connection, params};

use super::log::insert_game;
use super::{SqliteStore, run, seating};
use crate::rows::clock_of;
use crate::{AccountId, NewGame, NewTable, Seated, StoreError, StoredGame, TableId, TableStatus};

impl SqliteStore {
    pub async fn create_table(&self, table: &NewTable, now: i64) -> Result<TableId, StoreError> {
        let id = TableId::random();
        let table = table.clone();
        self.writer
            .write(move |conn| {
                insert_table(conn, id, &table, &[], TableStatus::Open, now)?;
                Ok(())
            })
            .await?;
        Ok(id)
    }

    pub async fn sit(
        &self,
        table: TableId,
        seat: u8,
        account: AccountId,
        invite_hash: Option<&str>,
        deal: &NewGame,
        now: i64,
    ) -> Result<Seated, StoreError> {
        let (invite_hash, deal) = (invite_hash.map(str::to_string), deal.clone());
        self.writer
            .write(move |conn| {
                seating::sit(
                    conn,
                    table,
                    seat,
                    account,
                    invite_hash.as_deref(),
                    &deal,
                    now,
                )
            })
            .await
    }

    pub async fn leave(&self, table: TableId, account: AccountId) -> Result<(), StoreError> {
        self.writer
            .write(move |conn| seating::leave(conn, table, account))
            .await
    }

    pub async fn set_table_status(
        &self,
        table: TableId,
        from: TableStatus,
        to: TableStatus,
    ) -> Result<(), StoreError> {
        let changed = self
            .writer
            .write(move |conn| {
                run(
                    conn,
                    "UPDATE tables SET status = ?3 WHERE id = ?1 AND status = ?2",
                    params![table.0, from.as_str(), to.as_str()],
                )
            })
            .await?;
        if changed == 0 {
            return Err(StoreError::Conflict("table status changed"));
        }
        Ok(())
    }

    /// A table whose seats are all taken, created with its game started, in one transaction.
    /// `names`: each seat's player's display name.
    pub async fn create_started_game(
        &self,
        new: &NewTable,
        names: &[Option<String>],
        game: &NewGame,
        rematch_of: Option<TableId>,
        now: i64,
    ) -> Result<StoredGame, StoreError> {
        let id = TableId::random();
        let (table, clocks, seed) = (new.clone(), game.clocks.clone(), game.seed);
        let setup_text = game.setup.to_string();
        self.writer
            .write(move |conn| {
                insert_table(conn, id, &table, &clocks, TableStatus::Playing, now)?;
                insert_game(conn, id, seed, &setup_text, rematch_of, now)?;
                Ok(())
            })
            .await?;
        let mut table = new.clone().into_table(id, now, "");
        table.status = TableStatus::Playing;
        for (index, row) in table.seats.iter_mut().enumerate() {
            row.name = names.get(index).cloned().flatten();
            row.clock_ms = clock_of(&game.clocks, index);
        }
        Ok(StoredGame::just_started(
            table,
            game.seed,
            game.setup.clone(),
            now,
        ))
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
        "INSERT INTO tables (id, game, options, time_control, public, created_by, status, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            id.0,
            table.game,
            table.options.to_string(),
            serde_json::to_string(&table.time_control)?,
            table.public,
            table.created_by.0,
            status.as_str(),
            now,
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
