//! Green Hackenbush, played: a position is a drawing, written as numbers in pairs `u v` (one
//! edge each, vertex 0 the ground; the API's and the page's form), inline `0-1,1-2,2-2`, or as
//! the edge lines of a file; a move `EDGE` cuts edge EDGE (from 1, in the order given), and what
//! no longer reaches the ground falls. Normal play only.

use serde::Serialize;

use super::{Bounds, Cut, Drawing, Hackenbush, HackenbushStep, analyze, apply, cuts};
use crate::engine::EngineError;
use crate::parse::parse_u64;
use crate::ruleset::{
    About, FromSetup, Lists, MoveError, Notation, Numbered, Presentation, Refusal, Ruleset, Setup,
    SetupError, TestPlan, Unit, malformed,
};
use crate::{Analysis, AnalyzeOptions, Explain, Lang};

/// A cut of an edge (from 1, with its ends) that nothing connects to the ground: not in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct NotInPlay {
    edge: usize,
    ends: [u32; 2],
}

impl Explain for NotInPlay {
    fn text(&self, lang: Lang) -> String {
        let NotInPlay { edge, ends: [u, v] } = *self;
        match lang {
            Lang::En => {
                format!("edge {edge} ({u}-{v}) is not in play: nothing connects it to the ground")
            }
            Lang::Zh => format!("第 {edge} 条边（{u}-{v}）不在局中：它与地面不相连"),
        }
    }
}

impl Refusal for NotInPlay {}

/// Green Hackenbush as a [`crate::ruleset::Playable`] ruleset.
#[derive(Clone, Copy, Debug)]
pub struct HackenbushPlay;

/// A drawing written as a position's numbers: the two ends of each edge in turn.
impl Numbered for Drawing {
    fn numbers(&self) -> Vec<u64> {
        self.edges
            .iter()
            .flat_map(|&[u, v]| [u64::from(u), u64::from(v)])
            .collect()
    }
    /// One component an edge.
    fn count(&self) -> usize {
        self.edges.len()
    }
    /// The inline form, `0-1,1-2,2-2`.
    fn text(&self) -> String {
        self.to_string()
    }
    /// The edges: what is left to cut.
    fn stones(&self) -> u128 {
        self.edges.len() as u128
    }
}

/// A drawing in JSON: its numbers, as the API takes a position back (`[0, 1, 1, 2, 2, 2]`).
impl Serialize for Drawing {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.edges.iter().flatten())
    }
}

impl FromSetup for HackenbushPlay {
    /// Green Hackenbush, which takes no parameters and normal play only.
    ///
    /// # Errors
    /// [`SetupError`] for any parameter.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        setup.no_params()?;
        Ok(HackenbushPlay)
    }

    /// The inline form, `0-1,1-2,2-2` (edges separated by commas or spaces); `None` when every
    /// word is a number (the ends of each edge in turn).
    fn read_words(
        setup: &Setup,
        words: &[String],
    ) -> Result<Option<(Setup, Vec<u64>)>, SetupError> {
        if words.iter().all(|w| parse_u64(w).is_ok()) {
            return Ok(None);
        }
        let drawing = Drawing::parse_inline(&words.join(" "), Bounds::DEFAULT).map_err(bad)?;
        Ok(Some((setup.clone(), drawing.numbers())))
    }

    /// Edge lines `u v`, comments after `#` (see [`Drawing::parse_lines`]).
    fn read_text(setup: &Setup, text: &[u8]) -> Result<Option<(Setup, Vec<u64>)>, SetupError> {
        let drawing = Drawing::parse_lines(text, Bounds::DEFAULT).map_err(bad)?;
        Ok(Some((setup.clone(), drawing.numbers())))
    }
}

/// A drawing's text error as the registry's.
fn bad(e: super::DrawingError) -> SetupError {
    SetupError::BadPosition {
        problem: e.to_string(),
    }
}

/// An edge of a drawing, the part a move names.
const EDGE: Unit = Unit {
    typed: Some(
        "the edges, inline u-v separated by commas (0-1,1-2,2-2, vertex 0 the ground), or the two \
ends of each edge in turn",
    ),
    ..Unit::moved("edge", ("第 ", " 条边"), ("move", "移动"))
};

