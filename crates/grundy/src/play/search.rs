//! The computer's move: the engine's tables kept across a game ([`Search`]), remoteness in both
//! conventions, and misère play as normal play ([`MisereRules`]).

use std::hash::Hash;

use serde::Serialize;

use crate::engine::{EngineError, Info, Memo};
use crate::ruleset::Playable;
use crate::{Convention, Game, Outcome};

/// How many winning moves of the closed form the fallback strategy compares.
pub const FALLBACK_CANDIDATES: usize = 64;

/// The computer's move and what it knows about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reply<M> {
    /// The move.
    pub change: M,
    /// How many more moves the game lasts after it with perfect play on both sides, when the
    /// engine searched the position; `None` when the closed form chose the move.
    pub remoteness: Option<u32>,
    /// Whether the move wins (the position was won for the computer).
    pub winning: bool,
}

/// The engine tables behind the computer's moves, kept across the moves of one game.
pub struct Search<P> {
    normal: Memo<P>,
    misere: Memo<Option<P>>,
    /// The most work ([`crate::ruleset::Ruleset::search_cost`]) the computer searches; above it, it plays by
    /// the closed form.
    pub budget: u64,
}

impl<P: Clone + Eq + Hash> Search<P> {
    /// The default budget: about a quarter of a second of engine work.
    pub const DEFAULT_BUDGET: u64 = 2_000_000;

    /// Empty tables with the given work budget (which also bounds the tables' size).
    pub fn new(budget: u64) -> Self {
        let limit = usize::try_from(budget).unwrap_or(usize::MAX);
        Search {
            normal: Memo::bounded(limit, false),
            misere: Memo::bounded(limit, false),
            budget,
        }
    }

    /// Makes the searches stop with [`EngineError::Cancelled`] once `cancel` is cancelled; the
    /// computer then plays by the closed form (see [`super::computer_move`]).
    pub fn set_cancel(&mut self, cancel: &crate::Cancel) {
        self.normal.set_cancel(cancel.clone());
        self.misere.set_cancel(cancel.clone());
    }

    /// What the engine knows about `position` under `play`: its outcome and remoteness.
    ///
    /// # Errors
    /// [`EngineError`] when the table is full.
    pub fn outcome_and_remoteness<G: Game<Position = P>>(
        &mut self,
        rules: &G,
        position: &P,
        play: Convention,
    ) -> Result<(Outcome, u32), EngineError> {
        match play {
            Convention::Normal => {
                let info = self.normal.info(rules, position)?;
                Ok((info.outcome(Convention::Normal), info.remoteness))
            }
            Convention::Misere => {
                let info: Info = self
                    .misere
                    .info(&MisereRules(rules), &Some(position.clone()))?;
                Ok((info.outcome(Convention::Normal), info.remoteness - 1))
            }
        }
    }

    pub(crate) fn by_remoteness<G: Playable<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
    ) -> Result<Option<Reply<G::Move>>, EngineError> {
        let mut moves = Vec::new();
        game.legal_moves(position, &mut moves);
        let mut fastest_win: Option<(u32, G::Move)> = None;
        let mut slowest_loss: Option<(u32, G::Move)> = None;
        for change in moves {
            let after = game.apply(position, &change);
            let (outcome, remoteness) =
                self.outcome_and_remoteness(game.rules(), &after, game.convention())?;
            if outcome == Outcome::P {
                if fastest_win.as_ref().is_none_or(|(r, _)| remoteness < *r) {
                    fastest_win = Some((remoteness, change));
                }
            } else if slowest_loss.as_ref().is_none_or(|(r, _)| remoteness > *r) {
                slowest_loss = Some((remoteness, change));
            }
        }
        let winning = fastest_win.is_some();
        Ok(fastest_win
            .or(slowest_loss)
            .map(|(remoteness, change)| Reply {
                change,
                remoteness: Some(remoteness),
                winning,
            }))
    }
}

/// Misère play of `G` as normal play: every end position of `G` gets one move to `None`, so
/// the player who cannot move in `G` wins by making that last move. Remoteness here is the
/// misère remoteness plus one.
pub struct MisereRules<'a, G>(pub &'a G);

impl<G: Game> Game for MisereRules<'_, G> {
    type Position = Option<G::Position>;

    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        let Some(position) = position else { return };
        let mut inner = Vec::new();
        self.0.options(position, &mut inner);
        if inner.is_empty() {
            out.push(None);
        } else {
            out.extend(inner.into_iter().map(Some));
        }
    }
}
