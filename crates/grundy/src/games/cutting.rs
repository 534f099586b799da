//! The Cutting Game (POJ 2311): pieces of grid paper lie on the table; a move cuts one piece
//! along a grid line into two rectangles, and whoever first cuts out a 1×1 piece wins.
//!
//! Theorem: a piece with a side of 1 and the other at least 2 (a strip) wins at once for the
//! player to move (cut a 1×1 off it), so nobody who can avoid it cuts a strip off. Hence a
//! position without strips is the sum of its pieces in the game where a cut must leave both
//! parts with both sides at least 2, and who cannot make such a cut must make a strip and loses:
//! normal play, g(w, h) = mex { g(i, h) ⊕ g(w − i, h) : 2 ≤ i ≤ w − 2 } ∪
//! { g(w, j) ⊕ g(w, h − j) : 2 ≤ j ≤ h − 2 }. No closed form is known; [`CuttingTable`] holds
//! the values up to a side, in O(s³) time and 2s² bytes for sides up to s. Checked here against
//! the engine on the game as stated.

use serde::Serialize;

use crate::MexSet;
use crate::parse::{Token, parse_u64};
use crate::{Analysis, AnalyzeOptions, Explain, Game, Lang, Move, MoveList, Nimber, Outcome};

mod playable;

pub use playable::CuttingPlay;

/// The largest side [`CuttingTable::new`] accepts: a table of 1000 takes about 2 MB and a
/// fraction of a second.
pub const MAX_SIDE: u64 = 1000;

/// The Cutting Game as stated, as a [`Game`], for the engine: a position is the pieces as
/// [width, height]; a position holding a 1×1 piece is over (whoever cut it won). Its options are
/// [`moves`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutting;

impl Game for Cutting {
    type Position = Vec<[u64; 2]>;

    fn options(&self, pieces: &Vec<[u64; 2]>, out: &mut Vec<Vec<[u64; 2]>>) {
        out.extend(moves(pieces).map(|change| apply(pieces, &change)));
    }
}

/// Every move of `pieces`, each once: piece by piece, the cuts across the width, then across
/// the height, each with its smaller part first (the other order is the same two pieces); none
/// when a 1×1 piece lies on the table.
pub fn moves(pieces: &[[u64; 2]]) -> impl Iterator<Item = CutPiece> + '_ {
    let over = pieces.contains(&[1, 1]);
    pieces
        .iter()
        .enumerate()
        .filter(move |_| !over)
        .flat_map(|(piece, &from)| {
            cuts(from, 1)
                .filter(|[a, b]| a <= b)
                .map(move |into| CutPiece { piece, from, into })
        })
}

/// The cuts of a w×h piece whose parts have every side at least `min`: across the width
/// (i = min..=w − min), then across the height.
fn cuts([w, h]: [u64; 2], min: u64) -> impl Iterator<Item = [[u64; 2]; 2]> {
    let across = (min..=w.saturating_sub(min)).map(move |i| [[i, h], [w - i, h]]);
    let along = (min..=h.saturating_sub(min)).map(move |j| [[w, j], [w, h - j]]);
    across.chain(along)
}

/// Whether a piece has a side of 1 (and is not 1×1, which ends the game): the player to move
/// cuts a 1×1 off it and wins.
fn is_strip([w, h]: [u64; 2]) -> bool {
    w.min(h) == 1
}

/// A move: piece `piece` (0-based), a `from[0]`×`from[1]` rectangle, is cut along a grid line
/// into the two rectangles `into`: the first stays at index `piece`, the second is inserted right
/// after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename = "cut_piece")]
pub struct CutPiece {
    /// Index of the piece, from 0.
    pub piece: usize,
    /// Its width and height before.
    pub from: [u64; 2],
    /// The two pieces after, each as width and height.
    pub into: [[u64; 2]; 2],
}

impl Move for CutPiece {
    fn describe(&self, lang: Lang) -> String {
        let CutPiece {
            piece,
            from: [w, h],
            into: [[a, b], [c, d]],
        } = *self;
        match lang {
            Lang::En => format!("cut piece {} ({w}×{h}) into {a}×{b} and {c}×{d}", piece + 1),
            Lang::Zh => format!("把第 {} 块（{w}×{h}）切成 {a}×{b} 和 {c}×{d}", piece + 1),
        }
    }
}

