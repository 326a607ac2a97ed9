//! The store's reads, written once for both engines.
//!
//! sqlx reads SQLite and PostgreSQL alike, and SQLite takes PostgreSQL's `$1` placeholders,
//! so a query whose text is the same on both is written here once, generic over the
//! connection it runs on ([`Reader`]), with its rows decoded in one place (`crate::rows`).
//! Where the engines need different text, each one's [`Reader`] gives its own, with the
//! reason beside it (`sqlite/reader.rs`, `postgres/reader.rs`).

mod accounts;
mod ended;
mod lobby;
mod log;
mod ratings;

use std::future::Future;

use crate::rows::Readable;
use crate::{StoreError, TableId};

pub(crate) use accounts::{
    account, account_by_name, account_settings, alive_at, api_tokens, guest_origin, mail_settings,
    session, token_account, turn_mail_off_link,
};
pub(crate) use ended::{ended_games, tallies};
pub(crate) use lobby::{account_tables, games_in_play, open_tables, table};
pub(crate) use log::{events_since, game_since, hint, playing_games};
pub(crate) use ratings::{ladder, player_ratings, rating_changes};

/// A value bound to a read's `$n`.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Param<'a> {
    Int(i64),
    Text(&'a str),
    /// A list of tables, bound the way the engine's [`Reader::IN_IDS`] reads it.
    Ids(&'a [TableId]),
}

/// A connection of one engine, which the shared reads run on, and the read SQL that engine
/// words its own way.
pub(crate) trait Reader: Send {
    type Row: for<'r> Readable<'r>;

    /// `IN` the list of ids bound as `$1` (a [`Param::Ids`]), after a column.
    const IN_IDS: &'static str;
    /// The tables whose game is being played, as a condition on `tables`.
    const IN_PLAY: &'static str;
    /// The ids (`id`) of the games being played, oldest first.
    const PLAYING_GAMES: &'static str;
    /// Game `$1`'s row, with its rematch's table (`rematch`) if it has one.
    const GAME: &'static str;
    /// Game `$1`'s events after version `$2`, oldest first.
    const EVENTS_SINCE: &'static str;

    fn fetch_optional<'c>(
        &'c mut self,
        sql: &'c str,
        params: &'c [Param<'c>],
    ) -> impl Future<Output = Result<Option<Self::Row>, StoreError>> + Send + 'c;

    fn fetch_all<'c>(
        &'c mut self,
        sql: &'c str,
        params: &'c [Param<'c>],
    ) -> impl Future<Output = Result<Vec<Self::Row>, StoreError>> + Send + 'c;

    /// The row a read must find: [`StoreError::NotFound`] without it.
    fn fetch_one<'c>(
        &'c mut self,
        sql: &'c str,
        params: &'c [Param<'c>],
    ) -> impl Future<Output = Result<Self::Row, StoreError>> + Send + 'c {
        async move { (self.fetch_optional(sql, params).await?).ok_or(StoreError::NotFound) }
    }
}

/// The fetching half of a [`Reader`] for connection type `$conn`, the same on every engine
/// but for how a list of ids is bound (`$ids`, a function of `&[TableId]`), followed by the
/// engine's own SQL (`$item`s).
macro_rules! reader {
    ($conn:ty, ids: $ids:expr, $($item:item)*) => {
        impl $crate::read::Reader for $conn {
            type Row = <<$conn as sqlx::Connection>::Database as sqlx::Database>::Row;

            $($item)*

            async fn fetch_optional<'c>(
                &'c mut self,
                sql: &'c str,
                params: &'c [$crate::read::Param<'c>],
            ) -> Result<Option<Self::Row>, $crate::StoreError> {
                Ok(bound(sql, params).fetch_optional(self).await?)
            }

            async fn fetch_all<'c>(
                &'c mut self,
                sql: &'c str,
                params: &'c [$crate::read::Param<'c>],
            ) -> Result<Vec<Self::Row>, $crate::StoreError> {
                Ok(bound(sql, params).fetch_all(self).await?)
            }
        }

        /// `sql` with `params` bound to it.
        fn bound<'q>(
            sql: &'q str,
            params: &'q [$crate::read::Param<'q>],
        ) -> sqlx::query::Query<
            'q,
            <$conn as sqlx::Connection>::Database,
            <<$conn as sqlx::Connection>::Database as sqlx::Database>::Arguments<'q>,
        > {
            let mut query = sqlx::query(sql);
            for param in params {
                query = match *param {
                    $crate::read::Param::Int(value) => query.bind(value),
                    $crate::read::Param::Text(value) => query.bind(value),
                    $crate::read::Param::Ids(ids) => query.bind(($ids)(ids)),
                };
            }
            query
        }
    };
}
pub(crate) use reader;
