//! The end of a game: `final_score`, `final_status_list` and the
//! `tengen-mark_dead` extension.
//!
//! Once the game is over its result and its marked strings answer. Before
//! that (during play, or in Go's agreement phase, where a GTP controller
//! marks nothing) tengen judges the dead strings by random continuations
//! (`tengen_ai::agreement::judge_dead`: pass-alive strings are never
//! dead) and plays the game to its end on a copy: the dead strings marked,
//! the marks accepted, every remaining opportunity passed.

use super::args::Args;
use super::engine::Engine;
use super::error::{GtpError, Reply};
use super::vertex::{Vertex, names, parse_vertex};
use tengen_ai::agreement::{JUDGEMENT_PLAYOUTS, judge_dead, marking_step};
use tengen_core::text::short_result;
use tengen_core::{Action, Game, Phase, Point, PointSet, Seat, ToAct};

/// The stones dead now: the judgement while the game goes on.
fn dead_stones(engine: &Engine) -> PointSet {
    let game = &engine.game;
    let seat = match game.to_act() {
        ToAct::Seat(seat) => seat,
        _ => Seat::One,
    };
    judge_dead(game, seat, JUDGEMENT_PLAYOUTS, engine.judgement_seed())
}

/// The position whose strings have a status, and its dead stones: the
/// board as it stands and the judgement while the game goes on; for a
/// game ended by agreement, the board before the marked strings were taken
/// off, with those marks; for a game ended otherwise, every string alive.
fn statuses(engine: &Engine) -> (Game, PointSet) {
    let game = &engine.game;
    if game.state().phase() != Phase::Over {
        return (game.clone(), dead_stones(engine));
    }
    let mut before = game.clone();
    if matches!(game.record().last(), Some((_, Action::Accept))) && before.undo().is_ok() {
        let marks = before.state().marks().clone();
        return (before, marks);
    }
    (before, PointSet::default())
}

/// The next step towards the end of `game` for `seat`: a mark towards
/// `dead`, an acceptance, a pass.
fn step_to_the_end(game: &Game, seat: Seat, dead: &PointSet) -> Option<Action> {
    if let Some(step) = marking_step(game, seat, dead) {
        return Some(step);
    }
    let legal = game.legal_actions(seat);
    [Action::Accept, Action::Pass]
        .into_iter()
        .find(|a| legal.contains(a))
}

/// A copy of `game` played to its end with `dead` marked, or `None` when
/// passing does not end it (Mathematical Go, Kill-All).
fn played_to_the_end(game: &Game, dead: &PointSet) -> Option<Game> {
    let mut copy = game.clone();
    let limit = 4 * game.rules().geometry.point_count() + 64;
    for _ in 0..limit {
        let seats: &[Seat] = match copy.to_act() {
            ToAct::Nobody => return Some(copy),
            ToAct::Seat(Seat::One) => &[Seat::One],
            ToAct::Seat(Seat::Two) => &[Seat::Two],
            ToAct::Either => &Seat::BOTH,
        };
        let (seat, action) = seats
            .iter()
            .find_map(|&s| step_to_the_end(&copy, s, dead).map(|a| (s, a)))?;
        copy.apply(seat, action).ok()?;
    }
    None
}

/// `final_score`: `B+3.5`, `W+7` or `0` (`W+R` after a resignation);
/// before the end, the score the game would have with the judged dead
/// strings removed.
pub(super) fn final_score(engine: &mut Engine, args: &[String]) -> Reply {
    Args::new(args, "final_score").exactly(&[])?;
    let game = &engine.game;
    if let Some(result) = game.result() {
        return Ok(short_result(game.state(), result));
    }
    let end = played_to_the_end(game, &dead_stones(engine)).ok_or_else(|| {
        GtpError::refused(
            "cannot score: the game is not over, and passing does not end it under these rules",
        )
    })?;
    let result = end
        .result()
        .ok_or_else(|| GtpError::refused("cannot score: the game ended without a result"))?;
    Ok(short_result(end.state(), result))
}

/// The strings of the board, each as its stones in board order.
fn strings(game: &Game) -> Vec<Vec<Point>> {
    let board = game.board();
    let mut seen = PointSet::default();
    let mut out = Vec::new();
    for (p, _) in board.stones() {
        if seen.insert(board.string_head(p)) {
            let mut stones: Vec<Point> = board.string_stones(p).collect();
            stones.sort_by_key(|s| s.index());
            out.push(stones);
        }
    }
    out
}

/// `final_status_list alive|dead|seki`: the strings of that status, one a
/// line. tengen does not tell seki apart, so `seki` lists none and those
/// strings are alive.
pub(super) fn final_status_list(engine: &mut Engine, args: &[String]) -> Reply {
    let args = Args::new(args, "final_status_list alive|dead|seki");
    let status = args.one("the status")?;
    let wanted_dead = match status.to_ascii_lowercase().as_str() {
        "alive" => true,
        "dead" => false,
        "seki" => return Ok(String::new()),
        _ => {
            return Err(args.error(format!(
                "`{status}` is not a status: give alive, dead or seki"
            )));
        }
    };
    let (position, dead) = statuses(engine);
    let geometry = &engine.rules.geometry;
    Ok(strings(&position)
        .into_iter()
        .filter(|s| dead.contains(s[0]) != wanted_dead)
        .map(|s| names(geometry, s))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// `tengen-mark_dead VERTEX...`: in an agreement phase, marks the strings
/// through the vertices as dead (and only those), and both players accept:
/// the game ends and is scored. Answers the result. For a controller that
/// settles the dead strings itself (with another engine's
/// `final_status_list dead`, say).
pub(super) fn mark_dead(engine: &mut Engine, args: &[String]) -> Reply {
    let args = Args::new(args, "tengen-mark_dead VERTEX...");
    let board = engine.game.board();
    let mut dead = PointSet::default();
    for word in args.at_least(0, "the vertices")? {
        match parse_vertex(&engine.rules.geometry, word).map_err(|e| args.error(e))? {
            Vertex::Point(p) if board.get(p).is_some() => dead.extend(board.string_stones(p)),
            Vertex::Point(_) => return Err(args.error(format!("{word} holds no stone"))),
            Vertex::Pass => return Err(args.error("a dead string is not a pass")),
        }
    }
    if engine.game.state().phase() != Phase::Agreement {
        return Err(GtpError::refused(format!(
            "dead strings are marked in the agreement phase, after two passes; the game is {}",
            match engine.game.state().phase() {
                Phase::Over => "over",
                Phase::Opening => "in its opening",
                _ => "in play",
            }
        )));
    }
    let mut played: Vec<(Seat, Action)> = Vec::new();
    let mut trial = engine.game.clone();
    while let Some(step) = marking_step(&trial, Seat::One, &dead) {
        if trial.apply(Seat::One, step).is_err() || played.len() > 2 * dead.len() + 64 {
            return Err(GtpError::refused("the marks cannot be set"));
        }
        played.push((Seat::One, step));
    }
    let accepted = trial.state().accepted();
    for seat in Seat::BOTH {
        if !accepted[seat] {
            played.push((seat, Action::Accept));
        }
    }
    for (done, &(seat, action)) in played.iter().enumerate() {
        if let Err(refusal) = engine.game.apply(seat, action) {
            for _ in 0..done {
                let _ = engine.game.undo();
            }
            return Err(GtpError::refused(format!(
                "the marks are refused: {refusal}"
            )));
        }
    }
    engine.moves.push(played.len());
    let game = &engine.game;
    Ok(game
        .result()
        .map(|r| short_result(game.state(), r))
        .unwrap_or_default())
}
