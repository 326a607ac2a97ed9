//! The table chat in a game's replay (`partials/replay_chat.html`): what had been said by
//! the step shown, that is before the next step happened (at the last step, everything).
//! The reader reads what the game page would show them: a player the players' chat while the
//! game is played, anyone else the spectators', everyone both once it is over; never the
//! accounts they muted, nothing when they turned chat off; quick messages in their language.
//! Read through the API's own reader (`agora_server::api::chat::read_for`), so the rules are
//! the chat's, not the replay's.

use agora_server::AppState;
use agora_server::api::chat::read_for;
use askama::Template;

use std::sync::Mutex;

use crate::ctx::Ctx;
use crate::i18n::Tr;
use crate::pages::game::chat::lines_of;
use crate::play::steps::Stepper;

#[derive(Template)]
#[template(path = "partials/replay_chat.html")]
struct ReplayChat {
    tr: Tr,
    /// Each line as the reader reads it: "Ada says: Good game!".
    lines: Vec<String>,
}

/// When the step after `step` happened (`None` for the last step).
fn next_step_at(stepper: &Mutex<Stepper>, step: u64) -> Option<i64> {
    let stepper = stepper.lock().unwrap_or_else(|e| e.into_inner());
    let events = stepper.events();
    let next = events.partition_point(|e| e.version <= step);
    events.get(next).map(|e| e.at)
}

/// The chat of game `id` as it stood at `step` of its `stepper`, rendered for `ctx`'s
/// reader; `None` when they turned chat off or it could not be read (the replay shows
/// without it).
pub async fn at_step(
    state: &AppState,
    ctx: &Ctx,
    id: &str,
    stepper: &Mutex<Stepper>,
    step: u64,
) -> Option<String> {
    let until = next_step_at(stepper, step);
    let mut read = match read_for(state, ctx.account.as_ref(), id, 0).await {
        Ok(read) => read,
        Err(e) => {
            tracing::warn!(error = ?e, "a replay's chat");
            return None;
        }
    };
    if read.off {
        return None;
    }
    read.messages
        .retain(|m| until.is_none_or(|until| m.at < until));
    let lines = (lines_of(ctx, &read).into_iter())
        .map(|line| line.said)
        .collect();
    let chat = ReplayChat { tr: ctx.tr, lines };
    chat.render()
        .map_err(|e| tracing::warn!(error = %e, "a replay's chat"))
        .ok()
}
