use std::collections::HashMap;
use std::sync::Mutex;

use agora_store::{Account, AccountKind, Secret, StoreError, now_ms};
use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::header::{AUTHORIZATION, COOKIE};
use axum::http::request::Parts;
use unicode_security::general_security_profile::IdentifierType;
use unicode_security::{
    GeneralSecurityProfile, MixedScript, is_potential_mixed_script_confusable_char,
};

use crate::{ApiError, AppState};

/// The name of the session cookie on a plain-HTTP site.
pub const SESSION_COOKIE: &str = "agora_session";
/// The name of the session cookie on an HTTPS site (`--public-url https://...`). Browsers
/// take a `__Host-` cookie only from a secure origin, with `Secure`, `Path=/` and no
/// `Domain`, so a neighbouring subdomain or a plain-HTTP page cannot plant one (a session
/// fixed in advance).
pub const SECURE_SESSION_COOKIE: &str = "__Host-agora_session";

/// The session cookie's name: prefixed on an HTTPS site.
pub fn session_cookie_name(secure: bool) -> &'static str {
    if secure {
        SECURE_SESSION_COOKIE
    } else {
        SESSION_COOKIE
    }
}

/// A display name: 2 to 24 letters (of any script), digits, spaces, `_` or `-`, not starting
/// or ending with a space, and not mixing scripts with a letter that looks like another
/// script's (Latin `a` beside Cyrillic `а`: UTS #39's mixed-script confusables). Names that
/// look alike as a whole are refused by the store (`agora_store::name_key`). No invisible
/// character: control and format characters (zero-width, bidi controls) are not letters,
/// and letters that show nothing (the Hangul fillers U+3164, U+115F, U+FFA0) are refused by
/// their UTS #39 identifier type.
pub fn check_name(name: &str) -> Result<(), ApiError> {
    let count = name.chars().count();
    let ok = (2..=24).contains(&count)
        && name
            .chars()
            .all(|c| (c.is_alphanumeric() && !is_invisible(c)) || matches!(c, ' ' | '_' | '-'))
        && !name.starts_with(' ')
        && !name.ends_with(' ');
    if !ok {
        return Err(ApiError::BadRequest(
            "a name has 2 to 24 letters, digits, spaces, '_' or '-'".into(),
        ));
    }
    if !name.is_single_script() && name.chars().any(is_potential_mixed_script_confusable_char) {
        return Err(ApiError::BadRequest(
            "a name mixes scripts with letters that look like another script's; write it in one script"
                .into(),
        ));
    }
    Ok(())
}

/// A character that shows nothing: default-ignorable, or not a character at all.
fn is_invisible(c: char) -> bool {
    matches!(
        c.identifier_type(),
        Some(IdentifierType::Default_Ignorable | IdentifierType::Not_Character)
    )
}

pub fn check_password(password: &str) -> Result<(), ApiError> {
    if (8..=128).contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(ApiError::BadRequest(
            "a password has 8 to 128 characters".into(),
        ))
    }
}

/// The `Set-Cookie` value of a new session.
pub fn session_cookie(secret: &Secret, max_age_s: i64, secure: bool) -> String {
    cookie(secret.as_str(), max_age_s, secure)
}

/// The `Set-Cookie` value that ends a session (with the same attributes as the one that
/// set it: a browser drops a `__Host-` cookie only with `Secure`).
pub fn clear_cookie(secure: bool) -> String {
    cookie("", 0, secure)
}

fn cookie(value: &str, max_age_s: i64, secure: bool) -> String {
    format!(
        "{}={value}; Path=/; Max-Age={max_age_s}; HttpOnly; SameSite=Lax{}",
        session_cookie_name(secure),
        if secure { "; Secure" } else { "" }
    )
}

/// How a request proved who it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credential {
    Session(Secret),
    Token(Secret),
}

/// The session cookie (named for a secure site or not) or bearer token of a request, if any.
pub fn credential(parts: &Parts, secure: bool) -> Option<Credential> {
    credential_in(&parts.headers, secure)
}

/// The session cookie (named for a secure site or not) or bearer token in `headers`, if
/// any. On an HTTPS site an unprefixed cookie is not read: anyone may have planted it.
pub fn credential_in(headers: &HeaderMap, secure: bool) -> Option<Credential> {
    let cookie_name = session_cookie_name(secure);
    if let Some(value) = headers.get(AUTHORIZATION).and_then(|v| v.to_str().ok())
        && let Some(token) = value.strip_prefix("Bearer ")
    {
        return Some(Credential::Token(Secret::from_client(token.trim())));
    }
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == cookie_name)
        .map(|(_, value)| Credential::Session(Secret::from_client(value)))
}

/// Whoever sent the request, if signed in. A credential that is not valid is an error, not
/// an anonymous request, so a bot with a revoked token hears about it.
#[derive(Clone, Debug)]
pub struct MaybeAccount(pub Option<Account>);

/// A signed-in account (user, guest or bot).
#[derive(Clone, Debug)]
pub struct SignedIn(pub Account);

/// How long a credential's account is remembered without asking the database again.
const REMEMBER_MS: i64 = 60_000;
/// Credentials remembered at most; past that the cache starts over.
const REMEMBER_AT_MOST: usize = 100_000;

