//! Terminal play through `Session`, with scripted input.

use super::*;
use agora_tyrus::Tyrus;

fn play_out(seed: u64, human: Seat, name: &str) -> String {
    let mut session = Session::<Tyrus>::new(&Default::default(), seed, human, Lang::En, |s| {
        bot::<Tyrus>(name, seed + u64::from(s.0)).expect("known bot")
    });
    let mut out = Vec::new();
    let mut typed = 0;
    session
        .run(
            |view| {
                typed += 1;
                // Exercise the commands and a bad move now and then, then play greedily.
                Some(match typed % 7 {
                    1 => "board".to_string(),
                    3 => "S0 own nowhere".to_string(),
                    5 => "hand".to_string(),
                    6 => "record".to_string(),
                    _ => agora_ai::tyrus_greedy(view, view.to_move.expect("my turn"))
                        .expect("a move")
                        .to_string(),
                })
            },
            &mut out,
        )
        .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn a_whole_game_against_each_bot_reaches_an_end() {
    for (seed, bot) in [(1, "greedy"), (2, "random"), (3, "ismcts:50")] {
        let text = play_out(seed, Seat((seed % 2) as u8), bot);
        let lower = text.to_lowercase();
        assert!(
            lower.contains("you win")
                || lower.contains("the computer wins")
                || lower.contains("draw"),
            "{text}"
        );
        assert!(
            text.contains("The citadels are counted.")
                || text.contains("The markets are counted.")
                || text.contains("The temples are counted."),
            "{text}"
        );
        assert!(text.contains("You drew "), "{text}");
        assert!(text.contains("\"S0 own nowhere\" is not a move."));
        assert!(text.contains("Record (replay it with agora replay)"));
    }
}

/// Every message of `text` was found in `lang`, and none left a placeable unfilled or showed
/// its id (the record's JSON aside).
fn assert_translated(lang: Lang, text: &str) {
    let misses = agora_present::text::take_misses();
    assert!(misses.is_empty(), "{lang}: {misses:?}\n{text}");
    assert!(
        text.lines()
            .filter(|l| !l.contains("\"game\":"))
            .all(|l| !l.contains('{') && !l.contains("tsuro-") && !l.contains("cli-")),
        "{text}"
    );
}

#[test]
fn every_terminal_line_is_translated_in_every_language() {
    for lang in Lang::ALL {
        let mut session = Session::<Tyrus>::new(&Default::default(), 6, Seat(1), lang, |s| {
            bot::<Tyrus>("greedy", u64::from(s.0)).unwrap()
        });
        let mut typed = 0;
        let mut out = Vec::new();
        session
            .run(
                |view| {
                    typed += 1;
                    Some(match typed {
                        1 => "history".to_string(),
                        2 => "help".to_string(),
                        3 => "moves".to_string(),
                        4 => "S0 own nowhere".to_string(),
                        5 => "hint".to_string(),
                        6 => "board".to_string(),
                        _ => agora_ai::tyrus_greedy(view, view.to_move.expect("my turn"))
                            .expect("a move")
                            .to_string(),
                    })
                },
                &mut out,
            )
            .unwrap();
        assert_translated(lang, &String::from_utf8(out).unwrap());
    }
}

#[test]
fn the_opponents_tiles_stay_hidden_until_counted() {
    let text = play_out(4, Seat(0), "greedy");
    let (during, _) = text.split_once("Record (").unwrap();
    for line in during.lines() {
        if line.starts_with("The computer placed") {
            assert!(line.contains("a face-down tile"), "{line}");
        }
    }
    assert!(
        !during.contains("\"seed\""),
        "the seed would reveal every tile"
    );
}

/// Plays a whole game of any game as seat `human` by always typing a random legal move
/// (found from the view alone) and returns what was printed.
fn random_human<G: TextUi + Heuristics>(
    options: &G::Options,
    seed: u64,
    human: Seat,
    bot: impl Fn(&str, u64) -> Option<Bot<G>>,
) -> String {
    let mut session = Session::<G>::new(options, seed, human, Lang::En, |s| {
        bot("greedy", u64::from(s.0)).unwrap()
    });
    let mut rng = agora_engine::FastRng::new(seed);
    let mut out = Vec::new();
    session
        .run(
            |view| {
                let state = G::determinize(view, human, &mut rng);
                let mv = state.random_legal_move(&mut rng)?;
                Some(state.format_move(mv))
            },
            &mut out,
        )
        .unwrap();
    String::from_utf8(out).unwrap()
}

/// An English reader at `seat` of a two-seat table against the computer.
fn english(seat: Seat) -> Reader {
    let mut seats = vec![Who::Computer, Who::Computer];
    seats[seat.index()] = Who::Person("Ada".into());
    Reader::new(Lang::En, Viewer::Seat(seat), seats)
}

/// Plays `turns` of seat `human`'s turns by asking for a hint and typing the move it
/// names, then quits; returns what was printed.
fn follow_hints<G: TextUi + TellHint>(
    options: &G::Options,
    seed: u64,
    human: Seat,
    turns: usize,
    bot: impl Fn(&str, u64) -> Option<Bot<G>>,
) -> String {
    let mut session = Session::<G>::new(options, seed, human, Lang::En, |s| {
        bot("greedy", u64::from(s.0)).unwrap()
    });
    let mut typed = 0;
    let mut out = Vec::new();
    session
        .run(
            |view| {
                typed += 1;
                if typed > 2 * turns {
                    return Some("quit".to_string());
                }
                if typed % 2 == 1 {
                    return Some("hint".to_string());
                }
                // The move is the hint's second line, alone, as it is typed.
                let advice = hint::<G>(&english(human), view, Some(human));
                let mut lines = advice.lines();
                let first = lines.next().expect("a line");
                assert!(
                    first.ends_with("The computer would play:")
                        || first == "You have only one move:",
                    "{advice}"
                );
                Some(lines.next().expect("the move").to_string())
            },
            &mut out,
        )
        .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn hints_in_tsuro_and_tyranny_name_a_move_that_plays() {
    let text = follow_hints::<agora_tsuro::Tsuro>(
        &Default::default(),
        3,
        Seat(0),
        3,
        bot::<agora_tsuro::Tsuro>,
    );
    assert!(text.contains("would play:\nstart "), "{text}");
    assert!(text.contains("would play:\nplay "), "{text}");
    // Why, in words: where the marker goes, and no search statistics.
    assert!(
        text.contains("Put your marker on the start mark at the "),
        "{text}"
    );
    assert!(text.contains("Lay tile "), "{text}");
    assert!(text.contains("Your marker "), "{text}");
    assert!(!text.contains('%'), "{text}");
    assert!(!text.contains("is not a move"), "{text}");
    assert!(!text.contains("No hint"), "{text}");

    let text = follow_hints::<agora_tyranny::Tyranny>(
        &Default::default(),
        2,
        Seat(0),
        6,
        bot::<agora_tyranny::Tyranny>,
    );
    assert_eq!(
        text.matches("would play:\n").count() + text.matches("You have only one move:\n").count(),
        6,
        "{text}"
    );
    assert!(!text.contains('%'), "{text}");
    assert!(!text.contains("is not a move"), "{text}");
    assert!(!text.contains("No hint"), "{text}");
}

#[test]
fn hints_wait_for_your_turn() {
    let state = agora_tsuro::Tsuro::from_setup(&agora_tsuro::Tsuro::setup_from_seed(
        &Default::default(),
        1,
    ))
    .unwrap();
    let to_move = state.turn().seat().expect("a seat to move");
    let other = Seat(1 - to_move.0);
    let view = state.view(Viewer::Seat(other));
    assert_eq!(
        hint::<agora_tsuro::Tsuro>(&english(other), &view, Some(other)),
        "Hints are for your own turn."
    );
    assert_eq!(
        hint::<agora_tsuro::Tsuro>(&english(other), &view, None),
        "Hints are for your own turn."
    );
}

#[test]
fn whole_games_of_tyranny_for_two_three_and_four_players() {
    for players in [2u8, 3, 4] {
        let options: agora_tyranny::Options =
            serde_json::from_value(serde_json::json!({ "players": players })).unwrap();
        let text = random_human::<agora_tyranny::Tyranny>(
            &options,
            u64::from(players),
            Seat(players - 1),
            bot::<agora_tyranny::Tyranny>,
        );
        // The end is told once, by the narrator, and the final tally follows.
        let ends = text.matches("Your side wins.").count()
            + text.matches("Your side loses.").count()
            + text.matches("the game is a draw").count();
        assert_eq!(ends, 1, "{text}");
        assert!(text.contains("The game is over after "), "{text}");
        assert!(text.contains("Record (replay it with agora replay)"));
        assert!(!text.contains("is not a move"), "typed moves are legal");
    }
}

#[test]
fn whole_games_of_tsuro_for_two_to_eight_players() {
    for players in 2u8..=8 {
        let options: agora_tsuro::TsuroOptions = serde_json::from_value(
            serde_json::json!({ "players": players, "elimination_bonus": players % 2 == 1 }),
        )
        .unwrap();
        let text = random_human::<agora_tsuro::Tsuro>(
            &options,
            u64::from(players),
            Seat(players / 2),
            bot::<agora_tsuro::Tsuro>,
        );
        assert!(text.contains("win"), "{text}");
        assert!(text.contains("Record (replay it with agora replay)"));
        assert!(!text.contains("is not a move"), "typed moves are legal");
    }
}

#[test]
fn tsuro_preview_and_describe_answer_from_the_view() {
    let options = agora_tsuro::TsuroOptions::default();
    let mut session = Session::<agora_tsuro::Tsuro>::new(&options, 5, Seat(0), Lang::En, |s| {
        bot::<agora_tsuro::Tsuro>("greedy", u64::from(s.0)).unwrap()
    });
    let mut lines = vec![
        "preview",
        "marks",
        "start a1.0",
        "marks",
        "preview",
        "preview 2",
        "preview 9",
        "describe a1",
        "describe z9",
        "describe",
        "hand",
        "hint",
        "quit",
    ]
    .into_iter()
    .map(String::from);
    let mut out = Vec::new();
    session.run(|_| lines.next(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("Preview works when it is your turn to lay a tile."));
    assert!(
        text.contains("start a1.0: top edge, square a1, left point\n"),
        "{text}"
    );
    assert!(text.contains("Every marker is already placed."), "{text}");
    // Every preview says which tile of the hand it turns, and each the reader's fate.
    let previews: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(" in your hand, laid as "))
        .collect();
    assert!(previews.len() >= 3, "{text}");
    for n in 1..=3 {
        assert!(
            previews
                .iter()
                .any(|l| l.starts_with(&format!("Tile {n} of 3 in your hand, laid as "))),
            "{text}"
        );
    }
    assert!(
        previews
            .iter()
            .all(|l| l.contains(" on a1. You (Red) would ")),
        "{text}"
    );
    for said in [
        "Your hand holds 3 tiles: type preview, or preview 1 to 3.",
        "a1 is empty (above: the rim;",
        "You (Red) face it (top side, left point)",
        "\"z9\" is not a square (a1 to f6).",
        "You (Red): facing a1 (top side, left point)",
        "Your hand: 1. ",
    ] {
        assert!(text.contains(said), "{said:?} in\n{text}");
    }
    assert!(
        text.contains("would play:\nplay ") || text.contains("You have only one move:\nplay "),
        "{text}"
    );
}

/// What a new user met: "You play play …", "1 tiles", "1 legal moves"; and whether every line
/// of a whole game, in every language, comes from a message that exists.
#[test]
fn tsuro_in_every_language_says_nothing_twice_and_nothing_unfinished() {
    for lang in Lang::ALL {
        for players in [2u8, 4] {
            let options: agora_tsuro::TsuroOptions = serde_json::from_value(
                serde_json::json!({ "players": players, "elimination_bonus": true }),
            )
            .unwrap();
            let mut session = Session::<agora_tsuro::Tsuro>::new(&options, 8, Seat(1), lang, |s| {
                bot::<agora_tsuro::Tsuro>("greedy", u64::from(s.0)).unwrap()
            });
            let mut rng = agora_engine::FastRng::new(8);
            let mut typed = 0;
            let mut out = Vec::new();
            session
                .run(
                    |view| {
                        typed += 1;
                        Some(match typed {
                            1 => "help".to_string(),
                            2 => "moves".to_string(),
                            3 => "board".to_string(),
                            4 => "history".to_string(),
                            5 => "describe c3".to_string(),
                            _ => {
                                let me = view.viewer.seat().unwrap();
                                let state = agora_tsuro::Tsuro::determinize(view, me, &mut rng);
                                let mv = state.random_legal_move(&mut rng)?;
                                state.format_move(mv)
                            }
                        })
                    },
                    &mut out,
                )
                .unwrap();
            let text = String::from_utf8(out).unwrap();
            assert_translated(lang, &text);
            for wrong in ["play play", " 1 tiles", "1 legal moves", " 1 markers"] {
                assert!(!text.contains(wrong), "{lang}: {wrong:?} in\n{text}");
            }
            // The end is told once, by the narrator.
            let view = session.state.view(Viewer::Seat(Seat(1)));
            let end = agora_present::tsuro::outcome(&session.reader, &view).expect("the end");
            let told = text
                .lines()
                .filter(|l| l.trim_start_matches("> ") == end)
                .count();
            assert_eq!(told, 1, "{end:?} in\n{text}");
        }
    }
}

#[test]
fn quitting_prints_the_record() {
    let mut session = Session::<Tyrus>::new(&Default::default(), 9, Seat(0), Lang::En, |s| {
        bot::<Tyrus>("random", u64::from(s.0)).unwrap()
    });
    let mut lines = vec![
        "history".to_string(),
        "hint".to_string(),
        "quit".to_string(),
    ]
    .into_iter();
    let mut out = Vec::new();
    session.run(|_| lines.next(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("Game abandoned."));
    assert!(
        text.contains("would play:\n") || text.contains("Hints are for your own turn."),
        "{text}"
    );
    assert!(text.contains("\"seed\":9"));
}
