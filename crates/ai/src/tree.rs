use std::hash::{Hash, Hasher};

/// A move out of a node, with the statistics of the node it leads to.
///
/// The statistics sit in the edge rather than in the child so that choosing among a node's
/// children reads one contiguous block of memory: on a large tree, scattered reads (one cache
/// miss per legal move) cost more than everything else an iteration does.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Edge<K> {
    /// The move as this tree's observer saw it.
    pub key: K,
    /// `key`'s hash ([`key_hash`]), compared before the key itself.
    pub hash: u32,
    /// The node the move leads to.
    pub child: u32,
    /// Iterations that went through this edge.
    pub visits: u32,
    /// Iterations in which this move was legal when its parent was reached: the "N" under the
    /// logarithm of UCB in ISMCTS, since a move of a hidden hand is not always there to pick.
    pub avail: u32,
    /// The last iteration that counted this edge as available, so that two legal moves seen
    /// alike count once.
    pub stamp: u32,
    /// Sum of the rewards of the seat that made this move.
    pub reward: f32,
}

/// Where a node's children are: `edges[start..start + len]`, with room for `cap`; and, once
/// it has many, their hash index: `index[index_start..index_start + 2 * cap]`.
#[derive(Copy, Clone, Debug)]
struct Block {
    start: u32,
    len: u32,
    cap: u32,
    index_start: u32,
}

const EMPTY: Block = Block {
    start: 0,
    len: 0,
    cap: 0,
    index_start: 0,
};

/// Nodes with room for this many children or more get a hash index of them.
const INDEXED: u32 = 16;
/// An empty slot of an index.
const FREE: u32 = u32::MAX;

/// One observer's tree: each node's outgoing edges in one block of a shared vector; a full
/// block moves to the end of the vector with twice the room (so no more than half the vector
/// is ever left behind). Node 0 is the root.
///
/// An edge's index holds until its parent gets another child. A search only adds children to
/// the node it stands on, below every edge of its path, so a path's indices hold for the
/// whole iteration.
///
/// A node with many children (an opponent's decision, where every tile it might hold is a
/// branch) also gets an open-addressing index from key hashes to offsets in its block, so
/// that looking up the few legal moves of a sample does not scan every child.
#[derive(Debug)]
pub(crate) struct Tree<K> {
    blocks: Vec<Block>,
    pub edges: Vec<Edge<K>>,
    index: Vec<u32>,
}

impl<K: Copy + Eq> Tree<K> {
    pub fn new() -> Tree<K> {
        Tree {
            blocks: vec![EMPTY],
            edges: Vec::new(),
            index: Vec::new(),
        }
    }

    /// Empties the tree, keeping its memory for the next search.
    pub fn clear(&mut self) {
        self.blocks.clear();
        self.blocks.push(EMPTY);
        self.edges.clear();
        self.index.clear();
    }

    /// The indices in `edges` of `node`'s children.
    #[inline]
    pub fn children(&self, node: u32) -> std::ops::Range<usize> {
        let block = self.blocks[node as usize];
        block.start as usize..(block.start + block.len) as usize
    }

    /// Whether `find` on `node` reads an index rather than scanning its children.
    #[inline]
    pub fn is_indexed(&self, node: u32) -> bool {
        self.blocks[node as usize].cap >= INDEXED
    }

    #[inline]
    pub fn find(&self, node: u32, key: K, hash: u32) -> Option<usize> {
        let block = self.blocks[node as usize];
        if block.cap < INDEXED {
            return self
                .children(node)
                .find(|&e| self.edges[e].hash == hash && self.edges[e].key == key);
        }
        let mask = 2 * block.cap - 1;
        let mut slot = hash & mask;
        loop {
            let offset = self.index[(block.index_start + slot) as usize];
            if offset == FREE {
                return None;
            }
            let e = (block.start + offset) as usize;
            if self.edges[e].hash == hash && self.edges[e].key == key {
                return Some(e);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Adds a child of `node` along `key` (which it must not have yet), available in
    /// iteration `stamp`, and returns its edge.
    pub fn add(&mut self, node: u32, key: K, hash: u32, stamp: u32) -> usize {
        let child = self.blocks.len() as u32;
        self.blocks.push(EMPTY);
        let edge = Edge {
            key,
            hash,
            child,
            visits: 0,
            avail: 1,
            stamp,
            reward: 0.0,
        };
        let block = &mut self.blocks[node as usize];
        if block.len == block.cap {
            let start = self.edges.len();
            let cap = (block.cap * 2).max(1);
            let old = block.start as usize..(block.start + block.len) as usize;
            self.edges.extend_from_within(old);
            // Spare room holds copies of the new edge; only `len` edges are ever read.
            self.edges.resize(start + cap as usize, edge);
            block.start = start as u32;
            block.cap = cap;
            if cap >= INDEXED {
                block.index_start = self.index.len() as u32;
                self.index.resize(self.index.len() + 2 * cap as usize, FREE);
                for offset in 0..block.len {
                    let hash = self.edges[(block.start + offset) as usize].hash;
                    insert(&mut self.index, *block, hash, offset);
                }
            }
        }
        let offset = block.len;
        block.len += 1;
        self.edges[(block.start + offset) as usize] = edge;
        if block.cap >= INDEXED {
            insert(&mut self.index, *block, hash, offset);
        }
        (block.start + offset) as usize
    }

    #[inline]
    pub fn find_or_add(&mut self, node: u32, key: K, hash: u32, stamp: u32) -> usize {
        match self.find(node, key, hash) {
            Some(edge) => edge,
            None => self.add(node, key, hash, stamp),
        }
    }
}

/// Puts `offset` into `block`'s index, at the first free slot from `hash`.
fn insert(index: &mut [u32], block: Block, hash: u32, offset: u32) {
    let mask = 2 * block.cap - 1;
    let mut slot = hash & mask;
    while index[(block.index_start + slot) as usize] != FREE {
        slot = (slot + 1) & mask;
    }
    index[(block.index_start + slot) as usize] = offset;
}

/// The hash that edges and [`KeyIndex`] compare before comparing keys.
#[inline]
pub(crate) fn key_hash<K: Hash>(key: &K) -> u32 {
    let mut hasher = FxHasher::default();
    key.hash(&mut hasher);
    hasher.finish() as u32
}

/// The Firefox/rustc hash (one multiply per word): much faster than SipHash on the small keys
/// of a search, which no adversary chooses.
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
        // The multiply leaves its best bits at the top; tables index with the bottom ones.
        self.hash.rotate_left(26)
    }
}

/// Finds which of a node's children are among the legal moves of a sample: a small
/// open-addressing table from key hashes to indices in the legal-move list, rebuilt at every
/// decision and small enough to stay in the L1 cache.
#[derive(Debug)]
pub(crate) struct KeyIndex {
    /// `(generation, hash, index)`; a slot is empty unless its generation is the current one.
    slots: Vec<(u32, u32, u32)>,
    generation: u32,
    mask: usize,
}

impl KeyIndex {
    pub fn new() -> KeyIndex {
        KeyIndex {
            slots: Vec::new(),
            generation: 0,
            mask: 0,
        }
    }

