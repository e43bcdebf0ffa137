//! `tengen conformance count FILE...`: the legal action sequences of conformance count
//! files, checked against (or, with `--write`, written into) the files.

use super::Failure;
use std::path::Path;
use tengen_conformance::counts::{CountFile, rewrite};

pub(crate) fn run(files: &[String], write: bool) -> Result<(), Failure> {
    let mut differing = 0;
    for file in files {
        let path = Path::new(file);
        let counts = CountFile::read(path).map_err(Failure::Message)?;
        let recounted = counts
            .recount()
            .map_err(|e| Failure::Message(format!("{file}: {e}")))?;
        for (position, actual) in counts.positions.iter().zip(&recounted) {
            let numbers: Vec<String> = actual.iter().map(u64::to_string).collect();
            outln!("{file}: {}: {}", position.name, numbers.join(" "));
        }
        if write {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Failure::Message(format!("{file}: {e}")))?;
            let text =
                rewrite(&text, &recounted).map_err(|e| Failure::Message(format!("{file}: {e}")))?;
            std::fs::write(path, text).map_err(|e| Failure::Message(format!("{file}: {e}")))?;
            continue;
        }
        let differences = counts.differences(&recounted);
        for difference in &differences {
            outln!("{file}: {difference}");
        }
        if !differences.is_empty() {
            differing += 1;
        }
    }
    if differing > 0 {
        return Err(Failure::Message(format!(
            "{differing} of {} count file{} differ from tengen's counts (record them with --write)",
            files.len(),
            if files.len() == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}
