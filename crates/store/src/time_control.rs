use serde::{Deserialize, Serialize};

/// How long players may think: chosen with a table, stored with it (as its JSON), and read
/// back strictly: a stored time control that does not parse is [`crate::StoreError::Corrupt`],
/// never an untimed game.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControl {
    /// No clock at all. A struct variant, not a unit one: serde refuses unknown fields only on
    /// struct variants of an internally tagged enum.
    Untimed {},
    /// A clock per player, Fischer increment after each of their moves.
    Live { initial_s: u32, increment_s: u32 },
    /// A deadline for each move.
    Correspondence { days_per_move: u32 },
}

impl Default for TimeControl {
    fn default() -> TimeControl {
        TimeControl::Untimed {}
    }
}

const MS_PER_DAY: i64 = 86_400_000;

impl TimeControl {
    /// Refuses the silly values.
    pub fn check(&self) -> Result<(), String> {
        match *self {
            TimeControl::Untimed {} => Ok(()),
            TimeControl::Live {
                initial_s,
                increment_s,
            } => {
                if !(1..=3 * 3600).contains(&initial_s) || increment_s > 600 {
                    Err("live clocks take 1 s to 3 h, with an increment up to 600 s".into())
                } else {
                    Ok(())
                }
            }
            TimeControl::Correspondence { days_per_move } => {
                if !(1..=30).contains(&days_per_move) {
                    Err("correspondence takes 1 to 30 days per move".into())
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Each seat's clock at the start, for live games.
    pub fn initial_clock_ms(&self) -> Option<i64> {
        match *self {
            TimeControl::Live { initial_s, .. } => Some(i64::from(initial_s) * 1000),
            _ => None,
        }
    }

    pub fn increment_ms(&self) -> i64 {
        match *self {
            TimeControl::Live { increment_s, .. } => i64::from(increment_s) * 1000,
            _ => 0,
        }
    }

    /// When the seat to move runs out of time, given when its turn started and (live) its
    /// clock at that moment.
    pub fn deadline(&self, turn_started_at: i64, clock_ms: Option<i64>) -> Option<i64> {
        match *self {
            TimeControl::Untimed {} => None,
            TimeControl::Live { .. } => clock_ms.map(|c| turn_started_at + c),
            TimeControl::Correspondence { days_per_move } => {
                Some(turn_started_at + i64::from(days_per_move) * MS_PER_DAY)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_checks() {
        let live: TimeControl =
            serde_json::from_str(r#"{"kind":"live","initial_s":60,"increment_s":2}"#).unwrap();
        assert_eq!(live.initial_clock_ms(), Some(60_000));
        assert_eq!(live.deadline(1000, Some(500)), Some(1500));
        assert!(live.check().is_ok());
        let corr: TimeControl =
            serde_json::from_str(r#"{"kind":"correspondence","days_per_move":2}"#).unwrap();
        assert_eq!(corr.deadline(0, None), Some(2 * MS_PER_DAY));
        assert!(
            serde_json::from_str::<TimeControl>(r#"{"kind":"untimed","x":1}"#).is_err(),
            "unknown fields are refused"
        );
        let zero = TimeControl::Live {
            initial_s: 0,
            increment_s: 0,
        };
        assert!(zero.check().is_err());
    }
}
