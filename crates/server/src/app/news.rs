//! What this node does for the others: the [`NewsHandler`] the app registers with the
//! cluster's listener, so the transport (`crate::cluster`) never names the app state, the
//! lobby or the accounts.

use agora_store::TableId;
use serde_json::{Value, json};

use crate::accounts::{revoke, throttle::SignInNews};
use crate::cluster::NewsHandler;
use crate::cluster::wire::Op;
use crate::{ApiError, AppState};

impl NewsHandler for AppState {
    async fn serve(&self, game: TableId, op: Op) -> Result<Value, ApiError> {
        serve(self, game, op).await
    }

    async fn revoked(&self, payload: &str) {
        revoke::revoked_elsewhere(self, payload).await;
    }

    fn signed_in(&self, news: &str) {
        match SignInNews::from_payload(news) {
            Some(news) => news.apply(self),
            None => tracing::warn!(news, "unreadable sign-in news"),
        }
    }

    async fn chatted(&self, news: &str) {
        self.chat().heard(self.store(), news).await;
    }

    async fn connection_lost(&self) {
        revoke::recheck_all(self).await;
    }
}

/// Does `op` at game `game`, which this node must own.
async fn serve(state: &AppState, game: TableId, op: Op) -> Result<Value, ApiError> {
    let handle = state.games().owned(game).await?;
    let seat = op.seat();
    match op {
        Op::Act {
            action,
            expected_version,
            ..
        } => {
            let version = handle.act(seat, action.into(), expected_version).await?;
            Ok(json!(version))
        }
        Op::Rematch { .. } => {
            let (version, next) = crate::lobby::ask_rematch(state, &handle, seat).await?;
            // The asker's relay shows its page where the rematch stands once it answers.
            let over = handle
                .snapshot(agora_engine::Viewer::Spectator, crate::Detail::Table)
                .await?;
            Ok(json!({"version": version, "next": next, "rematch": over.over.rematch}))
        }
    }
}
