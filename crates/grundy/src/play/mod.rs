//! Playing a ruleset against a perfect opponent: the computer's move ([`computer_move`]), for
//! every front end's play loop.
//!
//! - When the engine can search the whole game from the position (the ruleset's
//!   [`Ruleset::search_cost`] is within the [`Search`] budget), it plays by *remoteness*: from a
//!   won position the winning move that ends the game soonest, from a lost position the move that
//!   makes the game last longest, so a student gets a real fight;
//! - otherwise it plays a winning move of the closed form (so it never throws away a win), the
//!   one leaving the least [`Ruleset::material`]; from a lost position the ruleset's
//!   [`Ruleset::slow_move`] (for Nim: take one stone from the largest pile).
//!
//! Misère remoteness comes from the engine too: misère play of a game G is normal play of G with
//! one extra move from each end position of G to a final position (see [`MisereRules`]), and the
//! remoteness there is the misère remoteness plus one.

use crate::AnalyzeOptions;
use crate::ruleset::Playable;
#[cfg(doc)]
use crate::ruleset::Ruleset;

mod search;

pub use search::{FALLBACK_CANDIDATES, MisereRules, Reply, Search};

/// The computer's move: see the module documentation. `None` when the game is over (or when
/// neither the engine nor the analysis can handle the position).
pub fn computer_move<G: Playable>(
    game: &G,
    position: &G::Position,
    search: &mut Search<G::Position>,
) -> Option<Reply<G::Move>> {
    if game.is_over(position) {
        return None;
    }
    if game
        .search_cost(position)
        .is_some_and(|cost| cost <= search.budget)
        && let Ok(Some(reply)) = search.by_remoteness(game, position)
    {
        return Some(reply);
    }
    let analysis = game
        .analyze(
            position,
            &AnalyzeOptions {
                max_moves: FALLBACK_CANDIDATES,
                explain: false,
            },
        )
        .ok()?;
    // A won position whose analysis lists no winning move (one it could not finish) is played
    // as a lost one.
    let change = analysis
        .winning_moves
        .into_iter()
        .min_by_key(|c| game.material(&game.apply(position, c)))
        .or_else(|| game.slow_move(position))?;
    Some(Reply {
        change,
        remoteness: None,
        winning: analysis.outcome.mover_wins(game.to_move(position)),
    })
}
