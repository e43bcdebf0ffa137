//! The registry's lists as they appear in messages (every bundled ruleset,
//! every component of a kind), replaced by placeholders in the front ends'
//! snapshots, so that adding a variant changes no snapshot but its own
//! scenarios' and the registry's, which records the lists.

use tengen_core::ComponentKind;
use tengen_core::registry::Registry;

/// `text` with each list of bundled ruleset ids (`enhanced-go, go, ...`)
/// written `[the bundled rulesets]`, and each list of one kind's component
/// ids that a message offers (`kind = a, b`, `the choices are: a, b`)
/// written `[the registered <kind> kinds]`.
pub fn without_registry_lists(text: &str) -> String {
    tengen_variants::link();
    let library = tengen_variants::library();
    let mut bundled: Vec<&str> = library.bundled().iter().map(|b| b.id).collect();
    bundled.sort_unstable();
    let mut text = text.replace(&bundled.join(", "), "[the bundled rulesets]");
    let registry = Registry::global().expect("the registry has no duplicates");
    for kind in ComponentKind::ALL {
        let ids = registry.ids(kind).join(", ");
        let placeholder = format!("[the registered {} kinds]", kind.section());
        for offer in ["kind = ", "the choices are: "] {
            text = text.replace(&format!("{offer}{ids}"), &format!("{offer}{placeholder}"));
        }
    }
    text
}
