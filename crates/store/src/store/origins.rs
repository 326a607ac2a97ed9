//! What the limits on abuse keep in the database so that they hold on every node and after a
//! restart: where each guest was made (the guests of one address share quotas), and requests
//! counted in windows of time (a rate limit shared by the nodes).

use super::{Backend, Store};
use crate::read;
use crate::write::{FORGET_ORIGINS, NOTE_ORIGIN, statement};
use crate::{AccountId, StoreError, TableId, TableStatus};

impl Store {
    /// Notes that guest `guest` was made from `address` at `now` (once; a second note for the
    /// same guest changes nothing).
    pub async fn note_guest_origin(
        &self,
        guest: AccountId,
        address: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        self.execute_one(statement!(NOTE_ORIGIN, guest.0, address, now))
            .await?;
        Ok(())
    }

    /// The address guest `guest` was made from, if it was noted (and not forgotten).
    pub async fn guest_origin(&self, guest: AccountId) -> Result<Option<String>, StoreError> {
        read!(self, c => read::guest_origin(c, guest))
    }

    /// The tables the guests made from `address` created that are open or being played, each
    /// with whether it has an AI seat: what counts against the address's limits when several
    /// servers share the store. `None` on SQLite, whose one server counts them itself.
    pub async fn live_tables_of_guests_from(
        &self,
        address: &str,
    ) -> Result<Option<Vec<(TableId, TableStatus, bool)>>, StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(None),
            Backend::Postgres(s) => s.live_tables_of_guests_from(address).await.map(Some),
        }
    }

    /// Forgets the origins noted before `before`; how many.
    pub async fn forget_guest_origins(&self, before: i64) -> Result<u64, StoreError> {
        self.execute_one(statement!(FORGET_ORIGINS, before)).await
    }

    /// Counts one more request of `key` in the window that started at `window_start`, and
    /// answers how many the window holds now, this one included: a limit shared by every
    /// node. `None` on SQLite, whose one server limits requests itself.
    pub async fn count_in_window(
        &self,
        key: &str,
        window_start: i64,
    ) -> Result<Option<u64>, StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(None),
            Backend::Postgres(s) => s.count_in_window(key, window_start).await.map(Some),
        }
    }

    /// Forgets the windows of [`Store::count_in_window`] that started before `before`.
    pub async fn forget_windows(&self, before: i64) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(s) => s.forget_windows(before).await,
        }
    }
}
