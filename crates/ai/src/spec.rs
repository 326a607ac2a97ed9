use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::{
    Backup, Bot, Budget, GreedyBot, Heuristics, IsmctsBot, IsmctsConfig, Level, Observers,
    RandomBot,
};

/// A bot as the command line names it.
///
/// ```text
/// random                 uniformly random legal moves
/// beginner               the game's beginner: no search, a new player's mistakes
/// greedy                 the game's greedy heuristic
/// ismcts                 ISMCTS at level medium
/// ismcts:LEVEL           easy, medium or hard (beginner is `beginner`, which does not search)
/// ismcts:5000            5000 iterations (over all threads); also 20k, 1m
/// ismcts:300ms, :2s      a time budget (not reproducible)
/// options, after more colons, in any order:
///   t=2                  search threads (default: 2 for hard, else 1)
///   c=0.7                UCB exploration constant
///   i=1                  how far to trust the game's inference (its weights' power; 0 none)
///   playout=0            the game's playout policy (0) or an alternative (1, 2, ...); default:
///                        the level's (Heuristics::level_playout), else 0
///   model=0              the game's inference model (0) or an alternative (1, 2, ...)
///   maxn | paranoid      multi-player backup (default: the game's, Heuristics::BACKUP)
///   mo | so              multiple- or single-observer trees (default mo)
/// ```
///
/// For example `ismcts:hard`, `ismcts:20000:t=2:paranoid`, `ismcts:5000:500ms`. A spec is the
/// same for every game; [`BotSpec::build`] turns it into a bot for one.
#[derive(Clone, PartialEq, Debug)]
pub enum BotSpec {
    Random,
    Beginner,
    Greedy,
    Ismcts(IsmctsSpec),
}

/// The ISMCTS part of a [`BotSpec`]: a level or an explicit budget, and optional overrides.
#[derive(Clone, PartialEq, Debug)]
pub struct IsmctsSpec {
    pub strength: Strength,
    pub threads: Option<usize>,
    pub exploration: Option<f64>,
    /// `None`: the game's default ([`Heuristics::BACKUP`]).
    pub backup: Option<Backup>,
    pub observers: Observers,
    /// `None`: inference as the game gives it (1).
    pub inference: Option<f64>,
    /// `None`: the level's playout policy ([`Heuristics::level_playout`]), or the game's (0)
    /// for a budget of the spec's own.
    pub playout: Option<u8>,
    /// `None`: the game's inference model (0).
    pub model: Option<u8>,
}

/// How hard an ISMCTS bot thinks.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Strength {
    /// A level, whose budget each game sets ([`Heuristics::level_budget`]).
    Level(Level),
    Budget(Budget),
}

impl IsmctsSpec {
    /// ISMCTS at `level`, everything else the game's defaults.
    pub fn at(level: Level) -> IsmctsSpec {
        IsmctsSpec {
            strength: Strength::Level(level),
            threads: None,
            exploration: None,
            backup: None,
            observers: Observers::Multiple,
            inference: None,
            playout: None,
            model: None,
        }
    }

    /// The search configuration this spec stands for in game `G`.
    pub fn config<G: Heuristics>(&self) -> IsmctsConfig {
        let (budget, threads, playout) = match self.strength {
            Strength::Level(level) => (
                G::level_budget(level),
                level.threads(),
                G::level_playout(level),
            ),
            Strength::Budget(budget) => (budget, 1, 0),
        };
        IsmctsConfig {
            budget,
            threads: self.threads.unwrap_or(threads),
            exploration: self.exploration.unwrap_or(IsmctsConfig::EXPLORATION),
            backup: self.backup.unwrap_or(G::BACKUP),
            observers: self.observers,
            inference: self.inference.unwrap_or(1.0),
            playout: self.playout.unwrap_or(playout),
            model: self.model.unwrap_or(0),
        }
    }
}

impl BotSpec {
    /// The bot behind a level players pick: `beginner` for [`Level::Beginner`], else ISMCTS at
    /// the level with the game's defaults.
    pub fn for_level(level: Level) -> BotSpec {
        match level {
            Level::Beginner => BotSpec::Beginner,
            level => BotSpec::Ismcts(IsmctsSpec::at(level)),
        }
    }

