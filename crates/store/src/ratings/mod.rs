//! Ratings (issue 34): what a rated game's end does to its players' ratings, and the values
//! the store keeps and answers.
//!
//! The maths is the skillratings crate's: Glicko-2 for a game of two seats, Weng-Lin for a
//! Tsuro table of three or more and for Tyranny's teams of three or four seats. The two scales
//! differ (Glicko-2 starts at 1500 ± 350, Weng-Lin at 25 ± 8.33), so each (game, system) is a
//! ladder of its own. A player is an account or one of the computer's levels, each level
//! rated as a player of its own. The store rates a game in the transaction that ends it
//! (`append`), once: `rating_changes` is keyed by game and player.

pub(crate) mod sql;

use std::fmt;
use std::str::FromStr;

use agora_engine::{Outcome, Seat};
use agora_games::GameKind;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};

use crate::{AccountId, ParseIdError, Table, TableId};

/// A rating system, and so a ladder's scale.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum System {
    /// Two seats, one against the other.
    Glicko2,
    /// Three seats or more, or teams.
    WengLin,
}

impl System {
    pub const ALL: [System; 2] = [System::Glicko2, System::WengLin];

    /// The system that rates a game with `seats` seats.
    pub fn for_seats(seats: usize) -> System {
        if seats == 2 {
            System::Glicko2
        } else {
            System::WengLin
        }
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            System::Glicko2 => "glicko2",
            System::WengLin => "weng_lin",
        }
    }

    /// A newcomer's rating.
    pub fn initial(self) -> Rating {
        match self {
            System::Glicko2 => {
                let r = Glicko2Rating::new();
                Rating {
                    rating: r.rating,
                    deviation: r.deviation,
                    volatility: r.volatility,
                }
            }
            System::WengLin => {
                let r = WengLinRating::new();
                Rating {
                    rating: r.rating,
                    deviation: r.uncertainty,
                    volatility: 0.0,
                }
            }
        }
    }

    /// The deviation above which a rating is provisional: too few games to say much yet.
    /// Glicko-2: 110, as Lichess uses (a newcomer starts at 350 and passes below it after
    /// about a dozen games). Weng-Lin: half the starting uncertainty (25/6).
    pub fn provisional_above(self) -> f64 {
        match self {
            System::Glicko2 => 110.0,
            System::WengLin => 25.0 / 6.0,
        }
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for System {
    type Err = ParseIdError;

    fn from_str(s: &str) -> Result<System, ParseIdError> {
        System::ALL
            .into_iter()
            .find(|system| system.as_str() == s)
            .ok_or(ParseIdError("rating system"))
    }
}

/// Who holds a rating: an account, or one of the computer's levels.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Player {
    Account(AccountId),
    /// The level's name (`easy`, `medium`, `hard`).
    Ai(String),
}

impl Player {
    pub fn account(&self) -> Option<AccountId> {
        match self {
            Player::Account(id) => Some(*id),
            Player::Ai(_) => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Account(id) => write!(f, "account:{}", id.0),
            Player::Ai(level) => write!(f, "ai:{level}"),
        }
    }
}

impl FromStr for Player {
    type Err = ParseIdError;

    fn from_str(s: &str) -> Result<Player, ParseIdError> {
        let bad = ParseIdError("player");
        match s.split_once(':') {
            Some(("account", id)) => Ok(Player::Account(AccountId(id.parse().map_err(|_| bad)?))),
            Some(("ai", level)) if !level.is_empty() => Ok(Player::Ai(level.to_string())),
            _ => Err(bad),
        }
    }
}

/// A rating with its uncertainty: Glicko-2's rating, deviation and volatility, or Weng-Lin's
/// rating and uncertainty (kept as the deviation; no volatility).
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A player's standing on one ladder.
#[derive(Clone, PartialEq, Debug)]
pub struct PlayerRating {
    pub game: String,
    pub system: System,
    pub player: Player,
    /// The account's name, for an account.
    pub name: Option<String>,
    pub rating: Rating,
    pub games: u32,
    pub wins: u32,
    pub updated_at: i64,
}