/// The position after `change`.
pub fn apply(pieces: &[[u64; 2]], &CutPiece { piece, into, .. }: &CutPiece) -> Vec<[u64; 2]> {
    let mut next = pieces.to_vec();
    next[piece] = into[0];
    next.insert(piece + 1, into[1]);
    next
}

/// A position the table cannot answer, or a piece that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CuttingError {
    /// A word that is not `WIDTHxHEIGHT`.
    #[error("{word} is not a piece: write WIDTHxHEIGHT, e.g. 2x3")]
    NotAPiece {
        /// The word.
        word: Token,
    },
    /// A side of 0.
    #[error("piece {piece} has a side of 0: sides are at least 1")]
    EmptySide {
        /// The piece, numbered from 1.
        piece: usize,
    },
    /// A 1×1 piece: the game is over.
    #[error("piece {piece} is 1×1: whoever cut it has won, the game is over")]
    Over {
        /// The piece, numbered from 1.
        piece: usize,
    },
    /// A side above [`MAX_SIDE`].
    #[error(
        "piece {piece} has a side of {side}: the table of values goes up to sides of {MAX_SIDE}"
    )]
    TooLarge {
        /// The piece, numbered from 1.
        piece: usize,
        /// The side.
        side: u64,
    },
}

/// Checks that the table can answer `pieces`: no side of 0, no 1×1 piece (the game would be
/// over), no side above [`MAX_SIDE`].
///
/// # Errors
/// [`CuttingError::EmptySide`], [`CuttingError::Over`] or [`CuttingError::TooLarge`], for the
/// first piece that has one.
pub fn check(pieces: &[[u64; 2]]) -> Result<(), CuttingError> {
    for (i, &[w, h]) in pieces.iter().enumerate() {
        let piece = i + 1;
        if w == 0 || h == 0 {
            return Err(CuttingError::EmptySide { piece });
        }
        if [w, h] == [1, 1] {
            return Err(CuttingError::Over { piece });
        }
        if let Some(&side) = [w, h].iter().find(|&&s| s > MAX_SIDE) {
            return Err(CuttingError::TooLarge { piece, side });
        }
    }
    Ok(())
}

/// Reads pieces written `WIDTHxHEIGHT` (`x`, `X` or `×`), one a word: `2x3 4x4`. Only the form is
/// checked here; [`check`] checks the sizes.
///
/// # Errors
/// [`CuttingError::NotAPiece`] naming the first word that is not a piece.
///
/// # Examples
/// ```
/// use grundy::games::cutting;
/// assert_eq!(cutting::parse_pieces(["2x3", "4×4"]), Ok(vec![[2, 3], [4, 4]]));
/// assert!(cutting::parse_pieces(["2x"]).is_err());
/// ```
pub fn parse_pieces<'a>(
    words: impl IntoIterator<Item = &'a str>,
) -> Result<Vec<[u64; 2]>, CuttingError> {
    words
        .into_iter()
        .map(|word| {
            let bad = || CuttingError::NotAPiece {
                word: Token::new(word),
            };
            let (w, h) = word.split_once(['x', 'X', '×']).ok_or_else(bad)?;
            match (parse_u64(w), parse_u64(h)) {
                (Ok(w), Ok(h)) => Ok([w, h]),
                _ => Err(bad()),
            }
        })
        .collect()
}

/// The values g(w, h) of pieces whose sides are at least 2 (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CuttingTable {
    side: usize,
    values: Vec<u16>,
}

