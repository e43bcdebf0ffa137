//! What the terminal shows of a game: the board and a few status lines.

use tengen_core::game::{Applied, Event, RemovalCause};
use tengen_core::text::{
    DiagramMarks, describe_result, describe_score, draw, hex_placement_index, points, short_result,
    tracker,
};
use tengen_core::{Colour, Game, Phase, PointSet, Seat, ToAct};

/// The stones placed by the latest move still on the board.
pub(crate) fn last_move(game: &Game) -> PointSet {
    tengen_json::state::last_move(game)
}

/// The board with coordinates, marked dead stones and the last move.
pub(crate) fn board(game: &Game, last: &PointSet) -> String {
    let marks = DiagramMarks {
        dead: game.state().marks().clone(),
        last: last.clone(),
        coordinates: true,
    };
    let rules = game.rules();
    let state = game.state();
    let legend = if state.phase() == Phase::Opening && state.role_of(Seat::One).is_none() {
        format!(
            "X = {}, the Attacker's stones (the setup decides who attacks), O = {}",
            rules.colour_name(Colour::Black),
            rules.colour_name(Colour::White),
        )
    } else {
        let name = |colour: Colour| {
            let seat = state.seat_of_colour(colour);
            match state.role_of(seat) {
                Some(role) => format!("{} ({seat}, {role})", rules.colour_name(colour)),
                None => format!("{} ({seat})", rules.colour_name(colour)),
            }
        };
        format!("X = {}, O = {}", name(Colour::Black), name(Colour::White))
    };
    format!("{}{legend}\n", draw(game.board(), &marks))
}

/// `Black (Player 1)`.
pub(crate) fn seat_name(game: &Game, seat: Seat) -> String {
    format!(
        "{} ({seat})",
        game.rules().colour_name(game.state().colour_of(seat))
    )
}

/// What the prompt asks for.
pub(crate) fn prompt(game: &Game) -> String {
    match game.to_act() {
        ToAct::Seat(seat) if game.state().phase() == Phase::Opening => format!("{seat}> "),
        ToAct::Seat(seat) => format!("{}> ", seat_name(game, seat)),
        ToAct::Either => "P1 or P2> ".into(),
        ToAct::Nobody => "game over> ".into(),
    }
}

/// The status lines under the board.
pub(crate) fn status(game: &Game) -> String {
    let rules = game.rules();
    let state = game.state();
    let mut lines = Vec::new();
    match (state.phase(), game.to_act()) {
        (Phase::Over, _) => {
            if let Some(result) = game.result() {
                lines.push(format!(
                    "Game over: {} ({}).",
                    describe_result(rules, state, result),
                    short_result(state, result)
                ));
                if let Some(sheet) = &result.score {
                    lines.push(describe_score(rules, sheet));
                }
                lines.extend(settled_stones(game, result));
            }
        }
        (Phase::Agreement, _) => {
            lines.push(
                "Play has stopped. Mark the dead strings (`P1: mark D4`, `P2: unmark D4`), then both accept \
                 (`P1: accept`, `P2: accept`); or `P1: resume` to play on."
                    .into(),
            );
            let accepted: Vec<String> = Seat::BOTH
                .iter()
                .filter(|&&s| state.accepted()[s])
                .map(|&s| s.to_string())
                .collect();
            lines.push(format!(
                "Marked dead: {} stone{}. Accepted by: {}.",
                state.marks().len(),
                if state.marks().len() == 1 { "" } else { "s" },
                if accepted.is_empty() {
                    "nobody yet".into()
                } else {
                    accepted.join(" and ")
                }
            ));
        }
        (Phase::Opening, ToAct::Seat(seat)) => lines.push(format!("{seat} to act (setup).")),
        (phase, ToAct::Seat(seat)) => {
            let mut line = format!("{} to play", seat_name(game, seat));
            if phase == Phase::Play {
                line.push_str(&format!(", move {}", state.current_move().number));
                let left = game.opportunities_left();
                let current = state.current_move();
                let used =
                    u64::from(current.placed + current.passed + current.other + current.automatic);
                if left > 1 || used > 0 {
                    line.push_str(&format!(", placement {} of {}", used + 1, used + left));
                }
            }
            lines.push(format!("{line}."));
            let upcoming = game.upcoming(16);
            if upcoming.windows(2).any(|w| w[0] == w[1]) {
                lines.push(format!("Next placements: {}", tracker(game)));
            }
        }
        _ => {}
    }
    if state.phase() != Phase::Over && rules.objective.uses_score() {
        let prisoners = state.prisoners();
        let sheet = game.score();
        lines.push(format!(
            "Captures: {} {}, {} {}. Area now: {} {}, {} {}.",
            rules.colour_name(state.colour_of(Seat::One)),
            prisoners[Seat::One],
            rules.colour_name(state.colour_of(Seat::Two)),
            prisoners[Seat::Two],
            rules.colour_name(Colour::Black),
            points(sheet.total[Colour::Black]),
            rules.colour_name(Colour::White),
            points(sheet.total[Colour::White]),
        ));
    }
    lines.join("\n") + "\n"
}

