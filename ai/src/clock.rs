//! Time control: how long the search thinks about a move, given the game
//! clock's system and what is left on the player's clock.
//!
//! The systems are those GTP controllers and servers announce:
//! absolute time (one allowance for the whole game), Japanese byo-yomi
//! (main time, then a number of periods, each lost when a move takes
//! longer than it), Canadian overtime (main time, then periods in which a
//! number of stones must be played) and Fischer time (main time, and an
//! increment added after every move).
//!
//! The rule of thumb: spend the main time evenly over the moves the game
//! is still expected to last (three quarters of the board's points in
//! all, half of them the player's, and never fewer than a twentieth of
//! the points or five), take at least what overtime would give each move
//! anyway, and keep a margin for the time a move takes to reach the
//! clock.

use std::time::Duration;

/// A game clock's system.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeSystem {
    /// No limit: the search spends its playouts.
    Unlimited,
    /// One allowance of `main` seconds for the whole game.
    Absolute {
        /// The allowance, in seconds.
        main: f64,
    },
    /// Japanese byo-yomi: `main` seconds, then `periods` periods of
    /// `period` seconds, one lost whenever a move takes longer than a
    /// period.
    ByoYomi {
        /// The main time, in seconds.
        main: f64,
        /// One period, in seconds.
        period: f64,
        /// How many periods.
        periods: u32,
    },
    /// Canadian overtime: `main` seconds, then `stones` moves to play in
    /// each period of `period` seconds.
    Canadian {
        /// The main time, in seconds.
        main: f64,
        /// One period, in seconds.
        period: f64,
        /// The moves to play in each period.
        stones: u32,
    },
    /// Fischer time: `main` seconds, and `increment` more after each move.
    Fischer {
        /// The main time, in seconds.
        main: f64,
        /// What each move adds, in seconds.
        increment: f64,
    },
}

/// What is left on a player's clock, as GTP's `time_left` gives it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLeft {
    /// Seconds left: of the main time, or of the current overtime period.
    pub seconds: f64,
    /// In Canadian overtime, the moves still to play in the period; 0 in
    /// main time (and in byo-yomi, where each period is one move).
    pub stones: u32,
}

/// The seconds kept back from every move for the time a move takes to
/// reach the clock (a controller, a network).
pub const MARGIN: f64 = 0.3;

/// The shortest think the budget gives.
pub const SHORTEST: f64 = 0.05;

impl TimeSystem {
    /// The clock at the start of a game.
    pub fn start(&self) -> TimeLeft {
        let seconds = match *self {
            TimeSystem::Unlimited => f64::INFINITY,
            TimeSystem::Absolute { main }
            | TimeSystem::ByoYomi { main, .. }
            | TimeSystem::Canadian { main, .. }
            | TimeSystem::Fischer { main, .. } => main,
        };
        TimeLeft { seconds, stones: 0 }
    }

    /// The seconds overtime gives each move once main time is spent (the
    /// increment, under Fischer time), 0 without overtime.
    fn per_move_overtime(&self) -> f64 {
        match *self {
            TimeSystem::ByoYomi {
                period, periods, ..
            } if periods > 0 => period,
            TimeSystem::Canadian { period, stones, .. } if stones > 0 => period / f64::from(stones),
            TimeSystem::Fischer { increment, .. } => increment,
            _ => 0.0,
        }
    }

