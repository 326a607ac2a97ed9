//! Web Push when a correspondence game waits for a player, with no Agora page open: the
//! browsers that subscribed in Settings get one push per game and turn.
//!
//! The actor says whose correspondence turn began through the same call that feeds the turn
//! mail (`tell_turn`, once per turn); the news goes on a bounded queue and a move never waits.
//! This module's task reads the account's subscriptions, takes the turn's one push in the
//! database ([`agora_store::Store::claim_turn_push`], a unique row written before anything is
//! sent, so a second node or a restart sends nothing), writes the words in each browser's
//! language ([`PushCompose`]), encrypts them to the browser's keys ([`crypto::seal`]) and
//! posts them to its push service, signed with the server's VAPID key. An endpoint the push
//! service calls gone (404, 410) is forgotten.
//!
//! The payload holds the game's name, that it is the reader's turn, and the game's page:
//! nothing of the game's state, so nothing hidden.

pub mod crypto;

use std::sync::Arc;
use std::time::Duration;

use agora_games::GameKind;
use agora_store::{PushSubscription, Store, TableId, now_ms};
use reqwest::StatusCode;
use tokio::sync::mpsc;

use crate::play::turn_news::{TurnNews, TurnQueue};

pub use crypto::VapidKey;

/// When a push the service could not take now (429, 5xx, no answer) is tried again.
const RETRIES: [Duration; 3] = [
    Duration::from_secs(30),
    Duration::from_secs(120),
    Duration::from_secs(600),
];
/// How long a push service keeps a message for a browser that is offline: a correspondence
/// turn lasts days.
const TTL_SECONDS: u32 = 3 * 24 * 3600;
/// How long a VAPID signature is valid (RFC 8292 allows at most 24 hours).
const VAPID_SECONDS: i64 = 12 * 3600;
/// The longest endpoint kept (the push services' are about 200 characters).
pub const MAX_ENDPOINT_LEN: usize = 1024;
/// The push services of the browsers that exist (Chrome and Edge's FCM, Firefox, Windows,
/// Safari): endpoints are accepted on these hosts only, over HTTPS, so a subscription cannot
/// make the server post to an address of the operator's network.
const PUSH_SERVICES: &[&str] = &[
    "fcm.googleapis.com",
    "push.services.mozilla.com",
    "notify.windows.com",
    "push.apple.com",
];

/// Which endpoints a subscription may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endpoints {
    /// HTTPS on the known push services' hosts ([`PUSH_SERVICES`]).
    PushServices,
    /// Any http or https URL: for tests, whose push service is a sink on loopback.
    AnyForTests,
}

/// Whether `endpoint` may be kept and posted to.
pub fn endpoint_allowed(endpoint: &str, rule: Endpoints) -> bool {
    if endpoint.len() > MAX_ENDPOINT_LEN || endpoint.chars().any(|c| c.is_whitespace()) {
        return false;
    }
    let Some(origin) = crypto::origin_of(endpoint) else {
        return false;
    };
    match rule {
        Endpoints::AnyForTests => origin.starts_with("http://") || origin.starts_with("https://"),
        Endpoints::PushServices => {
            let Some(host) = origin.strip_prefix("https://") else {
                return false;
            };
            let host = host.split(':').next().unwrap_or(host).to_ascii_lowercase();
            PUSH_SERVICES
                .iter()
                .any(|s| host == *s || host.ends_with(&format!(".{s}")))
        }
    }
}

/// Who a push is written for.
#[derive(Clone, Debug)]
pub struct PushReader {
    /// The language of the page the browser subscribed on.
    pub lang: String,
    /// The account's page settings as the pages keep them: their language wins.
    pub settings: Option<String>,
    pub game: GameKind,
}

/// A push's words: the notification's title and text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushText {
    pub title: String,
    pub body: String,
}

/// Puts a turn's push in words (the web pages' translations).
pub type PushCompose = fn(&PushReader) -> PushText;

