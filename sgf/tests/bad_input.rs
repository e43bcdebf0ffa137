//! Records that cannot be read, or hold a move that cannot be played: a
//! clear error with the place in the file, and never a panic.

use tengen_sgf::{RulesChoice, SgfError, read_sgf};

fn error(text: &str) -> SgfError {
    read_sgf(text, RulesChoice::FromRecord(tengen_variants::library()))
        .map(|i| i.game.record().len())
        .expect_err("the record is refused")
}

fn message(text: &str) -> String {
    error(text).to_string()
}

#[test]
fn a_truncated_record_says_where_it_stops() {
    assert_eq!(
        message("(;FF[4]SZ[9]\n;B[ee]\n;W[cc]"),
        "3:7: not a readable SGF record: the record ends inside a game tree: 1 `)` missing"
    );
    assert_eq!(
        message("(;FF[4]SZ[9]\n;B[ee]\n;W[c"),
        "3:3: not a readable SGF record: the record ends inside this property value: `]` missing"
    );
    assert_eq!(
        message(""),
        "1:1: not a readable SGF record: no game tree: an SGF record begins with `(;`"
    );
}

#[test]
fn malformed_text_says_what_and_where() {
    assert_eq!(
        message("(;FF[4]SZ[9];B[ee]))"),
        "1:20: not a readable SGF record: a `)` that closes no game tree"
    );
    assert_eq!(
        message("(;FF[4]SZ[9]\n;B[ee]W)"),
        "2:7: not a readable SGF record: a property identifier without a value"
    );
    assert_eq!(
        message("GNU Go wrote this (;SZ[9])"),
        "1:1: not a readable SGF record: text outside a game tree"
    );
    assert_eq!(
        message("(;FF[4]SZ[9];B[ee]$)"),
        "1:19: not a readable SGF record: `$` where a property identifier was expected"
    );
}

#[test]
fn a_game_other_than_go_is_refused() {
    assert_eq!(
        message("(;GM[2]FF[4];B[aa])"),
        "1:1: GM[2] is not Go: tengen reads Go records (GM[1]) only"
    );
}

#[test]
fn a_board_too_large_or_too_small_is_refused() {
    assert_eq!(
        message("(;GM[1]SZ[30];B[aa])"),
        "SZ[30]: tengen's boards run from 2x2 to 25x25"
    );
    assert_eq!(
        message("(;GM[1]SZ[1])"),
        "SZ[1]: tengen's boards run from 2x2 to 25x25"
    );
    // A size the rules do not offer.
    assert_eq!(
        message("(;GM[1]SZ[7]RU[Chinese];B[aa])"),
        "the record's rules: the record's 7x7 board is not offered by `go` (size=9|13|19); give other rules: `tengen replay RULESET FILE.sgf`"
    );
}

#[test]
fn a_move_off_the_board_names_its_node() {
    assert_eq!(
        message("(;GM[1]SZ[9]RU[Chinese]\n;B[ee]\n;W[jj])"),
        "3:1: node 2 of the main line: jj is off the 9x9 board"
    );
    assert_eq!(
        message("(;GM[1]SZ[9]RU[Chinese]\n;B[e])"),
        "2:1: node 1 of the main line: B[e] is not a point: SGF points are two letters, column then row"
    );
}

#[test]
fn conflicting_properties_are_refused() {
    assert_eq!(
        message("(;GM[1]SZ[9]RU[Chinese]\n;B[ee]W[cc])"),
        "2:1: node 1 of the main line: conflicting properties: a node holds one move, and this one has both B and W"
    );
    assert_eq!(
        message("(;GM[1]SZ[9]RU[Chinese]AB[cc]AW[cc])"),
        "1:2: node 0 of the main line: conflicting properties: cc is set up twice in one node"
    );
    assert_eq!(
        message("(;GM[1]SZ[9]RU[Chinese]\n;B[ee]\n;AB[cc]W[dd])"),
        "3:1: node 2 of the main line: conflicting properties: setup (AB, AW, AE) and a move in one node"
    );
}

#[test]
fn an_illegal_move_stops_with_the_node_and_the_rule() {
    let e = error("(;GM[1]SZ[9]RU[Chinese]\n;B[ee]\n;W[ee])");
    let SgfError::Refused {
        node,
        line,
        column,
        text,
        ..
    } = &e
    else {
        panic!("{e}");
    };
    assert_eq!((*node, *line, *column, text.as_str()), (2, 3, 1, "W[ee]"));
    assert!(
        e.to_string()
            .starts_with("3:1: node 2 of the main line: W[ee] refused: "),
        "{e}"
    );
    // Two moves of one colour: SGF allows them, the rules of Go do not.
    let e = message("(;GM[1]SZ[9]RU[Chinese]\n;B[ee]\n;B[cc])");
    assert!(
        e.starts_with("3:1: node 2 of the main line: B[cc] refused: "),
        "{e}"
    );
    // A private action that does not parse, or names no seat.
    assert_eq!(
        message("(;GM[1]SZ[9]TGR[go]TGO[size=9]\n;TGA[P1: jump])"),
        "2:1: node 1 of the main line: TGA[P1: jump]: `jump` is neither a point nor an action: write a point like D4, or one of pass, pass-move, mark, unmark, accept, resume, resign, button, claim, declare, pay"
    );
}

