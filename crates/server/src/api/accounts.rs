//! Accounts: sign-up, sign-in, guests, sessions and API tokens.

use agora_store::{Account, AccountKind, Secret, StoreError, TableStatus, now_ms};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::{ApiResult, table_json};
use crate::accounts::auth::{
    SignedIn, check_name, check_password, clear_cookie, credential, may_hold_tokens, session_cookie,
};
use crate::accounts::password::{hash_password, verify_password};
use crate::http::body::Body;
use crate::{ApiError, AppState};

fn account_json(account: &Account) -> Value {
    json!({"id": account.id, "name": account.name, "kind": account.kind})
}

/// Starts a session for `account`: the cookie for browsers, and the same secret in the body
/// for programs that prefer to keep it themselves.
async fn open_session(state: &AppState, account: &Account) -> Result<Response, ApiError> {
    let secret = Secret::random();
    let now = now_ms();
    let days = state.config().session_days;
    state
        .store()
        .create_session(&secret.hash(), account.id, now, now + days * 86_400_000)
        .await?;
    let cookie = session_cookie(&secret, days * 86_400, state.config().secure_cookies);
    let mut response = Json(json!({"account": account_json(account)})).into_response();
    response.headers_mut().insert(
        SET_COOKIE,
        HeaderValue::from_str(&cookie).map_err(|_| ApiError::Internal)?,
    );
    Ok(response)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignUp {
    name: String,
    password: String,
    /// A bot account plays through API tokens.
    #[serde(default)]
    bot: bool,
}

#[utoipa::path(
    post,
    path = "/api/signup",
    tag = "accounts",
    summary = "A new user or bot account, signed in (session cookie).",
    request_body(content = SignUp, content_type = "application/json"),
    responses((status = 200, description = "`{\"account\": {...}}`, with `Set-Cookie`", body = Object))
)]
pub async fn signup(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(body): Body<SignUp>,
) -> ApiResult<Response> {
    check_name(&body.name)?;
    check_password(&body.password)?;
    let password = body.password;
    let hash = state
        .hashing()
        .run(move || hash_password(&password))
        .await
        .ok_or(ApiError::Internal)??;
    let kind = if body.bot {
        AccountKind::Bot
    } else {
        AccountKind::User
    };
    // A guest signing up as a user becomes that user: its games, settings and sessions go
    // on as the account's own.
    let guest = match kind {
        AccountKind::User => guest_session(&state, &headers).await?,
        _ => None,
    };
    let made = match &guest {
        Some((guest, _)) => {
            state
                .store()
                .sign_up_guest(guest.id, &body.name, &hash)
                .await
        }
        None => {
            (state.store())
                .create_account(&body.name, kind, Some(&hash), now_ms())
                .await
        }
    };
    let account = match made {
        Err(StoreError::Conflict(_)) => return Err(ApiError::NameTaken),
        other => other?,
    };
    // A new secret for the signed-up account (the guest's is never good for it), and the
    // guest's remembered account forgotten everywhere.
    if let Some((guest, token_hash)) = guest {
        state.store().delete_session(&token_hash).await?;
        crate::accounts::revoke::after_sign_out(&state, &token_hash);
        if guest.name != account.name {
            rename_in_games(&state, &account).await?;
        }
    }
    open_session(&state, &account).await
}

/// Shows `account`'s new name in the games of it that are being played.
async fn rename_in_games(state: &AppState, account: &Account) -> Result<(), ApiError> {
    let tables = state.store().account_tables(account.id, 200).await?;
    for table in tables.iter().filter(|t| t.status == TableStatus::Playing) {
        if let Ok(handle) = state.games().handle(table.id).await {
            handle.rename(account.id, account.name.clone()).await;
        }
    }
    Ok(())
}

