//! Live analysis as GUIs ask for it: `lz-analyze` (Leela Zero's format)
//! and `kata-analyze` (KataGo's), which Sabaki and Lizzie send.
//!
//! `lz-analyze [COLOUR] [INTERVAL] [KEY VALUE]...` starts searching the
//! position for the colour (the colour to move by default) and answers
//! with `=` and then, every INTERVAL centiseconds, one line listing the
//! candidates: `info move D4 visits 120 winrate 5230 prior 840 lcb 5010
//! order 0 pv D4 E5 ...`, the rates in ten-thousandths. `kata-analyze`
//! writes the rates as fractions and adds `scoreMean` and `scoreLead`,
//! and with `ownership true` ends each line with `ownership` and one
//! number from -1 to 1 for each cell of the board, row by row from the
//! top left. Every figure is for the colour analysed. The search goes on
//! until the controller sends anything (a command, or an empty line);
//! then the response ends with its empty line and the command is carried
//! out. Keys: `interval`, `maxmoves` (the most candidates a line lists),
//! `minmoves` (accepted; a line lists the candidates with playouts) and,
//! for `kata-analyze`, `ownership`.

use super::args::Args;
use super::engine::{Computer, Engine};
use super::error::GtpError;
use super::moves::not_your_turn;
use super::vertex::{name, parse_colour};
use std::fmt::Write;
use std::time::Duration;
use tengen_ai::{Analysis, AnalysisPlan, Candidate, ReportEvery};
use tengen_core::{Action, Geometry, Seat, ToAct};

/// The commands of this module.
pub(super) const COMMAND_NAMES: [&str; 2] = ["lz-analyze", "kata-analyze"];

/// The interval when none is given: one second.
const DEFAULT_INTERVAL_CENTISECONDS: u64 = 100;

/// The most candidates a line lists when `maxmoves` is not given.
const DEFAULT_MAX_MOVES: usize = 20;

/// The playouts an analysis may reach: in practice it runs until the
/// controller stops it (the tree's memory is bounded by its node cap).
const ENDLESS: u64 = u32::MAX as u64 / 2;

/// Which format the lines are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    /// Leela Zero's: rates in ten-thousandths.
    Lz,
    /// KataGo's: rates as fractions, scores, ownership.
    Kata,
}

/// An analysis the controller asked for.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Request {
    format: Format,
    seat: Seat,
    interval: Duration,
    max_moves: usize,
    ownership: bool,
}

/// Whether `name` is one of this module's commands.
pub(super) fn is_analysis(name: &str) -> bool {
    COMMAND_NAMES.contains(&name)
}

/// Reads an analysis command's arguments, and checks that the colour
/// may be analysed now; nothing is searched yet.
pub(super) fn prepare(engine: &Engine, name: &str, words: &[String]) -> Result<Request, GtpError> {
    let (format, usage) = match name {
        "kata-analyze" => (
            Format::Kata,
            "kata-analyze [COLOUR] [INTERVAL] [interval N] [maxmoves N] [minmoves N] [ownership true|false]",
        ),
        _ => (
            Format::Lz,
            "lz-analyze [COLOUR] [INTERVAL] [interval N] [maxmoves N] [minmoves N]",
        ),
    };
    let args = Args::new(words, usage);
    let mut rest = words;
    let mut colour = None;
    if let Some(first) = rest.first()
        && let Some(c) = parse_colour(first)
    {
        colour = Some(c);
        rest = &rest[1..];
    }
    let number = |word: &str| -> Result<u64, GtpError> {
        word.parse()
            .map_err(|_| args.error(format!("`{word}` is not a whole number")))
    };
    let mut interval = DEFAULT_INTERVAL_CENTISECONDS;
    if let Some(first) = rest.first()
        && first.bytes().all(|b| b.is_ascii_digit())
    {
        interval = number(first)?;
        rest = &rest[1..];
    }
    let mut max_moves = DEFAULT_MAX_MOVES;
    let mut ownership = false;
    for pair in rest.chunks(2) {
        let [key, value] = pair else {
            return Err(args.error(format!("`{}` has no value", pair[0])));
        };
        match key.as_str() {
            "interval" => interval = number(value)?,
            "maxmoves" => max_moves = number(value)?.clamp(1, 1000) as usize,
            "minmoves" => {
                number(value)?;
            }
            "ownership" if format == Format::Kata => {
                ownership = match value.as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(args.error(format!("`ownership {value}`: true or false"))),
                }
            }
            other => return Err(args.error(format!("`{other}` is not a key this engine knows"))),
        }
    }
    let Computer::Mcts(_) = &engine.ai else {
        return Err(GtpError::refused(
            "the random player does not analyse (start tengen gtp without --player random)",
        ));
    };
    let seat = match (engine.game.to_act(), colour) {
        (ToAct::Nobody, _) => {
            return Err(GtpError::refused("the game is over: nothing to analyse"));
        }
        (ToAct::Either, _) => {
            return Err(GtpError::refused(
                "the players are marking dead stones: nothing to analyse",
            ));
        }
        (ToAct::Seat(to_act), Some(c)) if engine.game.state().seat_of_colour(c) != to_act => {
            return Err(GtpError::refused(not_your_turn(engine, to_act)));
        }
        (ToAct::Seat(to_act), _) => to_act,
    };
    Ok(Request {
        format,
        seat,
        // Any whole number is read; one beyond all reason waits long, not wraps.
        interval: Duration::from_millis(interval.max(1).saturating_mul(10)),
        max_moves,
        ownership,
    })
}

