//! The random numbers of playouts and tests: small, fast and reproducible
//! from a seed.

/// A small, fast, reproducible random number generator (xorshift64*).
#[derive(Clone, Debug)]
pub struct PlayoutRng(u64);

impl PlayoutRng {
    /// A generator started from `seed` (any value; zero is replaced).
    pub fn new(seed: u64) -> PlayoutRng {
        PlayoutRng(seed.max(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number from 0 to `n - 1` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}
