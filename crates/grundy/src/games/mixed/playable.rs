//! Sums of heaps of different rulesets, played: each heap has its ruleset (one of the registry's
//! heap rulesets: Nim, Lasker's Nim, take at most half, a subtraction game or a take-and-break
//! game), and a move is a move of one heap in its own ruleset. The rulesets are the parameter
//! `games`, one per heap in order (or one for every heap); the analysis is `grundy sum`'s
//! ([`MixedSum`]). Normal play only.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;

use crate::engine::EngineError;
use crate::games::heaps::HeapStep;
use crate::games::mixed::{self, HeapComponent, MixedSum};
use crate::games::octal;
use crate::games::subtraction::SubtractionSet;
use crate::parse::Token;
use crate::ruleset::{
    FromSetup, MoveError, Notation, Numbered, ParamDoc, ParamRole, Presentation, Resume, Ruleset,
    Setup, SetupError, Unit, amount, index, keyword_numbers, move_numbers, positions_from,
    total_stones,
};
use crate::{Analysis, AnalyzeOptions, Change, Game, Lang};

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "A sum of games: heaps of different rulesets side by side (the heap rulesets: \
Nim, Lasker's Nim, take at most half, subtraction games, take-and-break games); a move is a move \
in one heap, by its own rules; who cannot move loses.\n\n\
Theorem (Sprague–Grundy): each heap is worth its ruleset's value G(n), the sum is worth the XOR \
of them all, and a winning move takes one heap of value g to a position worth g XOR X.\n\n\
Examples: `grundy play sum --games 'nim lasker kayles' 3 5 4`, `grundy play sum --games 0.07 9 \
14`, and `grundy sum nim:3 lasker:5 kayles:4` for the analysis.";

/// The rulesets when the parameter is left out.
const DEFAULT_GAMES: &str = "nim";

const GAMES: ParamDoc = ParamDoc {
    name: "games",
    value_name: "GAMES",
    default: Some(DEFAULT_GAMES),
    role: ParamRole::Rule,
    positional: false,
    en: "the ruleset of each heap, in order, separated by spaces: a heap ruleset of the registry (nim, lasker, half), sub{SET} or a take-and-break code (kayles, 0.07, grundy); one name applies to every heap. Left out, grundy sum reads GAME:PILES components and a game has Nim heaps",
    zh: "每一堆的规则，按顺序以空格分隔：注册表中的堆规则（nim、lasker、half）、sub{集合} 或取子分堆游戏代码（kayles、0.07、grundy）；只写一个则每堆都用它。不填时 grundy sum 读「游戏:石子数」形式的部分，对弈则全是 Nim 堆",
};

const NOTATION: Notation = Notation {
    en: "PILE COUNT, PILE COUNT A B … or split PILE X",
    zh: "堆号 数量、堆号 数量 A B … 或 split 堆号 X",
    meaning_en: "take COUNT stones from pile PILE by its rules, the rest left as one pile or (take-and-break heaps) as the piles A, B, …; or split a Lasker pile into X and the rest; piles numbered from 1",
    meaning_zh: "按第「堆号」堆自己的规则取走「数量」个，其余留作一堆，或（取子分堆的堆）分成 A、B…… 几堆；或把一堆 Lasker 堆分成 X 个和其余的；堆号从 1 开始",
    example: "1 2",
};

/// A heap of the sum: its ruleset (an index into [`SumRules::games`]) and its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct SumHeap {
    /// The index of the heap's ruleset in the game's list.
    pub game: usize,
    /// The heap.
    pub heap: u64,
}

impl Numbered for Vec<SumHeap> {
    /// The heaps' sizes; [`Ruleset::resume`] adds their rulesets.
    fn numbers(&self) -> Vec<u64> {
        self.iter().map(|h| h.heap).collect()
    }
}

/// The rules of a sum, for the engine: the rulesets its heaps may have.
#[derive(Clone, Debug)]
pub struct SumRules {
    /// Each ruleset as `grundy sum` writes it (`nim`, `sub{1,2}`, `kayles`), and its rules (its
    /// moves: the analysis computes the values).
    games: Vec<(String, Arc<dyn HeapComponent>)>,
}

impl SumRules {
    /// Calls `visit` with every move of heap `pile` of `position`.
    fn each_move(&self, position: &[SumHeap], pile: usize, visit: &mut dyn FnMut(Change)) {
        let heap = position[pile];
        self.games[heap.game].1.each_move(pile, heap.heap, visit);
    }
}

impl Game for SumRules {
    type Position = Vec<SumHeap>;

    fn options(&self, position: &Vec<SumHeap>, out: &mut Vec<Vec<SumHeap>>) {
        for pile in 0..position.len() {
            self.each_move(position, pile, &mut |change| {
                out.push(after(position, &change));
            });
        }
    }

