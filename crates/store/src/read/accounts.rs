//! Accounts, sessions, tokens and settings: reads the same on both engines.

use super::{Param, Reader};
use crate::mail::{BY_OFF_LINK, SETTINGS, off_link_from, settings_from};
use crate::rows::{Readable, account_from};
use crate::{Account, AccountId, MailSettings, StoreError};

const ACCOUNT_COLUMNS: &str = "id, name, kind, password_hash, created_at";

pub(crate) async fn account(conn: &mut impl Reader, id: AccountId) -> Result<Account, StoreError> {
    let sql = format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = $1");
    account_from(&conn.fetch_one(&sql, &[Param::Int(id.0)]).await?)
}

/// A signed-up user or bot by name, ignoring case.
pub(crate) async fn account_by_name(
    conn: &mut impl Reader,
    name: &str,
) -> Result<Account, StoreError> {
    let sql = format!(
        "SELECT {ACCOUNT_COLUMNS} FROM accounts
         WHERE lower(name) = lower($1) AND kind <> 'guest'"
    );
    account_from(&conn.fetch_one(&sql, &[Param::Text(name)]).await?)
}

/// The account of a session that has not expired at `now`, and when it expires.
pub(crate) async fn session(
    conn: &mut impl Reader,
    token_hash: &str,
    now: i64,
) -> Result<(Account, i64), StoreError> {
    let row = conn
        .fetch_one(
            "SELECT a.id, a.name, a.kind, a.password_hash, a.created_at, s.expires_at
             FROM sessions s JOIN accounts a ON a.id = s.account_id
             WHERE s.token_hash = $1 AND s.expires_at > $2",
            &[Param::Text(token_hash), Param::Int(now)],
        )
        .await?;
    Ok((account_from(&row)?, row.int("expires_at")?))
}

pub(crate) async fn token_account(
    conn: &mut impl Reader,
    token_hash: &str,
) -> Result<Account, StoreError> {
    let row = conn
        .fetch_one(
            "SELECT a.id, a.name, a.kind, a.password_hash, a.created_at
             FROM api_tokens t JOIN accounts a ON a.id = t.account_id
             WHERE t.token_hash = $1",
            &[Param::Text(token_hash)],
        )
        .await?;
    account_from(&row)
}

/// An account's tokens: (id, label, created_at).
pub(crate) async fn api_tokens(
    conn: &mut impl Reader,
    account: AccountId,
) -> Result<Vec<(i64, String, i64)>, StoreError> {
    let rows = conn
        .fetch_all(
            "SELECT id, label, created_at FROM api_tokens WHERE account_id = $1 ORDER BY id",
            &[Param::Int(account.0)],
        )
        .await?;
    rows.iter()
        .map(|r| {
            Ok((
                r.int("id")?,
                r.text("label")?.to_string(),
                r.int("created_at")?,
            ))
        })
        .collect()
}

pub(crate) async fn account_settings(
    conn: &mut impl Reader,
    account: AccountId,
) -> Result<Option<String>, StoreError> {
    let sql = "SELECT settings FROM account_settings WHERE account_id = $1";
    text_of(conn, sql, &[Param::Int(account.0)], "settings").await
}

pub(crate) async fn mail_settings(
    conn: &mut impl Reader,
    account: AccountId,
) -> Result<Option<MailSettings>, StoreError> {
    let row = conn
        .fetch_optional(SETTINGS, &[Param::Int(account.0)])
        .await?;
    row.as_ref().map(settings_from).transpose()
}

pub(crate) async fn turn_mail_off_link(
    conn: &mut impl Reader,
    off_hash: &str,
) -> Result<Option<(AccountId, bool)>, StoreError> {
    let row = conn
        .fetch_optional(BY_OFF_LINK, &[Param::Text(off_hash)])
        .await?;
    row.as_ref().map(off_link_from).transpose()
}

/// The address guest `guest` was made from, if it was noted (and not forgotten).
pub(crate) async fn guest_origin(
    conn: &mut impl Reader,
    guest: AccountId,
) -> Result<Option<String>, StoreError> {
    let sql = "SELECT address FROM guest_origins WHERE account_id = $1";
    text_of(conn, sql, &[Param::Int(guest.0)], "address").await
}

/// When a server over this store was last known to run, if ever.
pub(crate) async fn alive_at(conn: &mut impl Reader) -> Result<Option<i64>, StoreError> {
    let row = conn
        .fetch_optional("SELECT alive_at FROM server_alive WHERE id = 1", &[])
        .await?;
    row.as_ref().map(|row| row.int("alive_at")).transpose()
}

/// Column `column` of the row `sql` finds, if it finds one.
async fn text_of(
    conn: &mut impl Reader,
    sql: &str,
    params: &[Param<'_>],
    column: &str,
) -> Result<Option<String>, StoreError> {
    let row = conn.fetch_optional(sql, params).await?;
    let text = row.as_ref().map(|row| row.text(column)).transpose()?;
    Ok(text.map(str::to_string))
}
