use agora_store::{Account, AccountKind, Secret, StoreError, now_ms};
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::extract::FromRequestParts;
use axum::http::header::{AUTHORIZATION, COOKIE};
use axum::http::request::Parts;

use crate::{ApiError, AppState};

/// The name of the session cookie.
pub const SESSION_COOKIE: &str = "agora_session";

/// Hashes a password with argon2id and a fresh salt (PHC string).
pub fn hash_password(password: &str) -> Result<String, ApiError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|_| ApiError::Internal)?;
    let salt = SaltString::encode_b64(&salt).map_err(|_| ApiError::Internal)?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|_| ApiError::Internal)
}

pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// A display name: 2 to 24 letters, digits, spaces, `_` or `-`, not starting or ending with
/// a space.
pub fn check_name(name: &str) -> Result<(), ApiError> {
    let count = name.chars().count();
    let ok = (2..=24).contains(&count)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '_' | '-'))
        && !name.starts_with(' ')
        && !name.ends_with(' ');
    if ok {
        Ok(())
    } else {
        Err(ApiError::BadRequest(
            "a name has 2 to 24 letters, digits, spaces, '_' or '-'".into(),
        ))
    }
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
    format!(
        "{SESSION_COOKIE}={}; Path=/; Max-Age={max_age_s}; HttpOnly; SameSite=Lax{}",
        secret.as_str(),
        if secure { "; Secure" } else { "" }
    )
}

/// The `Set-Cookie` value that ends a session.
pub fn clear_cookie() -> String {
    format!("{SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
}

/// How a request proved who it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credential {
    Session(Secret),
    Token(Secret),
}

/// The session cookie or bearer token of a request, if any.
pub fn credential(parts: &Parts) -> Option<Credential> {
    if let Some(value) = parts
        .headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        && let Some(token) = value.strip_prefix("Bearer ")
    {
        return Some(Credential::Token(Secret::from_client(token.trim())));
    }
    parts
        .headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == SESSION_COOKIE)
        .map(|(_, value)| Credential::Session(Secret::from_client(value)))
}

/// Whoever sent the request, if signed in. A credential that is not valid is an error, not
/// an anonymous request, so a bot with a revoked token hears about it.
#[derive(Clone, Debug)]
pub struct MaybeAccount(pub Option<Account>);

/// A signed-in account (user, guest or bot).
#[derive(Clone, Debug)]
pub struct SignedIn(pub Account);

async fn account_of(parts: &Parts, state: &AppState) -> Result<Option<Account>, ApiError> {
    let Some(credential) = credential(parts) else {
        return Ok(None);
    };
    let found = match &credential {
        Credential::Session(secret) => {
            state
                .store()
                .session_account(&secret.hash(), now_ms())
                .await
        }
        Credential::Token(secret) => state.store().token_account(&secret.hash()).await,
    };
    match found {
        Ok(account) => Ok(Some(account)),
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
