//! `play`, `genmove` and `undo`: moves between the controller and the
//! game.
//!
//! The ruleset's schedule decides who moves: where it gives a colour
//! several placements in a row (Thue-Morse Go's double moves), `play`
//! accepts that colour's moves one after another, and it refuses a move of
//! the colour not to move, saying whose turn it is. (GTP itself leaves
//! consecutive moves of one colour to the engine; tengen follows the
//! ruleset, so the controller learns the order from the refusal or from
//! `gogui-rules_side_to_move`.)
//!
//! In an agreement phase (Go after two passes) a GTP controller marks no
//! strings: `genmove` answers `pass` and `play COLOUR pass` is accepted,
//! both changing nothing, while `play COLOUR VERTEX` resumes play and then
//! plays the stone.

use super::args::Args;
use super::engine::Engine;
use super::error::{GtpError, Reply};
use super::vertex::{Vertex, colour_for_people, colour_word, name, parse_colour, parse_vertex};
use tengen_core::{Action, Colour, Phase, Seat, ToAct};

/// The most actions one `genmove` plays before it answers (declarations,
/// a button and the like come before a stone or a pass).
const MOST_ACTIONS_A_MOVE: usize = 64;

/// Reads a colour argument.
fn colour(args: &Args<'_>, word: &str) -> Result<Colour, GtpError> {
    parse_colour(word).ok_or_else(|| {
        args.error(format!(
            "`{word}` is not a colour: give black, white, b or w"
        ))
    })
}

/// `play COLOUR VERTEX`: plays the move if the rules allow it; otherwise
/// `illegal move` with the engine's reason, and nothing changes.
pub(super) fn play(engine: &mut Engine, args: &[String]) -> Reply {
    let args = Args::new(args, "play COLOUR VERTEX");
    let [c, v] = args.exactly(&["the colour", "the vertex"])? else {
        return Err(args.error("a colour and a vertex are needed"));
    };
    let colour = colour(&args, c)?;
    let vertex = parse_vertex(&engine.rules.geometry, v).map_err(|e| args.error(e))?;
    let seat = engine.game.state().seat_of_colour(colour);
    let actions = engine.game.plain_move(match vertex {
        Vertex::Pass => None,
        Vertex::Point(p) => Some(p),
    });
    engine.play_move(seat, &actions)?;
    Ok(String::new())
}

/// `genmove COLOUR`: the computer player's move for the colour to move,
/// played and answered as a vertex or `pass` (never `resign`). Actions GTP
/// has no word for (taking the button, a declaration, a setup claim) are
/// played on the way; when one of them ends the colour's turn the answer is
/// `pass`. A pass of the rest of a move is played as one pass, as GTP
/// counts them.
pub(super) fn genmove(engine: &mut Engine, args: &[String]) -> Reply {
    let args = Args::new(args, "genmove COLOUR");
    let c = args.one("the colour")?;
    let colour = colour(&args, c)?;
    let seat = engine.game.state().seat_of_colour(colour);
    match engine.game.to_act() {
        ToAct::Nobody => {
            return Err(GtpError::refused(
                "the game is over: final_score tells the result",
            ));
        }
        ToAct::Either => {
            engine.moves.push(0);
            return Ok("pass".into());
        }
        ToAct::Seat(to_act) if to_act != seat => {
            return Err(GtpError::refused(not_your_turn(engine, to_act)));
        }
        ToAct::Seat(_) => {}
    }
    let mut played = 0;
    let answer = loop {
        if played >= MOST_ACTIONS_A_MOVE {
            break "pass".to_string();
        }
        let Some(choice) = engine.ai.choose(&engine.game, seat) else {
            break "pass".to_string();
        };
        let action = match choice.action {
            Action::PassMove | Action::Resign => Action::Pass,
            other => other,
        };
        if let Err(refusal) = engine.game.apply(seat, action) {
            for _ in 0..played {
                let _ = engine.game.undo();
            }
            return Err(GtpError::refused(format!(
                "the engine refused its own choice: {refusal}"
            )));
        }
        played += 1;
        match action {
            Action::Place(p) => break name(&engine.rules.geometry, p),
            Action::Pass => break "pass".to_string(),
            _ if engine.game.to_act() != ToAct::Seat(seat) => break "pass".to_string(),
            _ => {}
        }
    };
    engine.moves.push(played);
    Ok(answer)
}

/// `undo`: takes back the last GTP move (`cannot undo` when there is none,
/// or when the ruleset allows no take-back). Handicap stones are part of
/// the starting position, not moves.
pub(super) fn undo(engine: &mut Engine, args: &[String]) -> Reply {
    Args::new(args, "undo").exactly(&[])?;
    if !engine.rules.ruleset.meta.undo {
        return Err(GtpError::CannotUndo(format!(
            "{} allows no take-back",
            engine.rules.ruleset.meta.name
        )));
    }
    let Some(actions) = engine.moves.pop() else {
        return Err(GtpError::CannotUndo("no move has been played".into()));
    };
    for _ in 0..actions {
        if engine.game.undo().is_err() {
            break;
        }
    }
    Ok(String::new())
}

/// Why a colour other than `to_act`'s may not move: whose turn it is and,
/// where the schedule gives that colour several placements this move, how
/// many and how many are left.
pub(super) fn not_your_turn(engine: &Engine, to_act: Seat) -> String {
    let game = &engine.game;
    let state = game.state();
    let colour = state.colour_of(to_act);
    let word = colour_word(colour);
    let named = colour_for_people(&engine.rules, colour);
    if state.phase() == Phase::Opening {
        return format!("it is {word}'s turn in the opening");
    }
    let current = state.current_move();
    let used = u64::from(current.placed + current.passed + current.other + current.automatic);
    let left = game.opportunities_left();
    let total = used + left;
    if total > 1 {
        let id = &engine.rules.ruleset.meta.id;
        let rest = if used == 0 {
            String::new()
        } else {
            format!(", and {} left", in_words(left))
        };
        return format!(
            "it is {word}'s turn: {id} gives {named} {} placements this move{rest}",
            in_words(total)
        );
    }
    format!("it is {word}'s turn")
}

/// Small numbers in words, as in prose.
fn in_words(n: u64) -> String {
    const WORDS: [&str; 10] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}
