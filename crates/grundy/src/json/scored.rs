//! The JSON of a scoring game's analysis: `grundy stones ... --json` and `POST /api/stones`.

use serde::Serialize;

use super::{MOVE_POSITION_LIMIT, StepJson};
use crate::games::stones::ends::{EndMove, EndsAnalysis, EndsStep, Parity};
use crate::games::stones::{self, Playout, ScoreAnalysis, ScoreMove, Totals, Winner};
use crate::{Explain, Lang, Outcome};

/// A scoring game's analysis, as its JSON is made.
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

/// The JSON object of a scoring game (see `docs/api.md`). Serialise it with a streaming
/// serializer (`serde_json::to_writer`): totals above 2^64 stay exact integers, which a
/// `serde_json::Value` could not hold.
#[derive(Serialize)]
pub struct ScoreJson<'a, M, S> {
    game: &'a str,
    position: &'a [u64],
    outcome: Outcome,
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

/// A best first move: the move, the row after it (while the row has at most
/// [`MOVE_POSITION_LIMIT`] piles) and its description.
#[derive(Serialize)]
struct ScoreMoveJson<'a, M> {
    #[serde(rename = "move")]
    change: &'a M,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<&'a [u64]>,
    description: String,
}

/// The parity strategy, what it guarantees, and its play-out against a greedy opponent.
#[derive(Serialize)]
struct ParityJson<'a, M> {
    #[serde(flatten)]
    parity: Parity,
    guaranteed: Totals,
    #[serde(skip_serializing_if = "Option::is_none")]
    against_greedy: Option<&'a Playout<M>>,
}

impl<'a, M: ScoreMove, S: Explain> Scored<'a, M, S> {
    /// The JSON object, listing at most `max_moves` best moves.
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
            explanation: StepJson::all(&a.explanation, lang),
        }
    }
}
