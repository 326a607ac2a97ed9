//! Ratings on PostgreSQL: a rated game is rated in the transaction of the append that ends
//! it (`log.rs`), with the same SQL as on SQLite (`ratings/sql.rs`); the reads are `read/ratings.rs`.

use agora_engine::Outcome;
use sqlx::{PgConnection, Row};

use crate::StoreError;
use crate::ratings::sql::{self, players_of};
use crate::ratings::{Rating, System, rate_game};

/// Rates game `game_id`, which `outcome` ends at `at`, if its table is rated and it has not
/// been rated yet. Runs inside the append's transaction.
pub(crate) async fn rate_on_end(
    tx: &mut PgConnection,
    game_id: i64,
    outcome: &Outcome,
    at: i64,
) -> Result<(), StoreError> {
    let table: Option<(String, bool)> = sqlx::query_as(sql::TABLE)
        .bind(game_id)
        .fetch_optional(&mut *tx)
        .await?;
    let Some((game, true)) = table else {
        return Ok(());
    };
    let already: i64 = sqlx::query_scalar(sql::RATED_ALREADY)
        .bind(game_id)
        .fetch_one(&mut *tx)
        .await?;
    if already > 0 {
        return Ok(());
    }
    let seats: Vec<(Option<i64>, Option<String>)> = sqlx::query_as(sql::SEATS)
        .bind(game_id)
        .fetch_all(&mut *tx)
        .await?;
    let Some(players) = players_of(seats) else {
        return Ok(());
    };
    let system = System::for_seats(players.len());
    let mut current = Vec::with_capacity(players.len());
    for player in &players {
        let row = sqlx::query(sql::CURRENT)
            .bind(&game)
            .bind(system.as_str())
            .bind(player.to_string())
            .fetch_optional(&mut *tx)
            .await?;
        current.push(match row {
            Some(row) => Some(Rating {
                rating: row.try_get(0)?,
                deviation: row.try_get(1)?,
                volatility: row.try_get(2)?,
            }),
            None => None,
        });
    }
    let (system, updates) = rate_game(&game, &players, &current, outcome);
    for u in updates {
        let player = u.player.to_string();
        sqlx::query(sql::UPSERT)
            .bind(&game)
            .bind(system.as_str())
            .bind(&player)
            .bind(u.player.account().map(|a| a.0))
            .bind(u.after.rating)
            .bind(u.after.deviation)
            .bind(u.after.volatility)
            .bind(i64::from(u.won))
            .bind(at)
            .execute(&mut *tx)
            .await?;
        sqlx::query(sql::CHANGE)
            .bind(game_id)
            .bind(&player)
            .bind(&game)
            .bind(system.as_str())
            .bind(u.before.rating)
            .bind(u.after.rating)
            .bind(u.after.deviation)
            .bind(u.won)
            .bind(at)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}
