//! Reading a request of the position endpoints: its JSON fields, each number checked against
//! the [`ServerLimits`], the ruleset's parameters as [`Setup`] holds them.

use std::collections::BTreeMap;

use grundy::parse::Token;
use grundy::ruleset::Setup;
use grundy::{AnalyzeOptions, Cancel, Lang};
use serde::Deserialize;
use serde_json::Value;

use super::{ApiError, ServerLimits};

/// The field `lang`: the language of descriptions and explanations.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum LangField {
    #[default]
    En,
    Zh,
}

impl From<LangField> for Lang {
    fn from(l: LangField) -> Lang {
        match l {
            LangField::En => Lang::En,
            LangField::Zh => Lang::Zh,
        }
    }
}

/// A request of the position endpoints, as sent.
#[derive(Deserialize)]
pub(super) struct Request {
    pub(super) game: String,
    pub(super) position: Option<Vec<Value>>,
    /// The rules of a script game (Rhai source).
    pub(super) script: Option<String>,
    /// A script game's position, as a script expression.
    pub(super) state: Option<String>,
    #[serde(default)]
    pub(super) misere: bool,
    /// Every-SG play: a move in every pile that can move.
    #[serde(default)]
    pub(super) every: bool,
    #[serde(default)]
    pub(super) explain: bool,
    #[serde(default)]
    pub(super) lang: LangField,
    #[serde(default, deserialize_with = "optional_count")]
    pub(super) max_moves: Option<usize>,
    #[serde(rename = "move")]
    pub(super) text_move: Option<String>,
    /// Each winning move of an analysis also written in the ruleset's notation (`move`).
    #[serde(default)]
    pub(super) notation: bool,
    /// The ruleset's parameters as one object (`"params": {"k": 3}`).
    #[serde(rename = "params")]
    pub(super) params_object: Option<BTreeMap<String, Value>>,
    /// Every other field is a parameter of the ruleset (`"k": 3`), named as on the command line.
    #[serde(flatten)]
    pub(super) params: BTreeMap<String, Value>,
}

/// What a request asks for.
#[derive(Clone, Copy, Debug)]
pub enum Action {
    /// The analysis, as `--json` prints it.
    Analyze,
    /// Check the `move` and give the position after it.
    Move,
    /// The computer's move.
    Computer,
}

/// A checked request, ready to run on the ruleset it names.
pub(super) struct Job {
    pub(super) action: Action,
    pub(super) numbers: Vec<u64>,
    pub(super) options: AnalyzeOptions,
    pub(super) lang: Lang,
    pub(super) text_move: Option<String>,
    /// Write each winning move in the ruleset's notation too.
    pub(super) notation: bool,
    pub(super) search_budget: u64,
    /// Stops the computer's search at the time budget.
    pub(super) cancel: Cancel,
    /// The rules and state of a script game.
    pub(super) script: Option<Source>,
}

/// A whole-number field of a request. serde_json reads a number above 2^64 - 1 as a float: it is
/// refused as too large, not as a fraction.
pub(super) fn whole_number<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<u64, D::Error> {
    use serde::de::Error;
    let n = serde_json::Number::deserialize(deserializer)?;
    match (n.as_u64(), n.as_f64()) {
        (Some(v), _) => Ok(v),
        (None, Some(f)) if f < 0.0 => Err(D::Error::custom(format!(
            "{n} is negative; counts are 0 or more"
        ))),
        (None, Some(f)) if f.fract() == 0.0 => Err(D::Error::custom(
            "a number is too large: above 18446744073709551615 (2^64 - 1)",
        )),
        _ => Err(D::Error::custom(format!("{n} is not a whole number"))),
    }
}

/// An optional count ([`whole_number`]), as large as the machine holds.
pub(super) fn optional_count<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<usize>, D::Error> {
    let n = whole_number(deserializer)?;
    Ok(Some(usize::try_from(n).unwrap_or(usize::MAX)))
}

