//! A GTP command stream.

use tengen_conformance::invariants::check_board;
use tengen_gtp::{Engine, PlayerKind, Setup};

/// The rulesets a session starts with (the stream may switch with
/// `boardsize`, `tengen-ruleset` and the rest).
const STARTS: &[(&str, &[&str])] = &[
    ("go", &["size=9"]),
    ("thue-morse-go", &["size=11"]),
    ("enhanced-go", &["size=9"]),
    ("kill-all-go", &["size=9"]),
    ("mathematical-go", &["size=9"]),
];

/// Runs the input (after its first byte, which picks the ruleset and the
/// computer player) as a GTP session: the session ends normally, every
/// command line gets one well-formed response (`=` or `?`, ended by an
/// empty line), and the game's board stays consistent.
pub fn gtp(data: &[u8]) {
    tengen_variants::link();
    let (first, mut input) = match data.split_first() {
        Some((&first, rest)) => (usize::from(first), rest),
        None => (0, data),
    };
    let (reference, options) = STARTS[first % STARTS.len()];
    let setup = Setup {
        reference: reference.to_string(),
        options: options.iter().map(|o| o.to_string()).collect(),
        handicap: None,
    };
    let rules = tengen_variants::library()
        .assemble(reference, &setup.options)
        .unwrap_or_else(|d| panic!("{reference}: {d}"));
    // The search at two playouts a move: enough to run its code, cheap
    // enough for a fuzzer.
    let player = if first & 0x80 == 0 {
        PlayerKind::Random
    } else {
        PlayerKind::Mcts
    };
    let mut engine =
        Engine::new(setup, rules, player, Some(2), 1).expect("a bundled ruleset starts");
    let mut output = Vec::new();
    tengen_gtp::session(&mut engine, &mut input, &mut output).expect("reading bytes cannot fail");
    let output = String::from_utf8(output).expect("GTP responses are UTF-8");
    for response in output.split_terminator("\n\n") {
        assert!(
            response.starts_with('=') || response.starts_with('?'),
            "a response that is neither success nor failure: {response:?}"
        );
    }
    assert!(
        output.is_empty() || output.ends_with("\n\n"),
        "the last response is not ended by an empty line: {output:?}"
    );
    check_board(engine.game());
}
