//! The Schedule trait: who owns each placement opportunity.

use crate::rules::Component;
use crate::state::Slot;

/// Decides which letter owns placement opportunity `k` (numbered from 0).
/// A move is a maximal run of opportunities owned by one seat, so the
/// schedule also decides how many placements each move has.
///
/// Every opportunity is used by exactly one action (a stone, a pass, or
/// whatever else a component lets a player spend one on), and the index
/// advances by one for each.
pub trait Schedule: Component {
    /// The letter that owns opportunity `k`.
    fn slot(&self, k: u64) -> Slot;

    /// Whether this is strict alternation (A, B, A, B, ...) with nothing
    /// else a player may do with a move: the light playout board (see
    /// [`crate::playout::LightGame`]) then plays it without the generic
    /// flow. `false` unless an implementation says otherwise.
    fn alternates_strictly(&self) -> bool {
        false
    }
}
