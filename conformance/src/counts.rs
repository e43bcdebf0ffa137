//! Count files: the number of legal action sequences from given positions,
//! to a small depth, in the spirit of chess perft (`conformance/counts/`,
//! one file per ruleset and option set).
//!
//! ```toml
//! ruleset = "go"
//! options = ["size=5"]
//!
//! [[position]]
//! name = "empty board"
//! counts = [27, 702, 17550]
//! ```
//!
//! # What is counted
//!
//! An *action* is one [`Action`] as the engine offers it: at a position
//! where one seat is to act, every action of
//! [`Game::legal_actions`] for that seat (each legal placement, `pass`,
//! `pass-move` within a move of several placements, `resign` where the
//! objective allows it, and every component action such as taking the
//! button, a payment, a declaration or a claim); where either seat may
//! act (the agreement phase), every legal action of Player 1 and every
//! legal action of Player 2, as distinct (seat, action) pairs; where
//! nobody acts (the game is over), none. The seat that is not to act may
//! resign out of turn, but that is not counted: only the seat (or seats)
//! to act move the game on.
//!
//! The count at depth `d` is the number of sequences of exactly `d`
//! actions, each legal after the ones before it, from the position (as
//! perft counts leaves): a game that ends sooner, by a resignation or by
//! two passes that end it, contributes nothing at greater depths. Depth 1
//! is the number of legal actions at the position itself.
//!
//! A position is the ruleset's start (or the `start` diagram, with
//! `first` giving the seat of the first placement as in a scenario), then
//! the lines of `moves` played in order, in the move notation.

use serde::Deserialize;
use std::path::Path;
use tengen_core::notation::parse_line;
use tengen_core::record::play_line;
use tengen_core::{Action, Game, Seat, ToAct};

/// The folder of count files.
pub const COUNTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/counts");

/// A count file: one ruleset with one set of options, and its positions.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CountFile {
    /// A bundled ruleset id.
    pub ruleset: String,
    /// Options, as on the command line (`size=5`).
    #[serde(default)]
    pub options: Vec<String>,
    /// The positions counted from.
    #[serde(rename = "position")]
    pub positions: Vec<CountPosition>,
}

/// One position and its counts.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CountPosition {
    /// What the position is, in a few words.
    pub name: String,
    /// A starting diagram (top row first; `X`, `O`, `.`).
    pub start: Option<String>,
    /// The seat given the first placement, `P1` or `P2`, if not the
    /// ruleset's choice.
    pub first: Option<String>,
    /// Lines of the move notation played before counting.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The number of legal action sequences of depth 1, 2, ...: as many
    /// depths as numbers (written on one line, which `--write` replaces).
    pub counts: Vec<u64>,
}

/// The actions that move the game on at its position, with their seats
/// (see the module's documentation).
pub fn actions_to_count(game: &Game) -> Vec<(Seat, Action)> {
    let seats: &[Seat] = match game.to_act() {
        ToAct::Nobody => &[],
        ToAct::Seat(Seat::One) => &[Seat::One],
        ToAct::Seat(Seat::Two) => &[Seat::Two],
        ToAct::Either => &Seat::BOTH,
    };
    seats
        .iter()
        .flat_map(|&seat| game.legal_actions(seat).into_iter().map(move |a| (seat, a)))
        .collect()
}

/// The number of legal action sequences from `game`'s position of each
/// depth from 1 to `depth` (the game is the same afterwards).
pub fn count(game: &mut Game, depth: usize) -> Vec<u64> {
    let mut counts = vec![0; depth];
    if depth == 0 {
        return counts;
    }
    let actions = actions_to_count(game);
    counts[0] = actions.len() as u64;
    if depth == 1 {
        return counts;
    }
    for (seat, action) in actions {
        if let Err(refusal) = game.apply(seat, action) {
            panic!("a legal action ({action:?} by {seat:?}) is refused: {refusal}");
        }
        for (total, below) in counts[1..].iter_mut().zip(count(game, depth - 1)) {
            *total += below;
        }
        game.undo().expect("the game keeps its undo history");
    }
    counts
}

/// The deepest count a file may ask for: the number of sequences grows
/// about as the board's points to the depth, so a file asking for more
/// would keep `tengen conformance count` busy for hours.
pub const MAX_DEPTH: usize = 5;

impl CountFile {
    /// Reads a count file, refusing a position that asks for more than
    /// [`MAX_DEPTH`] depths.
    pub fn read(path: &Path) -> Result<CountFile, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file: CountFile =
            toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some(p) = file.positions.iter().find(|p| p.counts.len() > MAX_DEPTH) {
            return Err(format!(
                "{}: position `{}` asks for {} depths; at most {MAX_DEPTH} are counted",
                path.display(),
                p.name,
                p.counts.len()
            ));
        }
        Ok(file)
    }

    /// The game at `position`: its start, then its moves.
    pub fn game(&self, position: &CountPosition) -> Result<Game, String> {
        tengen_variants::link();
        let rules = tengen_variants::library()
            .assemble(&self.ruleset, &self.options)
            .map_err(|d| d.render(false))?;
        let geometry = rules.geometry.clone();
        let mut game =
            crate::start_game(rules, position.start.as_deref(), position.first.as_deref())?;
        for line in &position.moves {
            let parsed = parse_line(&geometry, line).map_err(|e| format!("`{line}`: {e}"))?;
            play_line(&mut game, &parsed).map_err(|e| format!("`{line}`: {e}"))?;
        }
        Ok(game)
    }

    /// Each position's counts as tengen computes them now, to the depth
    /// its file gives.
    pub fn recount(&self) -> Result<Vec<Vec<u64>>, String> {
        self.positions
            .iter()
            .map(|position| {
                let mut game = self
                    .game(position)
                    .map_err(|e| format!("position `{}`: {e}", position.name))?;
                Ok(count(&mut game, position.counts.len()))
            })
            .collect()
    }

    /// Every count of the file that differs from tengen's (`recounted`, as
    /// [`CountFile::recount`] gives it), naming the position and depth.
    pub fn differences(&self, recounted: &[Vec<u64>]) -> Vec<String> {
        let mut out = Vec::new();
        for (position, actual) in self.positions.iter().zip(recounted) {
            for (depth, (&kept, &now)) in position.counts.iter().zip(actual).enumerate() {
                if kept != now {
                    out.push(format!(
                        "position `{}`, depth {}: the file says {kept}, tengen counts {now}",
                        position.name,
                        depth + 1
                    ));
                }
            }
        }
        out
    }
}

/// `text` (a count file's) with its `counts = [...]` lines replaced, in
/// order, by `recounted`.
pub fn rewrite(text: &str, recounted: &[Vec<u64>]) -> Result<String, String> {
    let mut next = recounted.iter();
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("counts") && line.contains('=') {
            let counts = next
                .next()
                .ok_or("more `counts` lines than positions".to_string())?;
            let indent = &line[..line.len() - line.trim_start().len()];
            let numbers: Vec<String> = counts.iter().map(u64::to_string).collect();
            out.push_str(&format!("{indent}counts = [{}]\n", numbers.join(", ")));
        } else {
            out.push_str(line);
        }
    }
    if next.next().is_some() {
        return Err("each position's `counts` must be written on one line".into());
    }
    Ok(out)
}
