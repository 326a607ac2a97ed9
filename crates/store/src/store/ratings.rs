//! Ratings and the finished games behind them (see `crate::ratings`). A rated game is rated by
//! the append that ends it; these are the reads.

use super::{Backend, Store};
use crate::ratings::{PlayedGame, Player, PlayerRating, RatingChange, System};
use crate::{AccountId, StoreError};

impl Store {
    /// A player's ratings, one per game and system it was rated in.
    pub async fn player_ratings(&self, player: &Player) -> Result<Vec<PlayerRating>, StoreError> {
        match &self.backend {
            Backend::Sqlite(s) => s.player_ratings(player).await,
            Backend::Postgres(s) => s.player_ratings(player).await,
        }
    }

    /// The best `limit` ratings of `game` in `system`, best first.
    pub async fn ladder(
        &self,
        game: &str,
        system: System,
        limit: i64,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        match &self.backend {
            Backend::Sqlite(s) => s.ladder(game, system, limit).await,
            Backend::Postgres(s) => s.ladder(game, system, limit).await,
        }
    }

    /// What each rated game did to a player's rating, oldest first.
    pub async fn rating_changes(&self, player: &Player) -> Result<Vec<RatingChange>, StoreError> {
        match &self.backend {
            Backend::Sqlite(s) => s.rating_changes(player).await,
            Backend::Postgres(s) => s.rating_changes(player).await,
        }
    }

    /// The newest `limit` finished games `account` sat at, of `game` or of every game.
    pub async fn played_games(
        &self,
        account: AccountId,
        game: Option<&str>,
        limit: i64,
    ) -> Result<Vec<PlayedGame>, StoreError> {
        match &self.backend {
            Backend::Sqlite(s) => s.played_games(account, game, limit).await,
            Backend::Postgres(s) => s.played_games(account, game, limit).await,
        }
    }
}
