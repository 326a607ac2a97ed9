use std::collections::BTreeMap;

use agora_engine::{Seat, SetupError};
use serde::{Deserialize, Serialize};

use crate::board::{Board, TileId, TileKind};
use crate::memory::initial_deck_bounds;
use crate::rules::{HOLD_TURNS, INFLUENCE_CAP, START_INFLUENCE, TURN_LIMIT};
use crate::state::{Ending, Phase, PieceState, STANDARD_ESCAPE, Table, Tyranny};
use crate::{Card, Cards, Faction, Piece, Seating};

/// Choices before a game: the number of players (2, 3 or 4; 4 when absent).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    #[serde(default = "default_players")]
    pub players: u8,
}

fn default_players() -> u8 {
    4
}

impl Default for Options {
    fn default() -> Options {
        Options {
            players: default_players(),
        }
    }
}

/// A starting position. Nothing in Tyranny is dealt before play (every roll and draw is a chance
/// move), so a normal setup is just the number of players; `position` starts from a position
/// of the caller's choice instead of the opening one (for tests, puzzles and teaching).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// 2, 3 or 4; 4 when absent, as in [`Options`].
    #[serde(default = "default_players")]
    pub players: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
}

/// A position at the start of a piece's turn. Every field may be left out and then takes its
/// value at the start of a game; the decks hold every card not in a hand or the discards.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Position {
    /// The criminals' influence (500 when absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub influence: Option<u32>,
    /// Pieces by name (`cop1`, `crim1`, `cop2`, `crim2`); absent pieces stand at their start.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub pieces: BTreeMap<String, PiecePosition>,
    /// Owned properties by tile code, e.g. `{"O1": "cops"}`.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub owners: BTreeMap<String, Faction>,
    /// Names of the open tunnels (the board file's when absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open_tunnels: Option<Vec<String>>,
    /// Each seat's hand, e.g. `[["gains 7"], []]`; empty hands when absent.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hands: Vec<Vec<String>>,
    /// The face-up discards.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub discards: Vec<String>,
    /// The piece whose turn starts (`cop1` when absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<String>,
    /// Turns already played.
    #[serde(skip_serializing_if = "is_zero")]
    pub turns: u16,
    /// Cop turns that ended with the criminals at 1000 or more, with none below since.
    #[serde(skip_serializing_if = "is_zero_u8")]
    pub high_streak: u8,
    /// Criminal turns that ended with the criminals at 0, with none above since.
    #[serde(skip_serializing_if = "is_zero_u8")]
    pub zero_streak: u8,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

/// A piece in a [`Position`]: on a tile, or in custody.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PiecePosition {
    /// Tile code such as `O5`; leave out for a piece in custody.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub custody: bool,
    /// In custody: the die faces that free it (`[6]` when absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escape_faces: Option<Vec<u8>>,
    /// In custody: whether it may pay its way out (yes when absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub may_pay: Option<bool>,
    /// In custody: turns left of an inescapable arrest.
    #[serde(skip_serializing_if = "is_zero_u8")]
    pub sentence: u8,
    #[serde(skip_serializing_if = "is_zero_u8")]
    pub misses: u8,
}

fn standard_board() -> Result<&'static Board, SetupError> {
    Board::standard().map_err(|e| SetupError::new(e.to_string()))
}

// A setup reads codes and names in any letter case, with spaces around them, as moves do.

fn card(text: &str) -> Result<Card, SetupError> {
    text.to_ascii_lowercase()
        .parse::<Card>()
        .map_err(|e| SetupError::new(format!("{text:?} is not a card: {e}")))
}

fn piece_named(name: &str) -> Option<Piece> {
    Piece::from_name(&name.trim().to_ascii_lowercase())
}

fn tile_coded(board: &Board, code: &str) -> Option<TileId> {
    board.tile_by_code(&code.trim().to_ascii_uppercase())
}

impl Tyranny {
    /// The opening position for `players` players.
    pub fn new(players: u8) -> Result<Tyranny, SetupError> {
        Tyranny::from_setup_checked(&Setup {
            players,
            position: None,
        })
    }

