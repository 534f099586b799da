//! The JSON of an Every-SG sum (`grundy sum --every`).

use serde::Serialize;

use super::StepJson;
use crate::every::{EveryAnalysis, EveryStep};
use crate::games::mixed::{SumHeap, SumPlay};
use crate::ruleset::Presentation;
use crate::{Lang, Outcome};

/// `game` (`"sum"`), `rule` (`"every"`), `position` (the components as `grundy sum` takes
/// them), `outcome`, `counts` (each component's count), `move` (each component after the move,
/// `null` where it cannot move; the winning move when `outcome` is N, else the slowest loss) and,
/// when asked, `explanation`.
#[derive(Serialize)]
pub struct EveryJson<'a> {
    game: &'static str,
    rule: &'static str,
    position: Vec<String>,
    outcome: Outcome,
    counts: &'a [u32],
    #[serde(rename = "move")]
    reply: Vec<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<Vec<StepJson<'a, EveryStep>>>,
}

/// The JSON of `analysis`, the Every-SG analysis of `position` in `game`.
pub fn every<'a>(
    game: &SumPlay,
    position: &[SumHeap],
    analysis: &'a EveryAnalysis<Vec<SumHeap>>,
    lang: Lang,
    explain: bool,
) -> EveryJson<'a> {
    EveryJson {
        game: "sum",
        rule: "every",
        position: position
            .iter()
            .map(|&h| game.show(&vec![h], lang))
            .collect(),
        outcome: analysis.outcome,
        counts: &analysis.counts,
        reply: analysis
            .reply
            .iter()
            .map(|r| r.as_ref().map(|after| game.show(after, lang)))
            .collect(),
        explanation: explain.then(|| StepJson::all(&analysis.explanation, lang)),
    }
}
