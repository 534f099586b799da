//! Games written by the user in [Rhai](https://rhai.rs), solved by the grundy engine.
//!
//! A script defines the rules as functions:
//!
//! ```rhai
//! // Required: the states one move away from `state`, as an array.
//! fn options(n) {
//!     let out = [];
//!     for k in [1, 2, 4] { if k <= n { out.push(n - k); } }
//!     out
//! }
//! // Optional: split a state into independent components (values combine by XOR).
//! fn components(state) { [state] }
//! // Optional: the states to analyse when none are given (an array or a range).
//! fn start() { 0..20 }
//! // Optional: the state for parameter n, for the explorer (default: n itself).
//! fn family(n) { n }
//! ```
//!
//! States are integers, booleans, characters, strings, and arrays and maps of them ([`State`]);
//! a float or a function pointer cannot be a state. Functions cannot see top-level variables (a
//! Rhai rule): write constants as functions, such as `fn moves() { [1, 2, 4] }`.
//!
//! Why Rhai: it is pure Rust (no C toolchain), sandboxed (no file or network access), counts its
//! operations so a runaway script is stopped by a budget, bounds the size of arrays, maps and
//! strings and the depth of calls, reports errors with line and column, and its syntax (`n % 3`,
//! `if n % 4 == 3 { n + 1 } else { n }`) is familiar to readers of C, Rust and JavaScript.
//! Keeping it in this crate keeps the core library free of it. Rhai is built with `only_i64`
//! (one integer type), `no_closure` (anonymous functions cannot capture variables) and
//! `no_module` (no `import`: a script cannot read other files); each makes the interpreter a
//! little faster. Positions are kept, so errors still name the line and column.
//!
//! Speed: `options` and `components`, and the script functions they call, are also compiled to
//! Rust closures when they keep to the common subset of Rhai (integers, booleans, arrays, maps,
//! loops, the usual operators and array methods; `compiled/mod.rs` lists it), with Rhai's own
//! syntax tree (its `internals` feature) as the input. The compiled code answers a call, or
//! gives it to the interpreter, which then answers or reports the error in its own words: the
//! answers and errors are the interpreter's either way. [`Script::interpreted_because`] says why
//! a script runs interpreted; [`Script::interpret_only`] turns the compiled path off. The usual
//! `components` (`let parts = []; for h in state { parts.push([h]); } parts`, any names) is
//! recognised and answered without running it, with the same result and operations counted.
//!
//! Errors never panic and never hang: every script call counts against one budget of operations
//! ([`ScriptLimits::max_steps`]) and one wall-clock limit ([`ScriptLimits::time_limit`]), the engine's
//! table against [`ScriptLimits::max_states`], and the memory in use against [`ScriptLimits::max_memory`]
//! where the program supplies a meter ([`set_memory_meter`]). Each error names
//! the script's line and column and gives a one-line reason ([`ScriptError`]).

#![deny(missing_docs)]

mod analysis;
mod compiled;
mod error;
mod formula;
mod json;
mod limits;
pub mod play;
mod reach;
mod script;
mod state;

pub use analysis::{LoopyAnalysis, ScriptStep, StateAnalysis};
pub use error::ScriptError;
pub use formula::Formula;
pub use json::{ScriptJson, describe_move};
pub use limits::{ScriptLimits, set_memory_meter};
pub use script::{Script, Start};
pub use state::{Key, State};

/// The stack a thread that runs scripts needs. Rhai walks, copies and drops nested arrays
/// recursively; a script may nest them as deep as its array bound allows (65536 levels), which
/// needs far more than a main thread's 8 MiB. Only the pages used are ever touched.
pub const STACK_SIZE: usize = 1 << 30;
