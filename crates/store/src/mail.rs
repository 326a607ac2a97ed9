//! Email when it is an account's turn in a correspondence game: the account's address and
//! choice, and the row that lets one message go out per game, account and turn.
//!
//! The statements are the same text on both engines (`$1`, `$2`, … in the order they first
//! appear, which SQLite numbers alike), so each is written once here.

use crate::rows::Readable;
use crate::{AccountId, StoreError};

/// An account's email settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailSettings {
    pub address: String,
    /// The language its messages are written in (`en`, `de`, `fr`).
    pub lang: String,
    /// Whether it wants an email when a correspondence game waits for its move.
    pub turn_mail: bool,
}

/// Reads a row of [`SETTINGS`].
pub(crate) fn settings_from<'r, R: Readable<'r>>(row: &'r R) -> Result<MailSettings, StoreError> {
    Ok(MailSettings {
        address: row.text("address")?.to_string(),
        lang: row.text("lang")?.to_string(),
        turn_mail: row.flag("turn_mail")?,
    })
}

/// Reads a row of [`BY_OFF_LINK`].
pub(crate) fn off_link_from<'r, R: Readable<'r>>(
    row: &'r R,
) -> Result<(AccountId, bool), StoreError> {
    Ok((AccountId(row.int("account_id")?), row.flag("turn_mail")?))
}

/// A signed-up user's settings (a guest has none: the join keeps it that way whatever a
/// caller does).
pub(crate) const SETTINGS: &str = "SELECT m.address, m.lang, m.turn_mail
    FROM mail_settings m JOIN accounts a ON a.id = m.account_id
    WHERE m.account_id = $1 AND a.kind = 'user'";

pub(crate) const SAVE: &str =
    "INSERT INTO mail_settings (account_id, address, lang, turn_mail, updated_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_id) DO UPDATE SET address = excluded.address,
         lang = excluded.lang, turn_mail = excluded.turn_mail, updated_at = excluded.updated_at";

pub(crate) const FORGET: &str = "DELETE FROM mail_settings WHERE account_id = $1";

/// Takes the one message of a turn: inserts nothing when it was taken already.
pub(crate) const CLAIM: &str =
    "INSERT INTO turn_mails (game_id, account_id, version, off_hash, claimed_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING";

/// The account an off-link's secret was sent to, and whether its mail is still on.
pub(crate) const BY_OFF_LINK: &str = "SELECT t.account_id, m.turn_mail
    FROM turn_mails t JOIN mail_settings m ON m.account_id = t.account_id
    WHERE t.off_hash = $1";

/// Turns off the mail of the account an off-link was sent to: `$1` the time, `$2` the hash.
pub(crate) const TURN_OFF: &str = "UPDATE mail_settings SET turn_mail = false, updated_at = $1
    WHERE account_id = (SELECT account_id FROM turn_mails WHERE off_hash = $2)";
