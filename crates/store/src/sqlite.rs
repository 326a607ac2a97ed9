use std::collections::HashMap;
use std::str::FromStr;
use std::time::Duration;

use serde_json::Value;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteRow,
    SqliteSynchronous,
};
use sqlx::{Connection, Row, Sqlite, SqliteConnection, Transaction};

use crate::group_commit::{GroupCommit, Writer};
use crate::migrate::{BOOKKEEPING, SQLITE};
use crate::{
    Account, AccountId, AccountKind, Append, Durability, Event, GameRow, NewTable, SeatKind,
    SeatRow, StoreError, StoredGame, Table, TableId, TableStatus,
};

/// SQLite behind two pools: one connection for every write (SQLite has a single writer
/// anyway; queueing in the pool is cheaper than retrying on `SQLITE_BUSY`) and a few for reads,
/// which the write-ahead log lets run beside the writer.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    write: SqlitePool,
    read: SqlitePool,
    /// The move log's writer: a connection of its own (`write` for an in-memory database).
    log: GroupCommit,
}

const ACCOUNT_COLUMNS: &str = "id, name, kind, password_hash, created_at";
const TABLE_COLUMNS: &str =
    "id, game, options, time_control, public, created_by, status, created_at";
const EVENT_COLUMNS: &str = "version, kind, seat, notation, at, clock_ms";

fn parse<T: FromStr>(text: &str) -> Result<T, StoreError> {
    text.parse()
        .map_err(|_| StoreError::Corrupt(format!("unexpected value {text:?}")))
}

fn account_from(row: &SqliteRow) -> Result<Account, StoreError> {
    Ok(Account {
        id: AccountId(row.try_get("id")?),
        name: row.try_get("name")?,
        kind: parse(row.try_get::<&str, _>("kind")?)?,
        password_hash: row.try_get("password_hash")?,
        created_at: row.try_get("created_at")?,
    })
}

fn event_from(row: &SqliteRow) -> Result<Event, StoreError> {
    Ok(Event {
        version: row.try_get::<i64, _>("version")? as u64,
        kind: row.try_get("kind")?,
        seat: row.try_get::<Option<i64>, _>("seat")?.map(|s| s as u8),
        notation: row.try_get("notation")?,
        at: row.try_get("at")?,
        clock_ms: row.try_get("clock_ms")?,
    })
}

