//! The fast path: the common subset of Rhai compiled to Rust closures.
//!
//! The interpreter walks Rhai's syntax tree and keeps every value as a `Dynamic`; that was most
//! of a script game's cost (72–85 % of its instructions under callgrind). When the script is
//! compiled, `options`, `components` and the script functions they call are compiled again,
//! into nested Rust closures over plain values ([`Value`]): integers, booleans, characters,
//! strings, arrays and maps (of states), and ranges. The input is Rhai's own syntax tree (its
//! `internals` feature), after Rhai's optimizer, so the language and its parser stay Rhai's.
//!
//! The subset: `let` and `const`; `=` and the compound assignments to a variable, an array
//! element or a map property; `if`, `for` over ranges and arrays (with its counter), `while`,
//! `loop`, `do … while/until`, `break`, `continue`, `return`; calls of script functions; the
//! integer operators (`+ - * / % ** << >> & | ^`, comparisons, unary `-`), the boolean ones
//! (`! && || & | ^ == !=`), `..` and `..=`, `in`; indexing (negative from the end) and
//! properties; the array methods `push`, `pop`, `insert`, `remove`, `sort` (integers),
//! `reverse`, `clear`, `len`, `is_empty`, `contains`, and the functions `len`, `is_empty`,
//! `contains`, `min`, `max`, `abs`. A call of a function without parameters whose body is a
//! constant (`fn moves() { [1, 2, 4] }`) is that constant. A function that needs anything else
//! (strings built at run time, floats, `print`, `switch`, closures...) keeps the interpreter,
//! and so do the functions that call it; [`Program::entry`] says why.
//!
//! The compiled code returns exactly what the interpreter would, or gives up ([`Flow::Bail`])
//! and the caller runs the call again in the interpreter, which then reports the error in its
//! own words with its line and column. It gives up on an overflow, a division by zero, an
//! index out of bounds, an operator applied to values of other types than the ones above, an
//! array or map grown past Rhai's bounds on one value's data ([`Size`]), calls nested deeper
//! than Rhai allows, the step budget, the clock and the memory bound. A script function of the
//! subset has no effect but its result (no `print`), so running a call again is safe.
//! Operations are counted about as the interpreter counts them (per statement, expression and
//! loop turn, a little more: see [`WEIGHT`]), so the step budget means about the same on both
//! paths.
//!
//! A variable whose value is used (pushed, stored, passed, iterated) where it is read for the
//! last time is moved instead of copied: `out.push(next)` in a loop that builds `next` anew at
//! each turn hands the array over. The compiler knows a read is the last one when the variable
//! is named only once in its statement and nowhere in what may run after it ([`Ahead`]). And
//! `let out = []` starts from an array the caller gave back after the previous call
//! ([`Program::recycle`]), so the array of options does not grow from nothing each time.
//! Where `options` builds its result only by pushes onto one array that it returns, a variant
//! compiled for the engine's calls hands each pushed state to the engine at once
//! ([`Program::stream`], the rule in `sink.rs`): no array of options is built, and a state the
//! table answers comes back to be copied into again. There, a `for` over a range whose turns
//! each copy an array of integers, change integers in the copy and push it onto the sink
//! (`let next = heaps; next[i] = a; next.push(h - a); out.push(next);`) runs as one closure
//! per turn (`copy_loop.rs`).
//!
//! Arithmetic on integers is compiled to closures giving an `i64` (`typed.rs`), and a local
//! that the compiler sees always holds an integer (a `let` of arithmetic, a `for` over a range,
//! never assigned anything else) is typed so: comparisons and operators on such operands take
//! the integer path with no [`Value`] built. A statement whose value is not used is compiled
//! to an [`Effect`], which makes none, and a `for` loop runs the statements of its body in
//! turn, without a closure around them.
//!
//! A function of one parameter that never changes it is compiled a second time, to read the
//! state the engine passes where it is ([`Operand::Argument`]): a call of `options` on an array
//! or a map copies only what the script copies itself (`let next = heaps`, or where the other
//! compilation would move the parameter), not the whole state first. A few shapes that every
//! `options` has run without a value in between: an integer stored into an element
//! (`next[i] -= take`), a variable's element or property (`piles[i]`, `state.cap`), `push` of
//! an array literal, and `sort`.
//!
//! Each module uses only those before it (and this one's [`Flow`] and [`Run`]): `values`,
//! `operators`, `split`, `runtime`, `liveness`, `context`, `typed`, `sink`, `copy_loop`,
//! `compiler`.
//!
//! [`Value`]: values::Value
//! [`Size`]: values::Size
//! [`Ahead`]: context::Ahead
//! [`Effect`]: runtime::Effect
//! [`Operand::Argument`]: context::Operand::Argument

mod compiler;
mod context;
mod copy_loop;
mod liveness;
mod operators;
mod runtime;
mod sink;
mod split;
mod typed;
mod values;

pub(crate) use runtime::{Meter, Program, Streamed};

/// Why compiled code stopped early.
enum Flow {
    /// Give the call to the interpreter.
    Bail,
    /// `return`: its value waits in [`Frame::returned`]. (A flow without a value keeps a
    /// [`Run<Value>`] as small as a [`Value`], which every compiled node returns.)
    ///
    /// [`Frame::returned`]: runtime::Frame::returned
    /// [`Value`]: values::Value
    Return,
    Break,
    Continue,
}

type Run<T> = Result<T, Flow>;

/// What one operation of the compiled code counts against the step budget. The compiled code
/// counts its operations ahead: a call counts every operation of its function's body outside
/// loops when it starts, and a loop every operation of its body at each turn, branches taken or
/// not. The interpreter counts a few more for the same work (calls, chains), so with this
/// weight the compiled code counts at least what the interpreter would (the tests measure 1.1
/// to 2.5 times on the examples): the budget stops compiled code no later than it would stop
/// the interpreter, and the interpreter decides at the edge.
const WEIGHT: u64 = 2;

/// Rhai's bound on nested calls, as the sandbox sets it.
const MAX_CALL_LEVELS: usize = 256;

#[cfg(test)]
mod tests;