    /// Each heap is a component.
    fn components(&self, position: &Vec<SumHeap>, parts: &mut Vec<Vec<SumHeap>>) -> bool {
        parts.extend(position.iter().map(|&h| vec![h]));
        true
    }
}

/// The position after `change`: a Lasker split puts the second part right after the pile, the
/// heaps a break leaves take its place; new heaps keep the pile's ruleset.
fn after(position: &[SumHeap], change: &Change) -> Vec<SumHeap> {
    let mut next = position.to_vec();
    match change {
        &Change::Take { pile, to, .. } => next[pile].heap = to,
        &Change::Split {
            pile, into: [a, b], ..
        } => {
            next[pile].heap = a;
            next.insert(
                pile + 1,
                SumHeap {
                    game: next[pile].game,
                    heap: b,
                },
            );
        }
        Change::Break { pile, into, .. } => {
            let game = next[*pile].game;
            next.splice(
                *pile..=*pile,
                into.iter().map(|&heap| SumHeap { game, heap }),
            );
        }
        other => unreachable!("a sum's moves are takes, splits and breaks, not {other:?}"),
    }
    next
}

/// A sum of heaps of different rulesets as a [`Playable`] ruleset.
#[derive(Clone, Debug)]
pub struct SumPlay {
    rules: SumRules,
    /// The ruleset of each heap as the parameter lists them (one for every heap when alone).
    order: Vec<usize>,
}

impl FromSetup for SumPlay {
    /// The game whose heaps have the rulesets of the parameter `games` (Nim without it).
    ///
    /// # Errors
    /// [`SetupError`] for a bad ruleset, another parameter, or misère play.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        setup.only_params(&[GAMES])?;
        let text = setup
            .params
            .get(GAMES.name)
            .map_or(DEFAULT_GAMES, String::as_str);
        let bad = |problem: String| SetupError::BadParam {
            name: Token::new(GAMES.name),
            problem,
        };
        let mut games: Vec<(String, Arc<dyn HeapComponent>)> = Vec::new();
        let mut order = Vec::new();
        for typed in mixed::component_words(text) {
            let sum = MixedSum::parse(&[format!("{typed}:0")], SubtractionSet::DEFAULT_LIMIT)
                .map_err(|e| bad(e.problem.to_string()))?;
            // As `grundy sum` writes it (`sub{1,2}` for `sub{2, 1}`).
            let name = sum.name(0);
            if let Some(known) = games.iter().position(|(n, _)| *n == name) {
                order.push(known);
                continue;
            }
            order.push(games.len());
            games.push((name, Arc::clone(&sum.rulesets[0])));
        }
        if games.is_empty() {
            return Err(bad("no ruleset given".to_string()));
        }
        Ok(SumPlay {
            rules: SumRules { games },
            order,
        })
    }

    /// Components `GAME:PILES` (separated by spaces or `+`): one heap per pile, each with its
    /// component's ruleset in the parameter `games`.
    fn read_words(
        setup: &Setup,
        words: &[String],
    ) -> Result<Option<(Setup, Vec<u64>)>, SetupError> {
        if !words.iter().any(|w| w.contains(':')) {
            return Ok(None);
        }
        let tokens: Vec<String> = words
            .iter()
            .flat_map(|w| mixed::component_words(w))
            .collect();
        let sum = MixedSum::parse(&tokens, SubtractionSet::DEFAULT_LIMIT).map_err(|e| {
            SetupError::BadPosition {
                problem: e.to_string(),
            }
        })?;
        let mut games = Vec::new();
        let mut heaps = Vec::new();
        for component in &sum.components {
            let name = sum.name(component.ruleset);
            games.extend(component.piles.iter().map(|_| name.clone()));
            heaps.extend_from_slice(&component.piles);
        }
        let mut setup = setup.clone();
        setup.params.insert(GAMES.name.to_string(), games.join(" "));
        Ok(Some((setup, heaps)))
    }
}

impl SumPlay {
    /// The sum as `grundy sum` takes it: `nim:3`, `lasker:5`, … one component per heap.
    fn components(&self, position: &[SumHeap]) -> Vec<String> {
        position
            .iter()
            .map(|h| format!("{}:{}", self.rules.games[h.game].0, h.heap))
            .collect()
    }

    /// The sum after `change` as `grundy sum` writes it: one component per heap of `position`,
    /// the heaps a split or a break leaves kept as one component (`grundy:1,5`).
    fn components_after(&self, position: &[SumHeap], change: &Change) -> Vec<String> {
        let (Change::Take { pile, .. } | Change::Split { pile, .. } | Change::Break { pile, .. }) =
            *change
        else {
            unreachable!("a sum's moves are takes, splits and breaks, not {change:?}")
        };
        let next = after(position, change);
        let left: Vec<String> = next[pile..=pile + next.len() - position.len()]
            .iter()
            .map(|h| h.heap.to_string())
            .collect();
        let mut components = self.components(position);
        components[pile] = format!(
            "{}:{}",
            self.rules.games[position[pile].game].0,
            left.join(",")
        );
        components
    }

