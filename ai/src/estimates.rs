//! What the playouts say beyond who won, kept while the search analyses:
//! the final score after each of the root's candidates, and who owned
//! each point when the playouts ended.
//!
//! A playout ends with every point settled by its stones: a point counts
//! for a colour when its stone is that colour's, or when it is empty and
//! every stone its empty region touches is that colour's (area counting,
//! every stone alive). Averaged over the playouts, that is the ownership
//! estimate GUIs shade; averaged over the playouts through a candidate,
//! the final lead is its expected score.

use tengen_core::analysis::area_count;
use tengen_core::playout::LightGame;
use tengen_core::{Board, Colour, Geometry, Point, PointSet, Seat};

/// The estimates of one tree's search since its root was last moved.
#[derive(Clone, Debug, Default)]
pub(crate) struct Estimates {
    /// Per child of the root (by its place among the root's children):
    /// the sum of Player 1's final leads of the playouts through it, and
    /// how many there were.
    leads: Vec<(f64, u32)>,
    /// Per point: the playouts that ended with it Black's, and White's.
    owned: Vec<[u32; 2]>,
    /// The playouts whose ending was counted.
    playouts: u32,
    /// Scratch: each point's owner at the end of the playout under way,
    /// the points already searched, the region under way and the stack.
    owners: Vec<Option<Colour>>,
    seen: Vec<bool>,
    region: Vec<Point>,
    stack: Vec<Point>,
}

impl Estimates {
    /// Forgets everything (the root moved).
    pub(crate) fn clear(&mut self) {
        self.leads.clear();
        self.owned.clear();
        self.playouts = 0;
    }

    /// Counts a playout through the root's child in `slot` that ended
    /// with Player 1 ahead by `lead`.
    pub(crate) fn add_lead(&mut self, slot: usize, lead: f64) {
        if self.leads.len() <= slot {
            self.leads.resize(slot + 1, (0.0, 0));
        }
        let entry = &mut self.leads[slot];
        entry.0 += lead;
        entry.1 += 1;
    }

    /// The sum of Player 1's leads through the root's child in `slot`,
    /// and their count.
    pub(crate) fn lead_sum(&self, slot: usize) -> (f64, u32) {
        self.leads.get(slot).copied().unwrap_or((0.0, 0))
    }

    /// Counts the owners of a playout that ended on the light board.
    pub(crate) fn own_light(&mut self, light: &LightGame) {
        let geometry = std::sync::Arc::clone(light.geometry());
        self.count_owners(&geometry, |p| light.colour_at(p));
    }

    /// Counts the owners of a playout that ended on `board` (the generic
    /// game).
    pub(crate) fn own_board(&mut self, board: &Board) {
        let owner = area_count(board, &PointSet::default()).owner;
        self.count(&owner);
    }

    /// Each point's owner, with the stones read by `colour_at`: its stone's
    /// colour, or the one colour its empty region touches.
    fn count_owners(&mut self, geometry: &Geometry, colour_at: impl Fn(Point) -> Option<Colour>) {
        let mut owners = std::mem::take(&mut self.owners);
        owners.clear();
        owners.extend(geometry.points().map(&colour_at));
        let seen = &mut self.seen;
        seen.clear();
        seen.resize(owners.len(), false);
        for start in geometry.points() {
            if owners[start.index()].is_some() || seen[start.index()] {
                continue;
            }
            self.region.clear();
            self.stack.clear();
            self.stack.push(start);
            seen[start.index()] = true;
            let mut reaches = [false; 2];
            while let Some(p) = self.stack.pop() {
                self.region.push(p);
                for &q in geometry.neighbours(p) {
                    match colour_at(q) {
                        Some(c) => reaches[c.index()] = true,
                        None if !seen[q.index()] => {
                            seen[q.index()] = true;
                            self.stack.push(q);
                        }
                        None => {}
                    }
                }
            }
            let owner = match reaches {
                [true, false] => Some(Colour::Black),
                [false, true] => Some(Colour::White),
                _ => None,
            };
            for p in &self.region {
                owners[p.index()] = owner;
            }
        }
        self.count(&owners);
        self.owners = owners;
    }