/// The facts the components report (the button, declarations, the ending).
pub(crate) fn facts(game: &Game) -> String {
    game.facts()
        .iter()
        .map(|f| format!("{}: {}\n", capitalised(&f.label), f.value))
        .collect()
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The pass-alive stones of each colour, by the ruleset's life rule, as a
/// line per colour that has any.
pub(crate) fn pass_alive(game: &Game) -> String {
    let rules = game.rules();
    let rule = rules.objective.life_rule(rules);
    let mut out = String::new();
    for colour in Colour::BOTH {
        let stones = tengen_core::analysis::pass_alive_stones(game.board(), colour, rule);
        if !stones.is_empty() {
            let names: Vec<String> = stones.iter().map(|p| rules.geometry.name(p)).collect();
            out.push_str(&format!(
                "Pass-alive {}: {}\n",
                rules.colour_name(colour),
                names.join(" ")
            ));
        }
    }
    out
}

/// The lines naming the stones that settled a game: those taken off as
/// agreed dead, by colour, and those that decided it under the objective.
fn settled_stones(game: &Game, result: &tengen_core::GameResult) -> Vec<String> {
    let rules = game.rules();
    let state = game.state();
    let names = |points: &[tengen_core::Point]| {
        points
            .iter()
            .map(|&p| rules.geometry.name(p))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut lines = Vec::new();
    if !result.dead.is_empty() {
        lines.push(format!(
            "Agreed dead and taken off: {} ({} stone{}).",
            names(&result.dead),
            result.dead.len(),
            if result.dead.len() == 1 { "" } else { "s" }
        ));
    }
    if !result.deciding.is_empty() {
        let colour = result
            .winner
            .map(|seat| format!("{}'s ", rules.colour_name(state.colour_of(seat))))
            .unwrap_or_default();
        lines.push(format!(
            "Decided by {colour}stones at {}.",
            names(&result.deciding)
        ));
    }
    lines
}

/// The zero-based index of the next placement in three hexadecimal
/// digits, as the TMS tracker shows it.
/// Before ordinary play (during a setup) there is no index yet.
pub(crate) fn hex_index(game: &Game) -> String {
    match hex_placement_index(game.state()) {
        Some(index) => format!("Next placement index: {index}\n"),
        None => "Next placement index: none yet (the setup comes first)\n".to_string(),
    }
}

/// One line per notable event of an action (captures, phase changes).
pub(crate) fn events(game: &Game, applied: &Applied) -> Vec<String> {
    let rules = game.rules();
    let g = &rules.geometry;
    let mut out = Vec::new();
    for event in applied.events() {
        match event {
            Event::Removed {
                colour,
                cause,
                points,
            } => {
                let names: Vec<String> =
                    applied.points(*points).iter().map(|&p| g.name(p)).collect();
                let what = match cause {
                    RemovalCause::Capture => "captured",
                    RemovalCause::SelfCapture => "removed by self-capture",
                    RemovalCause::Payment => "paid",
                    RemovalCause::Dead => "taken off as dead",
                };
                out.push(format!(
                    "{} {} {what}: {}",
                    names.len(),
                    if names.len() == 1 {
                        format!("{} stone", rules.colour_name(*colour))
                    } else {
                        format!("{} stones", rules.colour_name(*colour))
                    },
                    names.join(" ")
                ));
            }
            Event::PhaseChanged(Phase::Agreement) => {
                out.push("Two passes in a row: play stops.".into())
            }
            Event::PhaseChanged(Phase::Play) if game.state().moves_completed() > 0 => {
                out.push("Play resumes.".into());
            }
            Event::Note { text, .. } => out.push(text.clone()),
            _ => {}
        }
    }
    out
}
