//! The light board's memory of earlier boards under positional superko,
//! with a test on stone counts that settles most placements without the
//! hash of the board they would make.
//!
//! Two equal boards hold as many stones of each colour. A placement makes
//! a board with one stone more of the mover's colour than the board
//! before it, less the opposing stones it captures (or less its own
//! string, where that is left without a liberty), so it can repeat an
//! earlier board only if some earlier board held exactly those counts.
//! The memory keeps, for the boards made since the game was loaded, which
//! pairs of counts occurred (one bit a pair); for the boards from before,
//! whose counts the game does not keep, a bound: no earlier board held
//! more of a colour's stones than the board at loading holds plus every
//! stone of that colour that had left the board by then
//! ([`Board::removed_count`](crate::board::Board::removed_count)). A
//! random playout soon fills the board past that bound and through pairs
//! of counts it has not had, so most placements are settled by two bit
//! tests; the others are looked up by hash.

use crate::board::Board;
use crate::colour::{ByColour, Colour};

/// Every board the game has had, by hash, with the counts that tell which
/// boards a new one could repeat.
#[derive(Clone, Debug)]
pub(crate) struct Superko {
    /// The hashes of every board, from before loading and since.
    boards: BoardSet,
    /// The stones of each colour on the board now.
    stones: ByColour<u32>,
    /// The most stones of each colour a board from before loading can
    /// have held.
    loaded_most: ByColour<u32>,
    /// The counts of the boards made since loading.
    made: CountPairs,
}

/// A set of board hashes, made for the playout's pattern of use: an
/// insertion a placement, a lookup now and then, and the whole set reset
/// to the game's at the start of every playout. Open addressing over a
/// power-of-two table with linear probing, the hash's low bits as the
/// first slot (Zobrist hashes are uniformly random already); zero marks
/// an empty slot, so the board whose hash is zero (the empty board) is
/// kept apart. The filled slots are listed, so a reset touches only them.
#[derive(Clone, Debug)]
struct BoardSet {
    slots: Vec<u64>,
    /// The filled slots, in the order they were filled.
    filled: Vec<u32>,
    has_zero: bool,
}

impl BoardSet {
    /// An empty set with room for `boards` boards.
    fn with_room(boards: usize) -> BoardSet {
        BoardSet {
            slots: vec![0; (2 * boards).next_power_of_two().max(64)],
            filled: Vec::with_capacity(boards),
            has_zero: false,
        }
    }

