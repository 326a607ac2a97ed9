//! Players first: a search that shares its machine with a server steps aside, between two
//! iterations, while the server is answering a player.
//!
//! Running a search in a lower scheduling class gives a player's request the core it wakes
//! on, but not the rest of the machine: a search on the other core (or the other hardware
//! thread of the same core) still takes the caches, the memory bus and the core's shared
//! units, and a page took up to three times as long while searches ran beside it
//! (docs/benchmarks.md, "AI capacity"). So the server counts the requests it is serving
//! ([`PlayersFirst::serve`]), and a search run under [`PlayersFirst::during`] sleeps while
//! that count is above zero. A pause is short and bounded: under a steady stream of requests
//! a search still runs at least half the time, so a decision is delayed, never cut short (its
//! budget is in iterations, which a pause does not change).

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long a search waits at most for the requests being served to end.
pub const LONGEST_PAUSE: Duration = Duration::from_millis(5);
/// How long a search then runs before it may pause again, whatever is being served.
pub const RUN_AFTER_PAUSE: Duration = Duration::from_millis(5);
/// How often a pausing search looks whether the requests have ended.
const LOOK_EVERY: Duration = Duration::from_micros(50);

/// The count of players' requests a process is serving, which its searches step aside for.
#[derive(Debug, Default)]
pub struct PlayersFirst {
    serving: AtomicUsize,
    pauses: AtomicU64,
}

/// A request being served: searches step aside until it is dropped.
#[derive(Debug)]
#[must_use = "the request counts as served only while this is held"]
pub struct Serving(Arc<PlayersFirst>);

impl Drop for Serving {
    fn drop(&mut self) {
        self.0.serving.fetch_sub(1, Ordering::Release);
    }
}

thread_local! {
    /// What the searches started on this thread step aside for ([`PlayersFirst::during`]).
    static GIVEN: RefCell<Option<Arc<PlayersFirst>>> = const { RefCell::new(None) };
}

impl PlayersFirst {
    pub fn new() -> Arc<PlayersFirst> {
        Arc::default()
    }

    /// Counts a request as being served until the answer is dropped.
    pub fn serve(self: &Arc<Self>) -> Serving {
        self.serving.fetch_add(1, Ordering::Acquire);
        Serving(Arc::clone(self))
    }

    /// The requests being served now.
    pub fn serving(&self) -> usize {
        self.serving.load(Ordering::Relaxed)
    }

    /// How many times a search has paused for a request, since the start.
    pub fn pauses(&self) -> u64 {
        self.pauses.load(Ordering::Relaxed)
    }

    /// Runs `job` with every search it starts on this thread stepping aside for the requests
    /// counted here (including the threads such a search starts itself).
    pub fn during<T>(self: &Arc<Self>, job: impl FnOnce() -> T) -> T {
        struct Restore(Option<Arc<PlayersFirst>>);
        impl Drop for Restore {
            fn drop(&mut self) {
                let before = self.0.take();
                GIVEN.with_borrow_mut(|given| *given = before);
            }
        }
        let before = GIVEN.with_borrow_mut(|given| given.replace(Arc::clone(self)));
        let _restore = Restore(before);
        job()
    }

    /// What a search started on this thread now steps aside for.
    pub fn given() -> Option<Arc<PlayersFirst>> {
        GIVEN.with_borrow(Clone::clone)
    }
}

/// One search thread's pauses: called between iterations.
#[derive(Debug)]
pub(crate) struct Pauses<'a> {
    players: &'a PlayersFirst,
    /// After a pause that ran out, the search runs until then whatever is being served.
    running_until: Option<Instant>,
}

impl<'a> Pauses<'a> {
    pub(crate) fn new(players: &'a PlayersFirst) -> Pauses<'a> {
        Pauses {
            players,
            running_until: None,
        }
    }

    /// Waits while requests are being served, at most [`LONGEST_PAUSE`], and not again until
    /// [`RUN_AFTER_PAUSE`] after a pause that ran out.
    pub(crate) fn between_iterations(&mut self) {
        if self.players.serving() == 0 {
            return;
        }
        let now = Instant::now();
        if let Some(until) = self.running_until {
            if now < until {
                return;
            }
            self.running_until = None;
        }
        self.players.pauses.fetch_add(1, Ordering::Relaxed);
        while self.players.serving() > 0 {
            if now.elapsed() >= LONGEST_PAUSE {
                self.running_until = Some(Instant::now() + RUN_AFTER_PAUSE);
                return;
            }
            std::thread::sleep(LOOK_EVERY);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serving_counts_requests_until_dropped() {
        let players = PlayersFirst::new();
        let a = players.serve();
        let b = players.serve();
        assert_eq!(players.serving(), 2);
        drop(a);
        assert_eq!(players.serving(), 1);
        drop(b);
        assert_eq!(players.serving(), 0);
    }

    #[test]
    fn during_gives_the_thread_its_players_then_restores() {
        let outer = PlayersFirst::new();
        let inner = PlayersFirst::new();
        assert!(PlayersFirst::given().is_none());
        outer.during(|| {
            assert!(Arc::ptr_eq(&PlayersFirst::given().unwrap(), &outer));
            inner.during(|| assert!(Arc::ptr_eq(&PlayersFirst::given().unwrap(), &inner)));
            assert!(Arc::ptr_eq(&PlayersFirst::given().unwrap(), &outer));
        });
        assert!(PlayersFirst::given().is_none());
    }

    #[test]
    fn a_search_pauses_only_while_a_request_is_served() {
        let players = PlayersFirst::new();
        let mut pauses = Pauses::new(&players);
        pauses.between_iterations();
        assert_eq!(players.pauses(), 0, "nothing served: no pause");
        let serving = players.serve();
        let start = Instant::now();
        pauses.between_iterations();
        assert_eq!(players.pauses(), 1);
        assert!(
            start.elapsed() >= LONGEST_PAUSE,
            "it waited for the request"
        );
        // A pause that ran out is followed by a run: no pause right after it.
        pauses.between_iterations();
        assert_eq!(players.pauses(), 1);
        drop(serving);
        pauses.between_iterations();
        assert_eq!(players.pauses(), 1);
    }

    #[test]
    fn a_pause_ends_when_the_request_is_answered() {
        let players = PlayersFirst::new();
        let serving = players.serve();
        let answered = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(1));
            drop(serving);
        });
        let mut pauses = Pauses::new(&players);
        pauses.between_iterations();
        answered.join().unwrap();
        assert_eq!(players.pauses(), 1);
        assert_eq!(players.serving(), 0);
        // It did not run out, so the next request is paused for again at once.
        assert!(pauses.running_until.is_none());
    }
}
