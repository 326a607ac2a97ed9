//! Guests on SQLite: default names numbered by the database, a guest signing up in place, and
//! open tables nobody joined in time called off.

use rusqlite::{Connection, OptionalExtension, params};

use super::SqliteStore;
use crate::guests::numbered_name;
use crate::write::{NAME_GUEST, NAME_KEY_TAKEN, NEW_GUEST, SIGN_UP_GUEST};
use crate::{AccountId, StoreError, TableId, name_key};

impl SqliteStore {
    pub async fn create_numbered_guest(
        &self,
        pattern: &str,
        now: i64,
    ) -> Result<(AccountId, String), StoreError> {
        let pattern = pattern.to_string();
        let (id, name) = self
            .writer
            .write(move |conn| {
                let id: i64 = conn
                    .prepare_cached(NEW_GUEST)?
                    .query_row(params![now], |r| r.get(0))?;
                let mut step = 0;
                let name = loop {
                    let name = numbered_name(&pattern, id, step);
                    if !name_key_taken(conn, &name_key(&name), id)? {
                        break name;
                    }
                    step += 1;
                };
                conn.prepare_cached(NAME_GUEST)?
                    .execute(params![name, name_key(&name), id])?;
                Ok((id, name))
            })
            .await?;
        Ok((AccountId(id), name))
    }

    pub async fn sign_up_guest(
        &self,
        guest: AccountId,
        name: &str,
        password_hash: &str,
    ) -> Result<i64, StoreError> {
        let (name_text, hash, key) = (name.to_string(), password_hash.to_string(), name_key(name));
        let created_at = self
            .writer
            .write(move |conn| {
                let created_at: Option<i64> = conn
                    .prepare_cached(SIGN_UP_GUEST)?
                    .query_row(params![name_text, hash, key, guest.0], |r| r.get(0))
                    .optional()?;
                created_at.ok_or(StoreError::NotFound)
            })
            .await?;
        Ok(created_at)
    }

    pub async fn expire_open_tables(
        &self,
        live_before: i64,
        correspondence_before: i64,
        now: i64,
    ) -> Result<Vec<TableId>, StoreError> {
        self.writer
            .write(move |conn| {
                let mut statement = conn.prepare_cached(
                    "UPDATE tables SET status = 'cancelled', expired_at = ?3
                     WHERE status = 'open'
                       AND created_at < CASE json_extract(time_control, '$.kind')
                                        WHEN 'live' THEN ?1 ELSE ?2 END
                     RETURNING id",
                )?;
                let ids = statement
                    .query_map(params![live_before, correspondence_before, now], |r| {
                        r.get(0).map(TableId)
                    })?
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(ids)
            })
            .await
    }
}

/// Whether an account other than `id` has the name key `key`.
fn name_key_taken(conn: &Connection, key: &str, id: i64) -> Result<bool, StoreError> {
    Ok(conn
        .prepare_cached(NAME_KEY_TAKEN)?
        .query_row(params![key, id], |r| r.get(0))?)
}
