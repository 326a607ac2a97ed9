//! Helpers for games that write their JSON by hand (see [`Game::write_view`]): into a
//! `String`, so that a server sending the text needs no UTF-8 check of it afterwards.
//!
//! [`Game::write_view`]: crate::Game::write_view

use serde::Serialize;

/// Appends `text` as a JSON string, exactly as `serde_json` writes it.
pub fn write_string(out: &mut String, text: &str) {
    // Notation and names rarely hold a character JSON escapes; when one does, serde_json
    // writes the escapes.
    if text.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.push('"');
        out.push_str(text);
        out.push('"');
    } else {
        write_value(out, text);
    }
}

/// Appends `value` as `serde_json` writes it.
pub fn write_value<T: Serialize + ?Sized>(out: &mut String, value: &T) {
    out.push_str(&serde_json::to_string(value).expect("values serialize to JSON"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_written_as_serde_json_writes_them() {
        for text in [
            "",
            "S7 own citadel",
            "quote \" and backslash \\",
            "\u{0}\u{1f}\n\t\r\u{8}\u{c}",
            "\u{7f} é 🂡 \u{2028}",
        ] {
            let mut out = String::from("[");
            write_string(&mut out, text);
            assert_eq!(out, format!("[{}", serde_json::to_string(text).unwrap()));
        }
    }
}
