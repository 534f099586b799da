//! Sums of heaps of different rulesets, analysed and played (`grundy sum`, `grundy play sum`):
//! each component has its ruleset (one of the registry's heap rulesets: Nim, Lasker's Nim, take
//! at most half, a subtraction game or a take-and-break game) and its heaps, and a move is a move
//! of one heap in its own ruleset. A position is typed as components `GAME:PILES`, or as heaps
//! with their rulesets in the parameter `games`; the analysis is [`MixedSum`]'s.

use std::collections::{BTreeMap, HashMap};
use std::marker::PhantomData;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::engine::EngineError;
use crate::games::heaps::HeapStep;
use crate::games::mixed::{
    self, Component, ComponentProblem, Components, HeapComponent, MixedSum, Parts, SumError, apply,
    locate, prepare,
};
use crate::games::octal;
use crate::games::subtraction::SubtractionSet;
use crate::parse::Token;
use crate::ruleset::{
    About, FromSetup, MoveError, Notation, Numbered, ParamDoc, ParamRole, Presentation, Ruleset,
    Setup, SetupError, TestPlan, Unit, amount, index, keyword_numbers, move_numbers,
    positions_from, total_stones,
};
use crate::{Analysis, AnalyzeOptions, Game, Lang, PileMove};

/// The command line's help: the rules, the theorem, the notation, examples.
const HELP: &str = "A sum of games: heaps of the heap rulesets side by side (Nim, Lasker's Nim, \
take at most half, subtraction games, take-and-break games); a move is a move in one heap, by \
its own rules; who cannot move loses.\n\n\
Theorem (Sprague–Grundy): each heap is worth its ruleset's value G(n), the sum is worth the XOR \
X of them all, and the player to move loses iff X = 0; a winning move takes a heap of value g to \
a position worth g XOR X.\n\n\
Write each component as GAME:PILES: GAME a heap ruleset by its name (nim, lasker, half), \
sub{SET} (the subtraction game of SET as in `grundy subtraction --set`) or a take-and-break code \
as `grundy values` takes it (kayles, 0.137, grundy; heaps up to 2^21), PILES separated by \
commas; separate components by spaces or +. The other rulesets (wythoff, moore, …) are refused: \
their values have no closed form as heaps. Quote sub{...}: the shell would expand the braces. \
Piles are numbered from 1 across the whole sum. Or give the rulesets with --games and the heaps \
as numbers.\n\n\
--misere: decided by the SJ theorem (anti-SG) when every component meets its hypothesis (each \
position of value 0 that is not an end has a move to value 1: Nim heaps do, Lasker heaps do \
not), otherwise by a search of the whole sum.\n\n\
--every: Every-SG. Count each heap's moves when its winner delays the end and its loser hurries \
it (a count is odd exactly when the player to move wins that heap); the sum lasts as long as its \
largest count, so the player to move wins iff the largest count is odd, and a move wins iff the \
largest count it leaves is even. A heap that splits leaves heaps that each must move.\n\n\
Examples: `grundy sum nim:3 lasker:7 'sub{1,2,4}:10'`, `grundy sum 'nim:3,5 + \
sub{all-but:1}:9' --json`, `grundy sum kayles:5,7 0.137:9`, `grundy sum --games 'nim lasker' 3 \
7`, `grundy play sum nim:3 half:10,11`.";

/// How a position is typed, for the command line's help.
const TYPED: &str = "the components GAME:PILES (nim:3 lasker:7,2 'sub{1,2,4}:10' kayles:5), \
separated by spaces or +; or, with --games, the heaps";

/// The rulesets when the parameter is left out.
const DEFAULT_GAMES: &str = "nim";

