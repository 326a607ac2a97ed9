use std::fmt;

/// What can go wrong in the store.
#[derive(Debug)]
pub enum StoreError {
    /// No such row.
    NotFound,
    /// The write lost a race or breaks a uniqueness rule: a taken name, a seat someone else
    /// took first, a game whose log moved on.
    Conflict(&'static str),
    /// A lobby write the table's state does not allow (see [`Refusal`]).
    Refused(Refusal),
    /// The database URL is not one this build supports.
    UnsupportedUrl(String),
    /// A column holds something this version cannot read.
    Corrupt(String),
    Database(sqlx::Error),
    /// From the writer's connection, which is not sqlx's (see `group_commit`).
    Sqlite(rusqlite::Error),
    /// The database's file or the writer's thread could not be set up.
    Io(String),
    /// The store was closed while the call waited.
    Closed,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::NotFound => f.write_str("not found"),
            StoreError::Conflict(what) => write!(f, "conflict: {what}"),
            StoreError::Refused(why) => write!(f, "refused: {why}"),
            StoreError::UnsupportedUrl(url) => write!(
                f,
                "unsupported database url {url:?} (expected sqlite://path, sqlite::memory: or postgres://user@host/database)"
            ),
            StoreError::Corrupt(what) => write!(f, "unreadable stored data: {what}"),
            StoreError::Database(e) => write!(f, "database error: {e}"),
            StoreError::Sqlite(e) => write!(f, "database error: {e}"),
            StoreError::Io(e) => write!(f, "cannot open the database: {e}"),
            StoreError::Closed => f.write_str("the store is closed"),
        }
    }
}

/// Why the database refused to seat or stand up a player. The checks run in the write's own
/// transaction (one seat per account per table is a unique index), so they hold however
/// many joins and leaves race.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// The table is no longer open: its game started, or it was cancelled.
    TableNotOpen,
    /// The seat is taken, kept for an invitation this is not, played by the AI, or does not
    /// exist.
    SeatNotFree,
    /// The account already sits at this table.
    AlreadySeated,
    /// The account does not sit at this table.
    NotSeated,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::TableNotOpen => "the table is not open",
            Refusal::SeatNotFree => "the seat is not free",
            Refusal::AlreadySeated => "the account already sits at this table",
            Refusal::NotSeated => "the account does not sit at this table",
        })
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Database(e) => Some(e),
            StoreError::Sqlite(e) => Some(e),
            _ => None,
        }
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        if let sqlx::Error::PoolClosed = e {
            return StoreError::Closed;
        }
        if let sqlx::Error::Database(db) = &e
            && db.is_unique_violation()
        {
            return StoreError::Conflict("already exists");
        }
        StoreError::Database(e)
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        if let rusqlite::Error::SqliteFailure(failure, _) = &e
            && matches!(
                failure.extended_code,
                rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                    | rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
            )
        {
            return StoreError::Conflict("already exists");
        }
        StoreError::Sqlite(e)
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(e: serde_json::Error) -> StoreError {
        StoreError::Corrupt(e.to_string())
    }
}