impl SqliteStore {
    pub async fn open(url: &str, durability: Durability) -> Result<SqliteStore, StoreError> {
        let in_memory = url.contains(":memory:") || url.contains("mode=memory");
        let synchronous = match durability {
            Durability::Process => SqliteSynchronous::Normal,
            Durability::Power => SqliteSynchronous::Full,
        };
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10))
            .synchronous(synchronous)
            // Measured under load (docs/benchmarks.md): the live games' pages stay cached
            // instead of being read again, and statement journals stay off disk. (A larger
            // `wal_autocheckpoint` was tried: rarer but longer checkpoint stalls, which showed
            // in the latency tail.)
            .pragma("cache_size", "-16384")
            .pragma("temp_store", "memory");
        let options = if in_memory {
            options
        } else {
            options.journal_mode(SqliteJournalMode::Wal)
        };
        // No ping before each use: a SQLite connection is a file handle, not a socket that
        // can go away, and the ping is one more hand-off to its thread per query.
        let write = SqlitePoolOptions::new()
            .test_before_acquire(false)
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(options.clone())
            .await?;
        let read = if in_memory {
            write.clone()
        } else {
            SqlitePoolOptions::new()
                .test_before_acquire(false)
                .max_connections(4)
                .idle_timeout(None)
                .max_lifetime(None)
                .connect_with(options.clone().read_only(true))
                .await?
        };
        let writer = if in_memory {
            Writer::Pool(write.clone())
        } else {
            Writer::Own(SqliteConnection::connect_with(&options).await?)
        };
        let log = GroupCommit::start(writer);
        let store = SqliteStore { write, read, log };
        store.migrate().await?;
        Ok(store)
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        sqlx::raw_sql(BOOKKEEPING).execute(&self.write).await?;
        for migration in SQLITE {
            let mut tx = self.write.begin().await?;
            let done: Option<i64> =
                sqlx::query_scalar("SELECT version FROM schema_migrations WHERE version = $1")
                    .bind(migration.version)
                    .fetch_optional(&mut *tx)
                    .await?;
            if done.is_some() {
                continue;
            }
            tracing::info!(
                version = migration.version,
                name = migration.name,
                "migrating"
            );
            sqlx::raw_sql(migration.sql).execute(&mut *tx).await?;
            sqlx::query(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
            )
            .bind(migration.version)
            .bind(migration.name)
            .bind(now_ms())
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
        }
        Ok(())
    }

    pub async fn close(&self) {
        self.log.close().await;
        self.read.close().await;
        self.write.close().await;
    }

    pub async fn create_account(
        &self,
        name: &str,
        kind: AccountKind,
        password_hash: Option<&str>,
        now: i64,
    ) -> Result<Account, StoreError> {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO accounts (name, kind, password_hash, created_at)
             VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(name)
        .bind(kind.as_str())
        .bind(password_hash)
        .bind(now)
        .fetch_one(&self.write)
        .await?;
        Ok(Account {
            id: AccountId(id),
            name: name.to_string(),
            kind,
            password_hash: password_hash.map(str::to_string),
            created_at: now,
        })
    }

    pub async fn account(&self, id: AccountId) -> Result<Account, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = $1"
        ))
        .bind(id.0)
        .fetch_optional(&self.read)
        .await?
        .ok_or(StoreError::NotFound)?;
        account_from(&row)
    }

    pub async fn account_by_name(&self, name: &str) -> Result<Account, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM accounts
             WHERE lower(name) = lower($1) AND kind <> 'guest'"
        ))
        .bind(name)
        .fetch_optional(&self.read)
        .await?
        .ok_or(StoreError::NotFound)?;
        account_from(&row)
    }

    pub async fn create_session(
        &self,
        token_hash: &str,
        account: AccountId,
        now: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write.begin().await?;
        sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(account.0)
        .bind(now)
        .bind(expires_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn session(&self, token_hash: &str, now: i64) -> Result<(Account, i64), StoreError> {
        let row = sqlx::query(
            "SELECT a.id, a.name, a.kind, a.password_hash, a.created_at, s.expires_at
             FROM sessions s JOIN accounts a ON a.id = s.account_id
             WHERE s.token_hash = $1 AND s.expires_at > $2",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(&self.read)
        .await?
        .ok_or(StoreError::NotFound)?;
        Ok((account_from(&row)?, row.try_get("expires_at")?))
    }

    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.write)
            .await?;
        Ok(())
    }

    pub async fn create_api_token(
        &self,
        token_hash: &str,
        account: AccountId,
        label: &str,
        now: i64,
    ) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(
            "INSERT INTO api_tokens (token_hash, account_id, label, created_at)
             VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(token_hash)
        .bind(account.0)
        .bind(label)
        .bind(now)
        .fetch_one(&self.write)
        .await?)
    }

    pub async fn token_account(&self, token_hash: &str) -> Result<Account, StoreError> {
        let row = sqlx::query(
            "SELECT a.id, a.name, a.kind, a.password_hash, a.created_at
             FROM api_tokens t JOIN accounts a ON a.id = t.account_id
             WHERE t.token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(&self.read)
        .await?
        .ok_or(StoreError::NotFound)?;
        account_from(&row)
    }

    pub async fn api_tokens(
        &self,
        account: AccountId,
    ) -> Result<Vec<(i64, String, i64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, label, created_at FROM api_tokens WHERE account_id = $1 ORDER BY id",
        )
        .bind(account.0)
        .fetch_all(&self.read)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get("id")?,
                    r.try_get("label")?,
                    r.try_get("created_at")?,
                ))
            })
            .collect()
    }

    pub async fn delete_api_token(&self, account: AccountId, id: i64) -> Result<(), StoreError> {
        let done = sqlx::query("DELETE FROM api_tokens WHERE id = $1 AND account_id = $2")
            .bind(id)
            .bind(account.0)
            .execute(&self.write)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    pub async fn create_table(&self, table: &NewTable, now: i64) -> Result<TableId, StoreError> {
        let id = TableId::random();
        let mut tx = self.write.begin().await?;
        sqlx::query(
            "INSERT INTO tables (id, game, options, time_control, public, created_by, status, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'open', $7)",
        )
        .bind(id.0)
        .bind(&table.game)
        .bind(table.options.to_string())
        .bind(table.time_control.to_string())
        .bind(table.public)
        .bind(table.created_by.0)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        for (index, seat) in table.seats.iter().enumerate() {
            sqlx::query(
                "INSERT INTO seats (table_id, seat, kind, account_id, ai_level, invite_hash)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id.0)
            .bind(index as i64)
            .bind(seat.kind.as_str())
            .bind(seat.account.map(|a| a.0))
            .bind(seat.ai_level.as_deref())
            .bind(seat.invite_hash.as_deref())
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
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
        for r in &rows {
            seats
                .entry(TableId(r.try_get("table_id")?))
                .or_default()
                .push(SeatRow {
                    seat: r.try_get::<i64, _>("seat")? as u8,
                    kind: parse::<SeatKind>(r.try_get::<&str, _>("kind")?)?,
                    account: r.try_get::<Option<i64>, _>("account_id")?.map(AccountId),
                    name: r.try_get("name")?,
                    ai_level: r.try_get("ai_level")?,
                    invite_hash: r.try_get("invite_hash")?,
                    clock_ms: r.try_get("clock_ms")?,
                    substituted: r.try_get::<i64, _>("substituted")? != 0,
                });
        }
        Ok(seats)
    }

    fn table_from(
        row: &SqliteRow,
        seats: &mut HashMap<TableId, Vec<SeatRow>>,
    ) -> Result<Table, StoreError> {
        let id = TableId(row.try_get("id")?);
        Ok(Table {
            id,
            game: row.try_get("game")?,
            options: serde_json::from_str(row.try_get("options")?)?,
            time_control: serde_json::from_str(row.try_get("time_control")?)?,
            public: row.try_get("public")?,
            created_by: AccountId(row.try_get("created_by")?),
            status: parse(row.try_get::<&str, _>("status")?)?,
            created_at: row.try_get("created_at")?,
            seats: seats.remove(&id).unwrap_or_default(),
        })
    }

    pub async fn table(&self, id: TableId) -> Result<Table, StoreError> {
        let row = sqlx::query(&format!("SELECT {TABLE_COLUMNS} FROM tables WHERE id = $1"))
            .bind(id.0)
            .fetch_optional(&self.read)
            .await?
            .ok_or(StoreError::NotFound)?;
        let mut seats = self.seats_of(&[id]).await?;
        Self::table_from(&row, &mut seats)
    }

    /// Tables with their seats: two queries, however many tables.
    async fn tables_from(&self, rows: Vec<SqliteRow>) -> Result<Vec<Table>, StoreError> {
        let ids = rows
            .iter()
            .map(|row| Ok(TableId(row.try_get("id")?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        let mut seats = self.seats_of(&ids).await?;
        rows.iter()
            .map(|row| Self::table_from(row, &mut seats))
            .collect()
    }

    pub async fn open_tables(&self, limit: i64) -> Result<Vec<Table>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {TABLE_COLUMNS} FROM tables WHERE status = 'open' AND public
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
    ) -> Result<(), StoreError> {
        let done = sqlx::query(
            "UPDATE seats SET account_id = $3
             WHERE table_id = $1 AND seat = $2 AND account_id IS NULL
               AND (kind = 'open' OR (kind = 'invite' AND invite_hash = $4))
               AND EXISTS (SELECT 1 FROM tables WHERE id = $1 AND status = 'open')",
        )
        .bind(table.0)
        .bind(i64::from(seat))
        .bind(account.0)
        .bind(invite_hash)
        .execute(&self.write)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::Conflict("seat not free"));
        }
        Ok(())
    }

    pub async fn leave(&self, table: TableId, account: AccountId) -> Result<(), StoreError> {
        let done = sqlx::query(
            "UPDATE seats SET account_id = NULL
             WHERE table_id = $1 AND account_id = $2
               AND EXISTS (SELECT 1 FROM tables WHERE id = $1 AND status = 'open')",
        )
        .bind(table.0)
        .bind(account.0)
        .execute(&self.write)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::Conflict("not seated at an open table"));
        }
        Ok(())
    }

    pub async fn set_table_status(
        &self,
        table: TableId,
        from: TableStatus,
        to: TableStatus,
    ) -> Result<(), StoreError> {
        let done = sqlx::query("UPDATE tables SET status = $3 WHERE id = $1 AND status = $2")
            .bind(table.0)
            .bind(from.as_str())
            .bind(to.as_str())
            .execute(&self.write)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::Conflict("table status changed"));
        }
        Ok(())
    }

    pub async fn start_game(
        &self,
        table: &Table,
        seed: u64,
        setup: &Value,
        clocks: &[(u8, i64)],
        now: i64,
    ) -> Result<StoredGame, StoreError> {
        let id = table.id;
        let mut tx = self.write.begin().await?;
        let done =
            sqlx::query("UPDATE tables SET status = 'playing' WHERE id = $1 AND status = 'open'")
                .bind(id.0)
                .execute(&mut *tx)
                .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::Conflict("table is not open"));
        }
        sqlx::query(
            "INSERT INTO games (table_id, seed, setup, version, turn_started_at, started_at)
             VALUES ($1, $2, $3, 0, $4, $4);
             INSERT INTO live_games (table_id, version, turn_started_at) VALUES ($1, 0, $4);",
        )
        .bind(id.0)
        .bind(seed as i64)
        .bind(setup.to_string())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        set_clocks(&mut tx, id, clocks).await?;
        tx.commit().await?;

        let mut table = table.clone();
        table.status = TableStatus::Playing;
        for &(seat, ms) in clocks {
            if let Some(row) = table.seats.iter_mut().find(|s| s.seat == seat) {
                row.clock_ms = Some(ms);
            }
        }
        Ok(StoredGame {
            table,
            game: GameRow {
                id,
                seed,
                setup: setup.clone(),
                version: 0,
                outcome: None,
                turn_started_at: now,
                started_at: now,
                finished_at: None,
            },
            events: Vec::new(),
        })
    }

    pub async fn game(&self, id: TableId) -> Result<StoredGame, StoreError> {
        let table = self.table(id).await?;
        let row = sqlx::query(
            "SELECT g.seed, g.setup, coalesce(l.version, g.version) AS version, g.outcome,
                    coalesce(l.turn_started_at, g.turn_started_at) AS turn_started_at,
                    g.started_at, g.finished_at
             FROM games g LEFT JOIN live_games l ON l.table_id = g.table_id
             WHERE g.table_id = $1",
        )
        .bind(id.0)
        .fetch_optional(&self.read)
        .await?
        .ok_or(StoreError::NotFound)?;
        let outcome: Option<&str> = row.try_get("outcome")?;
        let game = GameRow {
            id,
            seed: row.try_get::<i64, _>("seed")? as u64,
            setup: serde_json::from_str(row.try_get("setup")?)?,
            version: row.try_get::<i64, _>("version")? as u64,
            outcome: outcome.map(serde_json::from_str).transpose()?,
            turn_started_at: row.try_get("turn_started_at")?,
            started_at: row.try_get("started_at")?,
            finished_at: row.try_get("finished_at")?,
        };
        let events = self.events_since(id, 0).await?;
        Ok(StoredGame {
            table,
            game,
            events,
        })
    }

    pub async fn events_since(&self, id: TableId, version: u64) -> Result<Vec<Event>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {EVENT_COLUMNS} FROM game_events
             WHERE game_id = $1 AND version > $2 ORDER BY version"
        ))
        .bind(id.0)
        .bind(version as i64)
        .fetch_all(&self.read)
        .await?;
        rows.iter().map(event_from).collect()
    }

    pub async fn playing_games(&self) -> Result<Vec<TableId>, StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM tables WHERE status = 'playing' ORDER BY created_at",
        )
        .fetch_all(&self.read)
        .await?;
        Ok(ids.into_iter().map(TableId).collect())
    }

    pub async fn append(&self, append: &Append) -> Result<(), StoreError> {
        self.log.append(append).await
    }

    pub async fn mark_alive(&self, at: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO server_alive (id, alive_at) VALUES (1, $1)
             ON CONFLICT (id) DO UPDATE SET alive_at = excluded.alive_at",
        )
        .bind(at)
        .execute(&self.write)
        .await?;
        Ok(())
    }

    pub async fn alive_at(&self) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT alive_at FROM server_alive WHERE id = 1")
                .fetch_optional(&self.read)
                .await?,
        )
    }

    pub async fn set_turn_started_at(&self, id: TableId, at: i64) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE live_games SET turn_started_at = $2 WHERE table_id = $1;
             UPDATE games SET turn_started_at = $2 WHERE table_id = $1;",
        )
        .bind(id.0)
        .bind(at)
        .execute(&self.write)
        .await?;
        Ok(())
    }
}

async fn set_clocks(
    tx: &mut Transaction<'_, Sqlite>,
    table: TableId,
    clocks: &[(u8, i64)],
) -> Result<(), StoreError> {
    for &(seat, ms) in clocks {
        sqlx::query("UPDATE seats SET clock_ms = $3 WHERE table_id = $1 AND seat = $2")
            .bind(table.0)
            .bind(i64::from(seat))
            .bind(ms)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Unix time in milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