const GAMES: ParamDoc = ParamDoc {
    name: "games",
    value_name: "GAMES",
    default: Some(DEFAULT_GAMES),
    role: ParamRole::Rule,
    positional: false,
    en: "the ruleset of each heap, in order, separated by spaces: a heap ruleset of the registry (nim, lasker, half), sub{SET} or a take-and-break code (kayles, 0.07, grundy); one name applies to every heap; the heaps of one component are joined by commas (nim,nim lasker is nim:3,5 + lasker:7). Left out, the components GAME:PILES give each heap's ruleset, or every heap is Nim",
    zh: "每一堆的规则，按顺序以空格分隔：注册表中的堆规则（nim、lasker、half）、sub{集合} 或取子分堆游戏代码（kayles、0.07、grundy）；只写一个则每堆都用它；同一部分的各堆以逗号相连（nim,nim lasker 即 nim:3,5 + lasker:7）。不填时由「游戏:石子数」形式的部分给出每堆的规则，否则全是 Nim 堆",
};

/// A million components take about 2 GB to analyse and report.
const MAX_COMPONENTS: ParamDoc = ParamDoc {
    name: "max_components",
    value_name: "N",
    default: Some("1000000"),
    role: ParamRole::Bound,
    positional: false,
    en: "the most components in the sum",
    zh: "和中部分的最多个数",
};

/// Each table takes up to 48 MiB and a second ([`MixedSum::DEFAULT_MAX_SETS`]).
const MAX_SETS: ParamDoc = ParamDoc {
    name: "max_sets",
    value_name: "N",
    default: Some("16"),
    role: ParamRole::Bound,
    positional: false,
    en: "the most different subtraction sets and take-and-break codes in the sum (each needs a table of up to 2^21 values)",
    zh: "和中不同减法集合与取子分堆代码的最多个数（每个需要一张至多 2^21 个值的表）",
};

const NOTATION: Notation = Notation {
    en: "PILE COUNT, PILE COUNT A B … or split PILE X",
    zh: "堆号 数量、堆号 数量 A B … 或 split 堆号 X",
    meaning_en: "take COUNT stones from pile PILE by its rules, the rest left as one pile or (take-and-break heaps) as the piles A, B, …; or split a Lasker pile into X and the rest; piles numbered from 1",
    meaning_zh: "按第「堆号」堆自己的规则取走「数量」个，其余留作一堆，或（取子分堆的堆）分成 A、B…… 几堆；或把一堆 Lasker 堆分成 X 个和其余的；堆号从 1 开始",
    example: "1 2",
};

impl Numbered for Vec<Component> {
    /// The heaps of all components, in order.
    fn numbers(&self) -> Vec<u64> {
        self.iter().flat_map(|c| c.piles.iter().copied()).collect()
    }
}

/// The rules of a sum, for the engine: the rulesets its components may have.
#[derive(Clone, Debug)]
pub struct SumRules {
    /// Each ruleset as `grundy sum` writes it (`nim`, `sub{1,2}`, `kayles`);
    /// [`Component::ruleset`] indexes it and [`SumRules::games`].
    names: Vec<String>,
    /// Each ruleset's moves.
    games: Vec<Arc<dyn HeapComponent>>,
}

impl SumRules {
    /// Calls `visit` with every move of heap `pile` (numbered across the sum) of `position`.
    fn each_move(&self, position: &[Component], pile: usize, visit: &mut dyn FnMut(PileMove)) {
        let (index, local) = locate(position, pile);
        let c = &position[index];
        self.games[c.ruleset].each_move(pile, c.piles[local], visit);
    }

    /// Calls `visit` with every move of every heap, heap by heap.
    fn each_move_of_all(&self, position: &[Component], visit: &mut dyn FnMut(PileMove)) {
        let mut pile = 0;
        for c in position {
            for &n in &c.piles {
                self.games[c.ruleset].each_move(pile, n, visit);
                pile += 1;
            }
        }
    }
}

/// Each heap of `position` as a component of its own.
fn heaps(position: &[Component]) -> impl Iterator<Item = Component> + '_ {
    position.iter().flat_map(|c| {
        c.piles.iter().map(|&n| Component {
            ruleset: c.ruleset,
            piles: vec![n],
        })
    })
}

impl Game for SumRules {
    type Position = Vec<Component>;

    fn options(&self, position: &Vec<Component>, out: &mut Vec<Vec<Component>>) {
        self.each_move_of_all(position, &mut |change| {
            out.push(apply(position, &change));
        });
    }

