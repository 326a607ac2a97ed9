//! Table chat's reads and writes (`crate::chat` has the statements): the one write path of a
//! message, with its rate limit, and mutes, the chat-off setting and reports.

use super::{Backend, Store};
use crate::chat::{
    CHAT_OFF, CHAT_ON, ChatBody, ChatChannel, ChatLimit, ChatMessage, ChatReport, IS_CHAT_OFF,
    MESSAGES, MUTE, MUTED_BY, MUTERS_OF, Posted, RECENT_BY, REPORT, REPORTS, UNMUTE, message_from,
    post_values, report_from, retry_after,
};
use crate::read::{Param, Reader};
use crate::rows::Readable;
use crate::write::statement;
use crate::{AccountId, StoreError, TableId};

/// Game `$1`'s messages after id `$2`, without the senders `$3` muted.
async fn messages<C: Reader>(
    conn: &mut C,
    params: [Param<'_>; 3],
) -> Result<Vec<ChatMessage>, StoreError> {
    let rows = conn.fetch_all(MESSAGES, &params).await?;
    rows.iter().map(message_from).collect()
}

async fn reports<C: Reader>(conn: &mut C, limit: i64) -> Result<Vec<ChatReport>, StoreError> {
    let rows = conn.fetch_all(REPORTS, &[Param::Int(limit)]).await?;
    rows.iter().map(report_from).collect()
}

/// The accounts (`id`, `name`) `sql` lists for account `account`.
async fn accounts<C: Reader>(
    conn: &mut C,
    sql: &str,
    account: AccountId,
) -> Result<Vec<(AccountId, Option<String>)>, StoreError> {
    let rows = conn.fetch_all(sql, &[Param::Int(account.0)]).await?;
    (rows.iter())
        .map(|row| Ok((AccountId(row.int("id")?), row.maybe_text("name")?)))
        .collect()
}

/// The times (`created_at`, newest first) `sql` lists for `params`.
async fn times<C: Reader>(
    conn: &mut C,
    sql: &str,
    params: [Param<'_>; 3],
) -> Result<Vec<i64>, StoreError> {
    let rows = conn.fetch_all(sql, &params).await?;
    rows.iter().map(|row| row.int("created_at")).collect()
}

impl Store {
    /// Stores a message by `account` (called `name`) in `channel` of `game` at `now`, unless
    /// the account's messages already reach one of `limits` (a short window and a long one):
    /// counted in the same statement, from the stored messages, so on every node at once.
    #[allow(clippy::too_many_arguments)]
    pub async fn post_chat(
        &self,
        game: TableId,
        channel: ChatChannel,
        account: AccountId,
        name: &str,
        body: ChatBody,
        now: i64,
        limits: [ChatLimit; 2],
    ) -> Result<Posted, StoreError> {
        let post = post_values(game, channel, account, &body, now, limits);
        let posted = match &self.backend {
            Backend::Sqlite(s) => s.returning(post).await,
            Backend::Postgres(s) => s.returning(post).await,
        };
        match posted {
            Ok(id) => Ok(Posted::Posted(ChatMessage {
                id,
                game,
                channel,
                account,
                name: name.to_string(),
                body,
                at: now,
            })),
            // The statement inserted nothing: a limit is reached.
            Err(StoreError::Database(sqlx::Error::RowNotFound))
            | Err(StoreError::Sqlite(rusqlite::Error::QueryReturnedNoRows)) => {
                let longest = limits.iter().map(|l| l.window_ms).max().unwrap_or(0);
                let most = limits.iter().map(|l| l.most).max().unwrap_or(0);
                let params = [
                    Param::Int(account.0),
                    Param::Int(now - longest),
                    Param::Int(i64::from(most)),
                ];
                let times = read!(self, c => times(c, RECENT_BY, params))?;
                Ok(Posted::Limited {
                    retry_after_ms: retry_after(&times, limits, now),
                })
            }
            Err(e) => Err(e),
        }
    }

    /// Game `game`'s messages after id `after`, oldest first, both chats, without those of
    /// the accounts `reader` muted (`None`: a reader who muted nobody).
    pub async fn chat_messages(
        &self,
        game: TableId,
        after: i64,
        reader: Option<AccountId>,
    ) -> Result<Vec<ChatMessage>, StoreError> {
        let params = [
            Param::Int(game.0),
            Param::Int(after),
            Param::Int(reader.map_or(0, |a| a.0)),
        ];
        read!(self, c => messages(c, params))
    }

    /// `account` mutes `muted` (again: nothing changes).
    pub async fn mute(
        &self,
        account: AccountId,
        muted: AccountId,
        now: i64,
    ) -> Result<(), StoreError> {
        self.execute_one(statement!(MUTE, account.0, muted.0, now))
            .await?;
        Ok(())
    }

    /// `account` unmutes `muted`; `false` if it had not muted it.
    pub async fn unmute(&self, account: AccountId, muted: AccountId) -> Result<bool, StoreError> {
        Ok(self
            .execute_one(statement!(UNMUTE, account.0, muted.0))
            .await?
            == 1)
    }

    /// The accounts `account` muted, with their names, by name.
    pub async fn muted_by(
        &self,
        account: AccountId,
    ) -> Result<Vec<(AccountId, String)>, StoreError> {
        let muted = read!(self, c => accounts(c, MUTED_BY, account))?;
        Ok((muted.into_iter())
            .map(|(id, name)| (id, name.unwrap_or_default()))
            .collect())
    }

    /// The accounts that muted `account`: those its messages must not reach.
    pub async fn muters_of(&self, account: AccountId) -> Result<Vec<AccountId>, StoreError> {
        let muters = read!(self, c => accounts(c, MUTERS_OF, account))?;
        Ok(muters.into_iter().map(|(id, _)| id).collect())
    }

    /// Whether `account` turned table chat off.
    pub async fn chat_off(&self, account: AccountId) -> Result<bool, StoreError> {
        let off = read!(self, c => accounts(c, IS_CHAT_OFF, account))?;
        Ok(!off.is_empty())
    }

    /// Turns table chat off (or on again) for `account`.
    pub async fn set_chat_off(
        &self,
        account: AccountId,
        off: bool,
        now: i64,
    ) -> Result<(), StoreError> {
        let change = match off {
            true => statement!(CHAT_OFF, account.0, now),
            false => statement!(CHAT_ON, account.0),
        };
        self.execute_one(change).await?;
        Ok(())
    }

    /// Keeps a report of game `game`'s chat by `reporter`, with a copy of `messages` (both
    /// chats as they are now); the report's id.
    pub async fn report_chat(
        &self,
        game: TableId,
        reporter: AccountId,
        reason: &str,
        messages: &[ChatMessage],
        now: i64,
    ) -> Result<i64, StoreError> {
        let copy = serde_json::to_string(messages)?;
        let report = statement!(REPORT, game.0, reporter.0, reason, copy, now);
        match &self.backend {
            Backend::Sqlite(s) => s.returning(report).await,
            Backend::Postgres(s) => s.returning(report).await,
        }
    }

    /// The newest `limit` reports, newest first.
    pub async fn chat_reports(&self, limit: i64) -> Result<Vec<ChatReport>, StoreError> {
        read!(self, c => reports(c, limit))
    }
}
