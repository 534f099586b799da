//! The generic engine: memoized Grundy values, misère outcomes and remoteness for any [`Game`].
//!
//! The search is an iterative depth-first traversal (no recursion, so a chain of millions of
//! positions is fine). Every finished position is kept in a [`Memo`] whose size is bounded: past
//! the bound the search stops with [`EngineError::TableFull`] instead of exhausting memory.
//! A position met again while it is still being searched means the game has a cycle, which a
//! finite impartial game must not have: that is [`EngineError::Cycle`].
//!
//! Two kinds of table: [`Memo::with_components`] splits sums through [`Game::components`] and
//! stores single components only (Grundy values combine by XOR); [`Memo::new`] stores whole
//! positions, which misère outcomes and remoteness need, since they do not decompose.
//! [`Memo::counting`] chooses the count of moves a whole-position table keeps ([`Count`]).

mod game;
mod table;

pub use game::one_heap_each;
pub use game::{Convention, Game, Outcome, Player};

use table::{Slot, Table};

use crate::{Cancel, Cancelled, MexSet, Nimber};

/// Why the engine could not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The memo table reached its bound.
    #[error(
        "search table is full at {limit} positions; raise the limit or analyse a smaller position"
    )]
    TableFull {
        /// The bound that was reached.
        limit: usize,
    },
    /// A position can be reached from itself, so the game is not finite.
    #[error("the game has a cycle: a position can be reached from itself")]
    Cycle,
    /// Misère outcomes and remoteness were asked of a table that splits positions into components.
    #[error(
        "misère play and remoteness need a table built with Memo::new, not Memo::with_components"
    )]
    NeedsWholePositions,
    /// The position is past the bound of what a search may take.
    #[error(
        "the position is too large to search: more than {budget} steps (positions times moves); analyse a smaller position"
    )]
    TooLarge {
        /// The bound, in positions times moves.
        budget: u64,
    },
    /// The search was cancelled (see [`Memo::set_cancel`]).
    #[error("the search was stopped: {0}")]
    Cancelled(#[from] Cancelled),
}

/// What the engine knows about one finished position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Info {
    /// The Grundy value under normal play.
    pub grundy: Nimber,
    /// Whether the player to move wins under misère play (the last mover loses).
    pub misere_win: bool,
    /// How many moves the game lasts under normal play, counted as the table's [`Count`] says:
    /// by default the remoteness (the winner wins as fast as possible, the loser loses as
    /// slowly as possible). 0 for a terminal position.
    pub remoteness: u32,
}

/// How a whole-position table counts the moves a position lasts ([`Info::remoteness`]). Either
/// count is odd exactly on the positions the player to move wins (by induction: a terminal
/// position counts 0, a won one one more than an even count, a lost one one more than an odd one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Count {
    /// Remoteness: the winner hurries (the fewest moves to a win), the loser delays (the most
    /// moves to a loss). What decides a conjunctive compound, which ends as soon as one component
    /// ends, and what the computer plays by.
    #[default]
    Remoteness,
    /// Suspense: the winner delays (the most moves to a win), the loser hurries (the fewest
    /// moves to a loss). What decides an Every-SG sum ([`crate::every`]), which goes on until
    /// every component has ended.
    Suspense,
}

impl Info {
    /// The outcome under the given convention.
    pub fn outcome(&self, play: Convention) -> Outcome {
        match play {
            Convention::Normal => Outcome::from_grundy(self.grundy),
            Convention::Misere if self.misere_win => Outcome::N,
            Convention::Misere => Outcome::P,
        }
    }
}

