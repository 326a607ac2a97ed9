//! Guests on PostgreSQL: default names numbered by the database, a guest signing up in
//! place, and open tables nobody joined in time called off (see the SQLite side, `sqlite/guests.rs`).

use sqlx::postgres::PgConnection;

use super::{PostgresStore, lock_name_key};
use crate::guests::numbered_name;
use crate::write::{NAME_GUEST, NAME_KEY_TAKEN, NEW_GUEST, SIGN_UP_GUEST};
use crate::{AccountId, StoreError, TableId, name_key};

impl PostgresStore {
    pub async fn create_numbered_guest(
        &self,
        pattern: &str,
        now: i64,
    ) -> Result<(AccountId, String), StoreError> {
        let mut tx = self.pool.begin().await?;
        let id: i64 = sqlx::query_scalar(NEW_GUEST)
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
        // Each key looked at is locked (as a sign-up locks its own), so that nobody takes the
        // name between the look and the update.
        let mut step = 0;
        let (name, key) = loop {
            let name = numbered_name(pattern, id, step);
            let key = name_key(&name);
            if !name_key_taken(&mut tx, &key, id).await? {
                break (name, key);
            }
            step += 1;
        };
        sqlx::query(NAME_GUEST)
            .bind(&name)
            .bind(&key)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok((AccountId(id), name))
    }

    pub async fn sign_up_guest(
        &self,
        guest: AccountId,
        name: &str,
        password_hash: &str,
    ) -> Result<i64, StoreError> {
        let key = name_key(name);
        let mut tx = self.pool.begin().await?;
        // The key's lock, which a guest made with a look-alike name waits for.
        lock_name_key(&mut tx, &key).await?;
        let created_at: Option<i64> = sqlx::query_scalar(SIGN_UP_GUEST)
            .bind(name)
            .bind(password_hash)
            .bind(&key)
            .bind(guest.0)
            .fetch_optional(&mut *tx)
            .await?;
        let created_at = created_at.ok_or(StoreError::NotFound)?;
        tx.commit().await?;
        Ok(created_at)
    }

    pub async fn expire_open_tables(
        &self,
        live_before: i64,
        correspondence_before: i64,
        now: i64,
    ) -> Result<Vec<TableId>, StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar(
            "UPDATE tables SET status = 'cancelled', expired_at = $3
             WHERE status = 'open'
               AND created_at < CASE (time_control::jsonb ->> 'kind')
                                WHEN 'live' THEN $1 ELSE $2 END
             RETURNING id",
        )
        .bind(live_before)
        .bind(correspondence_before)
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(TableId).collect())
    }
}

/// Whether an account other than `id` has the name key `key`, under the key's lock.
async fn name_key_taken(conn: &mut PgConnection, key: &str, id: i64) -> Result<bool, StoreError> {
    lock_name_key(conn, key).await?;
    Ok(sqlx::query_scalar(NAME_KEY_TAKEN)
        .bind(key)
        .bind(id)
        .fetch_one(&mut *conn)
        .await?)
}
