//! Tables and seats on PostgreSQL: the lobby's reads and writes.

use std::collections::HashMap;

use sqlx::Row;
use sqlx::postgres::{PgConnection, PgRow};

use super::PostgresStore;
use super::log::insert_game;
use crate::rows::{clock_of, seat_from, table_from};
use crate::sqlite::STRANGER_MAY_SIT;
use crate::{
    AccountId, NewGame, NewTable, Refusal, SeatRow, Seated, StoreError, StoredGame, Table, TableId,
    TableStatus,
};

const TABLE_COLUMNS: &str =
    "id, game, options, time_control, public, created_by, status, created_at, expired_at";

impl PostgresStore {
    pub async fn create_table(&self, table: &NewTable, now: i64) -> Result<TableId, StoreError> {
        let id = TableId::random();
        let mut tx = self.pool.begin().await?;
        insert_table(&mut tx, id, table, &[], TableStatus::Open, now).await?;
        tx.commit().await?;
        Ok(id)
    }
    pub async fn table(&self, id: TableId) -> Result<Table, StoreError> {
        let mut conn = self.pool.acquire().await?;
        table_on(&mut conn, id).await
    }
    async fn tables(&self, sql: &str, binds: &[i64]) -> Result<Vec<Table>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let mut query = sqlx::query(sql);
        for bind in binds {
            query = query.bind(*bind);
        }
        let rows = query.fetch_all(&mut *conn).await?;
        tables_from(&mut conn, rows).await
    }
    pub async fn open_tables(&self, limit: i64) -> Result<Vec<Table>, StoreError> {
        self.tables(
            &format!(
                "SELECT {TABLE_COLUMNS} FROM tables WHERE status = 'open' AND public
                   AND {STRANGER_MAY_SIT}
                 ORDER BY created_at DESC, id LIMIT $1"
            ),
            &[limit],
        )
        .await
    }
    pub async fn public_games_in_play(&self, limit: i64) -> Result<Vec<Table>, StoreError> {
        self.tables(
            &format!(
                "SELECT {TABLE_COLUMNS} FROM tables WHERE status = 'playing' AND public
                 ORDER BY created_at DESC, id LIMIT $1"
            ),
            &[limit],
        )
        .await
    }
    pub async fn account_tables(
        &self,
        account: AccountId,
        limit: i64,
    ) -> Result<Vec<Table>, StoreError> {
        self.tables(
            &format!(
                "SELECT {TABLE_COLUMNS} FROM tables
                 WHERE id IN (SELECT table_id FROM seats WHERE account_id = $1)
                 ORDER BY created_at DESC, id LIMIT $2"
            ),
            &[account.0, limit],
        )
        .await
    }
    /// See `seating.rs` for SQLite's: the same steps, after locking the table's row.
    pub async fn sit(
        &self,
        id: TableId,
        seat: u8,
        account: AccountId,
        invite_hash: Option<&str>,
        deal: &NewGame,
        now: i64,
    ) -> Result<Seated, StoreError> {
        let mut tx = self.pool.begin().await?;
        lock_open_table(&mut tx, id).await?;
        let sat = sqlx::query(
            "UPDATE seats SET account_id = $3
             WHERE table_id = $1 AND seat = $2 AND account_id IS NULL
               AND (kind = 'open' OR (kind = 'invite' AND invite_hash = $4))",
        )
        .bind(id.0)
        .bind(i64::from(seat))
        .bind(account.0)
        .bind(invite_hash)
        .execute(&mut *tx)
        .await
        .map_err(StoreError::from);
        match sat.map(|done| done.rows_affected()) {
            Ok(1) => {}
            Ok(_) => return Err(StoreError::Refused(Refusal::SeatNotFree)),
            // The unique index on (account, table).
            Err(StoreError::Conflict(_)) => {
                return Err(StoreError::Refused(Refusal::AlreadySeated));
            }
            Err(e) => return Err(e),
        }
        let mut table = table_on(&mut tx, id).await?;
        if !table.seats.iter().all(SeatRow::is_filled) {
            tx.commit().await?;
            return Ok(Seated {
                table,
                started: None,
            });
        }
        sqlx::query("UPDATE tables SET status = 'playing' WHERE id = $1")
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        insert_game(&mut tx, id, deal, None, now).await?;
        for &(seat, ms) in &deal.clocks {
            sqlx::query("UPDATE seats SET clock_ms = $3 WHERE table_id = $1 AND seat = $2")
                .bind(id.0)
                .bind(i64::from(seat))
                .bind(ms)
                .execute(&mut *tx)
                .await?;
            if let Some(row) = table.seats.iter_mut().find(|s| s.seat == seat) {
                row.clock_ms = Some(ms);
            }
        }
        tx.commit().await?;
        table.status = TableStatus::Playing;
        let started = StoredGame::just_started(table.clone(), deal, now);
        Ok(Seated {
            table,
            started: Some(started),
        })
    }
    pub async fn leave(&self, id: TableId, account: AccountId) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        lock_open_table(&mut tx, id).await?;
        let left = sqlx::query(
            "UPDATE seats SET account_id = NULL WHERE table_id = $1 AND account_id = $2",
        )
        .bind(id.0)
        .bind(account.0)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if left == 0 {
            return Err(StoreError::Refused(Refusal::NotSeated));
        }
        tx.commit().await?;
        Ok(())
    }
    pub async fn set_table_status(
        &self,
        table: TableId,
        from: TableStatus,
        to: TableStatus,
    ) -> Result<(), StoreError> {
        let changed = sqlx::query("UPDATE tables SET status = $3 WHERE id = $1 AND status = $2")
            .bind(table.0)
            .bind(from.as_str())
            .bind(to.as_str())
            .execute(&self.pool)
            .await?
            .rows_affected();
        if changed == 0 {
            return Err(StoreError::Conflict("table status changed"));
        }
        Ok(())
    }
    pub async fn create_started_game(
        &self,
        new: &NewTable,
        names: &[Option<String>],
        game: &NewGame,
        rematch_of: Option<TableId>,
        now: i64,
    ) -> Result<StoredGame, StoreError> {
        let id = TableId::random();
        let mut tx = self.pool.begin().await?;
        insert_table(&mut tx, id, new, &game.clocks, TableStatus::Playing, now).await?;
        insert_game(&mut tx, id, game, rematch_of, now).await?;
        tx.commit().await?;
        let mut table = new.clone().into_table(id, now, "");
        table.status = TableStatus::Playing;
        for (index, row) in table.seats.iter_mut().enumerate() {
            row.name = names.get(index).cloned().flatten();
            row.clock_ms = clock_of(&game.clocks, index);
        }
        Ok(StoredGame::just_started(table, game, now))
    }
}

