//! The shape takes a partizan game: a small one, Blue-Red Nim, written as a ruleset in this test
//! only (not in the registry) and driven through the layers every front end uses: its analysis
//! against the engine's search, the JSON of the contract (`outcome` L, R or P, its value under
//! its own key, no `grundy`), the report, and the computer's play.
//!
//! Blue-Red Nim: Left takes stones from the blue piles, Right from the red ones; who cannot move
//! loses. Its value is the number b − r (blue stones less red ones): Left wins whoever starts
//! when it is positive (L), Right when it is negative (R), the second player when it is 0 (P).
//! With v = b − r and Left to move, taking t leaves v − t for Right, who wins iff v − t < 0: so
//! Left's winning moves are the takes of at most v stones; Right's, of at most −v.

use serde::Serialize;

use super::{
    About, AnalysisOf, MoveError, NoParameters, Presentation, Ruleset, SetupError, malformed,
    move_numbers,
};
use crate::engine::{EngineError, Memo};
use crate::play::{Search, computer_move};
use crate::{
    AnalyzeOptions, Convention, Explain, Game, GameValue, Lang, Move, MoveList, Nimber, Outcome,
    Player, json, report,
};

/// A position: the blue piles, the red piles, and who moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
struct BlueRed {
    blue: Vec<u64>,
    red: Vec<u64>,
    mover: Player,
}

impl BlueRed {
    /// The mover's piles.
    fn own(&self) -> &[u64] {
        match self.mover {
            Player::Left => &self.blue,
            Player::Right => &self.red,
        }
    }

    /// b − r.
    fn value(&self) -> i128 {
        let sum = |piles: &[u64]| piles.iter().map(|&p| i128::from(p)).sum::<i128>();
        sum(&self.blue) - sum(&self.red)
    }
}

/// `[mover (0 Left, 1 Right), blue piles…, 0, red piles…]`: a 0 parts the colours (an empty
/// pile is left out).
impl super::Numbered for BlueRed {
    fn numbers(&self) -> Vec<u64> {
        let mut numbers = vec![u64::from(self.mover == Player::Right)];
        numbers.extend(&self.blue);
        numbers.push(0);
        numbers.extend(&self.red);
        numbers
    }
}

/// A take of the mover from one of its piles.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename = "take_coloured")]
struct Take {
    player: Player,
    pile: usize,
    from: u64,
    to: u64,
}

impl Move for Take {
    fn describe(&self, lang: Lang) -> String {
        let colour = lang.pick(
            if self.player == Player::Left {
                "blue"
            } else {
                "red"
            },
            if self.player == Player::Left {
                "蓝"
            } else {
                "红"
            },
        );
        let (pile, n) = (self.pile + 1, self.from - self.to);
        lang.pick(
            format!("take {n} from {colour} pile {pile}"),
            format!("从第 {pile} 堆{colour}石子取走 {n} 个"),
        )
    }
}

/// An integer value: a number in Conway's sense, written as CGSuite writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
struct Integer(i128);

impl std::fmt::Display for Integer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl GameValue for Integer {
    const JSON_KEY: &'static str = "value";
    fn name(lang: Lang) -> &'static str {
        lang.pick("value", "值")
    }
    fn nimber(&self) -> Option<Nimber> {
        (self.0 == 0).then_some(Nimber::ZERO)
    }
}

/// The one explanation step: the count of stones.
#[derive(Clone, Debug, Serialize)]
struct Count {
    value: i128,
}