impl PlayerRating {
    /// Too few games yet for the rating to say much (see [`System::provisional_above`]).
    pub fn provisional(&self) -> bool {
        self.rating.deviation > self.system.provisional_above()
    }
}

/// What one rated game did to one player's rating.
#[derive(Clone, PartialEq, Debug)]
pub struct RatingChange {
    pub game_id: TableId,
    pub game: String,
    pub system: System,
    pub before: f64,
    pub rating: f64,
    pub deviation: f64,
    pub won: bool,
    pub at: i64,
}

/// A game an account sat at that has ended, as "My games" and its profile list it.
#[derive(Clone, PartialEq, Debug)]
pub struct EndedGame {
    pub table: Table,
    /// The account's seat.
    pub seat: u8,
    pub result: GameResult,
    /// When it finished, or was called off.
    pub ended_at: i64,
}

/// One page of an account's ended games, and how many the filter keeps in all.
#[derive(Clone, PartialEq, Debug)]
pub struct EndedPage {
    pub games: Vec<EndedGame>,
    pub total: u64,
}

/// Which of an account's ended games to list: of one game, with one result, or all.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct EndedFilter<'a> {
    pub game: Option<&'a str>,
    pub result: Option<GameResult>,
}

/// An account's finished games of one game: played, won, drawn and lost.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
}

/// How an ended game went for one seat.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    Won,
    Lost,
    /// Every seat is listed among the winners.
    Drawn,
    /// Called off before it really began, or before anyone joined: nobody won.
    Abandoned,
}

impl GameResult {
    pub const ALL: [GameResult; 4] = [
        GameResult::Won,
        GameResult::Lost,
        GameResult::Drawn,
        GameResult::Abandoned,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::Won => "won",
            GameResult::Lost => "lost",
            GameResult::Drawn => "drawn",
            GameResult::Abandoned => "abandoned",
        }
    }

    /// How `outcome` went for `seat` of a game of `seats` seats.
    pub fn of(outcome: &Outcome, seat: u8, seats: usize) -> GameResult {
        if outcome.winners.len() >= seats {
            GameResult::Drawn
        } else if outcome.winners.contains(Seat(seat)) {
            GameResult::Won
        } else {
            GameResult::Lost
        }
    }
}

impl FromStr for GameResult {
    type Err = ParseIdError;

    fn from_str(s: &str) -> Result<GameResult, ParseIdError> {
        GameResult::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or(ParseIdError("result"))
    }
}

/// One player's new rating after a game, as the store writes it.
#[derive(Clone, PartialEq, Debug)]
pub(crate) struct Update {
    pub player: Player,
    pub before: Rating,
    pub after: Rating,
    pub won: bool,
}

/// What the end of a game of `game` with `outcome` does to the ratings of the players at its
/// seats (in seat order), who stood at `current` before it (`None`: not rated yet). Empty
/// when it rates nobody: an unknown game, or a player at two seats (the arena's level
/// against itself), since a player cannot gain on itself.
pub(crate) fn rate_game(
    game: &str,
    players: &[Player],
    current: &[Option<Rating>],
    outcome: &Outcome,
) -> (System, Vec<Update>) {
    let system = System::for_seats(players.len());
    let Ok(kind) = game.parse::<GameKind>() else {
        return (system, Vec::new());
    };
    let distinct = (players.iter().enumerate()).all(|(i, p)| !players[..i].contains(p));
    if !distinct || players.len() < 2 || current.len() != players.len() {
        return (system, Vec::new());
    }
    let before: Vec<Rating> = (current.iter())
        .map(|r| r.unwrap_or_else(|| system.initial()))
        .collect();
    // A side that holds a winner won (teams share their result); the rest share second place.
    let sides: Vec<(Vec<u8>, usize)> = (kind.sides(players.len()).into_iter())
        .map(|side| {
            let won = side.iter().any(|s| outcome.winners.contains(Seat(*s)));
            (side, if won { 1 } else { 2 })
        })
        .collect();
    let ratings: Vec<Vec<Rating>> = sides
        .iter()
        .map(|(seats, _)| seats.iter().map(|s| before[usize::from(*s)]).collect())
        .collect();
    let ranks: Vec<usize> = sides.iter().map(|(_, rank)| *rank).collect();
    let after = rate(system, &ratings, &ranks);
    let everyone_won = ranks.iter().all(|r| *r == 1);
    let mut updates = Vec::with_capacity(players.len());
    for ((seats, rank), new) in sides.iter().zip(after) {
        for (seat, after) in seats.iter().zip(new) {
            let seat = usize::from(*seat);
            updates.push(Update {
                player: players[seat].clone(),
                before: before[seat],
                after,
                won: *rank == 1 && !everyone_won,
            });
        }
    }
    (system, updates)
}

