//! The seat row's Mute / Unmute buttons (issue 36): a player mutes another from the table's
//! row of seats, as from one of their chat lines, and unmutes them there too.
//!
//! Only a seated reader gets them. While the game is played a spectator never hears the
//! players' chat (docs/architecture/web.md, "Table chat"), so a mute there would change
//! nothing they can see, and the people they do hear, other spectators, have no seat. That
//! keeps the spectators' shared fragments as they are: a seat's fragments are its own
//! (`play::shared`), and the mutes join its status fragment's key through
//! [`super::PlayerLine::mute`], which [`super::parts::input_keys`] hashes. The mutes are
//! read from the store only at a table with another person.

use agora_server::AppState;
use agora_store::{AccountId, SeatKind};

use super::GameView;
use crate::ctx::Ctx;
use crate::play::Played;

/// The seat's button: whom it mutes or unmutes, and its words ("Mute Guest 2").
#[derive(Clone, Debug, Hash)]
pub struct SeatMute {
    pub account: i64,
    /// The reader muted them: the button unmutes, and the row says so.
    pub muted: bool,
    pub label: String,
}

/// Gives each other person's seat in `view` its button, for `ctx`'s reader if they sit at
/// the table. A store that cannot be read leaves the buttons out: the game matters more.
pub(crate) async fn add(state: &AppState, ctx: &Ctx, view: &mut GameView) {
    let Some(me) = ctx.account.as_ref().filter(|_| !view.spectator) else {
        return;
    };
    if view.players.iter().all(|p| p.account.is_none()) {
        return;
    }
    let muted = match state.store().muted_by(me.id).await {
        Ok(muted) => muted,
        Err(e) => {
            tracing::warn!(error = %e, "mutes not read");
            return;
        }
    };
    let tr = ctx.tr;
    for line in &mut view.players {
        let Some(account) = line.account else {
            continue;
        };
        let is_muted = muted.iter().any(|(id, _)| *id == AccountId(account));
        let words = if is_muted {
            "settings-chat-unmute"
        } else {
            "chat-mute"
        };
        line.mute = Some(SeatMute {
            account,
            muted: is_muted,
            label: tr.a(words, "name", &line.name),
        });
    }
}

/// The account of the person (not the computer) at seat `index` of `played`'s table.
pub(super) fn person_at(played: &Played, index: usize) -> Option<i64> {
    (played.table.seats.iter())
        .find(|s| usize::from(s.seat) == index && s.kind != SeatKind::Ai)
        .and_then(|s| s.account)
        .map(|a| a.0)
}
