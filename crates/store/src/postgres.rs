//! The store on PostgreSQL, through sqlx: for several `agora serve` nodes sharing one
//! database (docs/architecture.md, "Several nodes").
//!
//! Every write is a transaction of its own on a pooled connection. PostgreSQL already shares
//! one WAL flush among the commits that wait for it at once, so the SQLite writer's group
//! commit is not needed here, and no single thread stands between the nodes.
//!
//! What must hold whatever the nodes do at once is the database's to keep:
//! - an append changes a game only if the game is still at the version the append follows,
//!   and the log's key (game, version) refuses a version written twice;
//! - a sit or a leave locks its table's row first, so the sit that fills a table, and only
//!   that one, starts its game;
//! - a name is taken under a lock on its key, so a guest and a sign-up with look-alike names
//!   cannot both pass the check.

use std::collections::HashMap;
use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgConnection, PgListener, PgPool, PgPoolOptions, PgRow};
use sqlx::{Connection, Row};

use crate::migrate::POSTGRES;
use crate::rows::{account_from, clock_of, event_from, parse, seat_from, table_from};
use crate::{
    Account, AccountId, AccountKind, Append, Claim, Event, GameNews, GameRow, NewGame, NewTable,
    Refusal, SeatRow, Seated, StoreError, StoredGame, Table, TableId, TableStatus, name_key,
};

#[derive(Clone, Debug)]
pub struct PostgresStore {
    pool: PgPool,
}

/// The channel where the nodes say games' new versions, one `"<game> <version>"` a line;
/// nodes that show a game they do not own follow it there.
pub const GAMES_CHANNEL: &str = "agora_games";

/// A connection that hears the channels it listens on (PostgreSQL's LISTEN/NOTIFY).
#[derive(Debug)]
pub struct Notifications(PgListener);

impl Notifications {
    /// The next notification: its channel and payload; or `None` once when the connection
    /// was lost. The listener then connects again by itself, but what was sent meanwhile is
    /// lost: the caller must look at the database for what it may have missed.
    pub async fn recv(&mut self) -> Result<Option<(String, String)>, StoreError> {
        let note = self.0.try_recv().await?;
        Ok(note.map(|note| (note.channel().to_string(), note.payload().to_string())))
    }
}

const ACCOUNT_COLUMNS: &str = "id, name, kind, password_hash, created_at";
const TABLE_COLUMNS: &str =
    "id, game, options, time_control, public, created_by, status, created_at";
/// Held while migrating, so that nodes starting together migrate one after the other.
const MIGRATION_LOCK: i64 = 0x6167_6f72_6100_0001;

