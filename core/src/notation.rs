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
//!         | "mark" point | "unmark" point  dead-string marks
//!         | "accept" | "resume" | "resign"
//!         | words [ argument ]             an action a component declares
//! argument = number | point | word         as its declaration says
//! ```
//!
//! The components' actions are read and written as their declarations
//! ([`ActionSpec`]) say: their words (one or more, such as `declare bonus`), then a number, a point or one of a list of words.
//! The parser knows every action registered in the program, so a record
//! reads the same whatever ruleset it is played under; the game refuses
//! an action its ruleset does not have.
//!
//! Words and point names are case-insensitive; the printed form is lower-case
//! words and upper-case points, and reading a printed action gives it back.

use crate::action::{Action, ActionSpec, Argument, ArgumentKind};
use crate::colour::Seat;
use crate::geometry::{Geometry, PointNameError};
use crate::registry::{CORE_ACTION_WORDS, registered_actions};
use std::fmt;

/// An action that cannot be read, with where in the line it went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// The refusal's code: `off-board` for a point name beyond the
    /// board's edge or on a cell of its grid that is no point (a hole),
    /// `garbled` for anything else that cannot be read.
    pub code: &'static str,
    /// Byte offset of the offending word in the line.
    pub column: usize,
    /// The offending word.
    pub word: String,
    /// What is wrong, for a person.
    pub message: String,
}

/// The code of a line that cannot be read.
const GARBLED: &str = "garbled";

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

/// The words that start an action, for help texts and suggestions: the
/// core's, then the first words of every registered action.
pub fn action_words() -> Vec<&'static str> {
    let mut words: Vec<&'static str> = CORE_ACTION_WORDS.to_vec();
    for spec in registered_actions() {
        let first = spec.words.split(' ').next().unwrap_or(spec.words);
        if !words.contains(&first) {
            words.push(first);
        }
    }
    words
}

/// The words a point's own name may not be (see
/// [`Geometry::with_names`]): the first words of every action, which the
/// notation reads before point names, and the seats `P1` and `P2`.
pub fn reserved_words() -> Vec<&'static str> {
    let mut words = action_words();
    words.extend(["p1", "p2"]);
    words
}