    pub(crate) fn from_setup_checked(setup: &Setup) -> Result<Tyranny, SetupError> {
        let board = standard_board()?;
        let seating = Seating::new(setup.players).ok_or_else(|| {
            SetupError::new(format!(
                "Tyranny is for 2, 3 or 4 players, not {}",
                setup.players
            ))
        })?;
        let empty = Position::default();
        let position = setup.position.as_ref().unwrap_or(&empty);

        let influence = position.influence.unwrap_or(START_INFLUENCE);
        if influence > INFLUENCE_CAP {
            return Err(SetupError::new(format!(
                "influence {influence} is above the cap of {INFLUENCE_CAP}"
            )));
        }

        let mut pieces = Piece::ALL.map(|p| PieceState {
            tile: board.start(p.faction()),
            custody: false,
            escape_faces: STANDARD_ESCAPE,
            may_pay: true,
            sentence: 0,
            misses: 0,
        });
        let mut placed = std::collections::BTreeSet::new();
        for (name, given) in &position.pieces {
            let piece = piece_named(name).ok_or_else(|| {
                SetupError::new(format!(
                    "{name:?} is not a piece; the pieces are cop1, crim1, cop2 and crim2"
                ))
            })?;
            if !placed.insert(piece) {
                return Err(SetupError::new(format!("{piece} is placed twice")));
            }
            let name = piece.name();
            let state = &mut pieces[piece.index()];
            state.misses = given.misses;
            if given.misses > 10 {
                return Err(SetupError::new(format!("{name} misses too many turns")));
            }
            if given.custody {
                if given.tile.is_some() {
                    return Err(SetupError::new(format!(
                        "{name} is in custody, so it has no tile"
                    )));
                }
                state.custody = true;
                state.tile = board.start(piece.faction().other());
                if let Some(faces) = &given.escape_faces {
                    state.escape_faces = 0;
                    for &face in faces {
                        if !(1..=6).contains(&face) {
                            return Err(SetupError::new(format!(
                                "{name}: escape face {face} is not a die face"
                            )));
                        }
                        state.escape_faces |= 1 << face;
                    }
                    if state.escape_faces == 0 {
                        return Err(SetupError::new(format!("{name} has no escape face")));
                    }
                }
                state.may_pay = given.may_pay.unwrap_or(true);
                if given.sentence > crate::rules::SENTENCE_TURNS {
                    return Err(SetupError::new(format!(
                        "{name}: a sentence lasts at most {} turns",
                        crate::rules::SENTENCE_TURNS
                    )));
                }
                if given.sentence > 0 {
                    // Only the cops' Gamble 3 sentences, and only criminals; the piece can
                    // neither pay nor roll, as after a sentence in play.
                    if piece.faction() == Faction::Cops {
                        return Err(SetupError::new(format!(
                            "{name} is a cop; only criminals serve an inescapable arrest"
                        )));
                    }
                    if given.escape_faces.is_some() || given.may_pay.is_some() {
                        return Err(SetupError::new(format!(
                            "{name} serves an inescapable arrest, so it has no escape terms"
                        )));
                    }
                    state.escape_faces = 0;
                    state.may_pay = false;
                }
                state.sentence = given.sentence;
            } else {
                if given.escape_faces.is_some() || given.may_pay.is_some() || given.sentence > 0 {
                    return Err(SetupError::new(format!(
                        "{name} is not in custody, so it has no escape terms"
                    )));
                }
                if let Some(code) = &given.tile {
                    state.tile = tile_coded(board, code).ok_or_else(|| {
                        SetupError::new(format!("{name}: there is no tile {code:?}"))
                    })?;
                }
            }
        }

        let mut owned = [0u64; 2];
        for (code, faction) in &position.owners {
            let tile = tile_coded(board, code)
                .ok_or_else(|| SetupError::new(format!("there is no tile {code:?}")))?;
            let code = board.code(tile);
            if !matches!(board.kind(tile), TileKind::Property(_)) {
                return Err(SetupError::new(format!(
                    "{code} is not a property, so no one owns it"
                )));
            }
            if (owned[0] | owned[1]) & tile.bit() != 0 {
                return Err(SetupError::new(format!("{code} is listed twice in owners")));
            }
            owned[*faction as usize] |= tile.bit();
        }

        let open_tunnels = match &position.open_tunnels {
            None => board
                .tunnels()
                .iter()
                .enumerate()
                .filter(|(_, t)| t.open)
                .fold(0u8, |mask, (i, _)| mask | 1 << i),
            Some(names) => {
                let mut mask = 0u8;
                for name in names {
                    let tunnel = board
                        .tunnel_by_name(&name.trim().to_ascii_uppercase())
                        .ok_or_else(|| SetupError::new(format!("there is no tunnel {name:?}")))?;
                    mask |= 1 << tunnel;
                }
                mask
            }
        };

        let players = usize::from(setup.players);
        if !position.hands.is_empty() && position.hands.len() != players {
            return Err(SetupError::new(format!(
                "{} hands for {players} players",
                position.hands.len()
            )));
        }
        let mut hands = [Cards::EMPTY; 4];
        let mut seen = Cards::EMPTY;
        for (seat, cards) in position.hands.iter().enumerate() {
            for text in cards {
                let card = card(text)?;
                if !card.is_kept() {
                    return Err(SetupError::new(format!(
                        "{card} acts at once, so it is never in a hand"
                    )));
                }
                hands[seat].add(card);
                seen.add(card);
            }
            let limit = seating.hand_limit(Seat(seat as u8));
            if hands[seat].len() > usize::from(limit) {
                return Err(SetupError::new(format!(
                    "seat {seat} holds {} cards; it may hold {limit}",
                    hands[seat].len()
                )));
            }
        }
        let mut discards = Cards::EMPTY;
        for text in &position.discards {
            let card = card(text)?;
            discards.add(card);
            seen.add(card);
        }
        let mut decks = Cards::FULL;
        for card in Card::all() {
            let count = seen.count(card);
            if count > Card::COPIES {
                return Err(SetupError::new(format!(
                    "{count} copies of {card} are placed; the game has {}",
                    Card::COPIES
                )));
            }
            decks.0[card.index()] -= count;
        }

        let active = match &position.to_move {
            None => Piece::COP1,
            Some(name) => piece_named(name)
                .ok_or_else(|| SetupError::new(format!("{name:?} is not a piece")))?,
        };
        let active_state = pieces[active.index()];
        if active_state.misses > 0 || active_state.sentence > 0 {
            return Err(SetupError::new(format!(
                "{active} is to move, so it cannot be missing its turn"
            )));
        }
        if position.turns >= TURN_LIMIT {
            return Err(SetupError::new(format!(
                "{} turns played; a game ends after {TURN_LIMIT}",
                position.turns
            )));
        }
        if position.high_streak >= HOLD_TURNS || position.zero_streak >= HOLD_TURNS {
            return Err(SetupError::new(format!(
                "a streak of {HOLD_TURNS} turns has already won the game"
            )));
        }
        if position.high_streak > 0 && influence < crate::rules::CRIMINALS_TARGET {
            return Err(SetupError::new(
                "a streak at 1000 needs the influence at 1000 or more",
            ));
        }
        if position.zero_streak > 0 && influence > 0 {
            return Err(SetupError::new("a streak at 0 needs the influence at 0"));
        }

        let table = Table {
            seating,
            influence,
            pieces,
            owned,
            open_tunnels,
            discards,
            active,
            phase: if active_state.custody {
                Phase::Custody
            } else {
                Phase::Start
            },
            flags: 0,
            turns: position.turns,
            high_streak: position.high_streak,
            zero_streak: position.zero_streak,
            ending: None::<Ending>,
        };
        Ok(Tyranny {
            deck_bounds: initial_deck_bounds(&hands, &table.discards),
            table,
            hands,
            decks,
            known: [[Cards::EMPTY; 4]; 4],
        })
    }
}
