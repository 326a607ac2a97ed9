//! What the AI knows about Tyrus.

use agora_engine::{FastRng, Game, GameRng, Seat, Viewer};
use agora_tyrus::{
    BuildingKind, Placement, Profession, SeenPlacement, Side, Tile, TileSet, Tyrus, TyrusView,
};

use crate::{Budget, Heuristics, Level};

/// The weight of a sample for each opponent tile that is a bluff in it (neither a vote in the
/// opponent's own building nor a block in ours). Measured against `greedy` with
/// `ismcts:20000` over 60 games each: 1 (no inference) scores 60%, 0.3 and 0.1 80%, 0.03 90%.
/// Lower trusts the opponent's placements more and makes its bluffs work better against us.
const BLUFF: f32 = 0.05;

impl Heuristics for Tyrus {
    const GREEDY: bool = true;

    fn greedy_move(view: &TyrusView, seat: Seat, _rng: &mut FastRng) -> Option<Placement> {
        greedy(view, seat)
    }

    fn beginner_move(view: &TyrusView, seat: Seat, _rng: &mut FastRng) -> Option<Placement> {
        beginner(view, seat)
    }

    /// 1: half the moves put a random voter of the election at hand into the mover's own
    /// building (when it holds one), the others are uniformly random.
    fn alternative_playout_move(
        state: &Tyrus,
        _policy: u8,
        rng: &mut FastRng,
    ) -> Option<Placement> {
        let seat = state.to_move()?;
        if rng.below(2) == 0
            && let Some(office) = state.current_office()
        {
            let hand = state.hand(seat);
            let voters = || {
                hand.iter()
                    .filter(|t| t.profession() == office.profession())
            };
            let count = voters().count();
            if count > 0 {
                let tile = voters().nth(rng.index(count))?;
                return Some(Placement {
                    tile,
                    side: Side::Own,
                    building: office.building(),
                });
            }
        }
        state.random_legal_move(rng)
    }

    /// [`agora_engine::Game::seen_move`] with the mover and what the viewer sees worked out
    /// once for all the moves.
    #[inline]
    fn seen_moves(
        state: &Tyrus,
        moves: &[Placement],
        viewer: Viewer,
        seen: &mut Vec<SeenPlacement>,
    ) {
        let seat = state.to_move().unwrap_or(Seat(0));
        let other = Seat(seat.0 ^ 1);
        let shown = viewer == Viewer::Seat(seat);
        seen.extend(moves.iter().map(|placement| SeenPlacement {
            seat,
            tile: if shown { Some(placement.tile) } else { None },
            building_owner: match placement.side {
                Side::Own => seat,
                Side::Opp => other,
            },
            building: placement.building,
        }));
    }

    /// Seat, tile or none, building owner and building: 2 × 31 × 2 × 3.
    const KEY_SPACE: usize = 372;

    #[inline]
    fn key_number(seen: &SeenPlacement) -> u32 {
        let tile = seen.tile.map_or(30, |tile| u32::from(tile.index()));
        let slot = 3 * u32::from(seen.building_owner.0 & 1) + seen.building.index() as u32;
        (u32::from(seen.seat.0 & 1) * 31 + tile) * 6 + slot
    }

    /// [`Heuristics::key_number`] of [`agora_engine::Game::seen_move`], worked out from the
    /// placements directly.
    #[inline]
    fn seen_numbers(state: &Tyrus, moves: &[Placement], viewer: Viewer, numbers: &mut Vec<u32>) {
        let seat = state.to_move().unwrap_or(Seat(0));
        let shown = viewer == Viewer::Seat(seat);
        let seat = u32::from(seat.0 & 1);
        numbers.extend(moves.iter().map(|placement| {
            let tile = if shown {
                u32::from(placement.tile.index())
            } else {
                30
            };
            let owner = match placement.side {
                Side::Own => seat,
                Side::Opp => seat ^ 1,
            };
            (seat * 31 + tile) * 6 + 3 * owner + placement.building.index() as u32
        }));
    }

    const INFERENCE: bool = true;

