//! Which credential each open WebSocket was opened with, so that signing out or deleting a
//! token closes the sockets it opened: a credential checked once at the upgrade would
//! otherwise go on acting for as long as the socket lived.

use std::collections::HashMap;
use std::sync::Mutex;

use agora_store::{AccountId, StoreError};
use tokio::sync::watch;

use crate::AppState;
use crate::accounts::auth::Credential;

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Key {
    /// The hash of a session secret.
    Session(String),
    /// The hash of an API token.
    Token(String),
}

#[derive(Debug)]
struct Watched {
    account: AccountId,
    revoked: watch::Sender<bool>,
}

/// The credentials of open WebSockets.
#[derive(Debug, Default)]
pub struct LiveCredentials {
    watched: Mutex<HashMap<Key, Watched>>,
}

/// A WebSocket's hold on its credential: [`CredentialWatch::revoked`] resolves once it is
/// revoked.
#[derive(Debug)]
pub struct CredentialWatch {
    revoked: Option<watch::Receiver<bool>>,
}

impl CredentialWatch {
    /// A watch that never fires (a connection opened without a credential).
    pub fn none() -> CredentialWatch {
        CredentialWatch { revoked: None }
    }

    /// Whether the credential was revoked already.
    pub fn is_revoked(&self) -> bool {
        (self.revoked.as_ref()).is_some_and(|revoked| *revoked.borrow())
    }

    /// Resolves once the credential is revoked (never, if it is not).
    pub async fn revoked(&mut self) {
        if let Some(revoked) = &mut self.revoked
            && revoked.wait_for(|revoked| *revoked).await.is_ok()
        {
            return;
        }
        // No credential, or every sender gone without revoking: nothing will revoke it.
        std::future::pending::<()>().await;
    }
}

impl LiveCredentials {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Key, Watched>> {
        self.watched.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Watches `credential`, which `account` opened a WebSocket with.
    pub fn watch(&self, credential: &Credential, account: AccountId) -> CredentialWatch {
        let key = match credential {
            Credential::Session(secret) => Key::Session(secret.hash()),
            Credential::Token(secret) => Key::Token(secret.hash()),
        };
        let mut watched = self.lock();
        // Sockets closed since leave senders nobody listens to; drop them as we go.
        if watched.len() > 1024 && watched.len().is_power_of_two() {
            watched.retain(|_, w| w.revoked.receiver_count() > 0);
        }
        let entry = watched.entry(key).or_insert_with(|| Watched {
            account,
            revoked: watch::channel(false).0,
        });
        CredentialWatch {
            revoked: Some(entry.revoked.subscribe()),
        }
    }

    /// Closes the WebSockets opened with the session whose secret hashes to `token_hash`.
    pub fn revoke_session(&self, token_hash: &str) {
        if let Some(watched) = self.lock().remove(&Key::Session(token_hash.to_string())) {
            watched.revoked.send_replace(true);
        }
    }

    /// Closes the WebSockets whose credential the store no longer knows (a session signed out
    /// or expired, a token deleted), whichever account's.
    pub async fn recheck(&self, state: &AppState) {
        let keys: Vec<Key> = self.lock().keys().cloned().collect();
        let now = agora_store::now_ms();
        for key in keys {
            let gone = match &key {
                Key::Session(hash) => state.store().session(hash, now).await.map(|_| ()),
                Key::Token(hash) => state.store().token_account(hash).await.map(|_| ()),
            };
            match gone {
                Err(StoreError::NotFound) => {
                    if let Some(watched) = self.lock().remove(&key) {
                        watched.revoked.send_replace(true);
                    }
                }
                Ok(()) => {}
                Err(e) => tracing::warn!(error = %e, "credential not rechecked"),
            }
        }
    }

    /// Closes the WebSockets opened with tokens of `account` that the store no longer knows
    /// (one was just deleted; the caller does not know its hash).
    pub async fn revoke_deleted_tokens(&self, state: &AppState, account: AccountId) {
        let tokens: Vec<String> = (self.lock().iter())
            .filter_map(|(key, watched)| match key {
                Key::Token(hash) if watched.account == account => Some(hash.clone()),
                _ => None,
            })
            .collect();
        for hash in tokens {
            match state.store().token_account(&hash).await {
                Err(StoreError::NotFound) => {
                    if let Some(watched) = self.lock().remove(&Key::Token(hash)) {
                        watched.revoked.send_replace(true);
                    }
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "token not rechecked"),
            }
        }
    }
}

/// After a sign-out: forgets the session whose secret hashes to `token_hash` and closes its
/// WebSockets, here and on every other node (each remembers credentials for a while).
pub fn after_sign_out(state: &AppState, token_hash: &str) {
    forget_session_here(state, token_hash);
    state
        .games()
        .context()
        .node
        .publish_revocation(&format!("s {token_hash}"));
}

/// After one of `account`'s tokens was deleted: forgets every token and closes the
/// WebSockets opened with a deleted one, here and on every other node.
pub async fn after_token_deleted(state: &AppState, account: AccountId) {
    forget_deleted_tokens_here(state, account).await;
    state
        .games()
        .context()
        .node
        .publish_revocation(&format!("t {}", account.0));
}

pub(crate) fn forget_session_here(state: &AppState, token_hash: &str) {
    state.credentials().forget_session(token_hash);
    state.live_credentials().revoke_session(token_hash);
}

pub(crate) async fn forget_deleted_tokens_here(state: &AppState, account: AccountId) {
    state.credentials().forget_tokens();
    (state.live_credentials())
        .revoke_deleted_tokens(state, account)
        .await;
}

/// After this node may have missed revocations (its connection listening to the others was
/// lost): forgets every remembered credential, and checks each open WebSocket's again.
pub(crate) async fn recheck_all(state: &AppState) {
    state.credentials().forget_all();
    state.live_credentials().recheck(state).await;
}

/// What another node revoked (`"s <session hash>"` or `"t <account>"`), done here too.
pub(crate) async fn revoked_elsewhere(state: &AppState, payload: &str) {
    match payload.split_once(' ') {
        Some(("s", hash)) => forget_session_here(state, hash),
        Some(("t", account)) => match account.parse() {
            Ok(account) => forget_deleted_tokens_here(state, AccountId(account)).await,
            Err(_) => tracing::warn!(payload, "unreadable revocation"),
        },
        _ => tracing::warn!(payload, "unreadable revocation"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_store::Secret;

    #[tokio::test]
    async fn a_revoked_session_fires_its_watches_only() {
        let live = LiveCredentials::default();
        let ada = Secret::from_client("ada-secret");
        let bob = Secret::from_client("bob-secret");
        let mut first = live.watch(&Credential::Session(ada.clone()), AccountId(1));
        let mut second = live.watch(&Credential::Session(ada.clone()), AccountId(1));
        let mut other = live.watch(&Credential::Session(bob), AccountId(2));
        live.revoke_session(&ada.hash());
        assert!(first.is_revoked());
        first.revoked().await;
        second.revoked().await;
        let still = tokio::time::timeout(std::time::Duration::from_millis(20), other.revoked());
        assert!(still.await.is_err());
        assert!(!other.is_revoked());
        let mut none = CredentialWatch::none();
        let never = tokio::time::timeout(std::time::Duration::from_millis(20), none.revoked());
        assert!(never.await.is_err());
    }
}
