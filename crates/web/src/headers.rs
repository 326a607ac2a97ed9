//! Headers every page response carries: a Content-Security-Policy that allows scripts,
//! styles, images and connections from this site only (no inline script, no outside
//! request), and the usual hardening.

use axum::extract::Request;
use axum::http::HeaderValue;
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};
use axum::middleware::Next;
use axum::response::Response;

/// The policy: nothing from elsewhere, no inline script or style, no framing, forms posted
/// here only.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; \
form-action 'self'; frame-ancestors 'none'";

pub async fn page_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    // Invitation links carry their secret in the query: never send it elsewhere.
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    if !headers.contains_key(CACHE_CONTROL) {
        // Pages are per reader and change with every move.
        headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}
