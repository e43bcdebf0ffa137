//! The page's files, embedded in the binary: the playground needs no
//! network and no files beside the `tengen` command.

/// Each file: its path on the server, its content type, its text.
pub(crate) const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
];

/// The file at `path`, with its content type.
pub(crate) fn asset(path: &str) -> Option<(&'static str, &'static str)> {
    ASSETS
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|(_, kind, text)| (*kind, *text))
}
