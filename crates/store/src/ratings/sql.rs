//! The ratings' SQL, the same text on both backends (`$n` parameters, each first used in
//! order, which SQLite numbers alike), and the readers of its rows.

use sqlx::{ColumnIndex, Decode, Row, Type};

use super::{PlayedGame, PlayerRating, Rating, RatingChange};
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

/// An account's finished games, newest first, of one game or (`$2` empty) all.
pub(crate) const PLAYED: &str = "SELECT t.id, t.game, t.rated, s.seat, g.outcome, g.finished_at,
            (SELECT count(*) FROM seats c WHERE c.table_id = t.id) AS seat_count
     FROM seats s JOIN tables t ON t.id = s.table_id JOIN games g ON g.table_id = t.id
     WHERE s.account_id = $1 AND t.status = 'finished' AND ($2 = '' OR t.game = $2)
     ORDER BY g.finished_at DESC, t.id DESC LIMIT $3";

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

pub(crate) fn played_from<'r, R: Row>(row: &'r R) -> Result<PlayedGame, StoreError>
where
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    bool: Decode<'r, R::Database> + Type<R::Database>,
    &'r str: Decode<'r, R::Database> + Type<R::Database>,
{
    let outcome: Option<&str> = row.try_get("outcome")?;
    Ok(PlayedGame {
        id: TableId(row.try_get("id")?),
        game: row.try_get::<&str, _>("game")?.to_string(),
        rated: row.try_get("rated")?,
        seat: row.try_get::<i64, _>("seat")? as u8,
        seats: row.try_get::<i64, _>("seat_count")? as usize,
        outcome: outcome.map(serde_json::from_str).transpose()?,
        finished_at: row.try_get::<Option<i64>, _>("finished_at")?.unwrap_or(0),
    })
}
