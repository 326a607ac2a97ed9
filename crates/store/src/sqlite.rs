mod guests;
mod mail;
mod origins;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;
use sqlx::Row;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool, SqlitePoolOptions, SqliteRow};

use crate::group_commit::GroupCommit;
use crate::migrate::{BOOKKEEPING, SQLITE};
use crate::rows::{account_from, clock_of, event_from, seat_from, table_from};
use crate::seating;
use crate::{
    Account, AccountId, AccountKind, Append, Durability, Event, GameNews, GameRow, NewGame,
    NewTable, SeatRow, Seated, StoreError, StoredGame, Table, TableId, TableStatus, name_key,
};

/// SQLite with one connection for every write, owned by the writer thread (SQLite has a single
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
    "id, game, options, time_control, public, created_by, status, created_at, expired_at";
/// A table with a seat anyone may take: the lobby lists no other (a table whose free seats
/// are kept for invited friends is a dead end to strangers).
pub(crate) const STRANGER_MAY_SIT: &str = "EXISTS (SELECT 1 FROM seats s
    WHERE s.table_id = tables.id AND s.kind = 'open' AND s.account_id IS NULL)";
const EVENT_COLUMNS: &str = "version, kind, seat, notation, at, clock_ms";

impl SqliteStore {
    pub async fn open(url: &str, durability: Durability) -> Result<SqliteStore, StoreError> {
        let in_memory = url.contains(":memory:") || url.contains("mode=memory");
        // An in-memory database becomes a file of its own in the temporary directory, removed
        // once the writer closes: the writer and the reads are separate connections, which
        // one in-memory database cannot be shared between.
        let (options, scratch) = if in_memory {
            let path = std::env::temp_dir().join(format!(
                "agora-{}-{:016x}.db",
                std::process::id(),
                crate::random_u64()
            ));
            (SqliteConnectOptions::new().filename(&path), Some(path))
        } else {
            (SqliteConnectOptions::from_str(url)?, None)
        };
        let remove_scratch = move || {
            if let Some(path) = scratch {
                for suffix in ["", "-wal", "-shm"] {
                    let mut file = path.clone().into_os_string();
                    file.push(suffix);
                    let _ = std::fs::remove_file(file);
                }
            }
        };
        // Migrations run before the writer takes its first job: each in a transaction of its
        // own, where the writer runs every job inside its round's transaction.
        let path = options.get_filename().to_path_buf();
        let opened = tokio::task::spawn_blocking(move || {
            let mut conn = open_writer(&path, durability)?;
            migrate_on(&mut conn)?;
            // Afresh: a migration may have changed the schema's text in place (0006), which
            // only a connection opened after it reads.
            drop(conn);
            open_writer(&path, durability)
        })
        .await
        .map_err(|e| StoreError::Io(e.to_string()))
        .and_then(|opened| opened);
        let conn = match opened {
            Ok(conn) => conn,
            Err(e) => {
                remove_scratch();
                return Err(e);
            }
        };
        let writer = GroupCommit::start(conn, remove_scratch)?;
        // The writer has made the file and set its journal to WAL, which the file keeps.
        let options = options
            .busy_timeout(Duration::from_secs(10))
            .pragma("cache_size", "-16384")
            .pragma("temp_store", "memory")
            .read_only(true);
        // No ping before each use: a SQLite connection is a file handle, not a socket that
        // can go away, and the ping is one more hand-off to its thread per query.
        let read = SqlitePoolOptions::new()
            .test_before_acquire(false)
            .idle_timeout(None)
            .max_lifetime(None)
            .max_connections(4)
            .connect_with(options)
            .await?;
        Ok(SqliteStore { read, writer })
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
        let (name_text, hash) = (name.to_string(), password_hash.map(str::to_string));
        let key = name_key(name);
        let id = self
            .writer
            .write(move |conn| {
                // Users and bots: the unique index on the key refuses a look-alike. Guests
                // may share a name with other guests, never with a user or a bot (checked in
                // the same statement, so a signup cannot slip in between).
                let inserted: Option<i64> = conn
                    .prepare_cached(
                        "INSERT INTO accounts (name, kind, password_hash, created_at, name_key)
                     SELECT ?1, ?2, ?3, ?4, ?5
                     WHERE ?2 <> 'guest' OR NOT EXISTS (
                         SELECT 1 FROM accounts WHERE name_key = ?5 AND kind <> 'guest')
                     RETURNING id",
                    )?
                    .query_row(params![name_text, kind.as_str(), hash, now, key], |r| {
                        r.get(0)
                    })
                    .optional()?;
                inserted.ok_or(StoreError::Conflict("name taken"))
            })
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
        let token_hash = token_hash.to_string();
        self.writer
            .write(move |conn| {
                run(
                    conn,
                    "DELETE FROM sessions WHERE expires_at <= ?1",
                    params![now],
                )?;
                run(
                    conn,
                    "INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
                     VALUES (?1, ?2, ?3, ?4)",
                    params![token_hash, account.0, now, expires_at],
                )?;
                Ok(())
            })
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

    pub async fn account_settings(&self, account: AccountId) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT settings FROM account_settings WHERE account_id = $1")
            .bind(account.0)
            .fetch_optional(&self.read)
            .await?;
        Ok(row.map(|row| row.get::<String, _>(0)))
    }

