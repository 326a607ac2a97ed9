//! The computer's moves as a queue in PostgreSQL, which every node and every
//! `agora ai-worker` takes from (docs/architecture/cluster.md, "AI jobs on PostgreSQL").
//!
//! - The node running a game queues a job for the seat to move: the seat's view (never the
//!   state or the secret seed), a fresh seed for the bot, and whose turn in the round-robin
//!   it waits in. One job per game: a newer version replaces an older one.
//! - A taker claims the next job with `FOR UPDATE SKIP LOCKED` (takers never wait on each
//!   other), least recently served owner first, then that owner's least recently served
//!   game, under a lease it renews while it searches. A job whose lease lapsed (its taker
//!   died) is taken again.
//! - The taker writes the move back only while its lease holds, and the game's node is woken
//!   through [`AI_DONE_CHANNEL`]; it reads the move and plays it as any move.

use sqlx::Row;
use sqlx::postgres::{PgPool, PgRow};

use crate::{StoreError, TableId};

/// Where a taker hears that a job was queued (payload: the job's game).
pub const AI_JOBS_CHANNEL: &str = "agora_ai_jobs";
/// Where a game's node hears that a move was found (payload: `"<game> <version>"`).
pub const AI_DONE_CHANNEL: &str = "agora_ai_done";

/// A computer's move to make, as the game's node queues it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewAiJob {
    pub game: TableId,
    pub version: u64,
    /// The game's kind (`"tsuro"`).
    pub kind: String,
    pub seat: u8,
    /// The level's name (`"hard"`).
    pub level: String,
    /// The seat's view, serialized.
    pub view: String,
    /// Fresh randomness for the bot.
    pub bot_seed: u64,
    /// Threads the search keeps busy.
    pub threads: u32,
    /// Whose turn in the round-robin the job waits in.
    pub owner_key: String,
    /// The node that runs the game.
    pub game_node: String,
}

/// A job a taker claimed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiJob {
    pub id: i64,
    pub game: TableId,
    pub version: u64,
    pub kind: String,
    pub seat: u8,
    pub level: String,
    pub view: String,
    pub bot_seed: u64,
    pub threads: u32,
    /// How many times it was taken, this time included (more than 1: a taker died or gave up).
    pub taken_count: u32,
}

/// Where a waiting job stands in the queue, with the measured mean search times of each
/// game and level (from taken to written back) for the work before it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct AiQueuePlace {
    /// Jobs a taker would claim before it.
    pub ahead: u64,
    /// Their mean search times, added up (milliseconds).
    pub ahead_ms: u64,
    /// Jobs being searched now.
    pub running: u64,
    /// What is left of their mean search times, added up (milliseconds).
    pub running_left_ms: u64,
    /// The mean search time of its own game and level (milliseconds).
    pub own_ms: u64,
}

/// The queue's handle (PostgreSQL only: on SQLite each server's own pool serves its games).
#[derive(Clone, Debug)]
pub struct AiJobs {
    pool: PgPool,
}

/// How many jobs are being worked on and how many wait, at a moment.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct AiJobCounts {
    pub running: u64,
    pub waiting: u64,
}

impl AiJobs {
    pub(crate) fn new(pool: PgPool) -> AiJobs {
        AiJobs { pool }
    }

