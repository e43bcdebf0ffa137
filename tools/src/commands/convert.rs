//! `tengen convert INPUT OUTPUT`: a game record from one form to another.

use super::Failure;
use super::records::{Form, load, render};

pub(crate) fn run(
    input: &str,
    output: &str,
    ruleset: Option<&str>,
    options: &[String],
) -> Result<(), Failure> {
    let loaded = load(input, ruleset, options)?;
    let form = if output == "-" {
        match Form::of(input, None) {
            Form::Sgf => Form::Notation,
            Form::Notation | Form::Scenario => Form::Sgf,
        }
    } else {
        Form::of(output, None)
    };
    let text = render(&loaded.game, &loaded.info, form);
    if output == "-" {
        out!("{text}");
        return Ok(());
    }
    std::fs::write(output, text)
        .map_err(|e| Failure::Message(format!("cannot write {output}: {e}")))?;
    errln!(
        "{input} -> {output}: {} actions",
        loaded.game.record().len()
    );
    Ok(())
}
