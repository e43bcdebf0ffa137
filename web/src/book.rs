//! The built rules reference under `/book/`: only regular files inside
//! the book's folder, found after the path is decoded and resolved, and
//! only up to a bounded size. A path that names anything else (a parent
//! folder, an absolute path after a doubled slash, a hidden file, a
//! symbolic link out of the folder, a device, a FIFO, a folder without an
//! index) is not found, and answered at once.

use std::fs::File;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// The largest file of the book the server sends (the biggest page of
/// the built book is well under a megabyte).
pub(crate) const MAX_BOOK_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// A file of the book: its bytes and its content type.
pub(crate) struct BookFile {
    pub(crate) bytes: Vec<u8>,
    pub(crate) kind: &'static str,
}

/// The folder's relative path that `rest` (the URL path after `/book/`,
/// still percent-encoded) names, if it names one plainly: every segment
/// decodes to UTF-8, none is empty (except a final one, which asks for a
/// folder's index), `.`, `..` or hidden, and none holds a slash, a
/// backslash or a NUL once decoded.
fn relative(rest: &str) -> Option<PathBuf> {
    let mut path = PathBuf::new();
    let mut segments = rest.split('/').peekable();
    while let Some(segment) = segments.next() {
        let last = segments.peek().is_none();
        if segment.is_empty() {
            if last {
                path.push("index.html");
                break;
            }
            return None;
        }
        let decoded = percent_encoding::percent_decode_str(segment)
            .decode_utf8()
            .ok()?;
        if decoded.starts_with('.') || decoded.contains(['/', '\\', '\0', ':']) {
            return None;
        }
        let mut components = Path::new(decoded.as_ref()).components();
        match (components.next(), components.next()) {
            (Some(Component::Normal(part)), None) => path.push(part),
            _ => return None,
        }
    }
    if path.as_os_str().is_empty() {
        path.push("index.html");
    }
    Some(path)
}

/// Opens `path` for reading without waiting on it: a FIFO opened for
/// reading would otherwise block until a writer came.
fn open(path: &Path) -> Option<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A FIFO opens at once (and is then refused as not a regular
        // file); on a regular file the flag changes nothing.
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path).ok()
}

/// The file of the book in `dir` that `rest` names, if it is a regular
/// file inside the folder (after every symbolic link is resolved) of at
/// most [`MAX_BOOK_FILE_BYTES`].
pub(crate) fn book_file(dir: &Path, rest: &str) -> Option<BookFile> {
    let root = dir.canonicalize().ok()?;
    let relative = relative(rest)?;
    let mut resolved = root.join(&relative).canonicalize().ok()?;
    if !resolved.starts_with(&root) {
        return None;
    }
    if resolved.is_dir() {
        resolved = resolved.join("index.html").canonicalize().ok()?;
        if !resolved.starts_with(&root) {
            return None;
        }
    }
    let file = open(&resolved)?;
    // The checks are made on the file opened, not on the name, so that
    // a file swapped for another after the name was resolved is judged
    // as what was opened.
    let metadata = file.metadata().ok()?;
    if !metadata.is_file() || metadata.len() > MAX_BOOK_FILE_BYTES {
        return None;
    }
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).ok()?);
    file.take(MAX_BOOK_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .ok()?;
    if bytes.len() as u64 > MAX_BOOK_FILE_BYTES {
        return None;
    }
    let kind = match resolved.extension().and_then(|x| x.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("woff2") => "font/woff2",
        Some("woff") => "font/woff",
        Some("ttf") => "font/ttf",
        Some("txt" | "md") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    };
    Some(BookFile { bytes, kind })
}

#[cfg(test)]
mod tests {
    use super::relative;
    use std::path::PathBuf;

    #[test]
    fn plain_paths_name_files_inside_the_folder() {
        assert_eq!(
            relative("rulesets/go.html"),
            Some("rulesets/go.html".into())
        );
        assert_eq!(relative(""), Some("index.html".into()));
        assert_eq!(
            relative("rulesets/"),
            Some(PathBuf::from("rulesets/index.html"))
        );
        assert_eq!(relative("a%20b.html"), Some("a b.html".into()));
    }

    #[test]
    fn every_way_out_of_the_folder_is_refused() {
        for rest in [
            "/etc/passwd",
            "//etc/passwd",
            "../Cargo.toml",
            "rulesets/../../Cargo.toml",
            "%2e%2e/Cargo.toml",
            "%2E%2E%2FCargo.toml",
            "%2fetc%2fpasswd",
            "..%5c..%5cCargo.toml",
            ".hidden",
            "rulesets//go.html",
            "a%00b",
            "C:%5cwindows",
            "%ff",
        ] {
            assert_eq!(relative(rest), None, "{rest}");
        }
    }
}