    /// The move `change` if heap `pile` has it, else why not.
    fn legal(
        &self,
        position: &[SumHeap],
        pile: usize,
        change: Change,
        text: &str,
    ) -> Result<Change, MoveError> {
        let mut moves = Vec::new();
        self.rules.each_move(position, pile, &mut |m| moves.push(m));
        if moves.contains(&change) {
            return Ok(change);
        }
        Err(MoveError::NotAnOption {
            input: Token::new(text.trim()),
            options: moves.iter().map(|m| self.write_move(m)).collect(),
        })
    }
}

/// The components `grundy sum` reads (`nim:3`, `lasker:5`, …) for the heaps `heaps` with the
/// rulesets `games`, as the parameter `games` gives them.
///
/// # Errors
/// [`SetupError`] for a bad ruleset or as many heaps as no ruleset list fits.
pub fn components_of(games: &str, heaps: Vec<u64>) -> Result<Vec<String>, SetupError> {
    let game = SumPlay::from_setup(&Setup {
        game: "sum".to_string(),
        misere: false,
        every: false,
        params: BTreeMap::from([(GAMES.name.to_string(), games.to_string())]),
    })?;
    let position = game.position(heaps)?;
    Ok(game.components(&position))
}

impl Ruleset for SumPlay {
    const NAME: &'static str = "sum";
    type Position = Vec<SumHeap>;
    type Step = HeapStep;
    type Rules = SumRules;

    fn rules(&self) -> &SumRules {
        &self.rules
    }

    fn parameters(&self) -> &'static [ParamDoc] {
        &[GAMES]
    }

    /// The heaps, each with the ruleset of the same place in `games` (or the only one).
    fn position(&self, numbers: Vec<u64>) -> Result<Vec<SumHeap>, SetupError> {
        let games = self.order.len();
        if numbers.is_empty() {
            return Err(SetupError::Empty { what: "piles" });
        }
        if games > 1 && games != numbers.len() {
            return Err(SetupError::BadPosition {
                problem: format!(
                    "{} piles for {games} rulesets: give one pile per ruleset, or one ruleset",
                    numbers.len()
                ),
            });
        }
        let position: Vec<SumHeap> = numbers
            .into_iter()
            .enumerate()
            .map(|(i, heap)| SumHeap {
                game: self.order[if games == 1 { 0 } else { i }],
                heap,
            })
            .collect();
        MixedSum::parse(&self.components(&position), SubtractionSet::DEFAULT_LIMIT).map_err(
            |e| SetupError::BadPosition {
                problem: e.to_string(),
            },
        )?;
        Ok(position)
    }

    /// The heaps and the ruleset of each.
    fn resume(&self, position: &Vec<SumHeap>) -> Resume {
        let games: Vec<&str> = position
            .iter()
            .map(|h| self.rules.games[h.game].0.as_str())
            .collect();
        Resume {
            position: position.iter().map(|h| h.heap).collect(),
            params: BTreeMap::from([(GAMES.name.to_string(), games.join(" "))]),
        }
    }

    /// Each heap is a game of its own.
    fn summands(&self, position: &Vec<SumHeap>) -> Option<Vec<Vec<SumHeap>>> {
        Some(position.iter().map(|&heap| vec![heap]).collect())
    }

    fn legal_moves(&self, position: &Vec<SumHeap>, out: &mut Vec<Change>) {
        for pile in 0..position.len() {
            self.rules.each_move(position, pile, &mut |m| out.push(m));
        }
    }

    fn is_over(&self, position: &Vec<SumHeap>) -> bool {
        let mut any = false;
        for pile in 0..position.len() {
            self.rules.each_move(position, pile, &mut |_| any = true);
            if any {
                return false;
            }
        }
        true
    }

    fn apply(&self, position: &Vec<SumHeap>, change: &Change) -> Vec<SumHeap> {
        after(position, change)
    }

    fn analyze(
        &self,
        position: &Vec<SumHeap>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<HeapStep>, EngineError> {
        let sum = MixedSum::parse(&self.components(position), SubtractionSet::DEFAULT_LIMIT)
            .expect("a position's heaps are checked when it is made");
        Ok(sum.analyze(options))
    }

    /// Each heap becomes at most the ordered lists of heaps it can break into; each position has
    /// at most twice its stones of options per heap.
    fn search_cost(&self, position: &Vec<SumHeap>) -> Option<u64> {
        let positions = position.iter().try_fold(1u128, |product, h| {
            product
                .checked_mul(positions_from(h.heap)?)
                .filter(|&n| n <= u128::from(u64::MAX))
        });
        let heaps: Vec<u64> = position.iter().map(|h| h.heap).collect();
        let options = total_stones(&heaps) * 2 + 1;
        let cost = positions.map_or(u128::MAX, |n| n.saturating_mul(options));
        Some(u64::try_from(cost).unwrap_or(u64::MAX))
    }

    fn material(&self, position: &Vec<SumHeap>) -> u128 {
        position.iter().map(|h| u128::from(h.heap)).sum()
    }

    /// The first move (the fewest tokens taken) of the largest heap that has one.
    fn slow_move(&self, position: &Vec<SumHeap>) -> Option<Change> {
        let mut piles: Vec<usize> = (0..position.len()).collect();
        piles.sort_by_key(|&p| std::cmp::Reverse(position[p].heap));
        piles.into_iter().find_map(|pile| {
            let mut first = None;
            self.rules.each_move(position, pile, &mut |m| {
                let taken = match &m {
                    Change::Take { from, to, .. } => from - to,
                    Change::Break { from, into, .. } => from - into.iter().sum::<u64>(),
                    _ => 0,
                };
                if first.as_ref().is_none_or(|(t, _)| taken < *t) {
                    first = Some((taken, m));
                }
            });
            first.map(|(_, m)| m)
        })
    }
}

