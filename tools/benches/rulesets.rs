//! The performance figures of every bundled ruleset under divan: one random
//! playout with the shared light policy (`tengen_core::playout`) per
//! iteration, loading and validating each bundled ruleset, and copying a
//! 19x19 game for tree search. `tengen bench` prints the same playouts as
//! games and placements per second; `benches/peer.rs` compares them with
//! another engine in the same run.
//!
//! `cargo bench -p tengen-cli --bench rulesets`

use std::sync::Arc;
use tengen_core::playout::{LightGame, Playout};
use tengen_core::{Game, Rules};

fn main() {
    tengen_variants::link();
    divan::main();
}

/// The rulesets and options measured, as `tengen bench` names them.
const PLAYOUTS: &[&str] = &[
    "tromp-taylor size=9",
    "tromp-taylor size=19",
    "go size=19",
    "go size=19 ko=simple",
    "thue-morse-go size=16",
    "thue-morse-go size=19",
    "thue-morse-go size=16 weak-eyes",
    "enhanced-go size=9",
    "mathematical-go size=9",
    "kill-all-go size=13",
];

fn rules(spec: &str) -> Arc<Rules> {
    let mut words = spec.split_whitespace();
    let id = words.next().expect("a ruleset id");
    let options: Vec<String> = words.map(String::from).collect();
    tengen_variants::library()
        .assemble(id, &options)
        .unwrap_or_else(|d| panic!("{d}"))
}

/// The most actions a playout of `spec` takes: simple-ko games stop after
/// three times the board's points in actions, as in `tengen bench`.
fn action_limit(spec: &str, rules: &Rules) -> u64 {
    if spec.contains("ko=simple") {
        3 * rules.geometry.point_count() as u64
    } else {
        20_000
    }
}

/// One random game from the start to its end; simple-ko games stop after
/// three times the board's points in actions, as in `tengen bench`.
#[divan::bench(args = PLAYOUTS)]
fn playout(bencher: divan::Bencher<'_, '_>, spec: &str) {
    let rules = rules(spec);
    let limit = action_limit(spec, &rules);
    let fresh = Game::new(rules).without_undo();
    let mut game = fresh.clone();
    let mut policy = Playout::new(1);
    policy.action_limit = limit;
    bencher.bench_local(|| {
        game.clone_from(&fresh);
        divan::black_box(policy.play(&mut game))
    });
}

/// The same games as [`playout`] on the light playout board, for the
/// rulesets it plays.
#[divan::bench(args = ["tromp-taylor size=9", "tromp-taylor size=19", "go size=19", "go size=19 ko=simple"])]
fn light_playout(bencher: divan::Bencher<'_, '_>, spec: &str) {
    let rules = rules(spec);
    let limit = action_limit(spec, &rules);
    let fresh = LightGame::from_game(&Game::new(rules)).expect("a light ruleset");
    let mut game = fresh.clone();
    let mut policy = Playout::new(1);
    policy.action_limit = limit;
    bencher.bench_local(|| {
        game.clone_from(&fresh);
        divan::black_box(policy.play_light(&mut game))
    });
}

/// Loading a bundled ruleset: TOML, schema validation, `extends` and
/// options, and the components built.
#[divan::bench(args = ["go", "tromp-taylor", "thue-morse-go", "kill-all-go", "enhanced-go", "mathematical-go"])]
fn load_and_validate(bencher: divan::Bencher<'_, '_>, id: &str) {
    let library = tengen_variants::library();
    bencher.bench(|| divan::black_box(library.assemble(id, &[]).expect("bundled")));
}

/// Copying a 19x19 game half way through a random game into the memory of
/// an earlier copy, as a tree search does at every playout.
#[divan::bench]
fn copy_a_19x19_game(bencher: divan::Bencher<'_, '_>) {
    let mut game = Game::new(rules("tromp-taylor size=19")).without_undo();
    let mut policy = Playout::new(7);
    policy.action_limit = 180;
    policy.play(&mut game);
    let mut copy = game.clone();
    bencher.bench_local(|| {
        copy.clone_from(&game);
        divan::black_box(&copy);
    });
}
