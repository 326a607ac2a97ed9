use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use agora_engine::{FastRng, GameRng, Seat, Turn, Viewer};
use serde::{Deserialize, Serialize};

use crate::Heuristics;
use crate::tree::{MAX_KEY_SPACE, Matcher, Tree, UNTRIED, key_hash};

/// How rewards of a multi-player game are backed up the tree.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Backup {
    /// Every seat maximises its own reward (max-n).
    #[default]
    MaxN,
    /// The searching seat assumes every other seat plays against it: they all maximise one
    /// minus its reward (paranoid). The same as max-n in a two-player game.
    Paranoid,
}

/// Whose trees the search builds.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Observers {
    /// One tree per seat, each branching on moves as that seat sees them (MO-ISMCTS): a seat
    /// chooses its moves in its own tree, where a hidden move of an opponent is one branch.
    #[default]
    Multiple,
    /// One tree, the searching seat's, branching on every move as its mover sees it
    /// (SO-ISMCTS): cheaper, but it lets opponents react to moves they cannot see.
    Single,
}

/// Search parameters besides the budget.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Params {
    pub exploration: f32,
    pub backup: Backup,
    pub observers: Observers,
    /// The power plausibility weights are raised to: 1 as the game gives them, 0 none.
    pub inference: f32,
    /// The playout policy: 0 the game's, else one of its alternatives.
    pub playout: u8,
    /// The inference model: 0 the game's, else one of its alternatives.
    pub model: u8,
}

/// Samples drawn and resampled together when the game infers.
const BATCH: usize = 16;

/// Marks a chance move in a path: no seat's reward goes to its edge.
const CHANCE: u8 = u8::MAX;

#[derive(Copy, Clone, Debug)]
struct Step {
    edge: u32,
    mover: u8,
}

/// What else ends a search before its iterations: a safety deadline, or a stop flag its
/// caller raises when the decision is no longer wanted (the game ended, its players left).
#[derive(Copy, Clone, Debug, Default)]
pub struct Until<'a> {
    pub deadline: Option<Instant>,
    pub stop: Option<&'a AtomicBool>,
}

