//! The fuzz targets, one file each, and the rulesets they play.

mod actions;
mod engine;
mod gtp;
mod notation;
mod ruleset;
mod sgf;

pub use actions::actions;
pub use engine::engine;
pub use gtp::gtp;
pub use notation::notation;
pub use ruleset::ruleset;
pub use sgf::sgf;

use std::sync::{Arc, OnceLock};
use tengen_core::Rules;

/// The rulesets and options the targets that play games choose among
/// (with the first byte of their input): every bundled ruleset on a small
/// board, and the options that change how play goes.
const PLAYED: &[(&str, &[&str])] = &[
    ("go", &["size=9"]),
    ("go", &["size=9", "ko=simple"]),
    ("go", &["size=9", "handicap=4"]),
    ("tromp-taylor", &["size=9"]),
    ("tromp-taylor", &["size=9", "ko=simple"]),
    ("thue-morse-go", &["size=11"]),
    ("thue-morse-go", &["size=11", "snub"]),
    (
        "thue-morse-go",
        &["size=11", "weak-eyes", "repetition=double-delayed-psk"],
    ),
    (
        "thue-morse-go",
        &[
            "size=11",
            "balanced-marseillais",
            "half-button",
            "repetition=fivefold",
        ],
    ),
    ("thue-morse-go", &["size=11", "handicap", "reverse-komi"]),
    ("thue-morse-go", &["size=11", "kill-all", "weak-eyes"]),
    ("kill-all-go", &["size=9"]),
    ("kill-all-go", &["size=9", "setup=pieboxing-handicap"]),
    ("kill-all-go", &["size=9", "setup=pie"]),
    ("kill-all-go", &["size=9", "setup=two-batch"]),
    ("kill-all-go", &["size=19", "setup=fixed-17"]),
    ("enhanced-go", &["size=9"]),
    ("mathematical-go", &["size=9"]),
];

/// The rules of [`PLAYED`], assembled once.
fn played() -> &'static [Arc<Rules>] {
    static RULES: OnceLock<Vec<Arc<Rules>>> = OnceLock::new();
    RULES.get_or_init(|| {
        tengen_variants::link();
        PLAYED
            .iter()
            .map(|(id, options)| {
                let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
                tengen_variants::library()
                    .assemble(id, &options)
                    .unwrap_or_else(|d| panic!("{id} {options:?}: {d}"))
            })
            .collect()
    })
}

/// The rules an input's first byte picks, and the rest of the input.
fn pick_rules(data: &[u8]) -> (&'static Arc<Rules>, &[u8]) {
    let rules = played();
    match data.split_first() {
        Some((&first, rest)) => (&rules[usize::from(first) % rules.len()], rest),
        None => (&rules[0], data),
    }
}
