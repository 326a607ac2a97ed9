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
            ("hint", []) => Some(super::hint::<Tyranny>(reader, view, view.viewer.seat())),
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

#[cfg(test)]
mod tests {
    use agora_engine::{FastRng, Game, Seat};
    use agora_present::Lang;
    use agora_tyranny::Tyranny;

    use super::super::{Session, bot};

    /// A two-player game as seat `human` in `lang`: the scripted lines first, then random
    /// legal moves (found from the view) to the end; what was printed.
    fn session(lang: Lang, seed: u64, human: u8, script: &[&str]) -> String {
        let options = serde_json::from_value(serde_json::json!({"players": 2})).unwrap();
        let mut session = Session::<Tyranny>::new(&options, seed, Seat(human), lang, |s| {
            bot::<Tyranny>("greedy", u64::from(s.0)).unwrap()
        });
        let mut script = script.iter();
        let mut rng = FastRng::new(seed);
        let mut out = Vec::new();
        session
            .run(
                |view| match script.next() {
                    Some(line) => Some(line.to_string()),
                    None => {
                        let state = Tyranny::determinize(view, Seat(human), &mut rng);
                        let mv = state.random_legal_move(&mut rng)?;
                        Some(state.format_move(mv))
                    }
                },
                &mut out,
            )
            .unwrap();
        String::from_utf8(out).unwrap()
    }

    const SCRIPT: &[&str] = &[
        "describe",
        "describe o13",
        "describe Z9",
        "hand",
        "status",
        "moves",
        "help",
        "history",
    ];

    #[test]
    fn the_terminal_tells_rolls_values_causes_and_the_end_once() {
        let text = session(Lang::En, 4, 0, SCRIPT);
        assert!(
            text.starts_with("Tyranny: you against the computer."),
            "{text}"
        );
        assert!(
            text.contains("O13 Night Market: property worth 60, captured on 5 or 6, neutral."),
            "{text}"
        );
        assert!(text.contains("\"Z9\" is not a tile"), "{text}");
        assert!(text.contains("Your hand is empty."), "{text}");
        assert!(
            text.contains("Influence 500: the criminals win by holding 1000"),
            "{text}"
        );
        assert!(text.contains("The die shows "), "{text}");
        assert!(text.contains("Influence 500 → "), "{text}");
        assert!(!text.contains("You play play"), "{text}");
        assert!(!text.contains(" 1 legal moves"), "{text}");
        assert!(!text.contains("1 cards"), "{text}");
        // Your own moves are told as sentences, not echoed as notation.
        assert!(text.contains("You roll the die to move Cop"), "{text}");
        let ends = text.matches("Your side wins.").count()
            + text.matches("Your side loses.").count()
            + text.matches("the game is a draw").count();
        assert_eq!(ends, 1, "the end told once:\n{text}");
        // The computer's kept cards stay face down; its card texts never speak to "you".
        assert!(!text.contains("The computer draws and keeps"), "{text}");
        for line in text.lines().filter(|l| l.starts_with("The computer draws")) {
            assert!(!line.contains(" you") && !line.contains("your"), "{line}");
        }
    }

    #[test]
    fn every_terminal_line_is_translated_in_every_language() {
        for lang in Lang::ALL {
            let mut script = SCRIPT.to_vec();
            script.push("hint");
            let text = session(lang, 7, 1, &script);
            let misses = agora_present::text::take_misses();
            assert!(misses.is_empty(), "{lang}: {misses:?}\n{text}");
            assert!(
                text.lines()
                    .filter(|l| !l.contains("\"game\":"))
                    .all(|l| !l.contains('{')),
                "{text}"
            );
        }
    }
}
