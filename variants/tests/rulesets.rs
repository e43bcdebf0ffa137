//! Every bundled ruleset, and every option of it, loads and assembles; the
//! committed schema is current.

use tengen_core::Game;

#[test]
fn every_bundled_ruleset_and_option_validates() {
    let library = tengen_variants::library();
    assert!(!library.bundled().is_empty());
    for bundled in library.bundled() {
        let diagnostics = library.validate(bundled.id);
        assert!(
            diagnostics.is_empty(),
            "{}:\n{}",
            bundled.id,
            diagnostics.render(false)
        );
        let rules = library.assemble(bundled.id, &[]).unwrap();
        let game = Game::new(rules);
        assert!(game.result().is_none());
    }
}
