//! Move records: lines of the move notation played into a game, and a game
//! written back as lines (one move per line).

use crate::action::Action;
use crate::colour::Seat;
use crate::game::{Game, ToAct};
use crate::notation::{NotationLine, format_action};
use crate::phase::Phase;
use crate::state::Refusal;
use std::fmt;

/// An action of a line that was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineRefusal {
    /// Which action of the line (from 0).
    pub index: usize,
    /// Its byte offset in the line.
    pub column: usize,
    /// The action, in notation.
    pub action: String,
    /// Why it was refused.
    pub refusal: Refusal,
}

impl fmt::Display for LineRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` refused: {}", self.action, self.refusal)
    }
}

/// The seat that acts for an action written without a seat.
pub fn implied_seat(game: &Game, action: Action) -> Result<Seat, Refusal> {
    match game.to_act() {
        ToAct::Seat(seat) => Ok(seat),
        ToAct::Nobody => Err(Refusal::GameOver),
        ToAct::Either => Err(Refusal::rule(
            "who-acts",
            format!(
                "both players may act now, so say who: `P1: {}` or `P2: {}`",
                format_action(&game.rules().geometry, action),
                format_action(&game.rules().geometry, action)
            ),
        )),
    }
}

/// Plays the actions of a line in order, for the seat the line names or
/// else the seat to act when the line begins (a line without a seat never
/// runs on into the opponent's move). All or nothing: when an action is
/// refused, the actions of the line already played are taken back (by undo,
/// or from a copy in a game that keeps no undo), and the refusal is
/// returned.
pub fn play_line(game: &mut Game, line: &NotationLine) -> Result<usize, LineRefusal> {
    let mut played = 0;
    let copy = (line.actions.len() > 1 && !game.keeps_undo()).then(|| game.clone());
    let mut line_seat = line.seat;
    for (index, &(column, action)) in line.actions.iter().enumerate() {
        let seat = match line_seat {
            Some(seat) => Ok(seat),
            None => implied_seat(game, action),
        };
        // A line without a seat is one seat's: when its move ends, the
        // rest of the line is not handed to the opponent.
        let outcome = match (seat, line.seat) {
            (Ok(seat), None)
                if index > 0
                    && !matches!(game.to_act(), ToAct::Nobody)
                    && game.to_act() != ToAct::Seat(seat) =>
            {
                Err(Refusal::rule(
                    "move-ended",
                    format!(
                        "the move ended before `{}`: write the next move on a line of its own",
                        format_action(&game.rules().geometry, action)
                    ),
                ))
            }
            (seat, _) => seat,
        }
        .and_then(|seat| {
            line_seat.get_or_insert(seat);
            game.apply(seat, action).map(|_| ())
        });
        if let Err(refusal) = outcome {
            match copy {
                Some(copy) => *game = copy,
                None => {
                    for _ in 0..played {
                        let _ = game.undo();
                    }
                }
            }
            return Err(LineRefusal {
                index,
                column,
                action: format_action(&game.rules().geometry, action),
                refusal,
            });
        }
        played += 1;
    }
    Ok(played)
}

/// Writes a game's record in the notation: one move per line; actions
/// outside the order of play (the agreement phase, the opening, resigning
/// out of turn) on lines of their own, with the seat named.
pub fn format_record(game: &Game) -> String {
    let mut replay = game.restart();
    let geometry = std::sync::Arc::clone(&game.rules().geometry);
    let mut lines: Vec<String> = Vec::new();
    let mut open_move: Option<(Seat, u32)> = None;
    for &(seat, action) in game.record() {
        let in_turn = replay.state().phase() == Phase::Play && replay.to_act() == ToAct::Seat(seat);
        let text = format_action(&geometry, action);
        let number = replay.state().current_move().number;
        if in_turn && open_move == Some((seat, number)) {
            let last = lines.last_mut().expect("an open move has a line");
            last.push_str(", ");
            last.push_str(&text);
        } else if in_turn {
            lines.push(text.clone());
            open_move = Some((seat, number));
        } else {
            lines.push(format!("{}: {text}", seat.short_name()));
            open_move = None;
        }
        if replay.apply(seat, action).is_err() {
            lines.push(format!("# the record does not replay from here: {text}"));
            break;
        }
        if replay.state().current_move().number != number {
            open_move = None;
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}
