//! The words of a turn's email (`agora serve --smtp`), in the account's language: the server
//! sends it (`agora_server::mail`), the pages' translations write it.

use agora_present::Lang;
use agora_server::mail::{Letter, TurnLetter};

use crate::i18n::Tr;

/// A turn's message in the reader's language (English for a code the pages do not know).
pub fn compose(letter: &TurnLetter) -> Letter {
    let tr = Tr(letter.lang.parse().unwrap_or(Lang::En));
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
