//! What the parts of the compiler share: its state while it compiles one function
//! ([`Compiler`]: the variables in scope, the operations counted, the code that may run after
//! the code being compiled), why it gives up ([`Unsupported`]), the operands it reads
//! ([`Operand`]), when a loop tests its condition ([`Check`]) and a `for` loop's turns
//! ([`Turns`]). The statements and expressions are
//! compiled in `compiler.rs`, with the help of the modules that use this one.

use rhai::{Expr, Position};
use rustc_hash::FxHashMap;

use super::liveness::Names;
use super::runtime::{Code, Effect, Frame, IntCode};
use super::values::{Value, copy, discard};
use super::{Flow, Run};
use crate::error::place_of;

/// Why a function is outside the subset.
pub(super) struct Unsupported(pub(super) String);

pub(super) type Compiled<T> = Result<T, Unsupported>;

pub(super) fn unsupported(position: Position, what: &str) -> Unsupported {
    Unsupported(format!(
        "{}: {what} is outside the compiled subset",
        place_of(position)
    ))
}

/// An operand of an operator, a call or an index: a variable or a constant is read where it is,
/// without a closure call or a copy.
pub(super) enum Operand {
    Slot(usize),
    /// A variable read for the last time: its value is moved out rather than copied.
    LastRead(usize),
    /// The parameter of a call from the engine, read in the caller's state
    /// ([`Frame::argument`]): copied only where the code needs a value of its own.
    Argument,
    Const(Value),
    /// Arithmetic on integers, without a [`Value`] in between ([`super::typed`]).
    Integer(IntCode),
    Code(Code),
}

impl Operand {
    /// The operations the interpreter counts for a variable or a constant (the code of other
    /// operands counts its own).
    pub(super) fn operations(&self) -> u64 {
        u64::from(!matches!(self, Operand::Code(_) | Operand::Integer(_)))
    }

    /// Runs the operand's code, if it has some: the value that [`Operand::read`] then reads.
    #[inline]
    pub(super) fn run(&self, f: &mut Frame<'_>) -> Run<Value> {
        match self {
            Operand::Code(code) => code(f),
            Operand::Integer(int) => int(f).map(Value::Int),
            Operand::Argument => Ok(f.copy_of_argument(0)),
            _ => Ok(Value::Unit),
        }
    }

    #[inline]
    pub(super) fn read<'a>(&'a self, f: &'a Frame<'_>, ran: &'a Value) -> &'a Value {
        match self {
            Operand::Slot(slot) | Operand::LastRead(slot) => f.slot(*slot),
            Operand::Const(value) => value,
            Operand::Code(_) | Operand::Integer(_) | Operand::Argument => ran,
        }
    }

    /// The operand's value, as its own.
    #[inline(always)]
    pub(super) fn value(&self, f: &mut Frame<'_>) -> Run<Value> {
        match self {
            Operand::Slot(slot) => Ok(copy(f.slot(*slot))),
            Operand::LastRead(slot) => Ok(std::mem::take(f.slot_mut(*slot))),
            Operand::Const(value) => Ok(copy(value)),
            Operand::Code(code) => code(f),
            Operand::Integer(int) => int(f).map(Value::Int),
            Operand::Argument => Ok(f.copy_of_argument(0)),
        }
    }

    /// The same operand read in place, for a variable or a constant (`None` for code).
    pub(super) fn read_only_copy(&self) -> Option<Operand> {
        match self {
            Operand::Slot(slot) | Operand::LastRead(slot) => Some(Operand::Slot(*slot)),
            Operand::Const(value) => Some(Operand::Const(value.clone())),
            Operand::Code(_) | Operand::Integer(_) | Operand::Argument => None,
        }
    }

    /// The operand read where it is, never moved (for the operators, which only look at it).
    pub(super) fn in_place(self) -> Operand {
        match self {
            Operand::LastRead(slot) => Operand::Slot(slot),
            other => other,
        }
    }
}

/// A variable in scope.
pub(super) struct Local {
    pub(super) name: String,
    pub(super) slot: usize,
    pub(super) constant: bool,
    /// Always holds a [`Value::Int`] ([`super::typed`]).
    pub(super) integer: bool,
}

/// Code that may run after the code being compiled and read the variables it names: the rest
/// of a block, the rest of a statement around a block, or the whole of a loop (which runs
/// again). A loop's turns declare their own variables anew, so a loop only holds back the
/// variables declared before it, those with slots `below` its first.
pub(super) struct Ahead {
    pub(super) names: Names,
    pub(super) below: usize,
}

/// The compiler's state while it compiles one function.
pub(super) struct Compiler<'a> {
    pub(super) index: &'a FxHashMap<(String, usize), usize>,
    /// The functions without parameters whose body is a constant, by name.
    pub(super) constants: &'a FxHashMap<String, Value>,
    /// The operations compiled so far that run once per call of the function (those in a loop's
    /// body are charged at each turn instead).
    pub(super) operations: u64,
    /// Variables in scope, innermost last.
    pub(super) scope: Vec<Local>,
    pub(super) slots: usize,
    pub(super) calls: Vec<usize>,
    /// What may run after the code being compiled, innermost last.
    pub(super) ahead: Vec<Ahead>,
    /// The variables named in the innermost statement being compiled.
    pub(super) here: Names,
    /// The slot of the parameter read in the caller's state ([`Operand::Argument`]), if any.
    pub(super) argument: Option<usize>,
    /// How many pushes onto the variable declared by the statement being compiled follow it
    /// in its block (`pushes_onto` in `compiler.rs`).
    pub(super) pushes_after: usize,
    /// Whether the variable declared by the statement being compiled stays an integer in the
    /// rest of its block, if it starts as one ([`stays_integer`](super::typed::stays_integer)).
    pub(super) stays_integer_after: bool,
    /// The array handed over item by item ([`super::sink`]), by name, and its slot once
    /// declared.
    pub(super) sink_name: Option<String>,
    pub(super) sink: Option<usize>,
}