impl CuttingTable {
    /// The values of every piece with sides up to `side` (at most [`MAX_SIDE`]).
    ///
    /// # Panics
    /// If `side` is larger than [`MAX_SIDE`]; [`CuttingTable::for_pieces`] checks first.
    pub fn new(side: u64) -> CuttingTable {
        assert!(side <= MAX_SIDE, "side {side} above {MAX_SIDE}");
        let s = side as usize + 1;
        let mut table = CuttingTable {
            side: s - 1,
            values: vec![0; s * s],
        };
        let mut mex = MexSet::new();
        for w in 2..s {
            for h in 2..=w {
                mex.clear();
                // Each cut once: i ≤ w − i, j ≤ h − j.
                for i in 2..=w / 2 {
                    mex.insert(u64::from(table.at(i, h) ^ table.at(w - i, h)));
                }
                for j in 2..=h / 2 {
                    mex.insert(u64::from(table.at(w, j) ^ table.at(w, h - j)));
                }
                let g = mex.mex() as u16;
                table.values[w * s + h] = g;
                table.values[h * s + w] = g;
            }
        }
        table
    }

    /// The table for the largest side among `pieces`.
    ///
    /// # Errors
    /// As [`check`].
    pub fn for_pieces(pieces: &[[u64; 2]]) -> Result<CuttingTable, CuttingError> {
        check(pieces)?;
        let side = pieces.iter().flatten().copied().max().unwrap_or(1);
        Ok(CuttingTable::new(side))
    }

    fn at(&self, w: usize, h: usize) -> u16 {
        self.values[w * (self.side + 1) + h]
    }

    /// The largest side the table holds.
    pub fn side(&self) -> u64 {
        self.side as u64
    }

    /// g(w, h) for a piece whose sides are at least 2 and at most [`CuttingTable::side`]; a strip
    /// has no value in the sum (it wins at once), and is given 0.
    ///
    /// # Panics
    /// If a side is above [`CuttingTable::side`].
    ///
    /// # Examples
    /// ```
    /// use grundy::games::cutting::CuttingTable;
    /// // POJ 2311's samples: 2×2 and 3×2 are lost for the player to move, 4×2 is won.
    /// let table = CuttingTable::new(4);
    /// assert_eq!(table.value([2, 2]).value(), 0);
    /// assert_eq!(table.value([3, 2]).value(), 0);
    /// assert_eq!(table.value([4, 2]).value(), 1);
    /// ```
    pub fn value(&self, [w, h]: [u64; 2]) -> Nimber {
        Nimber(u64::from(self.at(w as usize, h as usize)))
    }

    /// The XOR of the values of the pieces without a side of 1 (each within the table).
    pub fn total(&self, pieces: &[[u64; 2]]) -> Nimber {
        pieces
            .iter()
            .filter(|&&p| !is_strip(p))
            .map(|&p| self.value(p))
            .fold(Nimber(0), |x, g| x + g)
    }

    /// Who wins `pieces` (none 1×1, each within the table): the player to move if a strip lies
    /// on the table, otherwise as the XOR of the values says.
    pub fn outcome(&self, pieces: &[[u64; 2]]) -> Outcome {
        if pieces.iter().any(|&p| is_strip(p)) {
            Outcome::N
        } else {
            Outcome::from_grundy(self.total(pieces))
        }
    }

    /// The cuts of piece `piece` to a value of `target` (parts with sides at least 2), across
    /// the width then across the height, each cut once (the smaller part first).
    pub fn moves_to(
        &self,
        piece: usize,
        from: [u64; 2],
        target: Nimber,
    ) -> impl Iterator<Item = CutPiece> + '_ {
        cuts(from, 2)
            .filter(|[a, b]| a <= b)
            .filter(move |&[a, b]| self.value(a) + self.value(b) == target)
            .map(move |into| CutPiece { piece, from, into })
    }
}

/// One step of the explanation of a Cutting Game position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum CuttingStep {
    /// A strip lies on the table: cut a 1×1 off it and win.
    Strip {
        /// The winning cut.
        change: CutPiece,
    },
    /// Why strips are never cut off, and the recursion of the values.
    Rule,
    /// The value of each piece (the first few), and their XOR.
    Values {
        /// (width, height, value) per piece.
        pieces: Vec<(u64, u64, Nimber)>,
        /// The XOR.
        total: Nimber,
    },
    /// A winning cut and the value its parts add up to.
    Move {
        /// The cut.
        change: CutPiece,
        /// The XOR of the two parts' values.
        target: Nimber,
    },
    /// For a P-position.
    Lost,
}

