//! Whether a WebSocket client still reads: the server pings it now and then, and only a
//! message, or a pong to one of its last two pings, counts as heard.

use std::time::Duration;

/// Pings the client now and then, and notices when it has gone quiet or stopped reading.
pub(super) struct Liveness {
    pub(super) every: tokio::time::Interval,
    /// Whether the client showed it reads since the last ping: a message, or the pong to one
    /// of our last two pings. Its own pings prove nothing (the transport answers them without
    /// us), nor do pongs it makes up.
    pub(super) heard: bool,
    /// Pings in a row that nothing came after.
    pub(super) unanswered: u32,
    /// The number of our last ping, which is also its payload.
    pinged: u64,
}

impl Liveness {
    pub(super) fn new(period: Duration) -> Liveness {
        let period = period.max(Duration::from_millis(10));
        let mut every = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Liveness {
            every,
            heard: true,
            unanswered: 0,
            pinged: 0,
        }
    }

    /// The payload of our next ping.
    pub(super) fn next_ping(&mut self) -> Vec<u8> {
        self.pinged += 1;
        self.pinged.to_be_bytes().to_vec()
    }

    /// Whether `payload` answers one of our last two pings (the client may answer the one
    /// before the last when the last went out just before its answer came).
    pub(super) fn answers(&self, payload: &[u8]) -> bool {
        let Ok(number) = <[u8; 8]>::try_from(payload).map(u64::from_be_bytes) else {
            return false;
        };
        number != 0 && number <= self.pinged && self.pinged - number <= 1
    }
}

/// Pings the client may leave unanswered before the connection is closed as idle.
pub(super) const IDLE_AFTER_PINGS: u32 = 2;

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn only_a_pong_to_one_of_our_last_two_pings_shows_the_client_reads() {
        let mut liveness = Liveness::new(Duration::from_secs(30));
        assert!(!liveness.answers(&[]), "nothing was pinged yet");
        assert!(!liveness.answers(&0u64.to_be_bytes()));
        let first = liveness.next_ping();
        assert!(liveness.answers(&first));
        let second = liveness.next_ping();
        let third = liveness.next_ping();
        assert!(liveness.answers(&second) && liveness.answers(&third));
        assert!(!liveness.answers(&first), "too old");
        assert!(!liveness.answers(&4u64.to_be_bytes()), "not sent yet");
        assert!(!liveness.answers(b"made up"));
    }
}
