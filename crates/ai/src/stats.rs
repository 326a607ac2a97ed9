//! The statistics an arena reports: win rates with Wilson intervals and Bradley–Terry Elo.

use std::fmt::Write;

use serde::Serialize;

use crate::arena::GameResult;

/// The normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `successes` out of `trials` at normal quantile `z` (use
/// [`Z95`]). Unlike the normal approximation it stays inside [0, 1] and is sensible at 0 and
/// at `trials`. Half successes (draws) are allowed. `(0, 1)` when there are no trials.
pub fn wilson(successes: f64, trials: f64, z: f64) -> (f64, f64) {
    if trials <= 0.0 {
        return (0.0, 1.0);
    }
    let p = successes / trials;
    let z2 = z * z;
    let denominator = 1.0 + z2 / trials;
    let center = (p + z2 / (2.0 * trials)) / denominator;
    let half = z / denominator * (p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)).sqrt();
    ((center - half).max(0.0), (center + half).min(1.0))
}

/// One head-to-head result between players `a` and `b`: `score` is what `a` scored (1 a win,
/// 0.5 a draw, 0 a loss).
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Comparison {
    pub a: usize,
    pub b: usize,
    pub score: f64,
}

/// Elo ratings of `players` from head-to-head results, by the maximum-likelihood
/// Bradley–Terry model (`P(a beats b) = 1 / (1 + 10^((elo_b - elo_a) / 400))`, draws counting
/// half a win each), fitted with Hunter's MM iteration.
///
/// `prior_draws` virtual draws are added between every two players that met, so that a
/// player who won (or lost) every game gets a finite rating; 0 gives the plain estimate.
/// Ratings average 0 over players who played; players with no game get NaN, and without a
/// prior a player who never scored gets minus infinity.
pub fn bradley_terry(players: usize, comparisons: &[Comparison], prior_draws: f64) -> Vec<f64> {
    let mut games = vec![vec![0.0f64; players]; players];
    let mut wins = vec![0.0f64; players];
    for c in comparisons {
        if c.a == c.b || c.a >= players || c.b >= players {
            continue;
        }
        games[c.a][c.b] += 1.0;
        games[c.b][c.a] += 1.0;
        wins[c.a] += c.score;
        wins[c.b] += 1.0 - c.score;
    }
    for (a, row) in games.iter_mut().enumerate() {
        for (b, n) in row.iter_mut().enumerate() {
            if a != b && *n > 0.0 {
                *n += prior_draws;
                wins[a] += prior_draws / 2.0;
            }
        }
    }
    let played: Vec<bool> = games
        .iter()
        .map(|row| row.iter().any(|&n| n > 0.0))
        .collect();
    let mut gamma: Vec<f64> = played.iter().map(|&p| if p { 1.0 } else { 0.0 }).collect();
    for _ in 0..10_000 {
        let mut next = gamma.clone();
        for a in (0..players).filter(|&a| played[a]) {
            let denominator: f64 = (0..players)
                .filter(|&b| games[a][b] > 0.0)
                .map(|b| games[a][b] / (gamma[a] + gamma[b]))
                .sum();
            next[a] = wins[a] / denominator;
        }
        // Ratings are defined up to a factor: pin their geometric mean (over players with a
        // positive rating) to 1.
        let positive: Vec<f64> = next.iter().copied().filter(|&g| g > 0.0).collect();
        if !positive.is_empty() {
            let mean = positive.iter().map(|g| g.ln()).sum::<f64>() / positive.len() as f64;
            for g in &mut next {
                *g /= mean.exp();
            }
        }
        let change = next
            .iter()
            .zip(&gamma)
            .filter(|(n, _)| **n > 0.0)
            .map(|(n, g)| (n.ln() - g.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    let elo: Vec<f64> = gamma.iter().map(|g| 400.0 * g.log10()).collect();
    let finite: Vec<f64> = elo.iter().copied().filter(|e| e.is_finite()).collect();
    let mean = if finite.is_empty() {
        0.0
    } else {
        finite.iter().sum::<f64>() / finite.len() as f64
    };
    elo.iter()
        .zip(&played)
        .map(|(&e, &p)| if p { e - mean } else { f64::NAN })
        .collect()
}

/// One bot's record over some games.
#[derive(Clone, PartialEq, Debug, Default, Serialize)]
pub struct Standing {
    pub bot: String,
    pub games: u64,
    /// Games it won alone.
    pub wins: u64,
    /// Games whose win it shared (a draw, in a two-player game).
    pub draws: u64,
    pub losses: u64,
    /// Wins, plus `1/n` for a win shared by `n` seats.
    pub score: f64,
    /// `score / games`.
    pub rate: f64,
    /// The 95% Wilson interval of `rate`.
    pub low: f64,
    pub high: f64,
    /// Bradley–Terry Elo from every game of the arena (0 on average); `None` in match-up
    /// tables and for bots with no game.
    pub elo: Option<f64>,
}

impl Standing {
    fn new(bot: &str) -> Standing {
        Standing {
            bot: bot.to_string(),
            ..Standing::default()
        }
    }

    fn add(&mut self, won: bool, winners: usize) {
        self.games += 1;
        match (won, winners) {
            (true, 1) => self.wins += 1,
            (true, _) => self.draws += 1,
            (false, _) => self.losses += 1,
        }
        if won {
            self.score += 1.0 / winners as f64;
        }
        self.rate = self.score / self.games as f64;
        (self.low, self.high) = wilson(self.score, self.games as f64, Z95);
    }
}

/// The standings of the bots that met at one table.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Matchup {
    /// Indices of the arena's bots at this table.
    pub bots: Vec<usize>,
    /// One per bot of `bots`, in that order.
    pub standings: Vec<Standing>,
}

/// What an arena measured: every bot over all its games, and every match-up on its own.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Standings {
    pub overall: Vec<Standing>,
    pub matchups: Vec<Matchup>,
}

impl Standings {
    /// Virtual draws between every two bots that met, for [`bradley_terry`].
    pub const PRIOR_DRAWS: f64 = 1.0;

    /// Standings of bots named `names` (indexed by [`GameResult::participants`]).
    pub fn new(names: &[String], results: &[GameResult]) -> Standings {
        let mut overall: Vec<Standing> = names.iter().map(|n| Standing::new(n)).collect();
        let mut matchups: Vec<Matchup> = Vec::new();
        let mut comparisons = Vec::new();
        for result in results {
            let mut bots = result.participants.clone();
            bots.sort_unstable();
            let matchup = match matchups.iter().position(|m| m.bots == bots) {
                Some(i) => i,
                None => {
                    let standings = bots.iter().map(|&b| Standing::new(&names[b])).collect();
                    matchups.push(Matchup { bots, standings });
                    matchups.len() - 1
                }
            };
            let winners = result.winners.len();
            for (seat, &bot) in result.participants.iter().enumerate() {
                let won = result.won(seat);
                overall[bot].add(won, winners);
                let m = &mut matchups[matchup];
                let i = m.bots.iter().position(|&b| b == bot).expect("at the table");
                m.standings[i].add(won, winners);
            }
            // Each pair of seats is one comparison; two losers tell nothing about each other.
            for (s, &a) in result.participants.iter().enumerate() {
                for (t, &b) in result.participants.iter().enumerate().skip(s + 1) {
                    let score = match (result.won(s), result.won(t)) {
                        (true, true) => 0.5,
                        (true, false) => 1.0,
                        (false, true) => 0.0,
                        (false, false) => continue,
                    };
                    comparisons.push(Comparison { a, b, score });
                }
            }
        }
        let elo = bradley_terry(names.len(), &comparisons, Standings::PRIOR_DRAWS);
        for (standing, elo) in overall.iter_mut().zip(elo) {
            standing.elo = elo.is_finite().then_some(elo);
        }
        matchups.sort_by(|a, b| a.bots.cmp(&b.bots));
        Standings { overall, matchups }
    }

    /// The standings as Markdown tables: every bot, then every match-up.
    pub fn table(&self) -> String {
        let mut out = String::new();
        out.push_str("| bot | games | wins | draws | losses | score | 95% CI | Elo |\n");
        out.push_str("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for s in &self.overall {
            let elo = s.elo.map_or("-".to_string(), |e| format!("{e:+.0}"));
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} | {elo} |",
                s.bot,
                s.games,
                s.wins,
                s.draws,
                s.losses,
                percent(s.rate),
                interval(s),
            );
        }
        if self.matchups.len() > 1 || self.matchups.iter().any(|m| m.bots.len() > 2) {
            out.push_str("\n| match-up | bot | games | wins | draws | score | 95% CI |\n");
            out.push_str("|---|---|---:|---:|---:|---:|---:|\n");
            for m in &self.matchups {
                let table: Vec<&str> = m.standings.iter().map(|s| s.bot.as_str()).collect();
                let table = table.join(" vs ");
                for s in &m.standings {
                    let _ = writeln!(
                        out,
                        "| {table} | {} | {} | {} | {} | {} | {} |",
                        s.bot,
                        s.games,
                        s.wins,
                        s.draws,
                        percent(s.rate),
                        interval(s),
                    );
                }
            }
        }
        out
    }
}