impl Until<'_> {
    fn reached(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Scratch space of [`Search::select`]: one entry per legal move.
#[derive(Debug, Default)]
struct Ucb {
    visits: Vec<f32>,
    rewards: Vec<f32>,
    ln_avail: Vec<f32>,
    scores: Vec<f32>,
}

/// Visits and rewards of each root move, in the order of the root keys.
#[derive(Clone, Debug, Default)]
pub(crate) struct RootStats {
    pub visits: Vec<u64>,
    pub reward: Vec<f64>,
    pub iterations: u64,
}

/// One thread's search: its trees and scratch buffers, kept between decisions so that a bot
/// allocates only while its trees grow beyond anything it needed before.
#[derive(Debug)]
pub(crate) struct Search<G: Heuristics> {
    trees: Vec<Tree<G::SeenMove>>,
    at: Vec<u32>,
    paths: Vec<Vec<Step>>,
    moves: Vec<G::Move>,
    keys: Vec<G::SeenMove>,
    /// The codes of `keys` ([`code`]).
    codes: Vec<u32>,
    /// For each legal move, its edge in the mover's tree or [`UNTRIED`].
    edges: Vec<u32>,
    matcher: Matcher,
    ucb: Ucb,
    /// `ln(n)` for every availability count `n` an edge can have had so far, read instead of
    /// computed: the root's moves alone would need dozens of logarithms an iteration.
    ln: Vec<f32>,
    untried: Vec<u32>,
    rewards: Vec<f32>,
    /// Resampled states waiting to be searched, when the game infers.
    samples: Vec<G>,
    batch: Vec<G>,
    weights: Vec<f32>,
}

impl<G: Heuristics> Default for Search<G> {
    fn default() -> Self {
        Search {
            trees: Vec::new(),
            at: Vec::new(),
            paths: Vec::new(),
            moves: Vec::new(),
            keys: Vec::new(),
            codes: Vec::new(),
            edges: Vec::new(),
            matcher: Matcher::new(),
            ucb: Ucb::default(),
            ln: Vec::new(),
            untried: Vec::new(),
            rewards: Vec::new(),
            samples: Vec::new(),
            batch: Vec::new(),
            weights: Vec::new(),
        }
    }
}

impl<G: Heuristics> Search<G> {
    /// Searches from `view` for `seat` until `iterations` are done or `until` says stop (at
    /// least one iteration), and returns the statistics of the root moves seen as `root_keys`.
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &mut self,
        view: &G::View,
        seat: Seat,
        seats: usize,
        root_keys: &[G::SeenMove],
        params: Params,
        iterations: Option<u64>,
        until: Until<'_>,
        seed: u64,
    ) -> RootStats {
        let trees = match params.observers {
            Observers::Multiple => seats,
            Observers::Single => 1,
        };
        self.trees.resize_with(trees, || {
            Tree::new(if numbered::<G>() { G::KEY_SPACE } else { 0 })
        });
        self.trees.truncate(trees);
        for tree in &mut self.trees {
            tree.clear();
        }
        self.at.resize(trees, 0);
        self.paths.resize_with(trees, Vec::new);
        self.rewards.resize(seats, 0.0);
        self.samples.clear();
        // Taken out for the search, so that iterations can read it while changing the trees.
        let mut ln = std::mem::take(&mut self.ln);

        let mut rng = FastRng::new(seed);
        let mut done: u64 = 0;
        loop {
            if iterations.is_some_and(|n| done >= n) && done > 0 {
                break;
            }
            if done % 64 == 0 && done > 0 && until.reached() {
                break;
            }
            // No edge is available more often than there have been iterations.
            let most_avail = done as usize + 1;
            if most_avail >= ln.len() {
                let len = (most_avail + 1).next_power_of_two().max(1 << 14);
                let from = ln.len();
                ln.extend((from..len).map(|n| (n as f32).ln()));
            }
            self.iterate(view, seat, params, &ln, &mut rng);
            done += 1;
        }
        self.ln = ln;

        let root_tree = match params.observers {
            Observers::Multiple => &self.trees[seat.index()],
            Observers::Single => &self.trees[0],
        };
        let mut stats = RootStats {
            iterations: done,
            ..RootStats::default()
        };
        for &key in root_keys {
            let edge = root_tree
                .find(0, key, code::<G>(&key))
                .map(|e| root_tree.edges[e]);
            stats.visits.push(edge.map_or(0, |e| u64::from(e.visits)));
            stats.reward.push(edge.map_or(0.0, |e| f64::from(e.reward)));
        }
        stats
    }

    /// One iteration: sample a state, walk down the trees while every legal move has been
    /// tried, expand one untried move, play out at random, back the result up.
    fn iterate(
        &mut self,
        view: &G::View,
        seat: Seat,
        params: Params,
        ln: &[f32],
        rng: &mut FastRng,
    ) {
        let mut state = self.sample(view, seat, params, rng);
        for (at, path) in self.at.iter_mut().zip(&mut self.paths) {
            *at = 0;
            path.clear();
        }

        loop {
            let mover = match state.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let mv = state.sample_chance(rng);
                    self.descend(&state, mv, CHANCE, seat, params, None);
                    state.play_unchecked(mv);
                    continue;
                }
                Turn::Seat(mover) => mover,
            };
            let tree_index = match params.observers {
                Observers::Multiple => mover.index(),
                Observers::Single => 0,
            };
            self.moves.clear();
            state.legal_moves(&mut self.moves);
            if self.moves.is_empty() {
                break;
            }
            let parent = self.at[tree_index];
            let fresh = self.trees[tree_index].children(parent).is_empty();
            let (index, edge, expanded) = if fresh {
                // A node seen for the first time: every move is untried, no need to see them.
                let i = rng.index(self.moves.len());
                let key = state.seen_move(self.moves[i], Viewer::Seat(mover));
                let edge = self.trees[tree_index].add(parent, key, code::<G>(&key));
                (i, edge, true)
            } else {
                self.match_children(&state, mover, tree_index);
                self.untried.clear();
                self.untried.extend(
                    (0..self.moves.len() as u32).filter(|&i| self.edges[i as usize] == UNTRIED),
                );
                if self.untried.is_empty() {
                    let i = self.select(tree_index, params, ln);
                    (i, self.edges[i] as usize, false)
                } else {
                    let i = self.untried[rng.index(self.untried.len())] as usize;
                    let key = match self.keys.get(i) {
                        Some(&key) => key,
                        None => state.seen_move(self.moves[i], Viewer::Seat(mover)),
                    };
                    let tree = &mut self.trees[tree_index];
                    (i, tree.add(parent, key, self.codes[i]), true)
                }
            };
            let mv = self.moves[index];
            self.descend(&state, mv, mover.0, seat, params, Some((tree_index, edge)));
            state.play_unchecked(mv);
            if expanded {
                break;
            }
        }

        while let Some(mv) = match state.turn() {
            Turn::Over => None,
            Turn::Chance => Some(state.sample_chance(rng)),
            Turn::Seat(_) if params.playout == 0 => G::playout_move(&state, rng),
            Turn::Seat(_) => G::alternative_playout_move(&state, params.playout, rng),
        } {
            state.play_unchecked(mv);
        }

        self.rewards.fill(0.0);
        if let Some(outcome) = state.outcome()
            && !outcome.winners.is_empty()
        {
            let share = 1.0 / outcome.winners.len() as f32;
            for winner in outcome.winners.iter() {
                if let Some(reward) = self.rewards.get_mut(winner.index()) {
                    *reward = share;
                }
            }
        }
        if params.backup == Backup::Paranoid {
            let mine = self.rewards[seat.index()];
            for (s, reward) in self.rewards.iter_mut().enumerate() {
                if s != seat.index() {
                    *reward = 1.0 - mine;
                }
            }
        }

        for (tree, path) in self.trees.iter_mut().zip(&self.paths) {
            for step in path {
                let edge = &mut tree.edges[step.edge as usize];
                edge.visits += 1;
                if step.mover != CHANCE {
                    edge.reward += self.rewards[usize::from(step.mover)];
                }
            }
        }
    }

    /// A state consistent with the view: uniform, or resampled by plausibility in batches of
    /// [`BATCH`] when the game infers.
    fn sample(&mut self, view: &G::View, seat: Seat, params: Params, rng: &mut FastRng) -> G {
        let inference = params.inference;
        if !G::INFERENCE || inference == 0.0 {
            return G::determinize(view, seat, rng);
        }
        if let Some(state) = self.samples.pop() {
            return state;
        }
        self.batch.clear();
        self.weights.clear();
        let mut total = 0.0;
        for _ in 0..BATCH {
            let state = G::determinize(view, seat, rng);
            let mut weight = match params.model {
                0 => G::plausibility(&state, seat),
                model => G::alternative_plausibility(&state, seat, model),
            };
            if inference != 1.0 {
                weight = weight.powf(inference);
            }
            // A weight that is no positive number counts as none.
            total += if weight > 0.0 { weight } else { 0.0 };
            self.weights.push(total);
            self.batch.push(state);
        }
        if total <= 0.0 || !total.is_finite() {
            std::mem::swap(&mut self.samples, &mut self.batch);
        } else {
            // Systematic resampling: one random offset, BATCH evenly spaced picks.
            let step = total / BATCH as f32;
            let mut point = step * (rng.below(1 << 24) as f32 / (1 << 24) as f32);
            let mut i = 0;
            for _ in 0..BATCH {
                while i + 1 < BATCH && self.weights[i] <= point {
                    i += 1;
                }
                self.samples.push(self.batch[i].clone());
                point += step;
            }
        }
        self.samples.pop().expect("a batch")
    }

    /// The legal move (index in `self.moves`) with the best UCB score, every one of them
    /// having an edge in `self.edges`; the first of equals.
    fn select(&mut self, tree_index: usize, params: Params, ln: &[f32]) -> usize {
        let edges = &self.trees[tree_index].edges;
        let ucb = &mut self.ucb;
        let n = self.edges.len();
        ucb.visits.resize(n, 0.0);
        ucb.rewards.resize(n, 0.0);
        ucb.ln_avail.resize(n, 0.0);
        ucb.scores.resize(n, 0.0);
        // Gather the statistics first, so that the arithmetic below runs several moves at once
        // (the same operations in the same order: the scores are the same to the bit).
        for (((&e, visits), reward), ln_avail) in self
            .edges
            .iter()
            .zip(&mut ucb.visits)
            .zip(&mut ucb.rewards)
            .zip(&mut ucb.ln_avail)
        {
            let edge = edges[e as usize];
            *visits = edge.visits as f32;
            *reward = edge.reward;
            *ln_avail = match ln.get(edge.avail as usize) {
                Some(&l) => l,
                None => (edge.avail as f32).ln(),
            };
        }
        let c = params.exploration;
        let visits = &ucb.visits[..n];
        let rewards = &ucb.rewards[..n];
        let ln_avail = &ucb.ln_avail[..n];
        let scores = &mut ucb.scores[..n];
        for i in 0..n {
            let score = rewards[i] / visits[i] + c * (ln_avail[i] / visits[i]).sqrt();
            scores[i] = if visits[i] == 0.0 {
                f32::INFINITY
            } else {
                score
            };
        }
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        for (i, &score) in ucb.scores.iter().enumerate() {
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Fills `self.keys` with the legal moves as `mover` sees them and `self.edges` with the
    /// matching children of the mover's current node ([`UNTRIED`] for none), and counts each
    /// matched child as available in this iteration.
    fn match_children(&mut self, state: &G, mover: Seat, tree_index: usize) {
        let viewer = Viewer::Seat(mover);
        self.codes.clear();
        self.keys.clear();
        if numbered::<G>() {
            // The numbers alone find the children; the one key needed is seen when added.
            G::seen_numbers(state, &self.moves, viewer, &mut self.codes);
        } else {
            G::seen_moves(state, &self.moves, viewer, &mut self.keys);
            self.codes.extend(self.keys.iter().map(code::<G>));
        }
        self.edges.clear();
        self.edges.resize(self.moves.len(), UNTRIED);
        self.trees[tree_index].match_keys(
            self.at[tree_index],
            (!numbered::<G>()).then_some(&self.keys[..]),
            &self.codes,
            &mut self.edges,
            &mut self.matcher,
        );
    }

    /// Follows `mv` (played in `state` by seat `mover`, or by chance) down every tree, each
    /// along what its observer sees of it, adding edges as needed. `known` is the edge already
    /// found in one tree.
    #[allow(clippy::too_many_arguments)]
    fn descend(
        &mut self,
        state: &G,
        mv: G::Move,
        mover: u8,
        seat: Seat,
        params: Params,
        known: Option<(usize, usize)>,
    ) {
        for (index, tree) in self.trees.iter_mut().enumerate() {
            let edge = match known {
                Some((tree_index, edge)) if tree_index == index => edge,
                _ => {
                    let observer = match params.observers {
                        Observers::Multiple => Seat(index as u8),
                        // The single tree branches on the move as its mover knows it, and on
                        // chance as the searching seat sees it.
                        Observers::Single if mover == CHANCE => seat,
                        Observers::Single => Seat(mover),
                    };
                    let key = state.seen_move(mv, Viewer::Seat(observer));
                    tree.find_or_add(self.at[index], key, code::<G>(&key))
                }
            };
            self.at[index] = tree.edges[edge].child;
            self.paths[index].push(Step {
                edge: edge as u32,
                mover,
            });
        }
    }
}

/// Whether the game numbers its seen moves in a space small enough for the trees' tables.
#[inline]
fn numbered<G: Heuristics>() -> bool {
    G::KEY_SPACE > 0 && G::KEY_SPACE <= MAX_KEY_SPACE
}

/// The code a tree files a key under: its number when the game numbers keys, else its hash.
#[inline]
fn code<G: Heuristics>(key: &G::SeenMove) -> u32 {
    if numbered::<G>() {
        G::key_number(key)
    } else {
        key_hash(key)
    }
}