/// The memo table of the engine: every position searched so far, up to a bound.
///
/// A table built by [`Memo::new`] searches whole positions and knows values, misère outcomes and
/// remoteness. One built by [`Memo::with_components`] splits positions through
/// [`Game::components`] and knows only Grundy values: it holds single components, never a sum.
/// The value of a sum is the XOR of its components' values, read from the table (a component
/// not yet there is searched first), both for the position asked and for every option met in
/// the search, so a game that splits into heaps keeps one entry per heap.
/// A position with a small index of its own ([`Game::dense_index`], a heap of n stones) is kept
/// in a vector at that index, without hashing.
/// Memory is about the size of a position plus 40 bytes per entry (in the vector, per index up
/// to the largest held), and for each position on the
/// search path, 16 bytes per option and a copy of each component not yet solved.
pub struct Memo<P> {
    table: Table<P>,
    limit: usize,
    split: bool,
    count: Count,
    /// Buffers of finished frames, reused by the next ones.
    spare: Vec<(Vec<Info>, Pending<P>)>,
    /// The buffer options are listed into ([`Game::options`], [`Game::visit_options`]).
    options: Vec<P>,
    /// The options listed all at once that the table answered, and the sums split, handed
    /// back to the game at the end of the listing ([`Game::recycle`]).
    finished: Vec<P>,
    /// The buffer an option's components are listed into, kept from option to option
    /// ([`Game::components_reusing`]).
    parts: Vec<P>,
    mex: MexSet,
    cancel: Option<Cancel>,
    /// Positions opened and options listed since the cancellation token was last looked at.
    since_check: u32,
}

/// Components not yet solved, each with the index of the option it belongs to.
type Pending<P> = Vec<(usize, P)>;

/// A position being searched.
struct Frame<P> {
    position: P,
    /// The value of each option, so far: what is known of its components (one component, the
    /// option itself, on a whole-position table).
    values: Vec<Info>,
    /// The components not yet solved when the options were listed; they leave as they are
    /// added into `values`.
    pending: Pending<P>,
}

/// What an option's value is before any of its components is added: a sum of nothing.
const NOTHING: Info = Info {
    grundy: Nimber::ZERO,
    misere_win: false,
    remoteness: 0,
};

impl<P: Clone + Eq + std::hash::Hash> Memo<P> {
    /// The default bound on the number of positions: ten million.
    pub const DEFAULT_LIMIT: usize = 10_000_000;

    /// A table for whole positions, bounded by [`Memo::DEFAULT_LIMIT`].
    pub fn new() -> Self {
        Self::bounded(Self::DEFAULT_LIMIT, false)
    }

    /// A table that splits positions into components, bounded by [`Memo::DEFAULT_LIMIT`].
    pub fn with_components() -> Self {
        Self::bounded(Self::DEFAULT_LIMIT, true)
    }

    /// A table holding at most `limit` positions; `split` chooses whether sums are split.
    pub fn bounded(limit: usize, split: bool) -> Self {
        Memo {
            table: Table::new(),
            limit,
            split,
            count: Count::Remoteness,
            spare: Vec::new(),
            options: Vec::new(),
            finished: Vec::new(),
            parts: Vec::new(),
            mex: MexSet::new(),
            cancel: None,
            since_check: 0,
        }
    }

    /// The same table counting moves by `count` (see [`Info::remoteness`]); meant for an empty
    /// table, since the positions already held keep the count they were found with.
    pub fn counting(mut self, count: Count) -> Self {
        self.count = count;
        self
    }

    /// How many positions and options a search meets between two looks at the cancellation
    /// token: opening a position counts one, and each of its options one more.
    pub const CANCEL_CHECK_EVERY: u32 = 4096;

    /// Makes every later search look at `cancel` every [`Memo::CANCEL_CHECK_EVERY`] positions
    /// and options and stop with [`EngineError::Cancelled`] once it is cancelled (the table
    /// stays consistent: what was finished is kept).
    pub fn set_cancel(&mut self, cancel: Cancel) {
        self.cancel = Some(cancel);
    }

    /// How many positions the table holds.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// True if nothing has been searched yet.
    pub fn is_empty(&self) -> bool {
        self.table.len() == 0
    }

    /// The positions the table holds, in no particular order.
    pub fn positions(&self) -> impl Iterator<Item = &P> {
        self.table.positions()
    }