    /// Each heap is a component.
    fn components(&self, position: &Vec<Component>, parts: &mut Vec<Vec<Component>>) -> bool {
        parts.extend(heaps(position).map(|heap| vec![heap]));
        true
    }
}

/// A sum of heaps of different rulesets as a [`Playable`](crate::ruleset::Playable) ruleset,
/// whose components are the rulesets `R` gives (the registry).
#[derive(Clone, Debug)]
pub struct SumPlay<R> {
    rules: SumRules,
    /// The components the parameter `games` lists: each one's ruleset and number of heaps (one
    /// component of one heap alone stands for every heap).
    shape: Vec<(usize, usize)>,
    max_components: usize,
    /// The rulesets again, with their values as far as the heaps of the positions made so far
    /// need: each table is computed once, and shared by clones.
    values: Arc<Mutex<Vec<Box<dyn HeapComponent>>>>,
    registry: PhantomData<fn() -> R>,
}

/// The bound `param` (at least `min`) that `setup` gives; past what a `usize` holds, no bound.
fn bound(setup: &Setup, param: &ParamDoc, min: u64) -> Result<usize, SetupError> {
    Ok(usize::try_from(setup.number_of(param, min)?).unwrap_or(usize::MAX))
}

/// What is wrong with the parameter `param`.
fn bad_param(param: &ParamDoc, problem: String) -> SetupError {
    SetupError::BadParam {
        name: Token::new(param.name),
        problem,
    }
}

/// The error of a sum refused while it is read: past `--max-sets`, or a bad component.
fn read_error(e: SumError) -> SetupError {
    match e.problem {
        ComponentProblem::TooManySets { .. } => SetupError::PastLimit {
            problem: e.to_string(),
            raise: &[MAX_SETS],
        },
        _ => SetupError::BadPosition {
            problem: e.to_string(),
        },
    }
}

impl<R: Components + Default> FromSetup for SumPlay<R> {
    /// The game whose heaps have the rulesets of the parameter `games` (Nim without it).
    ///
    /// # Errors
    /// [`SetupError`] for a bad ruleset, a component whose heaps have different rulesets, more
    /// sets than `max_sets`, or another parameter.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        setup.only_params(&[GAMES, MAX_COMPONENTS, MAX_SETS])?;
        let max_sets = bound(setup, &MAX_SETS, 0)?;
        let max_components = bound(setup, &MAX_COMPONENTS, 1)?;
        let text = setup.text_of(&GAMES).unwrap_or(DEFAULT_GAMES);
        let words: Vec<&str> = mixed::component_words(text).collect();
        // Each name once, in the order first written; each heap's name; each word's heaps.
        let mut distinct: Vec<&str> = Vec::new();
        let mut seen: HashMap<&str, usize> = HashMap::new();
        let mut heap_names = Vec::new();
        let mut counts = Vec::with_capacity(words.len());
        for word in &words {
            // The heaps of one component: its names joined by commas (`sub{1,2},sub{1,2}`).
            let group: Vec<&str> = mixed::split_outside_braces(word, |c| c == ',').collect();
            counts.push(group.len());
            heap_names.extend(group.into_iter().map(|name| {
                *seen.entry(name).or_insert_with(|| {
                    distinct.push(name);
                    distinct.len() - 1
                })
            }));
        }
        let tokens: Vec<String> = distinct.iter().map(|name| format!("{name}:0")).collect();
        let read = |tokens: &[String]| {
            MixedSum::read(tokens, max_sets, &R::default()).map_err(|e| match e.problem {
                ComponentProblem::Empty => bad_param(&GAMES, "no ruleset given".to_string()),
                ComponentProblem::TooManySets { .. } => read_error(e),
                problem => bad_param(&GAMES, problem.to_string()),
            })
        };
        let sum = read(&tokens)?;
        let ruleset_of = |name: usize| sum.components[name].ruleset;
        let mut shape = Vec::with_capacity(words.len());
        let mut heaps = heap_names.into_iter();
        for (word, count) in words.iter().zip(counts) {
            let group: Vec<usize> = heaps.by_ref().take(count).map(ruleset_of).collect();
            if group.iter().any(|&r| r != group[0]) {
                return Err(bad_param(
                    &GAMES,
                    format!(
                        "{}: the heaps joined by commas are one component, of one ruleset",
                        Token::new(word)
                    ),
                ));
            }
            shape.push((group[0], count));
        }
        // The rules of each ruleset once more, for the moves: the values stay with `sum`.
        let names: Vec<String> = sum.rulesets.iter().map(|r| r.name()).collect();
        let first: Vec<String> = names.iter().map(|name| format!("{name}:0")).collect();
        let moves = read(&first)?;
        Ok(SumPlay {
            rules: SumRules {
                names,
                games: moves.rulesets.into_iter().map(Arc::from).collect(),
            },
            shape,
            max_components,
            values: Arc::new(Mutex::new(sum.rulesets)),
            registry: PhantomData,
        })
    }

    /// Components `GAME:PILES` (separated by spaces or `+`): the heaps, each component's
    /// rulesets in the parameter `games`.
    fn read_words(
        setup: &Setup,
        words: &[String],
    ) -> Result<Option<(Setup, Vec<u64>)>, SetupError> {
        if !words.iter().any(|w| w.contains(':')) {
            return Ok(None);
        }
        let components = words.iter().flat_map(|w| mixed::component_words(w));
        read_components(setup, components, &R::default()).map(Some)
    }

    /// The components of a file or of standard input, as [`SumPlay::read_words`] reads them;
    /// numbers when the parameter `games` gives the rulesets.
    fn read_text(setup: &Setup, text: &[u8]) -> Result<Option<(Setup, Vec<u64>)>, SetupError> {
        if setup.params.contains_key(GAMES.name) {
            return Ok(None);
        }
        let text = std::str::from_utf8(text).map_err(|_| SetupError::BadPosition {
            problem: "the components are not UTF-8 text".to_string(),
        })?;
        read_components(setup, mixed::component_words(text), &R::default()).map(Some)
    }
}

