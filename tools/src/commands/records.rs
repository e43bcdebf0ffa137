//! Game records in the three forms tengen reads and writes: SGF, the move
//! notation (one move per line), and conformance scenarios (TOML). Shared
//! by `replay`, `play --from`, `play`'s `save` and `convert`.

use super::Failure;
use std::path::Path;
use std::sync::Arc;
use tengen_conformance::Scenario;
use tengen_core::notation::parse_line;
use tengen_core::record::{format_record, play_line};
use tengen_core::{Game, Rules};
use tengen_sgf::{GameInfo, RulesChoice, SgfError, read_sgf_bytes, write_sgf};

/// The largest record read.
const MAX_RECORD_BYTES: u64 = 64 << 20;

/// A record's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// An SGF file (`.sgf`, or text that begins with `(`).
    Sgf,
    /// A conformance scenario (`.toml`).
    Scenario,
    /// The move notation, one move per line.
    Notation,
}

impl Form {
    /// The form of `path` from its name, or from its bytes when the name
    /// does not say (an SGF record begins with `(`, after a byte-order mark
    /// and white space).
    pub(crate) fn of(path: &str, bytes: Option<&[u8]>) -> Form {
        let lower = path.to_ascii_lowercase();
        let sgf = |b: &[u8]| {
            b.strip_prefix(b"\xef\xbb\xbf")
                .unwrap_or(b)
                .trim_ascii_start()
                .starts_with(b"(")
        };
        if lower.ends_with(".sgf") {
            Form::Sgf
        } else if lower.ends_with(".toml") {
            Form::Scenario
        } else if bytes.is_some_and(sgf) {
            Form::Sgf
        } else {
            Form::Notation
        }
    }
}

/// A game read from a record, with what an SGF record said besides.
pub(crate) struct Loaded {
    pub(crate) game: Game,
    pub(crate) info: GameInfo,
}

/// Reads a file (`-` for standard input), at most [`MAX_RECORD_BYTES`]:
/// its bytes, for an SGF record names its character set.
pub(crate) fn read_bytes(file: &str) -> Result<Vec<u8>, Failure> {
    use std::io::Read;
    let mut bytes = Vec::new();
    let outcome = if file == "-" {
        std::io::stdin()
            .take(MAX_RECORD_BYTES + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(file).and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes))
    };
    outcome.map_err(|e| Failure::Message(format!("cannot read {file}: {e}")))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(Failure::Message(format!(
            "{file} is larger than {MAX_RECORD_BYTES} bytes; records are limited to that size"
        )));
    }
    Ok(bytes)
}

