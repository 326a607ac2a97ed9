//! What the limits on abuse read and count in bulk, so that they cost one round trip for many
//! keys: the origins of many guests at once (the lobby's list), and many keys' requests counted
//! in their windows at once (the general HTTP limit shared by the nodes).

use super::{Backend, Store};
use crate::{AccountId, StoreError};

impl Store {
    /// Where each of `accounts` that is a guest with a noted origin was made: `(guest,
    /// address)`, in no order; accounts without one (users, bots, forgotten guests) are left out.
    pub async fn guest_origins_of(
        &self,
        accounts: &[AccountId],
    ) -> Result<Vec<(AccountId, String)>, StoreError> {
        if accounts.is_empty() {
            return Ok(Vec::new());
        }
        match &self.backend {
            Backend::Sqlite(s) => s.guest_origins_of(accounts).await,
            Backend::Postgres(s) => s.guest_origins_of(accounts).await,
        }
    }

    /// Adds `count` requests to each `(key, window_start)` of `claims` (each pair at most once)
    /// in one statement, as [`Store::count_in_window`] does for one, and answers each pair's
    /// count in the window after the addition, in the order given. `None` on SQLite, whose one
    /// server limits requests itself.
    pub async fn count_many_in_windows(
        &self,
        claims: &[(String, i64, u32)],
    ) -> Result<Option<Vec<u64>>, StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(None),
            Backend::Postgres(_) if claims.is_empty() => Ok(Some(Vec::new())),
            Backend::Postgres(s) => s.count_many_in_windows(claims).await.map(Some),
        }
    }
}