/// A position's numbers (the request's field `field`), each checked against the limits;
/// errors name the index.
pub(super) fn numbers(
    position: &[Value],
    field: &str,
    limits: &ServerLimits,
) -> Result<Vec<u64>, ApiError> {
    if position.len() > limits.max_components {
        return Err(ApiError::unprocessable(format!(
            "'{field}' has {} components; this server takes at most {}",
            position.len(),
            limits.max_components
        )));
    }
    position
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let too_large = || {
                ApiError::unprocessable(format!(
                    "{field}[{i}] is too large: above this server's limit {}",
                    limits.max_value
                ))
            };
            let problem = match v {
                Value::Number(n) => match n.as_u64() {
                    Some(x) if x <= limits.max_value => return Ok(x),
                    Some(_) => return Err(too_large()),
                    None if n.as_f64().is_some_and(|f| f < 0.0) => {
                        "is negative; counts are 0 or more"
                    }
                    // serde_json reads a whole number above 2^64 - 1 as a float.
                    None if n.as_f64().is_some_and(|f| f.fract() == 0.0 && f > 0.0) => {
                        return Err(too_large());
                    }
                    None => "is not a whole number",
                },
                _ => "is not a number",
            };
            Err(ApiError::unprocessable(format!(
                "{field}[{i}]: {} {problem}",
                Token::new(&v.to_string())
            )))
        })
        .collect()
}

/// A parameter's JSON value as the text [`Setup::params`] holds: strings as they are, lists
/// joined by commas, anything else as JSON.
pub(super) fn param_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(param_text).collect::<Vec<_>>().join(","),
        other => other.to_string(),
    }
}

/// The ruleset's parameters of a request, from its fields and its `params` object, as the text
/// [`Setup::params`] holds; a parameter that is null is left out.
///
/// # Errors
/// 400 for a parameter given both ways with two values, 422 for a number above 2^64 − 1.
fn parameters(
    fields: BTreeMap<String, Value>,
    object: BTreeMap<String, Value>,
) -> Result<BTreeMap<String, String>, ApiError> {
    let mut params: BTreeMap<String, String> = BTreeMap::new();
    for (name, value) in fields.into_iter().chain(object) {
        if value.is_null() {
            continue;
        }
        // serde_json reads a whole number above 2^64 - 1 as a float.
        if value.as_number().is_some_and(|n| {
            n.as_u64().is_none()
                && n.as_i64().is_none()
                && n.as_f64().is_some_and(|f| f.fract() == 0.0 && f > 0.0)
        }) {
            return Err(ApiError::unprocessable(format!(
                "parameter {} is too large: above 18446744073709551615 (2^64 - 1)",
                Token::new(&name)
            )));
        }
        let text = param_text(&value);
        if let Some(before) = params.get(&name).filter(|before| **before != text) {
            return Err(ApiError::bad_request(format!(
                "parameter {} is given twice, as {} and in 'params' as {}",
                Token::new(&name),
                Token::new(before),
                Token::new(&text)
            )));
        }
        params.insert(name, text);
    }
    Ok(params)
}

impl Job {
    /// The ruleset and the job a request asks for.
    pub(super) fn parse(
        body: &[u8],
        action: Action,
        limits: &ServerLimits,
    ) -> Result<(Setup, Job), ApiError> {
        let mut request: Request = serde_json::from_slice(body)
            .map_err(|e| ApiError::bad_request(format!("bad JSON request: {e}")))?;
        let script = Source::take(&mut request)?;
        let numbers = match &request.position {
            Some(position) => numbers(position, "position", limits)?,
            None if script
                .as_ref()
                .is_some_and(|s| !matches!(s.state, StateSource::Numbers)) =>
            {
                Vec::new()
            }
            None => return Err(ApiError::bad_request("the request has no 'position'")),
        };
        let setup = Setup {
            params: parameters(request.params, request.params_object.unwrap_or_default())?,
            game: request.game,
            misere: request.misere,
            every: request.every,
        };
        let job = Job {
            action,
            numbers,
            options: AnalyzeOptions {
                max_moves: request
                    .max_moves
                    .unwrap_or(AnalyzeOptions::DEFAULT_MAX_MOVES)
                    .min(limits.max_moves),
                explain: request.explain,
            },
            lang: request.lang.into(),
            text_move: request.text_move,
            notation: request.notation,
            search_budget: limits.search_budget,
            cancel: Cancel::new(),
            script,
        };
        Ok((setup, job))
    }
}

