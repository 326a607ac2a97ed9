//! Why a move is refused or cannot be read, as a code and its arguments, so that a reader's
//! language can word it; the English wording travels with the code for logs and the JSON API.

use std::borrow::Cow;
use std::fmt;

/// One argument of a [`Refusal`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RefusalArg {
    /// A count or a number (a seat, a die face, influence): messages choose plurals by it.
    Number(i64),
    /// A word of the game's notation (a tile, a piece, a card, a phase): the reader's language
    /// may name it in its own words, or quote it as typed.
    Word(Cow<'static, str>),
}

impl fmt::Display for RefusalArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefusalArg::Number(n) => n.fmt(f),
            RefusalArg::Word(word) => f.write_str(word),
        }
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for RefusalArg {
            fn from(n: $t) -> RefusalArg {
                RefusalArg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i32, i64);

impl From<&'static str> for RefusalArg {
    fn from(word: &'static str) -> RefusalArg {
        RefusalArg::Word(Cow::Borrowed(word))
    }
}

impl From<String> for RefusalArg {
    fn from(word: String) -> RefusalArg {
        RefusalArg::Word(Cow::Owned(word))
    }
}

impl From<crate::Seat> for RefusalArg {
    fn from(seat: crate::Seat) -> RefusalArg {
        RefusalArg::Number(i64::from(seat.0))
    }
}

/// Why a move is refused or unreadable: a stable code (`"tyrus-not-in-hand"`), its named
/// arguments, and an English template (`"{tile} is not in your hand"`) filled in only when the
/// refusal is displayed. Built only on the error path, never in search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refusal {
    code: &'static str,
    english: &'static str,
    args: Vec<(&'static str, RefusalArg)>,
}

impl Refusal {
    /// A refusal with no arguments yet; `english` names them in braces.
    pub const fn new(code: &'static str, english: &'static str) -> Refusal {
        Refusal {
            code,
            english,
            args: Vec::new(),
        }
    }

    /// Adds the argument `name`.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl Into<RefusalArg>) -> Refusal {
        self.args.push((name, value.into()));
        self
    }

    /// The code, such as `"tsuro-not-in-hand"`: the same in every language and release.
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// The arguments, by name, in the order given.
    pub fn args(&self) -> &[(&'static str, RefusalArg)] {
        &self.args
    }

    /// The argument `name`, if given.
    pub fn arg(&self, name: &str) -> Option<&RefusalArg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }
}

/// The English wording: the template with every `{name}` replaced by its argument.
impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.english;
        while let Some(open) = rest.find('{') {
            f.write_str(&rest[..open])?;
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else {
                return f.write_str(&rest[open..]);
            };
            let name = &after[..close];
            match self.arg(name) {
                Some(value) => value.fmt(f)?,
                None => write!(f, "{{{name}}}")?,
            }
            rest = &after[close + 1..];
        }
        f.write_str(rest)
    }
}

/// Declares a game's refusal codes as an enum, each with its code, its argument names and its
/// English template; [`ALL`](#) lists them so tests can check every language words each one.
///
/// ```
/// agora_engine::refusals! {
///     /// Why a toy move is refused.
///     pub enum ToyRefusal {
///         TooBig = "toy-too-big" [n] "{n} is too big",
///     }
/// }
/// let refusal = ToyRefusal::TooBig.with("n", 7);
/// assert_eq!(refusal.to_string(), "7 is too big");
/// assert_eq!(refusal.code(), "toy-too-big");
/// ```
#[macro_export]
macro_rules! refusals {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident = $code:literal [$($arg:ident),*] $english:literal,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        $vis enum $name {
            $($(#[$vmeta])* $variant,)*
        }

        impl $name {
            /// Every code, for tests that check each is worded.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The stable code, such as `"tyrus-not-in-hand"`.
            pub const fn code(self) -> &'static str {
                match self {
                    $($name::$variant => $code,)*
                }
            }

            /// The names of the arguments the code takes.
            pub const fn arg_names(self) -> &'static [&'static str] {
                match self {
                    $($name::$variant => &[$(stringify!($arg)),*],)*
                }
            }

            /// The refusal, with no arguments yet.
            pub fn refusal(self) -> $crate::Refusal {
                match self {
                    $($name::$variant => $crate::Refusal::new($code, $english),)*
                }
            }

            /// The refusal with its first argument.
            pub fn with(
                self,
                name: &'static str,
                value: impl Into<$crate::RefusalArg>,
            ) -> $crate::Refusal {
                debug_assert!(self.arg_names().contains(&name), "{}: no argument {name}", self.code());
                self.refusal().with(name, value)
            }
        }

        impl From<$name> for $crate::Refusal {
            fn from(reason: $name) -> $crate::Refusal {
                reason.refusal()
            }
        }
    };
}

refusals! {
    /// The refusals every game shares, from [`Game::check_turn`](crate::Game::check_turn) and
    /// the games' own checks.
    pub enum EngineRefusal {
        NotYourTurn = "not-your-turn" [seat] "it is not your turn: seat {seat} is to move",
        ChanceMovesNext = "chance-moves-next" [] "it is not your turn: chance moves next",
        GameOver = "game-over" [] "the game is over",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_fills_the_template_and_keeps_unknown_names_visible() {
        let refusal = EngineRefusal::NotYourTurn.with("seat", 2u8);
        assert_eq!(refusal.code(), "not-your-turn");
        assert_eq!(
            refusal.to_string(),
            "it is not your turn: seat 2 is to move"
        );
        assert_eq!(
            EngineRefusal::NotYourTurn.refusal().to_string(),
            "it is not your turn: seat {seat} is to move"
        );
        assert_eq!(Refusal::new("x", "open {brace").to_string(), "open {brace");
    }
}
