//! The JSON contract of an analysed position, shared by `grundy ... --json` and the API
//! (`POST /api/analyze` for the impartial rulesets, `POST /api/stones` for the two-ends Stone
//! Game), and of a Grundy value sequence (`grundy values --json`, `POST /api/values`).

use grundy::games::stones::ends::{EndMove, EndsAnalysis, EndsStep, Parity};
use grundy::games::stones::{self, Playout, ScoreAnalysis, ScoreMove, Totals, Winner};
use grundy::play::Playable;
use grundy::values::{Found, Method, Sequence, Stats, Values};
use grundy::{Analysis, Change, Explain, Lang, Play};
use serde::Serialize;
use serde_json::{Value, json};

/// Positions with more components than this are left out of each listed move (the JSON contract, docs/api.md).
pub const MOVE_POSITION_LIMIT: usize = 1000;

/// Everything the JSON of one analysed position is made of.
pub struct Analyzed<'a, P, S> {
    /// The ruleset's command name.
    pub game: &'a str,
    /// The convention.
    pub play: Play,
    /// The position as given.
    pub position: &'a P,
    /// How many components (piles, cells, coins) the position has.
    pub components: usize,
    /// The analysis.
    pub analysis: &'a Analysis<S>,
    /// The position after a move.
    pub after: &'a dyn Fn(&Change) -> P,
}

impl<P: Serialize, S: Explain + Serialize> Analyzed<'_, P, S> {
    /// The JSON object: `game`, `position`, `play`, `outcome`, `grundy`, `winning_moves` (each
    /// with `change`, `description` and, for positions of at most [`MOVE_POSITION_LIMIT`]
    /// components, `position`), `winning_move_count`, and `explanation` when there is one.
    pub fn json(&self, lang: Lang) -> Value {
        let a = self.analysis;
        let with_positions = self.components <= MOVE_POSITION_LIMIT;
        let moves: Vec<Value> = a
            .winning_moves
            .iter()
            .map(|change| {
                let mut m = json!({ "change": change, "description": change.describe(lang) });
                if with_positions {
                    m["position"] = json!((self.after)(change));
                }
                m
            })
            .collect();
        let mut v = json!({
            "game": self.game,
            "position": self.position,
            "play": self.play,
            "outcome": a.outcome,
            "grundy": a.grundy,
            "winning_moves": moves,
            "winning_move_count": a.winning_move_count,
        });
        if !a.explanation.is_empty() {
            v["explanation"] = a
                .explanation
                .iter()
                .map(|step| {
                    let mut s = json!(step);
                    s["text"] = json!(step.text(lang));
                    s
                })
                .collect();
        }
        v
    }
}

/// The JSON of `analysis` of `position` in the playable ruleset `game`.
pub fn playable<G: Playable>(
    game: &G,
    position: &G::Position,
    analysis: &Analysis<G::Step>,
    lang: Lang,
) -> Value {
    Analyzed {
        game: game.name(),
        play: game.convention(),
        position,
        components: game.components(position),
        analysis,
        after: &|change| game.apply(position, change),
    }
    .json(lang)
}

/// A scoring game's analysis: the JSON of `grundy stones ... --json` and of `POST /api/stones`.
pub struct Scored<'a, M, S> {
    /// The command name (`stones ends`).
    pub game: &'a str,
    /// The row as given.
    pub position: &'a [u64],
    /// The analysis.
    pub analysis: &'a ScoreAnalysis<M, S>,
    /// The row after a first move.
    pub after: fn(&'a [u64], &M) -> &'a [u64],
    /// The parity strategy (LeetCode 877 with an even number of piles).
    pub parity: Option<Parity>,
    /// The parity strategy played out against a greedy opponent.
    pub parity_against_greedy: Option<&'a Playout<M>>,
}

/// The two-ends Stone Game (LeetCode 877) of `piles`, as `grundy stones ends` reports it.
pub fn ends<'a>(piles: &'a [u64], analysis: &'a EndsAnalysis) -> Scored<'a, EndMove, EndsStep> {
    Scored {
        game: "stones ends",
        position: piles,
        analysis: &analysis.score,
        after: |piles, m| stones::ends::rest(piles, m.end),
        parity: analysis.parity,
        parity_against_greedy: analysis.parity_against_greedy.as_ref(),
    }
}

/// The JSON object of a scoring game (see README: the contract of `--json` for scoring games).
/// Serialise it with a streaming serializer (`serde_json::to_writer`): totals above 2^64 stay
/// exact integers, which a [`Value`] could not hold.
#[derive(Serialize)]
pub struct ScoreJson<'a, M, S> {
    game: &'a str,
    position: &'a [u64],
    outcome: grundy::Outcome,
    grundy: Option<u64>,
    winner: Winner,
    difference: i128,
    totals: Option<Totals>,
    best_moves: Vec<ScoreMoveJson<'a, M>>,
    best_move_count: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    parity: Option<ParityJson<'a, M>>,
    optimal_play: Option<&'a Playout<M>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    against_greedy: Option<&'a Playout<M>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    explanation: Vec<StepJson<'a, S>>,
}

#[derive(Serialize)]
struct ScoreMoveJson<'a, M> {
    #[serde(rename = "move")]
    change: &'a M,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<&'a [u64]>,
    description: String,
}

