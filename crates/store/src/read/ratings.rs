//! Ratings and the ladders: reads the same on both engines (the SQL is `ratings/sql.rs`'s,
//! which the writers share).

use super::{Param, Reader};
use crate::StoreError;
use crate::ratings::sql::{self, change_from, rating_from};
use crate::ratings::{Player, PlayerRating, RatingChange, System};

/// A player's ratings, one per game and system it was rated in.
pub(crate) async fn player_ratings(
    conn: &mut impl Reader,
    player: &Player,
) -> Result<Vec<PlayerRating>, StoreError> {
    let player = player.to_string();
    let rows = conn
        .fetch_all(&sql::of_player(), &[Param::Text(&player)])
        .await?;
    rows.iter().map(rating_from).collect()
}

/// The best `limit` ratings of `game` in `system`, best first.
pub(crate) async fn ladder(
    conn: &mut impl Reader,
    game: &str,
    system: System,
    limit: i64,
) -> Result<Vec<PlayerRating>, StoreError> {
    let params = [
        Param::Text(game),
        Param::Text(system.as_str()),
        Param::Int(limit),
    ];
    let rows = conn.fetch_all(&sql::ladder(), &params).await?;
    rows.iter().map(rating_from).collect()
}

/// What each rated game did to a player's rating, oldest first.
pub(crate) async fn rating_changes(
    conn: &mut impl Reader,
    player: &Player,
) -> Result<Vec<RatingChange>, StoreError> {
    let player = player.to_string();
    let rows = conn
        .fetch_all(sql::CHANGES, &[Param::Text(&player)])
        .await?;
    rows.iter().map(change_from).collect()
}
