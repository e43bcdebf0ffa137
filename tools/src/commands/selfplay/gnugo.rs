//! GNU Go as a player, through GTP: the outside opponent the AI's
//! strength is measured against on standard Go.
//!
//! GNU Go is started once per game (`gnugo --mode gtp --chinese-rules`,
//! with the board size, komi, level and seed). Before each choice it is
//! told the placements and passes played since it last chose; when the
//! record no longer extends what it was told (a refused choice, an undo),
//! it is told the whole game again. A move of GNU Go's that the ruleset
//! refuses (GNU Go knows only simple ko) becomes a pass. In an agreement
//! phase it marks the strings its `final_status_list dead` names and
//! accepts.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Arc;
use tengen_ai::agreement::{agreement_action, note_marking};
use tengen_ai::{Choice, Player, may_act};
use tengen_core::{Action, Colour, Game, Phase, PointSet, Rules, Seat};
use tengen_gtp::vertex::colour_word;

/// The program run: the one `TENGEN_GNUGO` names, else `gnugo` on the
/// path, else Debian's `/usr/games/gnugo` (a directory not every path has).
fn program() -> String {
    if let Ok(program) = std::env::var("TENGEN_GNUGO") {
        return program;
    }
    let on_path = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("gnugo").is_file()));
    if !on_path && std::path::Path::new("/usr/games/gnugo").is_file() {
        return "/usr/games/gnugo".into();
    }
    "gnugo".into()
}

/// A running GNU Go.
pub(crate) struct GnuGo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    level: u8,
    /// The actions of the game GNU Go has been told, in order.
    told: Vec<(Seat, Action)>,
    /// The strings whose marks GNU Go has changed in the agreement phase
    /// under way.
    touched: PointSet,
}

impl GnuGo {
    /// Starts GNU Go for a game of `rules`: square boards up to 19x19 with
    /// the ruleset's komi.
    pub(crate) fn start(rules: &Arc<Rules>, level: u8, seed: u64) -> Result<GnuGo, String> {
        let g = &rules.geometry;
        if g.width() != g.height() || g.width() > 19 || g.point_count() != g.width() * g.height() {
            return Err(format!(
                "GNU Go plays square boards up to 19x19; `{}` is {}x{}",
                rules.ruleset.meta.id,
                g.width(),
                g.height()
            ));
        }
        let komi = komi(rules);
        let mut child = Command::new(program())
            .args(["--mode", "gtp", "--chinese-rules", "--level"])
            .arg(level.to_string())
            .arg("--seed")
            .arg((seed % 1_000_000_000).max(1).to_string())
            .arg("--boardsize")
            .arg(g.width().to_string())
            .arg("--komi")
            .arg(komi.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start GNU Go (`{}`): {e}", program()))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("GNU Go started without pipes".into());
        };
        Ok(GnuGo {
            child,
            input,
            output: BufReader::new(output),
            level,
            told: Vec::new(),
            touched: PointSet::default(),
        })
    }

    /// Sends one GTP command and returns the text of a success answer.
    fn command(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("GNU Go stopped listening: {e}"))?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("cannot read GNU Go's answer: {e}"))?;
            if read == 0 {
                return Err(format!("GNU Go quit while answering `{command}`"));
            }
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push_str(&line);
        }
        match answer.strip_prefix('=') {
            Some(text) => Ok(text.trim().to_string()),
            None => Err(format!(
                "GNU Go refused `{command}`: {}",
                answer.trim_start_matches('?').trim()
            )),
        }
    }

    /// Tells GNU Go what was played since it was last told (everything
    /// again, from a clear board, when the game no longer extends it).
    fn catch_up(&mut self, game: &Game) -> Result<(), String> {
        let record = game.record();
        if record.len() < self.told.len() || record[..self.told.len()] != self.told[..] {
            self.command("clear_board")?;
            self.told.clear();
            // Stones the opening set (handicap stones) come first.
            let fresh = game.restart();
            for (p, colour) in fresh.board().stones() {
                let vertex = fresh.rules().geometry.name(p);
                self.command(&format!("play {} {vertex}", colour_word(colour)))?;
            }
        }
        for &(seat, action) in &record[self.told.len()..] {
            let colour = colour_word(game.state().colour_of(seat));
            let vertex = match action {
                Action::Place(p) => game.rules().geometry.name(p),
                Action::Pass | Action::PassMove => "pass".into(),
                _ => {
                    self.told.push((seat, action));
                    continue;
                }
            };
            self.command(&format!("play {colour} {vertex}"))?;
            self.told.push((seat, action));
        }
        Ok(())
    }

    /// GNU Go's move for `seat`.
    fn generate(&mut self, game: &Game, seat: Seat) -> Result<Action, String> {
        self.catch_up(game)?;
        let colour = colour_word(game.state().colour_of(seat));
        let answer = self.command(&format!("genmove {colour}"))?;
        let action = match answer.to_ascii_lowercase().as_str() {
            "pass" => Action::Pass,
            "resign" => Action::Resign,
            vertex => Action::Place(
                game.rules()
                    .geometry
                    .parse_point(vertex)
                    .map_err(|e| format!("GNU Go answered `{answer}`: {e}"))?,
            ),
        };
        // GNU Go has played it already. A move tengen's rules refuse (GNU
        // Go knows only simple ko, where `go` has positional superko) is
        // taken back and replaced by a pass, which GNU Go will be told.
        if let Action::Place(p) = action
            && !game.is_legal_placement(seat, p)
        {
            self.command("undo")?;
            return Ok(Action::Pass);
        }
        self.told.push((seat, action));
        Ok(action)
    }

    /// The stones GNU Go calls dead in the position.
    fn dead(&mut self, game: &Game) -> Result<PointSet, String> {
        self.catch_up(game)?;
        let answer = self.command("final_status_list dead")?;
        let mut dead = PointSet::default();
        for vertex in answer.split_whitespace() {
            let p = game
                .rules()
                .geometry
                .parse_point(vertex)
                .map_err(|e| format!("GNU Go named `{vertex}` dead: {e}"))?;
            dead.insert(p);
        }
        Ok(dead)
    }
}

impl Player for GnuGo {
    fn name(&self) -> String {
        format!("gnugo:{}", self.level)
    }

    fn choose(&mut self, game: &Game, seat: Seat) -> Option<Choice> {
        if !may_act(game, seat) {
            return None;
        }
        let action = if game.state().phase() == Phase::Agreement {
            let dead = self.dead(game).ok()?;
            let action = agreement_action(game, seat, &dead, &self.touched)?;
            note_marking(game, action, &mut self.touched);
            action
        } else {
            self.touched.clear();
            self.generate(game, seat).ok()?
        };
        Some(Choice {
            action,
            win_rate: None,
            playouts: 0,
        })
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The ruleset's komi: White's bonus points less Black's at the start.
fn komi(rules: &Arc<Rules>) -> f64 {
    let sheet = Game::new(Arc::clone(rules)).score();
    sheet
        .bonuses
        .iter()
        .filter(|b| b.label == "komi")
        .map(|b| match b.colour {
            Colour::White => b.points,
            Colour::Black => -b.points,
        })
        .sum()
}