impl Explain for Count {
    fn text(&self, lang: Lang) -> String {
        let v = self.value;
        lang.pick(
            format!("blue stones less red stones: {v}"),
            format!("蓝石子数减红石子数：{v}"),
        )
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct BlueRedNim;

impl NoParameters for BlueRedNim {}

impl Game for BlueRedNim {
    type Position = BlueRed;
    fn options(&self, position: &BlueRed, out: &mut Vec<BlueRed>) {
        let mut moves = Vec::new();
        self.legal_moves(position, &mut moves);
        out.extend(moves.iter().map(|m| self.apply(position, m)));
    }
}

const NOTATION: super::Notation = super::Notation {
    en: "PILE COUNT",
    zh: "堆号 数量",
    meaning_en: "take COUNT stones from your pile PILE",
    meaning_zh: "从你的第「堆号」堆取走「数量」个",
    example: "1 2",
};

impl Ruleset for BlueRedNim {
    const ABOUT: About = About::new("bluered", "Blue-Red Nim.", NOTATION);
    type Position = BlueRed;
    type Move = Take;
    type Step = Count;
    type Value = Integer;
    type Rules = Self;

    fn rules(&self) -> &Self {
        self
    }
    fn to_move(&self, position: &BlueRed) -> Option<Player> {
        Some(position.mover)
    }
    fn position(&self, numbers: Vec<u64>) -> Result<BlueRed, SetupError> {
        let Some((&mover, rest)) = numbers.split_first() else {
            return Err(SetupError::Empty { what: "pile" });
        };
        let split = rest.iter().position(|&n| n == 0).unwrap_or(rest.len());
        Ok(BlueRed {
            blue: rest[..split].to_vec(),
            red: rest.get(split + 1..).unwrap_or_default().to_vec(),
            mover: if mover == 0 {
                Player::Left
            } else {
                Player::Right
            },
        })
    }
    fn legal_moves(&self, position: &BlueRed, out: &mut Vec<Take>) {
        for (pile, &from) in position.own().iter().enumerate() {
            out.extend((0..from).map(|to| Take {
                player: position.mover,
                pile,
                from,
                to,
            }));
        }
    }
    fn is_over(&self, position: &BlueRed) -> bool {
        position.own().iter().all(|&p| p == 0)
    }
    fn apply(&self, position: &BlueRed, change: &Take) -> BlueRed {
        let mut after = position.clone();
        match change.player {
            Player::Left => after.blue[change.pile] = change.to,
            Player::Right => after.red[change.pile] = change.to,
        }
        after.mover = match position.mover {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        };
        after
    }
    fn analyze(
        &self,
        position: &BlueRed,
        options: &AnalyzeOptions,
    ) -> Result<AnalysisOf<Self>, EngineError> {
        let v = position.value();
        let outcome = match v {
            0 => Outcome::P,
            v if v > 0 => Outcome::L,
            _ => Outcome::R,
        };
        // The most the mover may take and still win: v for Left, −v for Right.
        let margin = match position.mover {
            Player::Left => v,
            Player::Right => -v,
        };
        let mut moves = MoveList::new(options.max_moves);
        let mut all = Vec::new();
        self.legal_moves(position, &mut all);
        for m in all {
            if i128::from(m.from - m.to) <= margin {
                moves.push(m);
            }
        }
        let explanation = if options.explain {
            vec![Count { value: v }]
        } else {
            Vec::new()
        };
        let mut analysis = moves.into_outcome(outcome, explanation);
        analysis.value = Some(Integer(v));
        Ok(analysis)
    }
    fn search_cost(&self, position: &BlueRed) -> Option<u64> {
        let states: u64 = position
            .blue
            .iter()
            .chain(&position.red)
            .map(|p| p + 1)
            .product();
        Some(2 * states * states)
    }
    fn slow_move(&self, position: &BlueRed) -> Option<Take> {
        let mut moves = Vec::new();
        self.legal_moves(position, &mut moves);
        moves.into_iter().find(|m| m.from - m.to == 1)
    }
}

impl Presentation for BlueRedNim {
    fn title(&self, lang: Lang) -> String {
        lang.pick("Blue-Red Nim", "红蓝 Nim").to_string()
    }
    fn show(&self, position: &BlueRed, lang: Lang) -> String {
        let (b, r) = (&position.blue, &position.red);
        let mover = match (position.mover, lang) {
            (Player::Left, Lang::En) => "Left (blue) to move",
            (Player::Right, Lang::En) => "Right (red) to move",
            (Player::Left, Lang::Zh) => "左方（蓝）走",
            (Player::Right, Lang::Zh) => "右方（红）走",
        };
        format!("blue {b:?} red {r:?}, {mover}")
    }
    fn parse_move(&self, position: &BlueRed, text: &str) -> Result<Take, MoveError> {
        let [pile, count] = move_numbers(text, NOTATION)?[..] else {
            return Err(malformed(text, NOTATION));
        };
        let mut moves = Vec::new();
        self.legal_moves(position, &mut moves);
        moves
            .into_iter()
            .find(|m| m.pile as u64 + 1 == pile && m.from - m.to == count)
            .ok_or_else(|| malformed(text, NOTATION))
    }
    fn write_move(&self, change: &Take) -> String {
        format!("{} {}", change.pile + 1, change.from - change.to)
    }
}

/// Every position of up to two blue and two red piles of up to 3 stones, each player to move.
fn positions() -> Vec<BlueRed> {
    let lists: Vec<Vec<u64>> = crate::testing::all_lists(2, 3);
    let mut out = Vec::new();
    for blue in &lists {
        for red in &lists {
            for mover in [Player::Left, Player::Right] {
                out.push(BlueRed {
                    blue: blue.clone(),
                    red: red.clone(),
                    mover,
                });
            }
        }
    }
    out
}

const ALL: AnalyzeOptions = AnalyzeOptions {
    max_moves: usize::MAX,
    explain: true,
};

#[test]
fn the_outcome_class_and_the_movers_winning_moves_equal_the_search() {
    let game = BlueRedNim;
    let mut memo = Memo::new();
    let mut classes = std::collections::BTreeSet::new();
    for position in positions() {
        let analysis = game.analyze(&position, &ALL).unwrap();
        classes.insert(format!("{:?}", analysis.outcome));
        let searched = memo.outcome(&game, &position, Convention::Normal).unwrap();
        assert_eq!(
            analysis.outcome.mover_wins(game.to_move(&position)),
            searched == Outcome::N,
            "{position:?}"
        );
        let mut after: Vec<BlueRed> = analysis
            .winning_moves
            .iter()
            .map(|m| game.apply(&position, m))
            .collect();
        let mut expected = memo
            .winning_moves(&game, &position, Convention::Normal)
            .unwrap();
        let key = |p: &BlueRed| format!("{p:?}");
        after.sort_by_key(key);
        expected.sort_by_key(key);
        assert_eq!(after, expected, "{position:?}");
    }
    // Every class of a number arises: Left's, Right's and the second player's.
    assert_eq!(classes.into_iter().collect::<Vec<_>>(), ["L", "P", "R"]);
}

#[test]
fn the_json_gives_the_class_and_the_value_under_its_own_key() {
    let game = BlueRedNim;
    let position = BlueRed {
        blue: vec![3, 1],
        red: vec![2],
        mover: Player::Right,
    };
    let analysis = game.analyze(&position, &ALL).unwrap();
    let value =
        serde_json::to_value(json::playable(&game, &position, &analysis, Lang::En, true)).unwrap();
    assert_eq!(value["outcome"], "L");
    assert_eq!(value["value"], 2);
    assert!(value.get("grundy").is_none(), "{value}");
    // Right, to move in a game Left wins, has no winning move.
    assert_eq!(value["winning_move_count"], 0);
    let left = BlueRed {
        mover: Player::Left,
        ..position.clone()
    };
    let analysis = game.analyze(&left, &ALL).unwrap();
    let value =
        serde_json::to_value(json::playable(&game, &left, &analysis, Lang::En, true)).unwrap();
    // Left may take 2 or 1 from the pile of 3 (not all 3), or 1 from the pile of 1.
    assert_eq!(value["winning_move_count"], 3);
    assert_eq!(
        value["winning_moves"][0]["change"],
        serde_json::json!({"kind": "take_coloured", "player": "left", "pile": 0, "from": 3, "to": 1})
    );
    assert_eq!(value["winning_moves"][0]["move"], "1 2");
    let text = report::playable(&game, &left, &analysis, Lang::En);
    assert!(
        text.starts_with(
            "Blue-Red Nim: blue [3, 1] red [2], Left (blue) to move\n\
             Left wins whoever starts (L-position), value 2\n\
             winning moves (3):\n  take 2 from blue pile 1  =>  blue [1, 1] red [2], Right (red) to move\n"
        ),
        "{text}"
    );
    let zh = report::playable(&game, &left, &analysis, Lang::Zh);
    assert!(zh.contains("，值 2"), "{zh}");
}

#[test]
fn the_computer_plays_the_mover_perfectly() {
    let game = BlueRedNim;
    let mut memo = Memo::new();
    for budget in [Search::<BlueRed>::DEFAULT_BUDGET, 0] {
        let mut search = Search::new(budget);
        for position in positions() {
            let Some(reply) = computer_move(&game, &position, &mut search) else {
                assert!(game.is_over(&position), "{position:?}");
                continue;
            };
            let wins = memo.outcome(&game, &position, Convention::Normal).unwrap() == Outcome::N;
            assert_eq!(reply.winning, wins, "{position:?}");
            let after = game.apply(&position, &reply.change);
            let opponent = memo.outcome(&game, &after, Convention::Normal).unwrap();
            assert_eq!(
                opponent == Outcome::P,
                wins,
                "{position:?} {:?}",
                reply.change
            );
        }
    }
}