/// The parameters and heaps of the components `words`: the parameter `games` gets each
/// component's ruleset once per heap, joined by commas. Reads no further than one component past
/// the parameter `max_components`, and computes no table.
fn read_components<'a>(
    setup: &Setup,
    words: impl Iterator<Item = &'a str>,
    registry: &dyn Components,
) -> Result<(Setup, Vec<u64>), SetupError> {
    if setup.params.contains_key(GAMES.name) {
        return Err(bad_param(
            &GAMES,
            "the components GAME:PILES give each heap's ruleset: give --games with heaps only"
                .to_string(),
        ));
    }
    let max = bound(setup, &MAX_COMPONENTS, 1)?;
    let max_sets = bound(setup, &MAX_SETS, 0)?;
    let tokens: Vec<&str> = words.take(max.saturating_add(1)).collect();
    if tokens.is_empty() {
        return Err(SetupError::Empty { what: "components" });
    }
    if tokens.len() > max {
        return Err(SetupError::PastLimit {
            problem: format!("too many components: more than {max}"),
            raise: &[MAX_COMPONENTS],
        });
    }
    let sum = MixedSum::read(&tokens, max_sets, registry).map_err(read_error)?;
    let names: Vec<String> = sum.rulesets.iter().map(|r| r.name()).collect();
    let games = games_text(&names, &sum.components);
    let mut setup = setup.clone();
    setup.params.insert(GAMES.name.to_string(), games);
    let heaps = sum.components.into_iter().flat_map(|c| c.piles).collect();
    Ok((setup, heaps))
}

/// The parameter `games` of `components`, whose rulesets are named `names`: each component's
/// name once per heap joined by commas, the components separated by spaces.
fn games_text<S: AsRef<str>>(names: &[S], components: &[Component]) -> String {
    let mut text = String::new();
    for (i, c) in components.iter().enumerate() {
        for j in 0..c.piles.len() {
            text.push_str(match (i, j) {
                (0, 0) => "",
                (_, 0) => " ",
                _ => ",",
            });
            text.push_str(names[c.ruleset].as_ref());
        }
    }
    text
}

