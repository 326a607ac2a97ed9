use std::collections::HashMap;
use std::sync::Arc;

use agora_store::{Claim, StoreError, StoredGame, TableId, TableStatus, now_ms};
use tokio::sync::Mutex;

use crate::ApiError;
use crate::play::actor::{ActorContext, GameActor, GameHandle};
use crate::play::relay::Relay;

/// The games this server runs or shows: at most one actor or relay per game, started on
/// demand (or at start-up for every unfinished game). With several nodes, the node holding a
/// game's lease runs its actor and the others relay to it (`node.rs`).
#[derive(Clone, Debug)]
pub struct Games {
    running: Arc<Mutex<Running>>,
    ctx: ActorContext,
}

/// Whether this node runs a game or relays to the node that does.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Role {
    Owner,
    Relay,
}

#[derive(Clone, Debug)]
struct Entry {
    handle: GameHandle,
    role: Role,
    /// When this node claimed the game (owners): a renewal that began before it does not
    /// know of the claim.
    since: i64,
}

/// The handles of started actors and relays. An actor stops on its own (a finished game
/// nobody watches), so handles of stopped ones are swept out whenever the map has doubled
/// since the last sweep: amortized constant work per game started.
#[derive(Debug, Default)]
struct Running {
    handles: HashMap<TableId, Entry>,
    sweep_at: usize,
}

impl Running {
    /// The smallest map worth sweeping.
    const MIN_SWEEP: usize = 64;

    fn insert(&mut self, id: TableId, entry: Entry) {
        if self.handles.len() >= self.sweep_at.max(Self::MIN_SWEEP) {
            self.handles.retain(|_, e| !e.handle.is_closed());
            self.sweep_at = self.handles.len() * 2;
        }
        self.handles.insert(id, entry);
    }