/// The seats of several tables, in one query.
async fn seats_of(
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
async fn table_on(conn: &mut PgConnection, id: TableId) -> Result<Table, StoreError> {
    let row = sqlx::query(&format!("SELECT {TABLE_COLUMNS} FROM tables WHERE id = $1"))
        .bind(id.0)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(StoreError::NotFound)?;
    let mut seats = seats_of(conn, &[id]).await?;
    table_from(&row, &mut seats)
}

impl PostgresStore {
    /// Connects to `url` (`postgres://user@host:port/database`) and brings the schema up to
    /// date.
    pub async fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let options = PgConnectOptions::from_str(url)?;
        let pool = PgPoolOptions::new()
            // Appends, relays' reads and the nodes' notifications all wait for one; 16 was
            // seen to queue under load with several nodes.
            .max_connections(32)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options)
            .await?;
        migrate(&pool).await?;
        Ok(PostgresStore { pool })
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }

    pub async fn create_account(
        &self,
        name: &str,
        kind: AccountKind,
        password_hash: Option<&str>,
        now: i64,
    ) -> Result<Account, StoreError> {
        let key = name_key(name);
        let mut tx = self.pool.begin().await?;
        // Users and bots: the unique index on the key refuses a look-alike. A guest may share
        // a name with guests, never with a user or a bot: the check and the insert hold a
        // lock on the key, which a sign-up with the same key waits for.
        sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
            .bind(&key)
            .execute(&mut *tx)
            .await?;
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO accounts (name, kind, password_hash, created_at, name_key)
             SELECT $1, $2, $3, $4, $5
             WHERE $2 <> 'guest' OR NOT EXISTS (
                 SELECT 1 FROM accounts WHERE name_key = $5 AND kind <> 'guest')
             RETURNING id",
        )
        .bind(name)
        .bind(kind.as_str())
        .bind(password_hash)
        .bind(now)
        .bind(&key)
        .fetch_optional(&mut *tx)
        .await?;
        let id = id.ok_or(StoreError::Conflict("name taken"))?;
        tx.commit().await?;
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
        .fetch_optional(&self.pool)
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
        .fetch_optional(&self.pool)
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
        let mut tx = self.pool.begin().await?;
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
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        Ok((account_from(&row)?, row.try_get("expires_at")?))
    }

    pub async fn account_settings(&self, account: AccountId) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT settings FROM account_settings WHERE account_id = $1")
                .bind(account.0)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    pub async fn set_account_settings(
        &self,
        account: AccountId,
        settings: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO account_settings (account_id, settings, updated_at)
             VALUES ($1, $2, $3)
             ON CONFLICT (account_id) DO UPDATE
             SET settings = excluded.settings, updated_at = excluded.updated_at",
        )
        .bind(account.0)
        .bind(settings)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.pool)
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
        .fetch_one(&self.pool)
        .await?)
    }

    pub async fn token_account(&self, token_hash: &str) -> Result<Account, StoreError> {
        let row = sqlx::query(
            "SELECT a.id, a.name, a.kind, a.password_hash, a.created_at
             FROM api_tokens t JOIN accounts a ON a.id = t.account_id
             WHERE t.token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
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
        .fetch_all(&self.pool)
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
        let deleted = sqlx::query("DELETE FROM api_tokens WHERE id = $1 AND account_id = $2")
            .bind(id)
            .bind(account.0)
            .execute(&self.pool)
            .await?
            .rows_affected();
        if deleted == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

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
        insert_game(&mut tx, id, deal.seed, &deal.setup.to_string(), None, now).await?;
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
        let started = StoredGame::just_started(table.clone(), deal.seed, deal.setup.clone(), now);
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
        insert_game(
            &mut tx,
            id,
            game.seed,
            &game.setup.to_string(),
            rematch_of,
            now,
        )
        .await?;
        tx.commit().await?;
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
        let mut conn = self.pool.acquire().await?;
        // The table, its game and its log as one snapshot: a move appended between the reads
        // would otherwise be in the log but not in the version.
        let mut tx = conn.begin().await?;
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            .execute(&mut *tx)
            .await?;
        let table = table_on(&mut tx, id).await?;
        let row = sqlx::query(
            "SELECT g.seed, g.setup, g.version, g.outcome, g.turn_started_at, g.started_at,
                    g.finished_at,
                    (SELECT r.table_id FROM games r WHERE r.rematch_of = g.table_id) AS rematch
             FROM games g WHERE g.table_id = $1",
        )
        .bind(id.0)
        .fetch_optional(&mut *tx)
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
        let events = events_on(&mut tx, id, 0).await?;
        tx.commit().await?;
        Ok(StoredGame::from_log(table, game, events))
    }

    /// One statement (one round trip, one snapshot): a relay reads this after every move of
    /// the game it follows.
    pub async fn game_news(&self, id: TableId, version: u64) -> Result<GameNews, StoreError> {
        let row = sqlx::query(
            "SELECT t.status, g.version, g.outcome, g.turn_started_at,
                    (SELECT r.table_id FROM games r WHERE r.rematch_of = g.table_id) AS rematch,
                    ARRAY(SELECT s.seat FROM seats s WHERE s.table_id = t.id AND s.substituted
                          ORDER BY s.seat) AS substituted,
                    ARRAY(SELECT json_build_array(e.version, e.kind, e.seat, e.notation, e.at,
                                                  e.clock_ms)::text
                          FROM game_events e WHERE e.game_id = t.id AND e.version > $2
                          ORDER BY e.version) AS events
             FROM tables t JOIN games g ON g.table_id = t.id WHERE t.id = $1",
        )
        .bind(id.0)
        .bind(version as i64)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        let outcome: Option<&str> = row.try_get("outcome")?;
        let events = (row.try_get::<Vec<String>, _>("events")?.iter())
            .map(|text| {
                let (version, kind, seat, notation, at, clock_ms): (
                    u64,
                    String,
                    Option<u8>,
                    Option<String>,
                    i64,
                    Option<i64>,
                ) = serde_json::from_str(text)?;
                Ok(Event {
                    version,
                    kind: parse(&kind)?,
                    seat,
                    notation,
                    at,
                    clock_ms,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        Ok(GameNews {
            status: parse(row.try_get::<&str, _>("status")?)?,
            version: row.try_get::<i64, _>("version")? as u64,
            outcome: outcome.map(serde_json::from_str).transpose()?,
            turn_started_at: row.try_get("turn_started_at")?,
            rematch: row.try_get::<Option<i64>, _>("rematch")?.map(TableId),
            substituted: (row.try_get::<Vec<i64>, _>("substituted")?.into_iter())
                .map(|s| s as u8)
                .collect(),
            events,
        })
    }

    pub async fn events_since(&self, id: TableId, version: u64) -> Result<Vec<Event>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        events_on(&mut conn, id, version).await
    }

    pub async fn playing_games(&self) -> Result<Vec<TableId>, StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM tables WHERE status = 'playing' ORDER BY created_at",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(TableId).collect())
    }

    /// One statement, so one round trip and one implicit transaction: the game's row moves
    /// from the version the append follows to its new one, or nothing is written.
    ///
    /// It sends no notification itself: a transaction that notifies holds PostgreSQL's
    /// notification queue lock through its commit, WAL flush included, so appends that
    /// notified committed one at a time (measured: 4,070 moves/s, docs/benchmarks.md). The
    /// server tells the other nodes after the commit, many games to a notification.
    pub async fn append(&self, append: &Append) -> Result<(), StoreError> {
        let in_order = (append.events.iter().enumerate())
            .all(|(i, e)| e.version == append.after_version + 1 + i as u64);
        if !in_order {
            return Err(StoreError::Conflict("events out of order"));
        }
        let last = append.after_version + append.events.len() as u64;
        let finished_at = append.status.is_closed().then(|| {
            append
                .events
                .last()
                .map_or(append.turn_started_at, |e| e.at)
        });
        let outcome = (append.outcome.as_ref())
            .map(serde_json::to_string)
            .transpose()?;
        let events = &append.events;
        let moved: i64 = sqlx::query_scalar(
            "WITH moved AS (
                 UPDATE games
                 SET version = $3, turn_started_at = $4,
                     outcome = CASE WHEN $6::bigint IS NULL THEN outcome ELSE $5 END,
                     finished_at = coalesce($6, finished_at)
                 WHERE table_id = $1 AND version = $2
                 RETURNING table_id
             ), logged AS (
                 INSERT INTO game_events (game_id, version, kind, seat, notation, at, clock_ms)
                 SELECT m.table_id, e.version, e.kind, e.seat, e.notation, e.at, e.clock_ms
                 FROM moved m,
                      unnest($7::bigint[], $8::text[], $9::bigint[], $10::text[], $11::bigint[],
                             $12::bigint[]) AS e (version, kind, seat, notation, at, clock_ms)
             ), stood_in AS (
                 UPDATE seats SET substituted = true
                 WHERE table_id IN (SELECT table_id FROM moved) AND seat = ANY($13)
             ), ended AS (
                 UPDATE tables SET status = $14
                 WHERE id IN (SELECT table_id FROM moved) AND $14 <> 'playing'
             )
             SELECT count(*) FROM moved",
        )
        .bind(append.game.0)
        .bind(append.after_version as i64)
        .bind(last as i64)
        .bind(append.turn_started_at)
        .bind(outcome)
        .bind(finished_at)
        .bind(events.iter().map(|e| e.version as i64).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.kind.as_str()).collect::<Vec<_>>())
        .bind(
            events
                .iter()
                .map(|e| e.seat.map(i64::from))
                .collect::<Vec<_>>(),
        )
        .bind(
            events
                .iter()
                .map(|e| e.notation.as_deref())
                .collect::<Vec<_>>(),
        )
        .bind(events.iter().map(|e| e.at).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.clock_ms).collect::<Vec<_>>())
        .bind(
            append
                .substituted
                .iter()
                .map(|&s| i64::from(s))
                .collect::<Vec<_>>(),
        )
        .bind(append.status.as_str())
        .fetch_one(&self.pool)
        .await?;
        if moved == 0 {
            return Err(StoreError::Conflict("the game's log moved on"));
        }
        Ok(())
    }

    pub async fn mark_alive(&self, at: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO server_alive (id, alive_at) VALUES (1, $1)
             ON CONFLICT (id) DO UPDATE
                 SET alive_at = greatest(server_alive.alive_at, excluded.alive_at)",
        )
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn alive_at(&self) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT alive_at FROM server_alive WHERE id = 1")
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    pub async fn set_turn_started_at(
        &self,
        id: TableId,
        version: u64,
        at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET turn_started_at = $2 WHERE table_id = $1 AND version = $3")
            .bind(id.0)
            .bind(at)
            .bind(version as i64)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

// Several nodes: leases and notifications.
impl PostgresStore {
    pub async fn claim_game(
        &self,
        id: TableId,
        node: &str,
        now: i64,
        lease_ms: i64,
    ) -> Result<Claim, StoreError> {
        // The lease before, as this statement found it, and whether the claim took it: a
        // claim racing another waits for its row lock, then finds the other's lease live.
        let row = sqlx::query(
            "WITH before AS (
                 SELECT node, renewed_at FROM game_leases WHERE game_id = $1
             ), claimed AS (
                 INSERT INTO game_leases (game_id, node, renewed_at, expires_at)
                 VALUES ($1, $2, $3, $3 + $4)
                 ON CONFLICT (game_id) DO UPDATE
                     SET node = excluded.node, renewed_at = excluded.renewed_at,
                         expires_at = excluded.expires_at
                     WHERE game_leases.expires_at <= $3 OR game_leases.node = $2
                 RETURNING node
             )
             SELECT (SELECT count(*) FROM claimed) AS claimed,
                    (SELECT node FROM before) AS before_node,
                    (SELECT renewed_at FROM before) AS before_renewed",
        )
        .bind(id.0)
        .bind(node)
        .bind(now)
        .bind(lease_ms)
        .fetch_one(&self.pool)
        .await?;
        if row.try_get::<i64, _>("claimed")? == 1 {
            let before: Option<String> = row.try_get("before_node")?;
            let taken_over = match before {
                Some(before) if before != node => row.try_get("before_renewed")?,
                _ => None,
            };
            return Ok(Claim::Owned { taken_over });
        }
        let holder: Option<String> =
            sqlx::query_scalar("SELECT node FROM game_leases WHERE game_id = $1")
                .bind(id.0)
                .fetch_optional(&self.pool)
                .await?;
        match holder {
            Some(node) => Ok(Claim::Held { node }),
            // Released in between: try again.
            None => Box::pin(self.claim_game(id, node, now, lease_ms)).await,
        }
    }

    pub async fn renew_leases(
        &self,
        node: &str,
        games: &[TableId],
        now: i64,
        lease_ms: i64,
    ) -> Result<Vec<TableId>, StoreError> {
        let games: Vec<i64> = games.iter().map(|g| g.0).collect();
        let ids: Vec<i64> = sqlx::query_scalar(
            "UPDATE game_leases SET renewed_at = $2, expires_at = $2 + $3
             WHERE node = $1 AND game_id = ANY($4) RETURNING game_id",
        )
        .bind(node)
        .bind(now)
        .bind(lease_ms)
        .bind(games)
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(TableId).collect())
    }

    pub async fn release_game(&self, id: TableId, node: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM game_leases WHERE game_id = $1 AND node = $2")
            .bind(id.0)
            .bind(node)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn release_games(&self, node: &str, now: i64) -> Result<(), StoreError> {
        // Expired rather than deleted: whoever takes a game over resumes its clocks from now.
        sqlx::query("UPDATE game_leases SET renewed_at = $2, expires_at = $2 WHERE node = $1")
            .bind(node)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn orphaned_games(&self, now: i64, limit: i64) -> Result<Vec<TableId>, StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT t.id FROM tables t LEFT JOIN game_leases l ON l.game_id = t.id
             WHERE t.status = 'playing' AND (l.game_id IS NULL OR l.expires_at <= $1)
             ORDER BY t.created_at LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(TableId).collect())
    }

    pub async fn live_tables_created_by(
        &self,
        account: AccountId,
    ) -> Result<Vec<(TableId, TableStatus, bool)>, StoreError> {
        let rows = sqlx::query(
            "SELECT t.id, t.status,
                    EXISTS (SELECT 1 FROM seats s
                            WHERE s.table_id = t.id AND s.ai_level IS NOT NULL) AS has_ai
             FROM tables t
             WHERE t.created_by = $1 AND (t.status = 'open' OR t.status = 'playing')",
        )
        .bind(account.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok((
                    TableId(row.try_get("id")?),
                    parse(row.try_get::<&str, _>("status")?)?,
                    row.try_get("has_ai")?,
                ))
            })
            .collect()
    }

    pub async fn listen(&self, channels: &[&str]) -> Result<Notifications, StoreError> {
        let mut listener = PgListener::connect_with(&self.pool).await?;
        listener.listen_all(channels.iter().copied()).await?;
        Ok(Notifications(listener))
    }

    pub async fn notify(&self, channel: &str, payload: &str) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(channel)
            .bind(payload)
            .execute(&self.pool)
            .await?;
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