#[test]
fn a_tengen_record_of_an_unknown_ruleset_asks_for_the_file() {
    assert_eq!(
        message("(;GM[1]SZ[9]TGR[/etc/passwd])"),
        "the record's rules: the record was played under `/etc/passwd`, which is not a bundled ruleset: give its file (`tengen replay RULESET FILE.sgf`)"
    );
}

/// Twelve pieces picked at random (a xorshift of `seed`), one after another.
fn garbage(pieces: &[&[u8]], seed: &mut u64) -> Vec<u8> {
    let mut bytes = Vec::new();
    for _ in 0..12 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        bytes.extend_from_slice(pieces[(*seed % pieces.len() as u64) as usize]);
    }
    bytes
}

#[test]
fn garbage_never_panics() {
    let pieces = [
        "(",
        ")",
        ";",
        "B[",
        "]",
        "ee",
        "W[cc]",
        "AB[aa:cc]",
        "SZ[9]",
        "SZ[0]",
        "GM[1]",
        "\\",
        "TGA[P1: pass]",
        "TGR[go]",
        "KM[x]",
        "HA[3]",
        "AE[ab]",
        "B[tt]",
        "(;",
        ";B[]",
        "PL[W]",
        "SZ[25:2]",
        "AW[zz]",
        "é",
        "\n",
    ];
    let pieces: Vec<&[u8]> = pieces.iter().map(|p| p.as_bytes()).collect();
    let mut seed = 7u64;
    for _ in 0..3000 {
        let text = String::from_utf8(garbage(&pieces, &mut seed)).expect("pieces of text");
        let _ = read_sgf(&text, RulesChoice::FromRecord(tengen_variants::library()));
    }
    // As bytes, with character sets and bytes no character set has.
    let pieces: [&[u8]; 12] = [
        b"(;",
        b")",
        b"CA[",
        b"GB2312]",
        b"Shift_JIS]",
        b"UTF-8]",
        b"\xff",
        b"\x95\\",
        b"\xef\xbb\xbf",
        b"PB[",
        b"]",
        b";B[ee]",
    ];
    for _ in 0..3000 {
        let bytes = garbage(&pieces, &mut seed);
        let _ =
            tengen_sgf::read_sgf_bytes(&bytes, RulesChoice::FromRecord(tengen_variants::library()));
    }
}

#[test]
fn a_komi_the_rules_refuse_is_named_as_the_komi() {
    // Once reported as a 9x9 board `go` does not offer.
    assert_eq!(
        message("(;GM[1]FF[4]SZ[9]KM[7.25];B[ee])"),
        "KM[7.25]: `go` does not take this komi: 7.25 must be a multiple of 0.5"
    );
    assert_eq!(
        message("(;GM[1]FF[4]SZ[9]KM[1e10];B[ee])"),
        "KM[10000000000]: `go` does not take this komi: 10000000000 is too large: the most allowed is 1000.0"
    );
    assert!(matches!(
        error("(;GM[1]FF[4]SZ[19]KM[inf];B[ee])"),
        SgfError::Komi { .. }
    ));
    // A komi that is not a number at all: the ruleset's komi, with a
    // warning that names KM.
    let imported = read_sgf(
        "(;GM[1]FF[4]SZ[9]KM[abc];B[ee])",
        RulesChoice::FromRecord(tengen_variants::library()),
    )
    .expect("read");
    assert!(
        imported
            .warnings
            .iter()
            .any(|w| w == "KM[abc] is not a number: the komi of `go` is used instead"),
        "{:?}",
        imported.warnings
    );
}

#[test]
fn a_character_set_tengen_does_not_know_is_named() {
    let refused = |bytes: &[u8]| {
        tengen_sgf::read_sgf_bytes(bytes, RulesChoice::FromRecord(tengen_variants::library()))
            .map(|i| i.game.record().len())
            .expect_err("the record is refused")
    };
    let e = refused(b"(;GM[1]FF[4]CA[Klingon]SZ[9];B[ee])");
    assert!(matches!(&e, SgfError::Charset { charset, .. } if charset == "Klingon"));
    assert_eq!(
        e.to_string(),
        "CA[Klingon]: not a character set tengen knows: name one such as UTF-8, ISO-8859-1, GB2312, Shift_JIS, Big5 or EUC-KR"
    );
    assert!(
        refused(b"(;GM[1]CA[UTF-16];B[ee])")
            .to_string()
            .starts_with("CA[UTF-16]: tengen reads records in a character set that writes")
    );
}
