//! A game's record as readers replay it (the web pages): the state it started from and the
//! events logged since a version. The record is the server's: the secret seed and the log's
//! storage stay behind this service, and a game started here is dealt from its stored setup
//! exactly as the game's actor deals it.

use agora_engine::GameRecord;
use agora_games::AnyGame;
use agora_store::{Event, StoreError, TableId};

use super::games::Games;
use crate::ApiError;

/// Where a game began and everything logged since.
#[derive(Clone, Debug)]
pub struct Opening {
    pub game: AnyGame,
    pub events: Vec<Event>,
}

impl Games {
    /// Game `id`'s opening state and its whole log.
    pub async fn opening(&self, id: TableId) -> Result<Opening, ApiError> {
        let stored = self.context().store.game(id).await.map_err(not_found)?;
        let record = GameRecord {
            game: stored.table.game.clone(),
            seed: None,
            options: Some(stored.table.options.clone()),
            setup: Some(stored.game.setup.clone()),
            moves: Vec::new(),
            ..Default::default()
        };
        let game = AnyGame::start(&record).map_err(|e| {
            tracing::error!(game = %id, error = %e, "stored setup does not start");
            ApiError::Internal
        })?;
        Ok(Opening {
            game,
            events: stored.events,
        })
    }

    /// Game `id`'s events after `version`, in order.
    pub async fn events_since(&self, id: TableId, version: u64) -> Result<Vec<Event>, ApiError> {
        self.context()
            .store
            .events_since(id, version)
            .await
            .map_err(not_found)
    }
}

fn not_found(e: StoreError) -> ApiError {
    match e {
        StoreError::NotFound => ApiError::NotFound("game"),
        other => other.into(),
    }
}
