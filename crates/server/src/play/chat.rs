//! Table chat, live: what a message may say, who may read which of a table's two chats, and
//! the `chat` frames sent to each game's WebSockets on this node, each reader's filtered by
//! whom it muted. A message is stored first (`agora_store::Store::post_chat`), then told to
//! this node's listeners and, through PostgreSQL's NOTIFY, to the other nodes', which filter
//! for their own listeners the same way.
//!
//! The ruling on the two chats: while the game is played, its players read only the players'
//! chat and everyone else only the spectators' (so spectators' talk cannot help a player);
//! once it is over, both chats are open to everyone, as in its replay.

use std::collections::HashMap;
use std::sync::Mutex;

use agora_store::{
    AccountId, ChatBody, ChatChannel, ChatLimit, ChatMessage, QUICK, Store, TableId,
};
use axum::extract::ws::Utf8Bytes;
use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::mpsc;

use crate::ApiError;
use crate::cluster::Node;

/// The longest message, in characters (after trimming).
pub const MAX_CHARS: usize = 300;

/// Per account, on every node together: at most 5 messages in 10 seconds and 30 in 10
/// minutes.
pub const LIMITS: [ChatLimit; 2] = [
    ChatLimit {
        most: 5,
        window_ms: 10_000,
    },
    ChatLimit {
        most: 30,
        window_ms: 600_000,
    },
];

/// Chat frames waiting for one connection; past it, the connection misses chat frames (it
/// reads the chat again when its page does), never the game's.
const LISTENER_QUEUE: usize = 64;

/// Why a message cannot be sent, before anything is stored.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Unsayable {
    Empty,
    TooLong,
    UnknownQuick,
}

impl From<Unsayable> for ApiError {
    fn from(why: Unsayable) -> ApiError {
        ApiError::BadRequest(
            match why {
                Unsayable::Empty => "an empty message: write something",
                Unsayable::TooLong => "a message has at most 300 characters",
                Unsayable::UnknownQuick => "no such quick message",
            }
            .into(),
        )
    }
}

/// Bidirectional controls, which could turn the rest of a line (the reader's own words
/// around it) backwards: dropped.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` as it is kept: control characters (line breaks included) become spaces, runs of
/// spaces one, bidirectional controls go, both ends trimmed; refused when nothing is left or
/// it is over [`MAX_CHARS`].
pub fn clean_text(text: &str) -> Result<String, Unsayable> {
    let mut clean = String::with_capacity(text.len());
    for c in text.chars().filter(|c| !is_bidi_control(*c)) {
        let c = if c.is_control() { ' ' } else { c };
        if c.is_whitespace() && clean.ends_with(char::is_whitespace) {
            continue;
        }
        clean.push(c);
    }
    let clean = clean.trim();
    match clean.chars().count() {
        0 => Err(Unsayable::Empty),
        n if n > MAX_CHARS => Err(Unsayable::TooLong),
        _ => Ok(clean.to_string()),
    }
}

/// A quick message's code, if it is one.
pub fn quick_code(code: &str) -> Result<&'static str, Unsayable> {
    QUICK
        .into_iter()
        .find(|q| *q == code)
        .ok_or(Unsayable::UnknownQuick)
}

/// Whether a reader may read `channel`: a player (`seated`) the players' chat while the game
/// is played, anyone else the spectators'; everyone both once it is `over`.
pub fn readable(channel: ChatChannel, seated: bool, over: bool) -> bool {
    over || (channel == ChatChannel::Players) == seated
}

/// The chat a reader writes in: a player the players', anyone else the spectators'.
pub fn channel_of(seated: bool) -> ChatChannel {
    match seated {
        true => ChatChannel::Players,
        false => ChatChannel::Spectators,
    }
}

/// A message as the API and the frames show it.
pub fn message_json(message: &ChatMessage) -> serde_json::Value {
    let (text, quick) = match &message.body {
        ChatBody::Text(text) => (Some(text.as_str()), None),
        ChatBody::Quick(code) => (None, Some(code.as_str())),
    };
    json!({
        "id": message.id,
        "channel": message.channel.code(),
        "account": message.account,
        "name": message.name,
        "text": text,
        "quick": quick,
        "at": message.at,
    })
}

/// What a node tells the others: a new message, or an account that turned chat off or on.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum News {
    Message { message: ChatMessage, over: bool },
    Setting { account: AccountId, off: bool },
}

struct Listener {
    account: Option<AccountId>,
    seated: bool,
    /// The account turned chat off: no message frames.
    off: bool,
    tx: mpsc::Sender<Utf8Bytes>,
}

/// The WebSockets on this node that read each game's chat.
#[derive(Default)]
pub struct ChatRoom {
    listeners: Mutex<HashMap<TableId, Vec<Listener>>>,
}

impl std::fmt::Debug for ChatRoom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChatRoom").finish_non_exhaustive()
    }
}