/// The accounts behind recently used credentials, so that a client's every request (a bot
/// playing over HTTP, a WebSocket opened per game) does not cost a database read.
///
/// Exact: a session is never remembered past its expiry, signing out forgets its session at
/// once, and deleting any API token forgets every token. With several nodes on one database,
/// each sign-out and deletion is told to the others, which forget the same at once
/// (`revoke.rs`).
#[derive(Debug, Default)]
pub struct CredentialCache {
    entries: Mutex<HashMap<(CredentialKind, String), Remembered>>,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum CredentialKind {
    Session,
    Token,
}

#[derive(Debug)]
struct Remembered {
    account: Account,
    until: i64,
}

impl CredentialCache {
    fn get(&self, key: &(CredentialKind, String), now: i64) -> Option<Account> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries
            .get(key)
            .filter(|r| r.until > now)
            .map(|r| r.account.clone())
    }

    fn put(&self, key: (CredentialKind, String), account: Account, until: i64) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= REMEMBER_AT_MOST {
            entries.clear();
        }
        entries.insert(key, Remembered { account, until });
    }

    /// Forgets a session (at sign-out).
    pub fn forget_session(&self, token_hash: &str) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.remove(&(CredentialKind::Session, token_hash.to_string()));
    }

    /// Forgets everything (this node may have missed a revocation).
    pub fn forget_all(&self) {
        self.entries
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }

    /// Forgets every API token (one was deleted; the cache does not know which hash it had).
    pub fn forget_tokens(&self) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.retain(|(kind, _), _| *kind != CredentialKind::Token);
    }
}

async fn account_of(parts: &Parts, state: &AppState) -> Result<Option<Account>, ApiError> {
    let Some(credential) = credential(parts, state.config().secure_cookies) else {
        return Ok(None);
    };
    let now = now_ms();
    let key = match &credential {
        Credential::Session(secret) => (CredentialKind::Session, secret.hash()),
        Credential::Token(secret) => (CredentialKind::Token, secret.hash()),
    };
    let cache = state.credentials();
    if let Some(account) = cache.get(&key, now) {
        return Ok(Some(account));
    }
    let found = match key.0 {
        CredentialKind::Session => state
            .store()
            .session(&key.1, now)
            .await
            .map(|(account, expires_at)| (account, expires_at.min(now + REMEMBER_MS))),
        CredentialKind::Token => state
            .store()
            .token_account(&key.1)
            .await
            .map(|account| (account, now + REMEMBER_MS)),
    };
    match found {
        Ok((account, until)) => {
            cache.put(key, account.clone(), until);
            Ok(Some(account))
        }
        Err(StoreError::NotFound) => Err(ApiError::Unauthorized),
        Err(e) => Err(e.into()),
    }
}

impl FromRequestParts<AppState> for MaybeAccount {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        account_of(parts, state).await.map(MaybeAccount)
    }
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        account_of(parts, state)
            .await?
            .map(SignedIn)
            .ok_or(ApiError::Unauthorized)
    }
}

/// Whether an account may hold API tokens.
pub fn may_hold_tokens(account: &Account) -> bool {
    account.kind != AccountKind::Guest
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_store::AccountId;

    fn account() -> Account {
        Account {
            id: AccountId(7),
            name: "ada".into(),
            kind: AccountKind::User,
            password_hash: None,
            created_at: 0,
        }
    }

    #[test]
    fn names_of_every_script_but_no_mixed_look_alikes() {
        for good in [
            "ada",
            "Ada Lovelace",
            "r2-d2",
            "x_y",
            "Иван",
            "李小龍",
            "さくら",
            "山田たろう",
            "Ελένη",
            "محمد",
            "Zoë 42",
        ] {
            assert_eq!(check_name(good), Ok(()), "{good:?}");
        }
        for bad in [
            "p\u{430}ypal", // Latin with a Cyrillic а
            "\u{3bf}live",  // a Greek ο before Latin
            "Ivan Иван",
            "a",
            " ada",
            "ada!",
            "ada\u{200b}",      // a zero-width space
            "\u{3164}\u{3164}", // Hangul fillers, which are letters that show nothing
            "a\u{3164}a",
            "\u{115f}\u{1160}b",
            "\u{ffa0}\u{ffa0}",
            "ad\u{202e}a", // a bidi override
            "ad\u{2066}a", // a bidi isolate
            "ad\u{200d}a", // a zero-width joiner
            "ad\u{feff}a", // a byte order mark
            "ad\u{7}a",    // a control character
            "ad\u{ad}a",   // a soft hyphen
        ] {
            assert!(check_name(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn remembered_credentials_expire_and_are_forgotten() {
        let cache = CredentialCache::default();
        let session = (CredentialKind::Session, "s".to_string());
        let token = (CredentialKind::Token, "t".to_string());
        cache.put(session.clone(), account(), 100);
        cache.put(token.clone(), account(), 100);
        assert_eq!(cache.get(&session, 99), Some(account()));
        // Never past the moment given (a session's expiry, or the remembering time).
        assert_eq!(cache.get(&session, 100), None);
        cache.forget_session("s");
        assert_eq!(cache.get(&session, 50), None);
        assert_eq!(cache.get(&token, 50), Some(account()));
        cache.forget_tokens();
        assert_eq!(cache.get(&token, 50), None);
    }
}
