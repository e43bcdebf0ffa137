//! `tengen replay RULESET FILE`: plays a record and prints the outcome.

use super::Failure;
use crate::view;
use std::io::Read;
use tengen_core::notation::parse_line;
use tengen_core::record::play_line;
use tengen_core::{Action, Game, PointSet};

/// The largest record read.
const MAX_RECORD_BYTES: u64 = 64 << 20;

pub(crate) fn run(reference: &str, file: &str, options: &[String]) -> Result<(), Failure> {
    let text = read(file)?;
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
    print!("{}{}", view::board(&game, &last), view::status(&game));
    if game.state().phase() == tengen_core::Phase::Over {
        print!("{}", view::pass_alive(&game));
    }
    Ok(())
}

fn read(file: &str) -> Result<String, Failure> {
    let mut text = String::new();
    let outcome = if file == "-" {
        std::io::stdin()
            .take(MAX_RECORD_BYTES + 1)
            .read_to_string(&mut text)
    } else {
        std::fs::File::open(file)
            .and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_string(&mut text))
    };
    outcome.map_err(|e| Failure::Message(format!("cannot read {file}: {e}")))?;
    if text.len() as u64 > MAX_RECORD_BYTES {
        return Err(Failure::Message(format!(
            "{file} is larger than {MAX_RECORD_BYTES} bytes; records are limited to that size"
        )));
    }
    Ok(text)
}