/// The seats of several tables, in one query.
pub(super) async fn seats_of(
    conn: &mut PgConnection,
    ids: &[TableId],
) -> Result<HashMap<TableId, Vec<SeatRow>>, StoreError> {
    let ids: Vec<i64> = ids.iter().map(|id| id.0).collect();
    let rows = sqlx::query(
        "SELECT s.table_id, s.seat, s.kind, s.account_id, a.name, s.ai_level, s.invite_hash,
                s.clock_ms, s.substituted
         FROM seats s LEFT JOIN accounts a ON a.id = s.account_id
         WHERE s.table_id = ANY($1)
         ORDER BY s.table_id, s.seat",
    )
    .bind(ids)
    .fetch_all(&mut *conn)
    .await?;
    let mut seats: HashMap<TableId, Vec<SeatRow>> = HashMap::new();
    for row in &rows {
        let (table, seat) = seat_from(row)?;
        seats.entry(table).or_default().push(seat);
    }
    Ok(seats)
}

/// Tables with their seats: two queries, however many tables.
async fn tables_from(conn: &mut PgConnection, rows: Vec<PgRow>) -> Result<Vec<Table>, StoreError> {
    let ids = rows
        .iter()
        .map(|row| Ok(TableId(row.try_get("id")?)))
        .collect::<Result<Vec<_>, StoreError>>()?;
    let mut seats = seats_of(conn, &ids).await?;
    rows.iter().map(|row| table_from(row, &mut seats)).collect()
}

/// Table `id` with its seats, as `conn` (a transaction, or not) sees it.
pub(super) async fn table_on(conn: &mut PgConnection, id: TableId) -> Result<Table, StoreError> {
    let row = sqlx::query(&format!("SELECT {TABLE_COLUMNS} FROM tables WHERE id = $1"))
        .bind(id.0)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(StoreError::NotFound)?;
    let mut seats = seats_of(conn, &[id]).await?;
    table_from(&row, &mut seats)
}

/// Locks table `id`'s row for the rest of the transaction: a sit or leave at it waits for
/// the one before. Refused unless the table is open.
async fn lock_open_table(conn: &mut PgConnection, id: TableId) -> Result<(), StoreError> {
    let status: Option<String> =
        sqlx::query_scalar("SELECT status FROM tables WHERE id = $1 FOR UPDATE")
            .bind(id.0)
            .fetch_optional(&mut *conn)
            .await?;
    match status {
        None => Err(StoreError::NotFound),
        Some(status) if status != TableStatus::Open.as_str() => {
            Err(StoreError::Refused(Refusal::TableNotOpen))
        }
        Some(_) => Ok(()),
    }
}

/// Inserts a table with `status` and its seats, each seat's clock taken from `clocks`.
async fn insert_table(
    conn: &mut PgConnection,
    id: TableId,
    table: &NewTable,
    clocks: &[(u8, i64)],
    status: TableStatus,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO tables (id, game, options, time_control, public, created_by, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id.0)
    .bind(&table.game)
    .bind(table.options.to_string())
    .bind(serde_json::to_string(&table.time_control)?)
    .bind(table.public)
    .bind(table.created_by.0)
    .bind(status.as_str())
    .bind(now)
    .execute(&mut *conn)
    .await?;
    let seats = &table.seats;
    sqlx::query(
        "INSERT INTO seats (table_id, seat, kind, account_id, ai_level, invite_hash, clock_ms)
         SELECT $1, s.seat, s.kind, s.account_id, s.ai_level, s.invite_hash, s.clock_ms
         FROM unnest($2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::bigint[])
              AS s (seat, kind, account_id, ai_level, invite_hash, clock_ms)",
    )
    .bind(id.0)
    .bind((0..seats.len() as i64).collect::<Vec<_>>())
    .bind(seats.iter().map(|s| s.kind.as_str()).collect::<Vec<_>>())
    .bind(
        seats
            .iter()
            .map(|s| s.account.map(|a| a.0))
            .collect::<Vec<_>>(),
    )
    .bind(
        seats
            .iter()
            .map(|s| s.ai_level.as_deref())
            .collect::<Vec<_>>(),
    )
    .bind(
        seats
            .iter()
            .map(|s| s.invite_hash.as_deref())
            .collect::<Vec<_>>(),
    )
    .bind(
        (0..seats.len())
            .map(|i| clock_of(clocks, i))
            .collect::<Vec<_>>(),
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}
