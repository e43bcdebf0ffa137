//! Comments survive import and export: on the root, on moves, and on
//! nodes without a move (a comment between moves, a setup node's), each
//! node in its place. What cannot be kept where it was is said.

use sgf_parse::go::Prop;
use sgf_parse::{GameTree, SgfNode};
use tengen_sgf::{Imported, RulesChoice, read_sgf, write_sgf};

fn read(text: &str) -> Imported {
    read_sgf(text, RulesChoice::FromRecord(tengen_variants::library()))
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Each node of the main line as its move (`B[ee]`, `W[]`, or empty) and
/// its comment.
fn nodes(text: &str) -> Vec<(String, String)> {
    let Some(GameTree::GoGame(root)) = sgf_parse::parse(text).unwrap().into_iter().next() else {
        panic!("a Go record");
    };
    root.main_variation()
        .map(|node: &SgfNode<Prop>| {
            let shown = node.get_move().map(|m| m.to_string()).unwrap_or_default();
            let comment = match node.get_property("C") {
                Some(Prop::C(text)) => text.text.clone(),
                _ => String::new(),
            };
            (shown, comment)
        })
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|&(m, c)| (m.to_string(), c.to_string()))
        .collect()
}

#[test]
fn comments_on_nodes_without_a_move_keep_their_nodes() {
    // Once the comment-only nodes were merged into the next move (two `C`
    // in one node) and the last one was lost.
    let record = "(;GM[1]FF[4]SZ[9]RU[Chinese]C[the root]\n;C[before any move]\n;B[ee]C[on E5]\n;C[between]\n;C[and again]\n;W[cc]\n;B[gg]C[on G3]\n;C[after the last move])";
    let imported = read(record);
    assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
    let text = write_sgf(&imported.game, &imported.info);
    let expected = pairs(&[
        ("", "the root"),
        ("", "before any move"),
        ("B[ee]", "on E5"),
        ("", "between"),
        ("", "and again"),
        ("W[cc]", ""),
        ("B[gg]", "on G3"),
        ("", "after the last move"),
    ]);
    assert_eq!(nodes(&text), expected, "{text}");
    // Read again and written again: the same record.
    let again = read(&text);
    assert!(again.by_tengen);
    assert_eq!(write_sgf(&again.game, &again.info), text);
}

#[test]
fn a_record_of_ten_thousand_comments_keeps_them_all() {
    // Once 99,990 comments became a record of none.
    let mut record = String::from("(;GM[1]FF[4]SZ[9]RU[Chinese]C[root]");
    let moves = ["ee", "cc", "gg", "cg", "gc"];
    let mut count = 1;
    for (i, m) in moves.iter().enumerate() {
        for k in 0..1_999 {
            record.push_str(&format!(";C[note {i}.{k}]"));
            count += 1;
        }
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        record.push_str(&format!(";{colour}[{m}]C[move {i}]"));
        count += 1;
    }
    record.push_str(";C[the end])");
    count += 1;
    assert_eq!(count, 10_002);
    let imported = read(&record);
    assert_eq!(imported.game.record().len(), 5);
    let text = write_sgf(&imported.game, &imported.info);
    let written: Vec<(String, String)> = nodes(&text)
        .into_iter()
        .filter(|(_, c)| !c.is_empty())
        .collect();
    let read_in: Vec<(String, String)> = nodes(&record)
        .into_iter()
        .filter(|(_, c)| !c.is_empty())
        .collect();
    assert_eq!(written.len(), count);
    assert_eq!(written, read_in);
    // A record of comments and no move at all.
    let mut record = String::from("(;GM[1]FF[4]SZ[19]RU[Chinese]");
    for k in 0..10_000 {
        record.push_str(&format!(";C[comment {k}]"));
    }
    record.push(')');
    let imported = read(&record);
    assert!(imported.game.record().is_empty());
    let text = write_sgf(&imported.game, &imported.info);
    assert_eq!(nodes(&text), nodes(&record));
    assert_eq!(text.matches(";C[comment ").count(), 10_000);
}

#[test]
fn a_setup_node_keeps_its_comment_and_the_earlier_comments() {
    // A setup node in the middle of a plain record starts the game again
    // from its position: the comments of the moves before it have no move
    // to stay on, and are kept as nodes of their own, in order.
    let record = "(;GM[1]FF[4]SZ[9]RU[Chinese]C[root];B[ee]C[b1];W[cc]C[w1];C[before setup];AB[aa]C[setup];C[after setup];B[gg]C[b2];C[end])";
    let imported = read(record);
    assert!(
        imported.warnings.iter().any(|w| w
            == "node 4: the comments and properties of the 3 earlier node(s) that had them are kept as nodes of their own at the start"),
        "{:?}",
        imported.warnings
    );
    let text = write_sgf(&imported.game, &imported.info);
    assert_eq!(
        nodes(&text),
        pairs(&[
            ("", "root"),
            ("", "b1"),
            ("", "w1"),
            ("", "before setup"),
            ("", "setup"),
            ("", "after setup"),
            ("B[gg]", "b2"),
            ("", "end"),
        ]),
        "{text}"
    );
}

#[test]
fn a_comment_on_a_move_that_resumes_play_stays_on_its_stone() {
    let record =
        "(;GM[1]FF[4]SZ[9]RU[Chinese];B[ee];W[]C[pass];B[]C[and pass];W[cc]C[play on];B[gg])";
    let imported = read(record);
    let text = write_sgf(&imported.game, &imported.info);
    let written: Vec<(String, String)> = nodes(&text)
        .into_iter()
        .filter(|(_, c)| !c.is_empty())
        .collect();
    assert_eq!(
        written,
        pairs(&[("W[]", "pass"), ("B[]", "and pass"), ("W[cc]", "play on")]),
        "{text}"
    );
}
