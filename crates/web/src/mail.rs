//! The words of a turn's email (`agora serve --smtp`), in the account's current language: the server
//! sends it (`agora_server::mail`), the pages' translations write it.

use agora_present::Lang;
use agora_server::mail::{Letter, TurnLetter};

use crate::i18n::Tr;
use crate::prefs::Prefs;

/// A turn's message in the reader's language as its settings say now; else the one it read
/// when it saved its address (English for a code the pages do not know).
pub fn compose(letter: &TurnLetter) -> Letter {
    let tr = Tr(reader_lang(letter.settings.as_deref(), &letter.lang));
    let game = crate::game_name(tr, letter.game);
    Letter {
        subject: tr.a("mail-turn-subject", "game", &game),
        body: [
            tr.a("mail-turn-intro", "game", &game),
            tr.a("mail-turn-play", "link", &letter.game_url),
            tr.a("mail-turn-off", "off", &letter.off_url),
        ]
        .join("\n\n"),
    }
}

/// The language an account reads now: the one its page `settings` name, else `lang` (the one
/// it read when it gave an address or subscribed), English for a code the pages do not know.
pub(crate) fn reader_lang(settings: Option<&str>, lang: &str) -> Lang {
    settings
        .and_then(|settings| Prefs::parse(settings).lang)
        .or_else(|| lang.parse().ok())
        .unwrap_or(Lang::En)
}
