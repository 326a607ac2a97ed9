//! Line-based terminal play: plain lines, no cursor tricks, so it works with a screen reader.

mod tsuro;
mod tyranny;
mod tyrus;

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use agora_ai::{BotSpec, Heuristics, derive_seed};
use agora_engine::{Game, GameRecord, Outcome, RngCore, Seat, SeedRng, Turn, Viewer};
use agora_games::GameKind;
use agora_present::{Lang, Reader, Who, args, text, text_with};
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
    /// The language to play in: en, de or fr (Tyrus and Tyranny are told in all three; Tsuro
    /// in English for now). Default: from LC_ALL, LC_MESSAGES or LANG, else English.
    #[arg(long)]
    lang: Option<Lang>,
}

/// How a game shows itself in plain text to one reader (a seat, in a language).
pub trait TextUi: Game {
    /// What the game is and how to write a move.
    fn move_help(reader: &Reader) -> String;
    /// The whole table as the seat sees it.
    fn board(reader: &Reader, view: &Self::View) -> String;
    /// The seat's own hand.
    fn hand(reader: &Reader, view: &Self::View) -> String;
    /// A line or two: where we are in the game and whose turn it is.
    fn status(reader: &Reader, view: &Self::View) -> String;
    /// What is printed before the seat is asked for a move, once per change: the status line
    /// by default.
    fn prompt(reader: &Reader, view: &Self::View) -> Vec<String> {
        vec![Self::status(reader, view)]
    }
    /// What the seat saw of one move (by `mover`, `None` for chance) and what followed from
    /// it (an election counted...). `notation` is the move as played.
    fn tell_move(
        reader: &Reader,
        before: &Self::View,
        mover: Option<Seat>,
        notation: &str,
        seen: &Self::SeenMove,
        after: &Self::View,
    ) -> Vec<String>;
    /// Plays `mv` on `state` and tells `reader` what it saw. By default, through
    /// [`TextUi::tell_move`] from the views either side; a game whose narrator also needs the
    /// engine's account of the move (Tyranny's rolls, cards and causes) plays it its own way.
    fn play_and_tell(
        state: &mut Self,
        reader: &Reader,
        mv: Self::Move,
        mover: Option<Seat>,
        notation: &str,
    ) -> Vec<String> {
        let before = state.view(reader.viewer);
        let seen = state.seen_move(mv, reader.viewer);
        state.play_unchecked(mv);
        let after = state.view(reader.viewer);
        Self::tell_move(reader, &before, mover, notation, &seen, &after)
    }
    /// The end, as the seat sees it.
    fn describe_outcome(reader: &Reader, view: &Self::View, outcome: &Outcome) -> String;
    /// Game-specific commands (`preview` in Tsuro): the answer, or `None` if `line` is none.
    fn extra_command(_reader: &Reader, _view: &Self::View, _line: &str) -> Option<String> {
        None
    }
}

