//! The positions a game has passed through, for repetition rules.
//!
//! Every placement of every playout records one, so the history is kept
//! compact and cheap to grow, search and copy: the boards' hashes and the
//! rest of each occurrence in two flat lists (10 bytes an occurrence), and
//! an open-addressing table from a board to its first occurrence (2 bytes a
//! slot while the history has fewer than 65,535 occurrences, 4 after; at
//! most three quarters full). The table of boards is kept only for the
//! repetition rules that look boards up anywhere in the history, and the
//! table of situations (board and seat to act) only for the rules that
//! compare them; without its table, a lookup scans the list.

use crate::colour::Seat;
use crate::zobrist::seat_to_move_key;

/// One occurrence of a position: a board, and who acted next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occurrence {
    /// The board's Zobrist hash.
    pub board: u64,
    /// The seat that acted after the position arose.
    pub next_seat: Seat,
    /// The number of the move that created it (from 1), or 0 for a
    /// position from before play (the starting position, setup stones).
    pub move_number: u32,
    /// Whether that move went on after it (a position created by an early
    /// placement of a move with several).
    pub within_move: bool,
}

/// The bits of a move number kept with each occurrence; the bits above
/// them (the move number's "era") are kept once for each run of
/// occurrences that share them.
const LOW_BITS: u32 = 14;

impl Occurrence {
    /// The board and the seat to act, as one key.
    pub fn situation(&self) -> u64 {
        self.board ^ seat_to_move_key(self.next_seat)
    }

    /// The era of the move number: the bits above [`LOW_BITS`].
    fn era(&self) -> u32 {
        self.move_number >> LOW_BITS
    }

    /// The occurrence's seat, place in the move and the low bits of its
    /// move number, in 16 bits: the move number's bits above two flags.
    fn pack(&self) -> u16 {
        let low = self.move_number & ((1 << LOW_BITS) - 1);
        ((low << 2) | (u32::from(self.within_move) << 1) | u32::from(self.next_seat == Seat::Two))
            as u16
    }

    fn unpack(board: u64, packed: u16, era: u32) -> Occurrence {
        Occurrence {
            board,
            next_seat: if packed & 1 == 1 {
                Seat::Two
            } else {
                Seat::One
            },
            move_number: (era << LOW_BITS) | u32::from(packed >> 2),
            within_move: packed & 2 == 2,
        }
    }
}

/// A slot of a [`Table`]: an occurrence index plus one, or zero when free.
trait Slot: Copy + Default + Eq + std::fmt::Debug {
    /// The most occurrences a table of these slots can index.
    const CAPACITY: usize;
    fn holding(index: usize) -> Self;
    /// The index held, or `None` for a free slot.
    fn index(self) -> Option<usize>;
}

/// Slots of an unsigned integer type, holding indices up to its largest
/// value less one.
macro_rules! unsigned_slot {
    ($($width:ty),*) => {$(
        impl Slot for $width {
            const CAPACITY: usize = <$width>::MAX as usize;
            #[inline]
            fn holding(index: usize) -> $width {
                index as $width + 1
            }
            #[inline]
            fn index(self) -> Option<usize> {
                (self as usize).checked_sub(1)
            }
        }
    )*};
}

unsigned_slot!(u16, u32);

/// An open-addressing table with linear probing from a key to the index
/// of its first occurrence, the keys themselves (Zobrist hashes, uniformly
/// spread) choosing the slot; the key is read back from the occurrence.
#[derive(Clone, Debug, Default)]
struct Table<S> {
    slots: Vec<S>,
}

