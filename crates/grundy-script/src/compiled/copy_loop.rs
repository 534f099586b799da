//! A loop that pushes onto the sink, at each turn, a copy of a state with integers changed.
//!
//! ```rhai
//! for a in 1..=(h / 2) {
//!     let next = heaps;
//!     next[i] = a;
//!     next.push(h - a);
//!     out.push(next);
//! }
//! ```
//!
//! A `for` over a range, without a counter, whose body is `let NEXT = SOURCE;` (a variable),
//! then stores `NEXT[k] = v` or `NEXT[k] op= v` and pushes `NEXT.push(v)` of integers
//! ([`Compiler::is_integer`], not reading `NEXT`), then `SINK.push(NEXT)` onto the sink of a
//! streaming call ([`super::sink`]). When the source is an array of integers, a turn writes
//! them into the vector the engine gave back at the turn before, changes it in place and hands
//! it over: no [`Value`] is made, and no closure runs per statement. It charges the operations
//! of the loop compiled in general and gives up where that would (an index out of bounds, an
//! overflow, an array past Rhai's bounds); on any other source the general loop runs.

use rhai::{ASTFlags, Expr, Ident, Stmt};

use super::context::{Compiled, Compiler, Operand, Turns, each_in_range};
use super::liveness::{Names, free_names_of_expr};
use super::operators::{Op, assigned_integer};
use super::runtime::Frame;
use super::sink::{hand_over, push_of};
use super::typed::{IntOperand, stays_integer};
use super::values::{Size, Value, discard, position};
use super::{Flow, Run};
use crate::State;

#[cfg(test)]
thread_local! {
    /// The turns run as copies, for the tests to see that a loop is run so.
    pub(super) static TURNS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A loop of copies, compiled: where the copy comes from, its changes, and where it goes.
pub(super) struct CopyLoop {
    /// The slot of the loop's variable.
    variable: usize,
    source: Source,
    changes: Vec<Change>,
    /// The slot of the sink.
    sink: usize,
    /// How many items the copy has once the pushes are done, past the source's.
    pushes: usize,
    each_turn: u64,
}

/// The variable copied: the parameter read in the caller's state, or a local.
enum Source {
    Argument,
    Slot(usize),
}

/// A change of the copy, in the order of the body.
enum Change {
    /// `NEXT[key] = value`, or `op=`.
    Store {
        key: IntOperand,
        value: IntOperand,
        op: Option<Op>,
    },
    /// `NEXT.push(value)`.
    Push(IntOperand),
}

/// A change as written: the key (none for a push), the value and the operator.
type Written<'a> = (Option<&'a Expr>, &'a Expr, Option<Op>);

/// The source and the changes, if `body` has the shape of a copy loop onto the sink named
/// `sink`.
fn shape<'a>(body: &'a [Stmt], sink: &str) -> Option<(&'a Expr, Vec<Written<'a>>)> {
    let (Stmt::Var(declared, flags, _), rest) = body.split_first()? else {
        return None;
    };
    if flags.intersects(ASTFlags::CONSTANT | ASTFlags::EXPORTED) {
        return None;
    }
    let (next, source) = (declared.0.name.as_str(), &declared.1);
    if !matches!(source, Expr::Variable(..)) {
        return None;
    }
    let (Stmt::Expr(last), changes) = rest.split_last()? else {
        return None;
    };
    let (receiver, pushed) = push_of(last)?;
    if receiver != sink || !matches!(pushed, Expr::Variable(v, ..) if v.1 == next) {
        return None;
    }
    let changes = changes
        .iter()
        .map(|statement| written_change(statement, next))
        .collect::<Option<Vec<_>>>()?;
    let reads_next = changes
        .iter()
        .any(|(key, value, _)| key.is_some_and(|key| names(key, next)) || names(value, next));
    (!reads_next).then_some((source, changes))
}

