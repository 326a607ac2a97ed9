//! The game page's fragments, and which of them a request draws. Each fragment has a key: a
//! hash of what it is drawn from (the reader and their form token, the game's version, the
//! clocks for the status, the offers for the actions...). A request with `since` draws only
//! the fragments whose key differs from the one they had at that version, then sends those
//! whose HTML differs too, so the answer is what drawing every fragment and comparing
//! would send, without drawing the fragments nothing touched.

use std::hash::{BuildHasher, Hash};

use agora_games::GameKind;
use askama::Template;

use super::GameView;
use crate::play::Played;
use crate::play::kept::Drawn;
use crate::play::shared::Parts;

macro_rules! fragment {
    ($name:ident, $path:literal) => {
        #[derive(Template)]
        #[template(path = $path)]
        pub(super) struct $name<'a> {
            pub(super) g: &'a GameView,
        }
    };
}

fragment!(StatusFragment, "game/status.html");
fragment!(ElectionFragment, "tyrus/election.html");
fragment!(BoardFragment, "tyrus/board.html");
fragment!(HandFragment, "tyrus/hand.html");
fragment!(ActionsFragment, "game/actions.html");
fragment!(ChartFragment, "tyrus/chart.html");
fragment!(TsuroSeatsFragment, "tsuro/seats.html");
fragment!(TsuroBoardFragment, "tsuro/board.html");
fragment!(TsuroHandFragment, "tsuro/hand.html");
fragment!(TyrannyBoardFragment, "tyranny/board.html");
fragment!(TyrannyHandFragment, "tyranny/hand.html");
fragment!(TyrannyDetailsFragment, "tyranny/details.html");
fragment!(LegalMovesFragment, "game/legal_moves.html");
fragment!(EntriesFragment, "game/entries.html");
fragment!(HintAreaFragment, "game/hint_area.html");

/// Sent with every answer: a hint shown is the page's own, never the server's.
pub(super) const HINT_AREA: &str = "hint-area";

/// One fragment of the page, by the id of the element it replaces, and what it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Status,
    Actions,
    Election,
    Board,
    Hand,
    Chart,
    TsuroSeats,
    Details,
    HintArea,
    LegalMoves,
}

impl Part {
    fn id(self) -> &'static str {
        match self {
            Part::Status => "game-status",
            Part::Actions => "actions",
            Part::Election => "election-card",
            Part::Board => "board",
            Part::Hand => "hand",
            Part::Chart => "chart",
            Part::TsuroSeats => "tsuro-seats",
            Part::Details => "ty-details",
            Part::HintArea => HINT_AREA,
            Part::LegalMoves => "legal-moves",
        }
    }

    fn render(self, view: &GameView) -> Result<String, askama::Error> {
        let g = view;
        match (self, view.table.kind()) {
            (Part::Status, _) => StatusFragment { g }.render(),
            (Part::Actions, _) => ActionsFragment { g }.render(),
            (Part::Election, _) => ElectionFragment { g }.render(),
            (Part::Board, GameKind::Tyrus) => BoardFragment { g }.render(),
            (Part::Board, GameKind::Tsuro) => TsuroBoardFragment { g }.render(),
            (Part::Board, GameKind::Tyranny) => TyrannyBoardFragment { g }.render(),
            (Part::Hand, GameKind::Tyrus) => HandFragment { g }.render(),
            (Part::Hand, GameKind::Tsuro) => TsuroHandFragment { g }.render(),
            (Part::Hand, GameKind::Tyranny) => TyrannyHandFragment { g }.render(),
            (Part::Chart, _) => ChartFragment { g }.render(),
            (Part::TsuroSeats, _) => TsuroSeatsFragment { g }.render(),
            (Part::Details, _) => TyrannyDetailsFragment { g }.render(),
            (Part::HintArea, _) => HintAreaFragment { g }.render(),
            // The typed move box's suggestions follow the game, or it offers moves already made.
            (Part::LegalMoves, _) => LegalMovesFragment { g }.render(),
        }
    }
}

/// The fragments of a page of a `kind` game, in the order they are sent.
fn parts_of(kind: GameKind) -> &'static [Part] {
    use Part::*;
    match kind {
        GameKind::Tyrus => &[
            Status, Actions, Election, Board, Hand, Chart, HintArea, LegalMoves,
        ],
        GameKind::Tsuro => &[
            Status, Actions, TsuroSeats, Board, Hand, HintArea, LegalMoves,
        ],
        GameKind::Tyranny => &[Status, Actions, Board, Hand, Details, HintArea, LegalMoves],
    }
}