fn percent(rate: f64) -> String {
    format!("{:.1}%", 100.0 * rate)
}

fn interval(s: &Standing) -> String {
    if s.games == 0 {
        "-".to_string()
    } else {
        format!("{:.1}–{:.1}%", 100.0 * s.low, 100.0 * s.high)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn wilson_matches_hand_computed_intervals() {
        // 75 of 100: p = 0.75, z² = 3.8415; centre = (0.75 + 0.019207) / 1.038415 = 0.740752;
        // half = 1.959964 / 1.038415 · sqrt(0.001875 + 0.000096) = 0.083797.
        let (low, high) = wilson(75.0, 100.0, Z95);
        assert!(close(low, 0.656955, 1e-5), "{low}");
        assert!(close(high, 0.824548, 1e-5), "{high}");
        // 0 of 10: [0, z²/(n + z²)] = [0, 3.8415 / 13.8415] = [0, 0.277533].
        let (low, high) = wilson(0.0, 10.0, Z95);
        assert_eq!(low, 0.0);
        assert!(close(high, 0.277533, 1e-5), "{high}");
        // 10 of 10 mirrors it.
        let (low, high) = wilson(10.0, 10.0, Z95);
        assert!(close(low, 1.0 - 0.277533, 1e-5), "{low}");
        assert!(close(high, 1.0, 1e-12));
        // 388 of 400 (97%): the target's scale.
        let (low, high) = wilson(388.0, 400.0, Z95);
        assert!(close(low, 0.948301, 1e-5), "{low}");
        assert!(close(high, 0.982757, 1e-5), "{high}");
        assert_eq!(wilson(0.0, 0.0, Z95), (0.0, 1.0));
    }

    fn games(a: usize, b: usize, wins_a: usize, draws: usize, wins_b: usize) -> Vec<Comparison> {
        let mut out = Vec::new();
        out.extend((0..wins_a).map(|_| Comparison { a, b, score: 1.0 }));
        out.extend((0..draws).map(|_| Comparison { a, b, score: 0.5 }));
        out.extend((0..wins_b).map(|_| Comparison { a, b, score: 0.0 }));
        out
    }

    #[test]
    fn two_players_get_the_logit_of_the_score() {
        // 75 of 100: 400·log10(75/25) = 190.85 apart, ±95.42 around 0.
        let elo = bradley_terry(2, &games(0, 1, 75, 0, 25), 0.0);
        assert!(close(elo[0], 95.424, 1e-3), "{elo:?}");
        assert!(close(elo[1], -95.424, 1e-3), "{elo:?}");
        // Draws count half: 60 wins, 20 draws, 20 losses is a score of 70 of 100.
        let elo = bradley_terry(2, &games(0, 1, 60, 20, 20), 0.0);
        assert!(close(
            elo[0] - elo[1],
            400.0 * (70.0f64 / 30.0).log10(),
            1e-6
        ));
        // One virtual draw: 75.5 of 101.
        let elo = bradley_terry(2, &games(0, 1, 75, 0, 25), 1.0);
        assert!(close(
            elo[0] - elo[1],
            400.0 * (75.5f64 / 25.5).log10(),
            1e-6
        ));
    }

    #[test]
    fn three_players_recover_exact_strengths() {
        // Strengths 1, 2, 4 (Elo steps of 400·log10 2 = 120.41) and results that match their
        // expectations exactly: 0 v 1 in 3 games (1 : 2), 0 v 2 in 5 (1 : 4), 1 v 2 in 3
        // (1 : 2). The likelihood equations then hold at exactly those strengths.
        let mut results = games(0, 1, 1, 0, 2);
        results.extend(games(0, 2, 1, 0, 4));
        results.extend(games(1, 2, 1, 0, 2));
        let elo = bradley_terry(3, &results, 0.0);
        let step = 400.0 * 2f64.log10();
        assert!(close(elo[0], -step, 1e-6), "{elo:?}");
        assert!(close(elo[1], 0.0, 1e-6), "{elo:?}");
        assert!(close(elo[2], step, 1e-6), "{elo:?}");
    }

    #[test]
    fn sweeps_and_absent_players() {
        let elo = bradley_terry(3, &games(0, 1, 10, 0, 0), 0.0);
        assert_eq!(elo[1], f64::NEG_INFINITY);
        assert!(elo[2].is_nan());
        let elo = bradley_terry(3, &games(0, 1, 10, 0, 0), 1.0);
        assert!(close(
            elo[0] - elo[1],
            400.0 * (10.5f64 / 0.5).log10(),
            1e-6
        ));
        assert!(close(elo[0] + elo[1], 0.0, 1e-9));
    }
}
