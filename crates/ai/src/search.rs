use std::time::Instant;

use agora_engine::{FastRng, GameRng, Seat, Turn, Viewer};
use serde::{Deserialize, Serialize};

use crate::Heuristics;
use crate::tree::Tree;

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
}

/// Marks a chance move in a path: no seat's reward goes to its node.
const CHANCE: u8 = u8::MAX;

#[derive(Copy, Clone, Debug)]
struct Step {
    node: u32,
    mover: u8,
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
    untried: Vec<G::Move>,
    candidates: Vec<(u32, G::Move)>,
    rewards: Vec<f32>,
}

impl<G: Heuristics> Default for Search<G> {
    fn default() -> Self {
        Search {
            trees: Vec::new(),
            at: Vec::new(),
            paths: Vec::new(),
            moves: Vec::new(),
            untried: Vec::new(),
            candidates: Vec::new(),
            rewards: Vec::new(),
        }
    }
}

impl<G: Heuristics> Search<G> {
    /// Searches from `view` for `seat` until `iterations` are done or `deadline` passes (at
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
        deadline: Option<Instant>,
        seed: u64,
    ) -> RootStats {
        let trees = match params.observers {
            Observers::Multiple => seats,
            Observers::Single => 1,
        };
        self.trees.resize_with(trees, Tree::new);
        self.trees.truncate(trees);
        for tree in &mut self.trees {
            tree.clear();
        }
        self.at.resize(trees, 0);
        self.paths.resize_with(trees, Vec::new);
        self.rewards.resize(seats, 0.0);

        let mut rng = FastRng::new(seed);
        let mut done: u64 = 0;
        loop {
            if iterations.is_some_and(|n| done >= n) && done > 0 {
                break;
            }
            if done % 64 == 0 && done > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            // Stamps tell iterations apart; 0 is never one.
            let stamp = (done as u32).wrapping_add(1).max(1);
            self.iterate(view, seat, params, stamp, &mut rng);
            done += 1;
        }

        let root_tree = match params.observers {
            Observers::Multiple => &self.trees[seat.index()],
            Observers::Single => &self.trees[0],
        };
        let mut stats = RootStats {
            iterations: done,
            ..RootStats::default()
        };
        for &key in root_keys {
            let node = root_tree
                .child(0, key)
                .map(|id| root_tree.nodes[id as usize]);
            stats.visits.push(node.map_or(0, |n| u64::from(n.visits)));
            stats.reward.push(node.map_or(0.0, |n| f64::from(n.reward)));
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
        stamp: u32,
        rng: &mut FastRng,
    ) {
        let mut state = G::determinize(view, seat, rng);
        for (at, path) in self.at.iter_mut().zip(&mut self.paths) {
            *at = 0;
            path.clear();
        }

        loop {
            let mover = match state.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let mv = state.sample_chance(rng);
                    self.descend(&state, mv, CHANCE, seat, params, stamp);
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
            let tree = &mut self.trees[tree_index];
            let parent = self.at[tree_index];
            self.untried.clear();
            self.candidates.clear();
            for &mv in &self.moves {
                match tree.child(parent, state.seen_move(mv, Viewer::Seat(mover))) {
                    Some(child) => {
                        let node = &mut tree.nodes[child as usize];
                        if node.stamp != stamp {
                            node.stamp = stamp;
                            node.avail += 1;
                        }
                        self.candidates.push((child, mv));
                    }
                    None => self.untried.push(mv),
                }
            }
            if !self.untried.is_empty() {
                let mv = self.untried[rng.index(self.untried.len())];
                self.descend(&state, mv, mover.0, seat, params, stamp);
                state.play_unchecked(mv);
                break;
            }
            let mut best = self.candidates[0].1;
            let mut best_score = f32::NEG_INFINITY;
            for &(child, mv) in &self.candidates {
                let node = &tree.nodes[child as usize];
                let score = if node.visits == 0 {
                    f32::INFINITY
                } else {
                    let visits = node.visits as f32;
                    node.reward / visits
                        + params.exploration * ((node.avail as f32).ln() / visits).sqrt()
                };
                if score > best_score {
                    best_score = score;
                    best = mv;
                }
            }
            self.descend(&state, best, mover.0, seat, params, stamp);
            state.play_unchecked(best);
        }

        while let Some(mv) = match state.turn() {
            Turn::Over => None,
            Turn::Chance => Some(state.sample_chance(rng)),
            Turn::Seat(_) => G::playout_move(&state, rng),
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
                let node = &mut tree.nodes[step.node as usize];
                node.visits += 1;
                if step.mover != CHANCE {
                    node.reward += self.rewards[usize::from(step.mover)];
                }
            }
        }
    }

    /// Follows `mv` (played in `state` by seat `mover`, or by chance) down every tree, each
    /// along what its observer sees of it, creating nodes as needed.
    fn descend(
        &mut self,
        state: &G,
        mv: G::Move,
        mover: u8,
        seat: Seat,
        params: Params,
        stamp: u32,
    ) {
        for (index, tree) in self.trees.iter_mut().enumerate() {
            let observer = match params.observers {
                Observers::Multiple => Seat(index as u8),
                // The single tree branches on the move as its mover knows it; chance as the
                // searching seat sees it.
                Observers::Single if mover == CHANCE => seat,
                Observers::Single => Seat(mover),
            };
            let key = state.seen_move(mv, Viewer::Seat(observer));
            let child = tree.child_or_insert(self.at[index], key, stamp);
            self.at[index] = child;
            self.paths[index].push(Step { node: child, mover });
        }
    }
}