impl<S: Slot> Table<S> {
    #[inline]
    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    #[inline]
    fn find(&self, key: u64, key_of: impl Fn(usize) -> u64) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.mask();
        let mut slot = key as usize & mask;
        loop {
            let index = self.slots[slot].index()?;
            if key_of(index) == key {
                return Some(index);
            }
            slot = (slot + 1) & mask;
        }
    }

    #[inline]
    fn insert(&mut self, key: u64, index: usize, key_of: impl Fn(usize) -> u64) {
        let mask = self.mask();
        let mut slot = key as usize & mask;
        loop {
            match self.slots[slot].index() {
                None => {
                    self.slots[slot] = S::holding(index);
                    return;
                }
                Some(i) if key_of(i) == key => return,
                Some(_) => slot = (slot + 1) & mask,
            }
        }
    }

    fn remove(&mut self, key: u64, index: usize, key_of: impl Fn(usize) -> u64) {
        if self.slots.is_empty() {
            return;
        }
        let mask = self.mask();
        let mut slot = key as usize & mask;
        loop {
            match self.slots[slot].index() {
                None => return,
                Some(i) if i == index => break,
                Some(_) => slot = (slot + 1) & mask,
            }
        }
        let mut hole = slot;
        let mut next = (hole + 1) & mask;
        while let Some(i) = self.slots[next].index() {
            let home = key_of(i) as usize & mask;
            // The entry may fill the hole when its home is not in the
            // cyclic range (hole, next].
            if (next.wrapping_sub(home) & mask) >= (next.wrapping_sub(hole) & mask) {
                self.slots[hole] = self.slots[next];
                hole = next;
            }
            next = (next + 1) & mask;
        }
        self.slots[hole] = S::default();
    }

    /// Rebuilds the table with `size` slots from the `existing`
    /// occurrences, in order, so each key keeps its first occurrence.
    fn rebuild(&mut self, size: usize, existing: usize, key_of: impl Fn(usize) -> u64) {
        self.slots.clear();
        self.slots.resize(size, S::default());
        for index in 0..existing {
            self.insert(key_of(index), index, &key_of);
        }
    }

    fn heap_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<S>()
    }
}

/// A table from a key to the index of its first occurrence, in slots just
/// wide enough for the occurrences it must index.
#[derive(Clone, Debug)]
enum FirstIndex {
    Narrow(Table<u16>),
    Wide(Table<u32>),
}

impl Default for FirstIndex {
    fn default() -> Self {
        FirstIndex::Narrow(Table::default())
    }
}

impl FirstIndex {
    /// The first occurrence whose key is `key`, given how to read the key
    /// of an occurrence.
    #[inline]
    fn find(&self, key: u64, key_of: impl Fn(usize) -> u64) -> Option<usize> {
        match self {
            FirstIndex::Narrow(t) => t.find(key, key_of),
            FirstIndex::Wide(t) => t.find(key, key_of),
        }
    }

    /// Records occurrence `index` under `key` unless the key has an
    /// earlier occurrence. The table must have room (see
    /// [`FirstIndex::make_room`]).
    #[inline]
    fn insert(&mut self, key: u64, index: usize, key_of: impl Fn(usize) -> u64) {
        match self {
            FirstIndex::Narrow(t) => t.insert(key, index, key_of),
            FirstIndex::Wide(t) => t.insert(key, index, key_of),
        }
    }

    /// Forgets occurrence `index` (the latest) if it is the first of `key`:
    /// the slot is freed and the entries after it in its cluster are moved
    /// back where they belong, so every search still finds them.
    fn remove(&mut self, key: u64, index: usize, key_of: impl Fn(usize) -> u64) {
        match self {
            FirstIndex::Narrow(t) => t.remove(key, index, key_of),
            FirstIndex::Wide(t) => t.remove(key, index, key_of),
        }
    }

    /// How many occurrences fit: three quarters of the slots, and no more
    /// than the slots can number.
    #[inline]
    fn room(&self) -> usize {
        match self {
            FirstIndex::Narrow(t) => (t.slots.len() / 4 * 3).min(<u16 as Slot>::CAPACITY),
            FirstIndex::Wide(t) => t.slots.len() / 4 * 3,
        }
    }

