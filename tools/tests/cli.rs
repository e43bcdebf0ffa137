//! The `tengen` command as a user meets it: exit codes, and the messages a
//! person reads for good and bad input.

use std::io::Write;
use std::process::{Command, Stdio};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `tengen` in `tests/fixtures` with `args` and optional standard input.
fn tengen(args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tengen runs");
    let mut input = child.stdin.take().expect("stdin");
    input
        .write_all(stdin.unwrap_or("").as_bytes())
        .expect("writes stdin");
    drop(input);
    let out = child.wait_with_output().expect("tengen finishes");
    Run {
        code: out.status.code().expect("an exit code"),
        stdout: String::from_utf8(out.stdout).expect("utf-8"),
        stderr: String::from_utf8(out.stderr).expect("utf-8"),
    }
}

fn fails_with(run: &Run, needles: &[&str]) {
    assert_eq!(run.code, 1, "exit code; stderr:\n{}", run.stderr);
    for needle in needles {
        assert!(
            run.stderr.contains(needle),
            "missing `{needle}` in:\n{}",
            run.stderr
        );
    }
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

#[test]
fn validate_accepts_good_rulesets() {
    let run = tengen(
        &[
            "validate",
            "good/small-go.toml",
            "good/small-tromp-taylor.toml",
            "go",
            "tromp-taylor",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "good/small-go.toml: ok\ngood/small-tromp-taylor.toml: ok\ngo: ok\ntromp-taylor: ok\n"
    );
}

/// The ruleset the book's tutorial builds (`book/src/authoring.md` includes
/// the file) validates with every option, and assembles what it says.
#[test]
fn validate_accepts_the_tutorial_ruleset() {
    let file = "../../../conformance/rulesets/snub-marseillais-mathematical-go.toml";
    let run = tengen(&["validate", file], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, format!("{file}: ok\n"));
    let run = tengen(&["show", file, "-o", "size=9"], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for needle in [
        "kind = \"snub-square\"\nwidth = 9\nheight = 9",
        "kind = \"periodic\"\npattern = \"0110\"",
        "kind = \"cannot-move-loses\"",
    ] {
        assert!(
            run.stdout.contains(needle),
            "missing `{needle}` in:\n{}",
            run.stdout
        );
    }
}

#[test]
fn validate_reports_a_toml_syntax_error_with_its_line() {
    let run = tengen(&["validate", "bad/syntax.toml"], None);
    fails_with(
        &run,
        &["error[toml-syntax]", "bad/syntax.toml:3:", "not valid TOML"],
    );
    insta::assert_snapshot!(tengen_conformance::without_registry_lists(&run.stderr));
}

#[test]
fn validate_reports_every_problem_at_once_with_file_line_and_key() {
    let run = tengen(&["validate", "bad/many-problems.toml"], None);
    fails_with(
        &run,
        &[
            "ruleset.id: \"Many Problems\" is not a valid name",
            "topology.width: 30 is too large: the most allowed is 25",
            "topology.height: expected an integer, found a string (\"nine\")",
            "unknown key `resolvr` at the top level",
            "did you mean `resolver`?",
            "repetition.kind: there is no RepetitionPolicy named `positional-superk`",
            "did you mean `positional-superko`?",
            "scorer.komi: 7.25 must be a multiple of 0.5",
            "objective.resignation: expected a boolean",
            "unknown key `sucide` in [objective]",
            "bad/many-problems.toml:8:9",
        ],
    );
    insta::assert_snapshot!(tengen_conformance::without_registry_lists(&run.stderr));
}

#[test]
fn validate_reports_a_missing_section() {
    let run = tengen(&["validate", "bad/missing-section.toml"], None);
    fails_with(
        &run,
        &[
            "error[missing-section]",
            "the ruleset has no [repetition] section",
            "error[missing-key]",
            "resolver.suicide: [resolver] needs a `suicide`",
        ],
    );
}

#[test]
fn validate_reports_a_cycle_of_extends() {
    let run = tengen(&["validate", "bad/cycle-a.toml"], None);
    fails_with(
        &run,
        &[
            "error[cyclic-extends]",
            "cycle-a.toml -> cycle-b.toml -> cycle-a.toml",
        ],
    );
}

#[test]
fn validate_reports_a_missing_parent() {
    let run = tengen(&["validate", "bad/missing-parent.toml"], None);
    fails_with(
        &run,
        &[
            "error[missing-extends]",
            "no bundled ruleset or file named `goo`",
            "did you mean `go`?",
        ],
    );
}

#[test]
fn validate_reports_a_cross_component_problem() {
    let run = tengen(&["validate", "bad/handicap-on-11.toml"], None);
    fails_with(
        &run,
        &[
            "opening.stones",
            "handicap stones are placed on 9x9, 13x13 and 19x19 boards only, not on 11x11",
        ],
    );
}

#[test]
fn validate_reports_malformed_options() {
    let run = tengen(&["validate", "bad/options.toml"], None);
    fails_with(
        &run,
        &[
            "`huge` is not an option of this ruleset",
            "an option gives exactly one of `patch`",
            "`komi` is not a parameter: write `section.key`",
            "the ruleset as written must describe its default choice, but choice `9` changes topology.width from 19 to 9",
        ],
    );
}

#[test]
fn contradictory_and_unknown_options_are_refused() {
    let run = tengen(
        &["show", "bad/options.toml", "-o", "small", "-o", "large"],
        None,
    );
    fails_with(
        &run,
        &["options `small` and `large` cannot be combined (given as `small` and `large`)"],
    );
    let run = tengen(&["show", "go", "-o", "sise=9"], None);
    fails_with(
        &run,
        &["this ruleset has no option `sise`", "did you mean `size`?"],
    );
    let run = tengen(&["show", "go", "-o", "size=10"], None);
    fails_with(
        &run,
        &["`10` is not a choice of option `size`: size=9|13|19"],
    );
    let run = tengen(&["show", "go", "-o", "komi=lots"], None);
    fails_with(
        &run,
        &[
            "on the command line: `komi=lots`",
            "scorer.komi: expected a number, found a string",
        ],
    );
    let run = tengen(&["show", "go", "-o", "size"], None);
    fails_with(&run, &["option `size` needs a value"]);
}

#[test]
fn an_unknown_ruleset_is_named_with_suggestions() {
    let run = tengen(&["play", "tromp-tailor"], None);
    fails_with(
        &run,
        &[
            "no bundled ruleset or file named `tromp-tailor`",
            "did you mean `tromp-taylor`?",
        ],
    );
}

#[test]
fn show_prints_the_resolved_composition() {
    let run = tengen(
        &["show", "tromp-taylor", "-o", "size=9", "-o", "komi=6.5"],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!(tengen_conformance::without_registry_lists(&run.stdout));
}

#[test]
fn explain_documents_rulesets_and_components() {
    let run = tengen(&["explain", "go"], None);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout
            .contains("Options (--option ...):\n  size=9|13|19 [default 19]")
    );
    let run = tengen(&["explain", "area"], None);
    assert!(
        run.stdout
            .contains("komi (number; required; -1000.0 to 1000.0, in steps of 0.5)"),
        "{}",
        run.stdout
    );
    let run = tengen(&["explain", "none"], None);
    assert!(
        run.stdout.contains("Opening `none`") && run.stdout.contains("RepetitionPolicy `none`")
    );
    let run = tengen(&["explain", "repetition/none"], None);
    assert!(!run.stdout.contains("Opening `none`"));
    let run = tengen(&["explain", "per-placment"], None);
    fails_with(
        &run,
        &[
            "nothing is called `per-placment`",
            "did you mean `per-placement`?",
        ],
    );
}

#[test]
fn play_reads_piped_moves_reports_refusals_and_scores() {
    let moves = "E5\nE5\nZ9\npas\nD5\nundo\nD5\npass\npass\nmark D5\nP2: mark D5\nP1: accept\nP2: accept\nE4\n";
    let run = tengen(&["play", "go", "-o", "size=9"], Some(moves));
    assert_eq!(run.code, 0, "{}", run.stderr);
    for needle in [
        "! `E5` refused: E5 is occupied",
        "! `Z9` is off the board: columns run from A to J, rows from 1 to 9",
        "! `pas` is not an action; did you mean `pass`?",
        "Took back the last line.",
        "! `mark D5` refused: both players may act now, so say who: `P1: mark D5` or `P2: mark D5`",
        "Game over: Black (Player 1) wins by 74 points (B+74).",
        "! `E4` refused: the game is over",
    ] {
        assert!(
            run.stdout.contains(needle),
            "missing `{needle}` in:\n{}",
            run.stdout
        );
    }
}

#[test]
fn replay_prints_the_result_or_the_line_of_the_first_refusal() {
    let run = tengen(
        &["replay", "go", "-", "-o", "size=9"],
        Some("E5\nD5\n\n# a comment\npass\npass\nP1: accept\nP2: accept\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("Game over: White (Player 2) wins by 7 points (W+7)."),
        "{}",
        run.stdout
    );
    let run = tengen(&["replay", "go", "-", "-o", "size=9"], Some("E5\nD5\nE5\n"));
    fails_with(&run, &["-:3:1: `E5` refused: E5 is occupied"]);
    let run = tengen(&["replay", "go", "-", "-o", "size=9"], Some("E5\nD5 xx\n"));
    fails_with(&run, &["-:2:4: `xx` is neither a point nor an action"]);
    let run = tengen(&["replay", "go", "no-such-record.txt"], None);
    fails_with(&run, &["cannot read no-such-record.txt"]);
}

#[test]
fn schema_check_spots_a_stale_file() {
    let run = tengen(
        &["schema", "--check", "../../../rulesets/ruleset.schema.json"],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = tengen(&["schema", "--check", "good/small-go.toml"], None);
    fails_with(
        &run,
        &["is stale: regenerate it with `cargo run --release -- schema --write"],
    );
}

/// The GNU Go games of `tests/data/gnugo`, written as move records (the
/// moves, one mark per string GNU Go called dead, both acceptances) and
/// replayed by `tengen replay go`: the printed result must be GNU Go's
/// `final_score` (shifted by the handicap compensation GNU Go gives White
/// under Chinese rules, which the `go` ruleset does not; see
/// `tests/tests/gnugo.rs`).
#[test]
fn replay_reproduces_gnu_go_scores() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/gnugo");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).expect("the GNU Go records") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let record: toml::Table = std::fs::read_to_string(&path).unwrap().parse().unwrap();
        let size = record["size"].as_integer().unwrap();
        let komi = record["komi"].as_float().unwrap();
        let handicap = record["handicap"].as_integer().unwrap();
        let mut options = vec![format!("size={size}")];
        if handicap > 0 {
            options.push(format!("handicap={handicap}"));
        }
        options.push(format!("komi={komi}"));
        // One stone per dead string: find the strings on the final board.
        let rules = tengen_variants::library().assemble("go", &options).unwrap();
        let g = rules.geometry.clone();
        let mut game = tengen_core::Game::new(rules);
        for line in record["moves"]
            .as_str()
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty())
        {
            let parsed = tengen_core::notation::parse_line(&g, line).unwrap();
            tengen_core::record::play_line(&mut game, &parsed).unwrap();
        }
        let mut text = record["moves"].as_str().unwrap().to_string();
        let mut marked = tengen_core::PointSet::default();
        for v in record["dead"].as_array().unwrap() {
            let p = g.parse_point(v.as_str().unwrap()).unwrap();
            if !marked.contains(p) {
                marked.extend(game.board().string_stones(p));
                text.push_str(&format!("P1: mark {}\n", g.name(p)));
            }
        }
        text.push_str("P1: accept\nP2: accept\n");
        let mut args = vec!["replay", "go", "-"];
        for o in &options {
            args.extend(["-o", o.as_str()]);
        }
        let run = tengen(&args, Some(&text));
        assert_eq!(run.code, 0, "{}: {}", path.display(), run.stderr);
        let gnugo = record["final-score"].as_str().unwrap();
        let margin = |r: &str| match r.split_once('+') {
            Some(("B", x)) => x.parse::<f64>().unwrap(),
            Some(("W", x)) => -x.parse::<f64>().unwrap(),
            _ => 0.0,
        };
        let expected = margin(gnugo) + handicap as f64;
        let result_line = run
            .stdout
            .lines()
            .find(|l| l.starts_with("Game over:"))
            .expect("a result line");
        let ours = result_line
            .rsplit_once('(')
            .and_then(|(_, r)| r.split_once(')'))
            .map(|(r, _)| r.to_string())
            .expect("a short result in parentheses");
        assert_eq!(
            margin(&ours),
            expected,
            "{}: tengen {ours}, GNU Go {gnugo}",
            path.display()
        );
        checked += 1;
    }
    assert!(checked >= 6);
}

#[test]
fn play_thue_morse_shows_the_tracker_the_facts_and_the_hex_index() {
    let moves = "K10\ndeclare handicap 1\nF5\nbutton\nF6 G6\nmark F5 pass-move\n";
    let run = tengen(
        &[
            "play",
            "thue-morse-go",
            "-o",
            "size=11",
            "-o",
            "handicap",
            "--hex-tracker",
        ],
        Some(moves),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    for needle in [
        "X = Red (Player 1), O = Blue (Player 2)",
        "Next placements: R B B R B R R B B R R B R B B R",
        "Next placement index: 000",
        "Blue (Player 2) to play, move 2, placement 1 of 2.",
        "Handicap: Player 2 declares 1 to 5 passes at the start of their first move (unrated game)",
        "Player 2 declares handicap 1",
        "Blue (Player 2) to play, move 2, placement 2 of 2.",
        "Player 1 takes the button",
        "Button: taken by Player 1",
        "! `G6` refused: the move ended before `G6`: write the next move on a line of its own",
        "Ending: Player 2 passed with 1 stone(s) marked dead",
    ] {
        assert!(
            run.stdout.contains(needle),
            "missing `{needle}` in:\n{}",
            run.stdout
        );
    }
}

#[test]
fn replay_takes_back_the_whole_refused_line() {
    // White's D5 is played, then E5 is refused: the line as a whole is
    // refused, so the board printed must not show D5.
    let run = tengen(
        &["replay", "go", "-", "--option", "size=9"],
        Some("E5\nD5 E5\n"),
    );
    fails_with(&run, &["-:2:4: `E5` refused: the move ended before `E5`"]);
    assert!(
        run.stdout.contains("5 . . . .(X). . . . 5"),
        "the board as it was before the refused line:\n{}",
        run.stdout
    );
}

#[test]
fn bench_measures_a_ruleset_and_refuses_an_empty_plan() {
    let run = tengen(
        &["bench", "go", "-o", "size=9", "--games", "3", "--runs", "1"],
        None,
    );
    assert_eq!(run.code, 0, "stderr:\n{}", run.stderr);
    assert!(
        run.stdout.contains("go size=9") && run.stdout.contains("placements/s"),
        "{}",
        run.stdout
    );
    let run = tengen(&["bench", "go", "--games", "0"], None);
    fails_with(&run, &["--games and --runs must be at least 1"]);
    let run = tengen(&["bench", "no-such-ruleset", "--games", "1"], None);
    assert_eq!(run.code, 1, "an unknown ruleset: {}", run.stderr);
}

#[test]
fn play_against_the_ai_with_hints_and_undo() {
    let run = tengen(
        &[
            "play",
            "go",
            "-o",
            "size=9",
            "--white",
            "ai",
            "--playouts",
            "60",
            "--seed",
            "4",
        ],
        Some("E5\nhint\nC3\nundo\nundo\nundo\nquit\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    // The AI answers each of Black's lines, with its estimate.
    assert_eq!(
        out.matches("White (Player 2) (AI) plays").count(),
        2,
        "{out}"
    );
    assert!(out.contains("its estimate of the chance to win:"), "{out}");
    assert!(out.contains("Hint for Black (Player 1):"), "{out}");
    // The hint lists the search's best candidates, with their lines.
    let hint = &out[out.find("Hint for").expect("a hint")..];
    assert!(hint.contains("\n  1. "), "{hint}");
    assert!(hint.contains("% in "), "{hint}");
    // Undo takes back Black's line with the AI's reply, twice; then
    // there is nothing of Black's left to take back.
    assert_eq!(
        out.matches("Took back your last line and the AI's reply.")
            .count(),
        2,
        "{out}"
    );
    assert!(out.contains("there is nothing to undo"), "{out}");
}

/// A scratch directory of its own for a test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

#[test]
fn selfplay_writes_a_line_a_game_and_shards_merge_into_the_whole_run() {
    let dir = scratch("selfplay");
    let path = |name: &str| dir.join(name).display().to_string();
    let play = |extra: &[&str], out: &str| {
        let mut args = vec![
            "selfplay", "go", "-o", "size=9", "--games", "6", "--seed", "3", "--out",
        ];
        args.push(out);
        args.extend_from_slice(extra);
        let run = tengen(&args, None);
        assert_eq!(run.code, 0, "{}", run.stderr);
    };
    let (whole, first, second) = (path("whole.jsonl"), path("a.jsonl"), path("b.jsonl"));
    play(&["--jobs", "2"], &whole);
    play(&["--shard", "0/2", "--jobs", "1"], &first);
    play(&["--shard", "1/2"], &second);
    let text = std::fs::read_to_string(&whole).expect("the results");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 6);
    for (k, line) in lines.iter().enumerate() {
        assert_eq!(
            line["game"], k as u64,
            "games in order whatever the threads"
        );
        assert_eq!(line["ruleset"], "go");
        assert_eq!(line["p1"], "random");
        assert!(["p1", "p2", "draw"].contains(&line["winner"].as_str().unwrap_or("")));
        assert_eq!(line["end"], "score");
        assert!(line["rules"].as_str().is_some_and(|h| h.len() == 16));
    }
    // The shards hold the same games, so they summarize alike.
    let summary = |files: &[&str]| {
        let mut args = vec!["selfplay", "summarize"];
        args.extend_from_slice(files);
        let run = tengen(&args, None);
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
    };
    let alone = summary(&[&whole]);
    assert!(alone.contains("6 games: Player 1 won"), "{alone}");
    assert!(alone.contains("95% Wilson interval"), "{alone}");
    assert_eq!(summary(&[&first, &second]), alone);
    let mut twice = summary(&[&whole, &first]);
    assert!(
        twice.contains("(3 repeated game(s) counted once)"),
        "{twice}"
    );
    twice = twice.replace("(3 repeated game(s) counted once)\n", "");
    assert_eq!(twice, alone);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same seed gives the same games, whatever the number of threads:
/// each game draws from its own seed.
#[test]
fn selfplay_games_are_reproducible_from_the_seed() {
    let dir = scratch("reproducible");
    let run = |jobs: &str, name: &str| {
        let out = dir.join(name).display().to_string();
        let args = [
            "selfplay", "go", "-o", "size=9", "--games", "3", "--seed", "11", "--p1", "mcts:16",
            "--jobs", jobs, "--out", &out,
        ];
        let run = tengen(&args, None);
        assert_eq!(run.code, 0, "{}", run.stderr);
        std::fs::read_to_string(&out).expect("the results")
    };
    let (one, two) = (run("1", "one.jsonl"), run("2", "two.jsonl"));
    assert_eq!(one.lines().count(), 3);
    assert_eq!(one, two);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `selfplay --record` keeps each game's record, `train patterns` learns
/// weights from the moves of the players it names and writes a file the
/// search can read, saying how it was made; the same games make the same
/// file, and files without records or players are refused.
#[test]
fn recorded_games_train_pattern_weights() {
    let dir = scratch("train");
    let games = dir.join("games.jsonl").display().to_string();
    let run = tengen(
        &[
            "selfplay", "go", "-o", "size=9", "--games", "4", "--seed", "2", "--p1", "random",
            "--p2", "mcts:8", "--record", "--out", &games,
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&games).expect("the results");
    for line in text.lines() {
        let line: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let record = line["record"].as_str().expect("a record");
        assert!(record.lines().count() >= 10, "{record}");
    }
    let train = |out: &str| {
        let out = dir.join(out).display().to_string();
        let run = tengen(
            &[
                "train",
                "patterns",
                &games,
                "--from",
                "mcts",
                "--out",
                &out,
                "--min-count",
                "1",
            ],
            None,
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(
            run.stderr.contains("positions from 4 games"),
            "{}",
            run.stderr
        );
        std::fs::read_to_string(&out).expect("the weights")
    };
    let weights = train("a.txt");
    assert_eq!(weights, train("b.txt"));
    let parsed = tengen_core::pattern::PatternWeights::parse(&weights).expect("weights read back");
    assert!(parsed.shape_count() > 10);
    assert!(
        parsed
            .about
            .iter()
            .any(|l| l.contains("go -o size=9, random against mcts:8")),
        "{:?}",
        parsed.about
    );
    // Without --record there is nothing to learn from.
    let plain = dir.join("plain.jsonl").display().to_string();
    let run = tengen(
        &[
            "selfplay", "go", "-o", "size=9", "--games", "1", "--out", &plain,
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = dir.join("none.txt").display().to_string();
    fails_with(
        &tengen(
            &["train", "patterns", &plain, "--from", "mcts", "--out", &out],
            None,
        ),
        &["no recorded game has a player named `mcts...`", "--record"],
    );
    fails_with(
        &tengen(
            &[
                "train", "patterns", &games, "--from", "gnugo", "--out", &out,
            ],
            None,
        ),
        &["no recorded game has a player named `gnugo...`"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn selfplay_refuses_bad_players_shards_and_files() {
    fails_with(
        &tengen(&["selfplay", "go", "--p1", "kata"], None),
        &["--p1: unknown player `kata`", "`mcts:PLAYOUTS`"],
    );
    fails_with(
        &tengen(&["selfplay", "go", "--p2", "mcts:lots"], None),
        &["--p2: `lots` is not a number of playouts"],
    );
    fails_with(
        &tengen(&["selfplay", "go", "--shard", "2/2"], None),
        &["--shard takes I/N with 0 <= I < N"],
    );
    let dir = scratch("corrupt");
    let file = dir.join("bad.jsonl");
    std::fs::write(&file, "{\"game\": 1}\n").expect("written");
    let shown = file.display().to_string();
    fails_with(
        &tengen(&["selfplay", "summarize", &shown], None),
        &[&format!("{shown}:1: not a self-play result")],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// SGF from the command line: `replay FILE.sgf`, `play --from`, `save` and
/// `convert`, and the errors a person sees.
#[test]
fn sgf_records_replay_save_and_convert() {
    let dir = scratch("sgf");
    let sgf = dir.join("game.sgf");
    let sgf = sgf.to_str().unwrap();
    // Play three moves and save the game as SGF.
    let run = tengen(
        &["play", "go", "-o", "size=9"],
        Some(&format!("E5\nC3\nD4\nsave {sgf}\n")),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(&format!("Saved 3 actions to {sgf}.")),
        "{}",
        run.stdout
    );
    let text = std::fs::read_to_string(sgf).unwrap();
    assert!(text.starts_with("(;FF[4]GM[1]CA[UTF-8]"), "{text}");
    assert!(
        text.contains("RU[tengen:go size=9]TGR[go]TGO[size=9]"),
        "{text}"
    );
    assert!(text.ends_with(";B[ee]\n;W[cg]\n;B[df])\n"), "{text}");
    // Go on from it: White passes, Black passes, both accept.
    let run = tengen(
        &["play", "--from", sgf],
        Some("pass\npass\nP1: accept\nP2: accept\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Game over:"), "{}", run.stdout);
    // Replay it, and convert it to the move notation and back.
    let run = tengen(&["replay", sgf], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("White (Player 2) to play, move 4."),
        "{}",
        run.stdout
    );
    let txt = dir.join("game.txt");
    let txt = txt.to_str().unwrap();
    let run = tengen(&["convert", sgf, txt], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        std::fs::read_to_string(txt).unwrap(),
        "# tengen record: ruleset go --option size=9\nE5\nC3\nD4\n"
    );
    let back = dir.join("back.sgf");
    let run = tengen(
        &[
            "convert",
            txt,
            back.to_str().unwrap(),
            "--ruleset",
            "go",
            "-o",
            "size=9",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&back).unwrap(), text);
    // A conformance scenario to SGF.
    let run = tengen(
        &[
            "convert",
            "../../../conformance/scenarios/go/capture-single-stone.toml",
            "-",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("TGB[") && run.stdout.contains(";B["),
        "{}",
        run.stdout
    );
    // Bad input: an illegal move names the file, line, column and node;
    // a truncated record says where it stops; the notation needs rules.
    let bad = dir.join("bad.sgf");
    std::fs::write(&bad, "(;GM[1]SZ[9]RU[Chinese]\n;B[ee]\n;W[ee])").unwrap();
    let bad = bad.to_str().unwrap();
    let run = tengen(&["replay", bad], None);
    fails_with(
        &run,
        &[&format!(
            "{bad}:3:1: node 2 of the main line: W[ee] refused: E5 is occupied"
        )],
    );
    std::fs::write(dir.join("cut.sgf"), "(;GM[1]SZ[9];B[ee];W[c").unwrap();
    let cut = dir.join("cut.sgf");
    let run = tengen(&["replay", cut.to_str().unwrap()], None);
    fails_with(
        &run,
        &["cut.sgf:1:21: not a readable SGF record: the record ends inside this property value"],
    );
    // The record names its rules in its header: it replays alone.
    let run = tengen(&["replay", txt], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("White (Player 2) to play, move 4."),
        "{}",
        run.stdout
    );
    let run = tengen(&["play"], None);
    assert_eq!(run.code, 2, "{}", run.stderr);
    // A record of another program, with unknown rules: read as `go`.
    let other = dir.join("other.sgf");
    std::fs::write(&other, "(;GM[1]FF[4]SZ[9]RU[Ing-ish]\n;B[ee];W[cc])").unwrap();
    let run = tengen(&["replay", other.to_str().unwrap()], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("warning: ")
            && run
                .stderr
                .contains("RU[Ing-ish] names rules tengen does not know: read as `go`"),
        "{}",
        run.stderr
    );
}

/// Every record tengen writes, it reads back: the text record `play`
/// saves names its rules in its first line, so `replay`, `convert` and
/// `play --from` take it without a ruleset (issue 23, item 13).
#[test]
fn the_text_record_play_saves_is_replayed_without_naming_its_ruleset() {
    let dir = scratch("saved-record");
    let record = dir.join("game.txt");
    let record = record.to_str().unwrap();
    let run = tengen(
        &["play", "go", "-o", "size=9", "-o", "komi=5"],
        Some(&format!("E5\nD4\nC3\nsave {record}\nquit\n")),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let saved = std::fs::read_to_string(record).unwrap();
    assert!(
        saved.starts_with("# tengen record: ruleset go --option size=9 --option komi=5\n"),
        "{saved}"
    );
    // The record alone, and with the ruleset named: the same game.
    let alone = tengen(&["replay", record], None);
    assert_eq!(alone.code, 0, "{}", alone.stderr);
    assert!(
        alone.stdout.contains("White (Player 2) to play, move 4."),
        "{}",
        alone.stdout
    );
    let named = tengen(
        &["replay", "go", record, "-o", "size=9", "-o", "komi=5"],
        None,
    );
    assert_eq!(alone.stdout, named.stdout);
    // An option given on the command line replaces the record's.
    let komi = tengen(
        &[
            "replay", record, "-o", "komi=0.5", "--format", "json", "--final",
        ],
        None,
    );
    assert_eq!(komi.code, 0, "{}", komi.stderr);
    assert!(komi.stdout.contains("\"komi=0.5\""), "{}", komi.stdout);
    // Converted to SGF without naming the ruleset.
    let sgf = tengen(&["convert", record, "-"], None);
    assert_eq!(sgf.code, 0, "{}", sgf.stderr);
    assert!(
        sgf.stdout.contains("SZ[9]") && sgf.stdout.contains("KM[5]"),
        "{}",
        sgf.stdout
    );
    // A header naming a ruleset that is not bundled asks for its file.
    std::fs::write(
        dir.join("other.txt"),
        "# tengen record: ruleset my-go\nE5\n",
    )
    .unwrap();
    let other = tengen(&["replay", dir.join("other.txt").to_str().unwrap()], None);
    fails_with(
        &other,
        &["played under `my-go`, which is not a bundled ruleset: give its file"],
    );
    // The usage line says one record.
    let help = tengen(&["replay", "--help"], None);
    assert!(
        help.stdout
            .contains("Usage: tengen replay [OPTIONS] [RULESET] FILE\n"),
        "{}",
        help.stdout
    );
}

/// A position given to `analyze` replaces the start position: a setup's
/// stones are not laid under it (issue 23, item 12), while the setup's
/// roles still hold.
#[test]
fn a_position_given_to_analyze_replaces_the_setup_stones() {
    let mut rows = vec![".".repeat(19); 19];
    rows[3] = format!("...X{}", ".".repeat(15));
    let diagram = rows.join("\n") + "\n";
    let run = tengen(
        &[
            "analyze",
            "kill-all-go",
            "-o",
            "setup=fixed-17",
            "--position",
            "-",
            "--format",
            "json",
        ],
        Some(&diagram),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let analysis: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let black = &analysis["board"]["stones"]["black"];
    assert_eq!(black, &serde_json::json!(["D16"]), "{}", run.stdout);
    assert_eq!(analysis["board"]["stones"]["white"], serde_json::json!([]));
}

/// The in-game `help` describes the game being played, from its own
/// components: Thue-Morse Go's ending is the pass answered by a whole-move
/// pass, not Go's two passes and agreement phase; Mathematical Go has no
/// passing at all (issue: `help` was the same for every ruleset).
#[test]
fn play_help_is_built_from_the_rulesets_own_components() {
    let help = |args: &[&str]| {
        let run = tengen(args, Some("help\nquit\n"));
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
    };
    let thue_morse = help(&["play", "thue-morse-go", "-o", "size=11"]);
    assert!(
        thue_morse.contains("The rules of Thue-Morse Go:"),
        "{thue_morse}"
    );
    assert!(
        thue_morse.contains("schedule (thue-morse): The Thue-Morse order"),
        "{thue_morse}"
    );
    assert!(
        thue_morse.contains("objective (agreed-pass)"),
        "{thue_morse}"
    );
    assert!(
        thue_morse.contains("Only the opponent answers"),
        "{thue_morse}"
    );
    assert!(
        !thue_morse.contains("After two passes in a row"),
        "{thue_morse}"
    );
    let go = help(&["play", "go", "-o", "size=9"]);
    assert!(go.contains("objective (score)"), "{go}");
    assert!(go.contains("schedule (alternating)"), "{go}");
    assert!(!go.contains("Thue-Morse"), "{go}");
    let mathematical = help(&["play", "mathematical-go"]);
    assert!(
        mathematical.contains("there is no passing in this game"),
        "{mathematical}"
    );
    assert!(
        !mathematical.contains("pass-move     pass the rest"),
        "{mathematical}"
    );
}