/// New ratings for sides (each a team's ratings) that finished at `ranks` (1 first; equal
/// ranks tie). Glicko-2 takes two sides of one player each; anything else is Weng-Lin's.
pub fn rate(system: System, sides: &[Vec<Rating>], ranks: &[usize]) -> Vec<Vec<Rating>> {
    let duel = sides.len() == 2 && sides.iter().all(|s| s.len() == 1);
    if system == System::Glicko2 && duel {
        let glicko = |r: &Rating| Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        };
        let outcome = match ranks[0].cmp(&ranks[1]) {
            std::cmp::Ordering::Less => Outcomes::WIN,
            std::cmp::Ordering::Greater => Outcomes::LOSS,
            std::cmp::Ordering::Equal => Outcomes::DRAW,
        };
        let (one, two) = glicko2(
            &glicko(&sides[0][0]),
            &glicko(&sides[1][0]),
            &outcome,
            &Glicko2Config::new(),
        );
        let back = |r: Glicko2Rating| Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        };
        return vec![vec![back(one)], vec![back(two)]];
    }
    let teams: Vec<Vec<WengLinRating>> = sides
        .iter()
        .map(|side| {
            side.iter()
                .map(|r| WengLinRating {
                    rating: r.rating,
                    uncertainty: r.deviation,
                })
                .collect()
        })
        .collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = (teams.iter().zip(ranks))
        .map(|(team, rank)| (&team[..], MultiTeamOutcome::new(*rank)))
        .collect();
    weng_lin_multi_team(&ranked, &WengLinConfig::new())
        .into_iter()
        .map(|team| {
            team.into_iter()
                .map(|r| Rating {
                    rating: r.rating,
                    deviation: r.uncertainty,
                    volatility: 0.0,
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use agora_engine::SeatSet;

    use super::*;

    fn close(a: f64, b: f64, within: f64) -> bool {
        (a - b).abs() < within
    }

    /// The crate's documented example of `glicko2`: two newcomers, the first wins.
    #[test]
    fn glicko2_matches_the_crates_example() {
        let new = System::Glicko2.initial();
        assert_eq!(
            (new.rating, new.deviation, new.volatility),
            (1500.0, 350.0, 0.06)
        );
        let after = rate(System::Glicko2, &[vec![new], vec![new]], &[1, 2]);
        assert_eq!(after[0][0].rating.round(), 1662.0);
        assert_eq!(after[0][0].deviation.round(), 290.0);
        assert!(close(after[0][0].volatility, 0.05999967537233814, 1e-12));
        assert_eq!(after[1][0].rating.round(), 1338.0);
        assert_eq!(after[1][0].deviation.round(), 290.0);
        // The other way round, the other one gains.
        let after = rate(System::Glicko2, &[vec![new], vec![new]], &[2, 1]);
        assert_eq!(after[1][0].rating.round(), 1662.0);
        // A draw between equals moves neither rating.
        let drawn = rate(System::Glicko2, &[vec![new], vec![new]], &[1, 1]);
        assert_eq!(drawn[0][0].rating.round(), 1500.0);
    }

    /// The crate's documented example of `weng_lin_multi_team`: three teams of three.
    #[test]
    fn weng_lin_matches_the_crates_example() {
        let r = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.0,
        };
        let new = System::WengLin.initial();
        let teams = [
            vec![new, r(30.0, 1.2), r(21.0, 6.5)],
            vec![new, r(41.0, 1.4), r(19.2, 4.3)],
            vec![new, r(29.4, 1.6), r(17.2, 2.1)],
        ];
        let after = rate(System::WengLin, &teams, &[2, 1, 3]);
        let hundredths: Vec<Vec<f64>> = (after.iter())
            .map(|team| team.iter().map(|p| (p.rating * 100.0).round()).collect())
            .collect();
        assert_eq!(
            hundredths,
            [
                [2538.0, 3001.0, 2123.0],
                [2796.0, 4108.0, 1999.0],
                [2166.0, 2928.0, 1699.0]
            ]
        );
    }

    fn outcome(winners: &[u8]) -> Outcome {
        let mut set = SeatSet::EMPTY;
        for w in winners {
            set = set.with(Seat(*w));
        }
        Outcome::new(set, "test")
    }

    fn players(n: i64) -> Vec<Player> {
        (1..=n).map(|i| Player::Account(AccountId(i))).collect()
    }

    #[test]
    fn a_two_seat_game_is_glicko2_and_the_winner_gains() {
        let (system, updates) = rate_game("tyrus", &players(2), &[None, None], &outcome(&[1]));
        assert_eq!(system, System::Glicko2);
        assert!(!updates[0].won && updates[1].won);
        assert_eq!(updates[1].after.rating.round(), 1662.0);
        assert_eq!(updates[0].after.rating.round(), 1338.0);
    }

    #[test]
    fn tyrannys_factions_share_their_result() {
        // Four seats: cops 0 and 2, criminals 1 and 3; the criminals win.
        let (system, updates) = rate_game("tyranny", &players(4), &[None; 4], &outcome(&[1, 3]));
        assert_eq!(system, System::WengLin);
        let by_player = |i: i64| {
            (updates.iter())
                .find(|u| u.player == Player::Account(AccountId(i)))
                .unwrap()
        };
        assert!(by_player(2).won && by_player(4).won);
        assert!(!by_player(1).won && !by_player(3).won);
        assert!(by_player(2).after.rating > 25.0 && by_player(1).after.rating < 25.0);
        assert_eq!(by_player(2).after, by_player(4).after);
    }

    #[test]
    fn a_tsuro_table_of_four_is_weng_lin_and_a_draw_wins_nobody_anything() {
        let (system, updates) = rate_game("tsuro", &players(4), &[None; 4], &outcome(&[2]));
        assert_eq!(system, System::WengLin);
        assert_eq!(updates.iter().filter(|u| u.won).count(), 1);
        let (_, drawn) = rate_game("tsuro", &players(3), &[None; 3], &outcome(&[0, 1, 2]));
        assert!(
            drawn
                .iter()
                .all(|u| !u.won && close(u.after.rating, 25.0, 1e-9))
        );
    }

    #[test]
    fn a_player_at_two_seats_or_an_unknown_game_rates_nobody() {
        let same = vec![Player::Ai("hard".into()), Player::Ai("hard".into())];
        assert!(
            rate_game("tyrus", &same, &[None, None], &outcome(&[0]))
                .1
                .is_empty()
        );
        assert!(
            rate_game("chess", &players(2), &[None, None], &outcome(&[0]))
                .1
                .is_empty()
        );
    }

    #[test]
    fn players_and_systems_read_back_what_they_write() {
        for player in [Player::Account(AccountId(42)), Player::Ai("hard".into())] {
            assert_eq!(player.to_string().parse::<Player>().unwrap(), player);
        }
        for bad in ["", "account:", "account:x", "ai:", "bot:1"] {
            assert!(bad.parse::<Player>().is_err(), "{bad}");
        }
        for system in System::ALL {
            assert_eq!(system.as_str().parse::<System>().unwrap(), system);
        }
    }
}