    /// Makes sure `capacity` occurrences fit at most three quarters full;
    /// when the table grows, it is rebuilt from the `existing` occurrences
    /// (in wider slots once narrow ones cannot number them).
    #[inline]
    fn make_room(&mut self, capacity: usize, existing: usize, key_of: impl Fn(usize) -> u64) {
        if capacity > self.room() {
            self.grow(capacity, existing, key_of);
        }
    }

    #[cold]
    fn grow(&mut self, capacity: usize, existing: usize, key_of: impl Fn(usize) -> u64) {
        let size = (capacity * 4 / 3 + 1).next_power_of_two().max(64);
        if capacity > <u16 as Slot>::CAPACITY
            && let FirstIndex::Narrow(_) = self
        {
            *self = FirstIndex::Wide(Table::default());
        }
        match self {
            FirstIndex::Narrow(t) => t.rebuild(size, existing, key_of),
            FirstIndex::Wide(t) => t.rebuild(size, existing, key_of),
        }
    }

    /// Copies `source`, reusing this table's memory where the widths agree.
    fn copy_from(&mut self, source: &FirstIndex) {
        match (self, source) {
            (FirstIndex::Narrow(mine), FirstIndex::Narrow(theirs)) => {
                mine.slots.clone_from(&theirs.slots)
            }
            (FirstIndex::Wide(mine), FirstIndex::Wide(theirs)) => {
                mine.slots.clone_from(&theirs.slots)
            }
            (mine, theirs) => *mine = theirs.clone(),
        }
    }

    fn heap_bytes(&self) -> usize {
        match self {
            FirstIndex::Narrow(t) => t.heap_bytes(),
            FirstIndex::Wide(t) => t.heap_bytes(),
        }
    }
}

/// Every position occurrence in order, indexed by board (for the rules
/// that look boards up) and by situation (for the rules that compare
/// situations). The first entry is the position play started from.
#[derive(Debug)]
pub struct PositionHistory {
    boards: Vec<u64>,
    packed: Vec<u16>,
    /// Where each run of occurrences with one era of move numbers starts
    /// (an index, and the era), for the eras after the first.
    eras: Vec<(u32, u32)>,
    by_board: Option<FirstIndex>,
    by_situation: Option<FirstIndex>,
}

impl Default for PositionHistory {
    /// An empty history indexed by board, not by situation.
    fn default() -> Self {
        PositionHistory::new(true, false)
    }
}

impl Clone for PositionHistory {
    fn clone(&self) -> Self {
        PositionHistory {
            boards: self.boards.clone(),
            packed: self.packed.clone(),
            eras: self.eras.clone(),
            by_board: self.by_board.clone(),
            by_situation: self.by_situation.clone(),
        }
    }

    /// Copies `source`, reusing this history's memory.
    fn clone_from(&mut self, source: &Self) {
        self.boards.clone_from(&source.boards);
        self.packed.clone_from(&source.packed);
        self.eras.clone_from(&source.eras);
        copy_index(&mut self.by_board, &source.by_board);
        copy_index(&mut self.by_situation, &source.by_situation);
    }
}

/// Copies an optional index, reusing the memory of `mine` where both have
/// one.
fn copy_index(mine: &mut Option<FirstIndex>, theirs: &Option<FirstIndex>) {
    match (mine, theirs) {
        (Some(mine), Some(theirs)) => mine.copy_from(theirs),
        (mine, theirs) => mine.clone_from(theirs),
    }
}

impl PartialEq for PositionHistory {
    fn eq(&self, other: &Self) -> bool {
        self.boards == other.boards && self.packed == other.packed && self.eras == other.eras
    }
}

impl PositionHistory {
    /// An empty history; with `boards`, indexed by board (for the
    /// repetition rules that look boards up anywhere in the history; see
    /// [`crate::rules::RepetitionPolicy::looks_up_boards`]), and with
    /// `situations`, by situation (for the rules that compare situations;
    /// see [`crate::rules::RepetitionPolicy::compares_situations`]). A
    /// lookup without its index scans the history, with the same answer.
    pub fn new(boards: bool, situations: bool) -> PositionHistory {
        PositionHistory {
            boards: Vec::new(),
            packed: Vec::new(),
            eras: Vec::new(),
            by_board: boards.then(FirstIndex::default),
            by_situation: situations.then(FirstIndex::default),
        }
    }

