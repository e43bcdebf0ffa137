//! Why a command failed: each failure is answered with `?` and this
//! message, and leaves the game as it was.

use std::fmt;

/// A failed command.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum GtpError {
    /// The command name is not one this engine knows.
    UnknownCommand,
    /// The arguments are missing, extra or unreadable: what is wrong, and
    /// how the command is written.
    Syntax {
        /// What is wrong with the arguments.
        problem: String,
        /// The command with its arguments, e.g. `play COLOUR VERTEX`.
        usage: &'static str,
    },
    /// The move breaks a rule: the engine's refusal, or why the colour may
    /// not move now.
    IllegalMove(String),
    /// `boardsize` with a size the ruleset does not offer.
    UnacceptableSize(String),
    /// `undo` with nothing to take back, or in a ruleset without undo.
    CannotUndo(String),
    /// A handicap command on a board that already holds stones.
    BoardNotEmpty,
    /// A command the current ruleset or game cannot carry out, with why.
    Refused(String),
}

impl GtpError {
    /// A syntax error.
    pub(super) fn syntax(problem: impl Into<String>, usage: &'static str) -> GtpError {
        GtpError::Syntax {
            problem: problem.into(),
            usage,
        }
    }

    /// A refusal with its reason.
    pub(super) fn refused(reason: impl Into<String>) -> GtpError {
        GtpError::Refused(reason.into())
    }
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GtpError::UnknownCommand => f.write_str("unknown command"),
            GtpError::Syntax { problem, usage } => {
                write!(f, "syntax error: {problem} (usage: {usage})")
            }
            GtpError::IllegalMove(why) => write!(f, "illegal move: {why}"),
            GtpError::UnacceptableSize(why) => write!(f, "unacceptable size: {why}"),
            GtpError::CannotUndo(why) => write!(f, "cannot undo: {why}"),
            GtpError::BoardNotEmpty => f.write_str("board not empty"),
            GtpError::Refused(why) => f.write_str(why),
        }
    }
}

/// What a command answers: its result, or why it failed.
pub(super) type Reply = Result<String, GtpError>;