/// The guest whose session cookie `headers` carry, and the session's hash; `None` for anyone
/// else, and for a session that expired (signing up then makes a new account).
async fn guest_session(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<(Account, String)>, ApiError> {
    let Some(crate::accounts::auth::Credential::Session(secret)) =
        crate::accounts::auth::credential_in(headers, state.config().secure_cookies)
    else {
        return Ok(None);
    };
    let token_hash = secret.hash();
    match state.store().session(&token_hash, now_ms()).await {
        Ok((account, _)) if account.kind == AccountKind::Guest => Ok(Some((account, token_hash))),
        Ok(_) | Err(StoreError::NotFound) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    name: String,
    password: String,
}

#[utoipa::path(
    post,
    path = "/api/signin",
    tag = "accounts",
    summary = "Signs in with a name and password (session cookie).",
    request_body(content = SignIn, content_type = "application/json"),
    responses((status = 200, description = "`{\"account\": {...}}`, with `Set-Cookie`", body = Object))
)]
pub async fn signin(
    State(state): State<AppState>,
    Body(body): Body<SignIn>,
) -> ApiResult<Response> {
    let account = match state.store().account_by_name(&body.name).await {
        Ok(account) => Some(account),
        Err(StoreError::NotFound) => None,
        Err(e) => return Err(e.into()),
    };
    let hash = account.as_ref().and_then(|a| a.password_hash.clone());
    let password = body.password;
    // Verify even when the name is unknown, so timing does not tell which names exist.
    let ok = state
        .hashing()
        .run(move || {
            let dummy = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$5sJj1eRZ1b1k5uJbI0dZpZ8Yb3Q8m8R3ZC2rKQ0x3xU";
            verify_password(&password, hash.as_deref().unwrap_or(dummy)) && hash.is_some()
        })
        .await
        .unwrap_or(false);
    match account {
        Some(account) if ok => open_session(&state, &account).await,
        _ => Err(ApiError::BadCredentials),
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Guest {
    /// The guest's display name; guests may share one.
    #[serde(default)]
    name: Option<String>,
    /// Instead of a name: a default name with `{number}` where a number goes that no other
    /// account's name has (`"Gast {number}"` gives `"Gast 12"`), for a guest who gave none.
    #[serde(default)]
    name_pattern: Option<String>,
}

#[utoipa::path(
    post,
    path = "/api/guest",
    tag = "accounts",
    summary = "A new guest account, signed in (session cookie).",
    request_body(content = Guest, content_type = "application/json"),
    responses((status = 200, description = "`{\"account\": {...}}`, with `Set-Cookie`", body = Object))
)]
pub async fn guest(
    State(state): State<AppState>,
    peer: Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>,
    Body(body): Body<Guest>,
) -> ApiResult<Response> {
    // Guests count by the address that made them (or the client behind a trusted proxy);
    // only a well-formed request counts.
    let address = peer.map(|axum::Extension(axum::extract::ConnectInfo(peer))| peer.ip());
    let store = state.store();
    let made = match (body.name, body.name_pattern) {
        (Some(name), None) => {
            check_name(&name)?;
            crate::accounts::quota::admit_guest(&state, address).await?;
            (store.create_account(&name, AccountKind::Guest, None, now_ms())).await
        }
        (None, Some(pattern)) => {
            check_name_pattern(&pattern)?;
            crate::accounts::quota::admit_guest(&state, address).await?;
            store.create_numbered_guest(&pattern, now_ms()).await
        }
        _ => {
            return Err(ApiError::BadRequest(
                "give a guest either a name or a name_pattern".into(),
            ));
        }
    };
    let account = match made {
        Err(StoreError::Conflict(_)) => return Err(ApiError::NameTaken),
        other => other?,
    };
    crate::accounts::quota::guest_made(&state, account.id, address).await;
    open_session(&state, &account).await
}

/// A default name's pattern: `{number}` once, in a name that is good with the longest
/// number the store may put there (an account id, a `-` and a step).
fn check_name_pattern(pattern: &str) -> Result<(), ApiError> {
    if pattern.matches(agora_store::GUEST_NUMBER).count() != 1 {
        return Err(ApiError::BadRequest(
            "a name_pattern holds {number} once".into(),
        ));
    }
    check_name(&pattern.replace(agora_store::GUEST_NUMBER, "1234567-1"))
}