    pub async fn set_account_settings(
        &self,
        account: AccountId,
        settings: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let settings = settings.to_string();
        self.writer
            .write(move |conn| {
                run(
                    conn,
                    "INSERT INTO account_settings (account_id, settings, updated_at)
                     VALUES (?1, ?2, ?3)
                     ON CONFLICT (account_id) DO UPDATE
                     SET settings = excluded.settings, updated_at = excluded.updated_at",
                    params![account.0, settings, now],
                )?;
                Ok(())
            })
            .await
    }

    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        let token_hash = token_hash.to_string();
        self.writer
            .write(move |conn| {
                run(
                    conn,
                    "DELETE FROM sessions WHERE token_hash = ?1",
                    params![token_hash],
                )?;
                Ok(())
            })
            .await
    }

    pub async fn create_api_token(
        &self,
        token_hash: &str,
        account: AccountId,
        label: &str,
        now: i64,
    ) -> Result<i64, StoreError> {
        let (token_hash, label) = (token_hash.to_string(), label.to_string());
        self.writer
            .write(move |conn| {
                insert_returning_id(
                    conn,
                    "INSERT INTO api_tokens (token_hash, account_id, label, created_at)
                     VALUES (?1, ?2, ?3, ?4) RETURNING id",
                    params![token_hash, account.0, label, now],
                )
            })
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
            .writer
            .write(move |conn| {
                run(
                    conn,
                    "DELETE FROM api_tokens WHERE id = ?1 AND account_id = ?2",
                    params![id, account.0],
                )
            })
            .await?;
        if deleted == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

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
        let (table, deal) = (new.clone(), game.clone());
        self.writer
            .write(move |conn| {
                insert_table(conn, id, &table, &deal.clocks, TableStatus::Playing, now)?;
                insert_game(conn, id, &deal, rematch_of, now)?;
                Ok(())
            })
            .await?;
        let mut table = new.clone().into_table(id, now, "");
        table.status = TableStatus::Playing;
        for (index, row) in table.seats.iter_mut().enumerate() {
            row.name = names.get(index).cloned().flatten();
            row.clock_ms = clock_of(&game.clocks, index);
        }
        Ok(StoredGame::just_started(table, game, now))
    }

    pub async fn game(&self, id: TableId) -> Result<StoredGame, StoreError> {
        self.game_since(id, 0).await
    }

    /// On SQLite one server runs every game, so nobody follows one; this is for the store's
    /// one interface (and its tests).
    pub async fn game_news(&self, id: TableId, version: u64) -> Result<GameNews, StoreError> {
        let stored = self.game_since(id, version).await?;
        Ok(GameNews {
            status: stored.table.status,
            version: stored.game.version,
            outcome: stored.game.outcome,
            turn_started_at: stored.game.turn_started_at,
            rematch: stored.game.rematch,
            substituted: (stored.table.seats.iter())
                .filter(|s| s.substituted)
                .map(|s| s.seat)
                .collect(),
            events: stored.events,
        })
    }

    async fn game_since(&self, id: TableId, version: u64) -> Result<StoredGame, StoreError> {
        let table = self.table(id).await?;
        let row = sqlx::query(
            "SELECT g.seed, g.salt, g.setup, coalesce(l.version, g.version) AS version, g.outcome,
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
            salt: row.try_get("salt")?,
            setup: serde_json::from_str(row.try_get("setup")?)?,
            version: row.try_get::<i64, _>("version")? as u64,
            outcome: outcome.map(serde_json::from_str).transpose()?,
            turn_started_at: row.try_get("turn_started_at")?,
            started_at: row.try_get("started_at")?,
            finished_at: row.try_get("finished_at")?,
            rematch: row.try_get::<Option<i64>, _>("rematch")?.map(TableId),
        };
        let events = self.events_since(id, version).await?;
        Ok(StoredGame::from_log(table, game, events))
    }

    /// A game's events after `version`, oldest first: its chain followed back from its last
    /// event (see migration 0005), one row looked up by id per event.
    pub async fn events_since(&self, id: TableId, version: u64) -> Result<Vec<Event>, StoreError> {
        let rows = sqlx::query(&format!(
            "WITH RECURSIVE chain (id) AS (
                 SELECT coalesce(l.last_event, g.last_event)
                 FROM games g LEFT JOIN live_games l ON l.table_id = g.table_id
                 WHERE g.table_id = $1
                 UNION ALL
                 SELECT e.previous FROM game_events e JOIN chain c ON e.id = c.id
                 WHERE e.version > $2 + 1 AND e.previous IS NOT NULL
             )
             SELECT {EVENT_COLUMNS} FROM game_events
             WHERE id IN (SELECT id FROM chain) AND game_id = $1 AND version > $2
             ORDER BY version"
        ))
        .bind(id.0)
        .bind(version as i64)
        .fetch_all(&self.read)
        .await?;
        rows.iter().map(event_from).collect()
    }

    pub async fn playing_games(&self) -> Result<Vec<TableId>, StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar(
            // CROSS JOIN: SQLite then reads the few live rows and looks each table up,
            // rather than scanning every table there ever was.
            "SELECT t.id FROM live_games l CROSS JOIN tables t ON t.id = l.table_id
             WHERE t.status = 'playing' ORDER BY t.created_at",
        )
        .fetch_all(&self.read)
        .await?;
        Ok(ids.into_iter().map(TableId).collect())
    }

    pub async fn append(&self, append: &Append) -> Result<(), StoreError> {
        self.writer.append(append).await
    }

    pub async fn mark_alive(&self, at: i64) -> Result<(), StoreError> {
        self.writer
            .write(move |conn| {
                run(
                    conn,
                    "INSERT INTO server_alive (id, alive_at) VALUES (1, ?1)
                     ON CONFLICT (id) DO UPDATE SET alive_at = excluded.alive_at",
                    params![at],
                )?;
                Ok(())
            })
            .await
    }

    pub async fn alive_at(&self) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT alive_at FROM server_alive WHERE id = 1")
                .fetch_optional(&self.read)
                .await?,
        )
    }

    pub async fn set_turn_started_at(
        &self,
        id: TableId,
        version: u64,
        at: i64,
    ) -> Result<(), StoreError> {
        self.writer
            .write(move |conn| {
                run(
                    conn,
                    "UPDATE live_games SET turn_started_at = ?2 WHERE table_id = ?1 AND version = ?3",
                    params![id.0, at, version as i64],
                )?;
                run(
                    conn,
                    "UPDATE games SET turn_started_at = ?2 WHERE table_id = ?1",
                    params![id.0, at],
                )?;
                Ok(())
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

/// Inserts a game that starts at `now`, and its live row.
pub(crate) fn insert_game(
    tx: &Connection,
    id: TableId,
    deal: &NewGame,
    rematch_of: Option<TableId>,
    now: i64,
) -> Result<(), StoreError> {
    run(
        tx,
        "INSERT INTO games (table_id, seed, salt, setup, version, turn_started_at, started_at,
                            rematch_of)
         VALUES (?1, ?2, ?3, ?4, 0, ?5, ?5, ?6)",
        params![
            id.0,
            deal.seed as i64,
            deal.salt,
            deal.setup.to_string(),
            now,
            rematch_of.map(|t| t.0)
        ],
    )?;
    run(
        tx,
        "INSERT INTO live_games (table_id, version, turn_started_at) VALUES (?1, 0, ?2)",
        params![id.0, now],
    )?;
    Ok(())
}

/// Runs one statement, prepared once per connection; returns the rows it changed.
pub(crate) fn run(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<usize, StoreError> {
    Ok(conn.prepare_cached(sql)?.execute(params)?)
}

/// Runs an `INSERT ... RETURNING id`, prepared once per connection; returns the id.
fn insert_returning_id(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<i64, StoreError> {
    Ok(conn.prepare_cached(sql)?.query_row(params, |r| r.get(0))?)
}

/// The writer's connection: created with the database if there is none yet.
fn open_writer(path: &Path, durability: Durability) -> Result<Connection, StoreError> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(Duration::from_secs(10))?;
    let _: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    let synchronous = match durability {
        Durability::Process => "NORMAL",
        Durability::Power => "FULL",
    };
    // Measured under load (docs/benchmarks.md): the live games' pages stay cached instead of
    // being read again, and statement journals stay off disk. (A larger `wal_autocheckpoint`
    // was tried: rarer but longer checkpoint stalls, which showed in the latency tail.)
    conn.execute_batch(&format!(
        "PRAGMA synchronous = {synchronous};
         PRAGMA foreign_keys = ON;
         PRAGMA cache_size = -16384;
         PRAGMA temp_store = memory;"
    ))?;
    conn.set_prepared_statement_cache_capacity(64);
    Ok(conn)
}

/// Brings the schema up to date, each migration in its own transaction.
fn migrate_on(conn: &mut Connection) -> Result<(), StoreError> {
    conn.execute_batch(BOOKKEEPING)?;
    for migration in SQLITE {
        let done: Option<i64> = conn
            .query_row(
                "SELECT version FROM schema_migrations WHERE version = ?1",
                [migration.version],
                |r| r.get(0),
            )
            .optional()?;
        if done.is_some() {
            continue;
        }
        tracing::info!(
            version = migration.version,
            name = migration.name,
            "migrating"
        );
        // The migration and its bookkeeping row in one transaction.
        let tx = conn.transaction()?;
        tx.execute_batch(migration.sql)?;
        after_migration(migration.version, &tx)?;
        tx.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?1, ?2, ?3)",
            params![migration.version, migration.name, now_ms()],
        )?;
        tx.commit()?;
        // Each migration on a connection that read the schema afresh: one that rewrote the
        // schema's text in place (0006) leaves this connection's parsed copy stale, and an
        // ALTER TABLE ... ADD COLUMN on a stale copy splices the new column at the wrong
        // offset of the new text.
        if let Some(path) = conn.path().filter(|p| !p.is_empty()).map(PathBuf::from) {
            *conn = Connection::open(path)?;
        }
    }
    Ok(())
}

/// What a migration needs done in Rust after its SQL, in the same transaction.
fn after_migration(version: i64, conn: &Connection) -> Result<(), StoreError> {
    match version {
        8 => fill_name_keys(conn),
        _ => Ok(()),
    }
}

/// Gives every existing account its name key, oldest first. Of older users or bots whose
/// names look alike, the first keeps the key and the later keep none: they can still sign
/// in, and nobody new can take a name like theirs (the first's key covers it).
fn fill_name_keys(conn: &Connection) -> Result<(), StoreError> {
    let accounts = conn
        .prepare("SELECT id, name FROM accounts ORDER BY id")?
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    for (id, name) in accounts {
        let updated = conn.execute(
            "UPDATE accounts SET name_key = ?1 WHERE id = ?2",
            params![name_key(&name), id],
        );
        match updated.map_err(StoreError::from) {
            Ok(_) => {}
            Err(StoreError::Conflict(_)) => {
                tracing::warn!(account = id, name, "an older look-alike name keeps no key");
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Unix time in milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
