//! The Cutting Game, played: a position is the pieces, typed `WIDTHxHEIGHT` (`2x3 4x4`) or as
//! width-height pairs of numbers; a move is `PIECE WxH`: cut piece PIECE so that one part is
//! W×H (the whole width or the whole height of the piece) and the other is the rest. Whoever
//! cuts out a 1×1 piece wins. Normal play only.

use std::sync::{Arc, Mutex, PoisonError};

use crate::engine::EngineError;
use crate::games::cutting::{
    self, CutPiece, Cutting, CuttingStep, CuttingTable, cuts, is_strip, parse_pieces,
};
use crate::parse::{Token, parse_u64};
use crate::ruleset::{
    About, FromSetup, Lists, MoveError, Notation, Presentation, Ruleset, Setup, SetupError,
    TestPlan, Unit, index, malformed,
};
use crate::{Analysis, AnalyzeOptions, Lang, Outcome};

/// The Cutting Game as a [`crate::ruleset::Playable`] ruleset. It keeps the largest table of
/// values it has built, so that a game played on does not build it again.
#[derive(Debug, Default)]
pub struct CuttingPlay {
    table: Mutex<Option<Arc<CuttingTable>>>,
}

impl FromSetup for CuttingPlay {
    /// The Cutting Game, which takes no parameters and normal play only.
    ///
    /// # Errors
    /// [`SetupError`] for any parameter.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        setup.no_params()?;
        Ok(CuttingPlay::default())
    }

    /// Pieces typed `WIDTHxHEIGHT`, as their numbers (width, height, width, height, …).
    fn read_words(
        setup: &Setup,
        words: &[String],
    ) -> Result<Option<(Setup, Vec<u64>)>, SetupError> {
        if words.iter().all(|w| parse_u64(w).is_ok()) {
            return Ok(None);
        }
        let pieces = parse_pieces(words.iter().map(String::as_str)).map_err(|e| {
            SetupError::BadPosition {
                problem: e.to_string(),
            }
        })?;
        Ok(Some((setup.clone(), pieces.concat())))
    }
}

impl CuttingPlay {
    /// A table holding the sides of `pieces` (checked): the one kept if large enough.
    fn table(&self, pieces: &[[u64; 2]]) -> Arc<CuttingTable> {
        let side = pieces.iter().flatten().copied().max().unwrap_or(1);
        let mut kept = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        match &*kept {
            Some(table) if table.side() >= side => Arc::clone(table),
            _ => Arc::clone(kept.insert(Arc::new(CuttingTable::new(side)))),
        }
    }
}

/// A piece of paper, the part a move names.
const PIECE: Unit = Unit {
    typed: Some("the pieces, as WxH (4x2) or width and height in turn"),
    ..Unit::moved("piece", ("第 ", " 块"), ("move", "移动"))
};

const NOTATION: Notation = Notation {
    en: "PIECE WxH",
    zh: "块号 宽x高",
    meaning_en: "cut piece PIECE into a W×H part and the rest, along a grid line (W is the piece's whole width or H its whole height); pieces numbered from 1",
    meaning_zh: "沿格线把第「块号」块切成一块 宽×高 和其余部分（宽等于整块的宽，或高等于整块的高）；块号从 1 开始",
    example: "1 2x2",
};

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "The Cutting Game (POJ 2311): pieces of grid paper, each WIDTHxHEIGHT \
(`2x3 4x4`, or width and height as two numbers); a move cuts one piece along a grid line into \
two rectangles, and whoever first cuts out a 1×1 piece wins.\n\n\
Theorem: a piece with a side of 1 (a strip) is won at once by the player to move, who cuts a \
1×1 off it; so nobody cuts a strip off, and the game is the normal-play sum of its pieces in \
the game whose cuts leave both parts with both sides at least 2 (who cannot make one must make \
a strip and loses). g(w, h) = mex of g(i, h) XOR g(w − i, h) and g(w, j) XOR g(w, h − j) for \
2 ≤ i ≤ w − 2, 2 ≤ j ≤ h − 2; no closed form is known, so a table holds the values up to the \
largest side given (sides up to 1000, O(s^3) time). Every winning cut is listed, each once, \
the smaller part first: with a strip on the table the cuts of a 1×1 off a strip, otherwise the \
cuts to a sum of XOR 0.\n\n\
Examples: `grundy cutting 4x2`, `grundy cutting --explain --lang zh 5x5 3x2`, `grundy play \
cutting 6x4`.";

