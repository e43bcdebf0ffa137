//! The positions a game has passed through, for repetition rules.

use crate::colour::Seat;
use crate::zobrist::seat_to_move_key;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

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

impl Occurrence {
    /// The board and the seat to act, as one key.
    pub fn situation(&self) -> u64 {
        self.board ^ seat_to_move_key(self.next_seat)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seen {
    first: u32,
    count: u32,
}

/// Zobrist hashes are already uniformly spread: use them as they are.
#[derive(Default)]
struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type Index = HashMap<u64, Seen, BuildHasherDefault<PassThrough>>;

/// Every position occurrence in order, indexed by board and by situation.
/// The first entry is the position play started from.
#[derive(Clone, Debug, Default)]
pub struct PositionHistory {
    occurrences: Vec<Occurrence>,
    boards: Index,
    situations: Index,
}

impl PartialEq for PositionHistory {
    fn eq(&self, other: &Self) -> bool {
        self.occurrences == other.occurrences
    }
}

impl PositionHistory {
    /// Makes room for `additional` more occurrences, so recording them
    /// allocates nothing.
    pub fn reserve(&mut self, additional: usize) {
        self.occurrences.reserve(additional);
        self.boards.reserve(additional);
        self.situations.reserve(additional);
    }

    /// Records an occurrence.
    pub fn push(&mut self, occurrence: Occurrence) {
        let at = self.occurrences.len() as u32;
        for (index, key) in [
            (&mut self.boards, occurrence.board),
            (&mut self.situations, occurrence.situation()),
        ] {
            index
                .entry(key)
                .and_modify(|s| s.count += 1)
                .or_insert(Seen {
                    first: at,
                    count: 1,
                });
        }
        self.occurrences.push(occurrence);
    }

    /// Forgets every occurrence from index `len` on.
    pub fn truncate(&mut self, len: usize) {
        while self.occurrences.len() > len {
            let occurrence = self.occurrences.pop().expect("non-empty");
            for (index, key) in [
                (&mut self.boards, occurrence.board),
                (&mut self.situations, occurrence.situation()),
            ] {
                let seen = index.get_mut(&key).expect("indexed");
                seen.count -= 1;
                if seen.count == 0 {
                    index.remove(&key);
                }
            }
        }
    }

    /// Returns to the history as it was when it had `len` occurrences, the
    /// latest of them `last` (which may have been amended since).
    pub(crate) fn roll_back(&mut self, len: usize, last: Option<Occurrence>) {
        self.truncate(len);
        if let Some(last) = last
            && self.occurrences.last() != Some(&last)
        {
            self.truncate(len - 1);
            self.push(last);
        }
    }

    /// Says who acts after the latest occurrence (when play begins after a
    /// setup, the seat is known only then).
    pub(crate) fn set_last_next_seat(&mut self, seat: Seat) {
        if let Some(mut last) = self.occurrences.last().copied() {
            self.truncate(self.occurrences.len() - 1);
            last.next_seat = seat;
            self.push(last);
        }
    }

    /// The number of occurrences.
    pub fn len(&self) -> usize {
        self.occurrences.len()
    }

    /// Whether nothing has been recorded.
    pub fn is_empty(&self) -> bool {
        self.occurrences.is_empty()
    }

    /// The occurrence at `index`.
    pub fn get(&self, index: usize) -> Option<&Occurrence> {
        self.occurrences.get(index)
    }

    /// The occurrences in order.
    pub fn occurrences(&self) -> &[Occurrence] {
        &self.occurrences
    }

    /// The index of the first occurrence of `board`, if it occurred.
    pub fn first_of_board(&self, board: u64) -> Option<usize> {
        self.boards.get(&board).map(|s| s.first as usize)
    }

    /// How many times `board` has occurred.
    pub fn board_count(&self, board: u64) -> u32 {
        self.boards.get(&board).map_or(0, |s| s.count)
    }

    /// The index of the first occurrence of `board` with `next_seat` to
    /// act, if it occurred.
    pub fn first_of_situation(&self, board: u64, next_seat: Seat) -> Option<usize> {
        self.situations
            .get(&(board ^ seat_to_move_key(next_seat)))
            .map(|s| s.first as usize)
    }

    /// The index of the first occurrence of `board` at or after `from`.
    pub fn find_board_from(&self, board: u64, from: usize) -> Option<usize> {
        let first = self.first_of_board(board)?;
        if first >= from {
            return Some(first);
        }
        self.occurrences[from..]
            .iter()
            .position(|o| o.board == board)
            .map(|i| i + from)
    }
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

    #[test]
    fn counts_and_truncation_stay_consistent() {
        let mut h = PositionHistory::default();
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
