//! A pass over the text that finds where things are: the offset of every
//! node (in document order, which is the order of a tree walk that visits
//! a node before its children and the first child first), and the first
//! place where the text stops being SGF. The parser crate reads the
//! records; this only gives its findings a line and a column.

/// What the scan found.
pub(crate) struct Scan {
    /// The byte offset of each node's `;`, in document order.
    pub(crate) nodes: Vec<usize>,
    /// The first structural fault: its byte offset and what is wrong.
    pub(crate) fault: Option<(usize, String)>,
}

/// Scans `text`.
pub(crate) fn scan(text: &str) -> Scan {
    let mut nodes = Vec::new();
    let mut depth = 0usize;
    let mut trees = 0usize;
    let mut open_value: Option<usize> = None;
    let mut escaped = false;
    let mut identifier: Option<usize> = None;
    let fault = |offset: usize, message: &str| Some((offset, message.to_string()));
    for (offset, c) in text.char_indices() {
        if let Some(start) = open_value {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                ']' => open_value = None,
                _ => {}
            }
            let _ = start;
            continue;
        }
        match c {
            '[' => {
                if identifier.is_none()
                    && !matches!(text[..offset].trim_end().chars().last(), Some(']'))
                {
                    return Scan {
                        nodes,
                        fault: fault(
                            offset,
                            "a property value without a property identifier before it",
                        ),
                    };
                }
                if depth == 0 || nodes.is_empty() {
                    return Scan {
                        nodes,
                        fault: fault(offset, "a property outside a node"),
                    };
                }
                identifier = None;
                open_value = Some(offset);
            }
            '(' | ')' | ';' if identifier.is_some() => {
                let start = identifier.unwrap_or(offset);
                return Scan {
                    nodes,
                    fault: fault(start, "a property identifier without a value"),
                };
            }
            '(' => {
                depth += 1;
                if depth == 1 {
                    trees += 1;
                }
            }
            ')' => {
                if depth == 0 {
                    return Scan {
                        nodes,
                        fault: fault(offset, "a `)` that closes no game tree"),
                    };
                }
                depth -= 1;
            }
            ';' => {
                if depth == 0 {
                    return Scan {
                        nodes,
                        fault: fault(offset, "a node outside a game tree"),
                    };
                }
                nodes.push(offset);
            }
            c if c.is_ascii_alphabetic() => {
                if depth == 0 {
                    return Scan {
                        nodes,
                        fault: fault(offset, "text outside a game tree"),
                    };
                }
                identifier.get_or_insert(offset);
            }
            c if c.is_whitespace() => {}
            _ if depth == 0 => {
                return Scan {
                    nodes,
                    fault: fault(offset, "text outside a game tree"),
                };
            }
            _ => {
                return Scan {
                    nodes,
                    fault: fault(
                        offset,
                        &format!("`{c}` where a property identifier was expected"),
                    ),
                };
            }
        }
    }
    let fault = if let Some(start) = open_value {
        fault(
            start,
            "the record ends inside this property value: `]` missing",
        )
    } else if let Some(start) = identifier {
        fault(
            start,
            "the record ends after a property identifier without a value",
        )
    } else if depth > 0 {
        Some((
            text.len(),
            format!("the record ends inside a game tree: {depth} `)` missing"),
        ))
    } else if trees == 0 {
        Some((
            0,
            "no game tree: an SGF record begins with `(;`".to_string(),
        ))
    } else {
        None
    };
    Scan { nodes, fault }
}

/// The line and column (both from 1, the column in characters) of a byte
/// offset.
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_found_in_document_order() {
        let s = scan("(;FF[4]C[a;b]\n(;B[aa])(;B[bb];W[cc]))");
        assert_eq!(s.nodes, [1, 15, 23, 29]);
        assert!(s.fault.is_none());
    }

    #[test]
    fn faults_have_positions() {
        let at = |t: &str| scan(t).fault.map(|(o, m)| (line_column(t, o), m));
        assert_eq!(
            at("(;B[aa]"),
            Some((
                (1, 8),
                "the record ends inside a game tree: 1 `)` missing".into()
            ))
        );
        assert_eq!(
            at("(;B[aa];W[bb"),
            Some((
                (1, 10),
                "the record ends inside this property value: `]` missing".into()
            ))
        );
        assert_eq!(at("(;B[aa]))").map(|x| x.0), Some((1, 9)));
        assert_eq!(at("(;FF[4]\n;B)").map(|x| x.0), Some((2, 2)));
        assert_eq!(at("hello").map(|x| x.0), Some((1, 1)));
        assert_eq!(
            at("").map(|x| x.1),
            Some("no game tree: an SGF record begins with `(;`".into())
        );
        assert!(at("(;FF[4]AB[aa][bb]C[x\\]y])").is_none());
    }
}
