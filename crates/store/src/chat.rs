//! Table chat (migrations 0018 SQLite, 0013 PostgreSQL): each game's two chats, mutes, the
//! setting that turns chat off, and reports. The statements are the same text on both
//! engines, so each is written once here; [`crate::Store`] runs them.
//!
//! A message is posted by one statement that also keeps the account's rate limit: it inserts
//! only while the account's own messages in each window are fewer than the limit allows, so
//! the limit holds however many nodes the account's messages go through.

use serde::{Deserialize, Serialize};

use crate::rows::{Readable, parse};
use crate::{AccountId, StoreError, TableId};

/// Which of a table's two chats a message is in.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatChannel {
    /// The seated players'.
    Players,
    /// The spectators'.
    Spectators,
}

impl ChatChannel {
    pub const fn code(self) -> &'static str {
        match self {
            ChatChannel::Players => "players",
            ChatChannel::Spectators => "spectators",
        }
    }
}

impl std::str::FromStr for ChatChannel {
    type Err = ();

    fn from_str(s: &str) -> Result<ChatChannel, ()> {
        match s {
            "players" => Ok(ChatChannel::Players),
            "spectators" => Ok(ChatChannel::Spectators),
            _ => Err(()),
        }
    }
}

/// What a message says: free text, or a quick message's code, worded for each reader.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatBody {
    Text(String),
    Quick(String),
}

impl ChatBody {
    fn kind(&self) -> &'static str {
        match self {
            ChatBody::Text(_) => "text",
            ChatBody::Quick(_) => "quick",
        }
    }

    fn body(&self) -> &str {
        match self {
            ChatBody::Text(text) | ChatBody::Quick(text) => text,
        }
    }
}

/// The quick messages' codes, in the order they are offered: the one list the server checks
/// a quick message against and the narrators word (`agora_present::chat`), in each reader's
/// own language.
pub const QUICK: [&str; 9] = [
    "hello",
    "good_luck",
    "your_turn",
    "one_moment",
    "well_played",
    "thanks",
    "sorry",
    "oops",
    "good_game",
];

/// One stored message, with its sender's name as it is now.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ChatMessage {
    pub id: i64,
    pub game: TableId,
    pub channel: ChatChannel,
    pub account: AccountId,
    pub name: String,
    pub body: ChatBody,
    pub at: i64,
}

/// At most `most` messages per account in any `window_ms`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ChatLimit {
    pub most: u32,
    pub window_ms: i64,
}

/// What a post came to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Posted {
    Posted(ChatMessage),
    /// Over a limit: nothing was stored; the account may post again in this long.
    Limited {
        retry_after_ms: i64,
    },
}

/// A reported table chat, as an operator reads it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChatReport {
    pub id: i64,
    pub game: TableId,
    pub reporter: AccountId,
    pub reporter_name: String,
    pub reason: String,
    pub at: i64,
    /// Both chats as they were when reported, oldest first.
    pub messages: Vec<ChatMessage>,
}

/// A message, if the account's messages in both windows are fewer than their limits:
/// `$1` game, `$2` channel, `$3` account, `$4` kind, `$5` body, `$6` now, then the short
/// window (`$7` its length, `$8` its most) and the long one (`$9`, `$10`).
pub(crate) const POST: &str =
    "INSERT INTO chat_messages (game_id, channel, account_id, kind, body, created_at)
     SELECT $1, $2, $3, $4, $5, $6
     WHERE (SELECT count(*) FROM chat_messages
            WHERE account_id = $3 AND created_at > $6 - $7) < $8
       AND (SELECT count(*) FROM chat_messages
            WHERE account_id = $3 AND created_at > $6 - $9) < $10
     RETURNING id";

pub(crate) const MUTE: &str = "INSERT INTO chat_mutes (account_id, muted_id, created_at)
     VALUES ($1, $2, $3) ON CONFLICT DO NOTHING";

pub(crate) const UNMUTE: &str = "DELETE FROM chat_mutes WHERE account_id = $1 AND muted_id = $2";

pub(crate) const CHAT_OFF: &str = "INSERT INTO chat_off (account_id, created_at)
     VALUES ($1, $2) ON CONFLICT DO NOTHING";

pub(crate) const CHAT_ON: &str = "DELETE FROM chat_off WHERE account_id = $1";

pub(crate) const REPORT: &str =
    "INSERT INTO chat_reports (game_id, reporter_id, reason, messages, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id";

