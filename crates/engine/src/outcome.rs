use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::SeatSet;

/// How a finished game ended.
///
/// `winners` holds every seat that shares the win: one seat for a plain win, several for a
/// shared win or a team win, every seat for a draw. `reason` is a game-specific snake_case code
/// such as `three_in_a_row` or `draw`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Outcome {
    pub winners: SeatSet,
    pub reason: Cow<'static, str>,
}

impl Outcome {
    pub const fn new(winners: SeatSet, reason: &'static str) -> Outcome {
        Outcome {
            winners,
            reason: Cow::Borrowed(reason),
        }
    }
}
