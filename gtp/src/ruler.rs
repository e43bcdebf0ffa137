//! GoGui's ruler commands (GoGui's documentation, chapter Rules): with
//! them GoGui leaves the rules of a game to the engine, so it follows a
//! variant's turn order (Thue-Morse Go's double moves) and its legal moves.
//!
//! - `gogui-rules_game_id`: the game's name, an upper-case letter then
//!   lower-case ones (`Go`, `Thuemorsego`).
//! - `gogui-rules_board`: the board, `X`, `O` and `.`, top row first.
//! - `gogui-rules_board_size`: the size of the (square) board.
//! - `gogui-rules_legal_moves`: the legal moves of the colour to move,
//!   `pass` last; empty when play has ended (the game is over, or Go's
//!   players have both passed).
//! - `gogui-rules_side_to_move`: `black` or `white`.
//! - `gogui-rules_final_result`: the result in words.

use super::args::Args;
use super::display::plain_rows;
use super::engine::Engine;
use super::error::{GtpError, Reply};
use super::vertex::{colour_word, names};
use tengen_core::text::{describe_result, short_result};
use tengen_core::{Action, Colour, Phase, ToAct};

/// `gogui-rules_game_id`.
pub(super) fn game_id(engine: &mut Engine, args: &[String]) -> Reply {
    Args::new(args, "gogui-rules_game_id").exactly(&[])?;
    let letters: String = engine
        .rules
        .ruleset
        .meta
        .name
        .chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let mut chars = letters.chars();
    Ok(match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => "Go".into(),
    })
}

/// `gogui-rules_board`.
pub(super) fn board(engine: &mut Engine, args: &[String]) -> Reply {
    Args::new(args, "gogui-rules_board").exactly(&[])?;
    Ok(plain_rows(&engine.game))
}

/// `gogui-rules_board_size`.
pub(super) fn board_size(engine: &mut Engine, args: &[String]) -> Reply {
    Args::new(args, "gogui-rules_board_size").exactly(&[])?;
    let g = &engine.rules.geometry;
    if g.width() != g.height() {
        return Err(GtpError::refused(format!(
            "GoGui shows square boards only, and this one is {}x{}",
            g.width(),
            g.height()
        )));
    }
    Ok(g.width().to_string())
}

/// `gogui-rules_legal_moves`.
pub(super) fn legal_moves(engine: &mut Engine, args: &[String]) -> Reply {
    Args::new(args, "gogui-rules_legal_moves").exactly(&[])?;
    let game = &engine.game;
    let ToAct::Seat(seat) = game.to_act() else {
        return Ok(String::new());
    };
    let legal = game.legal_actions(seat);
    let points = legal.iter().filter_map(|a| match a {
        Action::Place(p) => Some(*p),
        _ => None,
    });
    let mut list = names(&engine.rules.geometry, points);
    if legal
        .iter()
        .any(|a| matches!(a, Action::Pass | Action::PassMove))
    {
        if !list.is_empty() {
            list.push(' ');
        }
        list.push_str("pass");
    }
    Ok(list)
}

/// The colour to move: the seat to act, or (once play has stopped) the
/// opponent of the last seat that acted.
fn side_to_move_colour(engine: &Engine) -> Colour {
    let game = &engine.game;
    let seat = match game.to_act() {
        ToAct::Seat(seat) => Some(seat),
        _ => game.record().last().map(|&(seat, _)| seat.other()),
    };
    seat.map_or(Colour::Black, |s| game.state().colour_of(s))
}

/// `gogui-rules_side_to_move`.
pub(super) fn side_to_move(engine: &mut Engine, args: &[String]) -> Reply {
    Args::new(args, "gogui-rules_side_to_move").exactly(&[])?;
    Ok(colour_word(side_to_move_colour(engine)).to_string())
}

/// `gogui-rules_final_result`: e.g. `B+3.5: Black (Player 1) wins by 3.5
/// points`; in Go's agreement phase, the score with the judged dead
/// strings removed; `unknown` while play goes on.
pub(super) fn final_result(engine: &mut Engine, args: &[String]) -> Reply {
    Args::new(args, "gogui-rules_final_result").exactly(&[])?;
    let game = &engine.game;
    if let Some(result) = game.result() {
        return Ok(format!(
            "{}: {}",
            short_result(game.state(), result),
            describe_result(&engine.rules, game.state(), result)
        ));
    }
    if game.state().phase() == Phase::Agreement {
        let score = super::scoring::final_score(engine, &[])?;
        return Ok(format!("{score} (with the dead strings tengen judges)"));
    }
    Ok("unknown: the game is not over".into())
}