impl Ruleset for CuttingPlay {
    const ABOUT: About = About {
        part: PIECE,
        board: "pieces",
        test_plan: TestPlan {
            normal: Lists { len: 4, max: 4 },
            misere: Lists { len: 4, max: 3 },
            ..TestPlan::DEFAULT
        },
        ..About::new("cutting", HELP, NOTATION)
    };
    type Position = Vec<[u64; 2]>;
    type Move = CutPiece;
    type Step = CuttingStep;
    type Value = crate::Nimber;
    type Rules = Cutting;

    fn rules(&self) -> &Cutting {
        &Cutting
    }

    /// Width-height pairs, every side from 1 to [`MAX_SIDE`](cutting::MAX_SIDE), no 1×1 piece.
    fn position(&self, numbers: Vec<u64>) -> Result<Vec<[u64; 2]>, SetupError> {
        if numbers.is_empty() {
            return Err(SetupError::Empty { what: "pieces" });
        }
        if !numbers.len().is_multiple_of(2) {
            return Err(SetupError::BadPosition {
                problem: format!(
                    "{} numbers are not pieces: give each piece as a width and a height, or as WxH",
                    numbers.len()
                ),
            });
        }
        let pieces: Vec<[u64; 2]> = numbers.chunks_exact(2).map(|c| [c[0], c[1]]).collect();
        cutting::check(&pieces).map_err(|e| SetupError::BadPosition {
            problem: e.to_string(),
        })?;
        Ok(pieces)
    }

    fn legal_moves(&self, pieces: &Vec<[u64; 2]>, out: &mut Vec<CutPiece>) {
        out.extend(cutting::moves(pieces));
    }

    fn is_over(&self, pieces: &Vec<[u64; 2]>) -> bool {
        pieces.contains(&[1, 1])
    }

    fn apply(&self, pieces: &Vec<[u64; 2]>, change: &CutPiece) -> Vec<[u64; 2]> {
        cutting::apply(pieces, change)
    }