impl ChatRoom {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<TableId, Vec<Listener>>> {
        self.listeners.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A feed of game `game`'s chat frames for a connection of `account` (`seated` if it
    /// holds a seat there, `off` if it turned chat off: then only the news of the setting);
    /// it ends when the receiver is dropped.
    pub fn listen(
        &self,
        game: TableId,
        account: Option<AccountId>,
        seated: bool,
        off: bool,
    ) -> mpsc::Receiver<Utf8Bytes> {
        let (tx, rx) = mpsc::channel(LISTENER_QUEUE);
        let mut listeners = self.lock();
        listeners.retain(|_, list| {
            list.retain(|l| !l.tx.is_closed());
            !list.is_empty()
        });
        let listener = Listener {
            account,
            seated,
            off,
            tx,
        };
        listeners.entry(game).or_default().push(listener);
        rx
    }

    /// Tells `message`, just stored, to this node's listeners and the other nodes'.
    pub async fn tell(&self, store: &Store, node: &Node, message: ChatMessage, over: bool) {
        let news = News::Message { message, over };
        node.publish_chat(&serde_json::to_string(&news).expect("chat news serializes"));
        if let News::Message { message, over } = news {
            self.deliver(store, message, over).await;
        }
    }

    /// Tells `account`'s open connections, on this node and the others, that it turned chat
    /// off (`off`) or on again: from now on they get message frames or not, and a
    /// `chat_setting` frame so that their pages hide or show the chat.
    pub fn set_off(&self, node: &Node, account: AccountId, off: bool) {
        let news = News::Setting { account, off };
        node.publish_chat(&serde_json::to_string(&news).expect("chat news serializes"));
        self.apply(account, off);
    }

    /// Another node's news (as [`ChatRoom::tell`] or [`ChatRoom::set_off`] sent it).
    pub async fn heard(&self, store: &Store, payload: &str) {
        match serde_json::from_str::<News>(payload) {
            Ok(News::Message { message, over }) => self.deliver(store, message, over).await,
            Ok(News::Setting { account, off }) => self.apply(account, off),
            Err(e) => tracing::warn!(error = %e, "unreadable chat news"),
        }
    }

    /// Marks `account`'s listeners on this node off or on, and tells them.
    fn apply(&self, account: AccountId, off: bool) {
        let frame = Utf8Bytes::from(json!({"type": "chat_setting", "off": off}).to_string());
        let mut listeners = self.lock();
        for listener in listeners.values_mut().flatten() {
            if listener.account == Some(account) {
                listener.off = off;
                let _ = listener.tx.try_send(frame.clone());
            }
        }
    }

    /// Sends the message's frame to each of this node's listeners of its game that may read
    /// it, did not mute its sender and did not turn chat off.
    async fn deliver(&self, store: &Store, message: ChatMessage, over: bool) {
        if !self.lock().contains_key(&message.game) {
            return;
        }
        let muters = match store.muters_of(message.account).await {
            Ok(muters) => muters,
            Err(e) => {
                // Better unsent than sent to someone who muted its sender.
                tracing::warn!(error = %e, "chat message not delivered");
                return;
            }
        };
        let frame =
            json!({"type": "chat", "game": message.game, "message": message_json(&message)});
        let frame = Utf8Bytes::from(frame.to_string());
        let mut listeners = self.lock();
        let Some(list) = listeners.get_mut(&message.game) else {
            return;
        };
        list.retain(|l| !l.tx.is_closed());
        for listener in list.iter() {
            let muted = (listener.account).is_some_and(|a| muters.contains(&a));
            if !muted && !listener.off && readable(message.channel, listener.seated, over) {
                let _ = listener.tx.try_send(frame.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed_stripped_of_controls_and_bounded() {
        assert_eq!(clean_text("  hi\u{7}\n\tthere  ").unwrap(), "hi there");
        assert_eq!(clean_text(" \n\u{0} "), Err(Unsayable::Empty));
        let long = "é".repeat(MAX_CHARS);
        assert_eq!(clean_text(&format!(" {long} ")).unwrap(), long);
        assert_eq!(clean_text(&format!("{long}x")), Err(Unsayable::TooLong));
        assert_eq!(clean_text("<script>").unwrap(), "<script>");
        assert_eq!(clean_text("ab\u{202e}cd\u{2066}").unwrap(), "abcd");
    }

    #[test]
    fn players_and_spectators_read_their_own_chat_until_the_end() {
        use ChatChannel::*;
        assert!(readable(Players, true, false));
        assert!(!readable(Spectators, true, false));
        assert!(readable(Spectators, false, false));
        assert!(!readable(Players, false, false));
        assert!(readable(Spectators, true, true) && readable(Players, false, true));
        assert_eq!(quick_code("good_game"), Ok("good_game"));
        assert_eq!(quick_code("rude"), Err(Unsayable::UnknownQuick));
    }
}
