//! What a replay's query asks for: which step, and whose eyes it is seen through (as the
//! reader may see it), or the error that says why not.

use agora_engine::{Seat, Viewer};
use axum::http::StatusCode;
use serde::Deserialize;

use crate::ctx::PageError;

/// Whose eyes a step is seen through.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ViewAs {
    Seat(Seat),
    Spectator,
    /// Every hand shown: only once the game is over.
    All,
}

impl ViewAs {
    /// The `as` value in links.
    pub fn code(self) -> String {
        match self {
            ViewAs::Seat(seat) => seat.index().to_string(),
            ViewAs::Spectator => "spectator".into(),
            ViewAs::All => "all".into(),
        }
    }

    /// The viewer whose narration and board are shown (everything revealed adds each hand).
    pub fn viewer(self) -> Viewer {
        match self {
            ViewAs::Seat(seat) => Viewer::Seat(seat),
            ViewAs::Spectator | ViewAs::All => Viewer::Spectator,
        }
    }
}

/// The page's query: the step (default the last) and whose view.
#[derive(Debug, Default, Deserialize)]
pub struct StepQuery {
    #[serde(default)]
    pub step: Option<String>,
    #[serde(default, rename = "as")]
    pub view_as: Option<String>,
}

pub(super) fn bad_request(message: &'static str) -> PageError {
    PageError::new(StatusCode::BAD_REQUEST, message)
}

/// The step asked for: a whole number up to `last` (default `last`).
pub fn parse_step(text: Option<&str>, last: u64) -> Result<u64, PageError> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(last);
    };
    let step: u64 = text.parse().map_err(|_| bad_request("replay-bad-step"))?;
    if step > last {
        return Err(PageError::new(StatusCode::NOT_FOUND, "replay-no-such-step"));
    }
    Ok(step)
}

/// Whose view `text` asks for, as the reader may see it: `over` says the game has ended,
/// `mine` is the reader's seat in it.
pub fn parse_view(
    text: Option<&str>,
    seats: usize,
    over: bool,
    mine: Option<Seat>,
) -> Result<ViewAs, PageError> {
    let asked = match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => None,
        Some("all") => Some(ViewAs::All),
        Some("spectator") => Some(ViewAs::Spectator),
        Some(seat) => {
            let index: usize = seat.parse().map_err(|_| bad_request("replay-bad-view"))?;
            if index >= seats {
                return Err(bad_request("replay-bad-view"));
            }
            Some(ViewAs::Seat(Seat(index as u8)))
        }
    };
    if over {
        return Ok(asked.unwrap_or(mine.map_or(ViewAs::All, ViewAs::Seat)));
    }
    // A game being played: only what the reader may see now.
    let allowed = mine.map_or(ViewAs::Spectator, ViewAs::Seat);
    match asked {
        None => Ok(allowed),
        Some(view) if view == allowed => Ok(view),
        Some(_) => Err(PageError::new(
            StatusCode::FORBIDDEN,
            "replay-hidden-while-playing",
        )),
    }
}
