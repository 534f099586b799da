//! Helpers shared by the exhaustive tests.

use crate::Game;
use crate::play::{Search, computer_move};
use crate::registry::{Visitor, with_ruleset};
use crate::ruleset::{Playable, Setup};
use crate::{AnalyzeOptions, Convention, Explain, Lang, Outcome};
use std::collections::{HashMap, HashSet};

/// Checks that each of `cases`, a typed move and a part of the reason, is refused at `position`
/// in one line that gives the reason, and in Chinese too.
pub(crate) fn check_refusals<G: Playable>(
    game: &G,
    position: &G::Position,
    cases: &[(&str, &str)],
) {
    for (text, reason) in cases {
        let err = game.parse_move(position, text).unwrap_err();
        assert!(err.to_string().contains(reason), "{text}: {err}");
        assert!(!err.to_string().contains('\n'), "{text}: {err}");
        assert!(!err.text(Lang::Zh).is_empty(), "{text}");
    }
}

/// Every list of 1 to `max_len` values, shorter lists first, grown by appending to each list
/// every value `next(list)` allows.
fn grow(max_len: usize, next: impl Fn(&[u64]) -> Vec<u64>) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    let mut layer = vec![vec![]];
    for _ in 0..max_len {
        layer = layer
            .iter()
            .flat_map(|list: &Vec<u64>| {
                next(list).into_iter().map(move |v| {
                    let mut longer = list.clone();
                    longer.push(v);
                    longer
                })
            })
            .collect();
        all.extend(layer.iter().cloned());
    }
    all
}

/// Every list of 1 to `max_len` values in `0..=max`, shorter lists first.
pub(crate) fn all_lists(max_len: usize, max: u64) -> Vec<Vec<u64>> {
    grow(max_len, |_| (0..=max).collect())
}

/// Every position of at most `piles` piles of at most `stones`, the empty one included.
pub(crate) fn all_positions(piles: usize, stones: u64) -> Vec<Vec<u64>> {
    std::iter::once(vec![])
        .chain(all_lists(piles, stones))
        .collect()
}

/// Every row of 1 to `max_coins` coins on distinct cells `1..=max_cell`, in every order.
pub(crate) fn all_coin_rows(max_coins: usize, max_cell: u64) -> Vec<Vec<u64>> {
    grow(max_coins, |row| {
        (1..=max_cell).filter(|c| !row.contains(c)).collect()
    })
}

// What every playable ruleset's tests check.

/// Reference outcome and remoteness by plain recursion over the rules' options, sharing
/// nothing with the engine: (the mover wins, moves left with the winner hurrying and the
/// loser stalling).
pub(crate) fn reference<G: Game>(
    rules: &G,
    position: &G::Position,
    play: Convention,
    memo: &mut HashMap<G::Position, (bool, u32)>,
) -> (bool, u32) {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let mut options = Vec::new();
    rules.options(position, &mut options);
    let children: Vec<(bool, u32)> = options
        .iter()
        .map(|o| reference(rules, o, play, memo))
        .collect();
    let result = if children.is_empty() {
        (play == Convention::Misere, 0)
    } else if let Some(r) = children.iter().filter(|c| !c.0).map(|c| c.1).min() {
        (true, r + 1)
    } else {
        (false, children.iter().map(|c| c.1).max().unwrap_or(0) + 1)
    };
    memo.insert(position.clone(), result);
    result
}

