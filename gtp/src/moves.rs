//! `play`, `genmove` and `undo`: moves between the controller and the
//! game.
//!
//! The ruleset's schedule decides who moves: where it gives a colour
//! several placements in a row (Thue-Morse Go's double moves), `play`
//! accepts that colour's moves one after another. GTP's `play` places a
//! stone of the colour given whatever the turn (controllers set up edited
//! positions that way), so a stone of the colour not to move is played
//! after a pass of the colour to move, as one GTP move, where that pass
//! changes nothing but the turn ([`why_no_pass_first`] says where); other
//! rulesets refuse it, saying whose turn it is and why, and so the
//! controller learns the order from the refusal or from
//! `gogui-rules_side_to_move`. A pass of the colour not to move is
//! refused: with the pass put in first it would be two passes in a row.
//!
//! In an agreement phase (Go after two passes) a GTP controller marks no
//! strings: `genmove` answers `pass` and `play COLOUR pass` is accepted,
//! both changing nothing, while `play COLOUR VERTEX` resumes play and then
//! plays the stone.

use super::args::Args;
use super::engine::{Computer, Engine};
use super::error::{GtpError, Reply};
use super::vertex::{Vertex, colour_for_people, colour_word, name, parse_colour, parse_vertex};
use std::time::Instant;
use tengen_core::rules::Hooks;
use tengen_core::{Action, Colour, Phase, Seat, ToAct};

/// The most actions one `genmove` plays before it answers (declarations,
/// a button and the like come before a stone or a pass).
const MOST_ACTIONS_A_MOVE: usize = 64;

/// Reads a colour argument.
pub(super) fn colour(args: &Args<'_>, word: &str) -> Result<Colour, GtpError> {
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
/// played and answered as a vertex, `pass`, or `resign` where the ruleset
/// allows resignation and the search finds the game lost (not with
/// `tengen gtp --no-resign`); the resignation ends the game, and
/// `final_score` then answers `B+R` or `W+R`. Actions GTP
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
    // Under a game clock the search thinks as long as the clock allows,
    // its playouts no longer a limit.
    let points = engine.rules.geometry.point_count();
    let moves_played = engine.game.state().moves_completed();
    let think = engine.clock.think_time(colour, points, moves_played);
    let playouts = match (&mut engine.ai, think) {
        (Computer::Mcts(search), Some(think)) => {
            let playouts = search.config().playouts;
            search.set_playouts(tengen_ai::MAX_PLAYOUTS);
            search.set_time(Some(think));
            Some(playouts)
        }
        _ => None,
    };
    let started = Instant::now();
    let answer = generate(engine, seat);
    if let (Computer::Mcts(search), Some(playouts)) = (&mut engine.ai, playouts) {
        search.set_playouts(playouts);
        search.set_time(None);
    }
    if answer.is_ok() {
        engine.clock.spend(colour, started.elapsed().as_secs_f64());
    }
    answer
}

/// The computer player's move for `seat`, played (see [`genmove`]).
fn generate(engine: &mut Engine, seat: Seat) -> Reply {
    let mut played = 0;
    let answer = loop {
        if played >= MOST_ACTIONS_A_MOVE {
            break "pass".to_string();
        }
        let Some(choice) = engine.ai.choose(&engine.game, seat) else {
            break "pass".to_string();
        };
        let action = match choice.action {
            Action::PassMove => Action::Pass,
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
            Action::Resign => break "resign".to_string(),
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

/// Why a stone of the colour not to move cannot be played by passing first
/// for `to_act`, or `None` where it can. It can where the pass changes
/// nothing but the turn: the schedule alternates one placement a move, so
/// the pass moves no later placement to another colour; passing is a move
/// of play; play ends only on two passes in a row and the score decides,
/// the score being the board's area count plus points no action can change
/// any more, so the pass neither scores nor, followed by a stone, ends
/// anything; and the game is in ordinary play with no opening component
/// taking part in it.
pub(super) fn why_no_pass_first(engine: &Engine, to_act: Seat) -> Option<String> {
    let rules = &engine.rules;
    let state = engine.game.state();
    let id = &rules.ruleset.meta.id;
    let turn = not_your_turn(engine, to_act);
    let mover = colour_word(state.colour_of(to_act.other()));
    let reason = if !rules.schedule.alternates_strictly() {
        format!("the order of placements is fixed in {id}, so {mover} cannot place out of turn")
    } else if !rules.objective.passing_allowed() {
        format!(
            "{id} allows no pass, so {mover} cannot place out of turn (GTP's `play` passes for the colour to move first)"
        )
    } else if !rules.objective.two_passes_then_score()
        || rules.scorer.fixed_bonuses(state).is_none()
    {
        format!(
            "in {id} a pass can do more than hand over the turn, so {mover} cannot place out of turn (GTP's `play` passes for the colour to move first)"
        )
    } else if state.phase() != Phase::Play || rules.opening.hooks() != Hooks::NONE {
        format!(
            "{mover} cannot place out of turn {}",
            state.phase().during()
        )
    } else {
        return None;
    };
    Some(format!("{turn}; {reason}"))
}

/// Why a pass of the colour not to move is refused: passing first for the
/// colour to move would make two passes in a row, which end play.
pub(super) fn no_pass_out_of_turn(engine: &Engine, to_act: Seat) -> String {
    let mover = colour_word(engine.game.state().colour_of(to_act.other()));
    format!(
        "{}; {mover} cannot pass out of turn",
        not_your_turn(engine, to_act)
    )
}