/// An action's argument in words, for help texts and refusals: `no
/// argument`, `a number from 1 to 9`, `a point`, `attacker or defender`.
pub fn argument_in_words(kind: ArgumentKind) -> String {
    match kind {
        ArgumentKind::None => "no argument".into(),
        ArgumentKind::Number { min, max, .. } => format!("a number from {min} to {max}"),
        ArgumentKind::Point { .. } => "a point".into(),
        ArgumentKind::Word { choices, .. } => match choices {
            [] => "a word".into(),
            [only] => format!("`{only}`"),
            [init @ .., last] => format!(
                "{} or `{last}`",
                init.iter()
                    .map(|w| format!("`{w}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        },
    }
}

/// An action's notation with a placeholder for its argument, for help
/// texts: `declare bonus <number>`, `remove <point>`, `choose <black|white>`.
pub fn usage(spec: &ActionSpec) -> String {
    match spec.argument {
        ArgumentKind::None => spec.words.to_string(),
        ArgumentKind::Number { .. } => format!("{} <number>", spec.words),
        ArgumentKind::Point { .. } => format!("{} <point>", spec.words),
        ArgumentKind::Word { choices, .. } => format!("{} <{}>", spec.words, choices.join("|")),
    }
}

/// Writes `action` in the notation.
pub fn format_action(geometry: &Geometry, action: Action) -> String {
    match action {
        Action::Place(p) => geometry.name(p),
        Action::Pass => "pass".into(),
        Action::PassMove => "pass-move".into(),
        Action::Mark(p) => format!("mark {}", geometry.name(p)),
        Action::Unmark(p) => format!("unmark {}", geometry.name(p)),
        Action::Accept => "accept".into(),
        Action::Resume => "resume".into(),
        Action::Resign => "resign".into(),
        Action::Component(c) => match c.argument {
            Argument::None => c.spec.words.into(),
            Argument::Number(n) => format!("{} {n}", c.spec.words),
            Argument::Point(p) => format!("{} {}", c.spec.words, geometry.name(p)),
            Argument::Word(_) => format!("{} {}", c.spec.words, c.word().unwrap_or("?")),
        },
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

/// Reads one action, e.g. `D4` or `declare bonus 5`.
pub fn parse_action(geometry: &Geometry, text: &str) -> Result<Action, NotationError> {
    let line = parse_line(geometry, text)?;
    match (line.seat, line.actions.as_slice()) {
        (None, [(_, action)]) => Ok(*action),
        _ => Err(NotationError {
            code: GARBLED,
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
                code: GARBLED,
                column,
                word: word.to_string(),
                message: format!("`{name}` is not a seat: write P1: or P2: before the actions"),
            })?);
            words.next();
        } else if matches!(words.peek_second(), Some((_, ":"))) {
            seat = Some(parse_seat(word).ok_or_else(|| NotationError {
                code: GARBLED,
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
            code: GARBLED,
            column,
            word: word.to_string(),
            message: format!("`{what}` needs a point after it, like `{what} D4`"),
        })?;
        geometry
            .parse_point(name)
            .map_err(|e| point_error(col, name, &e))
    };
    Ok(match lower.as_str() {
        "pass" => Action::Pass,
        "pass-move" => Action::PassMove,
        "accept" => Action::Accept,
        "resume" => Action::Resume,
        "resign" => Action::Resign,
        "mark" => Action::Mark(point_after(words, "mark")?),
        "unmark" => Action::Unmark(point_after(words, "unmark")?),
        _ if registered_actions()
            .iter()
            .any(|s| s.words.split(' ').next() == Some(lower.as_str())) =>
        {
            let spec = declared_words(column, word, &lower, words)?;
            let argument = match spec.argument {
                ArgumentKind::None => Argument::None,
                ArgumentKind::Point { .. } => Argument::Point(point_after(words, spec.words)?),
                ArgumentKind::Number { .. } => {
                    let (col, number) = words.next().ok_or_else(|| NotationError {
                        code: GARBLED,
                        column,
                        word: word.to_string(),
                        message: format!("`{}` needs a number after it", spec.words),
                    })?;
                    Argument::Number(number.parse::<u32>().map_err(|_| NotationError {
                        code: GARBLED,
                        column: col,
                        word: number.to_string(),
                        message: format!(
                            "`{number}` is not a whole number: {} takes a number such as 3",
                            spec.words
                        ),
                    })?)
                }
                ArgumentKind::Word { choices, .. } => {
                    let allowed = argument_in_words(spec.argument);
                    let (col, chosen) = words.next().ok_or_else(|| NotationError {
                        code: GARBLED,
                        column,
                        word: word.to_string(),
                        message: format!("`{}` needs {allowed} after it", spec.words),
                    })?;
                    let chosen_lower = chosen.to_ascii_lowercase();
                    let found = choices.iter().position(|c| *c == chosen_lower);
                    Argument::Word(found.and_then(|i| u8::try_from(i).ok()).ok_or_else(|| {
                        NotationError {
                            code: GARBLED,
                            column: col,
                            word: chosen.to_string(),
                            message: format!(
                                "`{chosen}` is not one of the words `{}` takes: write {allowed}",
                                spec.words
                            ),
                        }
                    })?)
                }
            };
            spec.with(argument)
        }
        _ => match geometry.parse_point(word) {
            Ok(p) => Action::Place(p),
            Err(PointNameError::Malformed(_) | PointNameError::UnknownName { .. }) => {
                let known = action_words();
                let example = if geometry.has_own_names() {
                    geometry.name(crate::point::Point::new(0))
                } else {
                    "D4".to_string()
                };
                let mut message = format!(
                    "`{word}` is neither a point nor an action: write a point like {example}, or one of {}",
                    known.join(", ")
                );
                if let Some(close) = crate::suggest::closest(&lower, known.iter().copied()) {
                    message = format!("`{word}` is not an action; did you mean `{close}`?");
                }
                return Err(NotationError {
                    code: GARBLED,
                    column,
                    word: word.to_string(),
                    message,
                });
            }
            Err(e) => return Err(point_error(column, word, &e)),
        },
    })
}

/// Reads the words of a registered action that begins with `first` (read
/// already, lower-case as `lower`): the declaration with the longest run
/// of words that the line continues with.
fn declared_words(
    column: usize,
    first: &str,
    lower: &str,
    words: &mut Words<'_>,
) -> Result<&'static ActionSpec, NotationError> {
    let starting: Vec<&'static ActionSpec> = registered_actions()
        .iter()
        .copied()
        .filter(|s| s.words.split(' ').next() == Some(lower))
        .collect();
    let mut best: Option<(&'static ActionSpec, usize)> = None;
    for &spec in &starting {
        let rest: Vec<&str> = spec.words.split(' ').skip(1).collect();
        let matches = rest.iter().enumerate().all(|(i, w)| {
            words
                .peek_nth(i)
                .is_some_and(|(_, given)| given.eq_ignore_ascii_case(w))
        });
        if matches && best.is_none_or(|(_, n)| rest.len() > n) {
            best = Some((spec, rest.len()));
        }
    }
    match best {
        Some((spec, extra)) => {
            for _ in 0..extra {
                words.next();
            }
            Ok(spec)
        }
        None => {
            let options: Vec<String> = starting.iter().map(|s| format!("`{}`", s.words)).collect();
            let (col, given) = words.peek().unwrap_or((column, first));
            let read = if given == first {
                first.to_string()
            } else {
                format!("{first} {given}")
            };
            Err(NotationError {
                code: GARBLED,
                column: col,
                word: given.to_string(),
                message: format!(
                    "`{read}` is not an action: write one of {}",
                    options.join(", ")
                ),
            })
        }
    }
}

fn point_error(column: usize, word: &str, error: &PointNameError) -> NotationError {
    let code = match error {
        PointNameError::OffBoard { .. } | PointNameError::Hole(_) => "off-board",
        _ => GARBLED,
    };
    NotationError {
        code,
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
        self.peek_nth(1)
    }

    fn peek_nth(&self, n: usize) -> Option<(usize, &'a str)> {
        self.words.get(self.at + n).copied()
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
    use crate::action::{Choosing, Seats};
    use crate::phase::Phase;
    use crate::point::Point;
    use crate::registry::{BuildContext, Builder, Built, Registration};
    use crate::rules::Topology;
    use proptest::prelude::*;

    // Actions of the kinds components declare, registered for these tests
    // only (the real ones live in the variants' component files).
    const PLAY: &[Phase] = &[Phase::Play];

    static KNOCK: ActionSpec = spec("knock", "knock", ArgumentKind::None);
    static REMOVE: ActionSpec = spec("remove", "remove", ArgumentKind::Point { field: "point" });
    static BONUS: ActionSpec = spec(
        "declare-bonus",
        "declare bonus",
        ArgumentKind::Number {
            field: "value",
            min: 0,
            max: 1000,
        },
    );
    static TAX: ActionSpec = spec(
        "declare-tax",
        "declare tax",
        ArgumentKind::Number {
            field: "value",
            min: 0,
            max: u32::MAX,
        },
    );
    static CHOOSE: ActionSpec = spec(
        "choose",
        "choose",
        ArgumentKind::Word {
            field: "role",
            choices: &["attacker", "defender"],
        },
    );

    const fn spec(name: &'static str, words: &'static str, argument: ArgumentKind) -> ActionSpec {
        ActionSpec {
            name,
            words,
            argument,
            label: "Test",
            summary: "A test action.",
            described: "a test action",
            uses_opportunity: false,
            phases: PLAY,
            seats: Seats::ToAct,
            choosing: Choosing::Searched,
        }
    }

    fn no_build(_: &serde_json::Value, _: &BuildContext) -> Built<dyn Topology> {
        Err(vec![])
    }

    inventory::submit! {
        Registration {
            id: "notation-test-actions",
            raw_docs: " Declares the notation tests' actions.\n",
            params_schema: |_| schemars::Schema::default(),
            build: Builder::Topology(no_build),
            actions: &[&KNOCK, &REMOVE, &BONUS, &TAX, &CHOOSE],
            file: file!(),
            line: line!(),
        }
    }

    fn board() -> Geometry {
        Geometry::from_links(19, 19, []).unwrap()
    }

    #[test]
    fn reads_every_kind_of_action() {
        let g = board();
        let line = parse_line(
            &g,
            "p2: d4, Q16 pass pass-move knock remove A1 declare bonus 5 choose defender \
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
                KNOCK.plain(),
                REMOVE.at(p("A1")),
                BONUS.number(5),
                CHOOSE.word("defender"),
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
    fn a_point_beyond_the_edge_is_off_board_and_the_rest_garbled() {
        let g = board();
        let code = |s: &str| parse_line(&g, s).unwrap_err().code;
        assert_eq!(code("Z9"), "off-board");
        assert_eq!(code("A20"), "off-board");
        assert_eq!(code("mark T20"), "off-board");
        assert_eq!(code("I5"), "garbled");
        assert_eq!(code("undo"), "garbled");
        assert_eq!(code("D4 pas"), "garbled");
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
            err("declare komi 5"),
            "`declare komi` is not an action: write one of `declare bonus`, \
             `declare tax`"
        );
        assert_eq!(
            err("choose king"),
            "`king` is not one of the words `choose` takes: write `attacker` or `defender`"
        );
        assert_eq!(
            err("remove"),
            "`remove` needs a point after it, like `remove D4`"
        );
        assert_eq!(
            err("declare bonus x"),
            "`x` is not a whole number: declare bonus takes a number such as 3"
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
            Just(KNOCK.plain()),
            point.clone().prop_map(|p| REMOVE.at(p)),
            any::<u32>().prop_map(|n| BONUS.number(n)),
            any::<u32>().prop_map(|n| TAX.number(n)),
            prop_oneof![Just("attacker"), Just("defender")].prop_map(|w| CHOOSE.word(w)),
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
