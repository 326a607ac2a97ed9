//! Email when a correspondence game waits for a player (`agora serve --smtp`).
//!
//! A game's actor says, after each stored change, whose correspondence turn began
//! ([`TurnQueue::turn_began`]); it never waits: the news goes on a bounded queue, and one
//! task of this module reads it, looks up the account's choice, takes the turn's one
//! message in the database ([`agora_store::Store::claim_turn_mail`], a unique row written
//! before anything is sent, so a second node, a restarted actor or a retry sends nothing),
//! and sends through the operator's relay, retrying with backoff in a task of its own. The
//! words come from the web pages' translations ([`Compose`]), in the account's language.

use std::str::FromStr;
use std::time::Duration;

use agora_games::GameKind;
use agora_store::{Secret, Store, now_ms};
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox};
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tokio::sync::mpsc;

use crate::play::turn_news::{TurnNews, TurnQueue};

/// When a failed send is tried again, after the first try: then it is given up (logged).
const RETRIES: [Duration; 4] = [
    Duration::from_secs(30),
    Duration::from_secs(120),
    Duration::from_secs(600),
    Duration::from_secs(3600),
];
/// The longest address accepted (RFC 5321's limit on a forward path).
pub const MAX_ADDRESS_LEN: usize = 254;

/// What a turn's message says, for [`Compose`] to put in words.
#[derive(Clone, Debug)]
pub struct TurnLetter {
    /// The language (`en`, `de`, `fr`) the account read when it saved its address.
    pub lang: String,
    /// The account's page settings as the pages keep them, read when the message is written:
    /// the language set there is the reader's current one, and wins over `lang`.
    pub settings: Option<String>,
    pub game: GameKind,
    /// The game's page.
    pub game_url: String,
    /// The page that turns these messages off without signing in.
    pub off_url: String,
}

/// A message's subject and plain-text body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    pub subject: String,
    pub body: String,
}

/// Puts a turn's message in words (the web pages' translations).
pub type Compose = fn(&TurnLetter) -> Letter;

/// The relay and what every message needs.
#[derive(Clone, Debug)]
pub struct MailConfig {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    /// The site's public address, without a trailing `/`: links are built on it.
    site: String,
    compose: Compose,
}

impl MailConfig {
    /// `relay`: `smtp://host:port` (plain), `smtp://host:port?tls=required` (STARTTLS) or
    /// `smtps://host:port` (TLS), with `user:pass@` when the relay wants them; `from`: the
    /// sender (`Agora <agora@example.org>`); `site`: the public URL links point to.
    pub fn new(
        relay: &str,
        from: &str,
        site: &str,
        compose: Compose,
    ) -> Result<MailConfig, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(relay)
            .map_err(|e| format!("--smtp: {e}"))?
            .build();
        let from = Mailbox::from_str(from).map_err(|e| format!("--mail-from: {e}"))?;
        Ok(MailConfig {
            transport,
            from,
            site: site.trim_end_matches('/').to_string(),
            compose,
        })
    }
}

/// Why an address was refused.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AddressProblem {
    Missing,
    TooLong,
    Invalid,
}

/// An address as a person typed it, trimmed and checked; what is kept and mailed to.
pub fn parse_address(text: &str) -> Result<String, AddressProblem> {
    let text = text.trim();
    if text.is_empty() {
        return Err(AddressProblem::Missing);
    }
    if text.len() > MAX_ADDRESS_LEN {
        return Err(AddressProblem::TooLong);
    }
    let address = Address::from_str(text).map_err(|_| AddressProblem::Invalid)?;
    Ok(address.to_string())
}

/// Starts the mail task; actors tell it each correspondence turn through the queue.
pub fn start(store: Store, config: MailConfig) -> TurnQueue {
    TurnQueue::start("turn mail", |rx| deliver(rx, store, config))
}

