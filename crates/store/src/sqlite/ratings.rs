//! Ratings on SQLite: a rated game is rated by the writer, in the transaction that ends it
//! (`group_commit::append_batch`); the reads are `read/ratings.rs`, shared with PostgreSQL.

use agora_engine::Outcome;
use rusqlite::{Connection, OptionalExtension, params};

use crate::StoreError;
use crate::ratings::sql::{self, players_of};
use crate::ratings::{Rating, System, rate_game};

/// Rates game `game_id`, which `outcome` ends at `at`, if its table is rated and it has not
/// been rated yet. Runs inside the append's transaction.
pub(crate) fn rate_on_end(
    tx: &Connection,
    game_id: i64,
    outcome: &Outcome,
    at: i64,
) -> Result<(), StoreError> {
    let table = (tx.prepare_cached(sql::TABLE)?)
        .query_row([game_id], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, bool>(1)?))
        })
        .optional()?;
    let Some((game, true)) = table else {
        return Ok(());
    };
    let already: i64 = tx
        .prepare_cached(sql::RATED_ALREADY)?
        .query_row([game_id], |r| r.get(0))?;
    if already > 0 {
        return Ok(());
    }
    let seats = (tx.prepare_cached(sql::SEATS)?)
        .query_map([game_id], |r| {
            Ok((r.get::<_, Option<i64>>(0)?, r.get::<_, Option<String>>(1)?))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let Some(players) = players_of(seats) else {
        return Ok(());
    };
    let system = System::for_seats(players.len());
    let mut current_of = tx.prepare_cached(sql::CURRENT)?;
    let current = (players.iter())
        .map(|p| {
            current_of
                .query_row(params![game, system.as_str(), p.to_string()], |r| {
                    Ok(Rating {
                        rating: r.get(0)?,
                        deviation: r.get(1)?,
                        volatility: r.get(2)?,
                    })
                })
                .optional()
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (system, updates) = rate_game(&game, &players, &current, outcome);
    let mut upsert = tx.prepare_cached(sql::UPSERT)?;
    let mut change = tx.prepare_cached(sql::CHANGE)?;
    for u in updates {
        let player = u.player.to_string();
        upsert.execute(params![
            game,
            system.as_str(),
            player,
            u.player.account().map(|a| a.0),
            u.after.rating,
            u.after.deviation,
            u.after.volatility,
            i64::from(u.won),
            at,
        ])?;
        change.execute(params![
            game_id,
            player,
            game,
            system.as_str(),
            u.before.rating,
            u.after.rating,
            u.after.deviation,
            u.won,
            at,
        ])?;
    }
    Ok(())
}
