use std::borrow::Cow;
use std::fmt;

use crate::Refusal;

/// A setup that cannot start a game, with what is wrong with it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SetupError(pub Cow<'static, str>);

impl SetupError {
    pub fn new(reason: impl Into<Cow<'static, str>>) -> SetupError {
        SetupError(reason.into())
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid setup: {}", self.0)
    }
}

impl std::error::Error for SetupError {}

/// A move that is well formed but may not be played now, with the reason as a [`Refusal`];
/// it displays as the English reason.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IllegalMove(Refusal);

impl IllegalMove {
    pub fn new(refusal: impl Into<Refusal>) -> IllegalMove {
        IllegalMove(refusal.into())
    }

    /// Why, as a code and arguments for the reader's language.
    pub fn refusal(&self) -> &Refusal {
        &self.0
    }
}

impl From<Refusal> for IllegalMove {
    fn from(refusal: Refusal) -> IllegalMove {
        IllegalMove(refusal)
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for IllegalMove {}

/// Text that is not a move in the game's notation: the text (cut short) and what is wrong
/// with it as a [`Refusal`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseMoveError {
    pub text: String,
    pub reason: Refusal,
}

impl ParseMoveError {
    pub fn new(text: &str, reason: impl Into<Refusal>) -> ParseMoveError {
        // Keep error messages short even when the input is not.
        let text: String = text.chars().take(60).collect();
        ParseMoveError {
            text,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read {:?} as a move: {}", self.text, self.reason)
    }
}

impl std::error::Error for ParseMoveError {}
