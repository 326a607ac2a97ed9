//! Line-based terminal play: plain lines, no cursor tricks, so it works with a screen reader.

mod tsuro;
mod tyranny;
mod tyrus;

use std::io::{BufRead, Write};
use std::process::ExitCode;

use agora_ai::{BotSpec, Heuristics, derive_seed};
use agora_engine::{Game, GameRecord, Outcome, RngCore, Seat, SeedRng, Turn, Viewer};
use agora_games::GameKind;
use clap::Args;
use serde::Deserialize;

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game to play.
    #[arg(value_parser = crate::parse_kind)]
    game: GameKind,
    /// Your seat (0 moves first where the game has a first player).
    #[arg(long, default_value_t = 0)]
    seat: u8,
    /// The deal; a random one when absent (it is printed, so the game can be replayed).
    #[arg(long)]
    seed: Option<u64>,
    /// Number of players, for games that take several.
    #[arg(long)]
    players: Option<u8>,
    /// The opponents' bot: `random`, `greedy`, `ismcts:easy|medium|hard` or `ismcts:ITERATIONS`.
    #[arg(long, default_value = "greedy")]
    bot: String,
    /// One bot per other seat, in seat order, separated by commas (overrides --bot).
    #[arg(long, value_delimiter = ',')]
    bots: Vec<String>,
}

/// How a game shows itself in plain text, seen from one seat.
pub trait TextUi: Game {
    /// One paragraph: what the game is and how to write a move.
    const MOVE_HELP: &'static str;

    /// The whole table as the seat sees it.
    fn board(view: &Self::View) -> String;
    /// The seat's own hand.
    fn hand(view: &Self::View) -> String;
    /// A line or two: where we are in the game and whose turn it is.
    fn status(view: &Self::View) -> String;
    /// What the seat saw of a move by `mover`, as a sentence.
    fn describe_seen(view: &Self::View, mover: Seat, seen: &Self::SeenMove) -> String;
    /// What happened between two views that no single move says (an election counted...).
    fn narrate(before: &Self::View, after: &Self::View) -> Vec<String>;
    /// The end, as the seat sees it.
    fn describe_outcome(view: &Self::View, outcome: &Outcome) -> String;
    /// Game-specific commands (`preview` in Tsuro): the answer, or `None` if `line` is none.
    fn extra_command(_view: &Self::View, _line: &str) -> Option<String> {
        None
    }
}

/// What the AI (ISMCTS at level medium) would play for `seat` from its view, and why: its top
/// moves with the share of the search each got and the score it expects (1 is a sure sole
/// win). Shared by every game's `hint` command.
pub fn hint<G: Heuristics>(view: &G::View, seat: Option<Seat>) -> String {
    const YOUR_TURN: &str = "Hints are for your own turn.";
    let Some(seat) = seat else {
        return YOUR_TURN.to_string();
    };
    let analysis = "ismcts:medium"
        .parse::<BotSpec>()
        .map_err(|e| e.to_string())
        .and_then(|spec| spec.build::<G>().map_err(|e| e.to_string()))
        .and_then(|mut bot| {
            bot.analyse(view, seat, 1).map_err(|e| match e {
                agora_ai::BotError::NotToMove { .. } => YOUR_TURN.to_string(),
            })
        });
    let analysis = match analysis {
        Ok(analysis) => analysis,
        Err(e) if e == YOUR_TURN => return e,
        Err(e) => return format!("No hint: {e}."),
    };
    let lines: Vec<String> = analysis
        .moves
        .iter()
        .take(5)
        .map(|m| match m.value {
            Some(value) => format!(
                "{}: {:.0}% of the search, expected score {:.0}%",
                m.notation,
                100.0 * m.share,
                100.0 * value
            ),
            None => format!("{}: {:.0}% of the search", m.notation, 100.0 * m.share),
        })
        .collect();
    let why = if analysis.iterations == 0 {
        " (the only move)"
    } else {
        ""
    };
    format!(
        "The AI would play {}{why}.\n{}",
        analysis.moves[0].notation,
        lines.join("\n")
    )
}

/// A computer opponent: picks a move from what its seat may see.
pub type Bot<G> = Box<dyn FnMut(&<G as Game>::View, Seat) -> <G as Game>::Move>;

/// Any bot of `agora-ai` by its spec (`random`, `greedy`, `ismcts:hard`, ...), seeing only its
/// seat's view; `None` for an unknown spec.
pub fn bot<G: Heuristics>(spec: &str, seed: u64) -> Option<Bot<G>> {
    let mut bot = spec.parse::<BotSpec>().ok()?.build::<G>().ok()?;
    let mut decisions = 0;
    Some(Box::new(move |view, seat| {
        decisions += 1;
        bot.choose(view, seat, derive_seed(seed, decisions))
            .expect("a bot finds a move for the seat to move")
    }))
}

