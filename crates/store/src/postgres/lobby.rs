//! Tables and seats on PostgreSQL: the lobby's reads and writes.

use sqlx::postgres::PgConnection;

use super::PostgresStore;
use super::log::insert_game;
use crate::model::{Sit, StartedTable};
use crate::read;
use crate::rows::clock_of;
use crate::write::{NEW_TABLE, SEAT_CLOCK, START_TABLE};
use crate::{AccountId, NewTable, Refusal, SeatRow, Seated, StoreError, TableId, TableStatus};

impl PostgresStore {
    pub async fn create_table(
        &self,
        id: TableId,
        table: &NewTable,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_table(&mut tx, id, table, &[], TableStatus::Open, now).await?;
        tx.commit().await?;
        Ok(())
    }
    /// See `sqlite/seating.rs` for SQLite's: the same steps, after locking the table's row.
    pub async fn sit(&self, sit: Sit) -> Result<Seated, StoreError> {
        let id = sit.table;
        let mut tx = self.pool.begin().await?;
        lock_open_table(&mut tx, id).await?;
        let sat = sqlx::query(
            "UPDATE seats SET account_id = $3
             WHERE table_id = $1 AND seat = $2 AND account_id IS NULL
               AND (kind = 'open' OR (kind = 'invite' AND invite_hash = $4))",
        )
        .bind(id.0)
        .bind(i64::from(sit.seat))
        .bind(sit.account.0)
        .bind(&sit.invite_hash)
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
        let table = read::table(&mut *tx, id).await?;
        if !table.seats.iter().all(SeatRow::is_filled) {
            tx.commit().await?;
            return Ok(Seated {
                table,
                started: None,
            });
        }
        sqlx::query(START_TABLE)
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        insert_game(&mut tx, id, &sit.deal, None, sit.now).await?;
        for &(seat, ms) in &sit.deal.clocks {
            sqlx::query(SEAT_CLOCK)
                .bind(ms)
                .bind(id.0)
                .bind(i64::from(seat))
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(sit.started(table))
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
    pub async fn create_started_game(&self, start: StartedTable) -> Result<(), StoreError> {
        let StartedTable { id, now, .. } = start;
        let mut tx = self.pool.begin().await?;
        insert_table(
            &mut tx,
            id,
            &start.table,
            &start.deal.clocks,
            TableStatus::Playing,
            now,
        )
        .await?;
        insert_game(&mut tx, id, &start.deal, start.rematch_of, now).await?;
        tx.commit().await?;
        Ok(())
    }
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
    sqlx::query(NEW_TABLE)
        .bind(id.0)
        .bind(&table.game)
        .bind(table.options.to_string())
        .bind(serde_json::to_string(&table.time_control)?)
        .bind(table.public)
        .bind(table.created_by.0)
        .bind(status.as_str())
        .bind(now)
        .bind(table.rated)
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
