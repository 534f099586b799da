//! The default family of a ruleset ([`crate::ruleset::Ruleset::family`]): each position
//! analysed.

use crate::explore::Exploration;
use crate::period::Certificate;
use crate::ruleset::{Ruleset, SetupError};
use crate::{AnalyzeOptions, GameValue};

/// The family of ruleset `ruleset`'s positions `fixed` plus one more number n, for n from 0 to
/// `to` − 1, each analysed by the ruleset: what [`Ruleset::family`] gives unless a ruleset has
/// its values faster or a theorem for their period.
///
/// # Errors
/// [`SetupError::BadPosition`] when some n gives no position, or a position without a value
/// (its analysis cannot search it, or its convention has none).
pub fn analysed<R: Ruleset + ?Sized>(
    ruleset: &R,
    fixed: &[u64],
    to: u64,
) -> Result<Exploration, SetupError> {
    let options = AnalyzeOptions {
        max_moves: 0,
        explain: false,
    };
    let mut values = Vec::with_capacity(usize::try_from(to).unwrap_or(0));
    let mut numbers = fixed.to_vec();
    for n in 0..to {
        numbers.push(n);
        let position = ruleset.position(numbers.clone()).map_err(|e| match e {
            SetupError::BadPosition { problem } => SetupError::BadPosition {
                problem: format!("n = {n}: {problem}"),
            },
            e => e,
        })?;
        numbers.pop();
        let analysis =
            ruleset
                .analyze(&position, &options)
                .map_err(|e| SetupError::BadPosition {
                    problem: format!("n = {n}: {e}"),
                })?;
        let value = analysis.value.and_then(|v| v.nimber()).ok_or_else(|| SetupError::BadPosition {
            problem: format!(
                "{}'s analysis gives no Grundy value (it decides who wins), so there is nothing to explore",
                R::ABOUT.name
            ),
        })?;
        values.push(value);
    }
    Ok(Exploration::new(values, Certificate::None))
}
