//! Weights learned for the features of placements: a strength (gamma) for
//! each value of each feature group, so that a placement's strength is
//! the product of its features' (the generalized Bradley-Terry model),
//! and the chance that it is the move chosen among the legal ones is its
//! strength over their sum.
//!
//! The file is text, one weight a line: the group, the value (a shape's
//! key in hexadecimal, other groups' values in decimal) and the gamma;
//! `#` starts a comment, and the comments at the top say how the weights
//! were made. A value the file does not list weighs 1, as a feature never
//! seen in training should: it neither attracts nor repels.

use super::{Features, GROUPS, LINE_VALUES, NEAR_LAST_VALUES, SELF_ATARI_VALUES, ShapeMap};
use std::fmt::Write as _;

/// The weights of every feature value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PatternWeights {
    /// The comment lines at the top of the file (without `# `): how the
    /// weights were made.
    pub about: Vec<String>,
    shape: ShapeMap<f32>,
    near_last: [f32; NEAR_LAST_VALUES as usize],
    line: [f32; LINE_VALUES as usize],
    self_atari: [f32; SELF_ATARI_VALUES as usize],
}

/// A weights file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for WeightsError {}

impl PatternWeights {
    /// Weights that weigh every feature 1: every placement alike.
    pub fn neutral() -> PatternWeights {
        PatternWeights {
            about: Vec::new(),
            shape: ShapeMap::default(),
            near_last: [1.0; NEAR_LAST_VALUES as usize],
            line: [1.0; LINE_VALUES as usize],
            self_atari: [1.0; SELF_ATARI_VALUES as usize],
        }
    }

    /// Sets the weight of `value` in the group `group` (an index into
    /// [`GROUPS`]); `false` where the group has no such value.
    pub fn set(&mut self, group: usize, value: u64, gamma: f32) -> bool {
        let slot = match group {
            0 => {
                self.shape.insert(value, gamma);
                return true;
            }
            1 => self.near_last.get_mut(value as usize),
            2 => self.line.get_mut(value as usize),
            3 => self.self_atari.get_mut(value as usize),
            _ => None,
        };
        slot.map(|s| *s = gamma).is_some()
    }

    /// The strength of a placement with `features`: the product of its
    /// features' weights.
    pub fn gamma(&self, features: &Features) -> f64 {
        let shape = self.shape.get(&features.shape).copied().unwrap_or(1.0);
        let pick = |table: &[f32], v: u8| table.get(usize::from(v)).copied().unwrap_or(1.0);
        f64::from(shape)
            * f64::from(pick(&self.near_last, features.near_last))
            * f64::from(pick(&self.line, features.line))
            * f64::from(pick(&self.self_atari, features.self_atari))
    }

    /// The shapes the weights know.
    pub fn shape_count(&self) -> usize {
        self.shape.len()
    }

    /// Reads a weights file.
    pub fn parse(text: &str) -> Result<PatternWeights, WeightsError> {
        let mut weights = PatternWeights::neutral();
        let mut header = true;
        for (i, raw) in text.lines().enumerate() {
            let fail = |message: String| WeightsError {
                line: i + 1,
                message,
            };
            let line = raw.trim();
            if let Some(comment) = line.strip_prefix('#') {
                if header {
                    weights.about.push(comment.trim().to_string());
                }
                continue;
            }
            if line.is_empty() {
                continue;
            }
            header = false;
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [group, value, gamma] = fields[..] else {
                return Err(fail(format!(
                    "expected `GROUP VALUE GAMMA`, got {} fields",
                    fields.len()
                )));
            };
            let Some(g) = GROUPS.iter().position(|&name| name == group) else {
                return Err(fail(format!(
                    "unknown feature group `{group}` (the groups: {})",
                    GROUPS.join(", ")
                )));
            };
            let value = if g == 0 {
                u64::from_str_radix(value, 16)
            } else {
                value.parse::<u64>()
            }
            .map_err(|_| fail(format!("`{value}` is not a value of `{group}`")))?;
            let gamma = gamma
                .parse::<f32>()
                .ok()
                .filter(|g| g.is_finite() && *g > 0.0)
                .ok_or_else(|| fail(format!("`{gamma}` is not a positive weight")))?;
            if !weights.set(g, value, gamma) {
                return Err(fail(format!("`{group}` has no value {value}")));
            }
        }
        Ok(weights)
    }

    /// The weights as a file [`PatternWeights::parse`] reads back: the
    /// comments, then the small groups, then the shapes in key order.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for line in &self.about {
            let _ = writeln!(out, "# {line}");
        }
        let small = [
            (1, &self.near_last[..]),
            (2, &self.line[..]),
            (3, &self.self_atari[..]),
        ];
        for (g, table) in small {
            for (value, gamma) in table.iter().enumerate() {
                let _ = writeln!(out, "{} {value} {gamma}", GROUPS[g]);
            }
        }
        let mut shapes: Vec<(&u64, &f32)> = self.shape.iter().collect();
        shapes.sort_unstable_by_key(|(k, _)| **k);
        for (key, gamma) in shapes {
            let _ = writeln!(out, "shape {key:x} {gamma}");
        }
        out
    }
}
