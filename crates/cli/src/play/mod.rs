//! Line-based terminal play: plain lines, no cursor tricks, so it works with a screen reader.

mod remote;
mod tsuro;
mod tyranny;
mod tyrus;

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use agora_ai::{BotSpec, Heuristics, Level, derive_seed};
use agora_engine::{Game, GameRecord, Outcome, Seat, Turn, Viewer, fair};
use agora_games::GameKind;
use agora_present::hint::TellHint;
use agora_present::{Lang, Reader, Who, args, text, text_with};
use clap::Args;
use serde::Deserialize;

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game to play (with --server: a new table of it).
    #[arg(value_parser = crate::parse_kind, required_unless_present = "server")]
    game: Option<GameKind>,
    /// Play on a server (such as http://localhost:8080) instead of against local bots:
    /// sign in with --user or --guest, then open, create or join a table.
    #[arg(long, value_name = "URL")]
    server: Option<String>,
    /// With --server: sign in as this user (the password from AGORA_PASSWORD, or typed).
    #[arg(
        long,
        value_name = "NAME",
        requires = "server",
        conflicts_with = "guest"
    )]
    user: Option<String>,
    /// With --server: play as a guest of this name (without --user or --guest: a guest
    /// numbered by the server).
    #[arg(long, value_name = "NAME", requires = "server")]
    guest: Option<String>,
    /// With --server and a game: a table against the computer at this level (beginner, easy,
    /// medium, hard); without it, a table open to anyone.
    #[arg(long, value_name = "LEVEL", requires_all = ["game", "server"])]
    against: Option<String>,
    /// With --server: join by an invitation link (or the id of an open table).
    #[arg(long, value_name = "LINK", requires = "server", conflicts_with_all = ["game", "table"])]
    join: Option<String>,
    /// With --server: open a table or game by its id, to play or watch it.
    #[arg(long, value_name = "ID", requires = "server", conflicts_with = "game")]
    table: Option<String>,
    /// Your seat (0 moves first where the game has a first player).
    #[arg(long, default_value_t = 0)]
    seat: u8,
    /// The deal; a random one when absent (it is printed, so the game can be replayed).
    #[arg(long)]
    seed: Option<u64>,
    /// Number of players, for games that take several.
    #[arg(long)]
    players: Option<u8>,
    /// The opponents' bot: `random`, `beginner`, `greedy`, `ismcts:easy|medium|hard` or `ismcts:ITERATIONS`.
    #[arg(long, default_value = "greedy")]
    bot: String,
    /// One bot per other seat, in seat order, separated by commas (overrides --bot).
    #[arg(long, value_delimiter = ',')]
    bots: Vec<String>,
    /// The language to play in: en, de or fr (every game is told in all three). Default: from
    /// LC_ALL, LC_MESSAGES or LANG, else English.
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

