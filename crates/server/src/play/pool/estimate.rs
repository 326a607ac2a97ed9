//! About how long a queued computer's move will take (issue 35): from its real place in the
//! queue, the jobs ahead of it and those running, each at the measured mean search time of
//! its game and level. The in-process pool and the PostgreSQL queue say it the same way.

use std::collections::HashMap;
use std::time::Duration;

use agora_ai::Level;
use agora_games::GameKind;

/// What a search is, for its measured time: the game and the level searched.
pub type SearchKind = (GameKind, Level);

/// How much one new time moves a mean: an eighth, so a few odd searches (a forced move
/// answered at once, a machine busy for a moment) barely move it, yet it follows a change
/// of load within a few dozen searches. The PostgreSQL queue's mean (`ai_search_times`)
/// moves the same way.
const NEW_TIME_WEIGHT: u32 = 8;

/// Running means of how long jobs took, per kind of search; jobs of no kind (hints) are
/// measured apart.
#[derive(Debug, Default)]
pub(super) struct SearchTimes {
    means: HashMap<Option<SearchKind>, Duration>,
}

impl SearchTimes {
    /// A job of `kind` took `took`.
    pub fn record(&mut self, kind: Option<SearchKind>, took: Duration) {
        self.means
            .entry(kind)
            .and_modify(|mean| *mean = (*mean * (NEW_TIME_WEIGHT - 1) + took) / NEW_TIME_WEIGHT)
            .or_insert(took);
    }

    /// The mean time of a job of `kind`; of a kind never measured, the mean of those that
    /// were (nothing measured at all: zero).
    pub fn mean(&self, kind: Option<SearchKind>) -> Duration {
        if let Some(mean) = self.means.get(&kind) {
            return *mean;
        }
        match self.means.len() as u32 {
            0 => Duration::ZERO,
            n => self.means.values().sum::<Duration>() / n,
        }
    }
}

/// About how long until a waiting job's answer: the work before it (the jobs ahead, and what
/// is left of those running) shared among the `lanes` that work side by side, then its own
/// search.
pub fn wait(work_ahead: Duration, lanes: usize, own: Duration) -> Duration {
    work_ahead / lanes.max(1) as u32 + own
}

#[cfg(test)]
mod tests {
    use super::*;

    const HARD: Option<SearchKind> = Some((GameKind::Tsuro, Level::Hard));
    const EASY: Option<SearchKind> = Some((GameKind::Tsuro, Level::Easy));

    #[test]
    fn each_kind_has_its_own_mean_and_an_unmeasured_kind_the_mean_of_all() {
        let mut times = SearchTimes::default();
        assert_eq!(times.mean(HARD), Duration::ZERO, "nothing measured");
        times.record(HARD, Duration::from_millis(800));
        times.record(HARD, Duration::from_millis(1600));
        assert_eq!(
            times.mean(HARD),
            Duration::from_millis(900),
            "an eighth moves it"
        );
        times.record(EASY, Duration::from_millis(100));
        assert_eq!(times.mean(EASY), Duration::from_millis(100));
        assert_eq!(
            times.mean(None),
            Duration::from_millis(500),
            "never measured"
        );
    }

    #[test]
    fn the_work_ahead_is_shared_among_the_lanes() {
        let second = Duration::from_secs(1);
        assert_eq!(wait(second * 4, 2, second), second * 3);
        assert_eq!(wait(second * 4, 0, second), second * 5, "no lane: one");
    }
}