    /// Model 1: the likelihood of each face-down tile of the opponent's, by what it does
    /// where it stands and how strong it is, learnt from games of the searching bots
    /// ([`PLACEMENT_LIKELIHOOD`]).
    fn alternative_plausibility(state: &Tyrus, seat: Seat, _model: u8) -> f32 {
        let opponent = Seat(1 - seat.0);
        let mut weight = 1.0;
        for kind in BuildingKind::ALL {
            for (owner, side) in [(opponent, 0), (seat, 1)] {
                for tile in state.placed(owner, kind, opponent).iter() {
                    let (relation, band) = placement_class(tile, kind);
                    weight *= PLACEMENT_LIKELIHOOD[side][relation][band];
                }
            }
        }
        weight
    }

    /// The opponent is taken to play its tiles for what they are: a face-down tile of its own
    /// building is a vote for that building's office, one it put into ours a block. Every
    /// sampled tile that is neither weighs [`BLUFF`].
    fn plausibility(state: &Tyrus, seat: Seat) -> f32 {
        let opponent = Seat(1 - seat.0);
        let mut weight = 1.0;
        for kind in BuildingKind::ALL {
            let voter = Profession::ALL[kind.index()];
            for tile in state.placed(opponent, kind, opponent).iter() {
                if tile.profession() != voter {
                    weight *= BLUFF;
                }
            }
            for tile in state.placed(seat, kind, opponent).iter() {
                if tile.profession() != voter.blocked_by() {
                    weight *= BLUFF;
                }
            }
        }
        weight
    }

    /// Tyrus searches at about 340,000 iterations a second per core from the opening (faster
    /// later, as playouts get shorter), so `hard` (two threads) decides in well under 0.1 s and
    /// a 400-game arena at `hard` costs about 10 core-minutes. The steps between levels are
    /// wide enough that each beats the one below it at least 70% of the time (docs/ai.md,
    /// "The ladder").
    fn level_budget(level: Level) -> Budget {
        let iterations = match level {
            Level::Beginner | Level::Easy => 1_000,
            Level::Medium => 3_000,
            Level::Hard => 40_000,
        };
        Budget::iterations(iterations).capped(level.time_cap())
    }
}

/// A casual player: reckon each face-down tile of the opponent's at the average strength it
/// could have, then win the current election with the cheapest tile that does it, defend
/// against likely blockers with a counter, block the opponent when that is what saves the
/// election, and otherwise concede with the weakest tile, sent to block a later election.
pub fn greedy(view: &TyrusView, seat: Seat) -> Option<Placement> {
    if view.to_move != Some(seat) {
        return None;
    }
    let hand = view.hand?;
    let office = view.office()?;
    let opponent = Seat(1 - seat.0);
    let voter = office.profession();
    let blocker = voter.blocked_by();
    let counter = blocker.blocked_by();
    let kind = office.building();
    let mine = view.building(seat, kind);
    let theirs = view.building(opponent, kind);

    // What the opponent may still hold or have placed face down.
    let unseen = TileSet::ALL.minus(view.discarded[opponent.index()]);
    let mean = |profession: Profession| {
        let (sum, count) = unseen
            .iter()
            .filter(|t| t.profession() == profession)
            .fold((0u32, 0u32), |(s, n), t| (s + u32::from(t.value()), n + 1));
        if count == 0 {
            0.0
        } else {
            sum as f32 / count as f32
        }
    };
    let their_votes = f32::from(theirs.hidden[opponent.index()]) * mean(voter);
    let my_blocks = f32::from(theirs.visible[seat.index()].strength(blocker));
    let their_score = (their_votes - my_blocks).max(0.0);
    let threat = f32::from(mine.hidden[opponent.index()]) * mean(blocker);
    let my_counters = f32::from(mine.visible[seat.index()].strength(counter));
    let my_votes = f32::from(mine.visible[seat.index()].strength(voter));
    let my_score = (my_votes - (threat - my_counters).max(0.0)).max(0.0);

    // Each tile the opponent has yet to place this election might add a few votes.
    let starter = if view.election? % 2 == 1 {
        view.first_player
    } else {
        Seat(1 - view.first_player.0)
    };
    let their_placed = if starter == seat {
        view.placements / 2
    } else {
        view.placements.div_ceil(2)
    };
    let their_left = 3u8.saturating_sub(their_placed);
    let needed = their_score + 3.0 * f32::from(their_left) + 1.0;

    let of = |profession: Profession| hand.iter().filter(move |t| t.profession() == profession);
    let place = |tile: Tile, side: Side, building: BuildingKind| Placement {
        tile,
        side,
        building,
    };

    if my_score < needed {
        // Win cheaply: the weakest voter that is enough.
        if let Some(tile) = of(voter).find(|t| my_score + f32::from(t.value()) >= needed) {
            return Some(place(tile, Side::Own, kind));
        }
        // Defend: counter the blockers the opponent has likely placed.
        if threat > my_counters && my_votes > 0.0 {
            let missing = threat - my_counters;
            let tile = of(counter)
                .find(|t| f32::from(t.value()) >= missing)
                .or_else(|| of(counter).last());
            if let Some(tile) = tile {
                return Some(place(tile, Side::Own, kind));
            }
        }
        // Block: the weakest blocker that brings the opponent below us.
        if their_score > 0.0
            && let Some(tile) = of(blocker).find(|t| their_score - f32::from(t.value()) < my_score)
        {
            return Some(place(tile, Side::Opp, kind));
        }
        // Push with the strongest voter while the election is still open.
        if let Some(tile) = of(voter).last()
            && my_score + f32::from(tile.value()) + 6.0 >= needed
        {
            return Some(place(tile, Side::Own, kind));
        }
    }

    // Concede (or coast): the weakest tile, sent to block the profession it blocks in a later
    // election; if that is this election's building, kept home as a later vote instead.
    let tile = hand.iter().min_by_key(|t| t.value())?;
    let blocked = Profession::ALL
        .into_iter()
        .find(|p| p.blocked_by() == tile.profession())?;
    let target = building_of(blocked);
    Some(if target == kind {
        place(tile, Side::Own, building_of(tile.profession()))
    } else {
        place(tile, Side::Opp, target)
    })
}