    /// The Grundy value of `position`.
    ///
    /// # Errors
    /// [`EngineError::TableFull`] or [`EngineError::Cycle`].
    pub fn grundy<G: Game<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
    ) -> Result<Nimber, EngineError> {
        if !self.split || self.table.get(game, position).is_some() {
            return Ok(self.solve(game, position)?.grundy);
        }
        let mut parts = Vec::new();
        if !splits(game, position, &mut parts) {
            return Ok(self.solve(game, position)?.grundy);
        }
        let mut total = Nimber::ZERO;
        for part in &parts {
            total += self.solve(game, part)?.grundy;
        }
        Ok(total)
    }

    /// Everything known about `position`: value, misère outcome and remoteness.
    ///
    /// # Errors
    /// [`EngineError::NeedsWholePositions`] on a splitting table, or a search error.
    pub fn info<G: Game<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
    ) -> Result<Info, EngineError> {
        if self.split {
            return Err(EngineError::NeedsWholePositions);
        }
        self.solve(game, position)
    }

    /// The outcome of `position` under `play`.
    ///
    /// # Errors
    /// As [`Memo::info`]; a splitting table answers normal play only.
    pub fn outcome<G: Game<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
        play: Convention,
    ) -> Result<Outcome, EngineError> {
        match play {
            Convention::Normal => Ok(Outcome::from_grundy(self.grundy(game, position)?)),
            Convention::Misere => Ok(self.info(game, position)?.outcome(play)),
        }
    }

    /// Every option of `position` after which the player who moved wins, in option order.
    ///
    /// # Errors
    /// As [`Memo::outcome`].
    pub fn winning_moves<G: Game<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
        play: Convention,
    ) -> Result<Vec<P>, EngineError> {
        let mut options = Vec::new();
        game.options(position, &mut options);
        let mut winning = Vec::new();
        for option in options {
            if self.outcome(game, &option, play)? == Outcome::P {
                winning.push(option);
            }
        }
        Ok(winning)
    }

    /// Searches `root` as one component (on a splitting table, its options are split, not it).
    fn solve<G: Game<Position = P>>(&mut self, game: &G, root: &P) -> Result<Info, EngineError> {
        if let Some(Slot::Done(info)) = self.table.get(game, root) {
            return Ok(*info);
        }
        let mut stack = vec![self.open(game, root.clone())?];
        loop {
            let frame = stack
                .last_mut()
                .expect("the stack holds the root until it is done");
            // Add the pending components already solved; descend into an unsolved one.
            // Last listed, first searched: a game's later options are often the ones nearer
            // its end (a heap split in halves rather than a heap one smaller), which keeps the
            // stack of frames, and the options they hold, short.
            let mut descend = None;
            while let Some((option, part)) = frame.pending.last() {
                match self.table.get(game, part) {
                    Some(Slot::Done(info)) => {
                        add(&mut frame.values[*option], *info);
                        frame.pending.pop();
                    }
                    Some(Slot::InProgress) => {
                        return Err(self.abandon(game, stack, EngineError::Cycle));
                    }
                    None => {
                        descend = Some(part.clone());
                        break;
                    }
                }
            }
            if let Some(part) = descend {
                match self.open(game, part) {
                    Ok(child) => stack.push(child),
                    Err(e) => return Err(self.abandon(game, stack, e)),
                }
                continue;
            }
            let mut frame = stack.pop().expect("checked above");
            let info = self.combine(&frame.values);
            self.table.finish(game, frame.position, info);
            frame.values.clear();
            self.spare.push((frame.values, frame.pending));
            if stack.is_empty() {
                return Ok(info);
            }
        }
    }

    /// Marks `position` as in progress and lists its options, with the value of each as far as
    /// the table knows it and the components it still needs.
    fn open<G: Game<Position = P>>(
        &mut self,
        game: &G,
        position: P,
    ) -> Result<Frame<P>, EngineError> {
        if self.since_check >= Self::CANCEL_CHECK_EVERY {
            self.since_check = 0;
            if let Some(cancel) = &self.cancel {
                cancel.check()?;
            }
        }
        self.table.begin(game, position.clone(), self.limit)?;
        let (mut values, mut pending) = self.spare.pop().unwrap_or_default();
        let mut options = std::mem::take(&mut self.options);
        let mut parts = std::mem::take(&mut self.parts);
        let mut finished = std::mem::take(&mut self.finished);
        let mut reading = Reading {
            game,
            table: &self.table,
            split: self.split,
            pending: &mut pending,
            parts: &mut parts,
        };
        if self.table.hashes_nothing() {
            // Every look-up is in the vector, or in an empty hash table: each option is read as
            // it is listed, and goes back to the game at once, to be reused for the next one.
            game.visit_options(&position, &mut options, &mut |option| {
                let index = values.len();
                values.push(NOTHING);
                reading.read(&mut values[index], index, option)
            });
        } else {
            // A look-up in a large hash table is likely a cache miss: with every option listed
            // first, the look-ups run one after another and their misses overlap (Nim as a
            // script, whole positions of four heaps: a third less CPU time than reading each
            // option as it is listed).
            game.options(&position, &mut options);
            for option in options.drain(..) {
                let index = values.len();
                values.push(NOTHING);
                if let Some(done) = reading.read(&mut values[index], index, option) {
                    finished.push(done);
                }
            }
            game.recycle(&mut finished);
        }
        let count = u32::try_from(values.len()).unwrap_or(u32::MAX);
        self.since_check = self.since_check.saturating_add(count).saturating_add(1);
        self.options = options;
        self.parts = parts;
        self.finished = finished;
        Ok(Frame {
            position,
            values,
            pending,
        })
    }

    fn combine(&mut self, values: &[Info]) -> Info {
        if values.is_empty() {
            // No move: lost under normal play, won under misère play.
            return Info {
                grundy: Nimber::ZERO,
                misere_win: true,
                remoteness: 0,
            };
        }
        self.mex.clear();
        let bound = values.len() as u64;
        for value in values {
            if value.grundy.value() <= bound {
                self.mex.insert(value.grundy.value());
            }
        }
        let grundy = Nimber(self.mex.mex());
        if self.split {
            return Info { grundy, ..NOTHING };
        }
        let mut misere_win = false;
        // The counts of the moves to a lost option (a win for the mover), and of all moves.
        let (mut fastest_win, mut slowest_win): (Option<u32>, u32) = (None, 0);
        let (mut fastest_loss, mut slowest_loss) = (u32::MAX, 0);
        for child in values {
            misere_win |= !child.misere_win;
            if child.grundy.is_zero() {
                fastest_win =
                    Some(fastest_win.map_or(child.remoteness, |r| r.min(child.remoteness)));
                slowest_win = slowest_win.max(child.remoteness);
            }
            fastest_loss = fastest_loss.min(child.remoteness);
            slowest_loss = slowest_loss.max(child.remoteness);
        }
        let moves = match (self.count, fastest_win) {
            (Count::Remoteness, Some(win)) => win,
            (Count::Remoteness, None) => slowest_loss,
            (Count::Suspense, Some(_)) => slowest_win,
            (Count::Suspense, None) => fastest_loss,
        };
        Info {
            grundy,
            misere_win,
            remoteness: 1 + moves,
        }
    }

    /// Removes the in-progress marks of an abandoned search so the table stays consistent.
    fn abandon<G: Game<Position = P>>(
        &mut self,
        game: &G,
        stack: Vec<Frame<P>>,
        error: EngineError,
    ) -> EngineError {
        for frame in stack {
            self.table.remove(game, &frame.position);
        }
        error
    }
}