/// What the AI (ISMCTS at level medium) would play for `seat` from its view, and why: its top
/// moves with the share of the search each got and the score it expects (1 is a sure sole
/// win). Shared by every game's `hint` command.
pub fn hint<G: Heuristics>(lang: Lang, view: &G::View, seat: Option<Seat>) -> String {
    let your_turn = || text(lang, "cli-hint-own-turn");
    let Some(seat) = seat else {
        return your_turn();
    };
    let analysis = "ismcts:medium"
        .parse::<BotSpec>()
        .map_err(|e| Some(e.to_string()))
        .and_then(|spec| spec.build::<G>().map_err(|e| Some(e.to_string())))
        .and_then(|mut bot| {
            bot.analyse(view, seat, 1).map_err(|e| match e {
                agora_ai::BotError::NotToMove { .. } => None,
            })
        });
    let analysis = match analysis {
        Ok(analysis) => analysis,
        Err(None) => return your_turn(),
        Err(Some(e)) => return text_with(lang, "cli-hint-none", &args![("error", e)]),
    };
    let percent = |x: f64| format!("{:.0}", 100.0 * x);
    let lines: Vec<String> = analysis
        .moves
        .iter()
        .take(5)
        .map(|m| match m.value {
            Some(value) => text_with(
                lang,
                "cli-hint-share-value",
                &args![
                    ("move", m.notation.as_str()),
                    ("share", percent(m.share)),
                    ("value", percent(value))
                ],
            ),
            None => text_with(
                lang,
                "cli-hint-share",
                &args![("move", m.notation.as_str()), ("share", percent(m.share))],
            ),
        })
        .collect();
    let id = if analysis.iterations == 0 {
        "cli-hint-only"
    } else {
        "cli-hint-play"
    };
    let first = text_with(
        lang,
        id,
        &args![("move", analysis.moves[0].notation.as_str())],
    );
    format!("{first}\n{}", lines.join("\n"))
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

/// The lines printed when a game is left unfinished (`quit`, end of input, Ctrl-C): the
/// record, hidden moves included, so it can be replayed.
fn abandoned(lang: Lang, record: &GameRecord) -> String {
    format!(
        "{}\n{}",
        text(lang, "cli-abandoned"),
        record_line(lang, record)
    )
}

fn record_line(lang: Lang, record: &GameRecord) -> String {
    let json = serde_json::to_string(record).unwrap_or_default();
    text_with(lang, "cli-record", &args![("record", json)])
}

/// One terminal game: the state, the human's seat, the bots and what the human has seen.
pub struct Session<G: Game> {
    state: G,
    human: Seat,
    reader: Reader,
    bots: Vec<Option<Bot<G>>>,
    chance: SeedRng,
    record: GameRecord,
    /// The record as of the last move, for a Ctrl-C handler to print.
    shared_record: Option<Arc<Mutex<GameRecord>>>,
    history: Vec<String>,
}

impl<G: TextUi> Session<G> {
    pub fn new(
        options: &G::Options,
        seed: u64,
        human: Seat,
        lang: Lang,
        mut make_bot: impl FnMut(Seat) -> Bot<G>,
    ) -> Session<G> {
        let setup = G::setup_from_seed(options, seed);
        let state = G::from_setup(&setup).expect("dealt setups are valid");
        let seats: Vec<Seat> = (0..state.seats()).map(|s| Seat(s as u8)).collect();
        let bots = seats
            .iter()
            .map(|&s| (s != human).then(|| make_bot(s)))
            .collect();
        let table = seats
            .iter()
            .map(|&s| {
                if s == human {
                    Who::Person(String::new())
                } else {
                    Who::Computer
                }
            })
            .collect();
        Session {
            state,
            human,
            reader: Reader::new(lang, Viewer::Seat(human), table),
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
            shared_record: None,
            history: Vec::new(),
        }
    }

    /// The record as it grows, for a handler that must print it when the game is cut short.
    pub fn share_record(&mut self) -> Arc<Mutex<GameRecord>> {
        let shared = Arc::new(Mutex::new(self.record.clone()));
        self.shared_record = Some(Arc::clone(&shared));
        shared
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
        let notation = self.state.format_move(mv);
        self.record.moves.push(notation.clone());
        if let Some(shared) = &self.shared_record
            && let Ok(mut record) = shared.lock()
        {
            record.moves.push(notation.clone());
        }
        let lines = G::play_and_tell(&mut self.state, &self.reader, mv, mover, &notation);
        self.say(out, lines)
    }

    /// Runs the game until it ends or the human quits. `input` returns the human's next line,
    /// `None` at the end of input, which abandons the game as `quit` does.
    pub fn run(
        &mut self,
        mut input: impl FnMut(&G::View) -> Option<String>,
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        let lang = self.reader.lang;
        // The seed fixes every hidden tile, so it is shown only when the game is over.
        let others: Vec<Seat> = (0..self.state.seats())
            .map(|s| Seat(s as u8))
            .filter(|&s| s != self.human)
            .collect();
        let mut intro_args = args![("game", capitalized(G::NAME))];
        match others[..] {
            [one] => self.reader.add(&mut intro_args, "who", one),
            _ => {
                let names: Vec<String> = others.iter().map(|&s| self.reader.name(s)).collect();
                intro_args.insert("who".into(), "person".into());
                intro_args.insert(
                    "who-name".into(),
                    agora_present::text::list(lang, &names).into(),
                );
            }
        }
        let intro = text_with(lang, "cli-intro", &intro_args);
        writeln!(out, "{intro}")?;
        writeln!(out, "{}", G::board(&self.reader, &self.view()))?;
        let mut show_prompt = true;
        loop {
            match self.state.turn() {
                Turn::Over => {
                    let outcome = self
                        .state
                        .outcome()
                        .expect("a finished game has an outcome");
                    let line = G::describe_outcome(&self.reader, &self.view(), &outcome);
                    self.say(out, vec![line])?;
                    writeln!(out, "{}", record_line(lang, &self.record))?;
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
                    show_prompt = true;
                }
                Turn::Seat(_) => {
                    if show_prompt {
                        for line in G::prompt(&self.reader, &self.view()) {
                            writeln!(out, "{line}")?;
                        }
                        show_prompt = false;
                    }
                    write!(out, "> ")?;
                    out.flush()?;
                    let Some(line) = input(&self.view()) else {
                        writeln!(out)?;
                        writeln!(out, "{}", abandoned(lang, &self.record))?;
                        return Ok(());
                    };
                    match self.command(line.trim(), out)? {
                        Flow::Quit => return Ok(()),
                        Flow::Moved => show_prompt = true,
                        Flow::Stay => {}
                    }
                }
            }
        }
    }

    fn command(&mut self, line: &str, out: &mut impl Write) -> std::io::Result<Flow> {
        let view = self.view();
        let reader = &self.reader;
        let lang = reader.lang;
        match line.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => {
                writeln!(out, "{}", G::move_help(reader))?;
                writeln!(out, "{}", text(lang, "cli-commands"))?;
            }
            "board" => writeln!(out, "{}", G::board(reader, &view))?,
            "hand" => writeln!(out, "{}", G::hand(reader, &view))?,
            "status" => writeln!(out, "{}", G::status(reader, &view))?,
            "history" => {
                if self.history.is_empty() {
                    writeln!(out, "{}", text(lang, "cli-history-empty"))?;
                }
                for line in &self.history {
                    writeln!(out, "{line}")?;
                }
            }
            "moves" => {
                let mut moves = Vec::new();
                self.state.legal_moves(&mut moves);
                let moves: Vec<String> = moves.iter().map(|m| self.state.format_move(*m)).collect();
                let line = text_with(
                    lang,
                    "cli-legal-moves",
                    &args![("count", moves.len()), ("moves", moves.join(", "))],
                );
                writeln!(out, "{line}")?;
            }
            "quit" | "exit" => {
                writeln!(out, "{}", abandoned(lang, &self.record))?;
                return Ok(Flow::Quit);
            }
            _ => {
                if let Some(answer) = G::extra_command(reader, &view, line) {
                    writeln!(out, "{answer}")?;
                    return Ok(Flow::Stay);
                }
                match self.state.parse_move(line) {
                    Err(e) => {
                        let error = e.to_string();
                        writeln!(
                            out,
                            "{}",
                            text_with(lang, "cli-unreadable", &args![("error", error)])
                        )?;
                    }
                    Ok(mv) => match self.state.check_move(mv) {
                        Err(e) => {
                            let reason = e.to_string();
                            writeln!(
                                out,
                                "{}",
                                text_with(lang, "cli-illegal", &args![("reason", reason)])
                            )?;
                        }
                        Ok(()) => {
                            self.apply(mv, Some(self.human), out)?;
                            return Ok(Flow::Moved);
                        }
                    },
                }
            }
        }
        Ok(Flow::Stay)
    }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
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
            // Ctrl-C abandons the game as quit does: the record is printed before leaving.
            let shared = session.share_record();
            let lang = session.reader.lang;
            let handler = ctrlc::set_handler(move || {
                let record = match shared.lock() {
                    Ok(record) => record.clone(),
                    Err(poisoned) => poisoned.into_inner().clone(),
                };
                let mut out = std::io::stdout().lock();
                // Best effort: the process ends either way.
                let _ = writeln!(out, "\n{}", abandoned(lang, &record));
                let _ = out.flush();
                std::process::exit(130);
            });
            if let Err(e) = handler {
                eprintln!("agora play: Ctrl-C will not print the record: {e}");
            }
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
    let lang = args
        .lang
        .unwrap_or_else(|| Lang::from_environment(|name| std::env::var(name).ok()));
    let mut names = names.into_iter();
    Ok(Session::<G>::new(&options, seed, human, lang, |s| {
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
            assert!(text.contains("cannot read \"S0 own nowhere\""));
            assert!(text.contains("Record (replay it with agora replay)"));
        }
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
            let text = String::from_utf8(out).unwrap();
            let misses = agora_present::text::take_misses();
            assert!(misses.is_empty(), "{lang}: {misses:?}\n{text}");
            // No placeable left unfilled (the record's JSON aside).
            assert!(
                text.lines()
                    .filter(|l| !l.contains("\"game\":"))
                    .all(|l| !l.contains('{')),
                "{text}"
            );
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

    /// Plays `turns` of seat `human`'s turns by asking for a hint and typing the move it
    /// names, then quits; returns what was printed.
    fn follow_hints<G: TextUi + Heuristics>(
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
                    let advice = hint::<G>(Lang::En, view, Some(human));
                    // The move stands alone on the line after the first, to be typed back.
                    let mut lines = advice.lines();
                    let first = lines.next().expect("a line");
                    assert!(first.starts_with("The AI would play"), "{advice}");
                    Some(lines.next().expect("the move's own line").to_string())
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
        assert!(text.contains("The AI would play:\nstart "), "{text}");
        assert!(text.contains("The AI would play:\nplay "), "{text}");
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
        assert_eq!(text.matches("The AI would play").count(), 6, "{text}");
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
            hint::<agora_tsuro::Tsuro>(Lang::En, &view, Some(other)),
            "Hints are for your own turn."
        );
        assert_eq!(
            hint::<agora_tsuro::Tsuro>(Lang::En, &view, None),
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
        let mut session = Session::<agora_tsuro::Tsuro>::new(&options, 5, Seat(0), Lang::En, |s| {
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
            text.contains("The AI would play") || text.contains("Hints are for your own turn."),
            "{text}"
        );
        assert!(text.contains("\"seed\":9"));
    }
}
