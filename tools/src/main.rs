//! `tengen`: validate, explain, play and replay Go variants assembled from
//! TOML rulesets.

#[macro_use]
mod output;
mod book;
mod commands;
mod view;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Go variants assembled from declarative rulesets.
#[derive(Debug, Parser)]
#[command(
    name = "tengen",
    version,
    about = "Play, study and check Go variants assembled from declarative TOML rulesets.",
    after_help = "Examples:\n  \
        tengen list\n  \
        tengen explain go\n  \
        tengen play go --option size=9\n  \
        tengen replay go game.txt\n  \
        tengen validate my-variant.toml\n\n\
        RULESET is the id of a bundled ruleset (see `tengen list`) or the path of a TOML file."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// What `tengen conformance` does.
#[derive(Debug, Subcommand)]
enum ConformanceCommand {
    /// Count the legal action sequences (perft) of conformance count
    /// files and check them against the counts the files keep.
    #[command(after_help = "Examples:\n  \
        tengen conformance count conformance/counts/go-9x9.toml\n  \
        tengen conformance count --write conformance/counts/*.toml\n\n\
        A count file (conformance/counts/README.md) names a ruleset, its options and \
        positions, each with the number of legal action sequences of depth 1, 2, ... from \
        it. Exits with 1 if a count differs; `--write` records tengen's counts instead.")]
    Count {
        /// Count files.
        #[arg(required = true)]
        files: Vec<String>,
        /// Write tengen's counts into the files instead of checking them
        /// (as many depths as each position has numbers).
        #[arg(long)]
        write: bool,
    },
    /// Write the whole suite as one JSON document for other engines: every
    /// scenario with its rules as a ruleset and option values, each step's
    /// actions and every expected fact, the board after every step
    /// included (schema: `conformance/export.schema.json`).
    #[command(after_help = "Examples:\n  \
        tengen conformance export > suite.json\n  \
        tengen conformance export --output suite.json\n\n\
        The book's chapter \"Running the suite on another engine\" explains the format.")]
    Export {
        /// Write to this file instead of standard output.
        #[arg(long, short = 'o', value_name = "FILE")]
        output: Option<String>,
    },
}

/// What `tengen train` learns.
#[derive(Debug, Subcommand)]
enum TrainCommand {
    /// Learn the weights of neighbourhood patterns (the shape round a
    /// placement, its distance from the last placement and the edge,
    /// self-atari) from the moves of recorded games, by
    /// minorization-maximization for the generalized Bradley-Terry model;
    /// writes a weights file whose comments say how it was made.
    #[command(after_help = "Examples:\n  \
        tengen selfplay go -o size=9 --p1 gnugo:10 --p2 gnugo:10 --games 500 --record --out games.jsonl\n  \
        tengen train patterns games.jsonl --from gnugo --out patterns.txt\n\n\
        scripts/train-patterns makes the bundled weights this way.")]
    Patterns {
        /// Self-play results files written with `tengen selfplay --record`.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Learn the moves of the players whose label starts with this
        /// (e.g. `gnugo` for GNU Go at any level).
        #[arg(long)]
        from: String,
        /// Where to write the weights.
        #[arg(long, value_name = "FILE")]
        out: std::path::PathBuf,
        /// Rounds of the algorithm (each updates every feature group).
        #[arg(long, default_value_t = 40)]
        iterations: usize,
        /// Shapes seen as a candidate fewer times than this are left out
        /// (they weigh 1, as an unknown shape does).
        #[arg(long, default_value_t = 20)]
        min_count: u32,
    },
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the bundled rulesets and the registered components.
    #[command(after_help = "Examples:\n  tengen list\n  tengen list --format json")]
    List {
        /// Text for people, or one JSON document (see `tengen schema --interface`).
        #[arg(long, value_enum, default_value_t)]
        format: commands::Format,
    },
    /// Explain a ruleset or a component: its rules, parameters and options.
    #[command(after_help = "Examples:\n  \
        tengen explain go\n  \
        tengen explain per-placement\n  \
        tengen explain opening/none")]
    Explain {
        /// A ruleset (bundled id or file), or a component id; write
        /// `section/id` (e.g. `repetition/none`) where ids of several kinds
        /// coincide.
        name: String,
        /// Text for people, or one JSON document (see `tengen schema --interface`).
        #[arg(long, value_enum, default_value_t)]
        format: commands::Format,
    },
    /// Check ruleset files and print every problem with its place.
    #[command(after_help = "Examples:\n  \
        tengen validate my-variant.toml\n  \
        tengen validate rulesets/*.toml\n\n\
        Every option of each ruleset is checked too. Exits with 1 if any problem is found.")]
    Validate {
        /// Ruleset files (or bundled ids).
        #[arg(required = true)]
        files: Vec<String>,
        /// Text for people, or one JSON document with every problem's
        /// file, line, column, key path, code and message.
        #[arg(long, value_enum, default_value_t)]
        format: commands::Format,
    },
    /// Print the JSON schema of ruleset files (generated from the
    /// registry), or of the JSON interface.
    #[command(after_help = "Examples:\n  \
        tengen schema > rulesets/ruleset.schema.json\n  \
        tengen schema --check rulesets/ruleset.schema.json\n  \
        tengen schema --interface --write rulesets/interface.schema.json\n\n\
        The interface schema describes what `--format json` prints and the lines \
        `tengen engine` reads and writes.")]
    Schema {
        /// The schema of the JSON interface (`--format json` and `tengen
        /// engine`) instead of ruleset files.
        #[arg(long)]
        interface: bool,
        /// Instead of printing, check that this file holds the current
        /// schema (exit 1 if not).
        #[arg(long, value_name = "FILE")]
        check: Option<String>,
        /// Instead of printing, write the schema to this file.
        #[arg(long, value_name = "FILE", conflicts_with = "check")]
        write: Option<String>,
    },
    /// Show the composition of a ruleset with its options applied.
    #[command(after_help = "Examples:\n  \
        tengen show go\n  \
        tengen show tromp-taylor --option size=9 --option komi=6.5\n  \
        tengen show thue-morse-go -o snub --format json")]
    Show {
        /// A bundled ruleset id or a ruleset file.
        ruleset: String,
        /// An option: NAME or NAME=VALUE (repeatable).
        #[arg(long = "option", short = 'o', value_name = "NAME[=VALUE]")]
        options: Vec<String>,
        /// Text for people, or one JSON document (the composition and the
        /// board's points with their neighbours).
        #[arg(long, value_enum, default_value_t)]
        format: commands::Format,
    },
    /// Play a game in the terminal: two players at one keyboard, or against
    /// tengen's AI. Moves can also be piped in on standard input.
    #[command(after_help = "Examples:\n  \
        tengen play go --option size=9\n  \
        tengen play go -o size=9 --white ai\n  \
        tengen play thue-morse-go --black ai --white ai --playouts 500\n  \
        printf 'E5\\nC3\\npass\\npass\\n' | tengen play go -o size=9\n\n\
        Type `help` during the game for the move notation, and `hint` for the AI's choice.")]
    Play {
        /// A bundled ruleset id or a ruleset file (with `--from`, it replaces
        /// the rules the record names).
        #[arg(required_unless_present = "from")]
        ruleset: Option<String>,
        /// Go on from the end of a record: SGF, the move notation (with a
        /// ruleset) or a conformance scenario.
        #[arg(long, value_name = "FILE")]
        from: Option<String>,
        /// An option: NAME or NAME=VALUE (repeatable).
        #[arg(long = "option", short = 'o', value_name = "NAME[=VALUE]")]
        options: Vec<String>,
        /// Also show the zero-based index of the next placement as three
        /// hexadecimal digits (the TMS tracker of Thue-Morse Go).
        #[arg(long)]
        hex_tracker: bool,
        /// Show the pass-alive stones after every move (they are shown when
        /// the game ends anyway).
        #[arg(long)]
        show_pass_alive: bool,
        /// Who plays Black: a person or the AI.
        #[arg(long, value_enum, default_value_t)]
        black: commands::play::Controller,
        /// Who plays White: a person or the AI.
        #[arg(long, value_enum, default_value_t)]
        white: commands::play::Controller,
        /// The AI's strength: the playouts its search spends on each
        /// action (hints use the same). By default 2000 on 9x9, growing
        /// with the number of points (8913 on 19x19).
        #[arg(long, value_name = "N",
              value_parser = clap::value_parser!(u64).range(1..=tengen_ai::MAX_PLAYOUTS))]
        playouts: Option<u64>,
        /// A time limit for each of the AI's actions, in seconds: the search
        /// stops at the limit or the playouts, whichever comes first.
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        seconds: Option<f64>,
        /// The seed of the AI's random draws (the same seed and moves give
        /// the same game).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The AI never resigns (by default it resigns a game its search
        /// finds lost, where the ruleset allows resignation).
        #[arg(long)]
        no_resign: bool,
        /// The threads the AI's search runs on (default: every core).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
    },
    /// Play many games between computer players and write one line of JSON
    /// a game (the fairness lab); `summarize` reads such files back.
    #[command(after_help = "Examples:\n  \
        tengen selfplay go -o size=9 --games 1000 --out go9.jsonl\n  \
        tengen selfplay go -o size=9 --p1 mcts:1000 --p2 random --games 100 --jobs 2\n  \
        tengen selfplay thue-morse-go -o size=11 --games 1000 --shard 0/4 --out tm-0.jsonl\n  \
        tengen selfplay summarize tm-*.jsonl\n\n\
        Players: `random` (the light playout policy), `mcts:PLAYOUTS` (the tree search, as every \
        front end plays it: with learned shapes in its playouts where the game is Go-like), \
        `uct:PLAYOUTS` (the tree search without RAVE), \
        `tactics:PLAYOUTS` (the tree search with tactical playouts), \
        `gnugo:LEVEL` (GNU Go through GTP, standard Go on square boards; needs `gnugo`). \
        A search player may add `+tactics`, add `+shapes` or drop `-shapes` (the learned shapes \
        in its playouts, on top of the tactics, whatever the game) and drop `-patterns` (the \
        priors from the learned patterns): `mcts:2000-shapes-patterns` is the search as it was \
        before either. \
        Game k of a run draws from a seed made of --seed and k, so shards (--shard I/N) \
        merge into exactly the games of one run.")]
    Selfplay(commands::selfplay::Args),
    /// Learn what the AI knows from games: `patterns` learns the weights
    /// of neighbourhood patterns, which the search's priors rest on.
    Train {
        #[command(subcommand)]
        what: TrainCommand,
    },
    /// Measure random playouts per second (games and placements), with the
    /// light policy every benchmark shares.
    #[command(after_help = "Examples:\n  \
        tengen bench\n  \
        tengen bench go --option size=9 --games 2000\n  \
        tengen bench thue-morse-go -o weak-eyes --runs 7\n\n\
        Without RULESET, measures every bundled ruleset on the boards the performance \
        targets name. The policy: a uniformly random legal placement that does not fill \
        the mover's own one-point eye (all neighbours the mover's, under half the \
        diagonal points the opponent's); a pass when there is none (where passing is \
        forbidden, any legal placement); special turns one move in twenty where the \
        ruleset has them; the ruleset's own end. Rulesets the light playout board can \
        play (Go, Tromp-Taylor Go) get a second row, `[light board]`: the same games \
        on the bare board, on its board made for square grids (`[light board, square \
        grid]`) where the topology is one; `--engine light-generic` plays them on the \
        light board's generic board instead. `cargo bench` holds the same measurements with a same-run \
        comparison against another engine.")]
    Bench {
        /// Rulesets (bundled ids or files); all bundled ones if none.
        rulesets: Vec<String>,
        /// An option: NAME or NAME=VALUE (repeatable), for every ruleset.
        #[arg(long = "option", short = 'o', value_name = "NAME[=VALUE]")]
        options: Vec<String>,
        /// Games in each run.
        #[arg(long, default_value_t = 200)]
        games: usize,
        /// Runs; the median is reported.
        #[arg(long, default_value_t = 5)]
        runs: usize,
        /// The random seed of the first run (the next runs add 1, 2, ...).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The most actions one playout may take (a guard against games
        /// that need not end).
        #[arg(long, default_value_t = 20_000)]
        max_actions: u64,
        /// Which engine plays: `generic` (every component consulted),
        /// `light` (the light playout board, for the rulesets it can play)
        /// or `both`, a row each.
        #[arg(long, value_enum, default_value_t = commands::bench::Engines::Both)]
        engine: commands::bench::Engines,
        /// Which placements the playouts prefer: `light` (uniform outside
        /// the mover's eyes, what every figure of the performance page
        /// uses), `tactics` (the tactical answers to the last placement
        /// first, and no self-atari of two stones or more) or `shapes`
        /// (the tactics, then a placement next to the last drawn by the
        /// bundled pattern weights).
        #[arg(long, value_enum, default_value_t = commands::bench::PolicyArg::Light)]
        policy: commands::bench::PolicyArg,
        /// Instead of playouts, time the tree search: PLAYOUTS a choice
        /// from each named ruleset's first position, on one thread and on
        /// --threads, in the same run.
        #[arg(long, value_name = "PLAYOUTS",
              value_parser = clap::value_parser!(u64).range(1..=tengen_ai::MAX_PLAYOUTS))]
        search: Option<u64>,
        /// The threads `--search` compares with one (default: every core).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
        /// With `--search`: the search with priors from the learned
        /// neighbourhood patterns.
        #[arg(long, requires = "search")]
        patterns: bool,
    },
    /// Write or check every generated file: the ruleset schema, the
    /// interface schema and the book's generated pages.
    #[command(after_help = "Examples:\n  \
        tengen generate --check\n  \
        tengen generate --write\n\n\
        Run it from the repository root (or give --root) after changing a component, a \
        bundled ruleset, a conformance case or the command line. CI runs `--check`, which \
        changes nothing and lists every stale file.")]
    Generate {
        /// Write every generated file that changed (the default is to
        /// check them).
        #[arg(long, conflicts_with = "check")]
        write: bool,
        /// Check that every generated file is current (exit 1 if not).
        #[arg(long)]
        check: bool,
        /// The repository root.
        #[arg(long, value_name = "DIR", default_value = ".")]
        root: String,
    },
    /// Write or check the generated pages of the rules reference book.
    #[command(after_help = "Examples:\n  \
        tengen book --write\n  \
        tengen book --check\n  \
        tengen book --links book/book\n\n\
        The pages are generated from the component registry, the bundled rulesets, their \
        conformance cases (conformance/scenarios) and this command line. Run it from the repository root.")]
    Book {
        /// Write every generated page that changed (the default is to
        /// check them).
        #[arg(long, conflicts_with_all = ["check", "links"])]
        write: bool,
        /// Check that every generated page is current (exit 1 if not).
        #[arg(long)]
        check: bool,
        /// Instead, check the internal links and anchors of a built book
        /// (the output folder of `mdbook build`).
        #[arg(long, value_name = "SITE", conflicts_with = "check")]
        links: Option<String>,
        /// The repository root.
        #[arg(long, value_name = "DIR", default_value = ".")]
        root: String,
    },
    /// Replay a game record (SGF, the move notation or a conformance
    /// scenario) and print the final board and result.
    #[command(
        override_usage = "tengen replay [OPTIONS] [RULESET] FILE",
        after_help = "Examples:\n  \
        tengen replay game.sgf\n  \
        tengen replay go game.txt --option size=9\n  \
        tengen replay tromp-taylor other.sgf -o size=9\n  \
        printf 'E5\\nC3\\n' | tengen replay go - -o size=9\n\n\
        One record is replayed. A record in the move notation has one move per line (see \
        `tengen play`'s help); the records tengen writes name their rules in their first line \
        (`# tengen record: ruleset go --option size=9`), and for any other the ruleset is \
        named first. An SGF record names its rules: tengen's own exactly, \
        another program's by RU, SZ, KM and HA (unknown rules are read as `go`, with a \
        warning); a ruleset given first replaces them. A `.toml` file is read as a \
        conformance scenario. Exits with 1 at the first refused action, naming the line \
        (and for SGF the column and node), the action and the rule. With `--format json`, \
        prints the state after every action (only the last with --final) and the refused \
        action, if any."
    )]
    Replay {
        /// `[RULESET] FILE`: the record file (`-` for standard input),
        /// after a bundled ruleset id or a ruleset file where it is needed.
        #[arg(required = true, num_args = 1..=2, value_name = "[RULESET] FILE")]
        args: Vec<String>,
        /// An option: NAME or NAME=VALUE (repeatable).
        #[arg(long = "option", short = 'o', value_name = "NAME[=VALUE]")]
        options: Vec<String>,
        /// Text for people, or one JSON document.
        #[arg(long, value_enum, default_value_t)]
        format: commands::Format,
        /// With `--format json`: only the final state, not the state after
        /// every action.
        #[arg(long = "final")]
        final_only: bool,
    },
    /// Analyse a position: its score, the pass-alive strings of each
    /// colour and the legal placements of the seat to move.
    #[command(after_help = "Examples:\n  \
        tengen analyze go -o size=9 --position position.txt\n  \
        tengen analyze kill-all-go -o size=9 --position game.sgf --to-move white\n  \
        tengen analyze tromp-taylor -o size=9 --position - --format json < position.txt\n\n\
        A position is a text diagram, a row a line from the top (`X`, `O`, and `.` or `+` \
        for an empty point; spaces are ignored), or an SGF record (the position at the end \
        of its main line). The position replaces the ruleset's start position: setup or \
        handicap stones are not added to it, while a setup's roles still hold. The \
        pass-alive analysis follows the ruleset's life rule: its suicide rule and vital \
        minimum.")]
    Analyze {
        /// A bundled ruleset id or a ruleset file.
        ruleset: String,
        /// The position: a text diagram or an SGF file (`-` for standard
        /// input).
        #[arg(long, value_name = "FILE")]
        position: String,
        /// Who moves next in the position: black or white (by default
        /// black for a diagram, and for SGF whoever the record leaves to
        /// move).
        #[arg(long, value_enum, value_name = "COLOUR")]
        to_move: Option<commands::analyze::ToMove>,
        /// An option: NAME or NAME=VALUE (repeatable).
        #[arg(long = "option", short = 'o', value_name = "NAME[=VALUE]")]
        options: Vec<String>,
        /// Text for people, or one JSON document.
        #[arg(long, value_enum, default_value_t)]
        format: commands::Format,
    },
    /// Serve the web playground: play and learn every ruleset in the
    /// browser, against a person or the AI.
    #[command(after_help = "Examples:\n  \
        tengen serve\n  \
        tengen serve --port 9000 --ruleset-dir my-variants\n\n\
        Open the address it prints. The server listens on 127.0.0.1 only unless --host says \
        otherwise; the page and its files are inside the binary. The folder of --ruleset-dir \
        is read again whenever the lobby is opened, so a ruleset file saved a minute ago is \
        offered at once. The book's playground chapter documents the JSON API.")]
    Serve {
        /// The port (0 picks a free one).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// A folder of ruleset files to offer besides the bundled rulesets.
        #[arg(long, value_name = "DIR")]
        ruleset_dir: Option<std::path::PathBuf>,
        /// A built rules reference (`mdbook build book`) to serve under
        /// /book/ for the lobby's links (book/book by default, where it
        /// exists).
        #[arg(long, value_name = "DIR")]
        book_dir: Option<std::path::PathBuf>,
        /// The most games held at once.
        #[arg(long, default_value_t = 200)]
        max_games: usize,
        /// Minutes a game may go unused before it is forgotten (at most
        /// 43200, 30 days).
        #[arg(long, default_value_t = 60)]
        idle_minutes: u64,
        /// A host name the server may be reached as, besides localhost
        /// and its IP addresses (`NAME` or `NAME:PORT`; repeat for more):
        /// for a reverse proxy or a name on the local network. Requests
        /// naming any other host are refused.
        #[arg(long = "allow-host", value_name = "NAME")]
        allowed_hosts: Vec<String>,
    },
    /// Speak tengen's JSON-lines engine protocol on standard input and
    /// output: many games at once, for programs that keep tengen running.
    #[command(after_help = "Examples:\n  \
        tengen engine\n  \
        printf '%s\\n' '{\"id\":1,\"command\":\"new-game\",\"ruleset\":\"go\",\"options\":[\"size=9\"]}' | tengen engine\n\n\
        Each input line is one request, a JSON object with a `command` and an `id` the \
        response echoes; each gets one line of response, in order. Commands: list-rulesets, \
        new-game, games, close-game, state, legal-actions, apply, undo, ai-move, composition, \
        analyze, quit. A request that cannot be carried out is answered with an error and \
        changes nothing. The book's JSON chapter has a whole session; \
        `tengen schema --interface` has every message's schema.")]
    Engine,
    /// Work with the conformance suite: check its count files, or write it
    /// out for other engines.
    Conformance {
        #[command(subcommand)]
        command: ConformanceCommand,
    },
    /// Convert a game record between SGF, the move notation and a
    /// conformance scenario.
    #[command(after_help = "Examples:\n  \
        tengen convert game.sgf game.txt\n  \
        tengen convert game.txt game.sgf --ruleset go -o size=9\n  \
        tengen convert conformance/scenarios/go/capture-single-stone.toml capture.sgf\n  \
        tengen convert game.sgf -\n\n\
        The forms go by the file names: `.sgf` is SGF, `.toml` a conformance scenario \
        (its moves; a scenario written from a record leaves the rule and source for you \
        to state), anything else the move notation, one move per line (read as SGF when \
        it begins with `(`). `-` reads standard input, or writes standard output: the \
        notation for an SGF record, SGF otherwise. A record in the move notation needs \
        --ruleset.")]
    Convert {
        /// The record to read (`-` for standard input).
        input: String,
        /// The file to write (`-` for standard output).
        output: String,
        /// The rules of a record in the move notation (for SGF, they
        /// replace the rules the record names).
        #[arg(long)]
        ruleset: Option<String>,
        /// An option: NAME or NAME=VALUE (repeatable).
        #[arg(long = "option", short = 'o', value_name = "NAME[=VALUE]")]
        options: Vec<String>,
    },
    /// Speak the Go Text Protocol (GTP version 2) on standard input and
    /// output, as an engine for GUIs (GoGui, Sabaki), servers and other
    /// engines.
    #[command(after_help = "Examples:\n  \
        tengen gtp --option size=9\n  \
        tengen gtp --ruleset thue-morse-go --option size=11 --playouts 500\n  \
        tengen gtp --option size=9 --player random\n  \
        printf 'boardsize 9\\nplay b E5\\ngenmove w\\nshowboard\\n' | tengen gtp\n\n\
        Besides the standard commands, GoGui's ruler commands (gogui-rules_*) let GoGui \
        follow a variant's turn order, and tengen-ruleset switches the variant; \
        list_commands names them all.")]
    Gtp {
        /// A bundled ruleset id or a ruleset file.
        #[arg(long, default_value = "go")]
        ruleset: String,
        /// An option: NAME or NAME=VALUE (repeatable).
        #[arg(long = "option", short = 'o', value_name = "NAME[=VALUE]")]
        options: Vec<String>,
        /// The computer player of `genmove`: the tree search, or the
        /// random player (a baseline, and a test opponent for other
        /// engines).
        #[arg(long, value_enum, default_value_t)]
        player: tengen_gtp::PlayerKind,
        /// The computer player's playouts a move (`genmove`; not used by
        /// the random player). By default 2000 on 9x9, growing with the
        /// number of points of the board (8913 on 19x19), again for each new
        /// board (`boardsize`).
        #[arg(long,
              value_parser = clap::value_parser!(u64).range(1..=tengen_ai::MAX_PLAYOUTS))]
        playouts: Option<u64>,
        /// The seed of the computer player's random draws.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// `genmove` never answers `resign`: games are played to the end
        /// (by default the search resigns a game it finds lost, where the
        /// ruleset allows resignation).
        #[arg(long)]
        no_resign: bool,
        /// The threads the search runs on (default: every core).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
    },
}

/// The threads a search runs on: `threads`, or every core.
fn search_threads(threads: Option<u16>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    )
}

/// The longest time limit `play --seconds` takes: a day.
const MAX_SECONDS: f64 = 86_400.0;

/// Reads `play --seconds`: a number of seconds above 0 and at most
/// [`MAX_SECONDS`]. Zero, a negative number or NaN would be no limit at all,
/// and a huge one overflows the clock, so they are refused.
pub(crate) fn parse_seconds(text: &str) -> Result<f64, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if seconds > 0.0 && seconds <= MAX_SECONDS {
        Ok(seconds)
    } else {
        Err(format!(
            "a time limit is more than 0 and at most {MAX_SECONDS} seconds"
        ))
    }
}

/// The command-line definition (for the book's reference page).
pub(crate) fn command() -> clap::Command {
    use clap::CommandFactory;
    Cli::command()
}

fn main() -> ExitCode {
    tengen_variants::link();
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::List { format } => commands::list::run(format),
        Command::Explain { name, format } => commands::explain::run(&name, format),
        Command::Validate { files, format } => commands::validate::run(&files, format),
        Command::Schema {
            interface,
            check,
            write,
        } => commands::schema::run(interface, check.as_deref(), write.as_deref()),
        Command::Show {
            ruleset,
            options,
            format,
        } => commands::show::run(&ruleset, &options, format),
        Command::Analyze {
            ruleset,
            position,
            to_move,
            options,
            format,
        } => commands::analyze::run(&ruleset, &position, to_move, &options, format),
        Command::Engine => commands::engine::run(),
        Command::Conformance { command } => match command {
            ConformanceCommand::Export { output } => {
                commands::conformance::export(output.as_deref())
            }
            ConformanceCommand::Count { files, write } => commands::count::run(&files, write),
        },
        Command::Serve {
            port,
            host,
            ruleset_dir,
            book_dir,
            max_games,
            idle_minutes,
            allowed_hosts,
        } => commands::serve::run(commands::serve::Options {
            address: std::net::SocketAddr::new(host, port),
            ruleset_dir,
            book_dir,
            max_games,
            idle_minutes,
            allowed_hosts,
        }),
        Command::Selfplay(args) => commands::selfplay::run(&args),
        Command::Train {
            what:
                TrainCommand::Patterns {
                    files,
                    from,
                    out,
                    iterations,
                    min_count,
                },
        } => commands::train::run(&commands::train::TrainPlan {
            files: &files,
            from: &from,
            out: &out,
            iterations,
            min_count,
        }),
        Command::Play {
            ruleset,
            from,
            options,
            hex_tracker,
            show_pass_alive,
            black,
            white,
            playouts,
            seconds,
            seed,
            no_resign,
            threads,
        } => commands::play::run(
            ruleset.as_deref(),
            from.as_deref(),
            &options,
            commands::play::Display {
                hex_tracker,
                pass_alive: show_pass_alive,
            },
            commands::play::Opponents::new(
                black,
                white,
                commands::play::Strength {
                    playouts,
                    seconds,
                    seed,
                    resign: !no_resign,
                    threads: search_threads(threads),
                },
            ),
        ),
        Command::Replay {
            args,
            options,
            format,
            final_only,
        } => commands::replay::run(
            &args,
            &options,
            format,
            if final_only {
                commands::replay::Steps::Final
            } else {
                commands::replay::Steps::Every
            },
        ),
        Command::Convert {
            input,
            output,
            ruleset,
            options,
        } => commands::convert::run(&input, &output, ruleset.as_deref(), &options),
        Command::Gtp {
            ruleset,
            options,
            player,
            playouts,
            seed,
            no_resign,
            threads,
        } => commands::gtp::run(
            &ruleset,
            &options,
            player,
            (playouts, search_threads(threads)),
            seed,
            !no_resign,
        ),
        Command::Bench {
            rulesets,
            options,
            runs,
            seed,
            policy,
            search: Some(playouts),
            threads,
            patterns,
            ..
        } => commands::search_speed::run(&commands::search_speed::SearchPlan {
            priors: patterns,
            rulesets: &rulesets,
            options: &options,
            playouts,
            threads: search_threads(threads),
            runs,
            seed,
            policy: policy.into(),
        }),
        Command::Bench {
            rulesets,
            options,
            games,
            runs,
            seed,
            max_actions,
            engine,
            policy,
            search: None,
            threads: _,
            patterns: _,
        } => commands::bench::run(&commands::bench::Plan {
            rulesets: &rulesets,
            options: &options,
            games,
            runs,
            seed,
            max_actions,
            engines: engine,
            policy: policy.into(),
        }),
        Command::Generate {
            write,
            check: _,
            root,
        } => commands::generate::run(std::path::Path::new(&root), write),
        Command::Book {
            write,
            check: _,
            links,
            root,
        } => match links {
            Some(site) => book::check_links(std::path::Path::new(&site)),
            None => book::run(
                std::path::Path::new(&root),
                if write {
                    book::Mode::Write
                } else {
                    book::Mode::Check
                },
            ),
        },
    };
    match outcome {
        // The output has failed and been reported: flushing what is left
        // of it would only report it again.
        Err(commands::Failure::Output(error)) => ExitCode::from(output::exit_code(&error)),
        Ok(()) => output::finish(ExitCode::SUCCESS),
        Err(commands::Failure::Reported) => output::finish(ExitCode::FAILURE),
        Err(commands::Failure::Message(message)) => {
            errln!("error: {message}");
            output::finish(ExitCode::FAILURE)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
