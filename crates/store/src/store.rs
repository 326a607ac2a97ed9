use crate::mail::{CLAIM, FORGET, SAVE, TURN_OFF};
use crate::model::{Sit, StartedTable};
use crate::postgres::PostgresStore;
use crate::read;
use crate::rows::clock_of;
use crate::sqlite::SqliteStore;
use crate::write::{
    DELETE_TOKEN, END_SESSION, EXPIRED_SESSIONS, KEEP_HINT, NEW_SESSION, NEW_TOKEN, SAVE_SETTINGS,
    Statement, TABLE_STATUS, statement,
};
use crate::{
    Account, AccountId, AccountKind, AiJobs, Append, Claim, Event, GameNews, MailSettings, NewGame,
    NewTable, Notifications, Seated, StoreError, StoredGame, Table, TableId, TableStatus,
};

/// How hard SQLite works to keep a commit. (PostgreSQL keeps its own settings: with its
/// defaults a commit is flushed to disk before it is acknowledged.)
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Durability {
    /// Write-ahead log, synced at checkpoints: a committed write survives the process being
    /// killed at any moment (the operating system still has it), not a power cut.
    #[default]
    Process,
    /// Write-ahead log synced on every commit: a committed write survives a power cut too.
    Power,
}

/// Where Agora keeps everything. One interface over every backend, SQLite and PostgreSQL,
/// with the same methods and the same guarantees (the store's tests run on both).
#[derive(Clone, Debug)]
pub struct Store {
    backend: Backend,
}

#[derive(Clone, Debug)]
enum Backend {
    Sqlite(SqliteStore),
    Postgres(PostgresStore),
}

/// Calls the same method on whichever backend this store uses.
macro_rules! dispatch {
    ($self:ident, $s:ident => $call:expr) => {
        match &$self.backend {
            Backend::Sqlite($s) => $call,
            Backend::Postgres($s) => $call,
        }
    };
}

/// Runs one of the reads written once for every backend (`crate::read`) on a read
/// connection of whichever backend this store uses.
macro_rules! read {
    ($self:ident, $conn:ident => $call:expr) => {
        match &$self.backend {
            Backend::Sqlite(s) => {
                let mut conn = s.reader().await?;
                let $conn = &mut *conn;
                $call.await
            }
            Backend::Postgres(s) => {
                let mut conn = s.reader().await?;
                let $conn = &mut *conn;
                $call.await
            }
        }
    };
}

// After the macros, which it uses.
mod chances;
mod chat;
mod limits;
mod origins;
mod push;
mod ratings;

