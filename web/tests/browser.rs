//! The page in a real browser: starts a server on a free loopback port
//! and runs `web/tests/browser/run.mjs` against it, which drives Debian's
//! Chromium through playwright-core (scenarios: a Thue-Morse double move,
//! an Enhanced Go special turn cancelled then committed, a Kill-All
//! Pieboxing claim, a 9x9 game of Go to a scored result, learn mode, the
//! computer and a hint, the snub-square board on a phone-size screen, and
//! an attacker's page on another origin and under a rebound name that
//! cannot change or read a game).
//!
//! Without `node`, the script's `node_modules` (`npm ci` in
//! `web/tests/browser`) or `/usr/bin/chromium`, the test says why and
//! passes; with `TENGEN_REQUIRE_BROWSER` set (as CI sets it), a missing
//! tool fails it.

use crate::common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest the script may run.
const LIMIT: Duration = Duration::from_secs(180);

/// Where Chromium is looked for (`CHROMIUM` overrides it).
fn chromium() -> PathBuf {
    std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// Why the browser test cannot run here, if it cannot.
fn missing(dir: &Path) -> Option<String> {
    let node = Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if !node.is_ok_and(|s| s.success()) {
        return Some("`node` is not installed (apt-get install -y nodejs npm)".into());
    }
    if !dir.join("node_modules/playwright-core").is_dir() {
        return Some(format!(
            "playwright-core is not installed (run `npm ci` in {})",
            dir.display()
        ));
    }
    let browser = chromium();
    if !browser.is_file() {
        return Some(format!(
            "{} is missing (apt-get install -y chromium)",
            browser.display()
        ));
    }
    None
}

#[test]
fn the_page_plays_every_scenario_in_chromium() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    if let Some(reason) = missing(&dir) {
        if std::env::var_os("TENGEN_REQUIRE_BROWSER").is_some() {
            panic!("the browser test cannot run: {reason} (TENGEN_REQUIRE_BROWSER is set)");
        }
        eprintln!("skipped: the browser test cannot run: {reason}");
        return;
    }
    let address = common::start(tengen_web::Config::default());
    // The screenshots of the last run, to look at.
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-screenshots");
    let started = Instant::now();
    let mut child = Command::new("node")
        .arg("run.mjs")
        .current_dir(&dir)
        .env("TENGEN_URL", format!("http://{address}/"))
        .env("TENGEN_SHOTS", &shots)
        .env("CHROMIUM", chromium())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    // Read both pipes while the script runs, so that neither fills up.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            pipe.read_to_string(&mut text).ok();
            text
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr")));
    let status = loop {
        if let Some(status) = child.try_wait().expect("the script's status") {
            break Some(status);
        }
        if started.elapsed() > LIMIT {
            child.kill().ok();
            child.wait().ok();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let output = format!(
        "{}{}",
        stdout.join().unwrap_or_default(),
        stderr.join().unwrap_or_default()
    );
    match status {
        Some(status) if status.success() => {
            println!(
                "{output}the browser test took {:.1} s",
                started.elapsed().as_secs_f64()
            );
        }
        Some(status) => panic!("the browser test failed ({status}):\n{output}"),
        None => panic!(
            "the browser test ran longer than {} s and was stopped:\n{output}",
            LIMIT.as_secs()
        ),
    }
}
