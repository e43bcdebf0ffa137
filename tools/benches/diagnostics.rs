//! Ruleset problems are found in time proportional to the input: each
//! measurement is compared with the same work on a smaller input in the
//! same run, and the bench fails when the larger costs much more per unit.
//!
//! - **Mistakes.** A ruleset of `n` keys its topology does not have, at
//!   64 KiB and at 1 MiB (the largest file tengen reads): validated and
//!   rendered for a person and as JSON, as `tengen validate` does. Per byte,
//!   the 1 MiB file may cost at most [`BOUND`] times the 64 KiB one; a
//!   reading quadratic in the file (as before issue 22) costs 16 times.
//! - **Option settings.** `tengen validate` assembles the ruleset once for
//!   each option setting: a ruleset of 64 settings against one of 1,024
//!   (the most a ruleset may offer), per setting.
//!
//! `cargo bench -p tengen-cli --bench diagnostics` (run by `.ci/run`).

use std::time::{Duration, Instant};
use tengen_core::ruleset::{Library, MAX_OPTION_SETTINGS};

/// The most a larger input may cost per unit, as a multiple of the smaller.
const BOUND: f64 = 3.0;

/// Runs of each measurement; the median is compared.
const RUNS: usize = 5;

const HEADER: &str =
    "[ruleset]\nid = \"bench\"\nname = \"Bench\"\nsummary = \"x\"\nextends = \"go\"\n";

fn main() {
    tengen_variants::link();
    let library = tengen_variants::library();
    let mut broken = Vec::new();

    let small = mistakes(64 << 10);
    let large = mistakes(1 << 20);
    let (small_time, large_time) = (
        median(|| check(library, &small)),
        median(|| check(library, &large)),
    );
    let per_byte = |time: Duration, text: &str| time.as_secs_f64() / text.len() as f64;
    let ratio = per_byte(large_time, &large) / per_byte(small_time, &small);
    println!(
        "ruleset of mistakes: {:>8} bytes {:>9.2?} | {:>8} bytes {:>9.2?} | per byte {ratio:.2}x (bound {BOUND}x)",
        small.len(),
        small_time,
        large.len(),
        large_time
    );
    if ratio > BOUND {
        broken.push(format!(
            "a ruleset of mistakes costs {ratio:.2}x per byte at 1 MiB"
        ));
    }

    let few = settings(library, 64);
    let many = settings(library, MAX_OPTION_SETTINGS);
    assert_eq!(
        check(library, &many),
        0,
        "the ruleset of many settings is valid"
    );
    assert!(check(library, &large) > 50_000, "the mistakes are found");
    let (few_time, many_time) = (
        median(|| check(library, &few)),
        median(|| check(library, &many)),
    );
    let ratio =
        (many_time.as_secs_f64() / MAX_OPTION_SETTINGS as f64) / (few_time.as_secs_f64() / 64.0);
    println!(
        "option settings:     {:>8} settings {:>7.2?} | {:>6} settings {:>9.2?} | per setting {ratio:.2}x (bound {BOUND}x)",
        64, few_time, MAX_OPTION_SETTINGS, many_time
    );
    if ratio > BOUND {
        broken.push(format!(
            "option settings cost {ratio:.2}x each at {MAX_OPTION_SETTINGS}"
        ));
    }

    if !broken.is_empty() {
        eprintln!(
            "ruleset checks grow faster than their input: {}",
            broken.join("; ")
        );
        std::process::exit(1);
    }
}

/// A ruleset of about `bytes` bytes whose topology has thousands of keys
/// no topology takes.
fn mistakes(bytes: usize) -> String {
    let mut text = format!("{HEADER}\n[topology]\n");
    let mut n = 0;
    while text.len() + 20 < bytes {
        text.push_str(&format!("widht{n} = 9\n"));
        n += 1;
    }
    text
}

/// A valid ruleset whose options offer about `count` settings: go's own,
/// and options of four choices each.
fn settings(library: &Library, count: usize) -> String {
    let go = library.resolve("go", &[]).expect("go resolves");
    let go_settings: usize = go.options.iter().map(|(n, o)| o.settings(n).len()).sum();
    let mut text = HEADER.to_string();
    for n in 0..(count - go_settings) / 4 {
        text.push_str(&format!("\n[options.komi-{n}]\nsummary = \"Komi.\"\n"));
        for c in 0..4 {
            text.push_str(&format!("choices.k{c} = {{ scorer = {{ komi = {c} }} }}\n"));
        }
    }
    text
}

/// What `tengen validate` does with a text: every check, then the report
/// for a person and for a program. Returns the number of problems.
fn check(library: &Library, text: &str) -> usize {
    let diagnostics = library.validate_text("bench.toml", text);
    let rendered = diagnostics.render(false);
    let json = serde_json::to_string(&tengen_json::catalogue::diagnostics(&diagnostics))
        .expect("diagnostics serialize");
    std::hint::black_box((rendered, json));
    diagnostics.total()
}

/// The median time of [`RUNS`] runs of `work`.
fn median(mut work: impl FnMut() -> usize) -> Duration {
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(work());
            start.elapsed()
        })
        .collect();
    times.sort();
    times[RUNS / 2]
}
