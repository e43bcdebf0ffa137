//! Live analysis over GTP as Sabaki drives it: the commands Sabaki sends
//! when it attaches an engine and shows its analysis (`list_commands` to
//! find `kata-analyze`, the board set up, `kata-analyze COLOUR INTERVAL`
//! while the user thinks, then the user's move, which stops it), sent to
//! a running `tengen gtp` one at a time, each line of output read as it
//! comes. Every analysis line is checked field by field in the formats
//! KataGo's and Leela Zero's GTP extensions document.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running `tengen gtp`, its input and its output read line by line.
struct Gtp {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gtp {
    fn start() -> Gtp {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(["gtp", "--seed", "3", "--threads", "2"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("tengen runs");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Gtp {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the engine reads");
        self.input.flush().expect("the engine reads");
    }

    fn line(&mut self) -> String {
        let mut line = String::new();
        let read = self.output.read_line(&mut line).expect("the engine writes");
        assert!(read > 0, "the engine ended its output");
        line.trim_end_matches('\n').to_string()
    }

    /// Sends an ordinary command and reads its whole response.
    fn command(&mut self, line: &str) -> String {
        self.send(line);
        let mut response = self.line();
        loop {
            let next = self.line();
            if next.is_empty() {
                return response;
            }
            response.push('\n');
            response.push_str(&next);
        }
    }
}

/// One candidate of an analysis line: its fields, then its line of play.
#[derive(Debug)]
struct Info {
    fields: Vec<(String, String)>,
    pv: Vec<String>,
}

impl Info {
    fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    fn number(&self, key: &str) -> f64 {
        self.get(key)
            .unwrap_or_else(|| panic!("no `{key}` in {self:?}"))
            .parse()
            .unwrap_or_else(|_| panic!("`{key}` is not a number in {self:?}"))
    }
}

/// Splits an analysis line into its candidates and its ownership (if any).
fn parse(line: &str) -> (Vec<Info>, Option<Vec<f64>>) {
    let mut words = line.split(' ').peekable();
    let mut infos = Vec::new();
    let mut ownership = None;
    while let Some(word) = words.next() {
        match word {
            "info" => {
                let mut info = Info {
                    fields: Vec::new(),
                    pv: Vec::new(),
                };
                while let Some(key) = words.next() {
                    if key == "pv" {
                        while let Some(v) = words.next_if(|w| *w != "info" && *w != "ownership") {
                            info.pv.push(v.to_string());
                        }
                        break;
                    }
                    let value = words.next().expect("a value after its key");
                    info.fields.push((key.to_string(), value.to_string()));
                }
                infos.push(info);
            }
            "ownership" => {
                ownership = Some(
                    words
                        .by_ref()
                        .map(|w| w.parse::<f64>().expect("ownership is numbers"))
                        .collect(),
                );
            }
            other => panic!("`{other}` starts no part of an analysis line: {line}"),
        }
    }
    (infos, ownership)
}

/// Whether `word` names a point of a 9x9 board (columns skip I) or is a
/// pass.
fn is_vertex(word: &str) -> bool {
    if word == "pass" {
        return true;
    }
    let mut chars = word.chars();
    let column = chars.next().unwrap_or(' ');
    let row: u32 = chars.as_str().parse().unwrap_or(0);
    "ABCDEFGHJ".contains(column) && (1..=9).contains(&row)
}

/// Reads analysis lines until `count` have come, checking each.
fn analysis_lines(gtp: &mut Gtp, count: usize, kata: bool) -> Vec<(Vec<Info>, Option<Vec<f64>>)> {
    let mut lines = Vec::new();
    while lines.len() < count {
        let line = gtp.line();
        assert!(!line.is_empty(), "the analysis ended by itself");
        let (infos, ownership) = parse(&line);
        assert!(!infos.is_empty(), "{line}");
        for (order, info) in infos.iter().enumerate() {
            let mv = info.get("move").expect("a move");
            assert!(is_vertex(mv), "{mv}");
            assert_eq!(info.pv.first().map(String::as_str), Some(mv), "{info:?}");
            assert!(info.pv.iter().all(|v| is_vertex(v)), "{info:?}");
            assert_eq!(info.number("order"), order as f64);
            assert!(info.number("visits") >= 1.0);
            let (top, keys): (f64, &[&str]) = if kata {
                (1.0, &["winrate", "prior", "lcb"])
            } else {
                (10_000.0, &["winrate", "prior", "lcb"])
            };
            for key in keys {
                let value = info.number(key);
                assert!((0.0..=top).contains(&value), "{key} {value}");
                if !kata {
                    assert_eq!(value.fract(), 0.0, "lz rates are whole");
                }
            }
            assert!(info.number("lcb") <= info.number("winrate"));
            if kata {
                assert_eq!(info.number("scoreLead"), info.number("scoreMean"));
                assert!(info.number("scoreLead").abs() <= 81.0 + 7.0);
            } else {
                assert!(info.get("scoreLead").is_none());
            }
        }
        assert!(
            infos
                .windows(2)
                .all(|w| w[0].number("visits") >= w[1].number("visits")),
            "most visited first: {line}"
        );
        lines.push((infos, ownership));
    }
    lines
}

#[test]
fn sabaki_attaches_and_shows_live_analysis() {
    let mut gtp = Gtp::start();
    assert_eq!(gtp.command("name"), "= tengen");
    assert_eq!(gtp.command("protocol_version"), "= 2");
    let commands = gtp.command("list_commands");
    assert!(commands.lines().any(|c| c == "kata-analyze"), "{commands}");
    assert!(commands.lines().any(|c| c == "lz-analyze"), "{commands}");
    assert_eq!(gtp.command("known_command kata-analyze"), "= true");
    assert_eq!(gtp.command("boardsize 9"), "=");
    assert_eq!(gtp.command("clear_board"), "=");
    assert_eq!(gtp.command("komi 7"), "=");
    assert_eq!(gtp.command("play B E5"), "=");

    // White to move: analysis with ownership, every 5 centiseconds.
    gtp.send("kata-analyze W 5 ownership true");
    assert_eq!(gtp.line(), "=");
    let lines = analysis_lines(&mut gtp, 3, true);
    for (_, ownership) in &lines {
        let ownership = ownership.as_ref().expect("ownership was asked for");
        assert_eq!(ownership.len(), 81);
        assert!(ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
        // Row by row from the top left: E5 is the 41st cell, Black's
        // stone, mostly the opponent's from White's side.
        assert!(ownership[4 * 9 + 4] < -0.5, "{}", ownership[4 * 9 + 4]);
    }
    let total = |infos: &Vec<Info>| infos.iter().map(|i| i.number("visits")).sum::<f64>();
    assert!(
        total(&lines[2].0) > total(&lines[0].0),
        "the search goes on"
    );

    // The user plays: the command stops the analysis, whose response ends
    // with its empty line, and is then carried out.
    gtp.send("play W C3");
    loop {
        let line = gtp.line();
        if line.is_empty() {
            break;
        }
        parse(&line);
    }
    assert_eq!(gtp.line(), "=");
    assert_eq!(gtp.line(), "");

    // Leela Zero's format, with an id, stopped by an empty line.
    gtp.send("7 lz-analyze B 5 maxmoves 4");
    assert_eq!(gtp.line(), "=7");
    for (infos, ownership) in analysis_lines(&mut gtp, 2, false) {
        assert!(infos.len() <= 4);
        assert!(ownership.is_none());
    }
    gtp.send("");
    loop {
        if gtp.line().is_empty() {
            break;
        }
    }
    // The position is as it was: Black to move after White's C3.
    assert_eq!(gtp.command("play B D4"), "=");
    assert_eq!(
        gtp.command("lz-analyze W 5 ownership true"),
        "? syntax error: `ownership` is not a key this engine knows (usage: lz-analyze [COLOUR] [INTERVAL] [interval N] [maxmoves N] [minmoves N])"
    );
    assert_eq!(gtp.command("kata-analyze B 5"), "? it is white's turn");
    assert_eq!(gtp.command("quit"), "=");
    let status = gtp.child.wait().expect("the engine ends");
    assert!(status.success());
}
