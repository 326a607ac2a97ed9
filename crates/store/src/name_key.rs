//! The key names are compared by, so that names that look alike cannot both be registered.

use unicode_normalization::UnicodeNormalization;

/// What `name` looks like, ignoring case and look-alike characters: its NFKC form in lower
/// case (`Ａｄａ` → `ada`), folded to the Unicode confusables skeleton (UTS #39: Cyrillic
/// `а` → Latin `a`, `0` → `O`), in lower case again. Two names with the same key look the same
/// to a reader. Case is folded before the skeleton, so that every spelling of a name in
/// other capitals shares its key (at the price of `I` and `l`, alike only in capitals).
pub fn name_key(name: &str) -> String {
    let folded: String = name.nfkc().flat_map(char::to_lowercase).collect();
    unicode_security::skeleton(&folded)
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_share_a_key() {
        let ada = name_key("ada");
        for same in ["Ada", "ADA", "\u{430}da", "Ａｄａ", "ad\u{0430}"] {
            assert_eq!(name_key(same), ada, "{same:?}");
        }
        assert_eq!(name_key("b0b"), name_key("bob"));
        assert_eq!(name_key("paypal"), name_key("p\u{430}yp\u{430}l"));
        assert_eq!(name_key("al1"), name_key("all"));
        // Case is folded first, so a capital I is an i here, not the l it looks like.
        assert_ne!(name_key("Ian"), name_key("lan"));
    }

    #[test]
    fn different_names_keep_different_keys() {
        assert_ne!(name_key("ada"), name_key("ida"));
        assert_ne!(name_key("Иван"), name_key("Ivan"));
        assert_ne!(name_key("李小龍"), name_key("李小龙"));
    }
}
