use std::hash::{Hash, Hasher};

/// The statistics of a move out of a node, and the node it leads to.
///
/// They sit in the parent's block rather than in the child so that choosing among a node's
/// children reads one contiguous block of memory: on a large tree, scattered reads (one cache
/// miss per legal move) cost more than everything else an iteration does. The moves' keys live
/// apart ([`Tree::key`]), so that the 16 bytes UCB reads per legal move share cache lines with
/// nothing else.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Edge {
    /// The node the move leads to.
    pub child: u32,
    /// Iterations that went through this edge.
    pub visits: u32,
    /// Iterations in which this move was legal when its parent was reached: the "N" under the
    /// logarithm of UCB in ISMCTS, since a move of a hidden hand is not always there to pick.
    pub avail: u32,
    /// Sum of the rewards of the seat that made this move.
    pub reward: f32,
}

/// Where a node's children are: `edges[start..start + len]` (and the same range of `keys` and
/// `codes`), with room for `cap`; and, once it has many, their index: the hash index
/// `index[index_start..index_start + 2 * cap]`, or with numbered keys the table
/// `table[index_start..index_start + space]`.
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

/// A slot of a node's index: a child's offset in its block ([`FREE`] for none) and its key's
/// hash, so that probing past other keys reads nothing but the index.
#[derive(Copy, Clone, Debug)]
struct Slot {
    hash: u32,
    offset: u32,
}

/// Nodes with room for this many children or more get a hash index of them.
const INDEXED: u32 = 16;
/// The offset of an empty slot of an index.
const FREE: u32 = u32::MAX;
const FREE_SLOT: Slot = Slot {
    hash: 0,
    offset: FREE,
};
/// An empty entry of a table of numbered keys.
const NO_CHILD: u16 = u16::MAX;
/// The most keys a game may number ([`crate::Heuristics::KEY_SPACE`]): offsets in a table
/// are `u16`s, and a node has no more children than there are keys.
pub(crate) const MAX_KEY_SPACE: usize = NO_CHILD as usize;

/// One observer's tree: each node's outgoing edges in one block of shared vectors; a full
/// block moves to the end of the vectors with twice the room (so no more than half of them is
/// ever left behind). Node 0 is the root.
///
/// An edge's index holds until its parent gets another child. A search only adds children to
/// the node it stands on, below every edge of its path, so a path's indices hold for the
/// whole iteration.
///
/// A node with many children (an opponent's decision, where every tile it might hold is a
/// branch) also gets an index of them, so that looking up the legal moves of a sample does
/// not scan every child: an open-addressing table from key hashes to offsets in its block; or,
/// when the game numbers its keys densely, a table from key numbers to offsets, which needs
/// neither hashing nor probing nor comparing keys.
///
/// Every key comes with a code: its number when the game numbers keys, else its hash
/// ([`key_hash`]). Codes are compared before keys, and numbers alone decide.
#[derive(Debug)]
pub(crate) struct Tree<K> {
    blocks: Vec<Block>,
    pub edges: Vec<Edge>,
    keys: Vec<K>,
    codes: Vec<u32>,
    index: Vec<Slot>,
    table: Vec<u16>,
    /// How many numbers keys may have; 0 when they are hashed.
    space: usize,
}

impl<K: Copy + Eq> Tree<K> {
    /// A tree whose keys are hashed (`space` 0) or numbered below `space`.
    pub fn new(space: usize) -> Tree<K> {
        assert!(
            space <= MAX_KEY_SPACE,
            "at most {MAX_KEY_SPACE} key numbers"
        );
        Tree {
            blocks: vec![EMPTY],
            edges: Vec::new(),
            keys: Vec::new(),
            codes: Vec::new(),
            index: Vec::new(),
            table: Vec::new(),
            space,
        }
    }

    /// Empties the tree, keeping its memory for the next search.
    pub fn clear(&mut self) {
        self.blocks.clear();
        self.blocks.push(EMPTY);
        self.edges.clear();
        self.keys.clear();
        self.codes.clear();
        self.index.clear();
        self.table.clear();
    }

    /// Whether a key with code `code` is `key`, given that `other`'s code is `code` too.
    #[inline]
    fn same(&self, other: K, key: K) -> bool {
        self.space > 0 || other == key
    }