/// Game `$1`'s messages after id `$2`, oldest first, leaving out the senders account `$3`
/// muted.
pub(crate) const MESSAGES: &str =
    "SELECT m.id, m.game_id, m.channel, m.account_id, a.name, m.kind, m.body, m.created_at
     FROM chat_messages m JOIN accounts a ON a.id = m.account_id
     WHERE m.game_id = $1 AND m.id > $2
       AND NOT EXISTS (SELECT 1 FROM chat_mutes u
                       WHERE u.account_id = $3 AND u.muted_id = m.account_id)
     ORDER BY m.id";

/// Account `$1`'s messages since `$2`, newest first, at most `$3`: what its limits count.
pub(crate) const RECENT_BY: &str = "SELECT created_at FROM chat_messages
     WHERE account_id = $1 AND created_at > $2 ORDER BY created_at DESC LIMIT $3";

/// The accounts account `$1` muted, by name.
pub(crate) const MUTED_BY: &str = "SELECT a.id, a.name FROM chat_mutes u
     JOIN accounts a ON a.id = u.muted_id WHERE u.account_id = $1 ORDER BY lower(a.name), a.id";

/// The accounts that muted account `$1`.
pub(crate) const MUTERS_OF: &str =
    "SELECT account_id AS id, NULL AS name FROM chat_mutes WHERE muted_id = $1";

pub(crate) const IS_CHAT_OFF: &str =
    "SELECT account_id AS id, NULL AS name FROM chat_off WHERE account_id = $1";

/// The newest `$1` reports.
pub(crate) const REPORTS: &str = "SELECT r.id, r.game_id, r.reporter_id, a.name, r.reason,
         r.messages, r.created_at
     FROM chat_reports r JOIN accounts a ON a.id = r.reporter_id
     ORDER BY r.created_at DESC, r.id DESC LIMIT $1";

/// The values of [`POST`] for `body` by `account` at `now`, under `limits` (short, long).
pub(crate) fn post_values(
    game: TableId,
    channel: ChatChannel,
    account: AccountId,
    body: &ChatBody,
    now: i64,
    limits: [ChatLimit; 2],
) -> crate::write::Statement {
    let [short, long] = limits;
    crate::write::statement!(
        POST,
        game.0,
        channel.code(),
        account.0,
        body.kind(),
        body.body(),
        now,
        short.window_ms,
        i64::from(short.most),
        long.window_ms,
        i64::from(long.most),
    )
}

/// How long until `account` may post again, given its messages' times (newest first) within
/// the longer window: the time its oldest counted message leaves a full window.
pub(crate) fn retry_after(times: &[i64], limits: [ChatLimit; 2], now: i64) -> i64 {
    limits
        .iter()
        .filter_map(|limit| {
            let nth = times.get(limit.most.checked_sub(1)? as usize)?;
            (*nth > now - limit.window_ms).then(|| nth + limit.window_ms - now)
        })
        .max()
        .unwrap_or(0)
        .max(1)
}

pub(crate) fn message_from<'r, R: Readable<'r>>(row: &'r R) -> Result<ChatMessage, StoreError> {
    let body = row.text("body")?.to_string();
    Ok(ChatMessage {
        id: row.int("id")?,
        game: TableId(row.int("game_id")?),
        channel: parse(row.text("channel")?)?,
        account: AccountId(row.int("account_id")?),
        name: row.text("name")?.to_string(),
        body: match row.text("kind")? {
            "text" => ChatBody::Text(body),
            "quick" => ChatBody::Quick(body),
            other => return Err(StoreError::Corrupt(format!("chat kind {other:?}"))),
        },
        at: row.int("created_at")?,
    })
}

pub(crate) fn report_from<'r, R: Readable<'r>>(row: &'r R) -> Result<ChatReport, StoreError> {
    Ok(ChatReport {
        id: row.int("id")?,
        game: TableId(row.int("game_id")?),
        reporter: AccountId(row.int("reporter_id")?),
        reporter_name: row.text("name")?.to_string(),
        reason: row.text("reason")?.to_string(),
        at: row.int("created_at")?,
        messages: serde_json::from_str(row.text("messages")?)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: [ChatLimit; 2] = [
        ChatLimit {
            most: 2,
            window_ms: 10_000,
        },
        ChatLimit {
            most: 3,
            window_ms: 60_000,
        },
    ];

    #[test]
    fn the_wait_is_until_the_oldest_counted_message_leaves_its_window() {
        // Two in the last 10 s: the older of them (at 95 000) leaves at 105 000.
        assert_eq!(retry_after(&[99_000, 95_000], LIMITS, 100_000), 5_000);
        // Three in the minute: the third newest (at 50 000) leaves at 110 000.
        assert_eq!(
            retry_after(&[99_000, 80_000, 50_000], LIMITS, 100_000),
            10_000
        );
        // Under both limits (a race let it through): at least a millisecond.
        assert_eq!(retry_after(&[], LIMITS, 100_000), 1);
    }
}
