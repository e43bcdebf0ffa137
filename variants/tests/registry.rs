//! The registry as linked: a snapshot of the sorted listing catches a
//! component that disappears (for example because its crate is no longer
//! linked) or one that appears without review.

use tengen_core::ComponentKind;

#[test]
fn the_registry_lists_every_component_sorted() {
    let registry = tengen_variants::registry();
    let mut listing = String::new();
    for kind in ComponentKind::ALL {
        for r in registry.of_kind(kind) {
            listing.push_str(&format!("{:<10} {:<20} {}\n", kind.section(), r.id, r.file));
        }
    }
    insta::assert_snapshot!(listing);
}

#[test]
fn every_component_has_docs_and_a_parameter_schema() {
    for r in tengen_variants::registry().all() {
        assert!(!r.summary().is_empty(), "{} has no docs", r.id);
        for p in r.params() {
            assert!(
                !p.description.is_empty(),
                "{}.{} has no description",
                r.id,
                p.name
            );
        }
    }
}

#[test]
fn unknown_ids_are_absent_and_ids_are_kebab_case() {
    let registry = tengen_variants::registry();
    assert!(
        registry
            .get(ComponentKind::Resolver, "no-such-resolver")
            .is_none()
    );
    for r in registry.all() {
        assert!(
            r.id.split('-').all(|w| !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())),
            "{} is not kebab-case",
            r.id
        );
    }
}
