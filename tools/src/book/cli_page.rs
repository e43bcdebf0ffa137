//! The command-line reference, from the same clap definition that parses
//! the command line.

use super::markdown::GENERATED;
use super::{Chapter, Pages};

/// The width the help text is wrapped at, whatever the terminal.
const WIDTH: usize = 90;

/// Adds the command-line page; returns its chapter of the summary.
pub(crate) fn pages(pages: &mut Pages) -> Chapter {
    let mut command = crate::command().term_width(WIDTH).max_term_width(WIDTH);
    command.build();
    let mut out = String::from(GENERATED);
    out.push_str("\nEvery command and option of `tengen`, as `tengen help COMMAND` prints them. From a clone of the repository, `cargo run --release -- ARGS` runs `tengen ARGS`.\n\n");
    out.push_str(&format!(
        "```text\n{}\n```\n",
        command.render_long_help().to_string().trim_end()
    ));
    for sub in command.get_subcommands_mut() {
        let name = sub.get_name().to_string();
        if name == "help" {
            continue;
        }
        let help = sub.render_long_help().to_string();
        out.push_str(&format!(
            "\n## `tengen {name}` {{#{name}}}\n\n```text\n{}\n```\n",
            help.trim_end()
        ));
    }
    pages.generated("reference/cli_generated.md", out);
    pages.stub("reference/cli.md", "The command line", "cli_generated.md");
    Chapter {
        title: "The command line".into(),
        path: "reference/cli.md".into(),
        children: Vec::new(),
    }
}
