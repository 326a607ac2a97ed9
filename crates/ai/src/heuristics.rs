use agora_engine::{FastRng, Game, Seat, Viewer};

use crate::{Backup, Budget, Level};

/// What the AI knows about one game beyond its rules: a greedy player, a playout policy and how
/// many iterations each level gets.
///
/// Every method has a default, so `impl Heuristics for MyGame {}` is enough for the random bot
/// and ISMCTS; a game gets a `greedy` bot by setting [`Heuristics::GREEDY`] and writing
/// [`Heuristics::greedy_move`]. The impls for Agora's games live in this crate.
pub trait Heuristics: Game {
    /// Whether [`Heuristics::greedy_move`] is a real heuristic. Without one, building a
    /// `greedy` bot for this game fails with [`crate::BuildBotError::NoGreedy`].
    const GREEDY: bool = false;

    /// The move a casual player would make, judged from the view alone (no search).
    /// Called only when it is `seat`'s turn. The default plays a random legal move.
    fn greedy_move(view: &Self::View, seat: Seat, rng: &mut FastRng) -> Option<Self::Move> {
        Self::determinize(view, seat, rng).random_legal_move(rng)
    }

    /// The move a new player would make, judged from the view alone: the `beginner` level. It
    /// should make the mistakes beginners make (playing every tile at face value, running for
    /// the longest path, grabbing whatever is there), so that a new player can beat it and
    /// learn from it. The default is [`Heuristics::greedy_move`].
    fn beginner_move(view: &Self::View, seat: Seat, rng: &mut FastRng) -> Option<Self::Move> {
        Self::greedy_move(view, seat, rng)
    }

    /// The move a playout makes for the seat to move in a full (sampled) state; `None` when
    /// the game is over or at chance. The default is uniformly random, which is fast and
    /// unbiased; a game may bias it if that measurably helps.
    #[inline]
    fn playout_move(state: &Self, rng: &mut FastRng) -> Option<Self::Move> {
        state.random_legal_move(rng)
    }

    /// The move of an alternative playout policy `policy` (1, 2, ...; a spec's `playout=N`),
    /// kept for measuring one policy against another and for older levels that used it. The
    /// default is [`Heuristics::playout_move`] for every policy.
    #[inline]
    fn alternative_playout_move(
        state: &Self,
        _policy: u8,
        rng: &mut FastRng,
    ) -> Option<Self::Move> {
        Self::playout_move(state, rng)
    }

    /// Appends what `viewer` sees of each of `moves` (legal in `state`) to `seen`, in order:
    /// [`Game::seen_move`] of each, which is the default. The search calls this for every
    /// legal move at every node it walks through, so a game may compute them all at once
    /// faster; it must give exactly what `seen_move` gives.
    #[inline]
    fn seen_moves(
        state: &Self,
        moves: &[Self::Move],
        viewer: Viewer,
        seen: &mut Vec<Self::SeenMove>,
    ) {
        seen.extend(moves.iter().map(|&mv| state.seen_move(mv, viewer)));
    }

    /// How many numbers [`Heuristics::key_number`] gives seen moves; 0 (the default) when it
    /// numbers none. With numbers (at most 65,535 of them) the search files a node's children
    /// in a table indexed by them, which is faster than hashing.
    const KEY_SPACE: usize = 0;

    /// A number below [`Heuristics::KEY_SPACE`] for a seen move, a different one for every
    /// different seen move. Called only when `KEY_SPACE` is not 0.
    fn key_number(_seen: &Self::SeenMove) -> u32 {
        0
    }

    /// Appends the numbers ([`Heuristics::key_number`]) of what `viewer` sees of each of
    /// `moves` (legal in `state`) to `numbers`, in order. Called only when
    /// [`Heuristics::KEY_SPACE`] is not 0, for every legal move at every node the search walks
    /// through; a game may compute them faster than the default, which numbers
    /// [`Heuristics::seen_moves`].
    #[inline]
    fn seen_numbers(state: &Self, moves: &[Self::Move], viewer: Viewer, numbers: &mut Vec<u32>) {
        numbers.extend(
            moves
                .iter()
                .map(|&mv| Self::key_number(&state.seen_move(mv, viewer))),
        );
    }

    /// Whether [`Heuristics::plausibility`] says anything: then the search weights its samples.
    const INFERENCE: bool = false;

    /// How plausible the hidden part of `state`, a sample drawn uniformly from `seat`'s view,
    /// is in the light of how the other seats chose to play: a relative weight above 0. The
    /// search draws samples in batches and resamples them by this weight (sampling importance
    /// resampling), so that, say, a tile an opponent put face down where a vote helps it is
    /// more often a vote. It must read only what the sample holds: the sample is already
    /// consistent with the view, so no hidden truth leaks in. The default weighs all alike.
    fn plausibility(_state: &Self, _seat: Seat) -> f32 {
        1.0
    }

    /// The weight of an alternative inference model `model` (1, 2, ...; a spec's `model=N`),
    /// kept for measuring one model against another and for older levels that used it. The
    /// default is [`Heuristics::plausibility`] for every model.
    #[inline]
    fn alternative_plausibility(state: &Self, seat: Seat, _model: u8) -> f32 {
        Self::plausibility(state, seat)
    }

    /// How a search backs up rewards when no spec says (`maxn` or `paranoid`): it matters
    /// only with more than two seats. Each game sets the one that measured stronger.
    const BACKUP: Backup = Backup::MaxN;

    /// The playout policy behind a level: 0 the game's ([`Heuristics::playout_move`]), else one
    /// of its alternatives, for a level that measured stronger with it. A spec's `playout=N`
    /// overrides it; a spec with a budget of its own instead of a level plays the game's.
    fn level_playout(_level: Level) -> u8 {
        0
    }

    /// The budget behind a level. The default suits a game whose search runs at about 100,000
    /// iterations a second per core; a slower or faster game adjusts it. `beginner` does not
    /// search ([`crate::BotSpec::for_level`]); a search built for it by hand gets easy's budget.
    fn level_budget(level: Level) -> Budget {
        let iterations = match level {
            Level::Beginner | Level::Easy => 1_000,
            Level::Medium => 20_000,
            Level::Hard => 100_000,
        };
        Budget::iterations(iterations).capped(level.time_cap())
    }
}
