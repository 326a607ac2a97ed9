//! Requests from other sites: a page elsewhere may make a browser send the session cookie
//! along with a form post or a WebSocket handshake (cross-site request forgery). State-changing
//! requests and WebSocket upgrades that a browser could attach the cookie to must come from
//! the site itself; requests with a bearer token (bots, scripts) work from anywhere, since no
//! browser attaches one on its own.

use axum::extract::{Request, State};
use axum::http::header::{AUTHORIZATION, HOST, ORIGIN, UPGRADE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::{ApiError, AppState, ServerConfig};

/// The header a browser sets on every request to say where it comes from, which scripts
/// cannot forge (`same-origin`, `same-site`, `cross-site`, or `none` when typed in).
const SEC_FETCH_SITE: &str = "sec-fetch-site";

/// The site's own origin, `scheme://host[:port]` in lower case, read from a public URL such
/// as `https://agora.example/`. Paths, queries and fragments are refused: an origin has none.
pub fn origin_of(public_url: &str) -> Result<String, String> {
    let uri: Uri = public_url
        .parse()
        .map_err(|e| format!("{public_url:?} is not a URL: {e}"))?;
    let (Some(scheme), Some(authority)) = (uri.scheme_str(), uri.authority()) else {
        return Err(format!(
            "{public_url:?} needs a scheme and a host, as in https://agora.example"
        ));
    };
    if !matches!(scheme, "http" | "https") {
        return Err(format!("{public_url:?}: the scheme is http or https"));
    }
    if !matches!(uri.path(), "" | "/") || uri.query().is_some() {
        return Err(format!(
            "{public_url:?}: the public URL is the site's root, without a path or query"
        ));
    }
    if authority.as_str().contains('@') {
        return Err(format!("{public_url:?}: no user name in the public URL"));
    }
    Ok(format!("{scheme}://{authority}").to_ascii_lowercase())
}

/// Whether the request comes from the site itself, or from a program that is not a browser.
///
/// - A browser's `Sec-Fetch-Site` decides when present: `same-origin` and `none` (the user
///   typed the address or followed a bookmark) pass, `same-site` and `cross-site` do not.
/// - Otherwise its `Origin` must be the site's: the configured public origin
///   ([`ServerConfig::public_origin`]), else the host the request came to (`Host`).
/// - A request with neither header is not from a browser (curl, a bot) and passes: every
///   browser sends `Origin` on cross-origin posts and on WebSocket handshakes.
///
/// It does not look at the method or the credential: the API's layer ([`guard`]) applies it
/// to requests that change state and carry no bearer token, the web pages to their forms.
pub fn same_site(parts: &Parts, config: &ServerConfig) -> Result<(), ApiError> {
    check(&parts.headers, config)
}

fn check(headers: &HeaderMap, config: &ServerConfig) -> Result<(), ApiError> {
    if let Some(site) = headers.get(SEC_FETCH_SITE) {
        return match site.as_bytes() {
            b"same-origin" | b"none" => Ok(()),
            _ => Err(ApiError::CrossSite),
        };
    }
    let Some(origin) = headers.get(ORIGIN) else {
        return Ok(());
    };
    let origin = origin
        .to_str()
        .map_err(|_| ApiError::CrossSite)?
        .to_ascii_lowercase();
    let ours = match &config.public_origin {
        Some(public) => origin == *public,
        None => {
            // Without a public URL the scheme is not known (a proxy may have ended TLS): the
            // host and port the request was sent to are the site.
            let host = headers.get(HOST).and_then(|h| h.to_str().ok());
            let authority = origin
                .strip_prefix("http://")
                .or_else(|| origin.strip_prefix("https://"));
            matches!((authority, host), (Some(a), Some(h)) if a == h.to_ascii_lowercase())
        }
    };
    if ours {
        Ok(())
    } else {
        Err(ApiError::CrossSite)
    }
}

/// Whether a request may change state or open a live connection: anything but a read.
fn changes_state(request: &Request) -> bool {
    let reads = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    !reads || request.headers().contains_key(UPGRADE)
}

fn has_bearer_token(headers: &HeaderMap) -> bool {
    headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("Bearer "))
}

/// The API's layer: state-changing requests and WebSocket upgrades without a bearer token
/// must pass [`same_site`]; refused ones get `403 cross_site` and reach no handler.
pub async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if changes_state(&request)
        && !has_bearer_token(request.headers())
        && let Err(e) = check(request.headers(), state.config())
    {
        return e.into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(headers: &[(&str, &str)]) -> Parts {
        let mut request = axum::http::Request::builder().uri("/api/tables");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.body(()).unwrap().into_parts().0
    }

    fn config(public: Option<&str>) -> ServerConfig {
        ServerConfig {
            public_origin: public.map(|url| origin_of(url).unwrap()),
            ..ServerConfig::default()
        }
    }

    #[test]
    fn the_browser_says_where_a_request_comes_from() {
        let ok = |h: &[(&str, &str)]| same_site(&parts(h), &config(None)).is_ok();
        assert!(ok(&[("sec-fetch-site", "same-origin")]));
        assert!(ok(&[("sec-fetch-site", "none")]));
        assert!(!ok(&[("sec-fetch-site", "cross-site")]));
        assert!(!ok(&[("sec-fetch-site", "same-site")]));
        // Sec-Fetch-Site wins over an Origin that a proxy's rewritten Host would not match.
        assert!(ok(&[
            ("sec-fetch-site", "same-origin"),
            ("origin", "https://agora.example"),
            ("host", "127.0.0.1:8080"),
        ]));
    }

    #[test]
    fn without_a_public_url_the_origin_is_the_host_asked() {
        let ok = |h: &[(&str, &str)]| same_site(&parts(h), &config(None)).is_ok();
        assert!(ok(&[]), "not a browser");
        assert!(ok(&[
            ("origin", "http://127.0.0.1:8080"),
            ("host", "127.0.0.1:8080")
        ]));
        assert!(ok(&[
            ("origin", "https://Agora.Example"),
            ("host", "agora.example")
        ]));
        assert!(!ok(&[
            ("origin", "https://evil.example"),
            ("host", "agora.example")
        ]));
        assert!(!ok(&[
            ("origin", "http://127.0.0.1:8081"),
            ("host", "127.0.0.1:8080")
        ]));
        assert!(!ok(&[("origin", "null"), ("host", "agora.example")]));
        assert!(!ok(&[("origin", "https://agora.example")]), "no host");
    }

    #[test]
    fn a_public_url_fixes_the_origin() {
        let public = config(Some("https://agora.example/"));
        let ok = |h: &[(&str, &str)]| same_site(&parts(h), &public).is_ok();
        assert!(ok(&[
            ("origin", "https://agora.example"),
            ("host", "10.0.0.2:8080")
        ]));
        assert!(!ok(&[
            ("origin", "http://agora.example"),
            ("host", "agora.example")
        ]));
        assert!(!ok(&[
            ("origin", "https://evil.example"),
            ("host", "evil.example")
        ]));
    }

    #[test]
    fn public_urls_are_read_or_refused() {
        assert_eq!(
            origin_of("https://Agora.Example:8443").unwrap(),
            "https://agora.example:8443"
        );
        assert_eq!(origin_of("http://a.example/").unwrap(), "http://a.example");
        for bad in [
            "agora.example",
            "ftp://agora.example",
            "https://agora.example/play",
            "https://agora.example/?x=1",
            "https://me@agora.example",
            "",
        ] {
            assert!(origin_of(bad).is_err(), "{bad:?} accepted");
        }
    }
}
