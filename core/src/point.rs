//! Points: the places a stone can stand, as dense indices into a topology.

use std::fmt;

/// A point of the board, as a dense index `0..point_count` into its
/// [`Geometry`](crate::Geometry).
///
/// A point knows nothing of its name or neighbours; ask the geometry. The
/// index is stable for a given topology and size, so it is also the key of the
/// point's Zobrist numbers.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Point(u16);

impl Point {
    /// The largest number of points a geometry may have.
    pub const MAX_POINTS: usize = 4096;

    /// The point with index `index`.
    ///
    /// # Panics
    /// When `index` is not below [`Point::MAX_POINTS`]: geometries are built
    /// within that bound, so this is a programming error.
    #[inline]
    pub const fn new(index: usize) -> Point {
        assert!(index < Point::MAX_POINTS, "point index out of range");
        Point(index as u16)
    }

    /// The dense index of this point.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A set of points, as a bit set sized to the board.
///
/// Two sets are equal when they hold the same points, whatever their capacity.
#[derive(Clone, Default)]
pub struct PointSet {
    words: Vec<u64>,
}

impl PointSet {
    /// The bytes of memory the set holds.
    pub fn heap_bytes(&self) -> usize {
        self.words.capacity() * std::mem::size_of::<u64>()
    }

    /// An empty set able to hold points `0..capacity`.
    pub fn with_capacity(capacity: usize) -> PointSet {
        PointSet {
            words: vec![0; capacity.div_ceil(64)],
        }
    }

    fn ensure(&mut self, point: Point) {
        let word = point.index() / 64;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
    }

    /// Adds `point`; returns whether it was new.
    pub fn insert(&mut self, point: Point) -> bool {
        self.ensure(point);
        let (word, bit) = (point.index() / 64, point.index() % 64);
        let was = self.words[word] & (1 << bit) != 0;
        self.words[word] |= 1 << bit;
        !was
    }

    /// Removes `point`; returns whether it was present.
    pub fn remove(&mut self, point: Point) -> bool {
        let (word, bit) = (point.index() / 64, point.index() % 64);
        match self.words.get_mut(word) {
            Some(w) => {
                let was = *w & (1 << bit) != 0;
                *w &= !(1 << bit);
                was
            }
            None => false,
        }
    }

    /// Whether `point` is in the set.
    #[inline]
    pub fn contains(&self, point: Point) -> bool {
        let (word, bit) = (point.index() / 64, point.index() % 64);
        self.words.get(word).is_some_and(|w| w & (1 << bit) != 0)
    }

    /// The number of points in the set.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Removes every point.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// The points in increasing index order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        points_of_bits(&self.words)
    }
}

/// The points whose bits are set in `words` (point `i` is bit `i % 64` of
/// word `i / 64`), in increasing index order.
#[inline]
pub(crate) fn points_of_bits(words: &[u64]) -> impl Iterator<Item = Point> + '_ {
    words.iter().enumerate().flat_map(|(i, &word)| {
        let mut w = word;
        std::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let bit = w.trailing_zeros() as usize;
            w &= w - 1;
            Some(Point::new(i * 64 + bit))
        })
    })
}

impl PointSet {
    fn significant_words(&self) -> &[u64] {
        let used = self
            .words
            .iter()
            .rposition(|&w| w != 0)
            .map_or(0, |i| i + 1);
        &self.words[..used]
    }
}

impl PartialEq for PointSet {
    fn eq(&self, other: &PointSet) -> bool {
        self.significant_words() == other.significant_words()
    }
}

impl Eq for PointSet {}

impl std::hash::Hash for PointSet {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.significant_words().hash(state);
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Self {
        let mut set = PointSet::default();
        for p in iter {
            set.insert(p);
        }
        set
    }
}

impl Extend<Point> for PointSet {
    fn extend<I: IntoIterator<Item = Point>>(&mut self, iter: I) {
        for p in iter {
            self.insert(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_inserts_removes_and_iterates_in_order() {
        let mut set = PointSet::with_capacity(100);
        assert!(set.insert(Point::new(70)));
        assert!(set.insert(Point::new(3)));
        assert!(!set.insert(Point::new(3)));
        assert_eq!(set.len(), 2);
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [Point::new(3), Point::new(70)]
        );
        assert!(set.remove(Point::new(70)));
        assert!(!set.contains(Point::new(70)));
        assert!(!set.remove(Point::new(700)));
        set.clear();
        assert!(set.is_empty());
    }

    #[test]
    fn sets_with_the_same_points_are_equal_whatever_their_capacity() {
        let a: PointSet = [Point::new(1)].into_iter().collect();
        let mut b = PointSet::with_capacity(640);
        b.insert(Point::new(1));
        assert_eq!(a, b);
    }
}
