//! The ratings' SQL, the same text on both backends (`$n` parameters, each first used in
//! order, which SQLite numbers alike), and the readers of its rows.

use sqlx::{ColumnIndex, Decode, Row, Type};

use super::{PlayerRating, Rating, RatingChange};
use crate::rows::parse;
use crate::{StoreError, TableId};

/// A game's kind and whether it is rated.
pub(crate) const TABLE: &str = "SELECT game, rated FROM tables WHERE id = $1";

/// Whether a game has rated anyone already: a replayed end rates nobody twice.
pub(crate) const RATED_ALREADY: &str = "SELECT count(*) FROM rating_changes WHERE game_id = $1";

/// Who sits at each seat, in order: an account, else the computer's level.
pub(crate) const SEATS: &str =
    "SELECT account_id, ai_level FROM seats WHERE table_id = $1 ORDER BY seat";

pub(crate) const CURRENT: &str = "SELECT rating, deviation, volatility FROM ratings
     WHERE game = $1 AND system = $2 AND player = $3";

pub(crate) const UPSERT: &str = "INSERT INTO ratings
         (game, system, player, account_id, rating, deviation, volatility, games, wins, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9)
     ON CONFLICT (game, system, player) DO UPDATE
         SET rating = excluded.rating, deviation = excluded.deviation,
             volatility = excluded.volatility, games = ratings.games + 1,
             wins = ratings.wins + excluded.wins, updated_at = excluded.updated_at";

pub(crate) const CHANGE: &str = "INSERT INTO rating_changes
         (game_id, player, game, system, before, rating, deviation, won, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";

/// Each seat's result when game `$1` finishes with `$2` winners, seat `n` among them when bit
/// `n` of `$3` is set: every seat among the winners is a draw (as [`super::GameResult::of`]).
pub(crate) const SEAT_RESULTS: &str = "UPDATE seats SET result = CASE
         WHEN (SELECT count(*) FROM seats c WHERE c.table_id = $1) <= CAST($2 AS BIGINT)
             THEN 'drawn'
         WHEN (CAST($3 AS BIGINT) >> CAST(seat AS INTEGER)) & 1 = 1 THEN 'won'
         ELSE 'lost'
     END
     WHERE table_id = $1";

/// The parameters of [`SEAT_RESULTS`] after the game's id: how many seats won, and which.
pub(crate) fn winners(outcome: &agora_engine::Outcome) -> (i64, i64) {
    let mask = (outcome.winners.iter()).fold(0i64, |mask, seat| mask | 1 << seat.0);
    (outcome.winners.len() as i64, mask)
}

const RATING_COLUMNS: &str = "r.game, r.system, r.player, a.name, r.rating, r.deviation,
     r.volatility, r.games, r.wins, r.updated_at
     FROM ratings r LEFT JOIN accounts a ON a.id = r.account_id";

/// A player's ratings, every game and system.
pub(crate) fn of_player() -> String {
    format!("SELECT {RATING_COLUMNS} WHERE r.player = $1 ORDER BY r.game, r.system")
}

/// A ladder, best first.
pub(crate) fn ladder() -> String {
    format!(
        "SELECT {RATING_COLUMNS} WHERE r.game = $1 AND r.system = $2
         ORDER BY r.rating DESC, r.games DESC LIMIT $3"
    )
}

/// A player's rating changes, oldest first.
pub(crate) const CHANGES: &str =
    "SELECT game_id, game, system, before, rating, deviation, won, at FROM rating_changes
     WHERE player = $1 ORDER BY at, game_id";

pub(crate) fn rating_from<'r, R: Row>(row: &'r R) -> Result<PlayerRating, StoreError>
where
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    f64: Decode<'r, R::Database> + Type<R::Database>,
    &'r str: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
{
    Ok(PlayerRating {
        game: row.try_get::<&str, _>("game")?.to_string(),
        system: parse(row.try_get::<&str, _>("system")?)?,
        player: parse(row.try_get::<&str, _>("player")?)?,
        name: row.try_get("name")?,
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
        },
        games: row.try_get::<i64, _>("games")? as u32,
        wins: row.try_get::<i64, _>("wins")? as u32,
        updated_at: row.try_get("updated_at")?,
    })
}

pub(crate) fn change_from<'r, R: Row>(row: &'r R) -> Result<RatingChange, StoreError>
where
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    f64: Decode<'r, R::Database> + Type<R::Database>,
    bool: Decode<'r, R::Database> + Type<R::Database>,
    &'r str: Decode<'r, R::Database> + Type<R::Database>,
{
    Ok(RatingChange {
        game_id: TableId(row.try_get("game_id")?),
        game: row.try_get::<&str, _>("game")?.to_string(),
        system: parse(row.try_get::<&str, _>("system")?)?,
        before: row.try_get("before")?,
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        won: row.try_get("won")?,
        at: row.try_get("at")?,
    })
}
