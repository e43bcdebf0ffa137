//! A repeating pattern of placements.

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::Schedule;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::Slot;

tengen_core::component! {
    /// A pattern of placement digits repeated for ever: placement `k`
    /// belongs to letter A when digit `k mod length` of the pattern is `0`,
    /// and to letter B when it is `1`. Balanced Marseillais is `"0110"`
    /// (`A | BB | AA | BB | ...`: the first move has one placement, every
    /// later move two); `"01101001"` repeats the first eight terms of the
    /// Thue-Morse order; `"01"` is strict alternation.
    #[component(Schedule, "periodic")]
    #[derive(Debug)]
    pub struct Periodic {
        pattern: Vec<Slot>,
    }
}

/// Parameters of [`Periodic`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PeriodicParams {
    /// The digits of one period: `0` for letter A, `1` for letter B; from 2
    /// to 64 digits, with both digits present.
    #[schemars(regex(pattern = r"^[01]{2,64}$"))]
    pub pattern: String,
}

impl FromParams for Periodic {
    type Params = PeriodicParams;

    fn from_params(p: PeriodicParams, _: &BuildContext) -> Result<Periodic, Vec<BuildProblem>> {
        let pattern: Vec<Slot> = p
            .pattern
            .chars()
            .map(|c| match c {
                '0' => Ok(Slot::A),
                '1' => Ok(Slot::B),
                other => Err(other),
            })
            .collect::<Result<_, _>>()
            .map_err(|c| {
                vec![BuildProblem::at(
                    "pattern",
                    format!("`{c}` is not a placement digit: use 0 and 1"),
                )]
            })?;
        if !(2..=64).contains(&pattern.len())
            || !pattern.contains(&Slot::A)
            || !pattern.contains(&Slot::B)
        {
            return Err(vec![BuildProblem::at(
                "pattern",
                format!(
                    "`{}` cannot be a schedule: give 2 to 64 digits, with both 0 and 1 in it",
                    p.pattern
                ),
            )]);
        }
        Ok(Periodic { pattern })
    }
}

tengen_core::component_without_hooks!(Periodic);

impl Schedule for Periodic {
    #[inline]
    fn slot(&self, k: u64) -> Slot {
        self.pattern[(k % self.pattern.len() as u64) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build(pattern: &str) -> Result<Periodic, Vec<BuildProblem>> {
        Periodic::from_params(
            PeriodicParams {
                pattern: pattern.into(),
            },
            &BuildContext::default(),
        )
    }

    #[test]
    fn balanced_marseillais_repeats_its_four_terms() {
        let p = build("0110").unwrap();
        let letters: String = (0..12)
            .map(|k| if p.slot(k) == Slot::A { 'R' } else { 'B' })
            .collect();
        assert_eq!(letters, "RBBRRBBRRBBR");
    }

    #[test]
    fn patterns_without_both_digits_are_refused() {
        assert!(build("0000").is_err());
        assert!(build("0").is_err());
        assert!(build("012").is_err());
    }
}
