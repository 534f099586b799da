//! The JSON of `grundy nimber`: an expression's value, or a table of nim-products.

use serde::Serialize;
use serde_json::Value;

use super::StepJson;
use crate::Lang;
use crate::nimber::NimberStep;

/// An expression's value, with the steps of its products when they were asked for; numbers are
/// JSON numbers, exact up to 2^64 − 1, as every `--json` of the command line writes them.
pub fn nimber_value(
    expression: &str,
    value: u64,
    steps: Option<&[NimberStep]>,
    lang: Lang,
) -> Value {
    #[derive(Serialize)]
    struct ValueJson<'a> {
        expression: &'a str,
        value: u64,
        #[serde(skip_serializing_if = "Option::is_none")]
        explanation: Option<Vec<StepJson<'a, NimberStep>>>,
    }
    let json = ValueJson {
        expression,
        value,
        explanation: steps.map(|steps| StepJson::all(steps, lang)),
    };
    serde_json::to_value(json).expect("a value serialises")
}

/// The table of the products a ⊗ b for a, b below `n`.
pub fn nimber_table(n: u16, table: Vec<Vec<u64>>) -> Value {
    #[derive(Serialize)]
    struct TableJson {
        n: u16,
        table: Vec<Vec<u64>>,
    }
    serde_json::to_value(TableJson { n, table }).expect("a table serialises")
}
