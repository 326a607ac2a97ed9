//! Guests' origins on SQLite (see `Store::note_guest_origin`).

use rusqlite::params;

use super::SqliteStore;
use crate::write::{FORGET_ORIGINS, NOTE_ORIGIN};
use crate::{AccountId, StoreError};

impl SqliteStore {
    pub async fn note_guest_origin(
        &self,
        guest: AccountId,
        address: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let address = address.to_string();
        self.writer
            .write(move |conn| {
                conn.prepare_cached(NOTE_ORIGIN)?
                    .execute(params![guest.0, address, now])?;
                Ok(())
            })
            .await
    }

    pub async fn forget_guest_origins(&self, before: i64) -> Result<u64, StoreError> {
        self.writer
            .write(move |conn| {
                let gone = conn
                    .prepare_cached(FORGET_ORIGINS)?
                    .execute(params![before])?;
                Ok(gone as u64)
            })
            .await
    }
}