/// Runs the analysis `request`, handing each line to `write`, which
/// answers whether to go on (false once the controller has sent
/// something). A line is written at least once, even when the search is
/// stopped at its first interval.
pub(super) fn run(
    engine: &mut Engine,
    request: &Request,
    mut write: impl FnMut(&str) -> std::io::Result<bool>,
) -> std::io::Result<()> {
    let Computer::Mcts(search) = &mut engine.ai else {
        return Ok(());
    };
    let plan = AnalysisPlan {
        candidates: request.max_moves,
        ownership: request.ownership,
        playouts: ENDLESS,
        time: None,
        every: ReportEvery::Time(request.interval),
    };
    let geometry = &engine.rules.geometry;
    let mut failure = None;
    let mut stopped = false;
    let outcome = search.analyze(&engine.game, request.seat, &plan, |analysis| {
        match write(&line(geometry, request.format, analysis)) {
            Ok(go_on) => {
                stopped = !go_on;
                go_on
            }
            Err(e) => {
                failure = Some(e);
                false
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    if let Ok(last) = outcome
        && !stopped
    {
        write(&line(geometry, request.format, &last))?;
    }
    Ok(())
}

/// One line of analysis: each candidate GTP can name, then the
/// ownership where asked for.
fn line(geometry: &Geometry, format: Format, analysis: &Analysis) -> String {
    let mut text = String::new();
    let named = analysis
        .candidates
        .iter()
        .filter_map(|c| Some((c, vertex(geometry, c.action)?)));
    for (order, (candidate, mv)) in named.enumerate() {
        if !text.is_empty() {
            text.push(' ');
        }
        info(&mut text, format, order, candidate, &mv);
        for &(_, action) in &candidate.line {
            let Some(v) = vertex(geometry, action) else {
                break;
            };
            text.push(' ');
            text.push_str(&v);
        }
    }
    if let Some(ownership) = &analysis.ownership {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str("ownership");
        for row in 0..geometry.height() {
            for column in 0..geometry.width() {
                let value = geometry
                    .point_at(column, row)
                    .map_or(0.0, |p| ownership[p.index()]);
                let _ = write!(text, " {}", fraction(value));
            }
        }
    }
    text
}

/// The fields of one candidate up to its `pv` (whose moves follow).
fn info(text: &mut String, format: Format, order: usize, c: &Candidate, mv: &str) {
    let _ = write!(text, "info move {mv} visits {}", c.visits);
    match format {
        Format::Lz => {
            let _ = write!(
                text,
                " winrate {} prior {} lcb {}",
                per_ten_thousand(c.win_rate),
                per_ten_thousand(c.prior),
                per_ten_thousand(c.lower_bound())
            );
        }
        Format::Kata => {
            let _ = write!(text, " winrate {}", fraction(c.win_rate));
            if let Some(lead) = c.score_lead {
                let lead = fraction(lead);
                let _ = write!(text, " scoreMean {lead} scoreLead {lead}");
            }
            let _ = write!(
                text,
                " prior {} lcb {}",
                fraction(c.prior),
                fraction(c.lower_bound())
            );
        }
    }
    let _ = write!(text, " order {order} pv");
}

/// An action as GTP names it, where it can: a point, or `pass`.
fn vertex(geometry: &Geometry, action: Action) -> Option<String> {
    match action {
        Action::Place(p) => Some(name(geometry, p)),
        Action::Pass | Action::PassMove => Some("pass".into()),
        _ => None,
    }
}

/// A rate from 0 to 1 in ten-thousandths, as Leela Zero writes it.
fn per_ten_thousand(rate: f64) -> u32 {
    (rate.clamp(0.0, 1.0) * 10_000.0).round() as u32
}

/// A number with six decimals at most, trailing zeros dropped.
fn fraction(value: f64) -> String {
    let text = format!("{value:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" | "" => "0".into(),
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_gtp_analysis_reads_them() {
        assert_eq!(per_ten_thousand(0.48021), 4802);
        assert_eq!(per_ten_thousand(1.2), 10_000);
        assert_eq!(fraction(0.5), "0.5");
        assert_eq!(fraction(-0.0000001), "0");
        assert_eq!(fraction(-12.25), "-12.25");
        assert_eq!(fraction(1.0), "1");
    }
}