impl<R> SumPlay<R> {
    /// The rulesets, every heap of `position` valued.
    ///
    /// # Errors
    /// The first component with a heap that has no value.
    fn valued(
        &self,
        position: &[Component],
    ) -> Result<MutexGuard<'_, Vec<Box<dyn HeapComponent>>>, SumError> {
        let mut rulesets = self.values.lock().unwrap_or_else(PoisonError::into_inner);
        prepare(
            position,
            &mut rulesets,
            SubtractionSet::DEFAULT_LIMIT,
            |i| {
                let c = &position[i];
                mixed::text(&self.rules.names[c.ruleset], &c.piles)
            },
        )?;
        Ok(rulesets)
    }

    /// `work` done on `position` with its rulesets, every heap valued: a position made by
    /// [`Ruleset::position`] or reached from one by moves.
    fn on_parts<T>(&self, position: &[Component], work: impl FnOnce(Parts<'_>) -> T) -> T {
        let rulesets = self
            .valued(position)
            .expect("a position's heaps are valued when it is made");
        work(Parts {
            components: position,
            rulesets: &rulesets,
        })
    }

    /// The move `change` if heap `pile` has it, else why not.
    fn legal(
        &self,
        position: &[Component],
        pile: usize,
        change: PileMove,
        text: &str,
    ) -> Result<PileMove, MoveError> {
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

    /// The heap `pile` (numbered across the sum) of `position`.
    fn heap(position: &[Component], pile: usize) -> u64 {
        let (index, local) = locate(position, pile);
        position[index].piles[local]
    }
}

impl<R> Ruleset for SumPlay<R> {
    const ABOUT: About = About {
        parameters: &[GAMES, MAX_COMPONENTS, MAX_SETS],
        typed_position: Some(TYPED),
        test_plan: TestPlan {
            settings: &[
                ("games", "lasker"),
                ("games", "kayles"),
                ("games", "nim lasker 0.07"),
                ("games", "sub{1,2} grundy lasker"),
                ("games", "half"),
                ("games", "half sub{2,5} nim"),
            ],
            ..TestPlan::DEFAULT
        },
        ..About::new("sum", HELP, NOTATION)
    };
    type Position = Vec<Component>;
    type Move = PileMove;
    type Step = HeapStep;
    type Value = crate::Nimber;
    type Rules = SumRules;

    fn rules(&self) -> &SumRules {
        &self.rules
    }

    /// The heaps in the components the parameter `games` lists (each its own component, of the
    /// one ruleset, when it lists one of one heap), every heap valued.
    fn position(&self, numbers: Vec<u64>) -> Result<Vec<Component>, SetupError> {
        if numbers.is_empty() {
            return Err(SetupError::Empty { what: "piles" });
        }
        let position: Vec<Component> = match self.shape[..] {
            [(ruleset, 1)] => numbers
                .into_iter()
                .map(|n| Component {
                    ruleset,
                    piles: vec![n],
                })
                .collect(),
            _ => {
                let heaps: usize = self.shape.iter().map(|&(_, count)| count).sum();
                if heaps != numbers.len() {
                    return Err(SetupError::BadPosition {
                        problem: format!(
                            "{} piles for {heaps} rulesets: give one pile per ruleset, or one ruleset",
                            numbers.len()
                        ),
                    });
                }
                let mut numbers = numbers.into_iter();
                self.shape
                    .iter()
                    .map(|&(ruleset, count)| Component {
                        ruleset,
                        piles: numbers.by_ref().take(count).collect(),
                    })
                    .collect()
            }
        };
        if position.len() > self.max_components {
            return Err(SetupError::PastLimit {
                problem: format!("too many components: more than {}", self.max_components),
                raise: &[MAX_COMPONENTS],
            });
        }
        self.valued(&position)
            .map(drop)
            .map_err(|e| SetupError::BadPosition {
                problem: e.to_string(),
            })?;
        Ok(position)
    }

    /// The heaps, and each component's ruleset once per heap.
    fn resume(&self, position: &Vec<Component>) -> crate::ruleset::Resume {
        let games = games_text(&self.rules.names, position);
        crate::ruleset::Resume {
            position: position.numbers(),
            params: BTreeMap::from([(GAMES.name.to_string(), games)]),
        }
    }

    /// Each heap is a game of its own.
    fn summands(&self, position: &Vec<Component>) -> Option<Vec<Vec<Component>>> {
        Some(heaps(position).map(|heap| vec![heap]).collect())
    }

    fn legal_moves(&self, position: &Vec<Component>, out: &mut Vec<PileMove>) {
        self.rules.each_move_of_all(position, &mut |m| out.push(m));
    }

    fn is_over(&self, position: &Vec<Component>) -> bool {
        position.iter().all(|c| {
            c.piles.iter().all(|&n| {
                let mut none = true;
                self.rules.games[c.ruleset].each_move(0, n, &mut |_| none = false);
                none
            })
        })
    }

    fn apply(&self, position: &Vec<Component>, change: &PileMove) -> Vec<Component> {
        apply(position, change)
    }

    fn analyze(
        &self,
        position: &Vec<Component>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<HeapStep, PileMove>, EngineError> {
        Ok(self.on_parts(position, |parts| parts.analyze(options)))
    }

    /// Each heap becomes at most the ordered lists of heaps it can break into; each position has
    /// at most twice its stones of options per heap.
    fn search_cost(&self, position: &Vec<Component>) -> Option<u64> {
        let heaps = position.numbers();
        let positions = heaps.iter().try_fold(1u128, |product, &n| {
            product
                .checked_mul(positions_from(n)?)
                .filter(|&n| n <= u128::from(u64::MAX))
        });
        let options = total_stones(&heaps) * 2 + 1;
        let cost = positions.map_or(u128::MAX, |n| n.saturating_mul(options));
        Some(u64::try_from(cost).unwrap_or(u64::MAX))
    }

    fn material(&self, position: &Vec<Component>) -> u128 {
        total_stones(&position.numbers())
    }

    /// The first move (the fewest tokens taken) of the largest heap that has one.
    fn slow_move(&self, position: &Vec<Component>) -> Option<PileMove> {
        let heaps = position.numbers();
        let mut piles: Vec<usize> = (0..heaps.len()).collect();
        piles.sort_by_key(|&p| std::cmp::Reverse(heaps[p]));
        piles.into_iter().find_map(|pile| {
            let mut first = None;
            self.rules.each_move(position, pile, &mut |m| {
                let taken = match &m {
                    PileMove::Take { from, to, .. } => from - to,
                    PileMove::Break { from, into, .. } => from - into.iter().sum::<u64>(),
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

impl<R> Presentation for SumPlay<R> {
    fn title(&self, lang: Lang) -> String {
        MixedSum::title(lang).to_string()
    }

    /// The components as `grundy sum` writes them: `nim:3,5 + lasker:7`.
    fn show(&self, position: &Vec<Component>, _lang: Lang) -> String {
        mixed::texts(&self.rules.names, position).join(" + ")
    }

    fn parse_move(&self, position: &Vec<Component>, text: &str) -> Result<PileMove, MoveError> {
        let piles = position.count();
        if let Some(numbers) = keyword_numbers(text, "split", 2, NOTATION)? {
            let pile = index(Unit::PILE, numbers[0], piles)?;
            let from = Self::heap(position, pile);
            let a = numbers[1].min(from.saturating_sub(numbers[1]));
            let change = PileMove::Split {
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
        let pile = index(Unit::PILE, number, piles)?;
        let from = Self::heap(position, pile);
        if count > from {
            // Taking none is a move of some take-and-break codes (4.7 breaks a heap in two).
            amount(Unit::PILE, pile, from, count)?;
        }
        let change = if rest.is_empty() {
            PileMove::Take {
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

    fn write_move(&self, change: &PileMove) -> String {
        match change {
            PileMove::Take { pile, from, to } => format!("{} {}", pile + 1, from - to),
            PileMove::Split { pile, into, .. } => format!("split {} {}", pile + 1, into[0]),
            PileMove::Break { pile, from, into } => {
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

    /// The components as `grundy sum` writes them: `["nim:3,5", "lasker:7"]`.
    fn write_position<S: serde::Serializer>(
        &self,
        position: &Vec<Component>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        use serde::Serialize;
        mixed::texts(&self.rules.names, position).serialize(serializer)
    }

    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        position: &Vec<Component>,
        _analysis: &Analysis<HeapStep, PileMove>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        self.on_parts(position, |parts| parts.json_fields())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Registry;

    /// The registry's sum.
    type Sum = SumPlay<Registry>;

    fn sum_with(params: &[(&str, &str)]) -> Setup {
        Setup {
            game: "sum".to_string(),
            params: params
                .iter()
                .map(|&(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..Setup::default()
        }
    }

    #[test]
    fn typed_components_and_games_joined_by_commas_are_one_position() {
        let words: Vec<String> = ["nim:3,5", "lasker:7", "sub{2, 1}:4,1"]
            .iter()
            .map(|w| w.to_string())
            .collect();
        let (read, heaps) = Sum::read_words(&sum_with(&[]), &words).unwrap().unwrap();
        assert_eq!(read.params["games"], "nim,nim lasker sub{1,2},sub{1,2}");
        assert_eq!(heaps, vec![3, 5, 7, 4, 1]);
        let game = Sum::from_setup(&read).unwrap();
        let position = game.position(heaps.clone()).unwrap();
        let shown = "nim:3,5 + lasker:7 + sub{1,2}:4,1";
        assert_eq!(game.show(&position, Lang::En), shown);
        let text = Sum::read_text(&sum_with(&[]), shown.as_bytes()).unwrap();
        assert_eq!(text, Some((read.clone(), heaps.clone())));
        // A split leaves its heaps in the component, and the game resumes as it stands.
        let split = PileMove::Split {
            pile: 2,
            from: 7,
            into: [3, 4],
        };
        let after = game.apply(&position, &split);
        assert_eq!(
            game.show(&after, Lang::En),
            "nim:3,5 + lasker:3,4 + sub{1,2}:4,1"
        );
        let resume = game.resume(&after);
        let games = &resume.params["games"];
        let again = Sum::from_setup(&sum_with(&[("games", games)])).unwrap();
        assert_eq!(again.position(resume.position).unwrap(), after);
        // One name for every heap: each heap a component of its own.
        let nim = Sum::from_setup(&sum_with(&[("games", "nim")])).unwrap();
        let apart = nim.position(vec![3, 5]).unwrap();
        assert_eq!(nim.show(&apart, Lang::En), "nim:3 + nim:5");
    }

    #[test]
    fn games_and_components_are_refused_in_one_line() {
        let refused =
            |params: &[(&str, &str)], heaps: Vec<u64>| match Sum::from_setup(&sum_with(params)) {
                Err(e) => e.to_string(),
                Ok(game) => game.position(heaps).unwrap_err().to_string(),
            };
        assert!(
            refused(&[("games", "nim,lasker")], vec![1, 2])
                .contains("one component, of one ruleset")
        );
        assert!(refused(&[("games", "nim lasker")], vec![1, 2, 3]).contains("3 piles for 2"));
        assert!(refused(&[("games", "wythoff")], vec![1]).contains("no closed form"));
        assert!(refused(&[("games", "kayles")], vec![1 << 40]).contains("component 1 'kayles:"));
        let past = refused(&[("games", "nim"), ("max_components", "2")], vec![1, 2, 3]);
        assert_eq!(
            past,
            "too many components: more than 2 (raise --max-components)"
        );
        let words = vec!["nim:1".to_string()];
        let both = Sum::read_words(&sum_with(&[("games", "nim")]), &words).unwrap_err();
        assert!(
            both.to_string().contains("give --games with heaps only"),
            "{both}"
        );
    }
}