    /// A finished game (a 1×1 piece cut) is lost for the player to move, who has no move.
    fn analyze(
        &self,
        pieces: &Vec<[u64; 2]>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<CuttingStep, CutPiece>, EngineError> {
        if self.is_over(pieces) {
            return Ok(Analysis {
                outcome: Outcome::P,
                value: None,
                winning_moves: Vec::new(),
                winning_move_count: 0,
                explanation: Vec::new(),
            });
        }
        Ok(self.table(pieces).analyze(pieces, options))
    }

    /// Every position reachable is a list of rectangles with sides up to the largest side s and
    /// the same area A in all: at most c(A) of them, c(a) = Σ_k d(k) c(a − k) with d(k) the
    /// rectangles of area k and sides up to s; each has at most A options.
    fn search_cost(&self, pieces: &Vec<[u64; 2]>) -> Option<u64> {
        /// Past this area the count is far beyond any search budget.
        const COUNTED_AREA: u64 = 64;
        let area = pieces
            .iter()
            .try_fold(0u64, |a, &[w, h]| a.checked_add(w.checked_mul(h)?))
            .filter(|&a| a <= COUNTED_AREA);
        let Some(area) = area else {
            return Some(u64::MAX);
        };
        let side = pieces.iter().flatten().copied().max().unwrap_or(1);
        let area = area as usize;
        let mut rectangles = vec![0u64; area + 1];
        for w in 1..=side.min(area as u64) {
            for h in 1..=side.min(area as u64 / w) {
                rectangles[(w * h) as usize] += 1;
            }
        }
        let mut lists = vec![1u64];
        for a in 1..=area {
            let n = (1..=a).fold(0u64, |n, k| {
                n.saturating_add(rectangles[k].saturating_mul(lists[a - k]))
            });
            lists.push(n);
        }
        Some(lists[area].saturating_mul(area as u64))
    }

    /// The cuts that can still be made: each cut adds a piece and no piece is smaller than 1×1.
    fn material(&self, pieces: &Vec<[u64; 2]>) -> u128 {
        pieces
            .iter()
            .map(|&[w, h]| u128::from(w) * u128::from(h) - 1)
            .sum()
    }

    /// A lost position's move that keeps the game going: a cut leaving no strip where there is
    /// one, else the first cut.
    fn slow_move(&self, pieces: &Vec<[u64; 2]>) -> Option<CutPiece> {
        let safe = pieces.iter().enumerate().find_map(|(piece, &from)| {
            cuts(from, 2)
                .find(|[a, b]| a <= b)
                .map(|into| CutPiece { piece, from, into })
        });
        safe.or_else(|| cutting::moves(pieces).next())
    }
}

impl Presentation for CuttingPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("Cutting Game", "剪纸游戏").to_string()
    }

    /// The pieces as they are typed: `2x3 4x4`.
    fn show(&self, pieces: &Vec<[u64; 2]>, _lang: Lang) -> String {
        pieces
            .iter()
            .map(|[w, h]| format!("{w}x{h}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// `PIECE WxH`: either part may be named; the cut is written smaller part first.
    fn parse_move(&self, pieces: &Vec<[u64; 2]>, text: &str) -> Result<CutPiece, MoveError> {
        let words: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let (number, part) = match words[..] {
            [number, part] => match (parse_u64(number), parse_pieces([part])) {
                (Ok(number), Ok(part)) => (number, part[0]),
                _ => return Err(malformed(text, NOTATION)),
            },
            _ => return Err(malformed(text, NOTATION)),
        };
        if self.is_over(pieces) {
            return Err(MoveError::GameOver);
        }
        let piece = index(PIECE, number, pieces.len())?;
        let from = pieces[piece];
        let [w, h] = from;
        let rest = match part {
            [x, y] if y == h && (1..w).contains(&x) => [w - x, h],
            [x, y] if x == w && (1..h).contains(&y) => [w, h - y],
            _ => {
                let options = cutting::moves(pieces)
                    .filter(|c| c.piece == piece)
                    .map(|c| self.write_move(&c))
                    .collect();
                return Err(MoveError::NotAnOption {
                    input: Token::new(text.trim()),
                    options,
                });
            }
        };
        Ok(CutPiece {
            piece,
            from,
            into: [part.min(rest), part.max(rest)],
        })
    }

    fn write_move(&self, change: &CutPiece) -> String {
        let [w, h] = change.into[0];
        format!("{} {w}x{h}", change.piece + 1)
    }

    /// `piece_values`: g(w, h) of each piece in the game without strips, `null` for a strip
    /// (which wins at once); `piece_xor`: their XOR, `null` when a strip lies on the table.
    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        pieces: &Vec<[u64; 2]>,
        _analysis: &Analysis<CuttingStep, CutPiece>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        if self.is_over(pieces) {
            return Vec::new();
        }
        let table = self.table(pieces);
        let values: Vec<Option<u64>> = pieces
            .iter()
            .map(|&p| (!is_strip(p)).then(|| table.value(p).value()))
            .collect();
        let xor = (!pieces.iter().any(|&p| is_strip(p))).then(|| table.total(pieces).value());
        vec![
            ("piece_values", serde_json::json!(values)),
            ("piece_xor", serde_json::json!(xor)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::Game;
    use crate::games::cutting::MAX_SIDE;
    use crate::play::{Search, computer_move};
    use crate::testing::check_refusals;
    use crate::testing::{all_lists, check_playable};

    /// The positions of the numbers of at most `len` numbers up to `max`.
    fn positions(len: usize, max: u64) -> Vec<Vec<[u64; 2]>> {
        let game = CuttingPlay::default();
        all_lists(len, max)
            .into_iter()
            .filter_map(|n| game.position(n).ok())
            .collect()
    }

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        let game = CuttingPlay::default();
        let mut all = positions(4, 3);
        all.extend(positions(2, 5));
        // Where the computer searches (its fallback is checked there too).
        all.retain(|p| {
            game.search_cost(p)
                .is_some_and(|c| c <= Search::<Vec<[u64; 2]>>::DEFAULT_BUDGET)
        });
        assert!(all.len() >= 40, "{}", all.len());
        check_playable(&game, &all, 6);
    }

    #[test]
    fn the_search_cost_bounds_the_work_of_the_search() {
        let game = CuttingPlay::default();
        for pieces in positions(4, 3).into_iter().chain(positions(2, 4)) {
            let mut seen = HashSet::from([pieces.clone()]);
            let mut open = vec![pieces.clone()];
            let mut work = 0u64;
            let mut options = Vec::new();
            while let Some(p) = open.pop() {
                options.clear();
                Cutting.options(&p, &mut options);
                work += options.len() as u64;
                open.extend(options.drain(..).filter(|o| seen.insert(o.clone())));
            }
            let cost = game.search_cost(&pieces).unwrap();
            assert!(work <= cost, "{pieces:?}: {work} > {cost}");
        }
    }

    #[test]
    fn large_pieces_are_played_by_the_table() {
        let game = CuttingPlay::default();
        let mut search = Search::new(Search::<Vec<[u64; 2]>>::DEFAULT_BUDGET);
        for pieces in [
            vec![[200, 200]],
            vec![[120, 7], [9, 30]],
            vec![[64, 2], [3, 3]],
        ] {
            let reply = computer_move(&game, &pieces, &mut search).unwrap();
            assert_eq!(reply.remoteness, None);
            let outcome =
                |p: &Vec<[u64; 2]>| game.analyze(p, &AnalyzeOptions::default()).unwrap().outcome;
            assert_eq!(reply.winning, outcome(&pieces) == Outcome::N, "{pieces:?}");
            let after = game.apply(&pieces, &reply.change);
            assert_eq!(outcome(&after) == Outcome::P, reply.winning, "{pieces:?}");
            assert_eq!(
                game.parse_move(&pieces, &game.write_move(&reply.change)),
                Ok(reply.change)
            );
        }
        // The table kept holds the largest side met.
        assert_eq!(game.table(&[[2, 2]]).side(), 200);
    }

    #[test]
    fn pieces_are_read_as_words_or_numbers_with_one_line_errors() {
        let setup = Setup {
            game: "cutting".to_string(),
            ..Setup::default()
        };
        let words = |w: &[&str]| -> Vec<String> { w.iter().map(|s| s.to_string()).collect() };
        let read = CuttingPlay::read_words(&setup, &words(&["2x3", "4×4"])).unwrap();
        assert_eq!(read.map(|(_, n)| n), Some(vec![2, 3, 4, 4]));
        assert_eq!(
            CuttingPlay::read_words(&setup, &words(&["2", "3"])),
            Ok(None)
        );
        let err = CuttingPlay::read_words(&setup, &words(&["2x3", "4"])).unwrap_err();
        assert!(err.to_string().contains("'4' is not a piece"), "{err}");
        let game = CuttingPlay::default();
        assert_eq!(game.position(vec![2, 3, 4, 4]), Ok(vec![[2, 3], [4, 4]]));
        for (numbers, problem) in [
            (vec![2, 3, 4], "3 numbers are not pieces"),
            (vec![2, 2, 1, 1], "piece 2 is 1×1"),
            (vec![0, 2], "piece 1 has a side of 0"),
            (
                vec![2, MAX_SIDE + 1],
                "piece 1 has a side of 1001: the table of values goes up to sides of 1000",
            ),
        ] {
            let err = game.position(numbers).unwrap_err().to_string();
            assert!(err.contains(problem) && !err.contains('\n'), "{err}");
        }
        assert!(game.position(vec![]).is_err());
    }

    #[test]
    fn bad_moves_get_one_line_reasons_in_both_languages() {
        let game = CuttingPlay::default();
        let pieces = vec![[4, 2], [3, 3]];
        let cases = [
            ("x", "'x' is not a move: write PIECE WxH"),
            ("1 2", "is not a move"),
            (
                "3 1x1",
                "there is no piece 3: the pieces are numbered 1 to 2",
            ),
            ("1 4x2", "'1 4x2' is not"),
            ("1 3x1", "'1 3x1' is not"),
        ];
        check_refusals(&game, &pieces, &cases);
        // Either part may be named.
        assert_eq!(
            game.parse_move(&pieces, "2 3x2"),
            game.parse_move(&pieces, "2 3x1")
        );
        let change = game.parse_move(&pieces, "1 3x2").unwrap();
        assert_eq!(game.apply(&pieces, &change), vec![[1, 2], [3, 2], [3, 3]]);
        assert_eq!(game.write_move(&change), "1 1x2");
        assert_eq!(
            game.parse_move(&vec![[1, 1], [2, 2]], "2 1x2"),
            Err(MoveError::GameOver)
        );
    }
}
