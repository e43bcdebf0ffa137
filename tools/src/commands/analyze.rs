//! `tengen analyze RULESET --position FILE`: a position's score, the
//! pass-alive strings of each colour and the legal placements of the seat
//! to move.

use super::records::{Form, read_bytes, utf8};
use super::{Failure, Format};
use std::sync::Arc;
use tengen_core::text::{DiagramMarks, describe_score, draw};
use tengen_core::{Colour, Game, Geometry, Point, Rules, Seat};
use tengen_json::{Analysis, Document};
use tengen_sgf::{RulesChoice, read_sgf_bytes};

/// The colour to move in the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ToMove {
    /// The first colour (Black in Go).
    Black,
    /// The second colour.
    White,
}

impl ToMove {
    fn colour(self) -> Colour {
        match self {
            ToMove::Black => Colour::Black,
            ToMove::White => Colour::White,
        }
    }
}

pub(crate) fn run(
    reference: &str,
    position: &str,
    to_move: Option<ToMove>,
    options: &[String],
    format: Format,
) -> Result<(), Failure> {
    let fail = |message: String| match format {
        Format::Text => Failure::Message(message),
        Format::Json => super::json_failure(message, None),
    };
    let rules = super::assemble_as(reference, options, format)?;
    let to_fail = |f| match f {
        Failure::Message(m) => fail(m),
        reported => reported,
    };
    let bytes = read_bytes(position).map_err(to_fail)?;
    let game = match Form::of(position, Some(&bytes)) {
        Form::Sgf => {
            let imported = read_sgf_bytes(&bytes, RulesChoice::Given(&rules)).map_err(|e| {
                match super::records::sgf_failure(position, &e) {
                    Failure::Message(m) => fail(m),
                    reported => reported,
                }
            })?;
            let game = imported.game;
            match to_move.map(ToMove::colour) {
                Some(colour) if colour_to_act(&game) != Some(colour) => {
                    let stones: Vec<(Point, Colour)> = game.board().stones().collect();
                    from_position(&rules, &stones, colour).map_err(fail)?
                }
                _ => game,
            }
        }
        Form::Notation | Form::Scenario => {
            let text = utf8(position, bytes).map_err(to_fail)?;
            let stones = read_diagram(&rules.geometry, &text)
                .map_err(|e| fail(format!("{position}: {e}")))?;
            let colour = to_move.map_or(Colour::Black, ToMove::colour);
            from_position(&rules, &stones, colour).map_err(|e| fail(format!("{position}: {e}")))?
        }
    };
    let analysis = Analysis::of(&game);
    match format {
        Format::Json => super::print_document(&Document::Analysis(Box::new(analysis))),
        Format::Text => out!("{}", describe(&game, &analysis)),
    }
    Ok(())
}

/// The colour of the seat to act, where one seat is.
fn colour_to_act(game: &Game) -> Option<Colour> {
    match game.to_act() {
        tengen_core::ToAct::Seat(seat) => Some(game.state().colour_of(seat)),
        _ => None,
    }
}

/// A game starting from `stones` with `colour` to place first.
fn from_position(
    rules: &Arc<Rules>,
    stones: &[(Point, Colour)],
    colour: Colour,
) -> Result<Game, String> {
    let game = Game::from_position(Arc::clone(rules), stones, None).map_err(|r| r.to_string())?;
    let seat: Seat = game.state().seat_of_colour(colour);
    if colour_to_act(&game) == Some(colour) {
        return Ok(game);
    }
    Game::from_position(Arc::clone(rules), stones, Some(seat)).map_err(|r| r.to_string())
}

/// Reads a text diagram: the form `tengen play` and `replay` print (with
/// coordinates around it and the last move in parentheses), or the bare
/// rows of a conformance scenario.
fn read_diagram(geometry: &Geometry, text: &str) -> Result<Vec<(Point, Colour)>, String> {
    let letters: String = (0..geometry.width()).map(Geometry::column_letter).collect();
    let rows: Vec<String> = text
        .lines()
        .map(|line| line.split_whitespace().collect::<String>())
        .filter(|line| !line.is_empty() && *line != letters)
        .map(|line| {
            line.trim_matches(|c: char| c.is_ascii_digit())
                .chars()
                .filter(|&c| c != '(' && c != ')')
                .collect()
        })
        .collect();
    tengen_core::text::read(geometry, &rows.join("\n"))
}

/// The analysis for people.
fn describe(game: &Game, analysis: &Analysis) -> String {
    let rules = game.rules();
    let mut out = String::new();
    let options = if rules.ruleset.applied.is_empty() {
        String::new()
    } else {
        format!(" {}", rules.ruleset.applied.join(" "))
    };
    let to_act = match game.to_act() {
        tengen_core::ToAct::Seat(seat) => format!(
            "{} ({seat}) to move",
            rules.colour_name(game.state().colour_of(seat))
        ),
        tengen_core::ToAct::Either => "either player to act".into(),
        tengen_core::ToAct::Nobody => "the game is over".into(),
    };
    out.push_str(&format!(
        "{} ({}{options}), {}, {to_act}.\n",
        rules.ruleset.meta.name,
        rules.ruleset.meta.id,
        game.state().phase()
    ));
    out.push_str(&draw(
        game.board(),
        &DiagramMarks {
            coordinates: true,
            ..DiagramMarks::default()
        },
    ));
    out.push_str("\nScore, every stone counted as alive:\n");
    for line in describe_score(rules, &game.score()).lines() {
        out.push_str(&format!("  {line}\n"));
    }
    out.push_str(&format!(
        "\nPass-alive strings (at least {} vital regions each; self-capture {}):\n",
        analysis.life_rule.vital_minimum,
        if analysis.life_rule.self_capture_legal {
            "allowed"
        } else {
            "refused"
        }
    ));
    for (colour, life) in [
        (Colour::Black, &analysis.pass_alive.black),
        (Colour::White, &analysis.pass_alive.white),
    ] {
        let strings = if life.strings.is_empty() {
            "none".to_string()
        } else {
            life.strings
                .iter()
                .map(|s| s.join(" "))
                .collect::<Vec<_>>()
                .join(" | ")
        };
        out.push_str(&format!("  {}: {strings}\n", rules.colour_name(colour)));
    }
    let placements = &analysis.legal_placements;
    out.push_str(&format!(
        "\nLegal placements: {}{}\n",
        placements.len(),
        if placements.is_empty() {
            String::new()
        } else {
            format!(": {}", placements.join(" "))
        }
    ));
    out
}