    /// The bot for game `G`.
    pub fn build<G: Heuristics>(&self) -> Result<Box<dyn Bot<G>>, BuildBotError> {
        Ok(match self {
            BotSpec::Random => Box::new(RandomBot),
            BotSpec::Beginner if G::GREEDY => Box::new(GreedyBot::<G>::beginner()),
            BotSpec::Greedy if G::GREEDY => Box::new(GreedyBot::<G>::new()),
            BotSpec::Greedy | BotSpec::Beginner => {
                return Err(BuildBotError::NoGreedy { game: G::NAME });
            }
            BotSpec::Ismcts(spec) => {
                Box::new(IsmctsBot::<G>::named(self.to_string(), spec.config::<G>()))
            }
        })
    }
}

/// A spec that names no bot of this crate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseBotError {
    pub text: String,
    pub reason: String,
}

impl fmt::Display for ParseBotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read {:?} as a bot: {}", self.text, self.reason)
    }
}

impl std::error::Error for ParseBotError {}

/// A bot that this game does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildBotError {
    NoGreedy { game: &'static str },
}

impl fmt::Display for BuildBotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildBotError::NoGreedy { game } => {
                write!(f, "{game} has no greedy or beginner bot yet")
            }
        }
    }
}

impl std::error::Error for BuildBotError {}

impl FromStr for BotSpec {
    type Err = ParseBotError;

    fn from_str(text: &str) -> Result<BotSpec, ParseBotError> {
        let error = |reason: String| ParseBotError {
            text: text.chars().take(60).collect(),
            reason,
        };
        let mut parts = text.trim().split(':');
        let kind = parts.next().unwrap_or_default().to_ascii_lowercase();
        match kind.as_str() {
            "random" | "greedy" | "beginner" => {
                if let Some(extra) = parts.next() {
                    return Err(error(format!("{kind} takes no options, found {extra:?}")));
                }
                return Ok(match kind.as_str() {
                    "random" => BotSpec::Random,
                    "greedy" => BotSpec::Greedy,
                    _ => BotSpec::Beginner,
                });
            }
            "ismcts" | "mcts" => {}
            _ => {
                return Err(error(
                    "expected random, beginner, greedy or ismcts[:LEVEL|:ITERATIONS][:OPTIONS]"
                        .to_string(),
                ));
            }
        }
        let mut spec = IsmctsSpec::at(Level::Medium);
        let mut level = None;
        let mut budget = Budget {
            iterations: None,
            time: None,
        };
        for part in parts {
            let word = part.trim().to_ascii_lowercase();
            if word == "beginner" {
                return Err(error(
                    "the beginner does not search: name it `beginner`, not `ismcts:beginner`"
                        .to_string(),
                ));
            } else if let Ok(l) = word.parse::<Level>() {
                level = Some(l);
            } else if let Some(n) = parse_count(&word) {
                if n == 0 {
                    return Err(error("a search needs at least 1 iteration".to_string()));
                }
                budget.iterations = Some(n);
            } else if let Some(time) = parse_time(&word) {
                if time.is_zero() {
                    return Err(error("a search needs some time".to_string()));
                }
                budget.time = Some(time);
            } else if let Some(n) = word.strip_prefix("t=").or(word.strip_prefix("threads=")) {
                match n.parse::<usize>() {
                    Ok(n @ 1..=256) => spec.threads = Some(n),
                    _ => return Err(error(format!("threads must be 1 to 256, found {n:?}"))),
                }
            } else if let Some(x) = word.strip_prefix("i=") {
                match x.parse::<f64>() {
                    Ok(x) if x.is_finite() && (0.0..=10.0).contains(&x) => {
                        spec.inference = Some(x);
                    }
                    _ => {
                        return Err(error(format!(
                            "i must be a number from 0 to 10, found {x:?}"
                        )));
                    }
                }
            } else if let Some(n) = word.strip_prefix("playout=") {
                match n.parse::<u8>() {
                    Ok(n) => spec.playout = Some(n),
                    _ => return Err(error(format!("playout must be 0 to 255, found {n:?}"))),
                }
            } else if let Some(n) = word.strip_prefix("model=") {
                match n.parse::<u8>() {
                    Ok(n) => spec.model = Some(n),
                    _ => return Err(error(format!("model must be 0 to 255, found {n:?}"))),
                }
            } else if let Some(c) = word.strip_prefix("c=") {
                match c.parse::<f64>() {
                    Ok(c) if c.is_finite() && c >= 0.0 => spec.exploration = Some(c),
                    _ => return Err(error(format!("c must be a number >= 0, found {c:?}"))),
                }
            } else {
                match word.as_str() {
                    "maxn" | "max-n" => spec.backup = Some(Backup::MaxN),
                    "paranoid" => spec.backup = Some(Backup::Paranoid),
                    "mo" => spec.observers = Observers::Multiple,
                    "so" => spec.observers = Observers::Single,
                    _ => {
                        return Err(error(format!(
                            "unknown option {part:?}: expected easy, medium, hard, a number \
                             of iterations (5000, 20k), a time (300ms, 2s), t=N, c=X, i=X, \
                             playout=N, model=N, maxn, paranoid, mo or so"
                        )));
                    }
                }
            }
        }
        let explicit = budget.iterations.is_some() || budget.time.is_some();
        spec.strength = match (level, explicit) {
            (Some(_), true) => {
                return Err(error("give a level or a budget, not both".to_string()));
            }
            (Some(level), false) => Strength::Level(level),
            (None, true) => Strength::Budget(budget),
            (None, false) => Strength::Level(Level::Medium),
        };
        Ok(BotSpec::Ismcts(spec))
    }
}

