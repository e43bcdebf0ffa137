//! The game clock: `time_settings`, `kgs-time_settings` and `time_left`,
//! which a controller sends to say how much time the engine has, and the
//! engine's own account of its clock between `time_left`s. `genmove`
//! thinks as long as [`TimeSystem::think_time`] allows, with the
//! playouts of `--playouts` and `tengen-playouts` as a cap no longer
//! needed then (the search runs until its time is up).

use super::args::Args;
use super::engine::Engine;
use super::error::{GtpError, Reply};
use super::moves::colour;
use std::time::Duration;
use tengen_ai::{TimeLeft, TimeSystem};
use tengen_core::Colour;

/// The game clock of a session: its system and each colour's time left.
#[derive(Clone, Copy, Debug)]
pub(super) struct Clock {
    pub(super) system: TimeSystem,
    /// Black's and White's clocks, in [`Colour::index`] order.
    left: [TimeLeft; 2],
}

impl Default for Clock {
    fn default() -> Clock {
        Clock::new(TimeSystem::Unlimited)
    }
}

impl Clock {
    /// Both clocks at the start of a game under `system`.
    pub(super) fn new(system: TimeSystem) -> Clock {
        Clock {
            system,
            left: [system.start(); 2],
        }
    }

    /// How long `colour` thinks about its move, on a board of `points`
    /// points after `moves_played` moves; `None` without a limit.
    pub(super) fn think_time(
        &self,
        colour: Colour,
        points: usize,
        moves_played: u32,
    ) -> Option<Duration> {
        self.system
            .think_time(self.left[colour.index()], points, moves_played)
    }

    /// Takes a move of `spent` seconds off `colour`'s clock, as the
    /// system runs it, until the controller says what is left.
    pub(super) fn spend(&mut self, colour: Colour, spent: f64) {
        let left = &mut self.left[colour.index()];
        match self.system {
            TimeSystem::Unlimited => {}
            TimeSystem::Absolute { .. } => left.seconds = (left.seconds - spent).max(0.0),
            TimeSystem::ByoYomi { .. } => {
                // Main time runs out into the periods, which every move
                // in time renews.
                left.seconds = (left.seconds - spent).max(0.0);
            }
            TimeSystem::Canadian { period, stones, .. } => {
                if left.stones == 0 {
                    left.seconds -= spent;
                    if left.seconds <= 0.0 {
                        *left = TimeLeft {
                            seconds: period,
                            stones,
                        };
                    }
                } else {
                    left.seconds = (left.seconds - spent).max(0.0);
                    left.stones -= 1;
                    if left.stones == 0 {
                        *left = TimeLeft {
                            seconds: period,
                            stones,
                        };
                    }
                }
            }
            TimeSystem::Fischer { increment, .. } => {
                left.seconds = (left.seconds - spent).max(0.0) + increment;
            }
        }
    }
}

/// Reads a number of seconds (a whole number in GTP, a decimal accepted).
fn seconds(args: &Args<'_>, word: &str, what: &str) -> Result<f64, GtpError> {
    word.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0 && *s <= 1e7)
        .ok_or_else(|| args.error(format!("`{word}` is not a number of seconds for {what}")))
}

/// Reads a count of stones or periods.
fn count(args: &Args<'_>, word: &str, what: &str) -> Result<u32, GtpError> {
    word.parse::<u32>()
        .ok()
        .filter(|&n| n <= 100_000)
        .ok_or_else(|| args.error(format!("`{word}` is not a number of {what}")))
}

/// `time_settings MAIN BYO_YOMI STONES`: main time, then Canadian
/// overtime of STONES moves in each BYO_YOMI seconds; no overtime when
/// BYO_YOMI is 0, and no time limit at all when BYO_YOMI is above 0 and
/// STONES is 0 (as GTP says). Both clocks start again.
pub(super) fn time_settings(engine: &mut Engine, args: &[String]) -> Reply {
    let args = Args::new(
        args,
        "time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES",
    );
    let [main, byo, stones] =
        args.exactly(&["the main time", "the byo-yomi time", "the stones"])?
    else {
        unreachable!("three arguments were checked")
    };
    let main = seconds(&args, main, "the main time")?;
    let period = seconds(&args, byo, "the byo-yomi time")?;
    let stones = count(&args, stones, "stones")?;
    let system = match (period > 0.0, stones) {
        (true, 0) => TimeSystem::Unlimited,
        (false, _) => TimeSystem::Absolute { main },
        (true, stones) => TimeSystem::Canadian {
            main,
            period,
            stones,
        },
    };
    engine.clock = Clock::new(system);
    Ok(String::new())
}

/// `kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS
/// | canadian MAIN PERIOD STONES`: the systems KGS announces. Both clocks
/// start again.
pub(super) fn kgs_time_settings(engine: &mut Engine, args: &[String]) -> Reply {
    let args = Args::new(
        args,
        "kgs-time_settings none|absolute MAIN|byoyomi MAIN PERIOD PERIODS|canadian MAIN PERIOD STONES",
    );
    let words = args.at_least(1, "the time system")?;
    let system = match words[0].to_ascii_lowercase().as_str() {
        "none" => {
            args.exactly(&["the time system"])?;
            TimeSystem::Unlimited
        }
        "absolute" => {
            let [_, main] = args.exactly(&["the time system", "the main time"])? else {
                unreachable!("two arguments were checked")
            };
            TimeSystem::Absolute {
                main: seconds(&args, main, "the main time")?,
            }
        }
        system @ ("byoyomi" | "canadian") => {
            let [_, main, period, n] = args.exactly(&[
                "the time system",
                "the main time",
                "the period",
                "the periods or stones",
            ])?
            else {
                unreachable!("four arguments were checked")
            };
            let main = seconds(&args, main, "the main time")?;
            let period = seconds(&args, period, "the period")?;
            if system == "byoyomi" {
                TimeSystem::ByoYomi {
                    main,
                    period,
                    periods: count(&args, n, "periods")?,
                }
            } else {
                TimeSystem::Canadian {
                    main,
                    period,
                    stones: count(&args, n, "stones")?,
                }
            }
        }
        other => {
            return Err(args.error(format!(
                "`{other}` is not a time system: give none, absolute, byoyomi or canadian"
            )));
        }
    };
    engine.clock = Clock::new(system);
    Ok(String::new())
}

/// `time_left COLOUR TIME STONES`: what is left on the colour's clock:
/// TIME seconds of main time (STONES 0), or of the current overtime
/// period with STONES moves still to play in it.
pub(super) fn time_left(engine: &mut Engine, args: &[String]) -> Reply {
    let args = Args::new(args, "time_left COLOUR TIME STONES");
    let [c, time, stones] = args.exactly(&["the colour", "the time", "the stones"])? else {
        unreachable!("three arguments were checked")
    };
    let colour = colour(&args, c)?;
    let left = TimeLeft {
        seconds: seconds(&args, time, "the time left")?,
        stones: count(&args, stones, "stones")?,
    };
    engine.clock.left[colour.index()] = left;
    Ok(String::new())
}