impl Explain for CuttingStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            CuttingStep::Strip { change } => lang.pick(
                format!("A piece has a side of 1: {} wins at once.", change.describe(Lang::En)),
                format!("有一块的一边长为 1：{}，立即获胜。", change.describe(Lang::Zh)),
            ),
            CuttingStep::Rule => lang.pick(
                "Cutting off a piece with a side of 1 lets the opponent cut a 1×1 and win, so both players only make cuts that leave every side at least 2; who cannot must cut a strip and loses. That is normal play: g(w, h) is the mex of g(i, h) ⊕ g(w−i, h) and g(w, j) ⊕ g(w, h−j) for 2 ≤ i ≤ w−2, 2 ≤ j ≤ h−2, and the pieces' values XOR.".to_string(),
                "切出一边长为 1 的纸片会让对手切出 1×1 而获胜，所以双方只会切出各边都至少为 2 的两块；无法这样切的一方只能切出长条而输掉。这就是普通规则：g(w, h) 是 g(i, h) ⊕ g(w−i, h) 与 g(w, j) ⊕ g(w, h−j)（2 ≤ i ≤ w−2，2 ≤ j ≤ h−2）的 mex，各块的 SG 值取异或。".to_string(),
            ),
            CuttingStep::Values { pieces, total } => {
                let list = pieces
                    .iter()
                    .map(|(w, h, g)| format!("g({w}, {h}) = {g}"))
                    .collect::<Vec<_>>()
                    .join(", ");
                lang.pick(
                    format!("{list}; XOR {total}."),
                    format!("{list}；异或和 {total}。"),
                )
            }
            CuttingStep::Move { change, target } => lang.pick(
                format!(
                    "Replace that piece by two of XOR {target}, which makes the total 0: {}.",
                    change.describe(Lang::En)
                ),
                format!(
                    "把这一块换成异或为 {target} 的两块，总异或变成 0：{}。",
                    change.describe(Lang::Zh)
                ),
            ),
            CuttingStep::Lost => lang.pick(
                "The XOR is 0: every cut that leaves no strip changes one piece's value and leaves a non-zero XOR. The player to move loses.".to_string(),
                "异或和为 0：任何不产生长条的切法都只改变一块的 SG 值，使异或和不为 0。先手必败。".to_string(),
            ),
        }
    }
}

/// How many pieces the explanation lists.
const EXPLAINED_PIECES: usize = 16;

/// Analyses a Cutting Game position: outcome, the winning cuts (with a strip: cutting a 1×1 off
/// each strip; otherwise piece by piece, as [`CuttingTable::moves_to`] lists them) and, if
/// asked, the explanation. It has no `grundy`: the values g(w, h) are those of the game without
/// strips ([`CuttingTable::total`]), not nim-values of the game as stated, where a piece is no
/// independent component (a 1×1 cut anywhere ends the whole game).
///
/// # Errors
/// As [`CuttingTable::for_pieces`].
///
/// # Examples
/// ```
/// use grundy::games::cutting;
/// use grundy::{AnalyzeOptions, Outcome};
/// let a = cutting::analyze(&[[4, 2]], &AnalyzeOptions::default())?;
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(cutting::apply(&[[4, 2]], &a.winning_moves[0]), vec![[2, 2], [2, 2]]);
/// # Ok::<(), cutting::CuttingError>(())
/// ```
pub fn analyze(
    pieces: &[[u64; 2]],
    options: &AnalyzeOptions,
) -> Result<Analysis<CuttingStep, CutPiece>, CuttingError> {
    Ok(CuttingTable::for_pieces(pieces)?.analyze(pieces, options))
}

