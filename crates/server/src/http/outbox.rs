//! A WebSocket connection's frames waiting to be written, bounded in bytes.
//!
//! The connection reads its client and its game's feed without waiting for writes to finish,
//! so a client that never reads cannot stall it; what it does not read piles up here, and
//! past [`QUEUE_LIMIT`] the connection is closed instead of growing without bound.

use std::collections::VecDeque;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use axum::extract::ws::Message;
use futures_util::Sink;

/// Bytes of frames a connection may have waiting to be written before it is closed (with
/// code 1013, `too far behind: reconnect with since`). The kernel's socket buffers come on top.
pub const QUEUE_LIMIT: usize = 1024 * 1024;

/// Frames not yet handed to the socket, and whether what was handed is flushed.
#[derive(Debug, Default)]
pub struct Outbox {
    queue: VecDeque<Message>,
    bytes: usize,
    unflushed: bool,
    /// Whether everything was written and flushed at some point since [`Outbox::stalled`]
    /// was last asked.
    drained: bool,
}

/// The outbox went past [`QUEUE_LIMIT`].
#[derive(Debug, PartialEq, Eq)]
pub struct Overflow;

fn size(message: &Message) -> usize {
    match message {
        Message::Text(text) => text.len(),
        Message::Binary(bytes) | Message::Ping(bytes) | Message::Pong(bytes) => bytes.len(),
        Message::Close(_) => 2,
    }
}

impl Outbox {
    /// Queues `message`; an error once the queue holds more than [`QUEUE_LIMIT`] bytes.
    pub fn push(&mut self, message: Message) -> Result<(), Overflow> {
        self.bytes += size(&message);
        self.queue.push_back(message);
        if self.bytes > QUEUE_LIMIT {
            Err(Overflow)
        } else {
            Ok(())
        }
    }

    /// Whether frames have been waiting the whole time since this was last asked: the client
    /// reads too slowly, or not at all.
    pub fn stalled(&mut self) -> bool {
        let waiting = !self.queue.is_empty() || self.unflushed;
        let stalled = waiting && !self.drained;
        self.drained = !waiting;
        stalled
    }

    /// Drops everything waiting (the client will resynchronize).
    pub fn clear(&mut self) {
        self.queue.clear();
        self.bytes = 0;
    }

    /// Writes what the socket takes now, in one flush; `Ready` only with an error, or with
    /// `Ok` once everything is written and flushed.
    pub fn poll_write<S>(
        &mut self,
        sink: &mut S,
        cx: &mut Context<'_>,
    ) -> Poll<Result<(), S::Error>>
    where
        S: Sink<Message> + Unpin,
    {
        while !self.queue.is_empty() {
            ready!(Pin::new(&mut *sink).poll_ready(cx))?;
            let message = self.queue.pop_front().expect("not empty");
            self.bytes -= size(&message);
            Pin::new(&mut *sink).start_send(message)?;
            self.unflushed = true;
        }
        if self.unflushed {
            ready!(Pin::new(&mut *sink).poll_flush(cx))?;
            self.unflushed = false;
        }
        self.drained = true;
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queue_is_bounded_in_bytes() {
        let mut outbox = Outbox::default();
        let frame = "x".repeat(1024);
        for _ in 0..QUEUE_LIMIT / 1024 {
            assert_eq!(outbox.push(Message::Text(frame.clone().into())), Ok(()));
        }
        assert_eq!(outbox.push(Message::Text("y".into())), Err(Overflow));
        outbox.clear();
        assert_eq!(outbox.bytes, 0);
        assert_eq!(outbox.push(Message::Text(frame.into())), Ok(()));
    }

    #[test]
    fn an_outbox_is_stalled_when_it_held_frames_since_the_last_look() {
        let mut outbox = Outbox::default();
        assert!(!outbox.stalled(), "empty");
        outbox.push(Message::Text("x".into())).unwrap();
        // Empty at the last look: not stalled yet.
        assert!(!outbox.stalled());
        // Waiting ever since.
        assert!(outbox.stalled());
        outbox.clear();
        assert!(!outbox.stalled());
    }
}
