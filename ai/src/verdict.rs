//! When the game is decided: a won game is passed out, a lost one resigned.
//!
//! The search's estimate of a choice is the share of its playouts the
//! mover won. Two readings of it end a game a human would otherwise have to
//! drag to its end:
//!
//! - **Decided for the mover.** When the best action wins at least
//!   [`WON`] of its playouts and passing wins at least as surely (its own
//!   playouts, or, if the search gave it too few, a check of
//!   [`PASS_CHECK_PLAYOUTS`] continuations after the pass), and the
//!   opponent cannot end the game in its own favour by passing straight
//!   back ([`passed_back`]), nothing is left
//!   to play for: where passing is allowed the player passes (the whole
//!   move, where a move has opportunities left), so the opponent can end
//!   the game. Otherwise it plays on, as it must where passing is not
//!   allowed.
//! - **Decided against the mover.** When the best action wins at most
//!   [`LOST`] of its playouts on [`RESIGN_STREAK`] choices in a row, each
//!   resting on at least [`RESIGN_MIN_PLAYOUTS`] playouts, the player
//!   resigns where the ruleset allows resignation, unless resignation is
//!   switched off (`SearchConfig::resign`, `--no-resign`) for a self-play
//!   study that wants every game played out.
//!
//! The thresholds were measured, not guessed: in self-play with resignation
//! off (`tengen selfplay --no-resign`, whose lines record each player's
//! lowest estimate of its own chances), of 100 games a ruleset at 2,000
//! playouts, no player that went on to win or draw had an estimate at or
//! below [`LOST`] on that many choices in a row in Go, Mathematical Go or
//! Kill-All Go, and one in Thue-Morse Go (a game the opponent had at 100%
//! and then failed to win); at 3% Thue-Morse Go had four such games. The
//! book's AI chapter gives the runs.

use tengen_core::{Action, Game, Phase, Seat, ToAct};

/// The share of playouts won from which a choice counts as a sure win.
pub const WON: f64 = 0.97;

/// The share of playouts won at or below which a choice counts as lost.
pub const LOST: f64 = 0.01;

/// How many lost choices in a row (by one seat) make it resign.
pub const RESIGN_STREAK: u32 = 3;

/// The fewest playouts a lost choice must rest on to count towards
/// resigning (so that a search cut short by its time limit does not
/// resign on a handful of playouts).
pub const RESIGN_MIN_PLAYOUTS: u64 = 200;

/// The fewest playouts of its own the pass must have had in the search for
/// its estimate to be read directly; with fewer, a check of
/// [`PASS_CHECK_PLAYOUTS`] random continuations after the pass decides.
pub const PASS_MIN_VISITS: u32 = 100;

/// The random continuations that check a pass the search gave too few
/// playouts.
pub const PASS_CHECK_PLAYOUTS: u32 = 128;

/// The pass that ends `seat`'s part in a decided game: the pass of the
/// whole move where the move has opportunities left and that is legal,
/// otherwise a single pass; `None` where passing is not allowed now.
pub fn decided_pass(game: &Game, seat: Seat) -> Option<Action> {
    let legal = game.legal_actions(seat);
    [Action::PassMove, Action::Pass]
        .into_iter()
        .find(|a| legal.contains(a))
}

/// `seat`'s result (1 a win, 0 a loss, a half a draw) when, after its
/// `pass`, the opponent passes straight back and that ends the game; `None`
/// when it does not end the game (play goes on, or an agreement phase
/// opens, where the dead strings are still to be agreed). Random
/// continuations after a pass miss this reply: they go on placing stones,
/// while an opponent who is behind on the board as it stands (dead stones
/// that may no longer be marked, say) ends the game at once.
pub fn passed_back(game: &Game, seat: Seat, pass: Action) -> Option<f64> {
    let mut copy = game.copy_without_undo();
    copy.apply(seat, pass).ok()?;
    let ToAct::Seat(opponent) = copy.to_act() else {
        return None;
    };
    if opponent == seat {
        return None;
    }
    // Every opportunity of the opponent's move passed, at most a board's
    // worth of them.
    for _ in 0..copy.rules().geometry.point_count() {
        if copy.state().phase() == Phase::Over || copy.to_act() != ToAct::Seat(opponent) {
            break;
        }
        let reply = decided_pass(&copy, opponent)?;
        copy.apply(opponent, reply).ok()?;
    }
    if copy.state().phase() != Phase::Over {
        return None;
    }
    Some(match copy.result()?.winner {
        Some(w) if w == seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    })
}