/// Every fragment of the page, by the id of the element it replaces.
pub(super) fn render_fragments(view: &GameView) -> Result<Parts, askama::Error> {
    parts_of(view.table.kind())
        .iter()
        .map(|part| Ok((part.id(), part.render(view)?)))
        .collect()
}

/// A hash of `value`, the same for the server's lifetime.
pub(super) fn hash_of(value: impl Hash) -> u64 {
    foldhash::quality::FixedState::with_seed(33).hash_one(value)
}

/// What each fragment of `view`'s page is drawn from, hashed, in [`parts_of`]'s order: two
/// pages whose fragment has the same key draw it alike. `reader` is the reader's own key
/// (language, seat, form token, settings, the page's query); `None` for a fragment drawn at
/// every request (the hint area).
pub(super) fn input_keys(played: &Played, view: &GameView, reader: u64) -> Vec<Option<u64>> {
    // The game's own table: the state at this version as this reader heard it, the seats'
    // names, the reader's moves now, and whether the game goes on.
    let game = hash_of((
        reader,
        &view.id,
        view.version,
        &played.reader.seats,
        view.players.iter().map(|p| &p.name).collect::<Vec<_>>(),
        view.playing,
        view.my_turn,
        &view.outcome,
        &view.legal_moves,
    ));
    parts_of(view.table.kind())
        .iter()
        .map(|part| match part {
            Part::HintArea => None,
            // Clocks, deadlines and the computer's queue move without a new version.
            Part::Status => Some(hash_of((
                game,
                &view.players,
                &view.computer_thinking,
                &view.draw_offered_by,
            ))),
            Part::Actions => Some(hash_of((
                game,
                (view.can_offer_draw, view.can_abort, view.i_offered_draw),
                &view.draw_offered_by,
                (
                    &view.rematch_next,
                    &view.rematch_offers,
                    view.i_asked_rematch,
                ),
                &view.fair,
            ))),
            Part::LegalMoves => Some(hash_of(&view.legal_moves)),
            Part::Election
            | Part::Board
            | Part::Hand
            | Part::Chart
            | Part::TsuroSeats
            | Part::Details => Some(game),
        })
        .collect()
}

/// The fragments of a page with `keys` to send to a page that was sent `before` (its
/// fragments at its version; `None`: everything is sent): those whose key changed, drawn by
/// `draw`, and among them those whose HTML changed; the hint area always. With them, what
/// the page has now.
pub(super) fn changed(
    kind: GameKind,
    keys: &[Option<u64>],
    before: Option<&[Drawn]>,
    mut draw: impl FnMut(usize, &'static str) -> Result<String, askama::Error>,
) -> Result<(Parts, Vec<Drawn>), askama::Error> {
    let parts = parts_of(kind);
    // A page of another game's fragments (never, but cheap to check) has nothing in common.
    let before = before
        .filter(|b| b.len() == parts.len() && b.iter().zip(parts).all(|(d, p)| d.id == p.id()));
    let mut send = Vec::new();
    let mut now = Vec::with_capacity(parts.len());
    for (i, (part, &inputs)) in parts.iter().zip(keys).enumerate() {
        let id = part.id();
        let had = before.map(|b| b[i]);
        if let Some(had) = had.filter(|h| inputs.is_some() && h.inputs == inputs) {
            now.push(had);
            continue;
        }
        let html = draw(i, id)?;
        let drawn = Drawn {
            id,
            inputs,
            html: hash_of(&html),
        };
        if had.is_none_or(|h| h.html != drawn.html) || id == HINT_AREA {
            send.push((id, html));
        }
        now.push(drawn);
    }
    Ok((send, now))
}

/// Draws the fragments of `view`'s page that changed since `before` ([`changed`]).
pub(super) fn render_changed(
    view: &GameView,
    keys: &[Option<u64>],
    before: Option<&[Drawn]>,
) -> Result<(Parts, Vec<Drawn>), askama::Error> {
    let parts = parts_of(view.table.kind());
    changed(view.table.kind(), keys, before, |i, _| {
        parts[i].render(view)
    })
}
