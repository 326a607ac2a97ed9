//! The server's game events other than moves (resignations, timeouts, draw offers, aborts)
//! and the reasons it ends a game for, told to one reader. Every game shares them; moves are
//! told by each game's own narrator.

use agora_engine::Seat;

use crate::text::{Args, text, text_with};
use crate::{Reader, Role};

/// The sentence for a non-move event of the server's game log (`kind` as in
/// docs/protocol.md: `resign`, `timeout`, `draw_offer`, `draw_decline`, `draw_agreed`,
/// `abort`), `seat` being the seat that acted. `None` for `move` and `chance` (the game's
/// narrator tells those), for a kind this narrator does not know, and for a kind that needs a
/// seat when none is given.
pub fn narrate_event(reader: &Reader, kind: &str, seat: Option<Seat>) -> Option<String> {
    let id = match kind {
        "draw_agreed" => return Some(text(reader.lang, "event-draw-agreed")),
        "resign" => "event-resign",
        "timeout" => "event-timeout",
        "draw_offer" => "event-draw-offer",
        "draw_decline" => "event-draw-decline",
        "abort" => "event-abort",
        _ => return None,
    };
    let seat = seat?;
    let mut args = Args::new();
    reader.add(&mut args, "who", seat);
    let mut sentence = text_with(reader.lang, id, &args);
    // With more than two seats the server hands a seat that left to the computer, so the
    // others can play on.
    if matches!(kind, "resign" | "timeout") && reader.seats.len() > 2 {
        let mut args = Args::new();
        let who = if reader.role(seat) == Role::You {
            "you"
        } else {
            "other"
        };
        args.insert("who".into(), who.into());
        sentence.push(' ');
        sentence.push_str(&text_with(reader.lang, "event-substituted", &args));
    }
    Some(sentence)
}

/// Why the server ended a game, for the reasons that are the server's rather than the game's:
/// `resignation`, `timeout`, `agreement` (a draw), and `aborted` for a game stopped before it
/// began. `None` for any other reason (a game's own, told by its narrator).
pub fn outcome_reason(reader: &Reader, reason: &str) -> Option<String> {
    let id = match reason {
        "resignation" => "outcome-resignation",
        "timeout" => "outcome-timeout",
        "agreement" => "outcome-agreement",
        "aborted" => "outcome-aborted",
        _ => return None,
    };
    Some(text(reader.lang, id))
}

#[cfg(test)]
mod tests {
    use agora_engine::Viewer;

    use super::*;
    use crate::{Lang, Who};

    fn reader(lang: Lang, viewer: Viewer, seats: usize) -> Reader {
        let mut table = vec![Who::Person("Ada".into()), Who::Computer];
        table.extend((2..seats).map(|i| Who::Person(format!("P{i}"))));
        Reader::new(lang, viewer, table)
    }

    #[test]
    fn every_event_the_server_writes_is_told() {
        let me = reader(Lang::En, Viewer::Seat(Seat(0)), 2);
        let watcher = reader(Lang::En, Viewer::Spectator, 2);
        for (kind, mine, theirs) in [
            ("resign", "You resigned.", "Ada resigned."),
            ("timeout", "You ran out of time.", "Ada ran out of time."),
            ("draw_offer", "You offered a draw.", "Ada offered a draw."),
            (
                "draw_decline",
                "You declined the draw.",
                "Ada declined the draw.",
            ),
            ("abort", "You aborted the game.", "Ada aborted the game."),
        ] {
            assert_eq!(narrate_event(&me, kind, Some(Seat(0))).unwrap(), mine);
            assert_eq!(
                narrate_event(&watcher, kind, Some(Seat(0))).unwrap(),
                theirs
            );
            assert_eq!(narrate_event(&me, kind, None), None, "{kind} needs a seat");
        }
        assert_eq!(
            narrate_event(&me, "draw_agreed", None).unwrap(),
            "Everyone agreed to a draw."
        );
        assert_eq!(
            narrate_event(&me, "resign", Some(Seat(1))).unwrap(),
            "The computer resigned."
        );
        for kind in ["move", "chance", "something_new"] {
            assert_eq!(narrate_event(&me, kind, Some(Seat(0))), None, "{kind}");
        }
        assert!(crate::text::take_misses().is_empty());
    }

    #[test]
    fn every_kind_of_event_the_log_keeps_is_told() {
        // The store's kinds are the server's vocabulary; a kind it gains must be told.
        let me = reader(Lang::En, Viewer::Seat(Seat(0)), 2);
        for kind in agora_store::EventKind::ALL {
            let kind = kind.as_str();
            if !matches!(kind, "move" | "chance") {
                assert!(
                    narrate_event(&me, kind, Some(Seat(0))).is_some()
                        || narrate_event(&me, kind, None).is_some(),
                    "the log keeps {kind:?} events, which are not narrated"
                );
            }
        }
        assert!(agora_store::EventKind::ALL.len() >= 8);
    }

    #[test]
    fn a_seat_that_leaves_a_larger_table_is_handed_to_the_computer() {
        let me = reader(Lang::En, Viewer::Seat(Seat(0)), 4);
        assert_eq!(
            narrate_event(&me, "timeout", Some(Seat(0))).unwrap(),
            "You ran out of time. The computer plays your seat from now on."
        );
        assert_eq!(
            narrate_event(&me, "resign", Some(Seat(2))).unwrap(),
            "P2 resigned. The computer plays that seat from now on."
        );
    }

    #[test]
    fn events_read_in_german_and_french() {
        let de = reader(Lang::De, Viewer::Seat(Seat(1)), 2);
        assert_eq!(
            narrate_event(&de, "draw_offer", Some(Seat(0))).unwrap(),
            "Ada hat ein Unentschieden angeboten."
        );
        assert_eq!(
            narrate_event(&de, "timeout", Some(Seat(1))).unwrap(),
            "Deine Zeit ist abgelaufen."
        );
        let fr = reader(Lang::Fr, Viewer::Seat(Seat(1)), 2);
        assert_eq!(
            narrate_event(&fr, "timeout", Some(Seat(0))).unwrap(),
            "Le temps d’Ada est écoulé."
        );
        assert_eq!(
            narrate_event(&fr, "resign", Some(Seat(1))).unwrap(),
            "Vous avez abandonné."
        );
        assert!(crate::text::take_misses().is_empty());
    }

    #[test]
    fn the_servers_reasons_are_told_and_the_games_are_left_to_them() {
        for lang in Lang::ALL {
            let me = reader(lang, Viewer::Seat(Seat(0)), 2);
            for reason in ["resignation", "timeout", "agreement", "aborted"] {
                assert!(outcome_reason(&me, reason).is_some(), "{lang} {reason}");
            }
            assert_eq!(outcome_reason(&me, "majority"), None);
        }
        let me = reader(Lang::En, Viewer::Seat(Seat(0)), 2);
        assert_eq!(
            outcome_reason(&me, "timeout").unwrap(),
            "The game ended on time."
        );
        assert!(crate::text::take_misses().is_empty());
    }
}
