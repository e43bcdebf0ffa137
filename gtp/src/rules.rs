//! `kgs-rules` (KGS's kgsGtp) and a subset of `kata-set-rules` (KataGo):
//! a server or GUI names the rules of standard Go, and tengen plays them
//! with the bundled ruleset that has them.
//!
//! | rules named | ruleset | why |
//! | --- | --- | --- |
//! | `chinese` | `go` | area scoring, positional superko, no suicide |
//! | `aga` | `go` | AGA's area count with pass stones scores as area scoring; its superko is situational, tengen's positional |
//! | `new_zealand`, `new-zealand`, `nz` | `tromp-taylor` | area scoring with suicide allowed; its superko is situational, tengen's positional, and there is no dead-stone agreement |
//! | `tromp-taylor` (KataGo only) | `tromp-taylor` | the same rules |
//! | `japanese`, `korean` | refused | territory scoring, which no bundled ruleset has |
//!
//! The options both rulesets declare (board size, komi, handicap) are
//! kept; the moves played so far are replayed under the new rules, and
//! when one of them is not legal there nothing changes.

use super::args::Args;
use super::engine::{Engine, Setup, option_name};
use super::error::{GtpError, Reply};

/// The bundled ruleset for rules named `name`, or why there is none.
fn ruleset_for(name: &str) -> Result<&'static str, GtpError> {
    match name.to_ascii_lowercase().as_str() {
        "chinese" | "aga" => Ok("go"),
        "new_zealand" | "new-zealand" | "nz" | "tromp-taylor" | "tromp_taylor" => {
            Ok("tromp-taylor")
        }
        "japanese" | "korean" => Err(GtpError::refused(format!(
            "unsupported rules: {name} rules score territory, and tengen has area scoring only"
        ))),
        _ => Err(GtpError::refused(format!(
            "unknown rules `{name}`: tengen knows chinese, aga, new_zealand and tromp-taylor"
        ))),
    }
}

/// Switches to `ruleset`, keeping the options it declares and the moves.
fn switch(engine: &mut Engine, ruleset: &str) -> Reply {
    if engine.rules.ruleset.meta.id == ruleset && engine.setup.reference == ruleset {
        return Ok(String::new());
    }
    let declared = tengen_variants::library()
        .resolve(ruleset, &[])
        .map_err(|d| GtpError::refused(super::engine::one_line(&d)))?
        .options;
    let options = engine
        .setup
        .options
        .iter()
        .filter(|o| declared.iter().any(|(n, _)| n == option_name(o)))
        .cloned()
        .collect();
    engine.rebuild(Setup {
        reference: ruleset.to_string(),
        options,
        handicap: engine.setup.handicap,
    })?;
    Ok(String::new())
}

/// Reads the one argument of a rules command written as `usage` and
/// switches to the ruleset of the rules it names.
fn set_rules(engine: &mut Engine, args: &[String], usage: &'static str) -> Reply {
    let args = Args::new(args, usage);
    let name = args.one("the rules")?;
    switch(engine, ruleset_for(name)?)
}

/// `kgs-rules chinese|aga|new_zealand|japanese`.
pub(super) fn kgs_rules(engine: &mut Engine, args: &[String]) -> Reply {
    set_rules(engine, args, "kgs-rules chinese|aga|new_zealand|japanese")
}

/// `kata-set-rules RULES`, for the rules named in the table above (not
/// KataGo's JSON form).
pub(super) fn kata_set_rules(engine: &mut Engine, args: &[String]) -> Reply {
    set_rules(
        engine,
        args,
        "kata-set-rules chinese|aga|new-zealand|tromp-taylor",
    )
}