/// The mail task: each turn's message, claimed once, sent in a task of its own.
async fn deliver(mut rx: mpsc::Receiver<TurnNews>, store: Store, config: MailConfig) {
    while let Some(news) = rx.recv().await {
        let settings = match store.mail_settings(news.account).await {
            Ok(Some(settings)) if settings.turn_mail => settings,
            Ok(_) => continue,
            Err(e) => {
                tracing::warn!(account = %news.account, error = %e, "mail settings not read");
                continue;
            }
        };
        let secret = Secret::random();
        let claimed = store
            .claim_turn_mail(
                news.game,
                news.account,
                news.version,
                &secret.hash(),
                now_ms(),
            )
            .await;
        match claimed {
            Ok(true) => {}
            // Another node, or this one before a restart, has it.
            Ok(false) => continue,
            Err(e) => {
                tracing::warn!(game = %news.game, error = %e, "turn mail not claimed");
                continue;
            }
        }
        // The reader's language now, not when the address was saved.
        let page_settings = match store.account_settings(news.account).await {
            Ok(page_settings) => page_settings,
            Err(e) => {
                tracing::warn!(account = %news.account, error = %e, "page settings not read");
                None
            }
        };
        let letter = (config.compose)(&TurnLetter {
            lang: settings.lang,
            settings: page_settings,
            game: news.kind,
            game_url: format!("{}/games/{}", config.site, news.game),
            off_url: format!("{}/mail/off?token={}", config.site, secret.as_str()),
        });
        let message = match message(&config, &settings.address, letter) {
            Ok(message) => message,
            Err(e) => {
                tracing::error!(account = %news.account, error = %e, "turn mail not written");
                continue;
            }
        };
        tokio::spawn(send(config.transport.clone(), message, news));
    }
}

fn message(config: &MailConfig, to: &str, letter: Letter) -> Result<Message, String> {
    let to = Mailbox::new(None, Address::from_str(to).map_err(|e| e.to_string())?);
    // Quoted-printable: readable where it is ASCII, and safe through any relay.
    let body = Body::new_with_encoding(letter.body, ContentTransferEncoding::QuotedPrintable)
        .map_err(|_| "the body cannot be encoded".to_string())?;
    Message::builder()
        .from(config.from.clone())
        .to(to)
        .subject(letter.subject)
        .header(ContentType::TEXT_PLAIN)
        .body(body)
        .map_err(|e| e.to_string())
}

/// Sends one message, trying again after each of [`RETRIES`] while the relay's refusal is
/// not permanent.
async fn send(transport: AsyncSmtpTransport<Tokio1Executor>, message: Message, news: TurnNews) {
    let mut waits = RETRIES.iter();
    loop {
        let error = match transport.send(message.clone()).await {
            Ok(_) => {
                tracing::info!(game = %news.game, account = %news.account, "turn mail sent");
                return;
            }
            Err(e) => e,
        };
        match waits.next() {
            Some(wait) if !error.is_permanent() => {
                tracing::warn!(game = %news.game, error = %error, retry_in_s = wait.as_secs(), "turn mail not sent");
                tokio::time::sleep(*wait).await;
            }
            _ => {
                tracing::error!(game = %news.game, account = %news.account, error = %error, "turn mail given up");
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_trimmed_and_checked() {
        assert_eq!(
            parse_address("  ada@example.org \n"),
            Ok("ada@example.org".into())
        );
        assert_eq!(parse_address("   "), Err(AddressProblem::Missing));
        assert_eq!(parse_address("ada"), Err(AddressProblem::Invalid));
        assert_eq!(
            parse_address("ada@example.org, bob@example.org"),
            Err(AddressProblem::Invalid)
        );
        assert_eq!(
            parse_address("Ada <ada@example.org>"),
            Err(AddressProblem::Invalid)
        );
        let long = format!("{}@example.org", "a".repeat(250));
        assert_eq!(parse_address(&long), Err(AddressProblem::TooLong));
    }
}