    /// Makes room for `additional` more occurrences, so recording them
    /// allocates nothing.
    pub fn reserve(&mut self, additional: usize) {
        self.boards.reserve(additional);
        self.packed.reserve(additional);
        let (len, wanted) = (self.len(), self.len() + additional);
        let boards = &self.boards;
        if let Some(index) = &mut self.by_board {
            index.make_room(wanted, len, |i| boards[i]);
        }
        if let Some(index) = &mut self.by_situation {
            let packed = &self.packed;
            index.make_room(wanted, len, |i| situation_key(boards, packed, i));
        }
    }

    /// Records an occurrence.
    #[inline]
    pub fn push(&mut self, occurrence: Occurrence) {
        let at = self.boards.len();
        if occurrence.era() != self.era_of(at) {
            self.eras.push((at as u32, occurrence.era()));
        }
        self.boards.push(occurrence.board);
        self.packed.push(occurrence.pack());
        let boards = &self.boards;
        if let Some(index) = &mut self.by_board {
            index.make_room(at + 1, at, |i| boards[i]);
            index.insert(occurrence.board, at, |i| boards[i]);
        }
        if let Some(index) = &mut self.by_situation {
            let packed = &self.packed;
            index.make_room(at + 1, at, |i| situation_key(boards, packed, i));
            index.insert(occurrence.situation(), at, |i| {
                situation_key(boards, packed, i)
            });
        }
    }

    /// Forgets every occurrence from index `len` on.
    pub fn truncate(&mut self, len: usize) {
        while self.boards.len() > len {
            let at = self.boards.len() - 1;
            let occurrence = self.occurrence(at);
            let (boards, packed) = (&self.boards, &self.packed);
            if let Some(index) = &mut self.by_board {
                index.remove(occurrence.board, at, |i| boards[i]);
            }
            if let Some(index) = &mut self.by_situation {
                index.remove(occurrence.situation(), at, |i| {
                    situation_key(boards, packed, i)
                });
            }
            self.boards.pop();
            self.packed.pop();
            if self
                .eras
                .last()
                .is_some_and(|&(start, _)| start as usize == at)
            {
                self.eras.pop();
            }
        }
    }

    /// Returns to the history as it was when it had `len` occurrences, the
    /// latest of them `last` (which may have been amended since).
    pub(crate) fn roll_back(&mut self, len: usize, last: Option<Occurrence>) {
        self.truncate(len);
        if let Some(last) = last
            && self.last() != Some(last)
        {
            self.truncate(len - 1);
            self.push(last);
        }
    }

    /// Says who acts after the latest occurrence (when play begins after a
    /// setup, the seat is known only then).
    pub(crate) fn set_last_next_seat(&mut self, seat: Seat) {
        if let Some(mut last) = self.last() {
            self.truncate(self.len() - 1);
            last.next_seat = seat;
            self.push(last);
        }
    }

    /// The number of occurrences.
    #[inline]
    pub fn len(&self) -> usize {
        self.boards.len()
    }

    /// Whether nothing has been recorded.
    pub fn is_empty(&self) -> bool {
        self.boards.is_empty()
    }

    fn occurrence(&self, index: usize) -> Occurrence {
        Occurrence::unpack(self.boards[index], self.packed[index], self.era_of(index))
    }

    /// The era of the move number of occurrence `index` (or of the next
    /// occurrence, for the index after the last): that of the run it is
    /// in, or 0 before the first run.
    #[inline]
    fn era_of(&self, index: usize) -> u32 {
        if self.eras.is_empty() {
            return 0;
        }
        let runs = self
            .eras
            .partition_point(|&(start, _)| start as usize <= index);
        runs.checked_sub(1).map_or(0, |r| self.eras[r].1)
    }

