use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::SeedableRng;
use rand_core::RngCore;

/// The generator behind every seeded deal: ChaCha20, keyed by the seed's eight little-endian
/// bytes followed by zeros.
///
/// ChaCha20 is specified independently of this code base (RFC 8439), so a seed written into a
/// game record today means the same deal on every machine and in every future version. The
/// first outputs are pinned by a test.
#[derive(Clone, Debug)]
pub struct SeedRng(ChaCha20Rng);

impl SeedRng {
    pub fn new(seed: u64) -> SeedRng {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        SeedRng(ChaCha20Rng::from_seed(key))
    }
}

impl RngCore for SeedRng {
    fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.0.fill_bytes(dest)
    }
}

/// A small, fast generator for random playouts and bots (wyrand). Not for deals: those use
/// [`SeedRng`].
#[derive(Clone, Debug)]
pub struct FastRng(u64);

impl FastRng {
    pub fn new(seed: u64) -> FastRng {
        FastRng(seed)
    }
}

impl RngCore for FastRng {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let product = u128::from(self.0) * u128::from(self.0 ^ 0xe703_7ed1_a0b4_28db);
        (product as u64) ^ ((product >> 64) as u64)
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
}

/// Our own uniform draws and shuffle over any generator.
///
/// These are written here rather than taken from `rand` so that their exact use of the
/// generator's output can never change under us: a deal depends only on ChaCha20 and this code.
pub trait GameRng: RngCore {
    /// A uniform number in `0..n` (Lemire's multiply-and-reject on 32-bit outputs).
    ///
    /// # Panics
    ///
    /// If `n` is 0.
    fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0)");
        loop {
            let product = u64::from(self.next_u32()) * u64::from(n);
            let low = product as u32;
            if low >= n || low >= n.wrapping_neg() % n {
                return (product >> 32) as u32;
            }
        }
    }

    /// A uniform index into a slice of `len` elements.
    fn index(&mut self, len: usize) -> usize {
        self.below(u32::try_from(len).expect("fewer than 2^32 elements")) as usize
    }

    /// Fisher–Yates, from the last element down.
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

impl<R: RngCore + ?Sized> GameRng for R {}

#[cfg(test)]
mod tests {
    use super::*;

    // These numbers are part of every seeded game record ever written: if this test fails, old
    // records replay differently. Do not update them; fix the generator.
    #[test]
    fn seed_rng_first_outputs_are_pinned() {
        let mut rng = SeedRng::new(0);
        let firsts: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
        assert_eq!(firsts, PINNED_SEED_0);
        let mut rng = SeedRng::new(42);
        let draws: Vec<u32> = (0..8).map(|_| rng.below(10)).collect();
        assert_eq!(draws, PINNED_SEED_42_BELOW_10);
        let mut deck: Vec<u8> = (0..10).collect();
        SeedRng::new(7).shuffle(&mut deck);
        assert_eq!(deck, PINNED_SEED_7_SHUFFLE);
    }

    const PINNED_SEED_0: [u32; 4] = [2917185654, 2419978656, 3848953152, 683509331];
    const PINNED_SEED_42_BELOW_10: [u32; 8] = [1, 4, 3, 7, 8, 7, 9, 1];
    const PINNED_SEED_7_SHUFFLE: [u8; 10] = [5, 8, 4, 3, 6, 9, 0, 1, 2, 7];

    #[test]
    fn chacha20_matches_rfc_8439_keystream() {
        // RFC 8439 section 2.3.2 uses a nonce; with the all-zero key and nonce the first block is
        // the well-known 76 b8 e0 ad ... keystream.
        let mut rng = SeedRng::new(0);
        let mut bytes = [0u8; 8];
        rng.fill_bytes(&mut bytes);
        assert_eq!(bytes, [0x76, 0xb8, 0xe0, 0xad, 0xa0, 0xf1, 0x3d, 0x90]);
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = FastRng::new(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let x = rng.below(7);
            seen[x as usize] = true;
        }
        assert!(seen.iter().all(|s| *s));
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut items: Vec<u32> = (0..100).collect();
        SeedRng::new(3).shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort();
        assert_eq!(sorted, (0..100).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}