/// A request of `POST /api/explore`, as sent: `game`, the `fixed` numbers of the position before
/// n, the range `from`..`to`, `lang` and the ruleset's parameters (fields or a `params` object,
/// as for the position endpoints).
#[derive(Deserialize)]
pub(super) struct ExploreRequest {
    game: String,
    #[serde(default)]
    fixed: Vec<u64>,
    #[serde(default)]
    from: u64,
    #[serde(default = "default_to")]
    to: u64,
    #[serde(default)]
    lang: LangField,
    #[serde(rename = "params")]
    params_object: Option<BTreeMap<String, Value>>,
    #[serde(flatten)]
    params: BTreeMap<String, Value>,
}

/// The end of an explored range when a request gives none.
fn default_to() -> u64 {
    100
}

/// An explorer request read: the family's ruleset and parameters, its fixed numbers, the range
/// and the language.
pub(super) struct Exploring {
    pub(super) setup: Setup,
    pub(super) fixed: Vec<u64>,
    pub(super) from: u64,
    pub(super) to: u64,
    pub(super) lang: Lang,
}

impl ExploreRequest {
    /// The request checked against `limits`.
    ///
    /// # Errors
    /// 422 for a range past [`ServerLimits::max_upto`] or empty, or more fixed numbers than
    /// [`ServerLimits::max_components`]; 400 for bad parameters.
    pub(super) fn read(self, limits: &ServerLimits) -> Result<Exploring, ApiError> {
        if self.to > limits.max_upto.saturating_add(1) {
            return Err(ApiError::unprocessable(format!(
                "to {} is over this server's limit {} (grundy explore has no such limit)",
                self.to,
                limits.max_upto.saturating_add(1)
            )));
        }
        if self.from >= self.to {
            return Err(ApiError::unprocessable(format!(
                "the range {}..{} is empty",
                self.from, self.to
            )));
        }
        if self.fixed.len() > limits.max_components {
            return Err(ApiError::unprocessable(format!(
                "{} fixed numbers: this server takes at most {}",
                self.fixed.len(),
                limits.max_components
            )));
        }
        Ok(Exploring {
            setup: Setup {
                game: self.game,
                params: parameters(self.params, self.params_object.unwrap_or_default())?,
                ..Setup::default()
            },
            fixed: self.fixed,
            from: self.from,
            to: self.to,
            lang: self.lang.into(),
        })
    }
}

/// The rules and position of a script game, as the request gives them.
pub(super) struct Source {
    pub(super) rules: String,
    pub(super) state: StateSource,
}

/// Where a script game's position comes from.
pub(super) enum StateSource {
    /// `state`: a script expression.
    Text(String),
    /// `position`: the request's numbers.
    Numbers,
    /// Neither: a random one of the states of the script's `fn start()`.
    RandomStart,
}

impl Source {
    /// The script game's fields of a request for the game `script`. For another game, `script`
    /// and `state` go back among its parameters, which it refuses as any parameter it does not
    /// take.
    ///
    /// # Errors
    /// 400 for a script game without rules, or with both `state` and `position`.
    pub(super) fn take(request: &mut Request) -> Result<Option<Source>, ApiError> {
        if request.game != "script" {
            for (name, field) in [
                ("script", &mut request.script),
                ("state", &mut request.state),
            ] {
                if let Some(text) = field.take() {
                    request.params.insert(name.to_string(), Value::String(text));
                }
            }
            return Ok(None);
        }
        let rules = request.script.take().ok_or_else(|| {
            ApiError::bad_request("the game 'script' needs 'script': the Rhai source of its rules")
        })?;
        let state = match (request.state.take(), &request.position) {
            (Some(_), Some(_)) => {
                return Err(ApiError::bad_request(
                    "give the script game's position as 'state' or as 'position', not both",
                ));
            }
            (Some(text), None) => StateSource::Text(text),
            (None, Some(_)) => StateSource::Numbers,
            (None, None) => StateSource::RandomStart,
        };
        Ok(Some(Source { rules, state }))
    }
}
