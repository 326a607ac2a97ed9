//! Just enough reading of the pages' HTML for the tests: tags and their attributes, a form's
//! fields, the text a reader sees. The pages are our own templates' output, where every
//! attribute value is quoted and escaped, so a tag ends at the first `>`.

use std::sync::LazyLock;

use regex::Regex;

static TAG: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"<([a-zA-Z][a-zA-Z0-9-]*)((?:\s[^>]*)?)/?>").unwrap());
static ATTR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?"#)
        .unwrap()
});

/// One start tag.
#[derive(Clone, Debug)]
pub struct Tag {
    pub name: String,
    pub attrs: Vec<(String, Option<String>)>,
    /// Where the tag ends in the page.
    pub end: usize,
}

impl Tag {
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_deref().unwrap_or(""))
    }

    pub fn has(&self, name: &str) -> bool {
        self.attr(name).is_some()
    }
}

/// Every start tag of `html`, in order (comments and text skipped).
pub fn tags(html: &str) -> Vec<Tag> {
    TAG.captures_iter(html)
        .map(|c| Tag {
            name: c[1].to_ascii_lowercase(),
            attrs: ATTR
                .captures_iter(&c[2])
                .map(|a| {
                    let value = a.get(2).or(a.get(3)).or(a.get(4));
                    (a[1].to_ascii_lowercase(), value.map(|v| decode(v.as_str())))
                })
                .collect(),
            end: c.get(0).unwrap().end(),
        })
        .collect()
}

/// The start tag with `id`.
pub fn by_id(html: &str, id: &str) -> Option<Tag> {
    tags(html).into_iter().find(|t| t.attr("id") == Some(id))
}

/// The value of the first `<input>` named `name`.
pub fn input_value(html: &str, name: &str) -> Option<String> {
    tags(html)
        .into_iter()
        .find(|t| t.name == "input" && t.attr("name") == Some(name))
        .and_then(|t| t.attr("value").map(str::to_string))
}

/// Attribute `attr` of the first tag that starts with `start` (such as `<html`).
pub fn attr_of_first(html: &str, start: &str, attr: &str) -> Option<String> {
    let name = start.trim_start_matches('<');
    tags(html)
        .into_iter()
        .find(|t| t.name == name)
        .and_then(|t| t.attr(attr).map(str::to_string))
}

/// The text between the first `open` and the next `close`, decoded.
pub fn between(html: &str, open: &str, close: &str) -> Option<String> {
    let start = html.find(open)? + open.len();
    let end = start + html[start..].find(close)?;
    Some(decode(&html[start..end]))
}

/// The HTML element that starts at the tag with `id`, up to its matching end tag (as text
/// of HTML). Elements of the same name inside it are counted.
pub fn element(html: &str, id: &str) -> Option<String> {
    let tag = by_id(html, id)?;
    let open = format!("<{}", tag.name);
    let close = format!("</{}>", tag.name);
    let begin = html[..tag.end].rfind(&open)?;
    let mut depth = 1;
    let mut at = tag.end;
    while depth > 0 {
        let next_close = html[at..].find(&close)? + at;
        match html[at..].find(&open).map(|i| i + at) {
            Some(next_open) if next_open < next_close => {
                depth += 1;
                at = next_open + open.len();
            }
            _ => {
                depth -= 1;
                at = next_close + close.len();
            }
        }
    }
    Some(html[begin..at].to_string())
}

/// Decodes the character references the templates write.
pub fn decode(text: &str) -> String {
    static REF: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"&(#[0-9]+|#x[0-9a-fA-F]+|[a-z]+);").unwrap());
    REF.replace_all(text, |c: &regex::Captures| {
        let name = &c[1];
        let ch = if let Some(hex) = name.strip_prefix("#x") {
            u32::from_str_radix(hex, 16).ok().and_then(char::from_u32)
        } else if let Some(dec) = name.strip_prefix('#') {
            dec.parse().ok().and_then(char::from_u32)
        } else {
            match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some('\u{a0}'),
                _ => None,
            }
        };
        ch.map_or_else(|| c[0].to_string(), String::from)
    })
    .into_owned()
}

/// What a reader sees: the text without tags (scripts and styles dropped), decoded, with
/// whitespace collapsed.
pub fn text(html: &str) -> String {
    static SKIP: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?s)<script[^>]*>.*?</script>|<style[^>]*>.*?</style>|<!--.*?-->").unwrap()
    });
    static ANY_TAG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"<[^>]*>").unwrap());
    let without = SKIP.replace_all(html, " ");
    let without = ANY_TAG.replace_all(&without, " ");
    // ASCII whitespace only: the no-break spaces French typography puts before ":" and
    // inside « » are part of the text, and the language checks read them.
    decode(&without)
        .split_ascii_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether the `<input>` with `id` is checked.
pub fn is_checked(html: &str, id: &str) -> bool {
    by_id(html, id).is_some_and(|t| t.has("checked"))
}

/// The value of the selected option of the `<select>` with `id`.
pub fn selected(html: &str, id: &str) -> Option<String> {
    let select = element(html, id)?;
    tags(&select)
        .into_iter()
        .find(|t| t.name == "option" && t.has("selected"))
        .and_then(|t| t.attr("value").map(str::to_string))
}
