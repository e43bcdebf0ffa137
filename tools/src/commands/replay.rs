//! `tengen replay [RULESET] FILE`: plays a record (SGF, the move notation
//! or a scenario) and prints the outcome.

use super::Failure;
use super::records::{Form, read_text};
use crate::view;
use tengen_core::notation::parse_line;
use tengen_core::record::play_line;
use tengen_core::{Action, Game, PointSet};

pub(crate) fn run(args: &[String], options: &[String]) -> Result<(), Failure> {
    let (reference, file) = match args {
        [file] => (None, file.as_str()),
        [reference, file] => (Some(reference.as_str()), file.as_str()),
        _ => {
            return Err(Failure::Message(
                "give a record, and the ruleset first where the record does not name it".into(),
            ));
        }
    };
    let text = read_text(file)?;
    match Form::of(file, Some(&text)) {
        Form::Notation => {
            let Some(reference) = reference else {
                return Err(Failure::Message(format!(
                    "{file} is in the move notation, which does not name its rules: `tengen replay RULESET {file}`"
                )));
            };
            replay_notation(reference, file, &text, options)
        }
        Form::Sgf | Form::Scenario => {
            let loaded = super::records::load_text(file, &text, reference, options)?;
            finish(&loaded.game, &view::last_move(&loaded.game));
            Ok(())
        }
    }
}

/// Prints the final board and status.
fn finish(game: &Game, last: &PointSet) {
    print!("{}{}", view::board(game, last), view::status(game));
    if game.state().phase() == tengen_core::Phase::Over {
        print!("{}", view::pass_alive(game));
    }
}

fn replay_notation(
    reference: &str,
    file: &str,
    text: &str,
    options: &[String],
) -> Result<(), Failure> {
    let rules = super::assemble(reference, options)?;
    let mut game = Game::new(rules).without_undo();
    let mut last = PointSet::default();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = match parse_line(&game.rules().geometry, raw) {
            Ok(line) => line,
            Err(e) => {
                return Err(Failure::Message(format!(
                    "{file}:{number}:{}: {e}",
                    e.column + 1
                )));
            }
        };
        if line.actions.is_empty() {
            continue;
        }
        if let Err(refusal) = play_line(&mut game, &line) {
            println!("{}", view::board(&game, &last));
            return Err(Failure::Message(format!(
                "{file}:{number}:{}: {refusal}",
                refusal.column + 1
            )));
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
    finish(&game, &last);
    Ok(())
}