impl Presentation for SumPlay {
    fn help(&self) -> &'static str {
        HELP
    }

    fn title(&self, lang: Lang) -> String {
        MixedSum::title(lang).to_string()
    }

    fn notation(&self) -> Notation {
        NOTATION
    }

    fn show(&self, position: &Vec<SumHeap>, _lang: Lang) -> String {
        self.components(position).join(" + ")
    }

    fn parse_move(&self, position: &Vec<SumHeap>, text: &str) -> Result<Change, MoveError> {
        if let Some(numbers) = keyword_numbers(text, "split", 2, NOTATION)? {
            let pile = index(Unit::Pile, numbers[0], position.len())?;
            let from = position[pile].heap;
            let a = numbers[1].min(from.saturating_sub(numbers[1]));
            let change = Change::Split {
                pile,
                from,
                into: [a, from.saturating_sub(a)],
            };
            return self.legal(position, pile, change, text);
        }
        let numbers = move_numbers(text, NOTATION)?;
        let [number, count, ref rest @ ..] = numbers[..] else {
            return Err(crate::ruleset::malformed(text, NOTATION));
        };
        if self.is_over(position) {
            return Err(MoveError::GameOver);
        }
        let pile = index(Unit::Pile, number, position.len())?;
        let from = position[pile].heap;
        if count > from {
            // Taking none is a move of some take-and-break codes (4.7 breaks a heap in two).
            amount(Unit::Pile, pile, from, count)?;
        }
        let change = if rest.is_empty() {
            Change::Take {
                pile,
                from,
                to: from.saturating_sub(count),
            }
        } else {
            let mut parts = rest.to_vec();
            parts.sort_unstable();
            octal::change(pile, from, &parts)
        };
        self.legal(position, pile, change, text)
    }

    fn write_move(&self, change: &Change) -> String {
        match change {
            Change::Take { pile, from, to } => format!("{} {}", pile + 1, from - to),
            Change::Split { pile, into, .. } => format!("split {} {}", pile + 1, into[0]),
            Change::Break { pile, from, into } => {
                let parts: Vec<String> = into.iter().map(u64::to_string).collect();
                format!(
                    "{} {} {}",
                    pile + 1,
                    from - into.iter().sum::<u64>(),
                    parts.join(" ")
                )
            }
            other => unreachable!("a sum's moves are takes, splits and breaks, not {other:?}"),
        }
    }

    /// The components as `grundy sum` writes them: `nim:3`, `lasker:5`, … one per heap.
    fn write_position<S: serde::Serializer>(
        &self,
        position: &Vec<SumHeap>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        self.components(position).serialize(serializer)
    }

    /// As `grundy sum` writes it (see [`SumPlay::components_after`]).
    fn write_after<S: serde::Serializer>(
        &self,
        position: &Vec<SumHeap>,
        change: &Change,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        self.components_after(position, change)
            .serialize(serializer)
    }

    /// As `grundy sum` shows it (see [`SumPlay::components_after`]).
    fn show_after(&self, position: &Vec<SumHeap>, change: &Change, _lang: Lang) -> String {
        self.components_after(position, change).join(" + ")
    }

    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        position: &Vec<SumHeap>,
        _analysis: &Analysis<HeapStep>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        MixedSum::parse(&self.components(position), SubtractionSet::DEFAULT_LIMIT)
            .expect("a position's heaps are checked when it is made")
            .json_fields()
    }
}
