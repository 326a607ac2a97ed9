//! A hint of any game in a reader's words: the game page's Hint panel and the turning points
//! of a finished game (`pages::turned`) both tell one this way.

use agora_present::Reader;
use agora_present::hint::{HintText, TellHint};
use agora_server::api::hint::AnyHint;

/// `hint` in `reader`'s words.
pub fn tell(hint: &AnyHint, reader: &Reader) -> HintText {
    match hint {
        AnyHint::Tyrus(h) => agora_tyrus::Tyrus::tell_hint(reader, h),
        AnyHint::Tsuro(h) => agora_tsuro::Tsuro::tell_hint(reader, h),
        AnyHint::Tyranny(h) => agora_tyranny::Tyranny::tell_hint(reader, h),
    }
}