/// One terminal game: the state, the human's seat, the bots and what the human has seen.
pub struct Session<G: Game> {
    state: G,
    human: Seat,
    bots: Vec<Option<Bot<G>>>,
    chance: SeedRng,
    record: GameRecord,
    history: Vec<String>,
}

impl<G: TextUi> Session<G> {
    pub fn new(
        options: &G::Options,
        seed: u64,
        human: Seat,
        mut make_bot: impl FnMut(Seat) -> Bot<G>,
    ) -> Session<G> {
        let setup = G::setup_from_seed(options, seed);
        let state = G::from_setup(&setup).expect("dealt setups are valid");
        let bots = (0..state.seats())
            .map(|s| Seat(s as u8))
            .map(|s| (s != human).then(|| make_bot(s)))
            .collect();
        Session {
            state,
            human,
            bots,
            chance: SeedRng::new(seed ^ 0x5eed_c4a1_ce00_0000),
            record: GameRecord {
                game: G::NAME.to_string(),
                seed: Some(seed),
                options: serde_json::to_value(options)
                    .ok()
                    .filter(|o| o != &serde_json::json!({})),
                setup: None,
                moves: Vec::new(),
            },
            history: Vec::new(),
        }
    }

    fn view(&self) -> G::View {
        self.state.view(Viewer::Seat(self.human))
    }

    fn say(&mut self, out: &mut impl Write, lines: Vec<String>) -> std::io::Result<()> {
        for line in lines {
            writeln!(out, "{line}")?;
            self.history.push(line);
        }
        Ok(())
    }

    /// Plays `mv` for `mover` and tells the human what it saw.
    fn apply(
        &mut self,
        mv: G::Move,
        mover: Option<Seat>,
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        let before = self.view();
        let seen = self.state.seen_move(mv, Viewer::Seat(self.human));
        self.record.moves.push(self.state.format_move(mv));
        self.state.play_unchecked(mv);
        let after = self.view();
        let mut lines = Vec::new();
        if let Some(mover) = mover {
            lines.push(G::describe_seen(&before, mover, &seen));
        }
        lines.extend(G::narrate(&before, &after));
        self.say(out, lines)
    }

    /// Runs the game until it ends or the human quits. `input` returns the human's next line.
    pub fn run(
        &mut self,
        mut input: impl FnMut(&G::View) -> Option<String>,
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        // The seed fixes every hidden tile, so it is shown only when the game is over.
        writeln!(
            out,
            "{}: you are seat {}. Type help for commands.",
            G::NAME,
            self.human,
        )?;
        writeln!(out, "{}", G::board(&self.view()))?;
        let mut show_status = true;
        loop {
            match self.state.turn() {
                Turn::Over => {
                    let outcome = self
                        .state
                        .outcome()
                        .expect("a finished game has an outcome");
                    let line = G::describe_outcome(&self.view(), &outcome);
                    self.say(out, vec![line])?;
                    self.print_record(out)?;
                    return Ok(());
                }
                Turn::Chance => {
                    let mv = self.state.sample_chance(&mut self.chance);
                    self.apply(mv, None, out)?;
                }
                Turn::Seat(seat) if seat != self.human => {
                    let view = self.state.view(Viewer::Seat(seat));
                    let bot = self.bots[seat.index()]
                        .as_mut()
                        .expect("every other seat has a bot");
                    let mv = bot(&view, seat);
                    self.apply(mv, Some(seat), out)?;
                    show_status = true;
                }
                Turn::Seat(_) => {
                    if show_status {
                        writeln!(out, "{}", G::status(&self.view()))?;
                        show_status = false;
                    }
                    write!(out, "> ")?;
                    out.flush()?;
                    let Some(line) = input(&self.view()) else {
                        writeln!(out)?;
                        return Ok(());
                    };
                    match self.command(line.trim(), out)? {
                        Flow::Quit => return Ok(()),
                        Flow::Moved => show_status = true,
                        Flow::Stay => {}
                    }
                }
            }
        }
    }

    /// The whole record, hidden moves included: only once the game is over or abandoned.
    fn print_record(&self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(
            out,
            "Record (replay it with agora replay): {}",
            serde_json::to_string(&self.record)?
        )
    }