    #[inline]
    fn contains(&self, hash: u64) -> bool {
        if hash == 0 {
            return self.has_zero;
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            match self.slots[i] {
                0 => return false,
                h if h == hash => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    #[inline]
    fn insert(&mut self, hash: u64) {
        if hash == 0 {
            self.has_zero = true;
            return;
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            match self.slots[i] {
                0 => break,
                h if h == hash => return,
                _ => i = (i + 1) & mask,
            }
        }
        self.slots[i] = hash;
        self.filled.push(i as u32);
        // At most half full, so a probe meets an empty slot soon.
        if 2 * self.filled.len() > self.slots.len() {
            self.reserve(self.filled.len() + 1);
        }
    }

    /// Makes room for `boards` boards in all, inserting the boards again
    /// in a larger table where this one is too small.
    #[cold]
    fn reserve(&mut self, boards: usize) {
        if 2 * boards <= self.slots.len() {
            self.filled
                .reserve(boards.saturating_sub(self.filled.len()));
            return;
        }
        let mut bigger = BoardSet::with_room(boards);
        for &i in &self.filled {
            bigger.insert(self.slots[i as usize]);
        }
        bigger.has_zero = self.has_zero;
        *self = bigger;
    }

    /// Empties the set.
    fn clear(&mut self) {
        for &i in &self.filled {
            self.slots[i as usize] = 0;
        }
        self.filled.clear();
        self.has_zero = false;
    }

    /// Makes this set `source`'s boards, reusing its table where it is as
    /// large.
    fn copy_from(&mut self, source: &BoardSet) {
        if self.slots.len() != source.slots.len() {
            self.clone_from(source);
            return;
        }
        self.clear();
        for &i in &source.filled {
            self.slots[i as usize] = source.slots[i as usize];
        }
        self.filled.extend_from_slice(&source.filled);
        self.has_zero = source.has_zero;
    }
}

/// The pairs of stone counts (black, white) the boards made since loading
/// held, one bit a pair, with the pairs listed so a reset touches only
/// their bits.
#[derive(Clone, Debug)]
struct CountPairs {
    /// Possible counts of one colour (the points plus one): bit
    /// `black * counts + white` stands for the pair.
    counts: u32,
    bits: Vec<u64>,
    listed: Vec<u32>,
}

impl CountPairs {
    fn new(points: usize) -> CountPairs {
        let counts = points as u32 + 1;
        CountPairs {
            counts,
            bits: vec![0; (counts as usize * counts as usize).div_ceil(64)],
            listed: Vec::with_capacity(4 * points),
        }
    }

    #[inline(always)]
    fn index(&self, counts: ByColour<u32>) -> usize {
        (counts[Colour::Black] * self.counts + counts[Colour::White]) as usize
    }

    #[inline(always)]
    fn contains(&self, counts: ByColour<u32>) -> bool {
        let pair = self.index(counts);
        self.bits
            .get(pair / 64)
            .is_some_and(|word| word & (1 << (pair % 64)) != 0)
    }

    #[inline(always)]
    fn insert(&mut self, counts: ByColour<u32>) {
        let pair = self.index(counts);
        if let Some(word) = self.bits.get_mut(pair / 64) {
            *word |= 1 << (pair % 64);
        }
        self.listed.push(pair as u32);
    }

    fn clear(&mut self) {
        for &pair in &self.listed {
            if let Some(word) = self.bits.get_mut(pair as usize / 64) {
                *word = 0;
            }
        }
        self.listed.clear();
    }

    fn copy_from(&mut self, source: &CountPairs) {
        if self.counts != source.counts {
            self.clone_from(source);
            return;
        }
        self.clear();
        for &pair in &source.listed {
            self.bits[pair as usize / 64] |= 1 << (pair % 64);
        }
        self.listed.extend_from_slice(&source.listed);
    }
}

impl Superko {
    /// The memory of a game whose board is `board` and whose earlier
    /// boards (this one included) have the hashes `history`.
    pub(crate) fn new(board: &Board, history: impl Iterator<Item = u64>) -> Superko {
        let mut superko = Superko {
            boards: BoardSet::with_room(0),
            stones: ByColour::default(),
            loaded_most: ByColour::default(),
            made: CountPairs::new(board.geometry().point_count()),
        };
        superko.load(board, history);
        superko
    }

    /// Forgets everything and takes the game's board and history (as
    /// [`Superko::new`]), reusing the memory where it can.
    pub(crate) fn load(&mut self, board: &Board, history: impl Iterator<Item = u64>) {
        let points = board.geometry().point_count();
        if self.made.counts != points as u32 + 1 {
            self.made = CountPairs::new(points);
        }
        self.made.clear();
        self.boards.clear();
        for hash in history {
            self.boards.insert(hash);
        }
        // Room for a long playout's boards, so none grows the table.
        self.boards.reserve(self.boards.filled.len() + 4 * points);
        for colour in [Colour::Black, Colour::White] {
            self.stones[colour] = board.stone_count(colour);
            self.loaded_most[colour] = board.stone_count(colour) + board.removed_count(colour);
        }
    }

    /// Copies `source` into this memory, reusing its tables (as a tree
    /// search starting playout after playout from one position would).
    pub(crate) fn copy_from(&mut self, source: &Superko) {
        self.boards.copy_from(&source.boards);
        self.stones = source.stones;
        self.loaded_most = source.loaded_most;
        self.made.copy_from(&source.made);
    }

    /// Whether the board with `hash` has occurred.
    #[inline]
    pub(crate) fn contains(&self, hash: u64) -> bool {
        self.boards.contains(hash)
    }

    /// Whether the board left by a placement of `colour` that adds
    /// `added` of its stones, takes `removed` of them off and captures
    /// `captured` of the other colour's is new: no board since loading
    /// held its counts, and it holds more of one colour's stones than any
    /// board from before could.
    #[inline(always)]
    pub(crate) fn is_new_after(
        &self,
        colour: Colour,
        added: u32,
        removed: u32,
        captured: u32,
    ) -> bool {
        let mut after = self.stones;
        after[colour] = (after[colour] + added).wrapping_sub(removed);
        after[colour.opponent()] = after[colour.opponent()].wrapping_sub(captured);
        let outnumbers_loaded = after[Colour::Black] > self.loaded_most[Colour::Black]
            || after[Colour::White] > self.loaded_most[Colour::White];
        outnumbers_loaded && !self.made.contains(after)
    }

    /// Records the board a placement of `colour` made, with its `hash`,
    /// after it `captured` opposing stones and `self_captured` of its
    /// own.
    #[inline(always)]
    pub(crate) fn record(&mut self, hash: u64, colour: Colour, captured: u32, self_captured: u32) {
        self.boards.insert(hash);
        self.stones[colour] = self.stones[colour] + 1 - self_captured;
        self.stones[colour.opponent()] -= captured;
        self.made.insert(self.stones);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::test_positions::random_on;

    /// Every board of a random game: what each held, its hash, and the
    /// board itself at the end.
    fn boards_of_a_game(seed: u64, placements: usize) -> (Vec<(ByColour<u32>, u64)>, Board) {
        let mut board = random_on(5, seed, 0);
        let mut rng = crate::rng::PlayoutRng::new(seed);
        let mut sink = Vec::new();
        let mut boards = vec![(ByColour::default(), board.hash())];
        for i in 0..placements {
            let empty = board.empty_list();
            let p = empty[rng.below(empty.len())];
            let colour = Colour::BOTH[i % 2];
            if board.probe(p, colour).has_liberty {
                board.play(p, colour, &mut sink);
                let counts = ByColour::new(
                    board.stone_count(Colour::Black),
                    board.stone_count(Colour::White),
                );
                boards.push((counts, board.hash()));
            }
        }
        (boards, board)
    }

    #[test]
    fn no_earlier_board_outnumbers_the_board_and_its_removed_stones() {
        for seed in 0..20 {
            let (boards, board) = boards_of_a_game(seed, 60);
            for colour in [Colour::Black, Colour::White] {
                let most = boards.iter().map(|(c, _)| c[colour]).max().unwrap();
                assert!(most <= board.stone_count(colour) + board.removed_count(colour));
            }
        }
    }

    #[test]
    fn a_board_is_called_new_only_where_its_counts_have_not_occurred() {
        for seed in 0..20 {
            let (boards, board) = boards_of_a_game(seed, 60);
            let superko = Superko::new(&board, boards.iter().map(|&(_, h)| h));
            let loaded_most = |c: Colour| board.stone_count(c) + board.removed_count(c);
            for colour in [Colour::Black, Colour::White] {
                let new = superko.is_new_after(colour, 1, 0, 0);
                let mut after = superko.stones;
                after[colour] += 1;
                // Never new where an earlier board holds those counts.
                assert!(!(new && boards.iter().any(|(c, _)| *c == after)));
                assert_eq!(
                    new,
                    after[colour] > loaded_most(colour)
                        || after[colour.opponent()] > loaded_most(colour.opponent())
                );
            }
            assert!(boards.iter().all(|&(_, h)| superko.contains(h)));
        }
    }

    #[test]
    fn the_boards_made_since_loading_are_remembered_by_their_counts() {
        let board = Board::new(random_on(5, 0, 0).geometry().clone());
        let mut superko = Superko::new(&board, std::iter::once(board.hash()));
        let fresh = superko.clone();
        // The empty board's counts are the loaded board's own.
        assert!(!superko.is_new_after(Colour::Black, 0, 0, 0));
        assert!(superko.is_new_after(Colour::Black, 1, 0, 0));
        superko.record(11, Colour::Black, 0, 0);
        superko.record(12, Colour::White, 0, 0);
        // One black stone and one white: made, so not new; two black and
        // one white: not made.
        assert!(!superko.is_new_after(Colour::White, 0, 0, 0));
        assert!(superko.is_new_after(Colour::Black, 1, 0, 0));
        // A self-capture of the black stone and another would leave no
        // black stone and one white, which no board has held.
        assert!(superko.is_new_after(Colour::Black, 1, 2, 0));
        assert!(superko.contains(11) && superko.contains(12) && superko.contains(0));
        // A copy of the fresh memory forgets the playout's boards.
        superko.copy_from(&fresh);
        assert!(!superko.contains(11) && !superko.contains(12) && superko.contains(0));
        assert!(superko.is_new_after(Colour::White, 1, 0, 0));
    }

    #[test]
    fn the_set_of_boards_grows_and_keeps_every_board() {
        let mut set = BoardSet::with_room(0);
        let mut rng = crate::rng::PlayoutRng::new(5);
        let hashes: Vec<u64> = (0..1000).map(|_| rng.next_u64() | 1).collect();
        for &h in &hashes {
            set.insert(h);
        }
        set.insert(0);
        assert!(hashes.iter().all(|&h| set.contains(h)) && set.contains(0));
        assert!(!set.contains(2));
        let mut copy = BoardSet::with_room(2000);
        copy.copy_from(&set);
        assert!(hashes.iter().all(|&h| copy.contains(h)) && copy.contains(0));
        copy.clear();
        assert!(!copy.contains(hashes[0]) && !copy.contains(0));
    }
}
