//! Tyranny in plain text, told by the Tyranny narrator of `agora-present` in the reader's
//! language.

use agora_engine::{Game, Outcome, Seat};
use agora_present::tyranny::{
    describe_board, describe_tile, hand, narrate_move, rules_summary, status, tile_by_code,
};
use agora_present::{Reader, args, text, text_with};
use agora_tyranny::{Event, SeenMove, Tyranny, TyrannyView};

use super::TextUi;

impl TextUi for Tyranny {
    fn move_help(reader: &Reader) -> String {
        rules_summary(reader.lang).join("\n")
    }

    /// Without the engine's events only the move itself is told; `play_and_tell` has them.
    fn tell_move(
        reader: &Reader,
        before: &TyrannyView,
        _mover: Option<Seat>,
        _notation: &str,
        seen: &SeenMove,
        after: &TyrannyView,
    ) -> Vec<String> {
        narrate_move(reader, before, seen, &[], after)
    }

    /// Plays through `play_logged`, so that the narrator hears every roll, card and cause,
    /// each event as the reader may know it.
    fn play_and_tell(
        state: &mut Tyranny,
        reader: &Reader,
        mv: agora_tyranny::Move,
        _mover: Option<Seat>,
        _notation: &str,
    ) -> Vec<String> {
        let before = state.view(reader.viewer);
        let seen = state.seen_move(mv, reader.viewer);
        let events: Vec<Event> = match state.play_logged(mv) {
            Ok(events) => events
                .into_iter()
                .map(|e| e.seen_by(reader.viewer))
                .collect(),
            // Moves reach here checked; were one refused, nothing happened to tell.
            Err(_) => return Vec::new(),
        };
        narrate_move(reader, &before, &seen, &events, &state.view(reader.viewer))
    }

    fn board(reader: &Reader, view: &TyrannyView) -> String {
        describe_board(reader, view).join("\n")
    }

    fn hand(reader: &Reader, view: &TyrannyView) -> String {
        let lines = hand(reader, view);
        match (view.hand, lines.is_empty()) {
            (None, _) => text(reader.lang, "tyranny-hand-none"),
            (Some(_), true) => text(reader.lang, "tyranny-hand-empty"),
            (Some(_), false) => lines.join("\n"),
        }
    }

    fn status(reader: &Reader, view: &TyrannyView) -> String {
        status(reader, view)
    }

    /// `hint`, and `describe` for the whole board or `describe O5` for one tile.
    fn extra_command(reader: &Reader, view: &TyrannyView, line: &str) -> Option<String> {
        let mut words = line.split_whitespace();
        let first = words.next()?.to_ascii_lowercase();
        let rest: Vec<&str> = words.collect();
        match (first.as_str(), &rest[..]) {
            ("hint", []) => Some(super::hint::<Tyranny>(
                reader.lang,
                view,
                view.viewer.seat(),
            )),
            ("describe", []) => Some(describe_board(reader, view).join("\n")),
            ("describe", [code]) => Some(match tile_by_code(code) {
                Some(tile) => describe_tile(reader, view, tile),
                None => text_with(reader.lang, "tyranny-no-tile", &args![("code", *code)]),
            }),
            _ => None,
        }
    }

    /// The narrator told the end with the last move; this is the final tally to close on.
    fn describe_outcome(reader: &Reader, view: &TyrannyView, _outcome: &Outcome) -> String {
        status(reader, view)
    }
}
