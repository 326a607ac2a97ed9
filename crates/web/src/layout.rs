//! The frame every page shares: the document head, the header with its navigation, the
//! live regions, the footer with the language picker.

use askama::Template;
use axum::http::StatusCode;
use axum::response::Response;

use crate::assets;
use crate::ctx::{Ctx, PageError};
use crate::i18n::Tr;

/// Which part of the site a page belongs to, for the navigation's `aria-current`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Section {
    Home,
    Lobby,
    MyGames,
    Settings,
    Account,
    Game,
    Rules,
    /// A player's profile (the reader's own is "My games"' neighbour in the header).
    Players,
    Leaderboard,
    Watch,
}

/// What the frame needs from the reader and the page.
#[derive(Clone, Debug)]
pub struct Frame {
    pub tr: Tr,
    pub title: String,
    pub section: Section,
    pub account: Option<String>,
    pub guest: bool,
    pub csrf: String,
    pub here: String,
    pub theme: &'static str,
    pub reduced_motion: bool,
    /// A tone when a game becomes the reader's turn (`page.js`).
    pub turn_sound: bool,
    pub text_first: bool,
    pub confirm_moves: bool,
    pub css: &'static str,
    pub page_js: &'static str,
    /// Scripts (ES modules) of this page beyond the frame's own.
    pub scripts: Vec<&'static str>,
    /// A message shown once at the top (after a redirect), already translated.
    pub notice: Option<String>,
    /// The page is a game waiting for the reader's move: the tab's icon says so.
    pub your_turn: bool,
    /// How many of the reader's games wait for their move (the header says it when any do).
    pub waiting: usize,
}

impl Frame {
    pub fn new(ctx: &Ctx, section: Section, title: String) -> Frame {
        Frame {
            tr: ctx.tr,
            title,
            section,
            account: ctx.account.as_ref().map(|a| a.name.clone()),
            guest: ctx.is_guest(),
            csrf: ctx.csrf.clone(),
            here: ctx.here.clone(),
            theme: ctx.prefs.theme.code(),
            reduced_motion: ctx.prefs.reduced_motion,
            turn_sound: ctx.prefs.turn_sound,
            text_first: ctx.prefs.text_first,
            confirm_moves: ctx.prefs.confirm_moves,
            css: assets::url("agora.css"),
            page_js: assets::url("js/page.js"),
            scripts: Vec::new(),
            notice: None,
            your_turn: false,
            waiting: ctx.waiting.unwrap_or(0),
        }
    }

    pub fn with_your_turn(mut self, your_turn: bool) -> Frame {
        self.your_turn = your_turn;
        self
    }

    pub fn with_script(mut self, name: &str) -> Frame {
        self.scripts.push(assets::url(name));
        self
    }

    pub fn lang(&self) -> &'static str {
        self.tr.lang().code()
    }

    pub fn current(&self, section: Section) -> bool {
        self.section == section
    }

    /// Whether `code` is the page's language (for the pickers' `selected`).
    pub fn is_lang(&self, code: &str) -> bool {
        self.lang() == code
    }

    pub fn langs(&self) -> [(&'static str, &'static str); 3] {
        agora_present::Lang::ALL.map(|l| (l.code(), l.native_name()))
    }
}

/// Renders `page` for `ctx`, or its error page.
pub fn render(ctx: &Ctx, page: &impl Template) -> Response {
    match page.render() {
        Ok(html) => ctx.page(html),
        Err(e) => error_page(ctx, e.into()),
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    frame: Frame,
    message: String,
    detail: Option<String>,
}

/// The page that says what went wrong, in the reader's language.
pub fn error_page(ctx: &Ctx, error: PageError) -> Response {
    let tr = ctx.tr;
    let page = ErrorPage {
        frame: Frame::new(ctx, Section::Home, tr.t("error-title")),
        message: tr.t(error.message),
        // The server's own words only where the page has no sentence of its own (they are
        // English).
        detail: error
            .detail
            .filter(|_| error.message == "error-internal" || tr.lang() == agora_present::Lang::En),
    };
    let html = page.render().unwrap_or_else(|_| tr.t("error-internal"));
    let mut response = ctx.page(html);
    *response.status_mut() = if error.status.is_success() {
        StatusCode::INTERNAL_SERVER_ERROR
    } else {
        error.status
    };
    response
}
