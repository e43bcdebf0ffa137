//! Boards as text: `showboard` for people, and the plain rows GoGui reads.

use super::args::Args;
use super::engine::Engine;
use super::error::Reply;
use super::vertex::colour_for_people;
use tengen_core::text::{DiagramMarks, draw, short_result};
use tengen_core::{Action, Colour, Game, PointSet, Rules, ToAct};

/// Who acts now, in words: `black to move`, or the end of play.
pub(super) fn situation(rules: &Rules, game: &Game) -> String {
    match game.to_act() {
        ToAct::Seat(seat) => format!(
            "{} to move",
            colour_for_people(rules, game.state().colour_of(seat))
        ),
        ToAct::Either => "play has stopped: the dead strings are to be agreed".into(),
        ToAct::Nobody => match game.result() {
            Some(result) => format!("the game is over: {}", short_result(game.state(), result)),
            None => "the game is over".into(),
        },
    }
}

/// `showboard`: a caption (the ruleset, the board, who moves) and the
/// board with coordinates, marked dead stones in lower case and the last
/// stone played in parentheses.
pub(super) fn showboard(engine: &mut Engine, args: &[String]) -> Reply {
    Args::new(args, "showboard").exactly(&[])?;
    let rules = &engine.rules;
    let game = &engine.game;
    let g = &rules.geometry;
    let last: PointSet = game
        .record()
        .iter()
        .rev()
        .find_map(|&(_, a)| match a {
            Action::Place(p) => Some(p),
            _ => None,
        })
        .into_iter()
        .collect();
    let marks = DiagramMarks {
        dead: game.state().marks().clone(),
        last,
        coordinates: true,
    };
    Ok(format!(
        "{} ({}), {}x{}: {}\n{}",
        rules.ruleset.meta.name,
        rules.ruleset.meta.id,
        g.width(),
        g.height(),
        situation(rules, game),
        draw(game.board(), &marks)
    ))
}

/// The board as GoGui's ruler commands give it: one line a row, top row
/// first, `X` for the first colour, `O` for the second, `.` for empty, a
/// space for a cell of the grid that is no point.
pub(super) fn plain_rows(game: &Game) -> String {
    let g = &game.rules().geometry;
    (0..g.height())
        .map(|row| {
            (0..g.width())
                .map(
                    |column| match g.point_at(column, row).map(|p| game.board().get(p)) {
                        Some(Some(Colour::Black)) => "X",
                        Some(Some(Colour::White)) => "O",
                        Some(None) => ".",
                        None => " ",
                    },
                )
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}