/// What the computer (ISMCTS at level hard, the best advice it has, within hard's time cap)
/// would play for `seat` from its view, and why, in the reader's words
/// ([`agora_present::hint`]): the move alone on its second line, so that it can be typed back.
/// Shared by every game's `hint` command.
pub fn hint<G: TellHint>(reader: &Reader, view: &G::View, seat: Option<Seat>) -> String {
    let advice = seat.and_then(|seat| agora_ai::hint::<G>(view, seat, Level::Hard, 1).ok());
    match advice {
        Some(advice) => G::tell_hint(reader, &advice).lines().join("\n"),
        None => text(reader.lang, "cli-hint-own-turn"),
    }
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
    /// The deal's seed: chance moves are drawn from it as a server draws them
    /// ([`fair::chance_rng`]), so `agora verify` checks a terminal game's record too.
    seed: u64,
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
        let salt = fair::salt_text(&fresh_bytes());
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
            seed,
            record: GameRecord {
                game: G::NAME.to_string(),
                seed: Some(seed),
                options: serde_json::to_value(options)
                    .ok()
                    .filter(|o| o != &serde_json::json!({})),
                setup: None,
                moves: Vec::new(),
                commitment: Some(fair::commitment(seed, &salt)),
                salt: Some(salt),
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
        let intro = intro(&self.reader, G::NAME, self.human, self.state.seats());
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
                    let ply = self.record.moves.len();
                    let mv = (self.state).sample_chance(&mut fair::chance_rng(self.seed, ply));
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
                        let why = agora_present::refusal::unreadable(reader, &e);
                        writeln!(out, "{why} {}", text(lang, "refusal-notation-help"))?;
                    }
                    Ok(mv) => match self.state.check_move(mv) {
                        Err(e) => {
                            writeln!(out, "{}", agora_present::refusal::illegal_move(reader, &e))?;
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

/// "Tyrus: you against the computer. Type help for the commands." for the reader at seat
/// `me` of `seats`.
fn intro(reader: &Reader, game: &str, me: Seat, seats: usize) -> String {
    let lang = reader.lang;
    let others: Vec<Seat> = (0..seats)
        .map(|s| Seat(s as u8))
        .filter(|&s| s != me)
        .collect();
    let mut intro_args = args![("game", capitalized(game))];
    match others[..] {
        [one] => reader.add(&mut intro_args, "who", one),
        _ => {
            let names: Vec<String> = others.iter().map(|&s| reader.name(s)).collect();
            intro_args.insert("who".into(), "person".into());
            intro_args.insert(
                "who-name".into(),
                agora_present::text::list(lang, &names).into(),
            );
        }
    }
    text_with(lang, "cli-intro", &intro_args)
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
    let seed = args
        .seed
        .unwrap_or_else(|| agora_store::random_u64() % 1_000_000_000);
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
            "unknown bot {bad:?} (bots: random, beginner, greedy, ismcts:easy|medium|hard, ismcts:ITERATIONS)"
        ));
    }
    let human = Seat(args.seat);
    let lang = args
        .lang
        .unwrap_or_else(|| Lang::from_environment(|name| std::env::var(name).ok()));
    let mut names = names.into_iter();
    // Bots get fresh randomness, never anything derived from the deal's seed: a bot that
    // could recompute the seed would know every hidden card.
    Ok(Session::<G>::new(&options, seed, human, lang, |_| {
        let name = names.next().expect("one name per other seat");
        make_bot(&name, agora_store::random_u64()).expect("bot names checked")
    }))
}

/// 32 bytes from the operating system's generator.
fn fresh_bytes() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    for chunk in bytes.chunks_mut(8) {
        chunk.copy_from_slice(&agora_store::random_u64().to_le_bytes());
    }
    bytes
}

pub fn run(args: PlayArgs) -> ExitCode {
    if let Some(server) = &args.server {
        return remote::run(remote_plan(server, &args));
    }
    let Some(game) = args.game else {
        eprintln!("agora play: name a game, or a server with --server");
        return ExitCode::from(2);
    };
    match game {
        GameKind::Tyrus => play_game::<agora_tyrus::Tyrus>(&args, bot::<agora_tyrus::Tyrus>),
        GameKind::Tsuro => play_game::<agora_tsuro::Tsuro>(&args, bot::<agora_tsuro::Tsuro>),
        GameKind::Tyranny => {
            play_game::<agora_tyranny::Tyranny>(&args, bot::<agora_tyranny::Tyranny>)
        }
    }
}

/// What `agora play --server` is asked to do, from its arguments.
fn remote_plan(server: &str, args: &PlayArgs) -> remote::Plan {
    let account = match (&args.user, &args.guest) {
        (Some(user), _) => remote::Account::User(user.clone(), None),
        (None, guest) => remote::Account::Guest(guest.clone()),
    };
    let start = match (&args.join, &args.table, args.game) {
        (Some(link), _, _) => remote::Start::Join(link.clone()),
        (None, Some(id), _) => remote::Start::Open(id.clone()),
        (None, None, Some(game)) => remote::Start::New(game, args.against.clone()),
        (None, None, None) => remote::Start::Lobby,
    };
    remote::Plan {
        server: server.to_string(),
        account,
        lang: args
            .lang
            .unwrap_or_else(|| Lang::from_environment(|name| std::env::var(name).ok())),
        start,
        players: args.players,
    }
}

#[cfg(test)]
mod refusal_tests;
#[cfg(test)]
mod tests;
