//! The JSON of an analysed position of a ruleset, its value under the key its kind names.

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use super::{MOVE_POSITION_LIMIT, StepJson};
use crate::ruleset::Playable;
use crate::{Analysis, Convention, Explain, GameValue, Lang, Move, Outcome};

/// Everything the JSON of one analysed position is made of (`'a`: what the JSON borrows; `'f`:
/// the function that builds the positions after the moves, called while it is built). `P` is a
/// position as the JSON writes it, `S` an explanation step, `M` a move, `V` the value.
pub struct Analyzed<'a, 'f, P, S, M, V> {
    /// The ruleset's command name.
    pub game: &'a str,
    /// The convention.
    pub play: Convention,
    /// The position as given.
    pub position: P,
    /// How many components (piles, cells, coins) the position has.
    pub components: usize,
    /// The analysis.
    pub analysis: &'a Analysis<S, M, V>,
    /// The position after a move.
    pub after: &'f dyn Fn(&M) -> P,
    /// A move in the ruleset's notation, for front ends that let people type moves.
    pub notation: Option<&'f dyn Fn(&M) -> String>,
    /// The ruleset's own fields, after the contract's (see [`Presentation::json_fields`]).
    pub fields: Vec<(&'static str, Value)>,
}

/// The JSON object of one analysed position: `game`, `position`, `play`, `outcome`, the value
/// (`grundy` for a nimber: [`GameValue::JSON_KEY`]), `winning_moves`, `winning_move_count`,
/// `explanation` when there is one, then the ruleset's own fields.
#[derive(Serialize)]
pub struct AnalysisJson<'a, P, S, M, V: GameValue + Serialize> {
    game: &'a str,
    position: P,
    play: Convention,
    outcome: Outcome,
    #[serde(flatten)]
    value: ValueField<'a, V>,
    winning_moves: Vec<MoveJson<'a, P, M>>,
    winning_move_count: u64,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    explanation: Vec<StepJson<'a, S>>,
    #[serde(flatten)]
    fields: Map<String, Value>,
}

/// The value of an analysis as one field named by its kind, null when there is none.
struct ValueField<'a, V>(&'a Option<V>);

impl<V: GameValue + Serialize> Serialize for ValueField<'_, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(V::JSON_KEY, self.0)?;
        map.end()
    }
}

/// A listed winning move: `change`, `description`, `position` (the position after it) for
/// positions of at most [`MOVE_POSITION_LIMIT`] components, and `move` (as typed in the
/// ruleset's notation) where the notation was given.
#[derive(Serialize)]
pub struct MoveJson<'a, P, M> {
    change: &'a M,
    description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<P>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    text: Option<String>,
}

impl<'a, P, S: Explain, M: Move, V: GameValue + Serialize> Analyzed<'a, '_, P, S, M, V> {
    /// The JSON object, its texts in `lang`.
    pub fn json(self, lang: Lang) -> AnalysisJson<'a, P, S, M, V> {
        let a = self.analysis;
        let with_positions = self.components <= MOVE_POSITION_LIMIT;
        AnalysisJson {
            game: self.game,
            position: self.position,
            play: self.play,
            outcome: a.outcome,
            value: ValueField(&a.value),
            winning_moves: a
                .winning_moves
                .iter()
                .map(|change| MoveJson {
                    change,
                    description: change.describe(lang),
                    position: with_positions.then(|| (self.after)(change)),
                    text: self.notation.map(|write| write(change)),
                })
                .collect(),
            winning_move_count: a.winning_move_count,
            explanation: StepJson::all(&a.explanation, lang),
            fields: self
                .fields
                .into_iter()
                .map(|(name, value)| (name.to_string(), value))
                .collect(),
        }
    }
}

/// A position of a playable ruleset, or the position after a move, as its JSON writes it
/// ([`Presentation::write_position`], [`Presentation::write_after`]).
pub struct Written<'a, G: Playable> {
    game: &'a G,
    position: &'a G::Position,
    after: Option<G::Move>,
}

impl<G: Playable> Serialize for Written<'_, G> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.after {
            None => self.game.write_position(self.position, serializer),
            Some(change) => self.game.write_after(self.position, change, serializer),
        }
    }
}

/// The JSON of `analysis` of `position` in the playable ruleset `game`, with the ruleset's own
/// fields; with `notation`, each winning move also has its `move` in the ruleset's notation.
pub fn playable<'a, G: Playable>(
    game: &'a G,
    position: &'a G::Position,
    analysis: &'a Analysis<G::Step, G::Move, G::Value>,
    lang: Lang,
    notation: bool,
) -> AnalysisJson<'a, Written<'a, G>, G::Step, G::Move, G::Value> {
    let write = |change: &G::Move| game.write_move(change);
    let after = |change: &G::Move| Written {
        game,
        position,
        after: Some(change.clone()),
    };
    Analyzed {
        game: G::ABOUT.name,
        play: game.convention(),
        position: Written {
            game,
            position,
            after: None,
        },
        components: game.components(position),
        analysis,
        after: &after,
        notation: notation.then_some(&write),
        fields: game.json_fields(position, analysis),
    }
    .json(lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AnalyzeOptions;
    use crate::games::nim;
    use crate::games::nim::NimPlay;

    fn nim_json(piles: &[u64], notation: bool) -> String {
        let game = NimPlay::new(Convention::Normal);
        let piles = piles.to_vec();
        let analysis = nim::analyze(&piles, Convention::Normal, &AnalyzeOptions::default());
        serde_json::to_string(&playable(&game, &piles, &analysis, Lang::En, notation)).unwrap()
    }

    #[test]
    fn the_contract_keeps_its_fields_in_order() {
        assert_eq!(
            nim_json(&[3, 4, 5], false),
            r#"{"game":"nim","position":[3,4,5],"play":"normal","outcome":"N","grundy":2,"winning_moves":[{"change":{"kind":"take","pile":0,"from":3,"to":1},"description":"take 2 from pile 1 (3 -> 1)","position":[1,4,5]}],"winning_move_count":1}"#
        );
        assert_eq!(
            nim_json(&[3, 4, 5], true),
            r#"{"game":"nim","position":[3,4,5],"play":"normal","outcome":"N","grundy":2,"winning_moves":[{"change":{"kind":"take","pile":0,"from":3,"to":1},"description":"take 2 from pile 1 (3 -> 1)","position":[1,4,5],"move":"1 2"}],"winning_move_count":1}"#
        );
    }

    #[test]
    fn moves_of_a_position_past_the_limit_leave_the_position_out() {
        // 2 and ones: a won position, taking from the pile of 2.
        let mut piles = vec![1; MOVE_POSITION_LIMIT];
        piles[0] = 2;
        let listed: serde_json::Value = serde_json::from_str(&nim_json(&piles, false)).unwrap();
        assert!(listed["winning_moves"][0].get("position").is_some());
        piles.push(1);
        let unlisted: serde_json::Value = serde_json::from_str(&nim_json(&piles, false)).unwrap();
        assert!(unlisted["winning_moves"][0].get("position").is_none());
        assert_eq!(unlisted["winning_moves"][0]["change"]["pile"], 0);
    }
}
