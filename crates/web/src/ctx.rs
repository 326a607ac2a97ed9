//! What every page knows about its reader: the account (if signed in), the settings, the
//! language, and the form token that proves a form came from one of our pages.

use agora_present::Lang;
use agora_server::AppState;
use agora_server::auth::MaybeAccount;
use agora_store::{Account, AccountKind, Secret};
use axum::extract::FromRequestParts;
use axum::http::header::{ACCEPT_LANGUAGE, COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};

use crate::i18n::Tr;
use crate::prefs::{PREFS_COOKIE, Prefs};

/// The cookie that holds the form token (double-submit: a form must carry the same value).
pub const FORM_COOKIE: &str = "agora_form";

/// The reader of a page.
#[derive(Clone, Debug)]
pub struct Ctx {
    pub account: Option<Account>,
    pub prefs: Prefs,
    pub tr: Tr,
    /// The form token every form of the page carries.
    pub csrf: String,
    /// The path and query of the page, so a form can bring the reader back to it.
    pub here: String,
    /// Cookies the response must set: a new form token, a session cookie that no longer
    /// works cleared.
    cookies: Vec<String>,
    /// For a page (not a fragment, a form or the API) read by an account: how many of its
    /// games wait for its move, for the header.
    pub waiting: Option<usize>,
    pub(crate) headers: HeaderMap,
    pub(crate) secure: bool,
    config: agora_server::ServerConfig,
    /// The games the pages keep replayed (set by the pages' router).
    pub(crate) kept: Option<crate::play::Kept>,
}

pub use crate::errors::PageError;

fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value)
}

impl FromRequestParts<AppState> for Ctx {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Ctx, std::convert::Infallible> {
        let secure = state.config().secure_cookies;
        let mut cookies = Vec::new();
        let account = match MaybeAccount::from_request_parts(parts, state).await {
            Ok(MaybeAccount(account)) => account,
            // A session that ended (signed out elsewhere, expired): the reader is signed out.
            Err(_) => {
                cookies.push(agora_server::auth::clear_cookie(secure));
                None
            }
        };
        let headers = &parts.headers;
        // A signed-up account's saved settings follow it to every browser; guests and readers
        // who are not signed in keep theirs in the cookie alone.
        let saved = match account.as_ref().filter(|a| a.kind != AccountKind::Guest) {
            Some(a) => state
                .store()
                .account_settings(a.id)
                .await
                .unwrap_or_else(|e| {
                    tracing::warn!(error = %e, "settings not read");
                    None
                }),
            None => None,
        };
        let prefs = saved
            .as_deref()
            .or_else(|| cookie(headers, PREFS_COOKIE))
            .map(Prefs::parse)
            .unwrap_or_default();
        let lang = prefs.lang.unwrap_or_else(|| {
            headers
                .get(ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .map_or(Lang::En, Lang::from_accept_language)
        });
        let csrf = match cookie(headers, FORM_COOKIE).filter(|t| t.len() == 32) {
            Some(token) => token.to_string(),
            None => {
                let token: String = Secret::random().as_str().chars().take(32).collect();
                cookies.push(format!(
                    "{FORM_COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict{}",
                    if secure { "; Secure" } else { "" }
                ));
                token
            }
        };
        let here = parts
            .uri
            .path_and_query()
            .map_or("/".to_string(), |p| p.as_str().to_string());
        let is_page = parts.method == axum::http::Method::GET
            && !parts.uri.path().starts_with("/api/")
            && !parts.uri.path().ends_with("/fragments")
            // It counts them itself, with more about each.
            && parts.uri.path() != "/games/waiting";
        let waiting = match &account {
            Some(a) if is_page => Some(crate::waiting::waiting_count(state, a).await),
            _ => None,
        };
        Ok(Ctx {
            waiting,
            account,
            prefs,
            tr: Tr(lang),
            csrf,
            here,
            cookies,
            headers: parts.headers.clone(),
            secure,
            config: state.config().clone(),
            kept: parts.extensions.get::<crate::play::Kept>().cloned(),
        })
    }
}

impl Ctx {
    /// A reader in `lang` with the default settings and no account (unit tests).
    #[cfg(test)]
    pub(crate) fn for_tests(lang: Lang) -> Ctx {
        Ctx {
            account: None,
            prefs: Prefs::default(),
            tr: Tr(lang),
            csrf: "0".repeat(32),
            here: "/".into(),
            cookies: Vec::new(),
            waiting: None,
            headers: HeaderMap::new(),
            secure: false,
            config: agora_server::ServerConfig::default(),
            kept: None,
        }
    }

    pub fn lang(&self) -> Lang {
        self.tr.lang()
    }

    pub fn is_guest(&self) -> bool {
        self.account
            .as_ref()
            .is_some_and(|a| a.kind == AccountKind::Guest)
    }

    /// Checks that a posted form came from one of our pages: its token matches the reader's
    /// form cookie, and the browser says the request is not from another site.
    pub fn check_form(&self, token: &str) -> Result<(), PageError> {
        let expected = cookie(&self.headers, FORM_COOKIE).unwrap_or("");
        let same_token = !expected.is_empty()
            && expected.len() == token.len()
            && expected
                .bytes()
                .zip(token.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0;
        if !same_token || !self.same_site() {
            return Err(PageError::new(StatusCode::FORBIDDEN, "error-form-expired"));
        }
        Ok(())
    }

    /// Whether the browser says this request comes from our own pages: the API's own rule
    /// (`Sec-Fetch-Site`, else `Origin` against the public URL or `Host`), so pages and API
    /// agree on what "this site" is; a request that says neither (an old browser, a script)
    /// is judged by its form token alone.
    fn same_site(&self) -> bool {
        let (mut parts, ()) = axum::http::Request::new(()).into_parts();
        parts.headers = self.headers.clone();
        agora_server::same_site(&parts, &self.config).is_ok()
    }

    /// A page: the HTML with the cookies this request needs.
    pub fn page(&self, html: String) -> Response {
        self.respond(StatusCode::OK, Html(html).into_response())
    }

    /// Adds the cookies this request needs to `response`, with `status`.
    pub fn respond(&self, status: StatusCode, mut response: Response) -> Response {
        *response.status_mut() = status;
        for cookie in &self.cookies {
            if let Ok(value) = HeaderValue::from_str(cookie) {
                response.headers_mut().append(SET_COOKIE, value);
            }
        }
        response
    }

    /// `303 See Other` to `to`, the answer to every form posted without JavaScript.
    pub fn redirect(&self, to: &str) -> Response {
        let mut response = StatusCode::SEE_OTHER.into_response();
        if let Ok(value) = HeaderValue::from_str(to) {
            response
                .headers_mut()
                .insert(axum::http::header::LOCATION, value);
        }
        self.respond(StatusCode::SEE_OTHER, response)
    }
}
