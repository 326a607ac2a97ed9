//! What both backends share about guests' default names.

/// Where a guest's number goes in the pattern of a default name (`Guest {number}`).
pub const NUMBER: &str = "{number}";

/// The default name of guest account `id` at try `step`: `Guest 12`, else `Guest 12-1`,
/// `Guest 12-2`... The account's own id makes the number unique among numbered guests; the
/// later tries step round a name somebody chose by hand. A pattern without `{number}` gets
/// the number after a space.
pub(crate) fn numbered_name(pattern: &str, id: i64, step: u32) -> String {
    let number = match step {
        0 => id.to_string(),
        _ => format!("{id}-{step}"),
    };
    match pattern.contains(NUMBER) {
        true => pattern.replace(NUMBER, &number),
        false => format!("{pattern} {number}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_go_where_the_pattern_says() {
        assert_eq!(numbered_name("Gast {number}", 12, 0), "Gast 12");
        assert_eq!(numbered_name("Invité {number}", 12, 2), "Invité 12-2");
        assert_eq!(numbered_name("Guest", 7, 0), "Guest 7");
    }
}
