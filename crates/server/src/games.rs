use std::collections::HashMap;
use std::sync::Arc;

use agora_store::{StoreError, StoredGame, TableId, TableStatus};
use tokio::sync::Mutex;

use crate::ApiError;
use crate::actor::{ActorContext, GameActor, GameHandle};

/// The running games: at most one actor per game, started on demand (or at start-up for
/// every unfinished game).
#[derive(Clone, Debug)]
pub struct Games {
    running: Arc<Mutex<HashMap<TableId, GameHandle>>>,
    ctx: ActorContext,
}

impl Games {
    pub fn new(ctx: ActorContext) -> Games {
        Games {
            running: Arc::default(),
            ctx,
        }
    }

    pub fn context(&self) -> &ActorContext {
        &self.ctx
    }

    /// The actor of a started game, loading it from the log if it is not running.
    pub async fn handle(&self, id: TableId) -> Result<GameHandle, ApiError> {
        self.run(id, None, None).await
    }

    /// Starts the actor of a game that was just stored (and so needs no reading back); a
    /// game already running keeps its actor.
    pub async fn start(&self, stored: StoredGame) -> Result<GameHandle, ApiError> {
        self.run(stored.table.id, Some(stored), None).await
    }

    /// The running actor of game `id`, or a new one over `stored` (read from the log when
    /// `None`). `down_since`: when resuming after a stop, the last moment the server was
    /// known to run.
    async fn run(
        &self,
        id: TableId,
        stored: Option<StoredGame>,
        down_since: Option<i64>,
    ) -> Result<GameHandle, ApiError> {
        let mut running = self.running.lock().await;
        if let Some(handle) = running.get(&id)
            && !handle.is_closed()
        {
            return Ok(handle.clone());
        }
        let stored = match stored {
            Some(stored) => stored,
            None => match self.ctx.store.game(id).await {
                Ok(stored) => stored,
                Err(StoreError::NotFound) => return Err(ApiError::NotFound("game")),
                Err(e) => return Err(e.into()),
            },
        };
        if matches!(
            stored.table.status,
            TableStatus::Open | TableStatus::Cancelled
        ) {
            return Err(ApiError::NotFound("game"));
        }
        let handle = GameActor::spawn(self.ctx.clone(), stored, down_since).await?;
        running.insert(id, handle.clone());
        Ok(handle)
    }

    /// Starts the actor of every game that was being played when the server stopped, the
    /// last moment it was known to run being `down_since` (`None`: unknown, so the turns in
    /// progress start again in full).
    pub async fn resume_all(&self, down_since: Option<i64>) -> Result<usize, ApiError> {
        let ids = self.ctx.store.playing_games().await?;
        for &id in &ids {
            if let Err(e) = self
                .run(id, None, Some(down_since.unwrap_or(i64::MIN)))
                .await
            {
                tracing::error!(game = %id, error = %e, "cannot resume");
            }
        }
        Ok(ids.len())
    }

    /// Drops every actor handle (at shutdown).
    pub async fn clear(&self) {
        self.running.lock().await.clear();
    }
}