impl Compiler<'_> {
    /// The operations compiled since `before` (a loop's condition and body), which the loop
    /// charges at each turn, plus one for the turn, taken out of the count charged once per call.
    pub(super) fn turn_operations(&mut self, before: u64) -> u64 {
        let each_turn = self.operations - before + 1;
        self.operations = before;
        each_turn
    }

    /// A new local variable (`integer`: typed an integer, see [`super::typed`]) and its slot.
    pub(super) fn declare(&mut self, name: &str, constant: bool, integer: bool) -> usize {
        let slot = self.slots;
        self.slots += 1;
        self.scope.push(Local {
            name: name.to_string(),
            slot,
            constant,
            integer,
        });
        slot
    }

    pub(super) fn variable(&self, expr: &Expr) -> Compiled<(usize, bool)> {
        let Expr::Variable(x, _, position) = expr else {
            return Err(unsupported(expr.position(), "this expression"));
        };
        let name = x.1.as_str();
        self.scope
            .iter()
            .rev()
            .find(|local| local.name == name)
            .map(|local| (local.slot, local.constant))
            .ok_or_else(|| unsupported(*position, &format!("the variable `{name}` from outside")))
    }

    pub(super) fn writable(&self, variable: &Expr) -> Compiled<usize> {
        let (slot, constant) = self.variable(variable)?;
        if constant {
            return Err(unsupported(variable.position(), "changing a constant"));
        }
        if self.argument == Some(slot) {
            return Err(unsupported(
                variable.position(),
                "changing the argument in place",
            ));
        }
        Ok(slot)
    }

    /// The value of a call of a script function without parameters whose body is a constant
    /// (`fn moves() { [1, 2, 4] }`, the way a script writes a constant): the call is the
    /// constant, read where it is.
    pub(super) fn constant_call(&self, expr: &Expr) -> Option<Value> {
        match expr {
            Expr::FnCall(call, _) if call.op_token.is_none() && call.args.is_empty() => {
                self.constants.get(call.name.as_str()).cloned()
            }
            _ => None,
        }
    }

    /// Whether the variable `name` in `slot` is read here for the last time: named once in its
    /// statement, and not in any code that may run after it.
    pub(super) fn is_last_read(&self, name: &str, slot: usize) -> bool {
        self.here.get(name) == Some(&1)
            && !self
                .ahead
                .iter()
                .any(|later| slot < later.below && later.names.contains_key(name))
    }

    /// Compiles `code` with `names` (read by code that runs after it, from variables with
    /// slots below `below`) held back from moving.
    pub(super) fn with_ahead<T>(
        &mut self,
        names: Names,
        below: usize,
        code: impl FnOnce(&mut Self) -> Compiled<T>,
    ) -> Compiled<T> {
        self.ahead.push(Ahead { names, below });
        let compiled = code(self);
        self.ahead.pop();
        compiled
    }
}

/// When a loop tests its condition.
#[derive(Clone, Copy)]
pub(super) enum Check {
    /// Before each turn (`while`); `loop` has none.
    Before { forever: bool },
    /// After each turn (`do`): the loop ends when the condition is `until`.
    After { until: bool },
}

/// A `for` loop's turns: its variable, its counter, the operations counted at each turn, and
/// the statements of its body (run in turn here, without a closure around them).
pub(super) struct Turns {
    pub(super) slot: usize,
    pub(super) counter: Option<usize>,
    /// The operations charged at each turn.
    pub(super) each_turn: u64,
    pub(super) body: Vec<Effect>,
}

impl Turns {
    /// One turn with `item` in the loop's variable (the `n`-th): whether the loop stops.
    #[inline]
    pub(super) fn turn(&self, f: &mut Frame<'_>, n: usize, item: Value) -> Run<bool> {
        f.tick(self.each_turn)?;
        discard(std::mem::replace(f.slot_mut(self.slot), item));
        if let Some(counter) = self.counter {
            *f.slot_mut(counter) = Value::Int(n as i64);
        }
        for statement in &self.body {
            match statement(f) {
                Ok(()) => {}
                Err(Flow::Continue) => return Ok(false),
                Err(Flow::Break) => return Ok(true),
                Err(other) => return Err(other),
            }
        }
        Ok(false)
    }

    /// The turns over `start..end` (`..=` when `inclusive`).
    pub(super) fn over_range(
        &self,
        f: &mut Frame<'_>,
        start: i64,
        end: i64,
        inclusive: bool,
    ) -> Run<()> {
        let mut n = 0;
        each_in_range(start, end, inclusive, |i| {
            let stop = self.turn(f, n, Value::Int(i))?;
            n += 1;
            Ok(stop)
        })
    }
}

/// Runs `turn` on `start`, `start + 1`... up to `end` (`end` too when `inclusive`), until it
/// says to stop.
pub(super) fn each_in_range(
    start: i64,
    end: i64,
    inclusive: bool,
    mut turn: impl FnMut(i64) -> Run<bool>,
) -> Run<()> {
    let mut i = start;
    while i < end || (inclusive && i == end) {
        if turn(i)? || i == i64::MAX {
            break;
        }
        i += 1;
    }
    Ok(())
}
