//! The JSON contract (`docs/api.md`): what `grundy ... --json` prints and the web API answers,
//! as typed structs built one way each.
//!
//! - [`Analyzed`] builds [`AnalysisJson`], an analysed position of an impartial ruleset
//!   ([`playable`] for a ruleset of [`crate::play`]);
//! - [`Scored`] builds [`ScoreJson`], a scoring game's analysis ([`ends`] for the two-ends Stone
//!   Game, LeetCode 877);
//! - [`ValuesReport`] serialises a Grundy value sequence, [`ExploreReport`] a family explored;
//! - [`GraphReport`] serialises a graph and tokens on it, [`QuotientReport`] a misère quotient;
//! - [`LoopyGrundy`]: a generalized Sprague–Grundy value in a `grundy` field (graphs, scripts);
//! - [`RulesetJson`] lists a playable ruleset, [`moved`] answers a move;
//! - [`nimber_value`] and [`nimber_table`]: `grundy nimber`'s answers;
//! - [`exact_in_javascript`] rewrites an answer for a JavaScript client.
//!
//! Only with the `serde` feature (on by default).

mod analysis;
mod explore;
mod graph;
mod nimber;
mod play;
mod quotient;
mod scored;
mod values;

pub use analysis::{AnalysisJson, Analyzed, MoveJson, Written, playable};
pub use explore::ExploreReport;
pub use graph::GraphReport;
pub use nimber::{nimber_table, nimber_value};
pub use play::{MovedJson, RulesetJson, moved};
pub use quotient::QuotientReport;
pub use scored::{ScoreJson, Scored, ends};
pub use values::{RARE_LISTED, ValuesReport};

use serde::Serialize;
use serde_json::Value;

use crate::graph::loopy::LoopyValue;
use crate::{Explain, Lang};

pub use crate::report::MOVE_POSITION_LIMIT;

/// An explanation step: its fields and numbers, and its `text` in the language asked for.
#[derive(Serialize)]
pub struct StepJson<'a, S> {
    #[serde(flatten)]
    step: &'a S,
    text: String,
}

impl<'a, S: Explain> StepJson<'a, S> {
    /// Every step of `steps`, with its text in `lang`.
    pub fn all(steps: &'a [S], lang: Lang) -> Vec<StepJson<'a, S>> {
        steps
            .iter()
            .map(|step| StepJson {
                step,
                text: step.text(lang),
            })
            .collect()
    }
}

/// A generalized Sprague–Grundy value as a `grundy` field gives it: the number, or `"inf"` for
/// ∞(K) (K goes in a field of its own, `finite_options`: [`LoopyValue::finite_options`]).
pub struct LoopyGrundy<'a>(pub &'a LoopyValue);

impl Serialize for LoopyGrundy<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            LoopyValue::Finite(g) => serializer.serialize_u64(g.value()),
            LoopyValue::Infinite(_) => serializer.serialize_str("inf"),
        }
    }
}

/// The largest whole number JavaScript holds exactly, 2^53 − 1 (`Number.MAX_SAFE_INTEGER`).
pub const MAX_EXACT_IN_JAVASCRIPT: u64 = (1 << 53) - 1;

/// Writes every whole number of `value` beyond ±(2^53 − 1) as a decimal string, so that a
/// JavaScript client reads every number of an answer exactly (`JSON.parse` rounds larger ones).
pub fn exact_in_javascript(value: &mut Value) {
    match value {
        Value::Number(n) => {
            let beyond = match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => u > MAX_EXACT_IN_JAVASCRIPT,
                (None, Some(i)) => i.unsigned_abs() > MAX_EXACT_IN_JAVASCRIPT,
                (None, None) => false,
            };
            if beyond {
                *value = Value::String(n.to_string());
            }
        }
        Value::Array(items) => items.iter_mut().for_each(exact_in_javascript),
        Value::Object(fields) => fields.values_mut().for_each(exact_in_javascript),
        Value::Null | Value::Bool(_) | Value::String(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_past_two_to_the_53_become_strings_and_smaller_ones_stay() {
        let top = MAX_EXACT_IN_JAVASCRIPT;
        let mut v = json!({"a": [top, top + 1, -(top as i64), -(top as i64) - 1], "b": {"c": u64::MAX}, "d": 1.5});
        exact_in_javascript(&mut v);
        assert_eq!(
            v,
            json!({"a": [top, (top + 1).to_string(), -(top as i64), (-(top as i64) - 1).to_string()], "b": {"c": u64::MAX.to_string()}, "d": 1.5})
        );
    }
}
