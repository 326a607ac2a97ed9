//! Tables and seats on SQLite: the lobby's reads and writes (sitting down: `seating.rs`).

use std::collections::HashMap;

use rusqlite::{Connection, params};
use serde_json::Value;
use sqlx::Row;
use sqlx::sqlite::SqliteRow;

use super::log::insert_game;
use super::{STRANGER_MAY_SIT, SqliteStore, TABLE_COLUMNS, run, seating};
use crate::rows::{clock_of, seat_from, table_from};
use crate::{
    AccountId, NewGame, NewTable, SeatRow, Seated, StoreError, StoredGame, Table, TableId,
    TableStatus,
};

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

    /// The seats of several tables, in one query.
    async fn seats_of(
        &self,
        ids: &[TableId],
    ) -> Result<HashMap<TableId, Vec<SeatRow>>, StoreError> {
        let ids_json = Value::from(ids.iter().map(|id| id.0).collect::<Vec<_>>()).to_string();
        let rows = sqlx::query(
            "SELECT s.table_id, s.seat, s.kind, s.account_id, a.name, s.ai_level, s.invite_hash,
                    s.clock_ms, s.substituted
             FROM seats s LEFT JOIN accounts a ON a.id = s.account_id
             WHERE s.table_id IN (SELECT value FROM json_each($1))
             ORDER BY s.table_id, s.seat",
        )
        .bind(ids_json)
        .fetch_all(&self.read)
        .await?;
        let mut seats: HashMap<TableId, Vec<SeatRow>> = HashMap::new();
        for row in &rows {
            let (table, seat) = seat_from(row)?;
            seats.entry(table).or_default().push(seat);
        }
        Ok(seats)
    }

    pub async fn table(&self, id: TableId) -> Result<Table, StoreError> {
        let row = sqlx::query(&format!("SELECT {TABLE_COLUMNS} FROM tables WHERE id = $1"))
            .bind(id.0)
            .fetch_optional(&self.read)
            .await?
            .ok_or(StoreError::NotFound)?;
        let mut seats = self.seats_of(&[id]).await?;
        table_from(&row, &mut seats)
    }

    /// Tables with their seats: two queries, however many tables.
    async fn tables_from(&self, rows: Vec<SqliteRow>) -> Result<Vec<Table>, StoreError> {
        let ids = rows
            .iter()
            .map(|row| Ok(TableId(row.try_get("id")?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        let mut seats = self.seats_of(&ids).await?;
        rows.iter().map(|row| table_from(row, &mut seats)).collect()
    }

    pub async fn open_tables(&self, limit: i64) -> Result<Vec<Table>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {TABLE_COLUMNS} FROM tables WHERE status = 'open' AND public
               AND {STRANGER_MAY_SIT}
             ORDER BY created_at DESC, id LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(&self.read)
        .await?;
        self.tables_from(rows).await
    }

    pub async fn public_games_in_play(&self, limit: i64) -> Result<Vec<Table>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {TABLE_COLUMNS} FROM tables
             WHERE id IN (SELECT table_id FROM live_games) AND public
             ORDER BY created_at DESC, id LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(&self.read)
        .await?;
        self.tables_from(rows).await
    }

    pub async fn account_tables(
        &self,
        account: AccountId,
        limit: i64,
    ) -> Result<Vec<Table>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {TABLE_COLUMNS} FROM tables
             WHERE id IN (SELECT table_id FROM seats WHERE account_id = $1)
             ORDER BY created_at DESC, id LIMIT $2"
        ))
        .bind(account.0)
        .bind(limit)
        .fetch_all(&self.read)
        .await?;
        self.tables_from(rows).await
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