/// The building where a profession votes.
fn building_of(profession: Profession) -> BuildingKind {
    BuildingKind::ALL[profession.index()]
}

/// A new player: it backs the election at hand with one tile, its strongest voter, as if that
/// were enough, and sends every other tile home to the building where it votes, for later
/// elections (the weakest first). It never blocks, counters or bluffs, and it cannot read the
/// opponent's face-down tiles: it loses most elections to anyone who fights for them, which is
/// the lesson it teaches.
pub fn beginner(view: &TyrusView, seat: Seat) -> Option<Placement> {
    if view.to_move != Some(seat) {
        return None;
    }
    let hand = view.hand?;
    let office = view.office()?;
    let voter = office.profession();
    let kind = office.building();
    let backed = !view.building(seat, kind).visible[seat.index()]
        .iter()
        .all(|t| t.profession() != voter);
    let strongest_voter = hand
        .iter()
        .filter(|t| t.profession() == voter)
        .max_by_key(|t| t.value());
    if !backed && let Some(tile) = strongest_voter {
        return Some(Placement {
            tile,
            side: Side::Own,
            building: kind,
        });
    }
    let tile = hand.iter().min_by_key(|t| t.value())?;
    Some(Placement {
        tile,
        side: Side::Own,
        building: building_of(tile.profession()),
    })
}

/// The class of a tile standing in a building of `kind`, as the learnt placement model
/// (`model=1`) counts it: how its profession relates to the building's voters (0 it is one, a
/// vote in its owner's building; 1 it blocks them, a block in the opponent's; 2 it blocks
/// their blockers, a counter in its owner's building), and its strength band (1–4, 5–7, 8–10).
/// `examples/tyrus_placements` learns [`PLACEMENT_LIKELIHOOD`] by the same classes.
pub fn placement_class(tile: Tile, kind: BuildingKind) -> (usize, usize) {
    let voter = Profession::ALL[kind.index()];
    let profession = tile.profession();
    let relation = if profession == voter {
        0
    } else if profession == voter.blocked_by() {
        1
    } else {
        2
    };
    let band = match tile.value() {
        0..=4 => 0,
        5..=7 => 1,
        _ => 2,
    };
    (relation, band)
}

/// `[side][relation][strength band]`: how much more (or less) often the searching bots put
/// such a tile face down there than a tile drawn at random from all thirty; side 0 is the
/// placer's own building, 1 the opponent's.
const PLACEMENT_LIKELIHOOD: [[[f32; 3]; 3]; 2] = [
    [[1.61, 3.06, 3.65], [0.18, 0.05, 0.02], [0.32, 0.24, 0.17]],
    [[0.47, 0.12, 0.06], [1.79, 3.05, 3.02], [0.45, 0.12, 0.04]],
];
