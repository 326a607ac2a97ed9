//! The words of a turn's email (`agora serve --smtp`), in the account's current language: the server
//! sends it (`agora_server::mail`), the pages' translations write it.

use agora_present::Lang;
use agora_server::mail::{Letter, TurnLetter};

use crate::i18n::Tr;
use crate::prefs::Prefs;

/// A turn's message in the reader's language as its settings say now; else the one it read
/// when it saved its address (English for a code the pages do not know).
pub fn compose(letter: &TurnLetter) -> Letter {
    let lang = letter
        .settings
        .as_deref()
        .and_then(|settings| Prefs::parse(settings).lang)
        .or_else(|| letter.lang.parse().ok())
        .unwrap_or(Lang::En);
    let tr = Tr(lang);
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
