//! The engine's memo table: positions with a small index of their own ([`Game::dense_index`])
//! in a vector at that index, every other position hashed.

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;

use super::{EngineError, Info};
use crate::Game;

/// What the table holds for a position.
pub(super) enum Slot {
    /// On the search path: met again before it is done, it closes a cycle.
    InProgress,
    Done(Info),
}

pub(super) struct Table<P> {
    // Fx hashing: positions are small integers or lists of them, and the table is the hot path.
    hashed: FxHashMap<P, Slot>,
    /// By [`Game::dense_index`], below [`DENSE_MOST`].
    dense: Vec<Option<(P, Slot)>>,
    dense_len: usize,
}

/// The largest index kept in the vector, plus one: its room is allocated up to the largest
/// index met (at most some 48 MB for a script's states), so a larger one is hashed.
const DENSE_MOST: usize = 1 << 20;

fn dense_index<G: Game>(game: &G, position: &G::Position) -> Option<usize> {
    game.dense_index(position).filter(|&i| i < DENSE_MOST)
}

impl<P: Clone + Eq + std::hash::Hash> Table<P> {
    pub(super) fn new() -> Table<P> {
        Table {
            hashed: FxHashMap::default(),
            dense: Vec::new(),
            dense_len: 0,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.hashed.len() + self.dense_len
    }

    pub(super) fn positions(&self) -> impl Iterator<Item = &P> {
        let dense = self.dense.iter().flatten().map(|(position, _)| position);
        self.hashed.keys().chain(dense)
    }

    /// Whether no position is hashed: a look-up that is not in the vector then costs nothing.
    #[inline]
    pub(super) fn hashes_nothing(&self) -> bool {
        self.hashed.is_empty()
    }

    /// Inlined into the loop over each option (Lasker's Nim as a script: a tenth fewer
    /// instructions than with the call).
    #[inline(always)]
    pub(super) fn get<G: Game<Position = P>>(&self, game: &G, position: &P) -> Option<&Slot> {
        match dense_index(game, position) {
            Some(i) => self.dense.get(i)?.as_ref().map(|(_, slot)| slot),
            None => self.hashed.get(position),
        }
    }

    /// Marks `position` as on the search path: a cycle if the table holds it already, an
    /// error if it holds `limit` positions.
    pub(super) fn begin<G: Game<Position = P>>(
        &mut self,
        game: &G,
        position: P,
        limit: usize,
    ) -> Result<(), EngineError> {
        let len = self.len();
        match dense_index(game, &position) {
            Some(i) => {
                if i >= self.dense.len() {
                    self.dense.resize_with(i + 1, || None);
                }
                let place = &mut self.dense[i];
                if place.is_some() {
                    return Err(EngineError::Cycle);
                }
                if len >= limit {
                    return Err(EngineError::TableFull { limit });
                }
                *place = Some((position, Slot::InProgress));
                self.dense_len += 1;
            }
            None => match self.hashed.entry(position) {
                Entry::Occupied(_) => return Err(EngineError::Cycle),
                Entry::Vacant(v) => {
                    if len >= limit {
                        return Err(EngineError::TableFull { limit });
                    }
                    v.insert(Slot::InProgress);
                }
            },
        }
        Ok(())
    }

    /// Records the value of `position`, which [`Table::begin`] marked.
    pub(super) fn finish<G: Game<Position = P>>(&mut self, game: &G, position: P, info: Info) {
        match dense_index(game, &position) {
            Some(i) => {
                if let Some((_, slot)) = &mut self.dense[i] {
                    *slot = Slot::Done(info);
                }
            }
            None => {
                self.hashed.insert(position, Slot::Done(info));
            }
        }
    }

    pub(super) fn remove<G: Game<Position = P>>(&mut self, game: &G, position: &P) {
        match dense_index(game, position) {
            Some(i) => {
                if self.dense.get_mut(i).and_then(Option::take).is_some() {
                    self.dense_len -= 1;
                }
            }
            None => {
                self.hashed.remove(position);
            }
        }
    }
}