impl Store {
    /// Which database this store uses: `"sqlite"` or `"postgres"`.
    pub fn engine(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite(_) => "sqlite",
            Backend::Postgres(_) => "postgres",
        }
    }

    /// Opens (creating it if needed) the database at `url` and brings its schema up to date.
    ///
    /// `sqlite://path/to/file.db`, or `sqlite::memory:` for tests: a scratch file in the
    /// temporary directory, removed when the store closes; or `postgres://user@host/db`
    /// (also `postgresql://`) for a PostgreSQL database that several servers may share.
    pub async fn open(url: &str, durability: Durability) -> Result<Store, StoreError> {
        if url.starts_with("sqlite:") {
            let store = SqliteStore::open(url, durability).await?;
            return Ok(Store {
                backend: Backend::Sqlite(store),
            });
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let store = PostgresStore::open(url).await?;
            return Ok(Store {
                backend: Backend::Postgres(store),
            });
        }
        Err(StoreError::UnsupportedUrl(url.to_string()))
    }

    /// Closes every connection, after the last write.
    pub async fn close(&self) {
        dispatch!(self, s => s.close().await)
    }

    pub async fn create_account(
        &self,
        name: &str,
        kind: AccountKind,
        password_hash: Option<&str>,
        now: i64,
    ) -> Result<Account, StoreError> {
        let id = dispatch!(self, s => s.create_account(name, kind, password_hash, now).await)?;
        Ok(Account {
            id,
            name: name.to_string(),
            kind,
            password_hash: password_hash.map(str::to_string),
            created_at: now,
        })
    }

    /// A guest named after `pattern` with a number no other account's name has
    /// (`Gast {number}` gives `Gast 12`; see [`crate::GUEST_NUMBER`]): the account's own
    /// id, so two guests made at once never share a default name.
    pub async fn create_numbered_guest(
        &self,
        pattern: &str,
        now: i64,
    ) -> Result<Account, StoreError> {
        let (id, name) = dispatch!(self, s => s.create_numbered_guest(pattern, now).await)?;
        Ok(Account {
            id,
            name,
            kind: AccountKind::Guest,
            password_hash: None,
            created_at: now,
        })
    }

    /// Turns guest `guest` into a signed-up user named `name`, in place: its seats, settings
    /// and sessions stay its own. [`StoreError::Conflict`] when a user or bot has the name
    /// (or one like it); [`StoreError::NotFound`] when `guest` is no guest.
    pub async fn sign_up_guest(
        &self,
        guest: AccountId,
        name: &str,
        password_hash: &str,
    ) -> Result<Account, StoreError> {
        let created_at = dispatch!(self, s => s.sign_up_guest(guest, name, password_hash).await)?;
        Ok(Account {
            id: guest,
            name: name.to_string(),
            kind: AccountKind::User,
            password_hash: Some(password_hash.to_string()),
            created_at,
        })
    }

    pub async fn account(&self, id: AccountId) -> Result<Account, StoreError> {
        read!(self, c => read::account(c, id))
    }

    /// A signed-up user or bot by name, ignoring case.
    pub async fn account_by_name(&self, name: &str) -> Result<Account, StoreError> {
        read!(self, c => read::account_by_name(c, name))
    }

    pub async fn create_session(
        &self,
        token_hash: &str,
        account: AccountId,
        now: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let expired = statement!(EXPIRED_SESSIONS, now);
        let session = statement!(NEW_SESSION, token_hash, account.0, now, expires_at);
        self.execute(vec![expired, session]).await?;
        Ok(())
    }

    /// The account of a session that has not expired at `now`, and when it expires.
    pub async fn session(&self, token_hash: &str, now: i64) -> Result<(Account, i64), StoreError> {
        read!(self, c => read::session(c, token_hash, now))
    }

    /// An account's settings as the web pages saved them, if they did.
    pub async fn account_settings(&self, account: AccountId) -> Result<Option<String>, StoreError> {
        read!(self, c => read::account_settings(c, account))
    }

    /// Saves an account's settings (replacing what was saved).
    pub async fn set_account_settings(
        &self,
        account: AccountId,
        settings: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        self.execute_one(statement!(SAVE_SETTINGS, account.0, settings, now))
            .await?;
        Ok(())
    }

    /// A signed-up user's email settings, if it gave an address (guests have none).
    pub async fn mail_settings(
        &self,
        account: AccountId,
    ) -> Result<Option<MailSettings>, StoreError> {
        read!(self, c => read::mail_settings(c, account))
    }

    /// Saves an account's email settings, or forgets its address (`None`).
    pub async fn set_mail_settings(
        &self,
        account: AccountId,
        settings: Option<MailSettings>,
        now: i64,
    ) -> Result<(), StoreError> {
        let statement = match settings {
            Some(s) => statement!(SAVE, account.0, s.address, s.lang, s.turn_mail, now),
            None => statement!(FORGET, account.0),
        };
        self.execute_one(statement).await?;
        Ok(())
    }

    /// Takes the one email of `account`'s turn that began at `version` of `game`, with the
    /// hash of its off-link's secret: `false` when it was taken already (by another node, or
    /// before a retry), and then it must not be sent.
    pub async fn claim_turn_mail(
        &self,
        game: TableId,
        account: AccountId,
        version: u64,
        off_hash: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let claim = statement!(CLAIM, game.0, account.0, version as i64, off_hash, now);
        Ok(self.execute_one(claim).await? == 1)
    }

    /// The account an off-link (the hash of its secret) was sent to, and whether its turn
    /// mail is on.
    pub async fn turn_mail_off_link(
        &self,
        off_hash: &str,
    ) -> Result<Option<(AccountId, bool)>, StoreError> {
        read!(self, c => read::turn_mail_off_link(c, off_hash))
    }

    /// Turns off the turn mail of the account an off-link was sent to; `false` for an
    /// unknown link.
    pub async fn turn_mail_off(&self, off_hash: &str, now: i64) -> Result<bool, StoreError> {
        Ok(self
            .execute_one(statement!(TURN_OFF, now, off_hash))
            .await?
            == 1)
    }

    /// The hint kept for `seat` at `version` of `game`, if one was searched.
    pub async fn hint(
        &self,
        game: TableId,
        seat: u8,
        version: u64,
    ) -> Result<Option<String>, StoreError> {
        read!(self, c => read::hint(c, game, seat, version))
    }

    /// Keeps the hint searched for `seat` at `version` of `game`, unless one was kept first
    /// (by another node): read it back with [`Store::hint`] to show the one every press shows.
    pub async fn keep_hint(
        &self,
        game: TableId,
        seat: u8,
        version: u64,
        hint: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let keep = statement!(
            KEEP_HINT,
            game.0,
            i64::from(seat),
            version as i64,
            hint,
            now
        );
        self.execute_one(keep).await?;
        Ok(())
    }

    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        self.execute_one(statement!(END_SESSION, token_hash))
            .await?;
        Ok(())
    }

    /// Returns the new token's id.
    pub async fn create_api_token(
        &self,
        token_hash: &str,
        account: AccountId,
        label: &str,
        now: i64,
    ) -> Result<i64, StoreError> {
        let token = statement!(NEW_TOKEN, token_hash, account.0, label, now);
        dispatch!(self, s => s.returning(token).await)
    }

    pub async fn token_account(&self, token_hash: &str) -> Result<Account, StoreError> {
        read!(self, c => read::token_account(c, token_hash))
    }

    /// An account's tokens: (id, label, created_at).
    pub async fn api_tokens(
        &self,
        account: AccountId,
    ) -> Result<Vec<(i64, String, i64)>, StoreError> {
        read!(self, c => read::api_tokens(c, account))
    }

    pub async fn delete_api_token(&self, account: AccountId, id: i64) -> Result<(), StoreError> {
        match self
            .execute_one(statement!(DELETE_TOKEN, id, account.0))
            .await?
        {
            0 => Err(StoreError::NotFound),
            _ => Ok(()),
        }
    }

    pub async fn create_table(&self, table: &NewTable, now: i64) -> Result<TableId, StoreError> {
        let id = TableId::random();
        dispatch!(self, s => s.create_table(id, table, now).await)?;
        Ok(id)
    }

    pub async fn table(&self, id: TableId) -> Result<Table, StoreError> {
        read!(self, c => read::table(c, id))
    }

    /// Public tables waiting for players with a seat anyone may take, newest first.
    pub async fn open_tables(&self, limit: i64) -> Result<Vec<Table>, StoreError> {
        read!(self, c => read::open_tables(c, limit))
    }

    /// Calls off (cancels) every open table with a live clock created before `live_before`,
    /// or, for correspondence and untimed games, before `correspondence_before`: tables
    /// nobody joined in time, marked expired at `now`. Answers the tables cancelled.
    pub async fn expire_open_tables(
        &self,
        live_before: i64,
        correspondence_before: i64,
        now: i64,
    ) -> Result<Vec<TableId>, StoreError> {
        dispatch!(self, s => s.expire_open_tables(live_before, correspondence_before, now).await)
    }

    /// Public tables whose game is being played, newest first (games to watch).
    pub async fn public_games_in_play(&self, limit: i64) -> Result<Vec<Table>, StoreError> {
        read!(self, c => read::games_in_play(c, limit))
    }

    /// Tables where `account` has a seat, newest first.
    pub async fn account_tables(
        &self,
        account: AccountId,
        limit: i64,
    ) -> Result<Vec<Table>, StoreError> {
        read!(self, c => read::account_tables(c, account, limit))
    }

    /// Sits `account` at an empty seat of an open table (an invitation seat needs the hash
    /// of its secret); when that fills the table, starts its game with `deal` at `now`, in the
    /// same transaction. Answers the table and the started game as committed. Refused
    /// ([`StoreError::Refused`]) when the table is not open, the seat not free, or the account
    /// already sits there; [`StoreError::NotFound`] without such a table.
    pub async fn sit(
        &self,
        table: TableId,
        seat: u8,
        account: AccountId,
        invite_hash: Option<&str>,
        deal: &NewGame,
        now: i64,
    ) -> Result<Seated, StoreError> {
        let sit = Sit {
            table,
            seat,
            account,
            invite_hash: invite_hash.map(str::to_string),
            deal: deal.clone(),
            now,
        };
        dispatch!(self, s => s.sit(sit).await)
    }

    /// Frees `account`'s seat at an open table; refused once its game has started.
    pub async fn leave(&self, table: TableId, account: AccountId) -> Result<(), StoreError> {
        dispatch!(self, s => s.leave(table, account).await)
    }

    /// Moves a table from one status to another, or a conflict if it was not in `from`.
    pub async fn set_table_status(
        &self,
        table: TableId,
        from: TableStatus,
        to: TableStatus,
    ) -> Result<(), StoreError> {
        let status = statement!(TABLE_STATUS, to.as_str(), table.0, from.as_str());
        match self.execute_one(status).await? {
            0 => Err(StoreError::Conflict("table status changed")),
            _ => Ok(()),
        }
    }

    /// A table whose seats are all taken, created with its game started, in one transaction.
    /// `names`: each seat's player's display name. `rematch_of`: the game it is the rematch
    /// of, which can have one only (a second is a `Conflict`).
    pub async fn create_started_game(
        &self,
        table: &NewTable,
        names: &[Option<String>],
        game: &NewGame,
        rematch_of: Option<TableId>,
        now: i64,
    ) -> Result<StoredGame, StoreError> {
        let start = StartedTable {
            id: TableId::random(),
            table: table.clone(),
            deal: game.clone(),
            rematch_of,
            now,
        };
        dispatch!(self, s => s.create_started_game(start.clone()).await)?;
        let mut table = start.table.into_table(start.id, now, "");
        table.status = TableStatus::Playing;
        for (index, row) in table.seats.iter_mut().enumerate() {
            row.name = names.get(index).cloned().flatten();
            row.clock_ms = clock_of(&game.clocks, index);
        }
        Ok(StoredGame::just_started(table, game, now))
    }

    pub async fn game(&self, id: TableId) -> Result<StoredGame, StoreError> {
        dispatch!(self, s => s.game(id).await)
    }

    /// What changed in game `id` after `version` (see [`GameNews`]): what a node following a
    /// game another node runs reads after each of its moves.
    pub async fn game_news(&self, id: TableId, version: u64) -> Result<GameNews, StoreError> {
        dispatch!(self, s => s.game_news(id, version).await)
    }

    /// The events after `version`, in order.
    pub async fn events_since(&self, id: TableId, version: u64) -> Result<Vec<Event>, StoreError> {
        read!(self, c => read::events_since(c, id, version))
    }

    /// Games being played, to resume at start-up.
    pub async fn playing_games(&self) -> Result<Vec<TableId>, StoreError> {
        read!(self, c => read::playing_games(c))
    }

    /// Appends events to a game's log with its new state, all or nothing. Returns once the
    /// transaction is committed.
    pub async fn append(&self, append: &Append) -> Result<(), StoreError> {
        dispatch!(self, s => s.append(append).await)
    }

    /// Notes that the server runs at `at` (a heartbeat, and once more at a clean stop).
    pub async fn mark_alive(&self, at: i64) -> Result<(), StoreError> {
        dispatch!(self, s => s.mark_alive(at).await)
    }

    /// When a server over this store was last known to run, if ever.
    pub async fn alive_at(&self) -> Result<Option<i64>, StoreError> {
        read!(self, c => read::alive_at(c))
    }

    /// Persists a new turn start without events (after a restart or a takeover, so the time
    /// nobody ran the game is not charged to anyone), if the game is still at `version`: a
    /// node that was thought dead may have moved it on meanwhile, and its turn start stands.
    pub async fn set_turn_started_at(
        &self,
        id: TableId,
        version: u64,
        at: i64,
    ) -> Result<(), StoreError> {
        dispatch!(self, s => s.set_turn_started_at(id, version, at).await)
    }

    /// Whether several servers may share this store (PostgreSQL), each owning the games it
    /// holds leases on; on SQLite one server owns everything.
    pub fn is_shared(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// Takes the lease on game `id` for `node` until `now + lease_ms`, unless another node
    /// holds one that has not expired. On SQLite, always owned.
    pub async fn claim_game(
        &self,
        id: TableId,
        node: &str,
        now: i64,
        lease_ms: i64,
    ) -> Result<Claim, StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(Claim::Owned { taken_over: None }),
            Backend::Postgres(s) => s.claim_game(id, node, now, lease_ms).await,
        }
    }

    /// Renews `node`'s leases on `games` (those it runs) until `now + lease_ms`; returns the
    /// ones it still owns (`None` on SQLite, which has no leases: its one server owns every
    /// game). A lease on a game the node does not run (its actor failed) is left to lapse, so
    /// that another node takes the game over.
    pub async fn renew_leases(
        &self,
        node: &str,
        games: &[TableId],
        now: i64,
        lease_ms: i64,
    ) -> Result<Option<Vec<TableId>>, StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(None),
            Backend::Postgres(s) => s.renew_leases(node, games, now, lease_ms).await.map(Some),
        }
    }

    /// Gives up `node`'s lease on game `id` (its actor stopped).
    pub async fn release_game(&self, id: TableId, node: &str) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(s) => s.release_game(id, node).await,
        }
    }

    /// Gives up every lease of `node` at `now` (at a clean stop, so that others take over at
    /// once, charging nobody the time in between).
    pub async fn release_games(&self, node: &str, now: i64) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(s) => s.release_games(node, now).await,
        }
    }

    /// Games being played that no node owns (no lease, or one that expired before `now`),
    /// oldest first: a dead node's, for the others to take over. Empty on SQLite.
    pub async fn orphaned_games(&self, now: i64, limit: i64) -> Result<Vec<TableId>, StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(Vec::new()),
            Backend::Postgres(s) => s.orphaned_games(now, limit).await,
        }
    }

    /// The tables `account` created that are open or being played, each with whether it
    /// has an AI seat: what counts against its limits when several servers share the store.
    /// `None` on SQLite, whose one server counts them itself.
    pub async fn live_tables_created_by(
        &self,
        account: AccountId,
    ) -> Result<Option<Vec<(TableId, TableStatus, bool)>>, StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(None),
            Backend::Postgres(s) => s.live_tables_created_by(account).await.map(Some),
        }
    }

    /// The queue of the computer's moves that every node and AI worker shares, or `None` on
    /// SQLite (its one server's own pool serves its games).
    pub fn ai_jobs(&self) -> Option<AiJobs> {
        match &self.backend {
            Backend::Sqlite(_) => None,
            Backend::Postgres(s) => Some(s.ai_jobs()),
        }
    }

    /// A listener on `channels` (PostgreSQL's LISTEN), or `None` on SQLite.
    pub async fn listen(&self, channels: &[&str]) -> Result<Option<Notifications>, StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(None),
            Backend::Postgres(s) => s.listen(channels).await.map(Some),
        }
    }

    /// Sends `payload` to whoever listens on `channel` (PostgreSQL's NOTIFY, sent at once);
    /// nothing on SQLite.
    pub async fn notify(&self, channel: &str, payload: &str) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(s) => s.notify(channel, payload).await,
        }
    }

    /// Runs shared statements (`crate::write`) in one transaction; how many rows each changed.
    async fn execute(&self, statements: Vec<Statement>) -> Result<Vec<u64>, StoreError> {
        dispatch!(self, s => s.execute(statements).await)
    }

    /// Runs one shared statement; how many rows it changed.
    async fn execute_one(&self, statement: Statement) -> Result<u64, StoreError> {
        let changed = self.execute(vec![statement]).await?;
        Ok(changed.first().copied().unwrap_or_default())
    }
}
