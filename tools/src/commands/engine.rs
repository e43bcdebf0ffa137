//! `tengen engine`: the JSON-lines engine protocol on standard input and
//! output (see `tengen_json::engine`).

use super::Failure;

pub(crate) fn run() -> Result<(), Failure> {
    let mut engine = tengen_json::engine::Engine::new(tengen_variants::library());
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let outcome = tengen_json::engine::session(&mut engine, &mut stdin.lock(), &mut stdout.lock());
    match outcome {
        Ok(()) => Ok(()),
        // A controller that stops reading ends the session quietly.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure::Message(format!("the engine session ended: {e}"))),
    }
}
