//! An account's ended games, for "My games" and players' profiles: filtered by game and
//! result and paged in SQL, the same on both engines.
//!
//! A finished game's result is its seat's `result` (written when it finished, migration
//! 0020); a game called off (`aborted`), or a table called off for nobody joining, is
//! abandoned. The account's seats are found by `seats_one_per_account (account_id,
//! table_id)`; only that account's rows are then sorted, so a page costs about as much as the
//! account has games, never the whole table.

use super::lobby::{seats_of, table_columns_of_t};
use super::{Param, Reader};
use crate::ratings::{EndedFilter, EndedGame, EndedPage, Tally};
use crate::rows::{Readable, parse, table_from};
use crate::{AccountId, StoreError, TableId};

/// How the game went for the seat `s` at table `t`: NULL while it is not over.
const RESULT: &str = "CASE WHEN t.status = 'finished' THEN s.result
     WHEN t.status = 'aborted' OR t.expired_at IS NOT NULL THEN 'abandoned' END";

/// When it ended: finished or called off, or (a table nobody joined) expired.
const ENDED_AT: &str = "coalesce(g.finished_at, t.expired_at, t.created_at)";

/// The account's ended tables (`$1`) of game `$2` ('' for all) with result `$3` ('' for any).
fn ended_where() -> String {
    format!(
        "FROM seats s JOIN tables t ON t.id = s.table_id LEFT JOIN games g ON g.table_id = t.id
         WHERE s.account_id = $1
           AND (t.status IN ('finished', 'aborted') OR t.expired_at IS NOT NULL)
           AND ($2 = '' OR t.game = $2)
           AND ($3 = '' OR {RESULT} = $3)"
    )
}

/// `account`'s ended games that `filter` keeps, newest first: `limit` of them after the first
/// `offset`, and how many there are in all.
pub(crate) async fn ended_games<C: Reader>(
    conn: &mut C,
    account: AccountId,
    filter: EndedFilter<'_>,
    offset: u64,
    limit: u64,
) -> Result<EndedPage, StoreError> {
    let game = filter.game.unwrap_or("");
    let result = filter.result.map_or("", |r| r.as_str());
    let filter = [
        Param::Int(account.0),
        Param::Text(game),
        Param::Text(result),
    ];
    let count = format!("SELECT count(*) AS total {}", ended_where());
    let total = conn.fetch_one(&count, &filter).await?.int("total")?;
    let sql = format!(
        "SELECT {}, s.seat AS my_seat, {RESULT} AS my_result, {ENDED_AT} AS ended_at {}
         ORDER BY {ENDED_AT} DESC, t.id DESC LIMIT $4 OFFSET $5",
        table_columns_of_t(),
        ended_where()
    );
    let mut params = filter.to_vec();
    params.extend([Param::Int(limit as i64), Param::Int(offset as i64)]);
    let rows = conn.fetch_all(&sql, &params).await?;
    let ids = (rows.iter())
        .map(|row| Ok(TableId(row.int("id")?)))
        .collect::<Result<Vec<_>, StoreError>>()?;
    let mut seats = seats_of(conn, &ids).await?;
    let games = (rows.iter())
        .map(|row| {
            Ok(EndedGame {
                table: table_from(row, &mut seats)?,
                seat: row.int("my_seat")? as u8,
                result: parse(row.text("my_result")?)?,
                ended_at: row.int("ended_at")?,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(EndedPage {
        games,
        total: total as u64,
    })
}

/// `account`'s finished games counted per game: played, won, drawn and lost.
pub(crate) async fn tallies(
    conn: &mut impl Reader,
    account: AccountId,
) -> Result<Vec<(String, Tally)>, StoreError> {
    let rows = conn
        .fetch_all(
            "SELECT t.game, s.result, count(*) AS n
             FROM seats s JOIN tables t ON t.id = s.table_id
             WHERE s.account_id = $1 AND t.status = 'finished'
             GROUP BY t.game, s.result
             ORDER BY t.game",
            &[Param::Int(account.0)],
        )
        .await?;
    let mut tallies: Vec<(String, Tally)> = Vec::new();
    for row in &rows {
        let game = row.text("game")?;
        let n = row.int("n")? as u32;
        let at = match tallies.iter().position(|(g, _)| g == game) {
            Some(at) => at,
            None => {
                tallies.push((game.to_string(), Tally::default()));
                tallies.len() - 1
            }
        };
        let tally = &mut tallies[at].1;
        tally.played += n;
        match row.maybe_text("result")?.as_deref() {
            Some("won") => tally.won += n,
            Some("drawn") => tally.drawn += n,
            _ => tally.lost += n,
        }
    }
    Ok(tallies)
}