    /// Indexes `keys` (with their `hashes`); `alias[i]` becomes the first index holding the
    /// same key as `keys[i]`.
    pub fn build<K: Eq>(&mut self, keys: &[K], hashes: &[u32], alias: &mut Vec<u32>) {
        let size = (keys.len() * 2).next_power_of_two().max(16);
        if self.slots.len() < size {
            self.slots = vec![(0, 0, 0); size];
            self.generation = 0;
        }
        self.mask = size - 1;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill((0, 0, 0));
            self.generation = 1;
        }
        alias.clear();
        for (i, (key, &hash)) in keys.iter().zip(hashes).enumerate() {
            let mut slot = hash as usize & self.mask;
            loop {
                let (generation, h, entry) = self.slots[slot];
                if generation != self.generation {
                    self.slots[slot] = (self.generation, hash, i as u32);
                    alias.push(i as u32);
                    break;
                }
                if h == hash && keys[entry as usize] == *key {
                    alias.push(entry);
                    break;
                }
                slot = (slot + 1) & self.mask;
            }
        }
    }

    /// The index of `key` (with hash `hash`) in the keys last built, if there.
    #[inline]
    pub fn get<K: Eq>(&self, keys: &[K], key: &K, hash: u32) -> Option<usize> {
        let mut slot = hash as usize & self.mask;
        loop {
            let (generation, h, entry) = self.slots[slot];
            if generation != self.generation {
                return None;
            }
            if h == hash && keys[entry as usize] == *key {
                return Some(entry as usize);
            }
            slot = (slot + 1) & self.mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_are_found_and_added_once() {
        type Key = (u8, Option<u8>);
        let mut tree: Tree<Key> = Tree::new();
        let find = |tree: &Tree<Key>, node, key: Key| tree.find(node, key, key_hash(&key));
        let add =
            |tree: &mut Tree<Key>, node, key: Key| tree.find_or_add(node, key, key_hash(&key), 3);
        tree.add(0, (1, None), key_hash(&(1u8, None::<u8>)), 1);
        // Adding to a full block moves it: edge indices hold only until the node grows.
        let b = add(&mut tree, 0, (1, Some(2)));
        let a = find(&tree, 0, (1, None)).unwrap();
        assert_ne!(a, b);
        assert_eq!(add(&mut tree, 0, (1, None)), a);
        assert_eq!(find(&tree, 0, (1, Some(2))), Some(b));
        let child = tree.edges[a].child;
        assert_eq!(find(&tree, child, (1, Some(2))), None);
        assert_eq!(tree.edges[a].avail, 1);
        // Interleaved growth moves blocks; every child stays findable.
        for i in 0..50u8 {
            add(&mut tree, 0, (i, Some(i)));
            add(&mut tree, child, (i, None));
        }
        for i in 0..50u8 {
            let edge = find(&tree, 0, (i, Some(i))).unwrap();
            assert_eq!(tree.edges[edge].key, (i, Some(i)));
            assert!(find(&tree, child, (i, None)).is_some());
        }
        assert_eq!(tree.children(0).len(), 52);
        assert!(tree.edges.len() <= 4 * (52 + 50));
        tree.clear();
        assert_eq!(find(&tree, 0, (1, None)), None);
        assert_eq!(tree.children(0).len(), 0);
    }

    #[test]
    fn key_index_finds_keys_and_aliases_duplicates() {
        let mut index = KeyIndex::new();
        let mut alias = Vec::new();
        let hashes = |keys: &[u32]| keys.iter().map(key_hash).collect::<Vec<_>>();
        let keys: Vec<u32> = vec![7, 3, 7, 100, 3];
        index.build(&keys, &hashes(&keys), &mut alias);
        assert_eq!(alias, [0, 1, 0, 3, 1]);
        assert_eq!(index.get(&keys, &100, key_hash(&100u32)), Some(3));
        assert_eq!(index.get(&keys, &5, key_hash(&5u32)), None);
        // A colliding hash with another key is no match.
        assert_eq!(index.get(&keys, &5, key_hash(&100u32)), None);
        let keys: Vec<u32> = (0..40).collect();
        index.build(&keys, &hashes(&keys), &mut alias);
        assert!((0..40).all(|k| index.get(&keys, &k, key_hash(&k)) == Some(k as usize)));
        assert_eq!(index.get(&keys, &7000, key_hash(&7000u32)), None);
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
