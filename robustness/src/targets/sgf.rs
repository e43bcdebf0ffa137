//! SGF records, imported and written back.

use std::sync::Arc;
use tengen_sgf::{RulesChoice, read_sgf, read_sgf_bytes, write_sgf};

/// Imports the input as the bytes of an SGF record (its character set and
/// rules from the record); where that succeeds, writes the game as SGF and
/// imports that again under the same rules, which must give the same game.
pub fn sgf(data: &[u8]) {
    tengen_variants::link();
    let library = tengen_variants::library();
    let Ok(imported) = read_sgf_bytes(data, RulesChoice::FromRecord(library)) else {
        return;
    };
    let written = write_sgf(&imported.game, &imported.info);
    let rules = Arc::clone(imported.game.rules());
    let again = read_sgf(&written, RulesChoice::Given(&rules))
        .unwrap_or_else(|e| panic!("the record tengen wrote does not read back: {e}\n{written}"));
    assert_eq!(
        again.game.state(),
        imported.game.state(),
        "the record tengen wrote reads back as another game:\n{written}"
    );
}