    fn count(&mut self, owners: &[Option<Colour>]) {
        if self.owned.len() != owners.len() {
            self.owned = vec![[0, 0]; owners.len()];
        }
        for (tally, owner) in self.owned.iter_mut().zip(owners) {
            if let Some(c) = owner {
                tally[c.index()] += 1;
            }
        }
        self.playouts += 1;
    }

    /// Adds another tree's estimates of the same root, whose children
    /// stand in another order: `slot_of` maps each of its slots to ours.
    pub(crate) fn absorb(&mut self, other: &Estimates, slot_of: impl Fn(usize) -> Option<usize>) {
        for (theirs, &(sum, count)) in other.leads.iter().enumerate() {
            if let Some(mine) = slot_of(theirs) {
                if self.leads.len() <= mine {
                    self.leads.resize(mine + 1, (0.0, 0));
                }
                self.leads[mine].0 += sum;
                self.leads[mine].1 += count;
            }
        }
        if self.owned.len() < other.owned.len() {
            self.owned.resize(other.owned.len(), [0, 0]);
        }
        for (mine, theirs) in self.owned.iter_mut().zip(&other.owned) {
            mine[0] += theirs[0];
            mine[1] += theirs[1];
        }
        self.playouts += other.playouts;
    }

    /// Each point's ownership for the colour `colour`, from -1 (always
    /// the other colour's) to 1 (always `colour`'s), or `None` before any
    /// playout was counted.
    pub(crate) fn ownership(&self, colour: Colour) -> Option<Vec<f64>> {
        if self.playouts == 0 {
            return None;
        }
        let n = f64::from(self.playouts);
        let (mine, theirs) = (colour.index(), colour.opponent().index());
        Some(
            self.owned
                .iter()
                .map(|t| (f64::from(t[mine]) - f64::from(t[theirs])) / n)
                .collect(),
        )
    }
}

/// A lead for Player 1 as a lead for `seat`.
pub(crate) fn lead_for(seat: Seat, lead_for_one: f64) -> f64 {
    match seat {
        Seat::One => lead_for_one,
        Seat::Two => -lead_for_one,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A 3x3 board: Black's wall on the middle column, Black owns the left
    /// column's region, White's stone on the right owns the right column's
    /// region; a region touching both colours is nobody's.
    #[test]
    fn owners_are_stones_and_regions_touching_one_colour() {
        let geometry =
            Arc::new(Geometry::from_links(3, 3, Geometry::grid_links(3, 3)).expect("a 3x3 grid"));
        let at = |name: &str| geometry.parse_point(name).expect("a point");
        let black = [at("B1"), at("B2"), at("B3")];
        let white = [at("C2")];
        let colour_at = |p: Point| {
            if black.contains(&p) {
                Some(Colour::Black)
            } else if white.contains(&p) {
                Some(Colour::White)
            } else {
                None
            }
        };
        let mut estimates = Estimates::default();
        estimates.count_owners(&geometry, colour_at);
        let ownership = estimates.ownership(Colour::Black).expect("one playout");
        let of = |name: &str| ownership[at(name).index()];
        for name in ["A1", "A2", "A3", "B1", "B2", "B3"] {
            assert_eq!(of(name), 1.0, "{name}");
        }
        assert_eq!(of("C2"), -1.0);
        // C1 and C3 touch Black's wall and White's stone.
        assert_eq!(of("C1"), 0.0);
        assert_eq!(of("C3"), 0.0);
        let white_view = estimates.ownership(Colour::White).expect("one playout");
        assert_eq!(white_view[at("C2").index()], 1.0);
    }

    /// Leads add up per slot, and another tree's are mapped to ours.
    #[test]
    fn leads_add_up_and_merge_by_slot() {
        let mut mine = Estimates::default();
        mine.add_lead(1, 4.0);
        mine.add_lead(1, -2.0);
        let mut theirs = Estimates::default();
        theirs.add_lead(0, 10.0);
        mine.absorb(&theirs, |slot| (slot == 0).then_some(1));
        assert_eq!(mine.lead_sum(1), (12.0, 3));
        assert_eq!(mine.lead_sum(0), (0.0, 0));
        assert_eq!(lead_for(Seat::Two, 3.5), -3.5);
    }
}
