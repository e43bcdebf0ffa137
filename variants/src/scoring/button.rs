//! The button and the reverse komi: the two scoring additions of
//! Thue-Morse Go, used by the area scorer.

use super::area::DECLARE_REVERSE_KOMI;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tengen_core::Seat;
use tengen_core::game::GameState;

/// Which button the game has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ButtonRule {
    /// No button.
    #[default]
    None,
    /// A 1-point button when the number of points plus the reverse komi is
    /// odd, none otherwise; with a reverse komi it can be taken only once
    /// Player 2 has declared it.
    Parity,
    /// A half-point button on every board, from the start.
    HalfPoint,
}

/// Where the reverse komi stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReverseKomi {
    /// The game has none.
    Off,
    /// Player 2 has yet to declare it.
    Pending,
    /// Declared: these points go to Player 1.
    Declared(u32),
}

impl ReverseKomi {
    /// The reverse komi of a game whose ruleset does (`enabled`) or does
    /// not offer one.
    pub fn of(state: &GameState, enabled: bool) -> ReverseKomi {
        match (enabled, state.declared(&DECLARE_REVERSE_KOMI)) {
            (false, _) => ReverseKomi::Off,
            (true, None) => ReverseKomi::Pending,
            (true, Some((_, k))) => ReverseKomi::Declared(k),
        }
    }

    /// The declared points (0 when off or pending).
    pub fn points(self) -> u32 {
        match self {
            ReverseKomi::Declared(k) => k,
            _ => 0,
        }
    }
}

/// The text's H for a board of `points` points: the number of points over
/// 25, rounded to the nearest whole number (5, 10, 14 and 21 on 11x11,
/// 16x16, 19x19 and 23x23). Handicap passes run from 1 to H and a reverse
/// komi from 1 to 14H.
pub fn handicap_unit(points: usize) -> u32 {
    ((points + 12) / 25) as u32
}

impl ButtonRule {
    /// The button's value in this game now, or `None` when there is no
    /// button to take (none at all, or not yet).
    pub fn value(self, points: usize, reverse_komi: ReverseKomi) -> Option<f64> {
        match (self, reverse_komi) {
            (ButtonRule::None, _) => None,
            (ButtonRule::HalfPoint, _) => Some(0.5),
            (ButtonRule::Parity, ReverseKomi::Pending) => None,
            (ButtonRule::Parity, k) => {
                ((points as u64 + u64::from(k.points())) % 2 == 1).then_some(1.0)
            }
        }
    }
}

/// The private data of the area scorer: who took the button.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ButtonOwner(pub Option<Seat>);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unit_and_the_parity_button_follow_the_table() {
        assert_eq!([121, 256, 361, 529].map(handicap_unit), [5, 10, 14, 21]);
        let parity = |p| ButtonRule::Parity.value(p, ReverseKomi::Off);
        assert_eq!(
            [121, 256, 361, 529].map(parity),
            [Some(1.0), None, Some(1.0), Some(1.0)]
        );
        assert_eq!(
            ButtonRule::Parity.value(256, ReverseKomi::Declared(7)),
            Some(1.0)
        );
        assert_eq!(
            ButtonRule::Parity.value(121, ReverseKomi::Declared(7)),
            None
        );
        assert_eq!(ButtonRule::Parity.value(121, ReverseKomi::Pending), None);
        assert_eq!(
            ButtonRule::HalfPoint.value(256, ReverseKomi::Pending),
            Some(0.5)
        );
    }
}
