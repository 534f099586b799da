//! The JSON contract of an analysed position, shared by `grundy ... --json` and `POST /api/analyze`.

use grundy::play::Playable;
use grundy::{Analysis, Change, Explain, Lang, Play};
use serde::Serialize;
use serde_json::{Value, json};

/// Positions with more components than this are left out of each listed move (DESIGN.md).
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
