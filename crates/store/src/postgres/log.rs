//! Games and their move log on PostgreSQL.

use sqlx::postgres::PgConnection;
use sqlx::{Connection, Row};

use super::PostgresStore;
use crate::read;
use crate::rows::parse;
use crate::write::NEW_GAME;
use crate::{Append, Event, GameNews, NewGame, StoreError, StoredGame, TableId, TableStatus};

/// Where every node hears that a game finished and its look back was queued (payload: the
/// game), so that its analyst starts at once rather than at its next look.
pub const ANALYSES_CHANNEL: &str = "agora_analyses";
impl PostgresStore {
    pub async fn game(&self, id: TableId) -> Result<StoredGame, StoreError> {
        let mut conn = self.pool.acquire().await?;
        // The table, its game and its log as one snapshot: a move appended between the reads
        // would otherwise be in the log but not in the version.
        let mut tx = conn.begin().await?;
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            .execute(&mut *tx)
            .await?;
        let stored = read::game_since(&mut *tx, id, 0).await?;
        tx.commit().await?;
        Ok(stored)
    }
    /// One statement (one round trip, one snapshot): a relay reads this after every move of
    /// the game it follows.
    pub async fn game_news(&self, id: TableId, version: u64) -> Result<GameNews, StoreError> {
        let row = sqlx::query(
            "SELECT t.status, g.version, g.outcome, g.turn_started_at,
                    (SELECT r.table_id FROM games r WHERE r.rematch_of = g.table_id) AS rematch,
                    ARRAY(SELECT s.seat FROM seats s WHERE s.table_id = t.id AND s.substituted
                          ORDER BY s.seat) AS substituted,
                    ARRAY(SELECT json_build_array(e.version, e.kind, e.seat, e.notation, e.at,
                                                  e.clock_ms)::text
                          FROM game_events e WHERE e.game_id = t.id AND e.version > $2
                          ORDER BY e.version) AS events
             FROM tables t JOIN games g ON g.table_id = t.id WHERE t.id = $1",
        )
        .bind(id.0)
        .bind(version as i64)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        let outcome: Option<&str> = row.try_get("outcome")?;
        let events = (row.try_get::<Vec<String>, _>("events")?.iter())
            .map(|text| {
                let (version, kind, seat, notation, at, clock_ms): (
                    u64,
                    String,
                    Option<u8>,
                    Option<String>,
                    i64,
                    Option<i64>,
                ) = serde_json::from_str(text)?;
                Ok(Event {
                    version,
                    kind: parse(&kind)?,
                    seat,
                    notation,
                    at,
                    clock_ms,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        Ok(GameNews {
            status: parse(row.try_get::<&str, _>("status")?)?,
            version: row.try_get::<i64, _>("version")? as u64,
            outcome: outcome.map(serde_json::from_str).transpose()?,
            turn_started_at: row.try_get("turn_started_at")?,
            rematch: row.try_get::<Option<i64>, _>("rematch")?.map(TableId),
            substituted: (row.try_get::<Vec<i64>, _>("substituted")?.into_iter())
                .map(|s| s as u8)
                .collect(),
            events,
        })
    }
    /// One statement, so one round trip and one implicit transaction: the game's row moves
    /// from the version the append follows to its new one, or nothing is written.
    ///
    /// It sends no notification itself: a transaction that notifies holds PostgreSQL's
    /// notification queue lock through its commit, WAL flush included, so appends that
    /// notified committed one at a time (measured: 4,070 moves/s, docs/benchmarks.md). The
    /// server tells the other nodes after the commit, many games to a notification.
    pub async fn append(&self, append: &Append) -> Result<(), StoreError> {
        let in_order = (append.events.iter().enumerate())
            .all(|(i, e)| e.version == append.after_version + 1 + i as u64);
        if !in_order {
            return Err(StoreError::Conflict("events out of order"));
        }
        let last = append.after_version + append.events.len() as u64;
        let finished_at = append.status.is_closed().then(|| {
            append
                .events
                .last()
                .map_or(append.turn_started_at, |e| e.at)
        });
        let outcome = (append.outcome.as_ref())
            .map(serde_json::to_string)
            .transpose()?;
        let events = &append.events;
        let query = sqlx::query_scalar(
            "WITH moved AS (
                 UPDATE games
                 SET version = $3, turn_started_at = $4,
                     outcome = CASE WHEN $6::bigint IS NULL THEN outcome ELSE $5 END,
                     finished_at = coalesce($6, finished_at)
                 WHERE table_id = $1 AND version = $2
                 RETURNING table_id
             ), logged AS (
                 INSERT INTO game_events (game_id, version, kind, seat, notation, at, clock_ms)
                 SELECT m.table_id, e.version, e.kind, e.seat, e.notation, e.at, e.clock_ms
                 FROM moved m,
                      unnest($7::bigint[], $8::text[], $9::bigint[], $10::text[], $11::bigint[],
                             $12::bigint[]) AS e (version, kind, seat, notation, at, clock_ms)
             ), stood_in AS (
                 UPDATE seats SET substituted = true
                 WHERE table_id IN (SELECT table_id FROM moved) AND seat = ANY($13)
             ), ended AS (
                 UPDATE tables SET status = $14
                 WHERE id IN (SELECT table_id FROM moved) AND $14 <> 'playing'
             )
             SELECT count(*) FROM moved",
        )
        .bind(append.game.0)
        .bind(append.after_version as i64)
        .bind(last as i64)
        .bind(append.turn_started_at)
        .bind(outcome)
        .bind(finished_at)
        .bind(events.iter().map(|e| e.version as i64).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.kind.as_str()).collect::<Vec<_>>())
        .bind(
            events
                .iter()
                .map(|e| e.seat.map(i64::from))
                .collect::<Vec<_>>(),
        )
        .bind(
            events
                .iter()
                .map(|e| e.notation.as_deref())
                .collect::<Vec<_>>(),
        )
        .bind(events.iter().map(|e| e.at).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.clock_ms).collect::<Vec<_>>())
        .bind(
            append
                .substituted
                .iter()
                .map(|&s| i64::from(s))
                .collect::<Vec<_>>(),
        )
        .bind(append.status.as_str());
        // A game's end says how it went for each seat, a rated one moves its players'
        // ratings, and every finished game's look back is queued, in the same transaction;
        // every other append stays one statement.
        let finished = match (append.status, &append.outcome, finished_at) {
            (TableStatus::Finished, Some(outcome), Some(at)) => Some((outcome, at)),
            _ => None,
        };
        let moved: i64 = match finished {
            None => query.fetch_one(&self.pool).await?,
            Some((outcome, at)) => {
                let mut tx = self.pool.begin().await?;
                let moved = query.fetch_one(&mut *tx).await?;
                if moved > 0 {
                    let (count, mask) = crate::ratings::sql::winners(outcome);
                    sqlx::query(crate::ratings::sql::SEAT_RESULTS)
                        .bind(append.game.0)
                        .bind(count)
                        .bind(mask)
                        .execute(&mut *tx)
                        .await?;
                    super::ratings::rate_on_end(&mut tx, append.game.0, outcome, at).await?;
                    sqlx::query(crate::write::QUEUE_ANALYSIS)
                        .bind(append.game.0)
                        .bind(at)
                        .execute(&mut *tx)
                        .await?;
                    // Sent at the commit, once the queued look back can be claimed.
                    sqlx::query("SELECT pg_notify($1, $2)")
                        .bind(ANALYSES_CHANNEL)
                        .bind(append.game.0.to_string())
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
                moved
            }
        };
        if moved == 0 {
            return Err(StoreError::Conflict("the game's log moved on"));
        }
        Ok(())
    }
    pub async fn set_turn_started_at(
        &self,
        id: TableId,
        version: u64,
        at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET turn_started_at = $2 WHERE table_id = $1 AND version = $3")
            .bind(id.0)
            .bind(at)
            .bind(version as i64)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

/// Inserts a game that starts at `now`.
pub(super) async fn insert_game(
    conn: &mut PgConnection,
    id: TableId,
    deal: &NewGame,
    rematch_of: Option<TableId>,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(NEW_GAME)
        .bind(id.0)
        .bind(deal.seed as i64)
        .bind(&deal.salt)
        .bind(deal.setup.to_string())
        .bind(now)
        .bind(rematch_of.map(|t| t.0))
        .execute(&mut *conn)
        .await?;
    Ok(())
}