/// Whether the ruleset lets `seat` resign now.
pub fn may_resign(game: &Game, seat: Seat) -> bool {
    game.legal_actions(seat).contains(&Action::Resign)
}

/// Each seat's runs of estimates: [`RESIGN_STREAK`] choices in a row,
/// each resting on at least [`RESIGN_MIN_PLAYOUTS`] playouts. A run is as
/// good as its best estimate; a player resigns when its current run is at
/// or below [`LOST`]. The lowest run of a game measures the threshold: a
/// player that went on to win or draw with a run at or below [`LOST`]
/// would have resigned wrongly.
#[derive(Clone, Debug, Default)]
pub struct EstimateRuns {
    /// The estimates of the run under way, by seat (the last
    /// [`RESIGN_STREAK`] at most).
    recent: [Vec<f64>; 2],
    /// The lowest run's estimate so far, by seat: the highest estimate
    /// within the run.
    lowest: [Option<f64>; 2],
    /// The highest single estimate so far, by seat (a loser's at or above
    /// [`WON`] is a game it could have passed away).
    highest: [Option<f64>; 2],
}

impl EstimateRuns {
    /// Counts a choice of `seat`: its estimate `win_rate` (none for a
    /// choice made by rule, which neither counts nor breaks a run) over
    /// `playouts`. True when the run it ends is lost: time to resign.
    pub fn count(&mut self, seat: Seat, win_rate: Option<f64>, playouts: u64) -> bool {
        let Some(win_rate) = win_rate else {
            return false;
        };
        let highest = &mut self.highest[seat.index()];
        *highest = Some(highest.map_or(win_rate, |h| h.max(win_rate)));
        let recent = &mut self.recent[seat.index()];
        if playouts < RESIGN_MIN_PLAYOUTS {
            recent.clear();
            return false;
        }
        recent.push(win_rate);
        if recent.len() > RESIGN_STREAK as usize {
            recent.remove(0);
        }
        if recent.len() == RESIGN_STREAK as usize {
            let run = recent.iter().copied().fold(0.0, f64::max);
            let lowest = &mut self.lowest[seat.index()];
            *lowest = Some(lowest.map_or(run, |l| l.min(run)));
            return run <= LOST;
        }
        false
    }

    /// The lowest run's estimate of `seat`, once it has made
    /// [`RESIGN_STREAK`] counted choices in a row.
    pub fn lowest(&self, seat: Seat) -> Option<f64> {
        self.lowest[seat.index()]
    }

    /// The highest estimate `seat` has made.
    pub fn highest(&self, seat: Seat) -> Option<f64> {
        self.highest[seat.index()]
    }

    /// Forgets every run (a new game, or one taken back).
    pub fn clear(&mut self) {
        *self = EstimateRuns::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run is the highest estimate of consecutive counted choices; a
    /// choice on too few playouts breaks it, one made by rule does not.
    #[test]
    fn a_run_is_as_good_as_its_best_choice() {
        let mut runs = EstimateRuns::default();
        let lost: Vec<bool> = [0.5, 0.008, 0.005]
            .into_iter()
            .map(|rate| runs.count(Seat::One, Some(rate), 1000))
            .collect();
        assert_eq!(lost, [false; 3]);
        assert_eq!(runs.lowest(Seat::One), Some(0.5));
        assert!(!runs.count(Seat::One, None, 0));
        assert!(runs.count(Seat::One, Some(0.01), 1000), "three in a row");
        assert_eq!(runs.lowest(Seat::One), Some(0.01));
        runs.count(Seat::One, Some(0.0), RESIGN_MIN_PLAYOUTS - 1);
        runs.count(Seat::One, Some(0.0), 1000);
        assert!(
            !runs.count(Seat::One, Some(0.0), 1000),
            "the run was broken"
        );
        assert_eq!(runs.lowest(Seat::One), Some(0.01));
        assert_eq!(runs.lowest(Seat::Two), None);
        assert_eq!(runs.highest(Seat::One), Some(0.5));
    }
}