const NOTATION: Notation = Notation {
    en: "EDGE",
    zh: "边号",
    meaning_en: "cut edge EDGE (numbered from 1 in the order the edges are listed); what no longer reaches the ground falls",
    meaning_zh: "剪断第「边号」条边（按列出的顺序从 1 编号）；不再与地面相连的部分随之掉落",
    example: "2",
};

/// The command line's help: the rules, the theorems, the input, examples.
const HELP: &str = "Green Hackenbush: a drawing of edges hangs from the ground (vertex 0); a \
move cuts one edge, and everything no longer connected to the ground falls. Who cannot move \
loses. Loops and repeated edges are allowed.\n\n\
Theorems (Winning Ways, chapter 7): the colon principle values a tree, a vertex being worth the \
XOR over its branches of 1 + the value of what the branch holds (a stalk of n edges is worth \
n); the fusion principle reduces any drawing to a tree: the vertices of a cycle fuse into one \
and its edges become loops, each worth 1. Every part left between the bridges fuses so, and the \
colon principle values the tree of bridges that remains: O(V + E). Every winning cut is listed, \
with how many edges fall with it; `--explain` shows the fusion and the colon principle step by \
step on the drawing given.\n\n\
The drawing: inline, edges u-v separated by commas (`0-1,1-2,2-2`); as numbers, the two ends of \
each edge in turn (`0 1 1 2 2 2`, the form of standard input without arguments and of the \
API); or as a file of edge lines `u v` (comments after #), `@FILE`, or `-` for standard input. \
Vertices are 0 to 4294967295, 0 the ground; at most 1000000 edges. Edges are numbered from 1 in \
the order given, and a move names one: `grundy play hackenbush 0-1,1-2,0-3` then `2`.\n\n\
Examples: `grundy hackenbush 0-1,1-2,2-0,1-3,3-4`, `grundy hackenbush --explain --lang zh \
0-1,1-2,1-3`, `grundy hackenbush @tree.txt`, `grundy play hackenbush 0-1,1-1,0-2`.";

impl Ruleset for HackenbushPlay {
    const ABOUT: About = About {
        part: EDGE,
        board: "hackenbush",
        test_plan: TestPlan {
            normal: Lists { len: 8, max: 2 },
            misere: Lists { len: 8, max: 2 },
            ..TestPlan::DEFAULT
        },
        ..About::new("hackenbush", HELP, NOTATION)
    };
    type Position = Drawing;
    type Move = Cut;
    type Step = HackenbushStep;
    type Value = crate::Nimber;
    type Rules = Hackenbush;

    fn rules(&self) -> &Hackenbush {
        &Hackenbush
    }

    /// The ends of each edge in turn: an even count of numbers, each a vertex (at most
    /// 4294967295), at most [`Bounds::DEFAULT`] edges. Edges not connected to the ground are
    /// kept, out of play.
    fn position(&self, numbers: Vec<u64>) -> Result<Drawing, SetupError> {
        let bad = |problem: String| Err(SetupError::BadPosition { problem });
        if numbers.is_empty() {
            return Err(SetupError::Empty { what: "edges" });
        }
        if numbers.len() % 2 == 1 {
            return bad(format!(
                "a drawing is pairs of vertices u v, one pair an edge; {} numbers is odd",
                numbers.len()
            ));
        }
        let limit = Bounds::DEFAULT.max_edges;
        if numbers.len() / 2 > limit {
            return bad(format!(
                "the drawing has {} edges, more than the limit of {limit}",
                numbers.len() / 2
            ));
        }
        if let Some((i, &n)) = numbers
            .iter()
            .enumerate()
            .find(|&(_, &n)| u32::try_from(n).is_err())
        {
            return bad(format!(
                "vertex {n} (of edge {}) is larger than 4294967295",
                i / 2 + 1
            ));
        }
        Ok(Drawing::new(
            numbers
                .chunks(2)
                .map(|pair| [pair[0] as u32, pair[1] as u32])
                .collect(),
        ))
    }

    fn legal_moves(&self, drawing: &Drawing, out: &mut Vec<Cut>) {
        out.extend(cuts(drawing));
    }

    fn is_over(&self, drawing: &Drawing) -> bool {
        !drawing.in_play().contains(&true)
    }

