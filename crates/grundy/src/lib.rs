//! grundy: impartial combinatorial games under the Sprague–Grundy theory.
//!
//! Every impartial game under normal play is equivalent to a Nim heap of some size, its Grundy value.
//! A position is lost for the player to move exactly when its value is 0, and a sum of independent
//! games has the XOR of their values. This crate holds that theory as code:
//!
//! - [`Nimber`] and [`mex`]: nim-values and the minimum excluded value; [`nimber`] also holds
//!   the field operations (nim-multiplication, inverse, square root, powers, orders);
//! - [`Game`]: a ruleset gives the options of a position; value, outcome and winning moves follow
//!   from the generic [`engine`];
//! - [`sum`]: the winning move in a sum of games (Nim's highest-bit rule is this rule with g(n) = n);
//! - [`sj`]: misère sums by the SJ theorem (anti-SG), with its hypothesis checked;
//! - [`every`]: Every-SG sums (a move in every component each turn), decided by suspense counts;
//! - [`graph`]: games on directed graphs, acyclic or with cycles (draws, generalized values);
//! - [`games`]: one module per family with its rules, closed form, winning moves and explanation;
//! - [`values`]: Grundy value sequences of take-and-break games at scale (octal codes, Grundy's
//!   game, subtraction sets), with proved periods and checkpoints;
//! - [`explore`]: values of a one-parameter family, P-positions, periods, conjectures checked;
//! - [`Analysis`]: the one result every front end renders, as text by [`report`];
//! - [`Cancel`]: cooperative cancellation (a flag or a deadline) of the engine and the sequences;
//! - [`ruleset`]: what a ruleset implements for every front end (rules, notation, presentation),
//!   and [`registry`], the one list of rulesets that the front ends are derived from;
//! - [`play`]: the computer's move against a person (by remoteness, or by the closed form);
//! - `json` (with the `serde` feature, on by default): the JSON contract of `--json` and the web
//!   API.
//!
//! The library does no I/O (but for reading the memory available, [`values::memory`]) and never
//! panics on user input: parsers return errors that name the offending token and where it was.
//!
//! # Examples
//! ```
//! use grundy::games::nim;
//! use grundy::{Convention, Outcome};
//! let analysis = nim::analyze(&[3, 4, 5], Convention::Normal, &Default::default());
//! assert_eq!(analysis.outcome, Outcome::N);
//! assert_eq!(analysis.value.unwrap().value(), 2);
//! // The only winning move takes 2 from the first pile (3 -> 1).
//! assert_eq!(analysis.winning_move_count, 1);
//! ```
#![deny(missing_docs)]

mod analysis;
mod cancel;
pub mod engine;
pub mod every;
pub mod explore;
pub mod games;
pub mod graph;
#[cfg(feature = "serde")]
pub mod json;
mod lang;
mod moves;
pub mod nimber;
pub mod parse;
pub mod period;
pub mod play;
pub mod quotient;
pub mod registry;
pub mod report;
pub mod ruleset;
pub mod sj;
pub mod sum;
#[cfg(test)]
mod testing;
pub mod values;

pub use analysis::{Analysis, AnalyzeOptions, EXPLAINED_PILES, Explain, GameValue, MoveList};
pub use cancel::{Cancel, Cancelled};
pub use engine::{Convention, Game, Outcome, Player};
pub use lang::{Lang, count_en};
pub use moves::{Move, PileMove};
pub use nimber::{MexSet, Nimber, mex};
