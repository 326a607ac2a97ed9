//! Web Push for correspondence games: each browser an account turned it on in, the row that
//! lets one push go out per game, account and turn, and the server's VAPID key.
//!
//! The statements are the same text on both engines, so each is written once here.

use crate::read::{Param, Reader};
use crate::rows::Readable;
use crate::{AccountId, StoreError};

/// One browser's push subscription (the Push API's `PushSubscription`, as its JSON says it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushSubscription {
    /// The push service's URL that takes this browser's messages.
    pub endpoint: String,
    /// The browser's P-256 public key, uncompressed, base64url.
    pub p256dh: String,
    /// The browser's 16-byte authentication secret, base64url.
    pub auth: String,
    /// The language of the page it was made on (`en`, `de`, `fr`).
    pub lang: String,
}

/// Keeps a subscription for `$2` (replacing the endpoint's keys and account, if it had one).
pub(crate) const SUBSCRIBE: &str =
    "INSERT INTO push_subscriptions (endpoint, account_id, p256dh, auth, lang, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (endpoint) DO UPDATE SET account_id = excluded.account_id,
         p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang,
         created_at = excluded.created_at";

/// Forgets endpoint `$1` of account `$2`.
pub(crate) const UNSUBSCRIBE: &str =
    "DELETE FROM push_subscriptions WHERE endpoint = $1 AND account_id = $2";

/// Forgets endpoint `$1`, whoever it was for (the push service said it is gone).
pub(crate) const GONE: &str = "DELETE FROM push_subscriptions WHERE endpoint = $1";

const SUBSCRIPTIONS: &str = "SELECT endpoint, p256dh, auth, lang FROM push_subscriptions
    WHERE account_id = $1 ORDER BY created_at, endpoint";

/// Takes the one push of a turn: inserts nothing when it was taken already.
pub(crate) const CLAIM_PUSH: &str =
    "INSERT INTO turn_pushes (game_id, account_id, version, claimed_at)
     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING";

/// Keeps `$1` as the VAPID key unless one was kept first.
pub(crate) const OFFER_VAPID: &str = "INSERT INTO vapid_keys (id, pkcs8, created_at)
    VALUES (1, $1, $2) ON CONFLICT DO NOTHING";

const VAPID: &str = "SELECT pkcs8 FROM vapid_keys WHERE id = 1";

pub(crate) async fn subscriptions(
    conn: &mut impl Reader,
    account: AccountId,
) -> Result<Vec<PushSubscription>, StoreError> {
    let rows = conn
        .fetch_all(SUBSCRIPTIONS, &[Param::Int(account.0)])
        .await?;
    rows.iter()
        .map(|row| {
            Ok(PushSubscription {
                endpoint: row.text("endpoint")?.to_string(),
                p256dh: row.text("p256dh")?.to_string(),
                auth: row.text("auth")?.to_string(),
                lang: row.text("lang")?.to_string(),
            })
        })
        .collect()
}

pub(crate) async fn vapid_key(conn: &mut impl Reader) -> Result<String, StoreError> {
    let row = conn.fetch_one(VAPID, &[]).await?;
    Ok(row.text("pkcs8")?.to_string())
}
