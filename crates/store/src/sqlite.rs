use std::collections::HashMap;
use std::str::FromStr;
use std::time::Duration;

use serde_json::Value;
use sqlx::sqlite::{
    SqliteArguments, SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteRow, SqliteSynchronous,
};
use sqlx::{Connection, Executor, Row, Sqlite, SqliteConnection};

use crate::group_commit::{GroupCommit, Writer};
use crate::migrate::{BOOKKEEPING, SQLITE};
use crate::{
    Account, AccountId, AccountKind, Append, Durability, Event, GameRow, NewGame, NewTable,
    SeatKind, SeatRow, StoreError, StoredGame, Table, TableId, TableStatus,
};

/// SQLite with one connection for every write, owned by the writer task (SQLite has a single
/// writer anyway, and a second writing connection would empty the first's page cache with
/// each commit), and a pool of a few for reads, which the write-ahead log lets run beside it.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    read: SqlitePool,
    /// Every write, the move log's group commit first.
    writer: GroupCommit,
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
        let pool = SqlitePoolOptions::new()
            .test_before_acquire(false)
            .idle_timeout(None)
            .max_lifetime(None);
        // An in-memory database lives in one connection, which reads and writes share.
        let (read, writer) = if in_memory {
            let only = pool
                .max_connections(1)
                .min_connections(1)
                .connect_with(options)
                .await?;
            (only.clone(), Writer::Pool(only))
        } else {
            let writer = Writer::Own(SqliteConnection::connect_with(&options).await?);
            let read = pool
                .max_connections(4)
                .connect_with(options.read_only(true))
                .await?;
            (read, writer)
        };
        let store = SqliteStore {
            read,
            writer: GroupCommit::start(writer),
        };
        store.migrate().await?;
        Ok(store)
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        self.writer.write(|conn| Box::pin(migrate_on(conn))).await
    }

    pub async fn close(&self) {
        self.writer.close().await;
        self.read.close().await;
    }

    pub async fn create_account(
        &self,
        name: &str,
        kind: AccountKind,
        password_hash: Option<&str>,
        now: i64,
    ) -> Result<Account, StoreError> {
        let id = self
            .write_returning_id(
                sqlx::query_scalar(
                    "INSERT INTO accounts (name, kind, password_hash, created_at)
                     VALUES ($1, $2, $3, $4) RETURNING id",
                )
                .bind(name.to_string())
                .bind(kind.as_str())
                .bind(password_hash.map(str::to_string))
                .bind(now),
            )
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
        self.write_script(
            sqlx::query(
                "BEGIN;
                 DELETE FROM sessions WHERE expires_at <= $3;
                 INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
                 VALUES ($1, $2, $3, $4);
                 COMMIT;",
            )
            .bind(token_hash.to_string())
            .bind(account.0)
            .bind(now)
            .bind(expires_at),
        )
        .await
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
        self.write_query(
            sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash.to_string()),
        )
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
        self.write_returning_id(
            sqlx::query_scalar(
                "INSERT INTO api_tokens (token_hash, account_id, label, created_at)
                 VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind(token_hash.to_string())
            .bind(account.0)
            .bind(label.to_string())
            .bind(now),
        )
        .await
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
        let deleted = self
            .write_query(
                sqlx::query("DELETE FROM api_tokens WHERE id = $1 AND account_id = $2")
                    .bind(id)
                    .bind(account.0),
            )
            .await?;
        if deleted == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    pub async fn create_table(&self, table: &NewTable, now: i64) -> Result<TableId, StoreError> {
        let id = TableId::random();
        // One round trip: the table and its seats (travelling as one JSON parameter).
        self.write_script(bind_new_table(
            sqlx::query(
                "BEGIN;
                 INSERT INTO tables
                     (id, game, options, time_control, public, created_by, status, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, 'open', $7);
                 INSERT INTO seats (table_id, seat, kind, account_id, ai_level, invite_hash)
                     SELECT $1, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4
                     FROM json_each($8);
                 COMMIT;",
            ),
            id,
            table,
            &[],
            now,
        ))
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
        let changed = self
            .write_query(
                sqlx::query(
                    "UPDATE seats SET account_id = $3
                     WHERE table_id = $1 AND seat = $2 AND account_id IS NULL
                       AND (kind = 'open' OR (kind = 'invite' AND invite_hash = $4))
                       AND EXISTS (SELECT 1 FROM tables WHERE id = $1 AND status = 'open')",
                )
                .bind(table.0)
                .bind(i64::from(seat))
                .bind(account.0)
                .bind(invite_hash.map(str::to_string)),
            )
            .await?;
        if changed == 0 {
            return Err(StoreError::Conflict("seat not free"));
        }
        Ok(())
    }

    pub async fn leave(&self, table: TableId, account: AccountId) -> Result<(), StoreError> {
        let changed = self
            .write_query(
                sqlx::query(
                    "UPDATE seats SET account_id = NULL
                     WHERE table_id = $1 AND account_id = $2
                       AND EXISTS (SELECT 1 FROM tables WHERE id = $1 AND status = 'open')",
                )
                .bind(table.0)
                .bind(account.0),
            )
            .await?;
        if changed == 0 {
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
        let changed = self
            .write_query(
                sqlx::query("UPDATE tables SET status = $3 WHERE id = $1 AND status = $2")
                    .bind(table.0)
                    .bind(from.as_str())
                    .bind(to.as_str()),
            )
            .await?;
        if changed == 0 {
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
        let clocks_json = Value::from(
            clocks
                .iter()
                .map(|&(seat, ms)| Value::from(vec![i64::from(seat), ms]))
                .collect::<Vec<_>>(),
        );
        let setup_text = setup.to_string();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    // Three round trips, in one transaction: the table must still be open.
                    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
                    let opened = sqlx::query(
                        "UPDATE tables SET status = 'playing' WHERE id = $1 AND status = 'open'",
                    )
                    .bind(id.0)
                    .execute(&mut *conn)
                    .await;
                    if !matches!(&opened, Ok(done) if done.rows_affected() == 1) {
                        let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
                        opened?;
                        return Err(StoreError::Conflict("table is not open"));
                    }
                    let script = sqlx::query(
                        "INSERT INTO games
                             (table_id, seed, setup, version, turn_started_at, started_at)
                         VALUES ($1, $2, $3, 0, $4, $4);
                         INSERT INTO live_games (table_id, version, turn_started_at)
                         VALUES ($1, 0, $4);
                         UPDATE seats SET clock_ms = c.ms
                         FROM (SELECT value ->> 0 AS seat, value ->> 1 AS ms
                               FROM json_each($5)) AS c
                         WHERE seats.table_id = $1 AND seats.seat = c.seat;
                         COMMIT;",
                    )
                    .bind(id.0)
                    .bind(seed as i64)
                    .bind(setup_text)
                    .bind(now)
                    .bind(clocks_json.to_string());
                    in_one_round_trip(conn, script).await
                })
            })
            .await?;

        let mut table = table.clone();
        table.status = TableStatus::Playing;
        for &(seat, ms) in clocks {
            if let Some(row) = table.seats.iter_mut().find(|s| s.seat == seat) {
                row.clock_ms = Some(ms);
            }
        }
        Ok(StoredGame::just_started(table, seed, setup.clone(), now))
    }

    /// A table whose seats are all taken, created with its game started, in one transaction
    /// and one round trip. `names`: each seat's player's display name.
    pub async fn create_started_game(
        &self,
        new: &NewTable,
        names: &[Option<String>],
        game: &NewGame,
        rematch_of: Option<TableId>,
        now: i64,
    ) -> Result<StoredGame, StoreError> {
        let id = TableId::random();
        self.write_script(
            bind_new_table(
                sqlx::query(
                    "BEGIN;
                 INSERT INTO tables
                     (id, game, options, time_control, public, created_by, status, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, 'playing', $7);
                 INSERT INTO seats
                     (table_id, seat, kind, account_id, ai_level, invite_hash, clock_ms)
                     SELECT $1, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4,
                            value ->> 5
                     FROM json_each($8);
                 INSERT INTO games
                     (table_id, seed, setup, version, turn_started_at, started_at, rematch_of)
                 VALUES ($1, $9, $10, 0, $7, $7, $11);
                 INSERT INTO live_games (table_id, version, turn_started_at) VALUES ($1, 0, $7);
                 COMMIT;",
                ),
                id,
                new,
                &game.clocks,
                now,
            )
            .bind(game.seed as i64)
            .bind(game.setup.to_string())
            .bind(rematch_of.map(|t| t.0)),
        )
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

    pub async fn game(&self, id: TableId) -> Result<StoredGame, StoreError> {
        let table = self.table(id).await?;
        let row = sqlx::query(
            "SELECT g.seed, g.setup, coalesce(l.version, g.version) AS version, g.outcome,
                    coalesce(l.turn_started_at, g.turn_started_at) AS turn_started_at,
                    g.started_at, g.finished_at,
                    (SELECT r.table_id FROM games r WHERE r.rematch_of = g.table_id) AS rematch
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
            rematch: row.try_get::<Option<i64>, _>("rematch")?.map(TableId),
        };
        let events = self.events_since(id, 0).await?;
        Ok(StoredGame::from_log(table, game, events))
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
        self.writer.append(append).await
    }

    pub async fn mark_alive(&self, at: i64) -> Result<(), StoreError> {
        self.write_query(
            sqlx::query(
                "INSERT INTO server_alive (id, alive_at) VALUES (1, $1)
                 ON CONFLICT (id) DO UPDATE SET alive_at = excluded.alive_at",
            )
            .bind(at),
        )
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
        self.write_script(
            sqlx::query(
                "BEGIN;
                 UPDATE live_games SET turn_started_at = $2 WHERE table_id = $1;
                 UPDATE games SET turn_started_at = $2 WHERE table_id = $1;
                 COMMIT;",
            )
            .bind(id.0)
            .bind(at),
        )
        .await?;
        Ok(())
    }
}