#[derive(Serialize)]
struct ParityJson<'a, M> {
    #[serde(flatten)]
    parity: Parity,
    guaranteed: Totals,
    #[serde(skip_serializing_if = "Option::is_none")]
    against_greedy: Option<&'a Playout<M>>,
}

#[derive(Serialize)]
struct StepJson<'a, S> {
    #[serde(flatten)]
    step: &'a S,
    text: String,
}

impl<'a, M: ScoreMove + Serialize, S: Explain + Serialize> Scored<'a, M, S> {
    /// The JSON object, listing at most `max_moves` best moves (each with the row after it
    /// while the row has at most [`MOVE_POSITION_LIMIT`] piles).
    pub fn json(&self, lang: Lang, max_moves: usize) -> ScoreJson<'a, M, S> {
        let a = self.analysis;
        let with_positions = self.position.len() <= MOVE_POSITION_LIMIT;
        ScoreJson {
            game: self.game,
            position: self.position,
            outcome: a.winner.outcome(),
            grundy: None,
            winner: a.winner,
            difference: a.difference,
            totals: a.totals,
            best_moves: a
                .best_moves
                .iter()
                .take(max_moves)
                .map(|m| ScoreMoveJson {
                    change: m,
                    position: with_positions.then(|| (self.after)(self.position, m)),
                    description: m.describe(lang),
                })
                .collect(),
            best_move_count: a.best_moves.len(),
            parity: self.parity.map(|parity| ParityJson {
                parity,
                guaranteed: parity.guaranteed(),
                against_greedy: self.parity_against_greedy,
            }),
            optimal_play: a.optimal_play.as_ref(),
            against_greedy: a.against_greedy.as_ref(),
            explanation: a
                .explanation
                .iter()
                .map(|step| StepJson {
                    step,
                    text: step.text(lang),
                })
                .collect(),
        }
    }
}

/// Rare positions listed in the JSON of a value sequence at most (`rare_count` is always whole).
pub const RARE_LISTED: usize = 1000;

/// What the JSON of a value sequence is made of: `grundy values --json` and `POST /api/values`.
pub struct ValuesReport<'a> {
    /// The game as typed (the code when empty).
    pub game: &'a str,
    /// The sequence, at least `len` values long.
    pub sequence: &'a Sequence,
    /// How many values to give: G(0..len).
    pub len: usize,
    /// The period of G(0..len) ([`Sequence::period_in`]).
    pub period: Option<Found>,
    /// Seconds spent computing.
    pub seconds: f64,
    /// With `--find-period`: whether the limit was reached without a proved period.
    pub limit_reached: Option<bool>,
}

impl ValuesReport<'_> {
    /// The JSON object (see the [`Serialize`] impl), as a tree: for answers of bounded size.
    pub fn json(&self) -> Value {
        serde_json::to_value(self).expect("a values report is numbers and strings")
    }
}

/// The JSON object: `game`, `code`, `values`, `period` (`preperiod`, `period`, `saltus`,
/// `proved`, `theorem`; null when none is seen), `limit_reached`, and `stats` (`count`, `max`,
/// `counts`, `method`, `mask`, `rare_count`, `rare` (at most [`RARE_LISTED`] pairs `[n, G(n)]`),
/// `seconds`, `values_per_second`). The values are written as they are serialised, never built
/// as a tree first: 2^24 of them would take half a gigabyte.
impl Serialize for ValuesReport<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The first `.1` values of `.0`, as a JSON array.
        struct Listed<'a>(&'a Values, usize);
        impl Serialize for Listed<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.0.iter().take(self.1))
            }
        }
        #[derive(Serialize)]
        struct Object<'a> {
            game: String,
            code: String,
            values: Listed<'a>,
            period: Option<Value>,
            limit_reached: Option<bool>,
            stats: Value,
        }
        let values = self.sequence.values();
        let period = self.period.map(|f| {
            json!({
                "preperiod": f.period.preperiod,
                "period": f.period.period,
                "saltus": f.period.saltus,
                "proved": f.period.proved,
                "theorem": f.theorem,
            })
        });
        let stats = Stats::of_first(values, self.len);
        let (mask, rare) = self.sequence.rare().unwrap_or((0, &[]));
        let rare = &rare[..rare.partition_point(|&n| (n as usize) < self.len)];
        let rare_listed: Vec<[u64; 2]> = rare
            .iter()
            .take(RARE_LISTED)
            .map(|&n| [u64::from(n), u64::from(values.get(n as usize))])
            .collect();
        let game = if self.game.is_empty() {
            self.sequence.rules().to_string()
        } else {
            self.game.to_string()
        };
        Object {
            game,
            code: self.sequence.rules().to_string(),
            values: Listed(values, self.len),
            period,
            limit_reached: self.limit_reached,
            stats: json!({
                "count": self.len,
                "max": {"value": stats.max.0, "first_n": stats.max.1},
                "counts": stats.counts,
                "method": match self.sequence.method() {
                    Method::Sparse => "sparse",
                    Method::Direct => "direct",
                },
                "mask": mask,
                "rare_count": rare.len(),
                "rare": rare_listed,
                "seconds": self.seconds,
                "values_per_second": (self.seconds > 0.0).then(|| self.len as f64 / self.seconds),
            }),
        }
        .serialize(serializer)
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
