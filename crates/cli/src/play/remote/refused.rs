//! A refusal from the server in the reader's words: the engine's reason when the server sent
//! one, else what the error's code means, for a move or for what a table action asked.

use agora_engine::ParseMoveError;
use agora_present::{Who, args, refusal, text, text_with};

use super::api::Failure;
use super::live::Live;
use super::table::Action;
use super::wire::{self, WireGame};

impl<G: WireGame> Live<'_, G> {
    /// A refusal in the reader's words: the engine's reason when the server sent one, else
    /// what the error's code means.
    pub(super) fn refused(&self, failure: &Failure, typed: &str) -> String {
        let lang = self.lang();
        let (code, message, why) = match failure {
            Failure::Refused {
                code,
                message,
                refusal,
            } => (code.as_str(), message.as_str(), refusal.as_ref()),
            Failure::Transport(error) => (error.as_str(), error.as_str(), None),
        };
        match (code, why.and_then(wire::refusal)) {
            ("bad_notation", Some(reason)) => {
                let error = ParseMoveError {
                    text: typed.to_string(),
                    reason,
                };
                format!(
                    "{} {}",
                    refusal::unreadable(&self.reader, &error),
                    text(lang, "refusal-notation-help")
                )
            }
            (_, Some(reason)) => refusal::refusal(&self.reader, &reason),
            ("not_your_turn", None) => text(lang, "remote-not-your-turn"),
            ("stale_version", None) => text(lang, "remote-stale"),
            ("game_over", None) => text(lang, "remote-game-over"),
            ("forbidden", None) => text(lang, "remote-forbidden"),
            ("rate_limited", None) => text(lang, "remote-rate-limited"),
            _ => text_with(lang, "remote-refused", &args![("message", message)]),
        }
    }

    /// A refusal of `action` in the reader's words: what the server's code means for it.
    pub(super) fn action_refused(&self, action: Action, failure: &Failure) -> String {
        let lang = self.lang();
        let offers = self.state["draw_offers"].as_array().cloned();
        let me = self.seat().map(|s| u64::from(s.0));
        let offered = offers.is_some_and(|o| o.iter().any(|s| s.as_u64() == me));
        let computer = self.reader.seats.contains(&Who::Computer);
        match (failure.code(), action) {
            ("wrong_state", Action::OfferDraw) if computer => text(lang, "remote-draw-computer"),
            ("wrong_state", Action::OfferDraw) if offered => text(lang, "remote-draw-again"),
            ("wrong_state", Action::DeclineDraw) => text(lang, "remote-decline-none"),
            ("wrong_state", Action::Abort) => text(lang, "remote-abort-late"),
            ("wrong_state", Action::Rematch) => text(lang, "remote-rematch-early"),
            _ => self.refused(failure, ""),
        }
    }
}