    /// How long to think about a move with `left` on the clock, on a board
    /// of `points` points after `moves_played` moves of both players;
    /// `None` for no limit.
    pub fn think_time(&self, left: TimeLeft, points: usize, moves_played: u32) -> Option<Duration> {
        if *self == TimeSystem::Unlimited || !left.seconds.is_finite() {
            return None;
        }
        let overtime = self.per_move_overtime();
        let seconds = if left.stones > 0 {
            // In a Canadian period: its time over the moves still owed.
            left.seconds / f64::from(left.stones)
        } else if left.seconds <= 0.0 {
            // Main time is spent: byo-yomi's period for each move.
            overtime
        } else {
            let points = points as f64;
            let expected = (0.75 * points - f64::from(moves_played)) / 2.0;
            let moves_left = expected.max(points / 20.0).max(5.0);
            let share = left.seconds / moves_left;
            match self {
                // Main time may run out into the periods, which give as
                // much to each move.
                TimeSystem::ByoYomi { .. } | TimeSystem::Canadian { .. } => share.max(overtime),
                // The increment comes back after every move.
                TimeSystem::Fischer { .. } => share + overtime,
                _ => share,
            }
        };
        // Never more than the clock holds in main time (byo-yomi's period
        // is renewed by every move in time).
        let cap = if left.stones == 0 && left.seconds > 0.0 && overtime == 0.0 {
            left.seconds
        } else {
            f64::INFINITY
        };
        let think = (seconds.min(cap) - MARGIN).max(SHORTEST);
        Some(Duration::from_secs_f64(think))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(d: Option<Duration>) -> f64 {
        d.expect("a limit").as_secs_f64()
    }

    #[test]
    fn main_time_is_spread_over_the_moves_the_game_has_left() {
        let absolute = TimeSystem::Absolute { main: 300.0 };
        // 9x9 at the start: 81 * 0.75 / 2 = 30.4 of the player's moves.
        let start = secs(absolute.think_time(absolute.start(), 81, 0));
        assert!((start - (300.0 / 30.375 - MARGIN)).abs() < 1e-9, "{start}");
        // Late in the game, never fewer than five moves planned for.
        let late = TimeLeft {
            seconds: 10.0,
            stones: 0,
        };
        assert!((secs(absolute.think_time(late, 81, 200)) - (2.0 - MARGIN)).abs() < 1e-9);
        // 19x19 plans for more moves than 9x9.
        assert!(secs(absolute.think_time(absolute.start(), 361, 0)) < start);
    }

    #[test]
    fn overtime_is_a_floor_and_its_periods_are_shared_out() {
        let byo = TimeSystem::ByoYomi {
            main: 10.0,
            period: 30.0,
            periods: 5,
        };
        // Main time barely there: the period is there for every move.
        let left = TimeLeft {
            seconds: 10.0,
            stones: 0,
        };
        assert!((secs(byo.think_time(left, 81, 0)) - (30.0 - MARGIN)).abs() < 1e-9);
        // Main time spent.
        let spent = TimeLeft {
            seconds: 0.0,
            stones: 0,
        };
        assert!((secs(byo.think_time(spent, 81, 40)) - (30.0 - MARGIN)).abs() < 1e-9);
        // A Canadian period of 60 seconds with 12 moves still owed.
        let canadian = TimeSystem::Canadian {
            main: 0.0,
            period: 300.0,
            stones: 25,
        };
        let period = TimeLeft {
            seconds: 60.0,
            stones: 12,
        };
        assert!((secs(canadian.think_time(period, 81, 40)) - (5.0 - MARGIN)).abs() < 1e-9);
    }

    #[test]
    fn fischer_time_spends_the_increment_and_nothing_is_negative() {
        let fischer = TimeSystem::Fischer {
            main: 60.0,
            increment: 2.0,
        };
        let start = secs(fischer.think_time(fischer.start(), 81, 0));
        assert!(
            (start - (60.0 / 30.375 + 2.0 - MARGIN)).abs() < 1e-9,
            "{start}"
        );
        // A clock about to run out still thinks a little, never less.
        let flagging = TimeLeft {
            seconds: 0.1,
            stones: 0,
        };
        let absolute = TimeSystem::Absolute { main: 60.0 };
        assert!((secs(absolute.think_time(flagging, 81, 10)) - SHORTEST).abs() < 1e-9);
        assert_eq!(
            TimeSystem::Unlimited.think_time(TimeSystem::Unlimited.start(), 81, 0),
            None
        );
    }
}
