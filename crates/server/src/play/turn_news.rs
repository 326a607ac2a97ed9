//! A correspondence turn that began, and the bounded queue an actor drops it on for a task
//! that tells the player: the turn mail ([`super::mail`]) and Web Push ([`super::push`]) each
//! run one. The actor says each turn once (`tell_turn`); a move never waits for either.

use std::future::Future;

use agora_games::GameKind;
use agora_store::{AccountId, TableId};
use tokio::sync::mpsc;

/// How many turns may wait for a task before more are dropped (and logged).
const QUEUE: usize = 4096;

/// `account` is to move in correspondence game `game` since `version`.
#[derive(Clone, Debug)]
pub(crate) struct TurnNews {
    pub game: TableId,
    pub kind: GameKind,
    pub account: AccountId,
    pub version: u64,
}

/// Where actors drop the turns that began; cheap to clone.
#[derive(Clone, Debug)]
pub struct TurnQueue {
    tx: mpsc::Sender<TurnNews>,
    /// What the task sends, for the log.
    what: &'static str,
}

impl TurnQueue {
    /// Starts `task` on the queue's receiving end (it stops when the last queue is dropped).
    pub(crate) fn start<F>(
        what: &'static str,
        task: impl FnOnce(mpsc::Receiver<TurnNews>) -> F,
    ) -> TurnQueue
    where
        F: Future<Output = ()> + Send + 'static,
    {
        let (tx, rx) = mpsc::channel(QUEUE);
        tokio::spawn(task(rx));
        TurnQueue { tx, what }
    }

    /// `account` is to move in correspondence game `game` since `version`. Never waits.
    pub fn turn_began(&self, game: TableId, kind: GameKind, account: AccountId, version: u64) {
        let news = TurnNews {
            game,
            kind,
            account,
            version,
        };
        if self.tx.try_send(news).is_err() {
            tracing::warn!(game = %game, account = %account, queue = self.what, "turn queue full: not sent");
        }
    }
}
