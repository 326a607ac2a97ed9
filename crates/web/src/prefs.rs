//! A reader's settings: language, theme, text-first mode, reduced motion and whether a move
//! is confirmed before it is sent. Kept in a cookie (so guests and signed-out readers keep
//! them too) and, for accounts, in the database, which wins when both exist.

use std::fmt;
use std::str::FromStr;

use agora_present::Lang;

/// The cookie that keeps the settings.
pub const PREFS_COOKIE: &str = "agora_prefs";

/// The colour theme.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Theme {
    /// Light or dark as the system says (`prefers-color-scheme`).
    #[default]
    System,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    pub const fn code(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

impl FromStr for Theme {
    type Err = ();

    fn from_str(s: &str) -> Result<Theme, ()> {
        Theme::ALL.into_iter().find(|t| t.code() == s).ok_or(())
    }
}

/// Everything a reader may set.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Prefs {
    /// `None`: follow the browser's `Accept-Language`.
    pub lang: Option<Lang>,
    pub theme: Theme,
    /// Boards as text and tables first, drawings after.
    pub text_first: bool,
    /// No animation, whatever the system says.
    pub reduced_motion: bool,
    /// Ask before a move is sent.
    pub confirm_moves: bool,
    /// A short tone when a game becomes the reader's turn.
    pub turn_sound: bool,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            lang: None,
            theme: Theme::System,
            text_first: false,
            reduced_motion: false,
            confirm_moves: true,
            turn_sound: false,
        }
    }
}

impl Prefs {
    /// Reads the cookie's value; anything it does not understand keeps its default, so an
    /// old or tampered cookie never breaks a page.
    pub fn parse(text: &str) -> Prefs {
        let mut prefs = Prefs::default();
        for pair in text.split('.') {
            let Some((key, value)) = pair.split_once('-') else {
                continue;
            };
            match key {
                "l" => prefs.lang = value.parse().ok(),
                "t" => prefs.theme = value.parse().unwrap_or_default(),
                "x" => prefs.text_first = value == "1",
                "m" => prefs.reduced_motion = value == "1",
                "c" => prefs.confirm_moves = value != "0",
                "s" => prefs.turn_sound = value == "1",
                _ => {}
            }
        }
        prefs
    }

    /// The `Set-Cookie` header's value that keeps these settings for a year.
    pub fn cookie(&self, secure: bool) -> String {
        format!(
            "{PREFS_COOKIE}={self}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax{}",
            if secure { "; Secure" } else { "" }
        )
    }
}

/// The cookie's value: `l-de.t-dark.x-0.m-1.c-1.s-0` (no characters a cookie must quote).
impl fmt::Display for Prefs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bit = |b: bool| if b { '1' } else { '0' };
        if let Some(lang) = self.lang {
            write!(f, "l-{lang}.")?;
        }
        write!(
            f,
            "t-{}.x-{}.m-{}.c-{}.s-{}",
            self.theme.code(),
            bit(self.text_first),
            bit(self.reduced_motion),
            bit(self.confirm_moves),
            bit(self.turn_sound)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_the_cookie() {
        let prefs = Prefs {
            lang: Some(Lang::Fr),
            theme: Theme::Dark,
            text_first: true,
            reduced_motion: true,
            confirm_moves: false,
            turn_sound: true,
        };
        assert_eq!(Prefs::parse(&prefs.to_string()), prefs);
        assert_eq!(
            Prefs::parse(&Prefs::default().to_string()),
            Prefs::default()
        );
    }

    #[test]
    fn a_damaged_cookie_falls_back_to_defaults() {
        assert_eq!(Prefs::parse(""), Prefs::default());
        assert_eq!(Prefs::parse("l-xx.t-purple.zz"), Prefs::default());
        assert_eq!(Prefs::parse("l-de").lang, Some(Lang::De));
    }
}