/// A game's events after `version`, oldest first.
async fn events_on(
    conn: &mut PgConnection,
    id: TableId,
    version: u64,
) -> Result<Vec<Event>, StoreError> {
    let rows = sqlx::query(
        "SELECT version, kind, seat, notation, at, clock_ms FROM game_events
         WHERE game_id = $1 AND version > $2 ORDER BY version",
    )
    .bind(id.0)
    .bind(version as i64)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(event_from).collect()
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

/// Inserts a game that starts at `now`.
async fn insert_game(
    conn: &mut PgConnection,
    id: TableId,
    seed: u64,
    setup: &str,
    rematch_of: Option<TableId>,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO games (table_id, seed, setup, version, turn_started_at, started_at, rematch_of)
         VALUES ($1, $2, $3, 0, $4, $4, $5)",
    )
    .bind(id.0)
    .bind(seed as i64)
    .bind(setup)
    .bind(now)
    .bind(rematch_of.map(|t| t.0))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Brings the schema up to date, each migration in its own transaction, under a lock that
/// nodes starting at once take in turn.
async fn migrate(pool: &PgPool) -> Result<(), StoreError> {
    let mut conn = pool.acquire().await?;
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(MIGRATION_LOCK)
        .execute(&mut *conn)
        .await?;
    let migrated = migrate_locked(&mut conn).await;
    let unlocked = sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(MIGRATION_LOCK)
        .execute(&mut *conn)
        .await;
    migrated?;
    unlocked?;
    Ok(())
}

async fn migrate_locked(conn: &mut PgConnection) -> Result<(), StoreError> {
    sqlx::raw_sql(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
             version    BIGINT PRIMARY KEY,
             name       TEXT   NOT NULL,
             applied_at BIGINT NOT NULL
         )",
    )
    .execute(&mut *conn)
    .await?;
    for migration in POSTGRES {
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
        let mut tx = conn.begin().await?;
        sqlx::raw_sql(migration.sql).execute(&mut *tx).await?;
        sqlx::query(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
        )
        .bind(migration.version)
        .bind(migration.name)
        .bind(crate::now_ms())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
    }
    Ok(())
}
