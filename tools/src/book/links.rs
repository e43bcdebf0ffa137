//! Checks a built book: every internal link and image of every HTML page
//! must name a file that exists and, where it has one, an anchor that the
//! file defines.

use crate::commands::Failure;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Checks every page under `site` (the output of `mdbook build`).
pub(crate) fn check_links(site: &Path) -> Result<(), Failure> {
    let pages = html_files(site);
    if pages.is_empty() {
        return Err(Failure::Message(format!(
            "{} holds no HTML pages: build the book first (`mdbook build book`)",
            site.display()
        )));
    }
    let mut ids: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    let mut broken = Vec::new();
    let mut checked = 0usize;
    for page in &pages {
        let text = std::fs::read_to_string(page)
            .map_err(|e| Failure::Message(format!("{}: {e}", page.display())))?;
        let folder = page.parent().unwrap_or(site);
        for target in attribute_values(&text, "href=\"")
            .into_iter()
            .chain(attribute_values(&text, "src=\""))
        {
            if is_external(&target) {
                continue;
            }
            checked += 1;
            let (file, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (target.as_str(), None),
            };
            let path = if file.is_empty() {
                page.clone()
            } else {
                folder.join(file.split('?').next().unwrap_or(file))
            };
            let Ok(path) = path.canonicalize() else {
                broken.push(format!(
                    "{}: `{target}`: no such file",
                    relative(site, page)
                ));
                continue;
            };
            let Some(anchor) = anchor.filter(|a| !a.is_empty()) else {
                continue;
            };
            let known = ids.entry(path.clone()).or_insert_with(|| {
                std::fs::read_to_string(&path)
                    .map(|t| attribute_values(&t, "id=\"").into_iter().collect())
                    .unwrap_or_default()
            });
            if !known.contains(anchor) {
                broken.push(format!(
                    "{}: `{target}`: {} has no anchor `{anchor}`",
                    relative(site, page),
                    relative(site, &path)
                ));
            }
        }
    }
    if broken.is_empty() {
        outln!(
            "{checked} internal links and images on {} pages all resolve",
            pages.len()
        );
        Ok(())
    } else {
        Err(Failure::Message(format!(
            "{} broken link(s) in the book:\n  {}",
            broken.len(),
            broken.join("\n  ")
        )))
    }
}

fn is_external(target: &str) -> bool {
    target.contains("://")
        || target.starts_with("mailto:")
        || target.starts_with("javascript:")
        || target.starts_with("data:")
        || target.starts_with("//")
}

fn relative(site: &Path, path: &Path) -> String {
    let site = site.canonicalize().unwrap_or_else(|_| site.to_path_buf());
    path.strip_prefix(&site)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The values of every attribute that starts with `prefix` (`href="`).
fn attribute_values(html: &str, prefix: &str) -> Vec<String> {
    let mut values = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find(prefix) {
        // Only whole attribute names: `data-id="` is not `id="`.
        let before = rest[..i].chars().next_back();
        rest = &rest[i + prefix.len()..];
        let Some(end) = rest.find('"') else { break };
        if before.is_none_or(char::is_whitespace) {
            values.push(rest[..end].replace("&amp;", "&"));
        }
        rest = &rest[end..];
    }
    values
}

fn html_files(site: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![site.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|x| x == "html") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::attribute_values;

    #[test]
    fn attribute_values_take_whole_names_only() {
        let html = r#"<a href="a.html#x">a</a><b data-id="no" id="yes">"#;
        assert_eq!(attribute_values(html, "href=\""), vec!["a.html#x"]);
        assert_eq!(attribute_values(html, "id=\""), vec!["yes"]);
    }
}
