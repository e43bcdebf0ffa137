//! Zobrist numbers: one fixed 64-bit number per point and colour, so a
//! position's hash is the XOR of the numbers of its stones and can be updated
//! stone by stone.
//!
//! The numbers come from a SplitMix64 sequence with a fixed seed, so a hash
//! means the same thing in every run and on every machine (a test pins a few
//! values). The empty board hashes to zero.

/// The seed of the sequence. Changing it changes every stored hash.
const SEED: u64 = 0x7465_6E67_656E_2D7A; // "tengen-z"

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The numbers of points `0..count`: `[first colour, second colour]` each.
/// A point's numbers depend only on its index.
pub(crate) fn point_keys(count: usize) -> Vec<[u64; 2]> {
    let mut state = SEED;
    (0..count)
        .map(|_| [splitmix64(&mut state), splitmix64(&mut state)])
        .collect()
}

/// The number XORed into a position's hash to say which seat moves next,
/// for repetition rules that compare situations rather than boards.
pub const fn seat_to_move_key(seat: crate::colour::Seat) -> u64 {
    match seat {
        crate::colour::Seat::One => 0,
        crate::colour::Seat::Two => 0xD6E8_FEB8_6659_FD93,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_pinned() {
        // These values are part of the hash format; see the module docs.
        let keys = point_keys(2);
        assert_eq!(keys[0], [0x1f56_cf50_3b1a_b9f7, 0x6114_f111_47e4_56ac]);
        assert_eq!(keys[1][0], 0x4dec_88be_d33f_01b4);
        let again = point_keys(400);
        assert_eq!(&again[..2], &keys[..]);
        let mut seen = std::collections::HashSet::new();
        assert!(
            again.iter().flatten().all(|k| seen.insert(*k)),
            "numbers are distinct"
        );
    }
}