    fn command(&mut self, line: &str, out: &mut impl Write) -> std::io::Result<Flow> {
        let view = self.view();
        match line.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => {
                writeln!(out, "{}", G::MOVE_HELP)?;
                writeln!(
                    out,
                    "Commands: help, board, hand, status, history, moves (list your legal moves), quit."
                )?;
            }
            "board" => writeln!(out, "{}", G::board(&view))?,
            "hand" => writeln!(out, "{}", G::hand(&view))?,
            "status" => writeln!(out, "{}", G::status(&view))?,
            "history" => {
                if self.history.is_empty() {
                    writeln!(out, "Nothing has happened yet.")?;
                }
                for line in &self.history {
                    writeln!(out, "{line}")?;
                }
            }
            "moves" => {
                let mut moves = Vec::new();
                self.state.legal_moves(&mut moves);
                let moves: Vec<String> = moves.iter().map(|m| self.state.format_move(*m)).collect();
                writeln!(out, "{} legal moves: {}", moves.len(), moves.join(", "))?;
            }
            "quit" | "exit" => {
                writeln!(out, "Game abandoned.")?;
                self.print_record(out)?;
                return Ok(Flow::Quit);
            }
            _ if G::extra_command(&view, line).is_some() => {
                writeln!(out, "{}", G::extra_command(&view, line).unwrap_or_default())?;
            }
            _ => match self.state.parse_move(line) {
                Err(e) => writeln!(out, "{e}. Type help for the notation.")?,
                Ok(mv) => match self.state.check_move(mv) {
                    Err(e) => writeln!(out, "You cannot play that: {e}.")?,
                    Ok(()) => {
                        let text = self.state.format_move(mv);
                        self.say(out, vec![format!("You play {text}.")])?;
                        self.apply(mv, None, out)?;
                        return Ok(Flow::Moved);
                    }
                },
            },
        }
        Ok(Flow::Stay)
    }
}

enum Flow {
    Stay,
    Moved,
    Quit,
}

fn play_game<G: TextUi + Heuristics>(
    args: &PlayArgs,
    make_bot: impl Fn(&str, u64) -> Option<Bot<G>>,
) -> ExitCode {
    match start_game::<G>(args, make_bot) {
        Ok(mut session) => {
            let stdin = std::io::stdin();
            let mut lines = stdin.lock().lines();
            let mut out = std::io::stdout();
            match session.run(|_| lines.next().and_then(Result::ok), &mut out) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        Err(message) => {
            eprintln!("agora play: {message}");
            ExitCode::from(2)
        }
    }
}

fn start_game<G: TextUi + Heuristics>(
    args: &PlayArgs,
    make_bot: impl Fn(&str, u64) -> Option<Bot<G>>,
) -> Result<Session<G>, String> {
    let seed = args.seed.unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or_default();
        SeedRng::new(nanos).next_u64() % 1_000_000_000
    });
    let options_json = match args.players {
        Some(n) => serde_json::json!({ "players": n }),
        None => serde_json::json!({}),
    };
    let options = G::Options::deserialize(&options_json).map_err(|_| {
        let default = G::Options::default();
        match G::from_setup(&G::setup_from_seed(&default, 0)) {
            Ok(game) => format!("{} is played by {} players", G::NAME, game.seats()),
            Err(e) => e.to_string(),
        }
    })?;
    let seats = G::from_setup(&G::setup_from_seed(&options, seed))
        .map_err(|e| e.to_string())?
        .seats();
    if let Some(n) = args.players
        && usize::from(n) != seats
    {
        return Err(format!("{} cannot be played by {n} players", G::NAME));
    }
    if usize::from(args.seat) >= seats {
        return Err(format!("--seat must be below {seats}"));
    }
    let others = seats - 1;
    let names: Vec<String> = if args.bots.is_empty() {
        vec![args.bot.clone(); others]
    } else if args.bots.len() == others {
        args.bots.clone()
    } else {
        return Err(format!(
            "--bots needs one bot name per other seat ({others}), separated by commas"
        ));
    };
    if let Some(bad) = names.iter().find(|n| make_bot(n, 0).is_none()) {
        return Err(format!(
            "unknown bot {bad:?} (bots: random, greedy, ismcts:easy|medium|hard, ismcts:ITERATIONS)"
        ));
    }
    let human = Seat(args.seat);
    let mut names = names.into_iter();
    Ok(Session::<G>::new(&options, seed, human, |s| {
        let name = names.next().expect("one name per other seat");
        make_bot(&name, seed.wrapping_add(u64::from(s.0) + 1)).expect("bot names checked")
    }))
}