    /// The occurrence at `index`.
    #[inline]
    pub fn get(&self, index: usize) -> Option<Occurrence> {
        (index < self.len()).then(|| self.occurrence(index))
    }

    /// The board hash of the occurrence at `index` (what
    /// [`PositionHistory::get`] gives, without unpacking the rest).
    #[inline]
    pub fn board_at(&self, index: usize) -> Option<u64> {
        self.boards.get(index).copied()
    }

    /// The latest occurrence.
    pub fn last(&self) -> Option<Occurrence> {
        self.len().checked_sub(1).map(|i| self.occurrence(i))
    }

    /// The occurrences in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Occurrence> + '_ {
        (0..self.len()).map(|i| self.occurrence(i))
    }

    /// The index of the first occurrence of `board`, if it occurred.
    #[inline]
    pub fn first_of_board(&self, board: u64) -> Option<usize> {
        match &self.by_board {
            Some(index) => index.find(board, |i| self.boards[i]),
            None => self.boards.iter().position(|&b| b == board),
        }
    }

    /// How many times `board` has occurred.
    pub fn board_count(&self, board: u64) -> u32 {
        self.first_of_board(board).map_or(0, |first| {
            self.boards[first..].iter().filter(|&&b| b == board).count() as u32
        })
    }

    /// The index of the first occurrence of `board` with `next_seat` to
    /// act, if it occurred.
    pub fn first_of_situation(&self, board: u64, next_seat: Seat) -> Option<usize> {
        let key = board ^ seat_to_move_key(next_seat);
        let key_of = |i| situation_key(&self.boards, &self.packed, i);
        match &self.by_situation {
            Some(index) => index.find(key, key_of),
            None => (0..self.len()).find(|&i| key_of(i) == key),
        }
    }

    /// The index of the first occurrence of `board` at or after `from`.
    pub fn find_board_from(&self, board: u64, from: usize) -> Option<usize> {
        let first = self.first_of_board(board)?;
        if first >= from {
            return Some(first);
        }
        self.boards[from..]
            .iter()
            .position(|&b| b == board)
            .map(|i| i + from)
    }

    /// The bytes of memory the history holds (its lists and tables, at
    /// their capacity).
    pub fn heap_bytes(&self) -> usize {
        self.boards.capacity() * std::mem::size_of::<u64>()
            + self.packed.capacity() * std::mem::size_of::<u16>()
            + self.eras.capacity() * std::mem::size_of::<(u32, u32)>()
            + self.by_board.as_ref().map_or(0, FirstIndex::heap_bytes)
            + self.by_situation.as_ref().map_or(0, FirstIndex::heap_bytes)
    }
}

