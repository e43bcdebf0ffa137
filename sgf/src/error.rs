//! What can be wrong with a record, with where it is.

use std::fmt;
use tengen_core::Refusal;

/// A record that cannot be read, or a move in it that cannot be played.
/// Every variant but [`SgfError::Rules`] says where in the file (a
/// property of the root is named by its identifier).
#[derive(Clone, Debug, PartialEq)]
pub enum SgfError {
    /// The text is not SGF.
    Malformed {
        /// Line (from 1).
        line: usize,
        /// Column (from 1).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A record of another game than Go.
    UnsupportedGame {
        /// The `GM` value.
        game: String,
    },
    /// A character set (`CA`) tengen cannot decode.
    Charset {
        /// The `CA` value.
        charset: String,
        /// Why it cannot be read.
        message: String,
    },
    /// A board tengen cannot hold.
    BoardSize {
        /// What the record asks for.
        size: String,
        /// Why it cannot be had.
        message: String,
    },
    /// A komi (`KM`) the rules do not take.
    Komi {
        /// What the record gives.
        komi: String,
        /// Why it cannot be had.
        message: String,
    },
    /// The rules the record names cannot be put together.
    Rules(String),
    /// A node that cannot be read: an off-board point, conflicting
    /// properties, a bad value.
    Node {
        /// The node's place in the main line (the root is 0).
        node: usize,
        /// Line (from 1).
        line: usize,
        /// Column (from 1).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A move the rules refuse.
    Refused {
        /// The node's place in the main line (the root is 0).
        node: usize,
        /// Line (from 1).
        line: usize,
        /// Column (from 1).
        column: usize,
        /// The move as the record writes it.
        text: String,
        /// The rule it breaks.
        refusal: Refusal,
    },
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::Malformed {
                line,
                column,
                message,
            } => {
                write!(f, "{line}:{column}: not a readable SGF record: {message}")
            }
            SgfError::UnsupportedGame { game } => write!(
                f,
                "1:1: GM[{game}] is not Go: tengen reads Go records (GM[1]) only"
            ),
            SgfError::Charset { charset, message } => write!(f, "CA[{charset}]: {message}"),
            SgfError::BoardSize { size, message } => write!(f, "SZ[{size}]: {message}"),
            SgfError::Komi { komi, message } => write!(f, "KM[{komi}]: {message}"),
            SgfError::Rules(message) => write!(f, "the record's rules: {message}"),
            SgfError::Node {
                node,
                line,
                column,
                message,
            } => {
                write!(
                    f,
                    "{line}:{column}: node {node} of the main line: {message}"
                )
            }
            SgfError::Refused {
                node,
                line,
                column,
                text,
                refusal,
            } => write!(
                f,
                "{line}:{column}: node {node} of the main line: {text} refused: {refusal}"
            ),
        }
    }
}

impl std::error::Error for SgfError {}