pub fn run(args: PlayArgs) -> ExitCode {
    match args.game {
        GameKind::Tyrus => play_game::<agora_tyrus::Tyrus>(&args, bot::<agora_tyrus::Tyrus>),
        GameKind::Tsuro => play_game::<agora_tsuro::Tsuro>(&args, bot::<agora_tsuro::Tsuro>),
        GameKind::Tyranny => {
            play_game::<agora_tyranny::Tyranny>(&args, bot::<agora_tyranny::Tyranny>)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_tyrus::Tyrus;

    fn play_out(seed: u64, human: Seat, name: &str) -> String {
        let mut session = Session::<Tyrus>::new(&Default::default(), seed, human, |s| {
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
            assert!(
                text.contains("You win")
                    || text.contains("Your opponent wins")
                    || text.contains("draw"),
                "{text}"
            );
            assert!(text.contains("Election 1 (") && text.contains("counted"));
            assert!(text.contains("cannot read \"S0 own nowhere\""));
            assert!(text.contains("Record (replay it with agora replay)"));
        }
    }

    #[test]
    fn the_opponents_tiles_stay_hidden_until_counted() {
        let text = play_out(4, Seat(0), "greedy");
        let (during, _) = text.split_once("Record (").unwrap();
        for line in during.lines() {
            if line.starts_with("Your opponent placed") {
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
        let mut session = Session::<G>::new(options, seed, human, |s| {
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

    /// Plays `turns` of seat `human`'s turns by asking for a hint and typing the move it
    /// names, then quits; returns what was printed.
    fn follow_hints<G: TextUi + Heuristics>(
        options: &G::Options,
        seed: u64,
        human: Seat,
        turns: usize,
        bot: impl Fn(&str, u64) -> Option<Bot<G>>,
    ) -> String {
        let mut session = Session::<G>::new(options, seed, human, |s| {
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
                    let advice = hint::<G>(view, Some(human));
                    let first = advice.lines().next().expect("a line");
                    let mv = first
                        .strip_prefix("The AI would play ")
                        .unwrap_or_else(|| panic!("{advice}"))
                        .trim_end_matches('.')
                        .trim_end_matches(" (the only move)");
                    Some(mv.to_string())
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
        assert!(text.contains("The AI would play start "), "{text}");
        assert!(text.contains("The AI would play play "), "{text}");
        assert!(text.contains("% of the search, expected score "), "{text}");
        assert!(!text.contains("cannot read"), "{text}");
        assert!(!text.contains("No hint"), "{text}");

        let text = follow_hints::<agora_tyranny::Tyranny>(
            &Default::default(),
            2,
            Seat(0),
            6,
            bot::<agora_tyranny::Tyranny>,
        );
        assert_eq!(text.matches("The AI would play ").count(), 6, "{text}");
        assert!(text.contains("% of the search"), "{text}");
        assert!(!text.contains("cannot read"), "{text}");
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
            hint::<agora_tsuro::Tsuro>(&view, Some(other)),
            "Hints are for your own turn."
        );
        assert_eq!(
            hint::<agora_tsuro::Tsuro>(&view, None),
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
            assert!(
                text.contains("Your side wins")
                    || text.contains("Your side loses")
                    || text.contains("Nobody wins"),
                "{text}"
            );
            assert!(text.contains("Record (replay it with agora replay)"));
            assert!(!text.contains("cannot read"), "typed moves are legal");
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
            assert!(
                !text.contains("cannot read") && !text.contains("You cannot play"),
                "typed moves are legal"
            );
        }
    }

    #[test]
    fn tsuro_preview_and_describe_answer_from_the_view() {
        let options = agora_tsuro::TsuroOptions::default();
        let mut session = Session::<agora_tsuro::Tsuro>::new(&options, 5, Seat(0), |s| {
            bot::<agora_tsuro::Tsuro>("greedy", u64::from(s.0)).unwrap()
        });
        let mut lines = vec![
            "preview",
            "start a1.0",
            "preview",
            "describe a1",
            "describe z9",
            "quit",
        ]
        .into_iter()
        .map(String::from);
        let mut out = Vec::new();
        session.run(|_| lines.next(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("Preview works when it is your turn to lay a tile."));
        assert!(text.contains("on a1: you would"), "{text}");
        assert!(text.contains("a1 is empty."));
        assert!(text.contains("\"z9\" is not a square"));
    }

    #[test]
    fn quitting_prints_the_record() {
        let mut session = Session::<Tyrus>::new(&Default::default(), 9, Seat(0), |s| {
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
            text.contains("The AI would play ") || text.contains("Hints are for your own turn."),
            "{text}"
        );
        assert!(text.contains("\"seed\":9"));
    }
}