/// Binds a new table's `$1`–`$8`: its id, game, options, time control, public flag, creator,
/// `now`, and its seats as one JSON array of `[seat, kind, account, ai_level, invite_hash,
/// clock_ms]`.
fn bind_new_table(
    query: WriteQuery,
    id: TableId,
    table: &NewTable,
    clocks: &[(u8, i64)],
    now: i64,
) -> WriteQuery {
    let seats: Vec<Value> = (table.seats.iter().enumerate())
        .map(|(index, seat)| {
            serde_json::json!([
                index,
                seat.kind.as_str(),
                seat.account.map(|a| a.0),
                seat.ai_level,
                seat.invite_hash,
                clock_of(clocks, index),
            ])
        })
        .collect();
    query
        .bind(id.0)
        .bind(table.game.clone())
        .bind(table.options.to_string())
        .bind(table.time_control.to_string())
        .bind(table.public)
        .bind(table.created_by.0)
        .bind(now)
        .bind(Value::Array(seats).to_string())
}

fn clock_of(clocks: &[(u8, i64)], seat: usize) -> Option<i64> {
    (clocks.iter())
        .find(|(s, _)| usize::from(*s) == seat)
        .map(|(_, ms)| *ms)
}

/// A statement, with its arguments, to run on the writer's connection.
type WriteQuery = sqlx::query::Query<'static, Sqlite, SqliteArguments<'static>>;

