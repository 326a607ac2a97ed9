//! The ratings' SQL, the same text on both backends (`$n` parameters, each first used in
//! order, which SQLite numbers alike), and the readers of its rows.

use super::{Player, PlayerRating, Rating, RatingChange};
use crate::rows::{Readable, parse};
use crate::{AccountId, StoreError, TableId};

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

pub(crate) fn rating_from<'r, R: Readable<'r>>(row: &'r R) -> Result<PlayerRating, StoreError> {
    Ok(PlayerRating {
        game: row.text("game")?.to_string(),
        system: parse(row.text("system")?)?,
        player: parse(row.text("player")?)?,
        name: row.maybe_text("name")?,
        rating: Rating {
            rating: row.real("rating")?,
            deviation: row.real("deviation")?,
            volatility: row.real("volatility")?,
        },
        games: row.int("games")? as u32,
        wins: row.int("wins")? as u32,
        updated_at: row.int("updated_at")?,
    })
}

pub(crate) fn change_from<'r, R: Readable<'r>>(row: &'r R) -> Result<RatingChange, StoreError> {
    Ok(RatingChange {
        game_id: TableId(row.int("game_id")?),
        game: row.text("game")?.to_string(),
        system: parse(row.text("system")?)?,
        before: row.real("before")?,
        rating: row.real("rating")?,
        deviation: row.real("deviation")?,
        won: row.flag("won")?,
        at: row.int("at")?,
    })
}

/// Each seat's player, from its account or else its computer level; `None` when a seat has
/// neither (nobody to rate there).
pub(crate) fn players_of(seats: Vec<(Option<i64>, Option<String>)>) -> Option<Vec<Player>> {
    (seats.into_iter())
        .map(|seat| match seat {
            (Some(account), _) => Some(Player::Account(AccountId(account))),
            (None, Some(level)) => Some(Player::Ai(level)),
            (None, None) => None,
        })
        .collect()
}
