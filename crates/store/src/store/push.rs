//! Web Push's rows (`crate::push`): subscriptions per account, one push per turn, the VAPID key.

use super::{Backend, Store};
use crate::push::{
    CLAIM_PUSH, GONE, OFFER_VAPID, PushSubscription, SUBSCRIBE, UNSUBSCRIBE, subscriptions,
    vapid_key,
};
use crate::write::statement;
use crate::{AccountId, StoreError, TableId};

impl Store {
    /// Keeps `subscription` for `account` (a browser subscribing again replaces its keys).
    pub async fn save_push_subscription(
        &self,
        account: AccountId,
        subscription: &PushSubscription,
        now: i64,
    ) -> Result<(), StoreError> {
        let save = statement!(
            SUBSCRIBE,
            subscription.endpoint.as_str(),
            account.0,
            subscription.p256dh.as_str(),
            subscription.auth.as_str(),
            subscription.lang.as_str(),
            now
        );
        self.execute_one(save).await?;
        Ok(())
    }

    /// Forgets `account`'s subscription at `endpoint`; `false` when it had none there.
    pub async fn forget_push_subscription(
        &self,
        account: AccountId,
        endpoint: &str,
    ) -> Result<bool, StoreError> {
        Ok(self
            .execute_one(statement!(UNSUBSCRIBE, endpoint, account.0))
            .await?
            == 1)
    }

    /// Forgets `endpoint` whoever it was for: its push service said it is gone (404, 410).
    pub async fn push_endpoint_gone(&self, endpoint: &str) -> Result<(), StoreError> {
        self.execute_one(statement!(GONE, endpoint)).await?;
        Ok(())
    }

    /// `account`'s subscriptions, oldest first.
    pub async fn push_subscriptions(
        &self,
        account: AccountId,
    ) -> Result<Vec<PushSubscription>, StoreError> {
        read!(self, c => subscriptions(c, account))
    }

    /// Takes the one push of `account`'s turn that began at `version` of `game`: `false` when
    /// it was taken already (by another node, or before a restart), and then none is sent.
    pub async fn claim_turn_push(
        &self,
        game: TableId,
        account: AccountId,
        version: u64,
        now: i64,
    ) -> Result<bool, StoreError> {
        let claim = statement!(CLAIM_PUSH, game.0, account.0, version as i64, now);
        Ok(self.execute_one(claim).await? == 1)
    }

    /// The server's VAPID key as kept: `offered` (PKCS#8, base64url) unless a key was kept
    /// before, which every node then reads and uses.
    pub async fn vapid_key(&self, offered: &str, now: i64) -> Result<String, StoreError> {
        self.execute_one(statement!(OFFER_VAPID, offered, now))
            .await?;
        read!(self, c => vapid_key(c))
    }
}