    fn live(&self, id: TableId) -> Option<&Entry> {
        self.handles.get(&id).filter(|e| !e.handle.is_closed())
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

    /// The handle of a started game, loading it from the log if it is not running here.
    pub async fn handle(&self, id: TableId) -> Result<GameHandle, ApiError> {
        self.run(id, None, None, true).await
    }

    /// The handle of a game this node owns, claiming it if nobody does; `Unavailable` when
    /// another node owns it (a request from a node that thought this one did).
    pub async fn owned(&self, id: TableId) -> Result<GameHandle, ApiError> {
        self.run(id, None, None, false).await
    }

    /// Starts the actor of a game that was just stored (and so needs no reading back); a
    /// game already running keeps its actor.
    pub async fn start(&self, stored: StoredGame) -> Result<GameHandle, ApiError> {
        self.run(stored.table.id, Some(stored), None, true).await
    }

    /// The running actor or relay of game `id`, or a new one over `stored` (read from the log
    /// when `None`): an actor when this node owns the game or can claim it, else a relay to
    /// its owner (if `relay`). `down_since`: when resuming after a stop, the last moment the
    /// server was known to run.
    async fn run(
        &self,
        id: TableId,
        stored: Option<StoredGame>,
        down_since: Option<i64>,
        relay: bool,
    ) -> Result<GameHandle, ApiError> {
        let mut running = self.running.lock().await;
        if let Some(entry) = running.live(id)
            && (relay || entry.role == Role::Owner)
        {
            return Ok(entry.handle.clone());
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
        let claim = (self.ctx.store)
            .claim_game(id, self.ctx.node.id(), now_ms(), self.ctx.node.lease_ms())
            .await?;
        // Taken once the claim is committed: a renewal that began before this may not have
        // seen the claim, and must not take the game for lost.
        let since = now_ms();
        let (handle, role) = match claim {
            Claim::Owned { taken_over } => {
                if let Some(entry) = running.live(id) {
                    entry.handle.stop();
                }
                let stored = match taken_over {
                    // Read again now that it is ours: its last owner may have appended after
                    // the read above, until its lease lapsed.
                    Some(_) => {
                        self.ctx.node.publish_owner(id);
                        self.ctx.store.game(id).await?
                    }
                    None => stored,
                };
                let down_since = taken_over.or(down_since);
                match GameActor::spawn(self.ctx.clone(), stored, down_since).await {
                    Ok(handle) => (handle, Role::Owner),
                    Err(e) => {
                        // Let another node (or a later request) try.
                        let released = self.ctx.store.release_game(id, self.ctx.node.id());
                        if let Err(e) = released.await {
                            tracing::warn!(game = %id, error = %e, "lease not released");
                        }
                        return Err(e);
                    }
                }
            }
            Claim::Held { node } if relay => {
                if let Some(entry) = running.live(id) {
                    return Ok(entry.handle.clone());
                }
                (Relay::spawn(self.ctx.clone(), stored, node)?, Role::Relay)
            }
            Claim::Held { .. } => return Err(ApiError::Unavailable),
        };
        let entry = Entry {
            handle: handle.clone(),
            role,
            since,
        };
        running.insert(id, entry);
        Ok(handle)
    }

    /// Starts the actor of every game that was being played when the server stopped, the
    /// last moment it was known to run being `down_since` (`None`: unknown, so the turns in
    /// progress start again in full). With several nodes, only the games nobody owns.
    pub async fn resume_all(&self, down_since: Option<i64>) -> Result<usize, ApiError> {
        if self.ctx.node.is_shared() {
            return self.take_over_orphans().await;
        }
        let ids = self.ctx.store.playing_games().await?;
        for &id in &ids {
            if let Err(e) = self
                .run(id, None, Some(down_since.unwrap_or(i64::MIN)), true)
                .await
            {
                tracing::error!(game = %id, error = %e, "cannot resume");
            }
        }
        Ok(ids.len())
    }

    /// Takes over the games being played that no node owns any more (their owner died, or
    /// stopped and released them); returns how many it took.
    pub async fn take_over_orphans(&self) -> Result<usize, ApiError> {
        let orphans = self.ctx.store.orphaned_games(now_ms(), 100).await?;
        let mut taken = 0;
        for id in orphans {
            match self.run(id, None, None, false).await {
                Ok(_) => taken += 1,
                // Another node was quicker.
                Err(ApiError::Unavailable) => {}
                Err(e) => tracing::error!(game = %id, error = %e, "cannot take over"),
            }
        }
        if taken > 0 {
            tracing::info!(taken, "took over games from a node that stopped");
        }
        Ok(taken)
    }

    /// Renews this node's leases and stops the actors of games it no longer owns (its lease
    /// lapsed, say while it was cut off, and another node took the game over).
    pub async fn renew(&self) -> Result<(), ApiError> {
        let started = now_ms();
        let node = &self.ctx.node;
        let running: Vec<TableId> = {
            let running = self.running.lock().await;
            (running.handles.iter())
                .filter(|(_, e)| e.role == Role::Owner && !e.handle.is_closed())
                .map(|(id, _)| *id)
                .collect()
        };
        let renewed = (self.ctx.store).renew_leases(node.id(), &running, started, node.lease_ms());
        let Some(owned) = renewed.await? else {
            return Ok(());
        };
        let owned: std::collections::HashSet<TableId> = owned.into_iter().collect();
        let mut running = self.running.lock().await;
        running.handles.retain(|id, entry| {
            let lost = entry.role == Role::Owner
                && entry.since < started
                && !owned.contains(id)
                && !entry.handle.is_closed();
            if lost {
                tracing::warn!(game = %id, "lease lost: another node runs the game now");
                entry.handle.stop();
            }
            !lost
        });
        Ok(())
    }

    /// Stops every actor and relay (at shutdown).
    pub async fn clear(&self) {
        let mut running = self.running.lock().await;
        for entry in running.handles.values() {
            entry.handle.stop();
        }
        running.handles.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(handle: GameHandle) -> Entry {
        Entry {
            handle,
            role: Role::Owner,
            since: 0,
        }
    }

    #[test]
    fn stopped_actors_are_swept_once_the_map_doubles() {
        let mut running = Running::default();
        let mut receivers = Vec::new();
        // Every other actor stops.
        for i in 0..Running::MIN_SWEEP as i64 {
            let (handle, rx) = GameHandle::detached(i % 2 == 0);
            receivers.push(rx);
            running.insert(TableId(i), entry(handle));
        }
        assert_eq!(running.handles.len(), Running::MIN_SWEEP);
        let (handle, rx) = GameHandle::detached(true);
        receivers.push(rx);
        running.insert(TableId(1000), entry(handle));
        assert_eq!(running.handles.len(), Running::MIN_SWEEP / 2 + 1);
        assert!(running.handles.values().all(|e| !e.handle.is_closed()));
        assert!(running.handles.contains_key(&TableId(1000)));
        // The next sweep waits until the map has doubled again.
        assert_eq!(running.sweep_at, Running::MIN_SWEEP);
    }
}
