//! `tengen replay [RULESET] FILE`: plays a record (SGF, the move notation
//! or a scenario) and prints the outcome: the final board and result, or
//! with `--format json` the state after every action.

use super::records::{Form, read_bytes, utf8};
use super::{Failure, Format};
use crate::view;
use tengen_core::notation::parse_line;
use tengen_core::record::play_line;
use tengen_core::{Action, Game, PointSet};
use tengen_json::replay::{RefusedStep, Replay, Step};
use tengen_json::state::RulesetRef;
use tengen_json::{ActionTaken, Document, GameStateForm, RefusalForm};

/// How much of a replay the JSON document holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Steps {
    /// The state after every action.
    Every,
    /// Only the final state.
    Final,
}

pub(crate) fn run(
    args: &[String],
    options: &[String],
    format: Format,
    steps: Steps,
) -> Result<(), Failure> {
    let (reference, file) = match args {
        [file] => (None, file.as_str()),
        [reference, file] => (Some(reference.as_str()), file.as_str()),
        _ => {
            return Err(Failure::Message(
                "give a record, and the ruleset first where the record does not name it".into(),
            ));
        }
    };
    let fail = |message: String| match format {
        Format::Text => Failure::Message(message),
        Format::Json => super::json_failure(message, None),
    };
    let to_fail = |f| match f {
        Failure::Message(m) => fail(m),
        reported => reported,
    };
    let bytes = read_bytes(file).map_err(to_fail)?;
    match Form::of(file, Some(&bytes)) {
        Form::Notation => {
            let text = utf8(file, bytes).map_err(to_fail)?;
            if let Some(reference) = reference {
                return replay_notation(reference, file, &text, options, format, steps);
            }
            // A record tengen wrote names its rules in its first line.
            match super::records::named_rules(file, &text).map_err(to_fail)? {
                Some((id, header)) => {
                    let options = super::records::with_given(header, options);
                    replay_notation(&id, file, &text, &options, format, steps)
                }
                None => Err(fail(format!(
                    "{file} is in the move notation and names no rules (tengen's records start with `# tengen record: ruleset ID`): `tengen replay RULESET {file}`"
                ))),
            }
        }
        Form::Sgf | Form::Scenario => {
            let loaded =
                super::records::load_bytes(file, bytes, reference, options).map_err(to_fail)?;
            match format {
                Format::Text => finish(&loaded.game, &view::last_move(&loaded.game)),
                Format::Json => {
                    super::print_document(&document(&loaded.game, file, None, steps, None));
                }
            }
            Ok(())
        }
    }
}

/// Prints the final board and status.
fn finish(game: &Game, last: &PointSet) {
    out!("{}{}", view::board(game, last), view::status(game));
    if game.state().phase() == tengen_core::Phase::Over {
        out!("{}", view::pass_alive(game));
    }
}

fn replay_notation(
    reference: &str,
    file: &str,
    text: &str,
    options: &[String],
    format: Format,
    steps: Steps,
) -> Result<(), Failure> {
    let rules = super::assemble_as(reference, options, format)?;
    // The JSON document plays the record again action by action, so the
    // game keeps its record there; text needs only the final position.
    let mut game = match format {
        Format::Json => Game::new(rules),
        Format::Text => Game::new(rules).without_undo(),
    };
    let mut last = PointSet::default();
    // The line each action of the game's record came from.
    let mut lines = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = match parse_line(&game.rules().geometry, raw) {
            Ok(line) => line,
            Err(e) => {
                let message = format!("{file}:{number}:{}: {e}", e.column + 1);
                return Err(match format {
                    Format::Text => Failure::Message(message),
                    Format::Json => super::json_failure(message, None),
                });
            }
        };
        if line.actions.is_empty() {
            continue;
        }
        match play_line(&mut game, &line) {
            Ok(played) => lines.extend(std::iter::repeat_n(number, played)),
            Err(refusal) => {
                let message = format!("{file}:{number}:{}: {refusal}", refusal.column + 1);
                if format == Format::Json {
                    let (_, action) = line.actions[refusal.index];
                    let seat = line
                        .seat
                        .or_else(|| tengen_core::record::implied_seat(&game, action).ok());
                    let refused = RefusedStep {
                        line: Some(number),
                        column: Some(refusal.column + 1),
                        action: seat.map(|s| ActionTaken::new(&game.rules().geometry, s, action)),
                        refusal: RefusalForm::from(&refusal.refusal),
                    };
                    super::print_document(&document(
                        &game,
                        file,
                        Some(&lines),
                        steps,
                        Some(refused),
                    ));
                    return Err(Failure::Message(message));
                }
                outln!("{}", view::board(&game, &last));
                return Err(Failure::Message(message));
            }
        }
        last = line
            .actions
            .iter()
            .filter_map(|&(_, a)| match a {
                Action::Place(p) if game.board().get(p).is_some() => Some(p),
                _ => None,
            })
            .collect();
    }
    match format {
        Format::Text => finish(&game, &last),
        Format::Json => super::print_document(&document(&game, file, Some(&lines), steps, None)),
    }
    Ok(())
}

/// The replay document of `game`: its record played again from its start,
/// the state after every action kept (unless only the final state is
/// asked for), `lines[i]` the record's line of action `i` where known.
fn document(
    game: &Game,
    record: &str,
    lines: Option<&[usize]>,
    steps: Steps,
    refused: Option<RefusedStep>,
) -> Document {
    let every = (steps == Steps::Every).then(|| {
        let geometry = &game.rules().geometry;
        // The record is kept, so each state names the latest move.
        let mut again = game.restart();
        game.record()
            .iter()
            .enumerate()
            .map(|(i, &(seat, action))| {
                let applied = again
                    .apply(seat, action)
                    .expect("a record the game accepted replays from its start");
                let events = tengen_json::events::events(geometry, applied);
                Step {
                    line: lines.and_then(|l| l.get(i).copied()),
                    action: ActionTaken::new(geometry, seat, action),
                    events,
                    state: GameStateForm::of(&again),
                }
            })
            .collect()
    });
    Document::Replay(Box::new(Replay {
        ruleset: RulesetRef::of(game.rules()),
        record: record.to_string(),
        steps: every,
        refused,
        state: GameStateForm::of(game),
    }))
}