impl CuttingTable {
    /// [`analyze`] with this table, for pieces that [`check`] accepts and whose sides are at most
    /// [`CuttingTable::side`].
    ///
    /// # Panics
    /// If a side is above [`CuttingTable::side`].
    pub fn analyze(
        &self,
        pieces: &[[u64; 2]],
        options: &AnalyzeOptions,
    ) -> Analysis<CuttingStep, CutPiece> {
        let table = self;
        let mut moves = MoveList::new(options.max_moves);
        for (piece, &[w, h]) in pieces.iter().enumerate() {
            let into = match [w, h] {
                [1, h] => [[1, 1], [1, h - 1]],
                [w, 1] => [[1, 1], [w - 1, 1]],
                _ => continue,
            };
            moves.push(CutPiece {
                piece,
                from: [w, h],
                into,
            });
        }
        let strip = moves.first().cloned();
        let total = table.total(pieces);
        let mut first_target = Nimber(0);
        if strip.is_none() && !total.is_zero() {
            for (piece, &p) in pieces.iter().enumerate() {
                let target = table.value(p) + total;
                let before = moves.count();
                table
                    .moves_to(piece, p, target)
                    .for_each(|change| moves.push(change));
                if before == 0 && moves.count() > 0 {
                    first_target = target;
                }
            }
        }
        let explanation = if !options.explain {
            Vec::new()
        } else if let Some(change) = strip {
            vec![CuttingStep::Strip { change }]
        } else {
            vec![
                CuttingStep::Rule,
                CuttingStep::Values {
                    pieces: pieces
                        .iter()
                        .take(EXPLAINED_PIECES)
                        .map(|&[w, h]| (w, h, table.value([w, h])))
                        .collect(),
                    total,
                },
                match moves.first() {
                    Some(change) => CuttingStep::Move {
                        change: *change,
                        target: first_target,
                    },
                    None => CuttingStep::Lost,
                },
            ]
        };
        let outcome = table.outcome(pieces);
        moves.into_outcome(outcome, explanation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Convention;
    use crate::engine::{EngineError, Memo};

    /// The game where a cut must leave both parts with both sides at least 2 (normal play),
    /// split into pieces for the engine.
    struct NoStripsSum;

    impl Game for NoStripsSum {
        type Position = Vec<[u64; 2]>;
        fn options(&self, pieces: &Vec<[u64; 2]>, out: &mut Vec<Vec<[u64; 2]>>) {
            for (piece, &p) in pieces.iter().enumerate() {
                for into in cuts(p, 2) {
                    out.push(apply(
                        pieces,
                        &CutPiece {
                            piece,
                            from: p,
                            into,
                        },
                    ));
                }
            }
        }
        fn components(&self, pieces: &Vec<[u64; 2]>, parts: &mut Vec<Vec<[u64; 2]>>) -> bool {
            parts.extend(pieces.iter().map(|&p| vec![p]));
            true
        }
    }

    #[test]
    fn the_table_matches_the_engine() {
        let table = CuttingTable::new(40);
        let mut memo = Memo::with_components();
        for w in 2..=40 {
            for h in 2..=40 {
                assert_eq!(
                    memo.grundy(&NoStripsSum, &vec![[w, h]]).unwrap(),
                    table.value([w, h]),
                    "{w}×{h}"
                );
            }
        }
    }

    /// Every multiset of pieces with sides 1..=`side` and at most `count` pieces, sorted.
    fn positions(side: u64, count: usize) -> Vec<Vec<[u64; 2]>> {
        let kinds: Vec<[u64; 2]> = (1..=side)
            .flat_map(|w| (w..=side).map(move |h| [w, h]))
            .filter(|&p| p != [1, 1])
            .collect();
        let mut all = vec![vec![]];
        let mut layer: Vec<(usize, Vec<[u64; 2]>)> = vec![(0, vec![])];
        for _ in 0..count {
            let mut next = Vec::new();
            for (from, pieces) in &layer {
                for (k, &kind) in kinds.iter().enumerate().skip(*from) {
                    let mut more = pieces.clone();
                    more.push(kind);
                    next.push((k, more));
                }
            }
            all.extend(next.iter().map(|(_, p)| p.clone()));
            layer = next;
        }
        all
    }

    /// The game as stated with each position in one order (pieces as [short, long], sorted), so
    /// the engine meets each multiset of pieces once.
    struct Sorted;

    impl Game for Sorted {
        type Position = Vec<[u64; 2]>;
        fn options(&self, pieces: &Vec<[u64; 2]>, out: &mut Vec<Vec<[u64; 2]>>) {
            let mut options = Vec::new();
            Cutting.options(pieces, &mut options);
            out.extend(options.into_iter().map(|o| sorted(&o)));
        }
    }

    fn sorted(pieces: &[[u64; 2]]) -> Vec<[u64; 2]> {
        let mut next: Vec<[u64; 2]> = pieces.iter().map(|&[w, h]| [w.min(h), w.max(h)]).collect();
        next.sort_unstable();
        next
    }

    #[test]
    fn the_theorem_and_its_winning_cuts_match_the_game_as_stated() -> Result<(), EngineError> {
        // Every position of up to two pieces with sides up to 5, and single pieces up to 7×7,
        // both orientations.
        let mut memo = Memo::new();
        let mut all = positions(5, 2);
        all.extend((1..=7).flat_map(|w| (1..=7).map(move |h| vec![[w, h]])));
        for pieces in all
            .into_iter()
            .filter(|p| !p.is_empty() && !p.contains(&[1, 1]))
        {
            let a = analyze(&pieces, &AnalyzeOptions::default()).unwrap();
            let outcome = memo.outcome(&Sorted, &sorted(&pieces), Convention::Normal)?;
            assert_eq!(a.outcome, outcome, "{pieces:?}");
            let mut options = Vec::new();
            Cutting.options(&pieces, &mut options);
            let mut winning = Vec::new();
            for next in options {
                if memo.outcome(&Sorted, &sorted(&next), Convention::Normal)? == Outcome::P {
                    winning.push(next);
                }
            }
            // Every winning cut is listed, once.
            let mut listed: Vec<Vec<[u64; 2]>> = a
                .winning_moves
                .iter()
                .map(|change| apply(&pieces, change))
                .collect();
            listed.sort_unstable();
            winning.sort_unstable();
            assert_eq!(listed, winning, "{pieces:?}");
            assert_eq!(a.winning_move_count, winning.len() as u64, "{pieces:?}");
        }
        Ok(())
    }

    #[test]
    fn bad_pieces_are_named() {
        assert_eq!(
            parse_pieces(["2x3", "4X4", "1×2"]),
            Ok(vec![[2, 3], [4, 4], [1, 2]])
        );
        for bad in ["2", "x3", "2x", "2x3x4", "-2x3", "2 x3", "axb"] {
            let err = parse_pieces(["2x2", bad]).unwrap_err();
            assert!(
                err.to_string()
                    .contains("is not a piece: write WIDTHxHEIGHT"),
                "{err}"
            );
        }
        let options = AnalyzeOptions::default();
        assert_eq!(
            analyze(&[[2, 2], [0, 3]], &options).unwrap_err(),
            CuttingError::EmptySide { piece: 2 }
        );
        assert_eq!(
            analyze(&[[1, 1]], &options).unwrap_err(),
            CuttingError::Over { piece: 1 }
        );
        assert_eq!(
            analyze(&[[2, MAX_SIDE + 1]], &options).unwrap_err(),
            CuttingError::TooLarge {
                piece: 1,
                side: MAX_SIDE + 1
            }
        );
    }

    #[test]
    fn explanations_in_both_languages() {
        let options = AnalyzeOptions {
            max_moves: 5,
            explain: true,
        };
        let en: Vec<String> = analyze(&[[4, 2]], &options)
            .unwrap()
            .explanation
            .iter()
            .map(|s| s.text(Lang::En))
            .collect();
        assert!(en[1].contains("g(4, 2) = *1"), "{en:?}");
        assert!(
            en[2].contains("cut piece 1 (4×2) into 2×2 and 2×2"),
            "{en:?}"
        );
        let zh: Vec<String> = analyze(&[[3, 1]], &options)
            .unwrap()
            .explanation
            .iter()
            .map(|s| s.text(Lang::Zh))
            .collect();
        assert!(zh[0].contains("立即获胜"), "{zh:?}");
    }
}
