//! Several nodes on one database: leases on games, and notifications between nodes.

use sqlx::Row;
use sqlx::postgres::PgListener;

use super::PostgresStore;
use crate::{AccountId, Claim, StoreError, TableId, TableStatus};

/// The channel where the nodes say games' new versions, one `"<game> <version>"` a line;
/// nodes that show a game they do not own follow it there.
pub const GAMES_CHANNEL: &str = "agora_games";

/// A connection that hears the channels it listens on (PostgreSQL's LISTEN/NOTIFY).
#[derive(Debug)]
pub struct Notifications(PgListener);

impl Notifications {
    /// The next notification: its channel and payload; or `None` once when the connection
    /// was lost. The listener then connects again by itself, but what was sent meanwhile is
    /// lost: the caller must look at the database for what it may have missed.
    pub async fn recv(&mut self) -> Result<Option<(String, String)>, StoreError> {
        let note = self.0.try_recv().await?;
        Ok(note.map(|note| (note.channel().to_string(), note.payload().to_string())))
    }
}

impl PostgresStore {
    pub async fn claim_game(
        &self,
        id: TableId,
        node: &str,
        now: i64,
        lease_ms: i64,
    ) -> Result<Claim, StoreError> {
        // The lease before, as this statement found it, and whether the claim took it: a
        // claim racing another waits for its row lock, then finds the other's lease live.
        let row = sqlx::query(
            "WITH before AS (
                 SELECT node, renewed_at FROM game_leases WHERE game_id = $1
             ), claimed AS (
                 INSERT INTO game_leases (game_id, node, renewed_at, expires_at)
                 VALUES ($1, $2, $3, $3 + $4)
                 ON CONFLICT (game_id) DO UPDATE
                     SET node = excluded.node, renewed_at = excluded.renewed_at,
                         expires_at = excluded.expires_at
                     WHERE game_leases.expires_at <= $3 OR game_leases.node = $2
                 RETURNING node
             )
             SELECT (SELECT count(*) FROM claimed) AS claimed,
                    (SELECT node FROM before) AS before_node,
                    (SELECT renewed_at FROM before) AS before_renewed",
        )
        .bind(id.0)
        .bind(node)
        .bind(now)
        .bind(lease_ms)
        .fetch_one(&self.pool)
        .await?;
        if row.try_get::<i64, _>("claimed")? == 1 {
            let before: Option<String> = row.try_get("before_node")?;
            let taken_over = match before {
                Some(before) if before != node => row.try_get("before_renewed")?,
                _ => None,
            };
            return Ok(Claim::Owned { taken_over });
        }
        let holder: Option<String> =
            sqlx::query_scalar("SELECT node FROM game_leases WHERE game_id = $1")
                .bind(id.0)
                .fetch_optional(&self.pool)
                .await?;
        match holder {
            Some(node) => Ok(Claim::Held { node }),
            // Released in between: try again.
            None => Box::pin(self.claim_game(id, node, now, lease_ms)).await,
        }
    }

    pub async fn renew_leases(
        &self,
        node: &str,
        games: &[TableId],
        now: i64,
        lease_ms: i64,
    ) -> Result<Vec<TableId>, StoreError> {
        let games: Vec<i64> = games.iter().map(|g| g.0).collect();
        let ids: Vec<i64> = sqlx::query_scalar(
            "UPDATE game_leases SET renewed_at = $2, expires_at = $2 + $3
             WHERE node = $1 AND game_id = ANY($4) RETURNING game_id",
        )
        .bind(node)
        .bind(now)
        .bind(lease_ms)
        .bind(games)
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(TableId).collect())
    }

    pub async fn release_game(&self, id: TableId, node: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM game_leases WHERE game_id = $1 AND node = $2")
            .bind(id.0)
            .bind(node)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn release_games(&self, node: &str, now: i64) -> Result<(), StoreError> {
        // Expired rather than deleted: whoever takes a game over resumes its clocks from now.
        sqlx::query("UPDATE game_leases SET renewed_at = $2, expires_at = $2 WHERE node = $1")
            .bind(node)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn orphaned_games(&self, now: i64, limit: i64) -> Result<Vec<TableId>, StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT t.id FROM tables t LEFT JOIN game_leases l ON l.game_id = t.id
             WHERE t.status = 'playing' AND (l.game_id IS NULL OR l.expires_at <= $1)
             ORDER BY t.created_at LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(TableId).collect())
    }

    pub async fn live_tables_created_by(
        &self,
        account: AccountId,
    ) -> Result<Vec<(TableId, TableStatus, bool)>, StoreError> {
        let rows = sqlx::query(
            "SELECT t.id, t.status,
                    EXISTS (SELECT 1 FROM seats s
                            WHERE s.table_id = t.id AND s.ai_level IS NOT NULL) AS has_ai
             FROM tables t
             WHERE t.created_by = $1 AND (t.status = 'open' OR t.status = 'playing')",
        )
        .bind(account.0)
        .fetch_all(&self.pool)
        .await?;
        super::origins::live_tables(&rows)
    }

    pub async fn listen(&self, channels: &[&str]) -> Result<Notifications, StoreError> {
        let mut listener = PgListener::connect_with(&self.pool).await?;
        listener.listen_all(channels.iter().copied()).await?;
        Ok(Notifications(listener))
    }

    pub async fn notify(&self, channel: &str, payload: &str) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(channel)
            .bind(payload)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
