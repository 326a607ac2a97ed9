//! Ratings and the finished games behind them (see `crate::ratings`). A rated game is rated by
//! the append that ends it; these are the reads.

use super::{Backend, Store};
use crate::ratings::{EndedFilter, EndedPage, Player, PlayerRating, RatingChange, System, Tally};
use crate::read;
use crate::{AccountId, StoreError};

impl Store {
    /// A player's ratings, one per game and system it was rated in.
    pub async fn player_ratings(&self, player: &Player) -> Result<Vec<PlayerRating>, StoreError> {
        read!(self, c => read::player_ratings(c, player))
    }

    /// The best `limit` ratings of `game` in `system`, best first.
    pub async fn ladder(
        &self,
        game: &str,
        system: System,
        limit: i64,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        read!(self, c => read::ladder(c, game, system, limit))
    }

    /// What each rated game did to a player's rating, oldest first.
    pub async fn rating_changes(&self, player: &Player) -> Result<Vec<RatingChange>, StoreError> {
        read!(self, c => read::rating_changes(c, player))
    }

    /// Page `offset / limit` of `account`'s ended games that `filter` keeps, newest first,
    /// with how many it keeps in all (see `read/ended.rs`).
    pub async fn ended_games(
        &self,
        account: AccountId,
        filter: EndedFilter<'_>,
        offset: u64,
        limit: u64,
    ) -> Result<EndedPage, StoreError> {
        read!(self, c => read::ended_games(c, account, filter, offset, limit))
    }

    /// `account`'s finished games counted per game (by its name, in name order).
    pub async fn tallies(&self, account: AccountId) -> Result<Vec<(String, Tally)>, StoreError> {
        read!(self, c => read::tallies(c, account))
    }
}
