//! The subcommands, one file each.

pub(crate) mod analyze;
pub(crate) mod bench;
pub(crate) mod conformance;
pub(crate) mod convert;
pub(crate) mod count;
pub(crate) mod engine;
pub(crate) mod explain;
pub(crate) mod generate;
pub(crate) mod gtp;
pub(crate) mod list;
pub(crate) mod play;
pub(crate) mod records;
pub(crate) mod replay;
pub(crate) mod schema;
pub(crate) mod search_speed;
pub(crate) mod selfplay;
pub(crate) mod serve;
pub(crate) mod show;
pub(crate) mod train;
pub(crate) mod validate;

use std::io::IsTerminal;
use std::sync::Arc;
use tengen_core::Rules;
use tengen_core::ruleset::Diagnostics;

/// How a command prints what it found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub(crate) enum Format {
    /// Text for people.
    #[default]
    Text,
    /// One JSON document (its schema: `tengen schema --interface`).
    Json,
}

/// Prints a JSON document on standard output.
pub(crate) fn print_document(document: &tengen_json::Document) {
    outln!("{}", document.to_pretty());
}

/// In JSON, prints the error document of a failure on standard output
/// (the message goes to standard error as in text); the failure is then
/// reported.
pub(crate) fn json_failure(message: String, diagnostics: Option<&Diagnostics>) -> Failure {
    print_document(&tengen_json::Document::Error(tengen_json::ErrorDoc {
        message: message.clone(),
        diagnostics: diagnostics
            .map(tengen_json::catalogue::diagnostics)
            .unwrap_or_default(),
    }));
    match diagnostics {
        Some(d) => {
            report(d);
            Failure::Reported
        }
        None => Failure::Message(message),
    }
}

/// How a command failed.
pub(crate) enum Failure {
    /// The problem has been printed already.
    Reported,
    /// A message still to print.
    Message(String),
    /// The output could not be written (see [`crate::output`]).
    Output(std::io::Error),
}

/// Prints diagnostics to standard error, styled on a terminal.
pub(crate) fn report(diagnostics: &Diagnostics) {
    err!("{}", diagnostics.render(std::io::stderr().is_terminal()));
}

/// Assembles a ruleset, or prints why it cannot be.
pub(crate) fn assemble(reference: &str, options: &[String]) -> Result<Arc<Rules>, Failure> {
    assemble_as(reference, options, Format::Text)
}

/// Assembles a ruleset, or prints why it cannot be (in JSON, also as an
/// error document on standard output).
pub(crate) fn assemble_as(
    reference: &str,
    options: &[String],
    format: Format,
) -> Result<Arc<Rules>, Failure> {
    tengen_variants::library()
        .assemble(reference, options)
        .map_err(|d| match format {
            Format::Text => {
                report(&d);
                Failure::Reported
            }
            Format::Json => {
                json_failure(format!("the ruleset `{reference}` does not load"), Some(&d))
            }
        })
}
