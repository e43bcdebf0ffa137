//! The move notation: one text form for every action, used by the terminal,
//! move records, conformance scenarios and error messages.
//!
//! ```text
//! record  = { line }                       one move per line when printed
//! line    = [ seat ":" ] action { [","] action } [ "#" comment ]
//! seat    = "P1" | "P2"                    who acts (needed where both may)
//! action  = point                          place a stone, e.g. D4
//!         | "pass"                         pass one placement opportunity
//!         | "pass-move"                    pass the rest of the move
//!         | "button"                       take the button
//!         | "pay" point                    remove an own stone (special turn)
//!         | "declare" kind number          e.g. declare handicap 5
//!         | "claim" role                   claim attacker | claim defender
//!         | "mark" point | "unmark" point  dead-string marks
//!         | "accept" | "resume" | "resign"
//! kind    = "handicap" | "reverse-komi" | "special-turn" | "batch-a" | "batch-b"
//! ```
//!
//! Words and point names are case-insensitive; the printed form is lower-case
//! words and upper-case points, and reading a printed action gives it back.

use crate::action::{Action, Declaration, DeclarationKind};
use crate::colour::{Role, Seat};
use crate::geometry::{Geometry, PointNameError};
use std::fmt;

/// An action that cannot be read, with where in the line it went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// Byte offset of the offending word in the line.
    pub column: usize,
    /// The offending word.
    pub word: String,
    /// What is wrong, for a person.
    pub message: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NotationError {}

/// One line of a record, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationLine {
    /// The seat named at the start of the line, if any.
    pub seat: Option<Seat>,
    /// The actions, each with the byte offset of its first word.
    pub actions: Vec<(usize, Action)>,
}

/// The words that start an action, for help texts and suggestions.
pub const ACTION_WORDS: &[&str] = &[
    "pass",
    "pass-move",
    "button",
    "pay",
    "declare",
    "claim",
    "mark",
    "unmark",
    "accept",
    "resume",
    "resign",
];

/// Writes `action` in the notation.
pub fn format_action(geometry: &Geometry, action: Action) -> String {
    match action {
        Action::Place(p) => geometry.name(p),
        Action::Pass => "pass".into(),
        Action::PassMove => "pass-move".into(),
        Action::TakeButton => "button".into(),
        Action::Pay(p) => format!("pay {}", geometry.name(p)),
        Action::Declare(d) => format!("declare {} {}", d.kind.word(), d.value),
        Action::Claim(role) => format!("claim {}", role.name()),
        Action::Mark(p) => format!("mark {}", geometry.name(p)),
        Action::Unmark(p) => format!("unmark {}", geometry.name(p)),
        Action::Accept => "accept".into(),
        Action::Resume => "resume".into(),
        Action::Resign => "resign".into(),
    }
}