/// The situation key of occurrence `index`.
#[inline]
fn situation_key(boards: &[u64], packed: &[u16], index: usize) -> u64 {
    Occurrence::unpack(boards[index], packed[index], 0).situation()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(board: u64, seat: Seat) -> Occurrence {
        Occurrence {
            board,
            next_seat: seat,
            move_number: 0,
            within_move: false,
        }
    }

    /// Every lookup gives the same answer with its index as without it
    /// (a scan).
    #[test]
    fn counts_and_truncation_stay_consistent() {
        for (boards, situations) in [(false, false), (true, false), (false, true), (true, true)] {
            let mut h = PositionHistory::new(boards, situations);
            h.push(at(1, Seat::One));
            h.push(at(2, Seat::Two));
            h.push(at(1, Seat::Two));
            assert_eq!(h.board_count(1), 2);
            assert_eq!(h.first_of_board(1), Some(0));
            assert_eq!(h.first_of_situation(1, Seat::Two), Some(2));
            assert_eq!(h.find_board_from(1, 1), Some(2));
            h.truncate(2);
            assert_eq!(h.board_count(1), 1);
            assert_eq!(h.first_of_situation(1, Seat::Two), None);
            h.truncate(0);
            assert!(h.is_empty());
            assert_eq!(h.first_of_board(2), None);
        }
    }

    #[test]
    fn an_occurrence_packs_and_unpacks_exactly() {
        let o = Occurrence {
            board: 0xDEAD_BEEF,
            next_seat: Seat::Two,
            move_number: u32::MAX,
            within_move: true,
        };
        assert_eq!(Occurrence::unpack(o.board, o.pack(), o.era()), o);
    }

    /// Move numbers keep their high bits through runs, truncation and
    /// copies, whatever order they come in.
    #[test]
    fn move_numbers_survive_their_eras() {
        let numbers = [
            0,
            1,
            16_383,
            16_384,
            16_384,
            40_000,
            3,
            1 << 20,
            u32::MAX,
            5,
        ];
        let mut h = PositionHistory::new(true, false);
        for (i, &n) in numbers.iter().enumerate() {
            h.push(Occurrence {
                move_number: n,
                ..at(i as u64, Seat::One)
            });
        }
        let read: Vec<u32> = h.iter().map(|o| o.move_number).collect();
        assert_eq!(read, numbers);
        for len in (0..numbers.len()).rev() {
            h.truncate(len);
            let read: Vec<u32> = h.iter().map(|o| o.move_number).collect();
            assert_eq!(read, numbers[..len]);
            let mut copy = PositionHistory::new(true, false);
            copy.clone_from(&h);
            assert_eq!(copy, h);
        }
    }

    /// Past 65,535 occurrences the table widens its slots, and every first
    /// occurrence stays findable, before and after truncation.
    #[test]
    fn the_table_widens_past_narrow_slots() {
        let mut h = PositionHistory::new(true, false);
        let key = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for i in 0..70_000u64 {
            h.push(at(key(i % 69_000), Seat::One));
        }
        assert!(matches!(h.by_board, Some(FirstIndex::Wide(_))));
        for i in (0..70_000u64).step_by(997) {
            assert_eq!(
                h.first_of_board(key(i % 69_000)),
                Some((i % 69_000) as usize)
            );
        }
        h.truncate(100);
        assert_eq!(h.first_of_board(key(99)), Some(99));
        assert_eq!(h.first_of_board(key(100)), None);
    }

    /// Keys that share their low bits collide in the table; growing,
    /// searching and removing from the end must keep every first
    /// occurrence findable, as a plain scan finds it (and as a history
    /// without the tables finds it).
    #[test]
    fn colliding_keys_survive_growth_and_removal() {
        let mut h = PositionHistory::new(true, true);
        let mut unindexed = PositionHistory::new(false, false);
        let mut rng = 0x1234_5678_u64;
        let mut keys = Vec::new();
        for i in 0..3000u64 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            // Few distinct low bits, and some repeated boards.
            let key = if i % 7 == 3 {
                keys[(rng % i) as usize]
            } else {
                (rng << 12) | (i % 5)
            };
            keys.push(key);
            h.push(at(key, Seat::BOTH[(rng % 2) as usize]));
            unindexed.push(at(key, Seat::BOTH[(rng % 2) as usize]));
        }
        for len in [3000, 2999, 2048, 1537, 1000, 65, 1, 0] {
            h.truncate(len);
            unindexed.truncate(len);
            for &key in &keys {
                let scan = h.iter().position(|o| o.board == key);
                assert_eq!(h.first_of_board(key), scan);
                assert_eq!(unindexed.first_of_board(key), scan);
                assert_eq!(h.board_count(key), unindexed.board_count(key));
                assert_eq!(
                    h.find_board_from(key, len / 2),
                    unindexed.find_board_from(key, len / 2)
                );
                for seat in Seat::BOTH {
                    let scan = h.iter().position(|o| o.board == key && o.next_seat == seat);
                    assert_eq!(h.first_of_situation(key, seat), scan);
                }
            }
        }
    }
}