impl SqliteStore {
    /// Runs one statement on the writer; returns the rows it changed.
    async fn write_query(&self, query: WriteQuery) -> Result<u64, StoreError> {
        self.writer
            .write(move |conn| {
                Box::pin(async move { Ok(query.execute(&mut *conn).await?.rows_affected()) })
            })
            .await
    }

    /// Runs an `INSERT ... RETURNING id` on the writer.
    async fn write_returning_id(
        &self,
        query: sqlx::query::QueryScalar<'static, Sqlite, i64, SqliteArguments<'static>>,
    ) -> Result<i64, StoreError> {
        self.writer
            .write(move |conn| Box::pin(async move { Ok(query.fetch_one(&mut *conn).await?) }))
            .await
    }

    /// Runs a `BEGIN; ...; COMMIT;` script on the writer in one round trip.
    async fn write_script(&self, script: WriteQuery) -> Result<(), StoreError> {
        self.writer
            .write(move |conn| Box::pin(in_one_round_trip(conn, script)))
            .await
    }
}

/// Brings the schema up to date, each migration in its own transaction.
async fn migrate_on(conn: &mut SqliteConnection) -> Result<(), StoreError> {
    // Through `Executor::execute`, whose future is boxed: `RawSql::execute`'s is not `Send`
    // for every lifetime of the connection, which the writer's jobs need.
    conn.execute(sqlx::raw_sql(BOOKKEEPING)).await?;
    for migration in SQLITE {
        let done: Option<i64> =
            sqlx::query_scalar("SELECT version FROM schema_migrations WHERE version = $1")
                .bind(migration.version)
                .fetch_optional(&mut *conn)
                .await?;
        if done.is_some() {
            continue;
        }
        tracing::info!(
            version = migration.version,
            name = migration.name,
            "migrating"
        );
        // The migration and its bookkeeping row in one transaction, in one round trip.
        let script = format!(
            "BEGIN;\n{}\n;INSERT INTO schema_migrations (version, name, applied_at)
             VALUES ({}, '{}', {});\nCOMMIT;",
            migration.sql,
            migration.version,
            migration.name,
            now_ms()
        );
        if let Err(e) = conn.execute(sqlx::raw_sql(&script)).await {
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            return Err(e.into());
        }
    }
    Ok(())
}

/// Runs a script that ends a transaction with `COMMIT`, rolling back when a statement fails
/// (which leaves the transaction open). Its count of changed rows is not returned: for
/// `BEGIN` and `COMMIT` SQLite repeats the count of the statement before.
async fn in_one_round_trip(
    conn: &mut SqliteConnection,
    script: WriteQuery,
) -> Result<(), StoreError> {
    match script.execute(&mut *conn).await {
        Ok(_) => Ok(()),
        Err(e) => {
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            Err(e.into())
        }
    }
}

/// Unix time in milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
