//! The JSON of a script state's analysis: `grundy script --json`, one object per state.

use grundy::json::{LoopyGrundy, StepJson};
use grundy::{Lang, Move, Nimber, Outcome};
use serde::Serialize;

use crate::analysis::{LoopyAnalysis, ScriptStep, StateAnalysis};
use crate::reach::Reach;
use crate::state::State;

/// The JSON object of a state's analysis: `game` (`"script"`), `script` (the file as named),
/// `position` (the state), `outcome`, `grundy` (under `--loopy` a number or `"inf"`),
/// `winning_moves` (each `position`, `change`: `kind` `"option"` and the option's `index`,
/// `description`), `winning_move_count`; under `--loopy`, `finite_options` where the value is
/// infinite and `reachable_states`; otherwise `components` (each `position` and `grundy`) where
/// the script splits the state and `explanation` where there is one.
#[derive(Serialize)]
pub struct ScriptJson<'a> {
    game: &'static str,
    script: &'a str,
    position: &'a State,
    outcome: Outcome,
    grundy: Value<'a>,
    winning_moves: Vec<OptionJson<'a>>,
    winning_move_count: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    finite_options: Option<&'a [Nimber]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reachable_states: Option<usize>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    components: Vec<ComponentJson<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    explanation: Vec<StepJson<'a, ScriptStep>>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum Value<'a> {
    Normal(Nimber),
    Loopy(LoopyGrundy<'a>),
}

#[derive(Serialize)]
struct OptionJson<'a> {
    position: &'a State,
    change: OptionChange,
    description: String,
}

#[derive(Serialize)]
struct OptionChange {
    kind: &'static str,
    index: usize,
}

#[derive(Serialize)]
struct ComponentJson<'a> {
    position: &'a State,
    grundy: Nimber,
}

/// A move to option `index` of a state, `to`, described as every ruleset's move is (`move to 7`).
pub fn describe_move(index: usize, to: &State, lang: Lang) -> String {
    Reach {
        option: index,
        to: to.to_string(),
    }
    .describe(lang)
}

/// The fields of the object every analysis has, at most `max_moves` winning moves listed.
fn contract<'a>(
    script: &'a str,
    state: &'a State,
    outcome: Outcome,
    grundy: Value<'a>,
    winning: &'a [(usize, State)],
    max_moves: usize,
    lang: Lang,
) -> ScriptJson<'a> {
    ScriptJson {
        game: "script",
        script,
        position: state,
        outcome,
        grundy,
        winning_moves: winning
            .iter()
            .take(max_moves)
            .map(|(index, to)| OptionJson {
                position: to,
                change: OptionChange {
                    kind: "option",
                    index: *index,
                },
                description: describe_move(*index, to, lang),
            })
            .collect(),
        winning_move_count: winning.len(),
        finite_options: None,
        reachable_states: None,
        components: Vec::new(),
        explanation: Vec::new(),
    }
}

impl<'a> ScriptJson<'a> {
    /// The JSON object of `analysis`, a state of the script named `script`, at most `max_moves`
    /// winning moves listed, its texts in `lang`.
    pub fn of_state(
        analysis: &'a StateAnalysis,
        script: &'a str,
        max_moves: usize,
        lang: Lang,
    ) -> Self {
        ScriptJson {
            components: analysis
                .components
                .iter()
                .map(|(position, grundy)| ComponentJson {
                    position,
                    grundy: *grundy,
                })
                .collect(),
            explanation: StepJson::all(&analysis.explanation, lang),
            ..contract(
                script,
                &analysis.state,
                analysis.outcome,
                Value::Normal(analysis.value),
                &analysis.winning,
                max_moves,
                lang,
            )
        }
    }

    /// The JSON object of `analysis` under `--loopy`, a state of the script named `script`, at
    /// most `max_moves` winning moves listed, its texts in `lang`.
    pub fn of_loopy(
        analysis: &'a LoopyAnalysis,
        script: &'a str,
        max_moves: usize,
        lang: Lang,
    ) -> Self {
        ScriptJson {
            finite_options: analysis.value.finite_options(),
            reachable_states: Some(analysis.reachable),
            ..contract(
                script,
                &analysis.state,
                analysis.outcome,
                Value::Loopy(LoopyGrundy(&analysis.value)),
                &analysis.winning,
                max_moves,
                lang,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Script, ScriptLimits};

    #[test]
    fn a_split_state_lists_its_components_and_a_loopy_one_its_finite_options() {
        let source = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/scripts/lasker-nim.rhai"
        ))
        .unwrap();
        let script = Script::compile(&source, ScriptLimits::default()).unwrap();
        let state = script.parse_state("[1, 2]", 1).unwrap();
        let analysis = script.analyze(&state, false).unwrap();
        assert_eq!(
            serde_json::to_string(&ScriptJson::of_state(
                &analysis,
                "lasker-nim.rhai",
                10,
                Lang::En
            ))
            .unwrap(),
            concat!(
                r#"{"game":"script","script":"lasker-nim.rhai","position":[1,2],"outcome":"N","#,
                r#""grundy":3,"winning_moves":[{"position":[1,1],"change":{"kind":"option","#,
                r#""index":2},"description":"move to [1, 1]"}],"winning_move_count":1,"#,
                r#""components":[{"position":[1],"grundy":1},{"position":[2],"grundy":2}]}"#
            )
        );
        let draw = Script::compile("fn options(n) { [1 - n] }", ScriptLimits::default()).unwrap();
        let analyses = draw.analyze_loopy(&[State::Int(0)]).unwrap();
        assert_eq!(
            serde_json::to_string(&ScriptJson::of_loopy(
                &analyses[0],
                "draw.rhai",
                10,
                Lang::En
            ))
            .unwrap(),
            concat!(
                r#"{"game":"script","script":"draw.rhai","position":0,"outcome":"D","#,
                r#""grundy":"inf","winning_moves":[],"winning_move_count":0,"finite_options":[],"#,
                r#""reachable_states":2}"#
            )
        );
    }
}