/// What the push task needs.
#[derive(Clone, Debug)]
pub struct PushConfig {
    pub key: Arc<VapidKey>,
    /// The VAPID `sub`: how a push service reaches the operator (`mailto:` or `https:`).
    pub subject: String,
    pub compose: PushCompose,
    pub endpoints: Endpoints,
}

impl PushConfig {
    /// The VAPID key from `key_text` (`agora serve --vapid-key FILE`), else the one kept in
    /// the database, made there by the first node that needed it.
    pub async fn load(
        store: &Store,
        key_text: Option<&str>,
        subject: String,
        compose: PushCompose,
    ) -> Result<PushConfig, String> {
        let key = match key_text {
            Some(text) => VapidKey::from_text(text)?,
            None => {
                let kept = store
                    .vapid_key(&VapidKey::generate()?, now_ms())
                    .await
                    .map_err(|e| format!("the VAPID key cannot be read: {e}"))?;
                VapidKey::from_text(&kept)?
            }
        };
        Ok(PushConfig {
            key: Arc::new(key),
            subject,
            compose,
            endpoints: Endpoints::PushServices,
        })
    }
}

/// Starts the push task; actors tell it each correspondence turn through the queue.
pub fn start(store: Store, config: PushConfig) -> TurnQueue {
    TurnQueue::start("turn push", |rx| deliver(rx, store, config))
}

async fn deliver(mut rx: mpsc::Receiver<TurnNews>, store: Store, config: PushConfig) {
    let client = match reqwest::Client::builder()
        .timeout(Duration::from_secs(15))
        .redirect(reqwest::redirect::Policy::none())
        .build()
    {
        Ok(client) => client,
        Err(e) => {
            tracing::error!(error = %e, "no HTTP client: Web Push is off");
            return;
        }
    };
    while let Some(news) = rx.recv().await {
        let subscriptions = match store.push_subscriptions(news.account).await {
            Ok(subscriptions) if !subscriptions.is_empty() => subscriptions,
            Ok(_) => continue,
            Err(e) => {
                tracing::warn!(account = %news.account, error = %e, "push subscriptions not read");
                continue;
            }
        };
        match store
            .claim_turn_push(news.game, news.account, news.version, now_ms())
            .await
        {
            Ok(true) => {}
            // Another node, or this one before a restart, has it.
            Ok(false) => continue,
            Err(e) => {
                tracing::warn!(game = %news.game, error = %e, "turn push not claimed");
                continue;
            }
        }
        let settings = store
            .account_settings(news.account)
            .await
            .unwrap_or_else(|e| {
                tracing::warn!(account = %news.account, error = %e, "page settings not read");
                None
            });
        for subscription in subscriptions {
            let text = (config.compose)(&PushReader {
                lang: subscription.lang.clone(),
                settings: settings.clone(),
                game: news.kind,
            });
            let payload = serde_json::json!({
                "title": text.title,
                "body": text.body,
                "url": format!("/games/{}", news.game),
                "tag": format!("agora-{}", news.game),
            });
            let send = Send {
                client: client.clone(),
                store: store.clone(),
                config: config.clone(),
                game: news.game,
            };
            tokio::spawn(send.to(subscription, payload.to_string()));
        }
    }
}

/// One push on its way.
struct Send {
    client: reqwest::Client,
    store: Store,
    config: PushConfig,
    game: TableId,
}