/// What reading the options of one position needs, besides their values.
struct Reading<'a, G: Game> {
    game: &'a G,
    table: &'a Table<G::Position>,
    split: bool,
    pending: &'a mut Pending<G::Position>,
    parts: &'a mut Vec<G::Position>,
}

impl<G: Game> Reading<'_, G> {
    /// Adds what the table knows of option `index` into its `value`; gives the option back
    /// unless it is kept to be searched. An option in the table is a single component; one on
    /// the search path is found as a cycle when its turn comes.
    // Inlined into both ways of listing, as the loop over options of each.
    #[inline(always)]
    fn read(&mut self, value: &mut Info, index: usize, option: G::Position) -> Option<G::Position> {
        match self.table.get(self.game, &option) {
            Some(Slot::Done(info)) => {
                add(value, *info);
                Some(option)
            }
            Some(Slot::InProgress) => {
                self.pending.push((index, option));
                None
            }
            None if self.split && splits(self.game, &option, self.parts) => {
                // Only a part not solved yet is copied; the others stay in the buffer.
                for part in self.parts.iter() {
                    match self.table.get(self.game, part) {
                        Some(Slot::Done(info)) => add(value, *info),
                        _ => self.pending.push((index, part.clone())),
                    }
                }
                Some(option)
            }
            None => {
                self.pending.push((index, option));
                None
            }
        }
    }
}

