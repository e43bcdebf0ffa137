//! SGF (FF\[4\]) game records for every tengen ruleset.
//!
//! [`write_sgf`] exports a game of any ruleset, finished or not, as a
//! record any SGF viewer opens with the right board at every node, and
//! [`read_sgf`] rebuilds a game from a record tengen wrote (exactly) or
//! from a plain Go record written by another program.
//!
//! A file's bytes are read with [`read_sgf_bytes`], which decodes them
//! first. The character set is the one the root's `CA` names (ISO-8859-1,
//! GB2312, Shift_JIS, Big5, EUC-KR and the other WHATWG labels, with the
//! `encoding_rs` crate); an unknown one is refused, naming it, and bytes
//! that are not text of the set named are read as U+FFFD, with a warning.
//! A record without `CA` is ISO-8859-1 by FF\[4\], but most programs write
//! UTF-8 today without saying so: tengen reads such a record as UTF-8 when
//! its bytes are UTF-8, and as ISO-8859-1 (as browsers read it, windows-1252)
//! with a warning when they are not. A UTF-8 byte-order mark is skipped.
//! [`read_sgf`] reads text already decoded. tengen always writes UTF-8,
//! with `CA[UTF-8]`.
//!
//! Play resumed after two passes is read as GTP's `play` reads it: where
//! two passes end play in an agreement phase (`go`), a stone resumes play
//! and a pass changes nothing (with a warning).
//!
//! What a record holds:
//!
//! - The root: `FF[4]`, `GM[1]`, `CA[UTF-8]`, `AP`, `SZ`, `KM`, `HA`,
//!   `PB`/`PW`, `RE` in SGF's result syntax, `RU` naming the tengen
//!   ruleset and its options, and `AB`/`AW` for the stones on the board
//!   when play begins (handicap and setup stones). Private properties let
//!   a reader rebuild the exact rules: `TGR` the ruleset id, `TGO` the
//!   options, `TGH` the fingerprint of the resolved ruleset; and, for a
//!   game started from a given position, `TGB`/`TGW` its stones and `TGF`
//!   the seat given the first placement.
//! - One node per placement (`B[dd]`, `W[pp]`; consecutive nodes of one
//!   colour for a double move, never a fake pass), and `B[]`/`W[]` for a
//!   pass.
//! - Actions SGF has no property for (taking the button, declarations,
//!   claims, payments, dead-string marks, acceptance, resignation) in the
//!   private property `TGA`, in the move notation with the seat (`TGA[P1:
//!   pay C3]`), on the node of the move they belong to. When `TGA` is on a
//!   node it is the node's meaning; its `B`/`W`/`AE` are for viewers.
//! - An Enhanced Go special turn's payments also as `AE` in a setup node
//!   before its placements, so a plain viewer shows the stones gone.
//! - Comments (`C`) and the other properties tengen does not interpret,
//!   on the node they were read from: the root's on the root, a move's on
//!   its move, and a node without a move (a comment between moves, a
//!   setup node's comment) as a node of its own in its place. Where a
//!   setup node in the middle of a plain record starts the game again from
//!   its position, the comments of the moves before it are kept as nodes
//!   of their own after the root, in order, with a warning. Variations
//!   off the main line are not read, and the warning counts their nodes
//!   and comments.
//! - Wherever a plain viewer's board (each stone captured as it is placed,
//!   on a square grid) would differ from tengen's, a node of setup
//!   properties alone puts tengen's board back. A reader of a tengen
//!   record skips such nodes.

mod charset;
mod coords;
mod error;
mod export;
mod import;
mod properties;
mod result;
mod scan;
mod viewer;

pub use error::SgfError;
pub use export::{GameInfo, write_sgf};
pub use import::{Imported, MAX_SGF_BYTES, MAX_SGF_NODES, RulesChoice, read_sgf, read_sgf_bytes};
pub use properties::{NodeProps, Property};
pub use result::result_text;
