//! `tengen engine`: the JSON-lines engine protocol on standard input and
//! output (see `tengen_json::engine`).

use super::Failure;

pub(crate) fn run() -> Result<(), Failure> {
    let mut engine = tengen_json::engine::Engine::new(tengen_variants::library());
    let stdin = std::io::BufReader::new(std::io::stdin());
    let stdout = std::io::stdout();
    let outcome = tengen_json::engine::session_live(&mut engine, stdin, &mut stdout.lock());
    match outcome {
        Ok(()) => Ok(()),
        // A closed pipe ends quietly, any other write error with one line
        // (see `crate::output`).
        Err(e) => Err(Failure::Output(e)),
    }
}