/// Writes a run of actions as one line, separated by commas.
pub fn format_actions(geometry: &Geometry, actions: &[Action]) -> String {
    actions
        .iter()
        .map(|&a| format_action(geometry, a))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads one action, e.g. `D4` or `declare handicap 5`.
pub fn parse_action(geometry: &Geometry, text: &str) -> Result<Action, NotationError> {
    let line = parse_line(geometry, text)?;
    match (line.seat, line.actions.as_slice()) {
        (None, [(_, action)]) => Ok(*action),
        _ => Err(NotationError {
            column: 0,
            word: text.trim().to_string(),
            message: format!("`{}` is not a single action", text.trim()),
        }),
    }
}

/// Reads one line: an optional seat, then actions. A line that is empty or
/// only a comment gives no actions.
pub fn parse_line(geometry: &Geometry, text: &str) -> Result<NotationLine, NotationError> {
    let text = text.split('#').next().unwrap_or("");
    let mut words = Words::new(text);
    let mut seat = None;
    if let Some((column, word)) = words.peek() {
        if let Some(name) = word.strip_suffix(':') {
            seat = Some(parse_seat(name).ok_or_else(|| NotationError {
                column,
                word: word.to_string(),
                message: format!("`{name}` is not a seat: write P1: or P2: before the actions"),
            })?);
            words.next();
        } else if matches!(words.peek_second(), Some((_, ":"))) {
            seat = Some(parse_seat(word).ok_or_else(|| NotationError {
                column,
                word: word.to_string(),
                message: format!("`{word}` is not a seat: write P1: or P2: before the actions"),
            })?);
            words.next();
            words.next();
        }
    }
    let mut actions = Vec::new();
    while let Some((column, word)) = words.next() {
        let action = parse_one(geometry, column, word, &mut words)?;
        actions.push((column, action));
    }
    Ok(NotationLine { seat, actions })
}

fn parse_seat(word: &str) -> Option<Seat> {
    match word.to_ascii_lowercase().as_str() {
        "p1" => Some(Seat::One),
        "p2" => Some(Seat::Two),
        _ => None,
    }
}

fn parse_one(
    geometry: &Geometry,
    column: usize,
    word: &str,
    words: &mut Words<'_>,
) -> Result<Action, NotationError> {
    let lower = word.to_ascii_lowercase();
    let point_after = |words: &mut Words<'_>, what: &str| {
        let (col, name) = words.next().ok_or_else(|| NotationError {
            column,
            word: word.to_string(),
            message: format!("`{word}` needs a point after it, like `{what} D4`"),
        })?;
        geometry
            .parse_point(name)
            .map_err(|e| point_error(col, name, &e))
    };
    Ok(match lower.as_str() {
        "pass" => Action::Pass,
        "pass-move" => Action::PassMove,
        "button" => Action::TakeButton,
        "accept" => Action::Accept,
        "resume" => Action::Resume,
        "resign" => Action::Resign,
        "pay" => Action::Pay(point_after(words, "pay")?),
        "mark" => Action::Mark(point_after(words, "mark")?),
        "unmark" => Action::Unmark(point_after(words, "unmark")?),
        "claim" => {
            let (col, role) = words.next().ok_or_else(|| NotationError {
                column,
                word: word.to_string(),
                message: "`claim` needs a role after it: `claim attacker` or `claim defender`"
                    .into(),
            })?;
            Action::Claim(match role.to_ascii_lowercase().as_str() {
                "attacker" => Role::Attacker,
                "defender" => Role::Defender,
                _ => {
                    return Err(NotationError {
                        column: col,
                        word: role.to_string(),
                        message: format!(
                            "`{role}` is not a role: write `claim attacker` or `claim defender`"
                        ),
                    });
                }
            })
        }
        "declare" => {
            let kinds = DeclarationKind::ALL.map(DeclarationKind::word).join(", ");
            let (col, kind) = words.next().ok_or_else(|| NotationError {
                column,
                word: word.to_string(),
                message: format!("`declare` needs what is declared ({kinds}) and a number"),
            })?;
            let kind_lower = kind.to_ascii_lowercase();
            let kind = DeclarationKind::ALL
                .into_iter()
                .find(|k| k.word() == kind_lower)
                .ok_or_else(|| NotationError {
                    column: col,
                    word: kind.to_string(),
                    message: format!("`{kind}` cannot be declared: declare one of {kinds}"),
                })?;
            let (col, number) = words.next().ok_or_else(|| NotationError {
                column,
                word: word.to_string(),
                message: format!("`declare {}` needs a number after it", kind.word()),
            })?;
            let value = number.parse::<u32>().map_err(|_| NotationError {
                column: col,
                word: number.to_string(),
                message: format!(
                    "`{number}` is not a whole number: declare {} takes a number such as 3",
                    kind.word()
                ),
            })?;
            Action::Declare(Declaration { kind, value })
        }
        _ => match geometry.parse_point(word) {
            Ok(p) => Action::Place(p),
            Err(PointNameError::Malformed(_)) => {
                let mut message = format!(
                    "`{word}` is neither a point nor an action: write a point like D4, or one of {}",
                    ACTION_WORDS.join(", ")
                );
                if let Some(close) = crate::suggest::closest(&lower, ACTION_WORDS.iter().copied()) {
                    message = format!("`{word}` is not an action; did you mean `{close}`?");
                }
                return Err(NotationError {
                    column,
                    word: word.to_string(),
                    message,
                });
            }
            Err(e) => return Err(point_error(column, word, &e)),
        },
    })
}

fn point_error(column: usize, word: &str, error: &PointNameError) -> NotationError {
    NotationError {
        column,
        word: word.to_string(),
        message: error.to_string(),
    }
}

/// Splits a line into words at white space and commas, keeping offsets; a
/// lone `:` is its own word.
struct Words<'a> {
    words: Vec<(usize, &'a str)>,
    at: usize,
}