impl Send {
    /// Encrypts `payload` to `subscription` and posts it, again after each of [`RETRIES`] while
    /// the service says "later".
    async fn to(self, subscription: PushSubscription, payload: String) {
        let endpoint = subscription.endpoint.as_str();
        if !endpoint_allowed(endpoint, self.config.endpoints) {
            tracing::warn!(game = %self.game, "push endpoint not allowed: forgotten");
            let _ = self.store.push_endpoint_gone(endpoint).await;
            return;
        }
        let Some(keys) = crypto::BrowserKeys::parse(&subscription.p256dh, &subscription.auth)
        else {
            let _ = self.store.push_endpoint_gone(endpoint).await;
            return;
        };
        let mut waits = RETRIES.iter();
        loop {
            let body = match crypto::seal(payload.as_bytes(), &keys) {
                Ok(body) => body,
                Err(e) => {
                    tracing::warn!(game = %self.game, error = ?e, "push not encrypted: subscription forgotten");
                    let _ = self.store.push_endpoint_gone(endpoint).await;
                    return;
                }
            };
            let exp = now_ms() / 1000 + VAPID_SECONDS;
            let Some(authorization) =
                (self.config.key).authorization(endpoint, &self.config.subject, exp)
            else {
                return;
            };
            let answer = self
                .client
                .post(endpoint)
                .header("TTL", TTL_SECONDS.to_string())
                .header("Urgency", "normal")
                .header("Topic", format!("game{}", self.game))
                .header("Content-Encoding", "aes128gcm")
                .header("Content-Type", "application/octet-stream")
                .header("Authorization", authorization)
                .body(body)
                .send()
                .await;
            let later = match answer {
                Ok(answer) if answer.status().is_success() => {
                    tracing::info!(game = %self.game, "turn push sent");
                    return;
                }
                Ok(answer)
                    if matches!(answer.status(), StatusCode::NOT_FOUND | StatusCode::GONE) =>
                {
                    tracing::info!(game = %self.game, "push subscription gone: forgotten");
                    if let Err(e) = self.store.push_endpoint_gone(endpoint).await {
                        tracing::warn!(error = %e, "gone push subscription not forgotten");
                    }
                    return;
                }
                Ok(answer) => {
                    let status = answer.status();
                    if !(status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error()) {
                        tracing::error!(game = %self.game, %status, "turn push refused");
                        return;
                    }
                    status.to_string()
                }
                Err(e) => e.to_string(),
            };
            match waits.next() {
                Some(wait) => {
                    tracing::warn!(game = %self.game, error = %later, retry_in_s = wait.as_secs(), "turn push not sent");
                    tokio::time::sleep(*wait).await;
                }
                None => {
                    tracing::error!(game = %self.game, error = %later, "turn push given up");
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_on_the_push_services_only() {
        let rule = Endpoints::PushServices;
        assert!(endpoint_allowed(
            "https://fcm.googleapis.com/fcm/send/abc",
            rule
        ));
        assert!(endpoint_allowed(
            "https://updates.push.services.mozilla.com/wpush/v2/x",
            rule
        ));
        assert!(endpoint_allowed(
            "https://wns2-par02p.notify.windows.com/w/?token=x",
            rule
        ));
        assert!(endpoint_allowed("https://web.push.apple.com/QGx", rule));
        assert!(!endpoint_allowed(
            "http://fcm.googleapis.com/fcm/send/abc",
            rule
        ));
        assert!(!endpoint_allowed("https://127.0.0.1/push", rule));
        assert!(!endpoint_allowed(
            "https://evilpush.apple.com.example/x",
            rule
        ));
        assert!(!endpoint_allowed(
            "https://notfcm.googleapis.com.evil/x",
            rule
        ));
        assert!(!endpoint_allowed("https://user@fcm.googleapis.com/x", rule));
        assert!(!endpoint_allowed("fcm.googleapis.com/x", rule));
        let long = format!(
            "https://fcm.googleapis.com/{}",
            "a".repeat(MAX_ENDPOINT_LEN)
        );
        assert!(!endpoint_allowed(&long, rule));
        assert!(endpoint_allowed(
            "http://127.0.0.1:9/push",
            Endpoints::AnyForTests
        ));
        assert!(!endpoint_allowed(
            "ftp://127.0.0.1/push",
            Endpoints::AnyForTests
        ));
    }
}
