//! Soak runs: many games in one process, watching for panics and for
//! memory that grows. Not a CI test (a run takes minutes); the book's
//! testing page records the figures.
//!
//! ```sh
//! cargo run --release -p tengen-robustness --bin soak -- games [GAMES]
//! cargo run --release -p tengen-robustness --bin soak -- gtp TENGEN [GAMES]
//! ```
//!
//! `games`: GAMES random games (default 100,000) of each bundled ruleset on
//! a small board, with the light policy of `tengen bench`, in this process.
//! `gtp`: one `TENGEN gtp` process (the path of a tengen binary) playing
//! GAMES games (default 1,000) of 9x9 `go` against itself, `clear_board`
//! between them. Both print the resident memory at each tenth of the run
//! and fail when a game panics, or when memory at the end is more than a
//! tenth (and 4 MiB) above what it was after the first tenth.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;
use tengen_core::Game;
use tengen_core::playout::Playout;

/// The rulesets the `games` soak plays.
const RULESETS: &[(&str, &[&str])] = &[
    ("go", &["size=9"]),
    ("tromp-taylor", &["size=9"]),
    ("thue-morse-go", &["size=11"]),
    ("kill-all-go", &["size=9"]),
    ("enhanced-go", &["size=9"]),
    ("mathematical-go", &["size=9"]),
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args.first().map(String::as_str) {
        Some("games") => games(count(args.get(1), 100_000)),
        Some("gtp") => match args.get(1) {
            Some(tengen) => gtp(tengen, count(args.get(2), 1_000)),
            None => Err("soak gtp: name the tengen binary".into()),
        },
        _ => Err("usage: soak games [GAMES] | soak gtp TENGEN [GAMES]".into()),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("soak: {message}");
            ExitCode::FAILURE
        }
    }
}

fn count(arg: Option<&String>, default: usize) -> usize {
    arg.and_then(|a| a.parse().ok()).unwrap_or(default)
}

/// The resident memory of process `pid` ("self" for this one), in KiB.
fn resident_kib(pid: &str) -> Result<u64, String> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .map_err(|e| format!("cannot read the memory of process {pid}: {e}"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| format!("process {pid} reports no resident memory"))
}

/// Memory samples at each tenth of a run: printed, and checked to be flat.
struct Watch {
    name: String,
    samples: Vec<u64>,
}

impl Watch {
    fn new(name: String) -> Watch {
        Watch {
            name,
            samples: Vec::new(),
        }
    }

    fn sample(&mut self, kib: u64) {
        self.samples.push(kib);
    }

    /// Prints the samples; an error when the end is well above the first
    /// tenth's level.
    fn verdict(&self, games: usize, seconds: f64) -> Result<(), String> {
        let line: Vec<String> = self
            .samples
            .iter()
            .map(|k| format!("{}", k / 1024))
            .collect();
        println!(
            "  {:<28} {games:>7} games in {seconds:>6.1} s, resident MiB at each tenth: {}",
            self.name,
            line.join(" ")
        );
        let (Some(&first), Some(&last)) = (self.samples.first(), self.samples.last()) else {
            return Ok(());
        };
        if last > first + first / 10 + 4096 {
            return Err(format!(
                "{}: memory grew from {first} KiB to {last} KiB",
                self.name
            ));
        }
        Ok(())
    }
}

fn games(per_ruleset: usize) -> Result<(), String> {
    tengen_variants::link();
    println!("Random games, light policy, one process:");
    let mut failures = Vec::new();
    for &(id, options) in RULESETS {
        let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
        let rules = tengen_variants::library()
            .assemble(id, &options)
            .map_err(|d| d.to_string())?;
        let fresh = Game::new(rules);
        let mut policy = Playout::new(1);
        let mut watch = Watch::new(format!("{id} {}", options.join(" ")));
        let (mut placements, mut unfinished) = (0u64, 0usize);
        let start = Instant::now();
        for n in 1..=per_ruleset {
            let mut game = fresh.clone();
            let stats = policy.play(&mut game);
            placements += stats.placements;
            unfinished += usize::from(!stats.finished);
            if n % (per_ruleset / 10).max(1) == 0 {
                watch.sample(resident_kib("self")?);
            }
        }
        let seconds = start.elapsed().as_secs_f64();
        if let Err(e) = watch.verdict(per_ruleset, seconds) {
            failures.push(e);
        }
        println!(
            "  {:<28} {placements} placements, {unfinished} games at the action limit",
            ""
        );
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("; "))
    }
}

/// A `tengen gtp` child: commands in, responses out.
struct Engine {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl Engine {
    fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}").map_err(|e| format!("tengen gtp: {e}"))?;
        self.input.flush().map_err(|e| format!("tengen gtp: {e}"))?;
        let mut response = String::new();
        loop {
            let mut line = String::new();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("tengen gtp: {e}"))?;
            if read == 0 {
                return Err(format!("tengen gtp ended while answering `{command}`"));
            }
            if line.trim().is_empty() {
                if response.is_empty() {
                    continue;
                }
                break;
            }
            response.push_str(&line);
        }
        match response.strip_prefix('=') {
            Some(ok) => Ok(ok.trim().to_string()),
            None => Err(format!("`{command}` was refused: {}", response.trim())),
        }
    }
}

fn gtp(tengen: &str, games: usize) -> Result<(), String> {
    let mut child = Command::new(tengen)
        .args(["gtp", "--option", "size=9", "--playouts", "16"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start `{tengen} gtp`: {e}"))?;
    let pid = child.id().to_string();
    let mut engine = Engine {
        input: child.stdin.take().ok_or("no stdin")?,
        output: BufReader::new(child.stdout.take().ok_or("no stdout")?),
        child,
    };
    println!("A GTP session of 9x9 go games, the engine against itself, one process:");
    let mut watch = Watch::new("tengen gtp".into());
    let mut moves = 0u64;
    let start = Instant::now();
    for n in 1..=games {
        engine.send("clear_board")?;
        let mut passes = 0;
        for turn in 0..400 {
            let colour = ["b", "w"][turn % 2];
            let vertex = engine.send(&format!("genmove {colour}"))?;
            moves += 1;
            match vertex.to_ascii_lowercase().as_str() {
                "pass" => passes += 1,
                "resign" => break,
                _ => passes = 0,
            }
            if passes == 2 {
                break;
            }
        }
        engine.send("final_score")?;
        if n % (games / 10).max(1) == 0 {
            watch.sample(resident_kib(&pid)?);
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let _ = engine.send("quit");
    let _ = engine.child.wait();
    println!("  {moves} moves generated");
    watch.verdict(games, seconds)
}
