//! The pool's lowest class: work nobody waits for (the look back over finished games, issue
//! 34). It runs only while no other job waits, one job at a time, and a running one is told
//! to stop (its flag raised) the moment any other job is queued: it gives its thread up
//! within one check of its flag, and its owner runs it again later. So a live game's
//! computer move waits for the lowest class at most that long.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

#[derive(Debug)]
pub(super) struct LowEntry<J> {
    pub id: u64,
    pub stop: Arc<AtomicBool>,
    pub job: J,
}

#[derive(Debug)]
pub(super) struct Lowest<J> {
    waiting: VecDeque<LowEntry<J>>,
    /// The stop flag of the job running, if one runs.
    running: Option<(u64, Arc<AtomicBool>)>,
}

impl<J> Default for Lowest<J> {
    fn default() -> Self {
        Lowest {
            waiting: VecDeque::new(),
            running: None,
        }
    }
}

impl<J> Lowest<J> {
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    pub fn push(&mut self, entry: LowEntry<J>) {
        self.waiting.push_back(entry);
    }

    /// The next job, if none of this class runs and a thread is free; the caller checks that
    /// no other job waits.
    pub fn pop(&mut self, free: usize) -> Option<LowEntry<J>> {
        if self.running.is_some() || free == 0 {
            return None;
        }
        let entry = self.waiting.pop_front()?;
        self.running = Some((entry.id, entry.stop.clone()));
        Some(entry)
    }

    /// Job `id` ended.
    pub fn ended(&mut self, id: u64) {
        if self
            .running
            .as_ref()
            .is_some_and(|(running, _)| *running == id)
        {
            self.running = None;
        }
    }

    /// Another job was queued: the running one, if any, gives its thread up.
    pub fn preempt(&self) {
        if let Some((_, stop)) = &self.running {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Takes job `id` out, if it still waits.
    pub fn remove(&mut self, id: u64) -> Option<LowEntry<J>> {
        let at = self.waiting.iter().position(|e| e.id == id)?;
        self.waiting.remove(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: u64) -> LowEntry<u64> {
        LowEntry {
            id,
            stop: Arc::default(),
            job: id,
        }
    }

    #[test]
    fn one_at_a_time_in_order_and_preempted_by_any_other_job() {
        let mut lowest = Lowest::default();
        lowest.push(entry(1));
        lowest.push(entry(2));
        assert!(lowest.pop(0).is_none(), "no free thread");
        let first = lowest.pop(1).unwrap();
        assert_eq!(first.job, 1);
        assert!(lowest.pop(1).is_none(), "one runs already");
        lowest.preempt();
        assert!(first.stop.load(Ordering::Relaxed));
        lowest.ended(1);
        assert_eq!(lowest.pop(2).unwrap().job, 2);
        assert!(lowest.remove(2).is_none(), "it runs: it no longer waits");
        assert_eq!(lowest.len(), 0);
    }
}
