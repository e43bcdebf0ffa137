//! The subcommands, one file each.

pub(crate) mod bench;
pub(crate) mod convert;
pub(crate) mod explain;
pub(crate) mod gtp;
pub(crate) mod list;
pub(crate) mod play;
pub(crate) mod records;
pub(crate) mod replay;
pub(crate) mod schema;
pub(crate) mod selfplay;
pub(crate) mod show;
pub(crate) mod validate;

use std::io::IsTerminal;
use std::sync::Arc;
use tengen_core::Rules;
use tengen_core::ruleset::Diagnostics;

/// How a command failed.
pub(crate) enum Failure {
    /// The problem has been printed already.
    Reported,
    /// A message still to print.
    Message(String),
}

/// Prints diagnostics to standard error, styled on a terminal.
pub(crate) fn report(diagnostics: &Diagnostics) {
    eprint!("{}", diagnostics.render(std::io::stderr().is_terminal()));
}

/// Assembles a ruleset, or prints why it cannot be.
pub(crate) fn assemble(reference: &str, options: &[String]) -> Result<Arc<Rules>, Failure> {
    tengen_variants::library()
        .assemble(reference, options)
        .map_err(|d| {
            report(&d);
            Failure::Reported
        })
}
