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
    running: Arc<Mutex<Running>>,
    ctx: ActorContext,
}

/// The handles of started actors. An actor stops on its own (a finished game nobody watches),
/// so handles of stopped actors are swept out whenever the map has doubled since the last
/// sweep: amortized constant work per game started.
#[derive(Debug, Default)]
struct Running {
    handles: HashMap<TableId, GameHandle>,
    sweep_at: usize,
}

impl Running {
    /// The smallest map worth sweeping.
    const MIN_SWEEP: usize = 64;

    fn insert(&mut self, id: TableId, handle: GameHandle) {
        if self.handles.len() >= self.sweep_at.max(Self::MIN_SWEEP) {
            self.handles.retain(|_, h| !h.is_closed());
            self.sweep_at = self.handles.len() * 2;
        }
        self.handles.insert(id, handle);
    }
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
        if let Some(handle) = running.handles.get(&id)
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
        self.running.lock().await.handles.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stopped_actors_are_swept_once_the_map_doubles() {
        let mut running = Running::default();
        let mut receivers = Vec::new();
        // Every other actor stops.
        for i in 0..Running::MIN_SWEEP as i64 {
            let (handle, rx) = GameHandle::detached(i % 2 == 0);
            receivers.push(rx);
            running.insert(TableId(i), handle);
        }
        assert_eq!(running.handles.len(), Running::MIN_SWEEP);
        let (handle, rx) = GameHandle::detached(true);
        receivers.push(rx);
        running.insert(TableId(1000), handle);
        assert_eq!(running.handles.len(), Running::MIN_SWEEP / 2 + 1);
        assert!(running.handles.values().all(|h| !h.is_closed()));
        assert!(running.handles.contains_key(&TableId(1000)));
        // The next sweep waits until the map has doubled again.
        assert_eq!(running.sweep_at, Running::MIN_SWEEP);
    }
}
