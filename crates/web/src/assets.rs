//! The stylesheet, scripts and icon, embedded in the binary and served under names that
//! carry a hash of their content, so browsers may keep them for a year.

use std::sync::LazyLock;

use axum::extract::Path;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

/// One embedded file.
#[derive(Debug)]
pub struct Asset {
    /// The name in `assets/`, such as `js/game.js`.
    pub name: &'static str,
    /// The file, with its imports of other assets pointing at their hashed URLs.
    pub body: String,
    pub content_type: &'static str,
    /// Where it is served: `/assets/` + the name with a content hash before its extension.
    pub url: String,
}

macro_rules! asset {
    ($name:literal, $type:literal) => {
        ($name, include_str!(concat!("../assets/", $name)), $type)
    };
}

/// Every asset, a module before the modules that import it: an import names the hashed URL
/// of what it imports, so a changed module changes the names of its importers too.
static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    let mut assets: Vec<Asset> = Vec::new();
    for (name, text, content_type) in [
        asset!("agora.css", "text/css; charset=utf-8"),
        asset!("js/live.js", "text/javascript; charset=utf-8"),
        asset!("js/page.js", "text/javascript; charset=utf-8"),
        asset!("js/tsuro.js", "text/javascript; charset=utf-8"),
        asset!("js/game.js", "text/javascript; charset=utf-8"),
        asset!("js/tyranny.js", "text/javascript; charset=utf-8"),
        asset!("js/lobby.js", "text/javascript; charset=utf-8"),
        asset!("js/hint.js", "text/javascript; charset=utf-8"),
        asset!("js/chat.js", "text/javascript; charset=utf-8"),
        asset!("js/replay.js", "text/javascript; charset=utf-8"),
        asset!("js/turned.js", "text/javascript; charset=utf-8"),
        asset!("icon.svg", "image/svg+xml"),
        asset!("icon-turn.svg", "image/svg+xml"),
    ] {
        let mut body = text.to_string();
        for earlier in &assets {
            if let Some(file) = earlier.name.strip_prefix("js/") {
                body = body.replace(&format!("\"./{file}\""), &format!("\"{}\"", earlier.url));
            }
        }
        let hash = Sha256::digest(body.as_bytes());
        let hash: String = hash[..5].iter().map(|b| format!("{b:02x}")).collect();
        let (stem, ext) = name.rsplit_once('.').expect("assets have an extension");
        assets.push(Asset {
            name,
            body,
            content_type,
            url: format!("/assets/{stem}.{hash}.{ext}"),
        });
    }
    assets
});

/// The hashed URL of asset `name`.
pub fn url(name: &str) -> &'static str {
    ASSETS
        .iter()
        .find(|a| a.name == name)
        .map(|a| a.url.as_str())
        .unwrap_or_else(|| panic!("no asset {name}"))
}

/// Every asset.
pub fn all() -> &'static [Asset] {
    &ASSETS
}

/// `GET /assets/{*path}`: an asset by its hashed name; long-lived, since a changed file gets
/// a new name.
pub async fn serve(Path(path): Path<String>) -> Response {
    let wanted = format!("/assets/{path}");
    match ASSETS.iter().find(|a| a.url == wanted) {
        Some(asset) => (
            [
                (CONTENT_TYPE, HeaderValue::from_static(asset.content_type)),
                (
                    CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=31536000, immutable"),
                ),
            ],
            asset.body.clone(),
        )
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imports_name_the_hashed_modules() {
        let game = all().iter().find(|a| a.name == "js/game.js").unwrap();
        assert!(
            game.body.contains(url("js/live.js")),
            "{}",
            &game.body[..200]
        );
        assert!(!game.body.contains("\"./live.js\""));
        for asset in all() {
            assert!(asset.url.starts_with("/assets/"), "{}", asset.url);
        }
    }
}
