//! The languages Agora speaks, and how a reader's language is chosen.

use std::fmt;
use std::str::FromStr;

use unic_langid::{LanguageIdentifier, langid};

/// A language every string of Agora is written in.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Lang {
    #[default]
    En,
    De,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::De, Lang::Fr];

    /// The BCP 47 code, as in `<html lang>`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
        }
    }

    /// The language's name in itself, for a language picker.
    pub const fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Fr => "Français",
        }
    }

    /// The language of a bundle's identifier; English for one Agora does not speak.
    pub fn of_langid(id: &LanguageIdentifier) -> Lang {
        id.language.as_str().parse().unwrap_or_default()
    }

    pub fn langid(self) -> LanguageIdentifier {
        match self {
            Lang::En => langid!("en"),
            Lang::De => langid!("de"),
            Lang::Fr => langid!("fr"),
        }
    }

    /// The reader's first language Agora speaks from an `Accept-Language` header, weights
    /// honoured; English when none is.
    pub fn from_accept_language(header: &str) -> Lang {
        let mut best: Option<(f32, usize, Lang)> = None;
        for (position, item) in header.split(',').enumerate() {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("").trim();
            let weight = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .filter_map(|q| q.trim().parse::<f32>().ok())
                .next()
                .unwrap_or(1.0);
            let primary = tag.split(['-', '_']).next().unwrap_or("");
            let Ok(lang) = primary.parse::<Lang>() else {
                continue;
            };
            if weight <= 0.0 {
                continue;
            }
            // The highest weight wins; among equal weights, the one named first.
            let better = match best {
                None => true,
                Some((w, p, _)) => weight > w || (weight == w && position < p),
            };
            if better {
                best = Some((weight, position, lang));
            }
        }
        best.map_or(Lang::En, |(_, _, lang)| lang)
    }
}

impl Lang {
    /// The language of a POSIX locale name (`de_DE.UTF-8`, `fr`, `en_GB@euro`); `None` for
    /// one Agora does not speak, `C` and `POSIX` included.
    pub fn from_posix_locale(locale: &str) -> Option<Lang> {
        let language = locale.split(['_', '.', '@', '-']).next().unwrap_or("");
        language.parse().ok()
    }

    /// The language a terminal's environment asks for: the first of `LC_ALL`, `LC_MESSAGES`
    /// and `LANG` that is set and not empty, as POSIX orders them; English when that one is
    /// a language Agora does not speak, or none is set.
    pub fn from_environment(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(|name| var(name).filter(|v| !v.is_empty()))
            .next()
            .and_then(|locale| Lang::from_posix_locale(&locale))
            .unwrap_or_default()
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code Agora does not speak.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown language {:?} (en, de or fr)", self.0)
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLang(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_best_weighted_language_agora_speaks() {
        for (header, lang) in [
            ("", Lang::En),
            ("de-DE,de;q=0.9,en;q=0.8", Lang::De),
            ("fr-CA", Lang::Fr),
            ("es,fr;q=0.5,de;q=0.7", Lang::De),
            ("it,ja", Lang::En),
            ("en;q=0.2, FR;q=0.9", Lang::Fr),
            ("de;q=0, fr;q=0.1", Lang::Fr),
            ("de;q=garbage", Lang::De),
        ] {
            assert_eq!(Lang::from_accept_language(header), lang, "{header}");
        }
    }

    #[test]
    fn posix_locales_name_a_language() {
        for (locale, lang) in [
            ("de_DE.UTF-8", Some(Lang::De)),
            ("fr_CA", Some(Lang::Fr)),
            ("en_GB@euro", Some(Lang::En)),
            ("fr", Some(Lang::Fr)),
            ("C", None),
            ("POSIX", None),
            ("C.UTF-8", None),
            ("es_ES.UTF-8", None),
            ("", None),
        ] {
            assert_eq!(Lang::from_posix_locale(locale), lang, "{locale}");
        }
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Lang::from_environment(env(&[])), Lang::En);
        assert_eq!(
            Lang::from_environment(env(&[("LANG", "de_DE.UTF-8")])),
            Lang::De
        );
        assert_eq!(
            Lang::from_environment(env(&[("LANG", "de_DE.UTF-8"), ("LC_ALL", "fr_FR.UTF-8")])),
            Lang::Fr
        );
        assert_eq!(
            Lang::from_environment(env(&[("LANG", "de_DE.UTF-8"), ("LC_ALL", "")])),
            Lang::De,
            "an empty variable is unset"
        );
        assert_eq!(
            Lang::from_environment(env(&[("LANG", "de_DE.UTF-8"), ("LC_ALL", "C")])),
            Lang::En,
            "LC_ALL=C asks for no translation"
        );
    }

    #[test]
    fn codes_round_trip() {
        for lang in Lang::ALL {
            assert_eq!(lang.code().parse::<Lang>(), Ok(lang));
        }
        assert!("es".parse::<Lang>().is_err());
    }
}
