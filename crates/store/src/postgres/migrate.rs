//! The PostgreSQL schema brought up to date, by one node at a time.

use sqlx::Connection;
use sqlx::postgres::{PgConnection, PgPool};

use crate::StoreError;
use crate::migrate::{APPLIED, NOTE_APPLIED, POSTGRES};

/// Held while migrating, so that nodes starting together migrate one after the other.
const MIGRATION_LOCK: i64 = 0x6167_6f72_6100_0001;

/// Brings the schema up to date, each migration in its own transaction, under a lock that
/// nodes starting at once take in turn.
pub(super) async fn migrate(pool: &PgPool) -> Result<(), StoreError> {
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
        let done: Option<i64> = sqlx::query_scalar(APPLIED)
            .bind(migration.version)
            .fetch_optional(&mut *conn)
            .await?;
        if done.is_some() {
            continue;
        }
        migration.announce();
        let mut tx = conn.begin().await?;
        sqlx::raw_sql(migration.sql).execute(&mut *tx).await?;
        sqlx::query(NOTE_APPLIED)
            .bind(migration.version)
            .bind(migration.name)
            .bind(crate::now_ms())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }
    Ok(())
}
