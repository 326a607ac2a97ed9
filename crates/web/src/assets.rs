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
    pub body: &'static str,
    pub content_type: &'static str,
    /// Where it is served: `/assets/` + the name with a content hash before its extension.
    pub url: String,
}

macro_rules! asset {
    ($name:literal, $type:literal) => {
        ($name, include_str!(concat!("../assets/", $name)), $type)
    };
}

static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    [
        asset!("agora.css", "text/css; charset=utf-8"),
        asset!("js/page.js", "text/javascript; charset=utf-8"),
        asset!("js/live.js", "text/javascript; charset=utf-8"),
        asset!("js/game.js", "text/javascript; charset=utf-8"),
        asset!("js/lobby.js", "text/javascript; charset=utf-8"),
        asset!("icon.svg", "image/svg+xml"),
    ]
    .into_iter()
    .map(|(name, body, content_type)| {
        let hash = Sha256::digest(body.as_bytes());
        let hash: String = hash[..5].iter().map(|b| format!("{b:02x}")).collect();
        let (stem, ext) = name.rsplit_once('.').expect("assets have an extension");
        Asset {
            name,
            body,
            content_type,
            url: format!("/assets/{stem}.{hash}.{ext}"),
        }
    })
    .collect()
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
            asset.body,
        )
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}