#[utoipa::path(
    post,
    path = "/api/signout",
    tag = "accounts",
    summary = "Ends this session.",
    responses((status = 200, description = "`{\"ok\": true}`; the cookie is cleared", body = Object))
)]
pub async fn signout(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let (mut parts, ()) = axum::http::Request::new(()).into_parts();
    parts.headers = headers;
    let secure = state.config().secure_cookies;
    if let Some(crate::accounts::auth::Credential::Session(secret)) = credential(&parts, secure) {
        state.store().delete_session(&secret.hash()).await?;
        crate::accounts::revoke::after_sign_out(&state, &secret.hash());
    }
    let mut response = Json(json!({"ok": true})).into_response();
    response.headers_mut().insert(
        SET_COOKIE,
        HeaderValue::from_str(&clear_cookie(secure)).map_err(|_| ApiError::Internal)?,
    );
    Ok(response)
}

#[utoipa::path(
    get,
    path = "/api/me",
    tag = "accounts",
    summary = "The signed-in account.",
    responses((status = 200, description = "`{\"account\": {\"id\", \"name\", \"kind\"}}`", body = Object))
)]
pub async fn me(SignedIn(account): SignedIn) -> Json<Value> {
    Json(json!({"account": account_json(&account)}))
}

#[utoipa::path(
    get,
    path = "/api/me/games",
    tag = "accounts",
    summary = "The tables the account sits at, newest first (200 at most).",
    responses((status = 200, description = "`{\"tables\": [...]}`", body = Object))
)]
pub async fn my_games(State(state): State<AppState>, SignedIn(account): SignedIn) -> ApiResult {
    let tables = state.store().account_tables(account.id, 200).await?;
    Ok(Json(
        json!({"tables": tables.iter().map(table_json).collect::<Vec<_>>()}),
    ))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewToken {
    #[serde(default)]
    label: String,
}

#[utoipa::path(
    post,
    path = "/api/tokens",
    tag = "tokens",
    summary = "A new API token (users and bots).",
    request_body(content = Option<NewToken>, content_type = "application/json"),
    responses((status = 200, description = "`{\"id\", \"label\", \"token\"}`: the token is shown once", body = Object))
)]
pub async fn create_token(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Body(body): Body<NewToken>,
) -> ApiResult {
    if !may_hold_tokens(&account) {
        return Err(ApiError::Forbidden(
            "guests cannot hold API tokens; sign up",
        ));
    }
    let label: String = body.label.chars().take(60).collect();
    let secret = Secret::random();
    let id = state
        .store()
        .create_api_token(&secret.hash(), account.id, &label, now_ms())
        .await?;
    Ok(Json(
        json!({"id": id, "label": label, "token": secret.as_str()}),
    ))
}

#[utoipa::path(
    get,
    path = "/api/tokens",
    tag = "tokens",
    summary = "The account's API tokens.",
    responses((status = 200, description = "`{\"tokens\": [{\"id\", \"label\", \"created_at\"}]}`", body = Object))
)]
pub async fn tokens(State(state): State<AppState>, SignedIn(account): SignedIn) -> ApiResult {
    let tokens = state.store().api_tokens(account.id).await?;
    Ok(Json(
        json!({"tokens": tokens.iter().map(|(id, label, at)| json!({
        "id": id, "label": label, "created_at": at
    })).collect::<Vec<_>>()}),
    ))
}

#[utoipa::path(
    delete,
    path = "/api/tokens/{id}",
    tag = "tokens",
    summary = "Revokes a token.",
    params(("id" = String, Path, description = "the token id")),
    responses((status = 200, description = "`{\"ok\": true}`", body = Object))
)]
pub async fn delete_token(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
) -> ApiResult {
    let id: i64 = id.parse().map_err(|_| ApiError::NotFound("token"))?;
    let deleted = state.store().delete_api_token(account.id, id).await;
    crate::accounts::revoke::after_token_deleted(&state, account.id).await;
    match deleted {
        Err(StoreError::NotFound) => Err(ApiError::NotFound("token")),
        other => other
            .map(|()| Json(json!({"ok": true})))
            .map_err(Into::into),
    }
}