/// `NEXT[k] = v`, `NEXT[k] op= v` or `NEXT.push(v)`.
fn written_change<'a>(statement: &'a Stmt, next: &str) -> Option<Written<'a>> {
    match statement {
        Stmt::Assignment(x) => {
            let (assign, lhs_rhs) = &**x;
            let Expr::Index(index, ASTFlags::BREAK, _) = &lhs_rhs.lhs else {
                return None;
            };
            if !matches!(&index.lhs, Expr::Variable(v, ..) if v.1 == next) {
                return None;
            }
            let op = match assign.get_op_assignment_info() {
                None => None,
                Some((.., syntax)) => Some(Op::named(syntax)?),
            };
            Some((Some(&index.rhs), &lhs_rhs.rhs, op))
        }
        Stmt::Expr(expr) => match push_of(expr)? {
            (receiver, value) if receiver == next => Some((None, value, None)),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `expr` names the variable `name`.
fn names(expr: &Expr, name: &str) -> bool {
    let mut named = Names::default();
    free_names_of_expr(expr, &[], &mut named);
    named.contains_key(name)
}

impl Compiler<'_> {
    /// The `for` loop over a range with `variable` and `body` as a [`CopyLoop`], if it is one;
    /// `turns` is the loop compiled in general, whose operations it charges.
    pub(super) fn copy_loop(
        &mut self,
        variable: &Ident,
        body: &[Stmt],
        turns: &Turns,
    ) -> Compiled<Option<CopyLoop>> {
        let (Some(sink), Some(sink_name)) = (self.sink, self.sink_name.clone()) else {
            return Ok(None);
        };
        let Some((source, written)) = shape(body, &sink_name) else {
            return Ok(None);
        };
        // The source is read once, before the turns: it cannot be the loop's variable.
        if names(source, variable.name.as_str()) {
            return Ok(None);
        }
        let (mark, operations) = (self.scope.len(), self.operations);
        let name = variable.name.as_str();
        let integer = stays_integer(self, name, body);
        let variable = self.declare(name, false, integer);
        let copies = self.with_ahead(self.here.clone(), variable, |c| {
            let source = match c.operand(source)? {
                Operand::Argument => Source::Argument,
                Operand::Slot(slot) | Operand::LastRead(slot) => Source::Slot(slot),
                _ => return Ok(None),
            };
            let mut changes = Vec::with_capacity(written.len());
            for (key, value, op) in written {
                if key.is_some_and(|key| !c.is_integer(key)) || !c.is_integer(value) {
                    return Ok(None);
                }
                // The value is read before the key, as in the general assignment.
                let value = c.int_operand(value)?;
                changes.push(match key {
                    Some(key) => Change::Store {
                        key: c.int_operand(key)?,
                        value,
                        op,
                    },
                    None => Change::Push(value),
                });
            }
            let pushes = changes
                .iter()
                .filter(|change| matches!(change, Change::Push(_)))
                .count();
            Ok(Some(CopyLoop {
                variable,
                source,
                changes,
                sink,
                pushes,
                each_turn: turns.each_turn,
            }))
        });
        self.scope.truncate(mark);
        self.operations = operations;
        copies
    }
}

impl CopyLoop {
    /// The turns over `start..end` (`..=` when `inclusive`); `turns` where the source is not an
    /// array of integers.
    pub(super) fn over_range(
        &self,
        f: &mut Frame<'_>,
        turns: &Turns,
        start: i64,
        end: i64,
        inclusive: bool,
    ) -> Run<()> {
        let argument = f.argument;
        let owned;
        let (items, size) = match self.source {
            Source::Argument => match argument {
                State::Array(items) => (&items[..], f.argument_size),
                _ => return turns.over_range(f, start, end, inclusive),
            },
            Source::Slot(slot) => match f.slot(slot) {
                Value::Array(items, size) => {
                    owned = items.clone();
                    (&owned[..], *size)
                }
                _ => return turns.over_range(f, start, end, inclusive),
            },
        };
        if !items.iter().all(|item| matches!(item, State::Int(_))) {
            return turns.over_range(f, start, end, inclusive);
        }
        let length = items.len() + self.pushes;
        // What each copy adds to the sink's size, the same at every turn: an array past Rhai's
        // bounds gives up at the first turn, where the general loop would at a push.
        let added = (0..self.pushes)
            .try_fold(size, |size, _| size.plus(Size::one(true)).bounded())
            .map(|copy| copy.nested().plus(Size::one(true)));
        // The copy, of integers only: the state the engine gave back at the turn before,
        // overwritten in place.
        let mut spare: Option<Box<[State]>> = None;
        each_in_range(start, end, inclusive, |i| {
            f.tick(self.each_turn)?;
            #[cfg(test)]
            TURNS.with(|turns| turns.set(turns.get() + 1));
            match f.slot_mut(self.variable) {
                Value::Int(variable) => *variable = i,
                other => discard(std::mem::replace(other, Value::Int(i))),
            }
            let mut next = spare
                .take()
                .unwrap_or_else(|| vec![State::Int(0); length].into_boxed_slice());
            for (to, from) in next.iter_mut().zip(items) {
                set(to, from)?;
            }
            // The copy's items so far.
            let mut len = items.len();
            for change in &self.changes {
                match change {
                    Change::Store { key, value, op } => {
                        let value = value.get(f)?;
                        let State::Int(old) = &mut next[position(key.get(f)?, len)?] else {
                            return Err(Flow::Bail);
                        };
                        *old = assigned_integer(*op, *old, value)?;
                    }
                    Change::Push(value) => {
                        let value = value.get(f)?;
                        set(&mut next[len], &State::Int(value))?;
                        len += 1;
                    }
                }
            }
            let Ok(added) = added else {
                return Err(Flow::Bail);
            };
            match hand_over(f, self.sink, State::Array(next), added)? {
                Some(State::Array(back)) if back.len() == length => spare = Some(back),
                Some(back) => f.keep(back),
                None => {}
            }
            Ok(false)
        })?;
        if let Some(spare) = spare {
            f.keep(State::Array(spare));
        }
        Ok(())
    }
}

/// Writes the integer `from` over the integer `to`.
#[inline(always)]
fn set(to: &mut State, from: &State) -> Run<()> {
    match (to, from) {
        (State::Int(to), State::Int(from)) => {
            *to = *from;
            Ok(())
        }
        _ => Err(Flow::Bail),
    }
}