    /// Queues `job`, replacing the game's job for another version. The game's job for the
    /// same version stays as it is (a taker may be working on it); only the node to wake
    /// changes (the game moved to another node). Takers are told.
    pub async fn queue(&self, job: &NewAiJob, now: i64) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM ai_jobs WHERE game_id = $1 AND version <> $2")
            .bind(job.game.0)
            .bind(job.version as i64)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO ai_jobs (game_id, version, game, seat, level, view, bot_seed, threads,
                                  owner_key, game_node, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
             ON CONFLICT (game_id) DO UPDATE SET game_node = excluded.game_node",
        )
        .bind(job.game.0)
        .bind(job.version as i64)
        .bind(&job.kind)
        .bind(i32::from(job.seat))
        .bind(&job.level)
        .bind(&job.view)
        .bind(job.bot_seed as i64)
        .bind(job.threads as i32)
        .bind(&job.owner_key)
        .bind(&job.game_node)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(AI_JOBS_CHANNEL)
            .bind(job.game.0.to_string())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Claims the job at the head of the round-robin for `taker`, whose pool has `size`
    /// threads of which `free_threads` are free, until `now + lease_ms`: the least recently
    /// served owner's least recently served game's (rows other takers are claiming are
    /// skipped). `None` when no job waits, or when the head needs more threads than are
    /// free: then nothing is taken, so a job behind it never passes it (a search on more
    /// threads than `size` runs on all of them, so every head fits once the pool is idle).
    pub async fn take(
        &self,
        taker: &str,
        (free_threads, size): (u32, u32),
        now: i64,
        lease_ms: i64,
    ) -> Result<Option<AiJob>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            // `head` looks without locking, so a taker the head does not fit locks nothing;
            // `next` locks the first row no other taker is claiming (the head, or the job
            // after it when another taker is taking the head), and it too must fit.
            "WITH head AS (
                 SELECT least(j.threads, $5) <= $4 AS fits FROM ai_jobs j
                 LEFT JOIN ai_owner_turns o ON o.owner_key = j.owner_key
                 LEFT JOIN ai_game_turns g ON g.game_id = j.game_id
                 WHERE j.result IS NULL AND j.failed IS NULL
                   AND (j.lease_expires_at IS NULL OR j.lease_expires_at <= $2)
                 ORDER BY coalesce(o.served, 0), coalesce(g.served, 0), j.id
                 LIMIT 1
             ), next AS (
                 SELECT j.id, least(j.threads, $5) <= $4 AS fits FROM ai_jobs j
                 LEFT JOIN ai_owner_turns o ON o.owner_key = j.owner_key
                 LEFT JOIN ai_game_turns g ON g.game_id = j.game_id
                 WHERE j.result IS NULL AND j.failed IS NULL
                   AND (j.lease_expires_at IS NULL OR j.lease_expires_at <= $2)
                   AND coalesce((SELECT fits FROM head), false)
                 ORDER BY coalesce(o.served, 0), coalesce(g.served, 0), j.id
                 LIMIT 1
                 FOR UPDATE OF j SKIP LOCKED
             )
             UPDATE ai_jobs SET taken_by = $1, lease_expires_at = $2 + $3, taken_at = $2,
                                taken_count = taken_count + 1
             FROM next WHERE ai_jobs.id = next.id AND next.fits
             RETURNING ai_jobs.id, game_id, version, game, seat, level, view, bot_seed,
                       threads, owner_key, taken_count",
        )
        .bind(taker)
        .bind(now)
        .bind(lease_ms)
        .bind(free_threads as i32)
        .bind(size.max(1) as i32)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            tx.commit().await?;
            return Ok(None);
        };
        let job = job_of(&row)?;
        let owner: String = row.try_get("owner_key")?;
        // The owner and the game go to the back of the round-robin.
        sqlx::query(
            "INSERT INTO ai_owner_turns (owner_key, served) VALUES ($1, nextval('ai_turns'))
             ON CONFLICT (owner_key) DO UPDATE SET served = excluded.served",
        )
        .bind(&owner)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO ai_game_turns (game_id, served) VALUES ($1, nextval('ai_turns'))
             ON CONFLICT (game_id) DO UPDATE SET served = excluded.served",
        )
        .bind(job.game.0)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some(job))
    }

    /// Extends `taker`'s lease on job `id` to `now + lease_ms`; `false` when the job is no
    /// longer `taker`'s (its game moved on or ended, or its lease lapsed and another took it):
    /// the search is for nobody then, and stops.
    pub async fn renew(
        &self,
        id: i64,
        taker: &str,
        now: i64,
        lease_ms: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE ai_jobs SET lease_expires_at = $3 + $4
             WHERE id = $1 AND taken_by = $2 AND result IS NULL AND failed IS NULL",
        )
        .bind(id)
        .bind(taker)
        .bind(now)
        .bind(lease_ms)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Writes the move `taker` found for job `id` (or why the bot gave none), and wakes the
    /// game's node. Refused (`false`, nothing written) unless the job is still `taker`'s and
    /// its lease has not lapsed at `now`: a late taker's result is stale.
    pub async fn finish(
        &self,
        id: i64,
        taker: &str,
        outcome: Result<&str, &str>,
        now: i64,
    ) -> Result<bool, StoreError> {
        let (result, failed) = match outcome {
            Ok(notation) => (Some(notation), None),
            Err(why) => (None, Some(why)),
        };
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "UPDATE ai_jobs SET result = $3, failed = $4, lease_expires_at = NULL
             WHERE id = $1 AND taken_by = $2 AND result IS NULL AND failed IS NULL
               AND lease_expires_at > $5
             RETURNING game_id, version, game, level, taken_at",
        )
        .bind(id)
        .bind(taker)
        .bind(result)
        .bind(failed)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            tx.commit().await?;
            return Ok(false);
        };
        let game: i64 = row.try_get("game_id")?;
        let version: i64 = row.try_get("version")?;
        // The search's time goes into its level's running mean (a new search counts for an
        // eighth), which the wait estimates of the jobs queued behind others read.
        if let (Ok(_), Some(taken_at)) = (outcome, row.try_get::<Option<i64>, _>("taken_at")?) {
            sqlx::query(
                "INSERT INTO ai_search_times (game, level, mean_ms, searches)
                 VALUES ($1, $2, $3, 1)
                 ON CONFLICT (game, level) DO UPDATE
                 SET mean_ms = (ai_search_times.mean_ms * 7 + excluded.mean_ms) / 8,
                     searches = ai_search_times.searches + 1",
            )
            .bind(row.try_get::<String, _>("game")?)
            .bind(row.try_get::<String, _>("level")?)
            .bind((now - taken_at).max(0))
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(AI_DONE_CHANNEL)
            .bind(format!("{game} {version}"))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Takes game `game`'s finished job at `version` out of the queue: the move, or why the
    /// bot gave none; `None` while it is not finished (or is gone).
    pub async fn take_result(
        &self,
        game: TableId,
        version: u64,
    ) -> Result<Option<Result<String, String>>, StoreError> {
        let row = sqlx::query(
            "DELETE FROM ai_jobs
             WHERE game_id = $1 AND version = $2 AND (result IS NOT NULL OR failed IS NOT NULL)
             RETURNING result, failed",
        )
        .bind(game.0)
        .bind(version as i64)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let result: Option<String> = row.try_get("result")?;
        let failed: Option<String> = row.try_get("failed")?;
        Ok(Some(match result {
            Some(notation) => Ok(notation),
            None => Err(failed.unwrap_or_default()),
        }))
    }

    /// Drops game `game`'s job at `version` that node `node` queued, finished or not (nobody
    /// waits for it any more); a taker working on it learns at its next renewal. A job that
    /// another node queued since (it took the game over) stays.
    pub async fn cancel(&self, game: TableId, version: u64, node: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM ai_jobs WHERE game_id = $1 AND version = $2 AND game_node = $3")
            .bind(game.0)
            .bind(version as i64)
            .bind(node)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Returns every job `taker` holds to the queue at once (a taker stopping cleanly).
    pub async fn release(&self, taker: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE ai_jobs SET taken_by = NULL, lease_expires_at = NULL
             WHERE taken_by = $1 AND result IS NULL AND failed IS NULL",
        )
        .bind(taker)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Jobs under a live lease, and jobs waiting for a taker, at `now`.
    pub async fn counts(&self, now: i64) -> Result<AiJobCounts, StoreError> {
        let row = sqlx::query(
            "SELECT count(*) FILTER (WHERE lease_expires_at > $1) AS running,
                    count(*) FILTER (WHERE lease_expires_at IS NULL
                                        OR lease_expires_at <= $1) AS waiting
             FROM ai_jobs WHERE result IS NULL AND failed IS NULL",
        )
        .bind(now)
        .fetch_one(&self.pool)
        .await?;
        Ok(AiJobCounts {
            running: row.try_get::<i64, _>("running")? as u64,
            waiting: row.try_get::<i64, _>("waiting")? as u64,
        })
    }

    /// Where game `game`'s job stands at `now` if it waits for a taker: the jobs a taker
    /// would claim before it, and the measured mean search times of those jobs, of the jobs
    /// being searched and of its own, for the wait it is told. `None` once taken (or gone).
    pub async fn place_of(
        &self,
        game: TableId,
        now: i64,
    ) -> Result<Option<AiQueuePlace>, StoreError> {
        // Each owner's games take its turns in order (k); owners take turns in order (os). A
        // level never measured counts as the mean of those measured.
        let row = sqlx::query(
            "WITH measured AS (SELECT avg(mean_ms)::BIGINT AS mean_ms FROM ai_search_times),
             jobs AS (
                 SELECT j.game_id, j.owner_key, j.taken_at, j.result, j.failed,
                        j.lease_expires_at, coalesce(o.served, 0) AS os,
                        coalesce(g.served, 0) AS gs, j.id,
                        coalesce(t.mean_ms, (SELECT mean_ms FROM measured), 0) AS mean_ms
                 FROM ai_jobs j
                 LEFT JOIN ai_owner_turns o ON o.owner_key = j.owner_key
                 LEFT JOIN ai_game_turns g ON g.game_id = j.game_id
                 LEFT JOIN ai_search_times t ON t.game = j.game AND t.level = j.level
                 WHERE j.result IS NULL AND j.failed IS NULL
             ), waiting AS (
                 SELECT *, row_number() OVER (PARTITION BY owner_key ORDER BY gs, id) AS k
                 FROM jobs WHERE lease_expires_at IS NULL OR lease_expires_at <= $2
             ), running AS (
                 SELECT * FROM jobs WHERE lease_expires_at > $2
             ), me AS (SELECT * FROM waiting WHERE game_id = $1),
             ahead AS (
                 SELECT w.mean_ms FROM waiting w, me
                 WHERE w.k < me.k OR (w.k = me.k AND (w.os, w.owner_key) < (me.os, me.owner_key))
             )
             SELECT (SELECT count(*) FROM ahead) AS ahead,
                    (SELECT coalesce(sum(mean_ms), 0) FROM ahead)::BIGINT AS ahead_ms,
                    (SELECT count(*) FROM running) AS running,
                    (SELECT coalesce(sum(greatest(mean_ms - ($2 - coalesce(taken_at, $2)), 0)), 0)
                     FROM running)::BIGINT AS running_left_ms,
                    me.mean_ms AS own_ms
             FROM me",
        )
        .bind(game.0)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let count = |name: &str| row.try_get::<i64, _>(name).map(|n| n.max(0) as u64);
        Ok(Some(AiQueuePlace {
            ahead: count("ahead")?,
            ahead_ms: count("ahead_ms")?,
            running: count("running")?,
            running_left_ms: count("running_left_ms")?,
            own_ms: count("own_ms")?,
        }))
    }
}

fn job_of(row: &PgRow) -> Result<AiJob, StoreError> {
    Ok(AiJob {
        id: row.try_get("id")?,
        game: TableId(row.try_get("game_id")?),
        version: row.try_get::<i64, _>("version")? as u64,
        kind: row.try_get("game")?,
        seat: u8::try_from(row.try_get::<i32, _>("seat")?)
            .map_err(|_| StoreError::Corrupt("an AI job's seat".into()))?,
        level: row.try_get("level")?,
        view: row.try_get("view")?,
        bot_seed: row.try_get::<i64, _>("bot_seed")? as u64,
        threads: row.try_get::<i32, _>("threads")?.max(1) as u32,
        taken_count: row.try_get::<i32, _>("taken_count")?.max(0) as u32,
    })
}
