//! SQLite's schema brought up to date, on the writer's connection before it starts.

use std::path::PathBuf;

use rusqlite::{Connection, OptionalExtension, params};

use super::now_ms;
use crate::migrate::{APPLIED, BOOKKEEPING, NOTE_APPLIED, SQLITE};
use crate::{StoreError, name_key};

/// Brings the schema up to date, each migration in its own transaction.
pub(super) fn migrate_on(conn: &mut Connection) -> Result<(), StoreError> {
    conn.execute_batch(BOOKKEEPING)?;
    for migration in SQLITE {
        let done: Option<i64> = conn
            .query_row(APPLIED, [migration.version], |r| r.get(0))
            .optional()?;
        if done.is_some() {
            continue;
        }
        migration.announce();
        // The migration and its bookkeeping row in one transaction.
        let tx = conn.transaction()?;
        tx.execute_batch(migration.sql)?;
        after_migration(migration.version, &tx)?;
        tx.execute(
            NOTE_APPLIED,
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
