use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// How much a search may think: a number of iterations, a time, or both (whichever runs out
/// first).
///
/// An iteration budget alone makes a search deterministic for a given seed and thread count;
/// a time limit makes it depend on the machine's speed, so levels use iterations and keep a
/// time limit only as a safety cap that a normal machine never reaches.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Budget {
    /// Iterations over all threads together.
    pub iterations: Option<u64>,
    /// Wall-clock limit for one decision.
    pub time: Option<Duration>,
}

impl Budget {
    pub const fn iterations(iterations: u64) -> Budget {
        Budget {
            iterations: Some(iterations),
            time: None,
        }
    }

    pub const fn time(time: Duration) -> Budget {
        Budget {
            iterations: None,
            time: Some(time),
        }
    }

    /// Caps this budget with a time limit too.
    pub const fn capped(self, time: Duration) -> Budget {
        Budget {
            iterations: self.iterations,
            time: Some(time),
        }
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.iterations, self.time) {
            (Some(n), None) => write!(f, "{n} iterations"),
            (None, Some(t)) => write!(f, "{} ms", t.as_millis()),
            (Some(n), Some(t)) => write!(f, "{n} iterations, at most {} ms", t.as_millis()),
            (None, None) => write!(f, "no budget"),
        }
    }
}

/// The strength levels players pick from.
///
/// Each game sets the iterations behind a level ([`crate::Heuristics::level_budget`]); the
/// defaults keep `hard` within 2 s on 2 idle cores and `medium` within 0.5 s. The iterations
/// alone decide a level's strength: its time cap ([`Level::time_cap`]) is a safety net that
/// load never reaches.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// No search: the game's beginner ([`crate::Heuristics::beginner_move`]), who makes the
    /// mistakes a new player makes.
    Beginner,
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Easy, Level::Medium, Level::Hard];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// A safety cap on one decision, far beyond what a level's iterations take on a working
    /// machine (Tsuro `hard`: about 0.3 s on two idle cores): a level's strength is its
    /// iterations, never the load. A server short of cores answers later at full strength
    /// rather than sooner and weaker; only a machine too broken to play hits this cap.
    pub const fn time_cap(self) -> Duration {
        match self {
            Level::Beginner | Level::Easy => Duration::from_secs(10),
            Level::Medium => Duration::from_secs(20),
            Level::Hard => Duration::from_secs(60),
        }
    }

    /// Search threads the level uses (root parallelism): `hard` uses both cores.
    pub const fn threads(self) -> usize {
        match self {
            Level::Beginner | Level::Easy | Level::Medium => 1,
            Level::Hard => 2,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is no level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError(pub String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {:?}: expected beginner, easy, medium or hard",
            self.0
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseLevelError(s.chars().take(40).collect()))
    }
}