/// The text of a record's bytes (the move notation and scenarios are
/// UTF-8).
pub(crate) fn utf8(file: &str, bytes: Vec<u8>) -> Result<String, Failure> {
    String::from_utf8(bytes).map_err(|e| {
        Failure::Message(format!(
            "{file} is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// An SGF error, named with its file (`FILE:LINE:COLUMN: ...`).
pub(crate) fn sgf_failure(file: &str, error: &SgfError) -> Failure {
    let text = error.to_string();
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        Failure::Message(format!("{file}:{text}"))
    } else {
        Failure::Message(format!("{file}: {text}"))
    }
}

/// Reads the game of a record. `ruleset` (with `options`) gives the rules:
/// needed for the move notation, and for SGF it replaces the rules the
/// record names. Warnings go to standard error.
pub(crate) fn load(
    file: &str,
    ruleset: Option<&str>,
    options: &[String],
) -> Result<Loaded, Failure> {
    let bytes = read_bytes(file)?;
    load_bytes(file, bytes, ruleset, options)
}

/// [`load`] for a record already read from `file`.
pub(crate) fn load_bytes(
    file: &str,
    bytes: Vec<u8>,
    ruleset: Option<&str>,
    options: &[String],
) -> Result<Loaded, Failure> {
    let rules = ruleset.map(|r| super::assemble(r, options)).transpose()?;
    match Form::of(file, Some(&bytes)) {
        Form::Sgf => {
            let choice = match &rules {
                Some(rules) => RulesChoice::Given(rules),
                None => RulesChoice::FromRecord(tengen_variants::library()),
            };
            let imported = read_sgf_bytes(&bytes, choice).map_err(|e| sgf_failure(file, &e))?;
            for warning in &imported.warnings {
                errln!("warning: {file}: {warning}");
            }
            Ok(Loaded {
                game: imported.game,
                info: imported.info,
            })
        }
        Form::Scenario => {
            let text = utf8(file, bytes)?;
            let scenario = Scenario::read_moves(&text)
                .map_err(|e| Failure::Message(format!("{file}: {e}")))?;
            let dir = Path::new(file).parent().unwrap_or(Path::new("."));
            let game = scenario
                .play_through(tengen_variants::library(), dir)
                .map_err(|e| Failure::Message(format!("{file}: {e}")))?;
            Ok(Loaded {
                game,
                info: GameInfo::default(),
            })
        }
        Form::Notation => {
            let text = utf8(file, bytes)?;
            let rules = match rules {
                Some(rules) => rules,
                None => match named_rules(file, &text)? {
                    Some((id, header)) => super::assemble(&id, &with_given(header, options))?,
                    None => {
                        return Err(Failure::Message(format!(
                            "{file} is in the move notation and names no rules (tengen's records start with `{HEADER}ID`): give its ruleset (`tengen play RULESET --from FILE`, `tengen convert FILE OUT --ruleset RULESET`)"
                        )));
                    }
                },
            };
            let game = play_notation(file, &text, &rules)?;
            Ok(Loaded {
                game,
                info: GameInfo::default(),
            })
        }
    }
}

/// Plays a record in the move notation; an error names the line and column.
fn play_notation(file: &str, text: &str, rules: &Arc<Rules>) -> Result<Game, Failure> {
    let mut game = Game::new(Arc::clone(rules));
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = parse_line(&game.rules().geometry, raw)
            .map_err(|e| Failure::Message(format!("{file}:{number}:{}: {e}", e.column + 1)))?;
        if line.actions.is_empty() {
            continue;
        }
        play_line(&mut game, &line).map_err(|refusal| {
            Failure::Message(format!("{file}:{number}:{}: {refusal}", refusal.column + 1))
        })?;
    }
    Ok(game)
}

/// The first line of a record in the move notation that tengen writes:
/// `# tengen record: ruleset ID --option A --option B`.
const HEADER: &str = "# tengen record: ruleset ";

/// The ruleset a record in the move notation names in its header (see
/// [`render`]), with its options; `None` when it has no such header. The
/// id must be a bundled ruleset: a record of a ruleset from a file names
/// only its id, so that file has to be given.
pub(crate) fn named_rules(
    file: &str,
    text: &str,
) -> Result<Option<(String, Vec<String>)>, Failure> {
    let Some(rest) = text.lines().next().and_then(|l| l.strip_prefix(HEADER)) else {
        return Ok(None);
    };
    let mut words = rest.split_whitespace();
    let Some(id) = words.next() else {
        return Ok(None);
    };
    let mut options = Vec::new();
    while let Some(word) = words.next() {
        match (word, words.next()) {
            ("--option", Some(option)) => options.push(option.to_string()),
            _ => {
                return Err(Failure::Message(format!(
                    "{file}:1: the header names its options as `--option NAME[=VALUE]`, not `{word}`"
                )));
            }
        }
    }
    if !tengen_variants::library()
        .bundled()
        .iter()
        .any(|b| b.id == id)
    {
        return Err(Failure::Message(format!(
            "{file}: the record was played under `{id}`, which is not a bundled ruleset: give its file (`tengen replay RULESET_FILE {file}`)"
        )));
    }
    Ok(Some((id.to_string(), options)))
}

/// The options of a record's header with those given on the command line:
/// an option given there replaces the header's option of the same name.
pub(crate) fn with_given(header: Vec<String>, given: &[String]) -> Vec<String> {
    let name = |o: &str| o.split('=').next().unwrap_or_default().trim().to_string();
    let given_names: Vec<String> = given.iter().map(|o| name(o)).collect();
    header
        .into_iter()
        .filter(|o| !given_names.contains(&name(o)))
        .chain(given.iter().cloned())
        .collect()
}

/// The text of `game` in `form`.
pub(crate) fn render(game: &Game, info: &GameInfo, form: Form) -> String {
    let ruleset = &game.rules().ruleset;
    match form {
        Form::Sgf => write_sgf(game, info),
        Form::Notation => {
            let mut header = format!("{HEADER}{}", ruleset.meta.id);
            for option in &ruleset.applied {
                header.push_str(&format!(" --option {option}"));
            }
            format!("{header}\n{}", format_record(game))
        }
        Form::Scenario => scenario_text(game),
    }
}

/// A scenario skeleton holding a game's moves: the rule and source left
/// for the author to state.
fn scenario_text(game: &Game) -> String {
    let ruleset = &game.rules().ruleset;
    let quote = |s: &str| format!("{s:?}");
    let mut out = String::from(
        "# Written by `tengen convert`: state the rule these moves check and cite its\n\
         # source before adding the file to the conformance suite.\n\
         rule = \"\"\nsource = \"\"\n",
    );
    out.push_str(&format!("ruleset = {}\n", quote(&ruleset.meta.id)));
    let options: Vec<String> = ruleset.applied.iter().map(|o| quote(o)).collect();
    out.push_str(&format!("options = [{}]\n", options.join(", ")));
    let (stones, first) = game.start();
    if !stones.is_empty() {
        let g = &game.rules().geometry;
        // A hole of the grid stays blank: diagrams give only the points.
        let mut rows: Vec<Vec<char>> = (0..g.height())
            .map(|row| {
                (0..g.width())
                    .map(|column| g.point_at(column, row).map_or(' ', |_| '.'))
                    .collect()
            })
            .collect();
        for &(p, colour) in stones {
            let (column, row) = g.grid_position(p);
            rows[row][column] = match colour {
                tengen_core::Colour::Black => 'X',
                tengen_core::Colour::White => 'O',
            };
        }
        let start: String = rows
            .iter()
            .map(|r| r.iter().collect::<String>().trim_end().to_string() + "\n")
            .collect();
        out.push_str(&format!("start = \"\"\"\n{start}\"\"\"\n"));
    }
    if let Some(first) = first {
        out.push_str(&format!("first = {}\n", quote(first.short_name())));
    }
    for line in format_record(game).lines() {
        out.push_str(&format!("\n[[step]]\nplay = {}\n", quote(line)));
    }
    out
}

/// Writes `game` to `file` (`-` for standard output) in the form its name
/// says (SGF for `.sgf`, a scenario for `.toml`, else the notation).
pub(crate) fn save(game: &Game, info: &GameInfo, file: &str) -> Result<(), String> {
    let text = render(game, info, Form::of(file, None));
    if file == "-" {
        out!("{text}");
        return Ok(());
    }
    std::fs::write(file, text).map_err(|e| format!("cannot write {file}: {e}"))
}