    fn apply(&self, drawing: &Drawing, change: &Cut) -> Drawing {
        apply(drawing, change.edge)
    }

    /// The value, every winning cut and the explanation; cuts that the work budget left
    /// undecided (cycles of thousands of edges) are counted in an
    /// [`HackenbushStep::Unexamined`] step, given even without the explanation.
    fn analyze(
        &self,
        drawing: &Drawing,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<HackenbushStep, Cut>, EngineError> {
        let mut result = analyze(drawing, options);
        if result.unexamined > 0 && !options.explain {
            let count = result.unexamined;
            result
                .analysis
                .explanation
                .push(HackenbushStep::Unexamined { count });
        }
        Ok(result.analysis)
    }

    /// A search meets at most every subset of the edges in play, each with at most one option
    /// an edge: E · 2^E (saturating).
    fn search_cost(&self, drawing: &Drawing) -> Option<u64> {
        let edges = drawing.in_play().iter().filter(|&&p| p).count() as u64;
        Some(match u32::try_from(edges) {
            Ok(e) if e < 58 => edges << e,
            _ => u64::MAX,
        })
    }

    /// A cut that drops no other edge (a loop, an edge on a cycle, or a bridge holding
    /// nothing), which a drawing in play always has: the game loses one edge.
    fn slow_move(&self, drawing: &Drawing) -> Option<Cut> {
        cuts(drawing).into_iter().find(|c| c.falls == 0)
    }
}

impl Presentation for HackenbushPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("Green Hackenbush", "绿色 Hackenbush（删边游戏）")
            .to_string()
    }

    /// The inline form, or "no edge".
    fn show(&self, drawing: &Drawing, lang: Lang) -> String {
        if drawing.edges.is_empty() {
            return lang.pick("no edge", "没有边").to_string();
        }
        drawing.to_string()
    }

    fn parse_move(&self, drawing: &Drawing, text: &str) -> Result<Cut, MoveError> {
        let number = parse_u64(text.trim()).map_err(|_| malformed(text, NOTATION))?;
        let moves = cuts(drawing);
        if moves.is_empty() {
            return Err(MoveError::GameOver);
        }
        let count = drawing.edges.len();
        let edge = match usize::try_from(number) {
            Ok(n) if (1..=count).contains(&n) => n - 1,
            _ => {
                return Err(MoveError::NoSuch {
                    unit: EDGE,
                    number,
                    count,
                });
            }
        };
        moves.into_iter().find(|c| c.edge == edge).ok_or_else(|| {
            NotInPlay {
                edge: edge + 1,
                ends: drawing.edges[edge],
            }
            .into()
        })
    }

    fn write_move(&self, change: &Cut) -> String {
        (change.edge + 1).to_string()
    }

    /// The cuts left undecided, when the work budget left some.
    fn notes(
        &self,
        _drawing: &Drawing,
        analysis: &Analysis<HackenbushStep, Cut>,
        lang: Lang,
    ) -> Vec<String> {
        analysis
            .explanation
            .iter()
            .filter(|s| matches!(s, HackenbushStep::Unexamined { .. }))
            .map(|s| s.text(lang))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::check_playable;
    use crate::testing::check_refusals;

    fn drawing(text: &str) -> Drawing {
        Drawing::parse_inline(text, Bounds::DEFAULT).unwrap()
    }

    #[test]
    fn moves_and_the_computer_match_the_rules_on_small_drawings() {
        // Trees, cycles, loops, repeated edges, an edge out of play, and every drawing of up to
        // three edges on the ground and two more vertices.
        let mut drawings: Vec<Drawing> = [
            "0-1,1-2,2-0,1-3,3-4",
            "0-1,1-1,1-2,2-2,0-0",
            "0-1,0-1,1-2,1-2,2-3",
            "0-1,1-2,2-3,3-0,2-4,4-4",
            "0-1,5-6,1-2",
            "0-1,1-2,1-3,3-4,3-5,0-6",
        ]
        .into_iter()
        .map(drawing)
        .collect();
        drawings.extend(
            crate::testing::all_lists(6, 2)
                .into_iter()
                .filter_map(|n| HackenbushPlay.position(n).ok()),
        );
        check_playable(&HackenbushPlay, &drawings, 8);
    }

    #[test]
    fn the_search_cost_bounds_the_positions_the_rules_reach() {
        use crate::Game;
        for text in [
            "0-1,1-2,2-0,1-3,3-4",
            "0-1,0-1,1-2,1-2,2-3,3-3",
            "0-1,1-2,2-3",
        ] {
            let start = drawing(text);
            let mut seen = std::collections::HashSet::from([start.clone()]);
            let mut todo = vec![start.clone()];
            let mut work = 0u64;
            while let Some(d) = todo.pop() {
                let mut options = Vec::new();
                Hackenbush.options(&d, &mut options);
                work += options.len() as u64;
                todo.extend(options.into_iter().filter(|o| seen.insert(o.clone())));
            }
            let cost = HackenbushPlay.search_cost(&start).unwrap();
            assert!(work <= cost, "{text}: {work} > {cost}");
        }
    }

    #[test]
    fn bad_moves_get_one_line_reasons_in_both_languages() {
        let d = drawing("0-1,1-2,5-6");
        let cases = [
            ("x", "'x' is not a move: write EDGE"),
            ("1 2", "is not a move"),
            ("0", "there is no edge 0: the edges are numbered 1 to 3"),
            ("4", "there is no edge 4"),
            ("99999999999999999999", "is not a move"),
            ("3", "edge 3 (5-6) is not in play"),
        ];
        check_refusals(&HackenbushPlay, &d, &cases);
        assert_eq!(
            HackenbushPlay.parse_move(&d, " 1 "),
            Ok(Cut {
                edge: 0,
                ends: [0, 1],
                falls: 1
            })
        );
        assert_eq!(
            HackenbushPlay.parse_move(&drawing("5-6"), "1"),
            Err(MoveError::GameOver)
        );
    }

    #[test]
    fn positions_are_pairs_of_vertices_read_from_numbers_words_or_lines() {
        let game = HackenbushPlay;
        assert!(game.position(vec![]).is_err());
        assert!(game.position(vec![0, 1, 1]).is_err());
        let too_large = game.position(vec![0, 1, 1, 1 << 32]).unwrap_err();
        assert!(too_large.to_string().contains("of edge 2"), "{too_large}");
        let d = game.position(vec![0, 1, 1, 2, 2, 2]).unwrap();
        assert_eq!(d, drawing("0-1,1-2,2-2"));
        assert_eq!(
            serde_json::to_value(&d).unwrap(),
            serde_json::json!([0, 1, 1, 2, 2, 2])
        );
        let setup = Setup {
            game: "hackenbush".into(),
            ..Setup::default()
        };
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            HackenbushPlay::read_words(&setup, &words(&["0", "1"])),
            Ok(None)
        );
        let read = HackenbushPlay::read_words(&setup, &words(&["0-1,1-2", "2-2"]));
        assert_eq!(read.unwrap().unwrap().1, d.numbers());
        let err = HackenbushPlay::read_words(&setup, &words(&["0-1,1-x"])).unwrap_err();
        assert!(err.to_string().contains("value 2: vertex 'x'"), "{err}");
        let read = HackenbushPlay::read_text(&setup, b"0 1 # ground\n\n1 2\n2 2\n");
        assert_eq!(read.unwrap().unwrap().1, d.numbers());
        let err = HackenbushPlay::read_text(&setup, b"0 1\n1\n").unwrap_err();
        assert!(err.to_string().contains("line 2"), "{err}");
    }

    #[test]
    fn the_slow_move_drops_nothing_and_lost_drawings_are_over_only_without_edges() {
        for text in ["0-1,1-2", "0-1,1-2,2-0", "0-0", "0-1,1-2,1-3,3-4"] {
            let d = drawing(text);
            let slow = HackenbushPlay.slow_move(&d).unwrap();
            assert!(slow.falls == 0, "{text}");
            assert_eq!(
                HackenbushPlay.apply(&d, &slow).edges().len() + 1,
                d.edges().len()
            );
        }
        assert!(HackenbushPlay.slow_move(&drawing("3-4")).is_none());
        assert!(HackenbushPlay.is_over(&drawing("3-4")));
    }
}
