use std::collections::HashMap;
use std::sync::Arc;

use agora_store::{StoreError, TableId, TableStatus};
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
        self.load(id, false).await
    }

    async fn load(&self, id: TableId, resumed: bool) -> Result<GameHandle, ApiError> {
        let mut running = self.running.lock().await;
        if let Some(handle) = running.get(&id)
            && !handle.is_closed()
        {
            return Ok(handle.clone());
        }
        let stored = match self.ctx.store.game(id).await {
            Ok(stored) => stored,
            Err(StoreError::NotFound) => return Err(ApiError::NotFound("game")),
            Err(e) => return Err(e.into()),
        };
        if matches!(
            stored.table.status,
            TableStatus::Open | TableStatus::Cancelled
        ) {
            return Err(ApiError::NotFound("game"));
        }
        let handle = GameActor::spawn(self.ctx.clone(), stored, resumed).await?;
        running.insert(id, handle.clone());
        Ok(handle)
    }

    /// Starts the actor of every game that was being played when the server stopped.
    pub async fn resume_all(&self) -> Result<usize, ApiError> {
        let ids = self.ctx.store.playing_games().await?;
        for &id in &ids {
            if let Err(e) = self.load(id, true).await {
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