    /// The indices in `edges` of `node`'s children.
    #[inline]
    pub fn children(&self, node: u32) -> std::ops::Range<usize> {
        let block = self.blocks[node as usize];
        block.start as usize..(block.start + block.len) as usize
    }

    /// The key of edge `e`.
    #[cfg(test)]
    fn key(&self, e: usize) -> K {
        self.keys[e]
    }

    #[inline]
    pub fn find(&self, node: u32, key: K, code: u32) -> Option<usize> {
        let block = self.blocks[node as usize];
        if block.cap < INDEXED {
            let range = block.start as usize..(block.start + block.len) as usize;
            return self.codes[range.clone()]
                .iter()
                .zip(&self.keys[range.clone()])
                .position(|(&c, &k)| c == code && self.same(k, key))
                .map(|offset| range.start + offset);
        }
        if self.space > 0 {
            let offset = self.table[block.index_start as usize + code as usize];
            return (offset != NO_CHILD).then_some((block.start + u32::from(offset)) as usize);
        }
        self.find_hashed(block, key, code)
    }

    #[inline]
    fn find_hashed(&self, block: Block, key: K, hash: u32) -> Option<usize> {
        let mask = 2 * block.cap - 1;
        let index =
            &self.index[block.index_start as usize..(block.index_start + 2 * block.cap) as usize];
        let mut slot = hash & mask;
        loop {
            let Slot { hash: h, offset } = index[slot as usize];
            if offset == FREE {
                return None;
            }
            if h == hash {
                let e = (block.start + offset) as usize;
                if self.keys[e] == key {
                    return Some(e);
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Adds a child of `node` along `key` (which it must not have yet), available once, and
    /// returns its edge.
    pub fn add(&mut self, node: u32, key: K, code: u32) -> usize {
        let child = self.blocks.len() as u32;
        self.blocks.push(EMPTY);
        let edge = Edge {
            child,
            visits: 0,
            avail: 1,
            reward: 0.0,
        };
        let block = &mut self.blocks[node as usize];
        if block.len == block.cap {
            let start = self.edges.len();
            let cap = (block.cap * 2).max(1);
            let old = block.start as usize..(block.start + block.len) as usize;
            self.edges.extend_from_within(old.clone());
            self.keys.extend_from_within(old.clone());
            self.codes.extend_from_within(old);
            // Spare room holds copies of the new edge; only `len` edges are ever read.
            self.edges.resize(start + cap as usize, edge);
            self.keys.resize(start + cap as usize, key);
            self.codes.resize(start + cap as usize, code);
            block.start = start as u32;
            let was_indexed = block.cap >= INDEXED;
            block.cap = cap;
            if self.space > 0 {
                // Offsets within the block do not change when it moves: one table serves for
                // the node's life.
                if cap >= INDEXED && !was_indexed {
                    block.index_start = self.table.len() as u32;
                    self.table.resize(self.table.len() + self.space, NO_CHILD);
                    for offset in 0..block.len {
                        let code = self.codes[(block.start + offset) as usize];
                        self.table[(block.index_start + code) as usize] = offset as u16;
                    }
                }
            } else if cap >= INDEXED {
                block.index_start = self.index.len() as u32;
                self.index
                    .resize(self.index.len() + 2 * cap as usize, FREE_SLOT);
                for offset in 0..block.len {
                    let hash = self.codes[(block.start + offset) as usize];
                    insert(&mut self.index, *block, hash, offset);
                }
            }
        }
        let offset = block.len;
        block.len += 1;
        let e = (block.start + offset) as usize;
        self.edges[e] = edge;
        self.keys[e] = key;
        self.codes[e] = code;
        if block.cap >= INDEXED {
            if self.space > 0 {
                self.table[(block.index_start + code) as usize] = offset as u16;
            } else {
                insert(&mut self.index, *block, code, offset);
            }
        }
        e
    }

    /// Sets `edges[i]` to the child of `node` along the key with code `codes[i]` (and key
    /// `keys[i]`: the keys are needed only when they are hashed), or to [`UNTRIED`] when
    /// there is none, and counts each child found as available once, however many keys lead
    /// to it.
    pub fn match_keys(
        &mut self,
        node: u32,
        keys: Option<&[K]>,
        codes: &[u32],
        edges: &mut [u32],
        scratch: &mut Matcher,
    ) {
        edges.fill(UNTRIED);
        let block = self.blocks[node as usize];
        let children = block.start as usize..(block.start + block.len) as usize;
        if block.cap >= INDEXED && self.space > 0 {
            // A number met twice in one call is one child: count it once.
            let (seen, round) = scratch.next_round(self.space);
            let table =
                &self.table[block.index_start as usize..block.index_start as usize + self.space];
            for (&code, edge) in codes.iter().zip(edges.iter_mut()) {
                let offset = table[code as usize];
                if offset != NO_CHILD {
                    let e = block.start as usize + usize::from(offset);
                    *edge = e as u32;
                    if seen[code as usize] != round {
                        seen[code as usize] = round;
                        self.edges[e].avail += 1;
                    }
                }
            }
        } else if block.cap >= INDEXED {
            let keys = keys.expect("hashed keys to compare");
            // Many children, of which only some are legal now: look the keys up (a hit at
            // every mature node, so the branches predict well) rather than scan.
            let marks = &mut scratch.marks;
            marks.clear();
            marks.resize(block.cap.div_ceil(64) as usize, 0);
            let index = &self.index
                [block.index_start as usize..(block.index_start + 2 * block.cap) as usize];
            let mask = 2 * block.cap - 1;
            for ((&key, &hash), edge) in keys.iter().zip(codes).zip(edges.iter_mut()) {
                let mut slot = hash & mask;
                loop {
                    let Slot { hash: h, offset } = index[slot as usize];
                    if offset == FREE {
                        break;
                    }
                    let e = (block.start + offset) as usize;
                    if h == hash && self.keys[e] == key {
                        *edge = e as u32;
                        let (word, bit) = ((offset / 64) as usize, 1u64 << (offset % 64));
                        if marks[word] & bit == 0 {
                            marks[word] |= bit;
                            self.edges[e].avail += 1;
                        }
                        break;
                    }
                    slot = (slot + 1) & mask;
                }
            }
        } else if children.len() * codes.len() <= PAIRWISE {
            for e in children {
                let (key, code) = (self.keys[e], self.codes[e]);
                let mut found = false;
                for (i, (&c, edge)) in codes.iter().zip(edges.iter_mut()).enumerate() {
                    if c == code && keys.is_none_or(|keys| keys[i] == key) {
                        *edge = e as u32;
                        found = true;
                    }
                }
                if found {
                    self.edges[e].avail += 1;
                }
            }
        } else {
            let found = |scratch: &Matcher, e: usize| match keys {
                Some(keys) => scratch.index.get(keys, &self.keys[e], self.codes[e]),
                // Numbers are keys.
                None => scratch.index.get(codes, &self.codes[e], self.codes[e]),
            };
            match keys {
                Some(keys) => scratch.index.build(keys, codes, &mut scratch.alias),
                None => scratch.index.build(codes, codes, &mut scratch.alias),
            }
            for e in children {
                if let Some(i) = found(scratch, e) {
                    edges[i] = e as u32;
                    self.edges[e].avail += 1;
                }
            }
            for (i, &first) in scratch.alias.iter().enumerate() {
                edges[i] = edges[first as usize];
            }
        }
    }

    #[inline]
    pub fn find_or_add(&mut self, node: u32, key: K, code: u32) -> usize {
        match self.find(node, key, code) {
            Some(edge) => edge,
            None => self.add(node, key, code),
        }
    }
}

/// Marks a key with no child yet in [`Tree::match_keys`].
pub(crate) const UNTRIED: u32 = u32::MAX;
/// Below this many (children × keys) comparisons, matching them pairwise beats hashing.
const PAIRWISE: usize = 256;

/// Scratch space of [`Tree::match_keys`], kept between calls.
#[derive(Debug)]
pub(crate) struct Matcher {
    index: KeyIndex,
    alias: Vec<u32>,
    /// Which children of an indexed node have been counted available, by offset.
    marks: Vec<u64>,
    /// For each key number, the last round (call) that counted its child available.
    seen: Vec<u32>,
    round: u32,
}

impl Matcher {
    pub fn new() -> Matcher {
        Matcher {
            index: KeyIndex::new(),
            alias: Vec::new(),
            marks: Vec::new(),
            seen: Vec::new(),
            round: 0,
        }
    }

    /// Starts a round of counting children by key number (below `space`): the numbers' last
    /// rounds and the new round, which none of them has yet.
    fn next_round(&mut self, space: usize) -> (&mut [u32], u32) {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 || self.seen.len() < space {
            self.seen.clear();
            self.seen.resize(space, 0);
            self.round = 1;
        }
        (&mut self.seen[..space], self.round)
    }
}

/// Puts `offset` into `block`'s index, at the first free slot from `hash`.
fn insert(index: &mut [Slot], block: Block, hash: u32, offset: u32) {
    let mask = 2 * block.cap - 1;
    let mut slot = hash & mask;
    while index[(block.index_start + slot) as usize].offset != FREE {
        slot = (slot + 1) & mask;
    }
    index[(block.index_start + slot) as usize] = Slot { hash, offset };
}

/// The hash that edges and [`KeyIndex`] compare before comparing keys.
#[inline]
pub(crate) fn key_hash<K: Hash>(key: &K) -> u32 {
    let mut hasher = FxHasher::default();
    key.hash(&mut hasher);
    hasher.finish() as u32
}

/// A hash for the small keys of a search, which no adversary chooses: each word is folded
/// in with a rotation and an exclusive or, and one wide multiplication mixes them at the end.
/// Unlike the Firefox/rustc hash (one multiply per word), it has no chain of multiplications,
/// whose latency showed when hashing every legal move of a node.
#[derive(Copy, Clone, Default, Debug)]
pub(crate) struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0xf135_7aea_2e62_a9c5;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = self.hash.rotate_left(8) ^ word;
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
        // A folded multiply: the low bits, which tables index with, depend on every bit.
        let product = u128::from(self.hash) * u128::from(SEED);
        (product as u64) ^ ((product >> 64) as u64)
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
        let mut tree: Tree<Key> = Tree::new(0);
        let find = |tree: &Tree<Key>, node, key: Key| tree.find(node, key, key_hash(&key));
        let add =
            |tree: &mut Tree<Key>, node, key: Key| tree.find_or_add(node, key, key_hash(&key));
        tree.add(0, (1, None), key_hash(&(1u8, None::<u8>)));
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
            assert_eq!(tree.key(edge), (i, Some(i)));
            assert!(find(&tree, child, (i, None)).is_some());
        }
        assert_eq!(tree.children(0).len(), 52);
        assert!(tree.edges.len() <= 4 * (52 + 50));
        tree.clear();
        assert_eq!(find(&tree, 0, (1, None)), None);
        assert_eq!(tree.children(0).len(), 0);
    }

    #[test]
    fn numbered_keys_are_found_through_their_table() {
        let mut tree: Tree<u8> = Tree::new(200);
        let mut matcher = Matcher::new();
        for key in (0..100u8).rev() {
            assert_eq!(tree.find(0, key, u32::from(key)), None);
            let e = tree.add(0, key, u32::from(key));
            assert_eq!(tree.find(0, key, u32::from(key)), Some(e));
            tree.find_or_add(tree.edges[e].child, key, u32::from(key));
        }
        assert!(tree.table.len() == 200 && tree.index.is_empty());
        for key in 0..100u8 {
            let e = tree.find(0, key, u32::from(key)).unwrap();
            assert_eq!(tree.key(e), key);
            assert_eq!(tree.edges[e].avail, 1);
        }
        assert_eq!(tree.find(0, 150, 150), None);
        // Duplicate keys count their child available once; missing ones are untried.
        let keys = [7u8, 150, 7, 99];
        let codes = keys.map(u32::from);
        let mut edges = [0; 4];
        tree.match_keys(0, None, &codes, &mut edges, &mut matcher);
        assert_eq!(edges[1], UNTRIED);
        assert_eq!(edges[0], edges[2]);
        assert_eq!(tree.edges[edges[0] as usize].avail, 2);
        assert_eq!(tree.edges[edges[3] as usize].avail, 2);
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
