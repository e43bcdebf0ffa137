//! The page's files, embedded in the binary: the playground needs no
//! network and no files beside the `tengen` command.

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// Each file: its path on the server, its content type, its text.
pub(crate) const ASSETS: &[(&str, &str, &str)] = &[
    ("/", HTML, include_str!("../assets/index.html")),
    ("/style.css", CSS, include_str!("../assets/style.css")),
    ("/favicon.svg", SVG, include_str!("../assets/favicon.svg")),
    ("/app.js", JS, include_str!("../assets/app.js")),
    ("/api.js", JS, include_str!("../assets/api.js")),
    ("/dom.js", JS, include_str!("../assets/dom.js")),
    ("/names.js", JS, include_str!("../assets/names.js")),
    ("/notation.js", JS, include_str!("../assets/notation.js")),
    ("/markdown.js", JS, include_str!("../assets/markdown.js")),
    ("/board.js", JS, include_str!("../assets/board.js")),
    ("/panels.js", JS, include_str!("../assets/panels.js")),
    ("/run.js", JS, include_str!("../assets/run.js")),
    ("/game.js", JS, include_str!("../assets/game.js")),
    ("/choices.js", JS, include_str!("../assets/choices.js")),
    ("/lobby.js", JS, include_str!("../assets/lobby.js")),
    ("/learn.js", JS, include_str!("../assets/learn.js")),
];

/// The file at `path`, with its content type.
pub(crate) fn asset(path: &str) -> Option<(&'static str, &'static str)> {
    ASSETS
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|(_, kind, text)| (*kind, *text))
}
