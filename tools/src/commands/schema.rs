//! `tengen schema`: the JSON schema of ruleset files, or of the JSON
//! interface.

use super::Failure;

/// The ruleset schema as committed: pretty JSON with a final newline.
pub(crate) fn text() -> String {
    committed(tengen_variants::library().schema())
}

/// The interface schema as committed.
pub(crate) fn interface_text() -> String {
    committed(&tengen_json::schema())
}

/// The clause catalogue's schema as committed.
pub(crate) fn clauses_text() -> String {
    committed(&tengen_conformance::clauses::schema().to_value())
}

/// The scenario files' schema as committed.
pub(crate) fn scenario_text() -> String {
    committed(&tengen_conformance::scenario_schema().to_value())
}

/// The conformance export's schema as committed.
pub(crate) fn export_text() -> String {
    committed(&tengen_conformance::export::schema().to_value())
}

fn committed(schema: &serde_json::Value) -> String {
    let mut text = serde_json::to_string_pretty(schema).expect("a schema serialises");
    text.push('\n');
    text
}

pub(crate) fn run(
    interface: bool,
    check: Option<&str>,
    write: Option<&str>,
) -> Result<(), Failure> {
    let (current, flag) = if interface {
        (interface_text(), " --interface")
    } else {
        (text(), "")
    };
    if let Some(path) = check {
        let on_disk = std::fs::read_to_string(path).unwrap_or_default();
        if on_disk == current {
            outln!("{path} is current");
            return Ok(());
        }
        return Err(Failure::Message(format!(
            "{path} is stale: regenerate it with `cargo run --release -- schema{flag} --write {path}`"
        )));
    }
    if let Some(path) = write {
        std::fs::write(path, &current)
            .map_err(|e| Failure::Message(format!("cannot write {path}: {e}")))?;
        outln!("wrote {path}");
        return Ok(());
    }
    out!("{current}");
    Ok(())
}
