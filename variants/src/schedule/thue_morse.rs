//! The Thue-Morse order.

use tengen_core::Schedule;
use tengen_core::rules::Slot;

tengen_core::component! {
    /// The Thue-Morse order: number the placements from 0; placement `k`
    /// belongs to letter A when `k` has an even number of 1 digits in
    /// binary, and to letter B otherwise. It begins
    /// `A B B A B A A B B A A B A B B A`, which groups into moves of one or
    /// two placements: `A | BB | A | B | AA | BB | AA | B | A | BB | ...`.
    ///
    /// Every opportunity is used by exactly one thing (a stone, a pass, the
    /// button, a served handicap pass), and the index advances for each.
    #[component(Schedule, "thue-morse")]
    #[derive(Debug)]
    pub struct ThueMorse;
}

crate::no_params!(ThueMorse);

tengen_core::component_without_hooks!(ThueMorse);

impl Schedule for ThueMorse {
    #[inline]
    fn slot(&self, k: u64) -> Slot {
        if k.count_ones().is_multiple_of(2) {
            Slot::A
        } else {
            Slot::B
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_begins_as_the_text_says() {
        let letters: String = (0..16)
            .map(|k| {
                if ThueMorse.slot(k) == Slot::A {
                    'R'
                } else {
                    'B'
                }
            })
            .collect();
        assert_eq!(letters, "RBBRBRRBBRRBRBBR");
    }
}
