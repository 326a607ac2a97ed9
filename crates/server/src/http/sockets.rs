//! WebSockets open per account: one account may hold only so many at once, so that it cannot
//! take the connections everyone else needs (1,200 for one account were accepted before).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use agora_store::AccountId;

use crate::ApiError;

/// How many WebSockets each account holds open.
#[derive(Debug, Default)]
pub struct AccountSockets(Arc<Mutex<HashMap<AccountId, usize>>>);

/// One open WebSocket of an account, counted until dropped.
#[derive(Debug)]
pub struct AccountSocket {
    counts: Arc<Mutex<HashMap<AccountId, usize>>>,
    account: AccountId,
}

impl AccountSockets {
    /// Counts one more socket for `account`, or refuses (`409 limit_reached`) when it holds
    /// `cap` already.
    pub fn open(&self, account: AccountId, cap: usize) -> Result<AccountSocket, ApiError> {
        let mut counts = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let count = counts.entry(account).or_insert(0);
        if *count >= cap {
            return Err(ApiError::LimitReached(
                "this account has as many live connections open as it may: close some",
            ));
        }
        *count += 1;
        Ok(AccountSocket {
            counts: self.0.clone(),
            account,
        })
    }
}

impl Drop for AccountSocket {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = counts.get_mut(&self.account) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.account);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_holds_at_most_its_cap_and_a_closed_socket_frees_its_place() {
        let sockets = AccountSockets::default();
        let (ada, bob) = (AccountId(1), AccountId(2));
        let first = sockets.open(ada, 2).unwrap();
        let _second = sockets.open(ada, 2).unwrap();
        assert!(sockets.open(ada, 2).is_err());
        assert!(sockets.open(bob, 2).is_ok(), "another account");
        drop(first);
        assert!(sockets.open(ada, 2).is_ok());
    }
}
