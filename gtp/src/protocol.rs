//! The wire format of GTP version 2 (section 2 and 3 of the specification,
//! draft 2): how a line the controller sends becomes a command, and how a
//! result or a failure is written back.

/// One command as the controller sent it: `[id] command_name [arguments]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Command {
    /// The optional numeric id, as written, echoed in the response.
    pub(super) id: Option<String>,
    /// The command name (case matters, as in the specification).
    pub(super) name: String,
    /// The arguments, separated by spaces in the command line.
    pub(super) args: Vec<String>,
}

/// A line that holds an id and nothing else: a failure to answer, with the
/// id echoed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct MissingName {
    /// The id the line held.
    pub(super) id: String,
}

/// Preprocessing (specification section 3.1), in its order: control
/// characters other than HT and LF are removed (so CR of CRLF line ends
/// goes), everything from a `#` on is a comment, HT becomes a space.
/// Returns `None` for a line left empty or holding only spaces, which the
/// engine must ignore without answering.
pub(super) fn preprocess(line: &str) -> Option<String> {
    let kept: String = line
        .chars()
        .filter(|&c| !c.is_control() || c == '\t')
        .collect();
    let uncommented = kept.split('#').next().unwrap_or_default();
    let spaced = uncommented.replace('\t', " ");
    (!spaced.trim().is_empty()).then_some(spaced)
}

/// Splits a preprocessed line into its id, name and arguments
/// (specification section 2.4 and 3.2): a first word made of digits only is
/// the id; words are separated by any number of spaces.
pub(super) fn parse(line: &str) -> Result<Command, MissingName> {
    let mut words = line.split(' ').filter(|w| !w.is_empty());
    let mut first = words.next().unwrap_or_default();
    let mut id = None;
    if first.bytes().all(|b| b.is_ascii_digit()) {
        id = Some(first.to_string());
        match words.next() {
            Some(name) => first = name,
            None => {
                return Err(MissingName {
                    id: first.to_string(),
                });
            }
        }
    }
    Ok(Command {
        id,
        name: first.to_string(),
        args: words.map(str::to_string).collect(),
    })
}

/// A success response (section 3.4): `=`, the id if any, a space and the
/// result, then an empty line. A result of several lines keeps them, but
/// never an empty one, which would end the response early.
pub(super) fn success(id: Option<&str>, result: &str) -> String {
    respond('=', id, result)
}

/// A failure response (section 3.4): `?`, the id if any, a space and the
/// message, then an empty line.
pub(super) fn failure(id: Option<&str>, message: &str) -> String {
    respond('?', id, message)
}

fn respond(mark: char, id: Option<&str>, text: &str) -> String {
    let body: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    let mut out = String::new();
    out.push(mark);
    out.push_str(id.unwrap_or_default());
    if !body.is_empty() {
        out.push(' ');
        out.push_str(&body.join("\n"));
    }
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(line: &str) -> Command {
        parse(&preprocess(line).expect("a command line")).expect("a command name")
    }

    #[test]
    fn a_numeric_first_word_is_the_id() {
        let c = command("12 play black D4");
        assert_eq!(c.id.as_deref(), Some("12"));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, ["black", "D4"]);
        assert_eq!(command("play b pass").id, None);
    }

    #[test]
    fn an_id_alone_names_no_command() {
        assert_eq!(
            parse(&preprocess("  7 ").unwrap()),
            Err(MissingName { id: "7".into() })
        );
    }

    #[test]
    fn comments_and_blank_lines_are_ignored() {
        assert_eq!(preprocess("# a comment"), None);
        assert_eq!(preprocess(""), None);
        assert_eq!(preprocess(" \t \r"), None);
        assert_eq!(
            command("name # what is your name?").args,
            Vec::<String>::new()
        );
        assert_eq!(command("play b D4#comment").args, ["b", "D4"]);
    }

    #[test]
    fn tabs_separate_words_and_carriage_returns_vanish() {
        let c = command("3\tplay\t\tw  C3\r");
        assert_eq!(c.id.as_deref(), Some("3"));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, ["w", "C3"]);
        // Other control characters are removed, not turned into spaces.
        assert_eq!(command("na\u{7}me").name, "name");
    }

    #[test]
    fn responses_echo_the_id_and_end_with_an_empty_line() {
        assert_eq!(success(Some("5"), "2"), "=5 2\n\n");
        assert_eq!(success(None, ""), "=\n\n");
        assert_eq!(failure(None, "unknown command"), "? unknown command\n\n");
        assert_eq!(failure(Some("9"), "illegal move"), "?9 illegal move\n\n");
    }

    #[test]
    fn a_result_of_several_lines_has_no_empty_line_inside() {
        assert_eq!(success(None, "A1 B2\n\nC3\n"), "= A1 B2\nC3\n\n");
    }
}