/// Checks a playable ruleset on every one of `positions`:
/// - its legal moves lead to exactly the rules' options, and the game is over exactly when
///   there is none;
/// - every legal move is written and read back, and of the texts `A B` with A, B up to
///   `up_to` the parser accepts exactly those of legal moves; refusals are one line, with
///   a Chinese text;
/// - the computer, searching, wins as fast and loses as slowly as the reference says;
/// - the computer without search (the closed form) never throws away a win;
/// - the resumed numbers and parameters give the position back.
pub(crate) fn check_playable<G: Playable>(game: &G, positions: &[G::Position], up_to: u64)
where
    G::Position: std::fmt::Debug,
{
    let play = game.convention();
    let mut memo = HashMap::new();
    let mut search = Search::new(Search::<G::Position>::DEFAULT_BUDGET);
    let mut no_search = Search::new(0);
    let texts: Vec<String> = (0..=up_to)
        .flat_map(|a| (0..=up_to).map(move |b| format!("{a} {b}")))
        .collect();
    for position in positions {
        let mut moves = Vec::new();
        game.legal_moves(position, &mut moves);
        let mut options = Vec::new();
        game.rules().options(position, &mut options);
        let mut expected: HashMap<&G::Position, usize> = HashMap::new();
        for o in &options {
            *expected.entry(o).or_default() += 1;
        }
        let after: Vec<G::Position> = moves.iter().map(|c| game.apply(position, c)).collect();
        let mut got: HashMap<&G::Position, usize> = HashMap::new();
        for a in &after {
            *got.entry(a).or_default() += 1;
        }
        assert_eq!(got, expected, "moves of {}", game.show(position, Lang::En));
        assert_eq!(game.is_over(position), moves.is_empty());

        let written: HashSet<String> = moves.iter().map(|c| game.write_move(c)).collect();
        assert_eq!(written.len(), moves.len(), "two moves written alike");
        for change in &moves {
            let text = game.write_move(change);
            assert_eq!(game.parse_move(position, &text).as_ref(), Ok(change));
        }
        for text in &texts {
            match game.parse_move(position, text) {
                Ok(change) => assert!(moves.contains(&change), "{text} accepted"),
                Err(e) => {
                    assert!(!written.contains(text), "{text} refused: {e}");
                    assert!(!e.to_string().contains('\n') && !e.text(Lang::Zh).is_empty());
                }
            }
        }

        let resume = game.resume(position);
        let setup = Setup {
            game: G::ABOUT.name.to_string(),
            misere: play == Convention::Misere,
            every: game.every(),
            params: resume.params.clone(),
        };
        struct Again<'a>(&'a Vec<u64>);
        impl Visitor for Again<'_> {
            type Output = serde_json::Value;
            fn visit<H: Playable>(self, game: H) -> serde_json::Value {
                serde_json::to_value(game.position(self.0.clone()).unwrap()).unwrap()
            }
        }
        let again = with_ruleset(&setup, Again(&resume.position)).unwrap();
        assert_eq!(again, serde_json::to_value(position).unwrap());

        let (wins, r) = reference(game.rules(), position, play, &mut memo);
        let Some(reply) = computer_move(game, position, &mut search) else {
            assert!(
                moves.is_empty(),
                "no reply from {}",
                game.show(position, Lang::En)
            );
            continue;
        };
        assert_eq!(reply.winning, wins, "{}", game.show(position, Lang::En));
        let next = game.apply(position, &reply.change);
        let (next_wins, next_r) = reference(game.rules(), &next, play, &mut memo);
        assert_eq!(
            next_wins,
            !wins,
            "{} {:?}",
            game.show(position, Lang::En),
            reply.change
        );
        assert_eq!(
            next_r + 1,
            r,
            "{} {:?}",
            game.show(position, Lang::En),
            reply.change
        );
        assert_eq!(reply.remoteness, Some(next_r));

        let fallback = computer_move(game, position, &mut no_search).unwrap();
        assert_eq!(fallback.remoteness, None);
        assert_eq!(fallback.winning, wins);
        let next = game.apply(position, &fallback.change);
        assert_eq!(
            reference(game.rules(), &next, play, &mut memo).0,
            !wins,
            "{} {:?}",
            game.show(position, Lang::En),
            fallback.change
        );
    }
}

/// Checks the computer's play past any search, by the ruleset's theorem alone: on each of
/// `huge` (whose search cost is past every budget) it replies at once, winning exactly when the
/// analysis says the position is won and then leaving a lost one; on `lost`, which must be lost,
/// it gives up a losing move, which is returned for the caller's check of the slow move.
pub(crate) fn check_theorem_play<G: Playable>(
    game: &G,
    huge: &[G::Position],
    lost: &G::Position,
) -> G::Move
where
    G::Position: std::fmt::Debug,
{
    let mut search = Search::new(Search::<G::Position>::DEFAULT_BUDGET);
    let outcome = |p: &G::Position| game.analyze(p, &AnalyzeOptions::default()).unwrap().outcome;
    for position in huge {
        assert_eq!(game.search_cost(position), Some(u64::MAX), "{position:?}");
        let reply = computer_move(game, position, &mut search).unwrap();
        assert_eq!(reply.remoteness, None, "{position:?}");
        assert_eq!(
            reply.winning,
            outcome(position) == Outcome::N,
            "{position:?}"
        );
        if reply.winning {
            let after = game.apply(position, &reply.change);
            assert_eq!(outcome(&after), Outcome::P, "{position:?} -> {after:?}");
        }
    }
    assert_eq!(outcome(lost), Outcome::P, "{lost:?}");
    let reply = computer_move(game, lost, &mut search).unwrap();
    assert!(!reply.winning, "{lost:?}");
    reply.change
}

/// A heap from which a move takes a number in the set (Nim: every number), for the tests of
/// conventions of sums (`sj`, `every`).
pub(crate) struct Take(pub(crate) &'static [u64]);

impl Game for Take {
    type Position = u64;
    fn options(&self, &n: &u64, out: &mut Vec<u64>) {
        match self.0 {
            [] => out.extend(0..n),
            set => out.extend(set.iter().filter(|&&k| k <= n).map(|k| n - k)),
        }
    }
}
