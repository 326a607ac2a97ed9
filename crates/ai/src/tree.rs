use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Statistics of one node of a search tree: the information set reached by one sequence of
/// moves as one observer saw them.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Node {
    /// Iterations that went through this node.
    pub visits: u32,
    /// Iterations in which the move into this node was legal when its parent was reached: the
    /// "N" under the logarithm of UCB in ISMCTS, since a move of a hidden hand is not always
    /// there to choose.
    pub avail: u32,
    /// The last iteration that counted this node as available, so that two legal moves seen
    /// alike count once.
    pub stamp: u32,
    /// Sum of the rewards of the seat that moved into this node.
    pub reward: f32,
}

impl Node {
    const NEW: Node = Node {
        visits: 0,
        avail: 0,
        stamp: 0,
        reward: 0.0,
    };
}

/// One observer's tree: nodes in a flat vector (node 0 is the root) and edges in a hash map
/// keyed by (parent, move as the observer saw it).
///
/// Edges live in one map rather than in per-node child lists because a node of an opponent's
/// decision can have a hundred children (every move of every hand it might hold), of which
/// only the few legal in the current sample are looked up.
#[derive(Debug)]
pub(crate) struct Tree<K> {
    pub nodes: Vec<Node>,
    edges: HashMap<(u32, K), u32, BuildHasherDefault<FxHasher>>,
}

impl<K: Copy + Eq + Hash> Tree<K> {
    pub fn new() -> Tree<K> {
        Tree {
            nodes: vec![Node::NEW],
            edges: HashMap::default(),
        }
    }

    /// Empties the tree, keeping its memory for the next search.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::NEW);
        self.edges.clear();
    }

    #[inline]
    pub fn child(&self, parent: u32, key: K) -> Option<u32> {
        self.edges.get(&(parent, key)).copied()
    }

    /// The child of `parent` along `key`, created if new; a new node counts as available in
    /// iteration `stamp`.
    #[inline]
    pub fn child_or_insert(&mut self, parent: u32, key: K, stamp: u32) -> u32 {
        let nodes = &mut self.nodes;
        *self.edges.entry((parent, key)).or_insert_with(|| {
            let id = nodes.len() as u32;
            nodes.push(Node {
                avail: 1,
                stamp,
                ..Node::NEW
            });
            id
        })
    }
}

/// The Firefox/rustc hash (one multiply per word): much faster than SipHash on the small
/// keys of a search tree, which no adversary chooses.
#[derive(Copy, Clone, Default, Debug)]
pub(crate) struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0xf135_7aea_2e62_a9c5;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = self.hash.wrapping_add(word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // The multiply leaves its best bits at the top; the table indexes with the bottom ones.
        self.hash.rotate_left(26)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_are_found_and_created_once() {
        let mut tree: Tree<(u8, Option<u8>)> = Tree::new();
        let a = tree.child_or_insert(0, (1, None), 1);
        let b = tree.child_or_insert(0, (1, Some(2)), 1);
        assert_ne!(a, b);
        assert_eq!(tree.child_or_insert(0, (1, None), 2), a);
        assert_eq!(tree.child(0, (1, Some(2))), Some(b));
        assert_eq!(tree.child(a, (1, Some(2))), None);
        assert_eq!(tree.nodes.len(), 3);
        assert_eq!(tree.nodes[a as usize].avail, 1);
        tree.clear();
        assert_eq!(tree.nodes.len(), 1);
        assert_eq!(tree.child(0, (1, None)), None);
    }

    #[test]
    fn fx_hash_spreads_small_keys_over_low_bits() {
        let mut buckets = [0u32; 64];
        for parent in 0..64u32 {
            for key in 0..64u8 {
                let mut hasher = FxHasher::default();
                (parent, key).hash(&mut hasher);
                buckets[(hasher.finish() & 63) as usize] += 1;
            }
        }
        // 4096 keys over 64 buckets: 64 each on average.
        assert!(
            buckets.iter().all(|&n| (24..=120).contains(&n)),
            "{buckets:?}"
        );
    }
}
