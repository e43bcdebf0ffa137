//! The `RE` property: a game's result in SGF's syntax.

use tengen_core::game::EndReason;
use tengen_core::{Colour, Game};

/// The letter SGF gives a colour: `B` for the first colour (Black, or the
/// first colour a ruleset names), `W` for the second.
pub(crate) fn colour_letter(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "B",
        Colour::White => "W",
    }
}

/// The result of a finished game as SGF writes it: `B+3.5` (on the
/// score, by that margin), `W+R` (by resignation), `B+` (another win, such
/// as a pass-alive string or a player left without a legal move), `0` (a
/// draw); `None` while the game goes on.
pub fn result_text(game: &Game) -> Option<String> {
    let result = game.result()?;
    let Some(winner) = result.winner else {
        return Some("0".into());
    };
    let letter = colour_letter(game.state().colour_of(winner));
    let how = match (&result.reason, &result.score) {
        (EndReason::Resignation { .. }, _) => "R".to_string(),
        (EndReason::Score, Some(sheet)) => {
            let margin = (sheet.total[Colour::Black] - sheet.total[Colour::White]).abs();
            format_number(margin)
        }
        _ => String::new(),
    };
    Some(format!("{letter}+{how}"))
}

/// A number as SGF's Real: no decimal point for a whole number.
pub(crate) fn format_number(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value}")
    }
}