/// `5000`, `20k`, `1m`, `10_000`.
fn parse_count(word: &str) -> Option<u64> {
    let (digits, scale) = match word.as_bytes().last()? {
        b'k' => (&word[..word.len() - 1], 1_000),
        b'm' if !word.ends_with("ms") => (&word[..word.len() - 1], 1_000_000),
        _ => (word, 1),
    };
    let digits = digits.replace('_', "");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<u64>().ok()?.checked_mul(scale)
}

/// `300ms`, `2s`, `1.5s`.
fn parse_time(word: &str) -> Option<Duration> {
    let (number, unit) = if let Some(n) = word.strip_suffix("ms") {
        (n, 0.001)
    } else {
        (word.strip_suffix('s')?, 1.0)
    };
    let seconds = number.parse::<f64>().ok()? * unit;
    (seconds.is_finite() && (0.0..=3600.0).contains(&seconds))
        .then(|| Duration::from_secs_f64(seconds))
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let spec = match self {
            BotSpec::Random => return f.write_str("random"),
            BotSpec::Beginner => return f.write_str("beginner"),
            BotSpec::Greedy => return f.write_str("greedy"),
            BotSpec::Ismcts(spec) => spec,
        };
        f.write_str("ismcts")?;
        match spec.strength {
            Strength::Level(level) => write!(f, ":{level}")?,
            Strength::Budget(budget) => {
                if let Some(n) = budget.iterations {
                    write!(f, ":{n}")?;
                }
                if let Some(time) = budget.time {
                    write!(f, ":{}ms", time.as_millis())?;
                }
            }
        }
        if let Some(threads) = spec.threads {
            write!(f, ":t={threads}")?;
        }
        if let Some(c) = spec.exploration {
            write!(f, ":c={c}")?;
        }
        if let Some(x) = spec.inference {
            write!(f, ":i={x}")?;
        }
        if let Some(n) = spec.playout {
            write!(f, ":playout={n}")?;
        }
        if let Some(n) = spec.model {
            write!(f, ":model={n}")?;
        }
        match spec.backup {
            Some(Backup::MaxN) => f.write_str(":maxn")?,
            Some(Backup::Paranoid) => f.write_str(":paranoid")?,
            None => {}
        }
        if spec.observers == Observers::Single {
            f.write_str(":so")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> BotSpec {
        text.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    /// The search configuration an ISMCTS spec stands for in game `G`.
    fn config<G: Heuristics>(text: &str) -> IsmctsConfig {
        match parse(text) {
            BotSpec::Ismcts(spec) => spec.config::<G>(),
            _ => panic!("{text} is no ISMCTS spec"),
        }
    }

    #[test]
    fn specs_parse_and_print_canonically() {
        for (text, canonical) in [
            ("random", "random"),
            ("Beginner", "beginner"),
            (" Greedy ", "greedy"),
            ("ismcts", "ismcts:medium"),
            ("ismcts:hard", "ismcts:hard"),
            ("ISMCTS:Easy", "ismcts:easy"),
            ("ismcts:5000", "ismcts:5000"),
            ("ismcts:20k:t=2", "ismcts:20000:t=2"),
            ("ismcts:1m", "ismcts:1000000"),
            ("ismcts:300ms", "ismcts:300ms"),
            ("ismcts:2s", "ismcts:2000ms"),
            ("ismcts:5000:1.5s", "ismcts:5000:1500ms"),
            (
                "ismcts:hard:paranoid:so:c=0.4",
                "ismcts:hard:c=0.4:paranoid:so",
            ),
            ("ismcts:10_000:maxn:mo", "ismcts:10000:maxn"),
            ("ismcts:10_000:mo", "ismcts:10000"),
            ("ismcts:hard:playout=1:i=0.5", "ismcts:hard:i=0.5:playout=1"),
            (
                "ismcts:hard:model=1:playout=2",
                "ismcts:hard:playout=2:model=1",
            ),
        ] {
            let spec = parse(text);
            assert_eq!(spec.to_string(), canonical, "{text}");
            assert_eq!(parse(canonical), spec, "{canonical} reads back");
        }
        let BotSpec::Ismcts(spec) = parse("ismcts:5000:300ms:t=3") else {
            panic!()
        };
        assert_eq!(
            spec.strength,
            Strength::Budget(Budget {
                iterations: Some(5000),
                time: Some(Duration::from_millis(300))
            })
        );
        assert_eq!(spec.threads, Some(3));
    }

    #[test]
    fn the_playout_is_the_levels_unless_the_spec_names_one_or_its_own_budget() {
        let playout = |text: &str| {
            (
                config::<agora_tsuro::Tsuro>(text).playout,
                config::<agora_tyrus::Tyrus>(text).playout,
            )
        };
        // Tsuro's hard plays half-greedy playouts; its other levels and Tyrus's the game's.
        assert_eq!(playout("ismcts:hard"), (2, 0));
        assert_eq!(playout("ismcts:medium"), (0, 0));
        assert_eq!(playout("ismcts:hard:playout=0"), (0, 0));
        assert_eq!(playout("ismcts:hard:playout=1"), (1, 1));
        // A budget of the spec's own is the game's playout: the old hard, for comparison.
        assert_eq!(playout("ismcts:50000:t=2"), (0, 0));
        // Tyranny's hard plays three sensible playout moves in four (policy 1).
        let tyranny = |text: &str| config::<agora_tyranny::Tyranny>(text).playout;
        assert_eq!(tyranny("ismcts:hard"), 1);
        assert_eq!(tyranny("ismcts:medium"), 0);
        assert_eq!(tyranny("ismcts:6000:t=2"), 0);
    }

    #[test]
    fn the_backup_is_the_games_unless_the_spec_names_one() {
        let backup = |text: &str| {
            (
                config::<agora_tsuro::Tsuro>(text).backup,
                config::<agora_tyrus::Tyrus>(text).backup,
            )
        };
        assert_eq!(backup("ismcts:hard"), (Backup::Paranoid, Backup::MaxN));
        assert_eq!(backup("ismcts:hard:maxn"), (Backup::MaxN, Backup::MaxN));
        assert_eq!(
            backup("ismcts:hard:paranoid"),
            (Backup::Paranoid, Backup::Paranoid)
        );
    }

    #[test]
    fn bad_specs_say_why() {
        for (text, reason) in [
            ("", "expected random, beginner, greedy or ismcts"),
            ("alphazero", "expected random, beginner, greedy or ismcts"),
            ("random:hard", "random takes no options"),
            ("beginner:hard", "beginner takes no options"),
            ("ismcts:beginner", "the beginner does not search"),
            ("ismcts:insane", "unknown option \"insane\""),
            ("ismcts:0", "at least 1 iteration"),
            ("ismcts:0ms", "some time"),
            ("ismcts:t=0", "threads must be 1 to 256"),
            ("ismcts:c=-1", "c must be a number >= 0"),
            ("ismcts:c=nan", "c must be a number >= 0"),
            ("ismcts:i=-1", "i must be a number from 0 to 10"),
            ("ismcts:playout=x", "playout must be 0 to 255"),
            ("ismcts:model=-1", "model must be 0 to 255"),
            ("ismcts:hard:5000", "not both"),
            ("ismcts:99999999999999999999999", "unknown option"),
        ] {
            let error = text.parse::<BotSpec>().unwrap_err();
            assert!(error.reason.contains(reason), "{text}: {error}");
            assert!(error.to_string().starts_with("cannot read"), "{error}");
        }
    }
}