impl<'a> Words<'a> {
    fn new(text: &'a str) -> Words<'a> {
        let mut words = Vec::new();
        let mut start = None;
        for (i, ch) in text.char_indices() {
            let separator = ch.is_whitespace() || ch == ',';
            match (separator, start) {
                (true, Some(s)) => {
                    words.push((s, &text[s..i]));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = start {
            words.push((s, &text[s..]));
        }
        Words { words, at: 0 }
    }

    fn peek(&self) -> Option<(usize, &'a str)> {
        self.words.get(self.at).copied()
    }

    fn peek_second(&self) -> Option<(usize, &'a str)> {
        self.words.get(self.at + 1).copied()
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let word = self.peek()?;
        self.at += 1;
        Some(word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::Point;
    use proptest::prelude::*;

    fn board() -> Geometry {
        Geometry::from_links(19, 19, []).unwrap()
    }

    #[test]
    fn reads_every_kind_of_action() {
        let g = board();
        let line = parse_line(
            &g,
            "p2: d4, Q16 pass pass-move button pay A1 declare handicap 5 claim defender \
             mark C3 unmark C3 accept resume resign # a comment",
        )
        .unwrap();
        assert_eq!(line.seat, Some(Seat::Two));
        let actions: Vec<_> = line.actions.iter().map(|&(_, a)| a).collect();
        let p = |s: &str| g.parse_point(s).unwrap();
        assert_eq!(
            actions,
            [
                Action::Place(p("D4")),
                Action::Place(p("Q16")),
                Action::Pass,
                Action::PassMove,
                Action::TakeButton,
                Action::Pay(p("A1")),
                Action::Declare(Declaration {
                    kind: DeclarationKind::Handicap,
                    value: 5
                }),
                Action::Claim(Role::Defender),
                Action::Mark(p("C3")),
                Action::Unmark(p("C3")),
                Action::Accept,
                Action::Resume,
                Action::Resign,
            ]
        );
    }

    #[test]
    fn a_seat_may_stand_apart_from_its_colon() {
        let line = parse_line(&board(), "P1 : accept").unwrap();
        assert_eq!(line.seat, Some(Seat::One));
        assert_eq!(line.actions, [(5, Action::Accept)]);
    }

    #[test]
    fn garbled_input_says_what_is_wrong() {
        let g = board();
        let err = |s: &str| parse_line(&g, s).unwrap_err().message;
        assert_eq!(err("pas"), "`pas` is not an action; did you mean `pass`?");
        assert_eq!(
            err("Z9"),
            "`Z9` is off the board: columns run from A to T, rows from 1 to 19"
        );
        assert_eq!(err("mark"), "`mark` needs a point after it, like `mark D4`");
        assert_eq!(
            err("declare komi 5").split(':').next().unwrap(),
            "`komi` cannot be declared"
        );
        assert_eq!(
            err("declare handicap x"),
            "`x` is not a whole number: declare handicap takes a number such as 3"
        );
        assert_eq!(
            err("P3: D4"),
            "`P3` is not a seat: write P1: or P2: before the actions"
        );
        assert_eq!(parse_line(&g, "D4 xyzzy").unwrap_err().column, 3);
    }

    fn any_action() -> impl Strategy<Value = Action> {
        let point = (0usize..361).prop_map(Point::new);
        prop_oneof![
            point.clone().prop_map(Action::Place),
            Just(Action::Pass),
            Just(Action::PassMove),
            Just(Action::TakeButton),
            point.clone().prop_map(Action::Pay),
            (0usize..5, any::<u32>()).prop_map(|(k, value)| Action::Declare(Declaration {
                kind: DeclarationKind::ALL[k],
                value
            })),
            prop_oneof![Just(Role::Attacker), Just(Role::Defender)].prop_map(Action::Claim),
            point.clone().prop_map(Action::Mark),
            point.prop_map(Action::Unmark),
            Just(Action::Accept),
            Just(Action::Resume),
            Just(Action::Resign),
        ]
    }

    proptest! {
        #[test]
        fn reading_a_printed_action_gives_it_back(action in any_action()) {
            let g = board();
            prop_assert_eq!(parse_action(&g, &format_action(&g, action)), Ok(action));
        }

        #[test]
        fn reading_a_printed_line_gives_it_back(actions in prop::collection::vec(any_action(), 0..6)) {
            let g = board();
            let line = parse_line(&g, &format_actions(&g, &actions)).unwrap();
            let read: Vec<_> = line.actions.into_iter().map(|(_, a)| a).collect();
            prop_assert_eq!(read, actions);
        }

        #[test]
        fn any_text_is_read_or_refused_without_panicking(text in "\\PC{0,40}") {
            let _ = parse_line(&board(), &text);
        }
    }
}