/// Whether `position` is a sum of components other than itself; they are then what `parts`
/// holds (what it held before may have been overwritten: [`Game::components_reusing`]).
fn splits<G: Game>(game: &G, position: &G::Position, parts: &mut Vec<G::Position>) -> bool {
    game.components_reusing(position, parts) && !(parts.len() == 1 && parts[0] == *position)
}

/// Adds a solved component into the value of its option: the XOR of the Grundy values. On a
/// whole-position table the option is its only component, so its misère outcome and remoteness
/// are the component's.
fn add(value: &mut Info, component: Info) {
    value.grundy += component.grundy;
    value.misere_win = component.misere_win;
    value.remoteness = component.remoteness;
}

impl<P: Clone + Eq + std::hash::Hash> Default for Memo<P> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take one stone: a chain, to check there is no recursion limit.
    struct Chain;
    impl Game for Chain {
        type Position = u32;
        fn options(&self, n: &u32, out: &mut Vec<u32>) {
            if *n > 0 {
                out.push(n - 1);
            }
        }
    }

    /// A two-position cycle.
    struct Loop;
    impl Game for Loop {
        type Position = bool;
        fn options(&self, p: &bool, out: &mut Vec<bool>) {
            out.push(!p);
        }
    }

    #[test]
    fn a_chain_of_a_million_positions_needs_no_recursion() {
        let mut memo = Memo::new();
        let info = memo.info(&Chain, &1_000_000).unwrap();
        assert_eq!(info.grundy, Nimber(0));
        assert_eq!(info.remoteness, 1_000_000);
        // Misère: with an even number of single steps left, the mover can make the other take the last.
        assert!(info.misere_win);
    }

    #[test]
    fn a_cycle_is_an_error_not_a_hang() {
        assert_eq!(Loop.grundy(&true), Err(EngineError::Cycle));
    }

    #[test]
    fn a_cycle_through_positions_kept_by_index_leaves_the_table_empty() {
        /// The two-position cycle, its positions kept at indices 0 and 1.
        struct IndexedLoop;
        impl Game for IndexedLoop {
            type Position = bool;
            fn options(&self, p: &bool, out: &mut Vec<bool>) {
                Loop.options(p, out);
            }
            fn dense_index(&self, p: &bool) -> Option<usize> {
                Some(usize::from(*p))
            }
        }
        for split in [false, true] {
            let mut memo = Memo::bounded(10, split);
            assert_eq!(memo.grundy(&IndexedLoop, &true), Err(EngineError::Cycle));
            assert!(memo.is_empty());
        }
    }

    #[test]
    fn the_table_bound_ends_in_an_error() {
        let mut memo = Memo::bounded(100, false);
        assert_eq!(
            memo.grundy(&Chain, &1000),
            Err(EngineError::TableFull { limit: 100 })
        );
        // A search that fits still works on the same table afterwards.
        assert_eq!(memo.grundy(&Chain, &11), Ok(Nimber(1)));
    }

    #[test]
    fn a_cancelled_search_stops_early_with_an_error() {
        /// The chain, counting the positions expanded.
        struct Counted(std::cell::Cell<usize>);
        impl Game for Counted {
            type Position = u32;
            fn options(&self, n: &u32, out: &mut Vec<u32>) {
                self.0.set(self.0.get() + 1);
                Chain.options(n, out);
            }
        }
        let cancel = Cancel::new();
        let mut memo = Memo::new();
        memo.set_cancel(cancel.clone());
        cancel.cancel();
        let game = Counted(std::cell::Cell::new(0));
        assert_eq!(
            memo.grundy(&game, &1_000_000),
            Err(EngineError::Cancelled(Cancelled::Flag))
        );
        // It stopped at its first look, long before the million positions (each counts itself
        // and its one option), and kept no position half-searched.
        assert_eq!(game.0.get(), Memo::<u32>::CANCEL_CHECK_EVERY as usize / 2);
        assert!(memo.is_empty());

        let past = std::time::Instant::now() - std::time::Duration::from_millis(1);
        let mut memo = Memo::new();
        memo.set_cancel(Cancel::new().with_deadline(past));
        assert_eq!(
            memo.grundy(&Chain, &1_000_000),
            Err(EngineError::Cancelled(Cancelled::Deadline))
        );
        // A search smaller than one check interval is never interrupted.
        assert_eq!(memo.grundy(&Chain, &10), Ok(Nimber(0)));
    }

    /// Lasker's Nim (its rules from `games::lasker`), split into single heaps; with `reuse`, the
    /// parts of the previous option are overwritten in place, and left as they are where a
    /// position does not split; with `dense`, a single heap of n is kept at index n.
    struct Lasker {
        reuse: bool,
        dense: bool,
    }
    impl Game for Lasker {
        type Position = Vec<u64>;
        fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            crate::games::lasker::Lasker.options(heaps, out);
        }
        fn components(&self, heaps: &Vec<u64>, parts: &mut Vec<Vec<u64>>) -> bool {
            crate::games::lasker::Lasker.components(heaps, parts)
        }
        fn components_reusing(&self, heaps: &Vec<u64>, parts: &mut Vec<Vec<u64>>) -> bool {
            if !self.reuse {
                parts.clear();
                return self.components(heaps, parts);
            }
            if heaps.len() == 1 {
                return false;
            }
            parts.truncate(heaps.len());
            for (part, &h) in parts.iter_mut().zip(heaps) {
                part.clear();
                part.push(h);
            }
            let reused = parts.len();
            parts.extend(heaps[reused..].iter().map(|&h| vec![h]));
            true
        }
        fn dense_index(&self, heaps: &Vec<u64>) -> Option<usize> {
            match heaps[..] {
                [h] if self.dense => usize::try_from(h).ok(),
                _ => None,
            }
        }
    }

    #[test]
    fn parts_overwritten_in_place_or_kept_by_index_give_the_values_of_fresh_ones() {
        for (reuse, dense) in [(false, false), (true, false), (false, true), (true, true)] {
            let game = Lasker { reuse, dense };
            let mut memo = Memo::with_components();
            // Largest first, so that single heaps are met before they are solved.
            for a in (0..9).rev() {
                for b in (0..9).rev() {
                    for c in (0..9).rev() {
                        let heaps = vec![a, b, c];
                        // The closed form of games::lasker, the oracle.
                        let value = crate::games::lasker::value;
                        assert_eq!(
                            memo.grundy(&game, &heaps),
                            Ok(value(a) + value(b) + value(c)),
                            "{heaps:?}, reuse {reuse}"
                        );
                    }
                }
            }
            let mut held: Vec<&Vec<u64>> = memo.positions().collect();
            held.sort();
            let heaps: Vec<Vec<u64>> = (0..9).map(|h| vec![h]).collect();
            assert_eq!(
                held,
                heaps.iter().collect::<Vec<_>>(),
                "reuse {reuse}, dense {dense}"
            );
        }
    }

    #[test]
    fn misere_and_remoteness_need_whole_positions() {
        let mut memo = Memo::with_components();
        assert_eq!(memo.info(&Chain, &3), Err(EngineError::NeedsWholePositions));
    }
}
