//! Running compiled code: the closures it is made of, the frame of a call, its counts against
//! the budget, and the program ([`Program::compile`] builds it).

use std::cell::RefCell;
use std::time::Instant;

use rustc_hash::FxHashMap;

use super::split::EachItem;
use super::values::{Size, Value, discard, within_depth};
use super::{Flow, MAX_CALL_LEVELS, Run, WEIGHT};
use crate::{ScriptLimits, State};

/// Compiled code giving a `T`.
pub(super) type Closure<T> = Box<dyn Fn(&mut Frame<'_>) -> Run<T>>;

/// A compiled expression, or a statement whose value is used.
pub(super) type Code = Closure<Value>;

/// A compiled statement whose value is not used (every one but the last of a block that has a
/// value): no [`Value`] is made or dropped.
pub(super) type Effect = Closure<()>;

/// A compiled test: an expression that must give a boolean.
pub(super) type Test = Closure<bool>;

/// Compiled code giving an integer, or giving up.
pub(super) type IntCode = Closure<i64>;

/// The limits a compiled call runs under: those of the script's budget.
#[derive(Clone, Copy)]
pub(crate) struct Meter {
    /// Operations used before the call.
    pub(crate) used: u64,
    /// The budget of operations.
    pub(crate) limit: u64,
    /// When the time limit is reached (none: no limit).
    pub(crate) deadline: Option<Instant>,
    /// The memory meter and its bound.
    pub(crate) memory: Option<(fn() -> usize, usize)>,
}

impl Meter {
    /// Whether `operations` more stay within the budget, the memory bound and, if they pass
    /// a reading of the clock, the time limit.
    fn allows(&self, operations: u64) -> bool {
        let total = self.used.saturating_add(operations);
        let reads_clock = total / ScriptLimits::CLOCK_EVERY > self.used / ScriptLimits::CLOCK_EVERY;
        total <= self.limit
            && self.memory.is_none_or(|(meter, bound)| meter() <= bound)
            && !(reads_clock && self.deadline.is_some_and(|d| Instant::now() >= d))
    }
}

/// Where a streaming call ([`Program::stream`]) hands each state: it takes the state and the
/// operations used in all so far, and gives back the state if it does not keep it, and the
/// operations used in all after it (what it ran meanwhile counted too).
pub(crate) type Sink<'s> = dyn FnMut(State, u64) -> (Option<State>, u64) + 's;

/// How a streaming call ended.
pub(crate) enum Streamed {
    /// Every state was handed over; the operations used in all.
    Done { used: u64 },
    /// The function has no streaming variant: nothing ran.
    Unavailable,
    /// Given up ([`Flow::Bail`]) after handing `delivered` states over: the interpreter must
    /// run the call, and its first `delivered` states are those.
    Stopped { delivered: usize },
}

/// The state of a compiled call: the local variables of the functions running, one stack for
/// all (a call's locals start at `base`), and the counts.
pub(super) struct Frame<'p> {
    pub(super) stack: Vec<Value>,
    /// The state the engine passed, read in place by the function's variant that does not
    /// change its parameter ([`Program::in_place`]).
    pub(super) argument: &'p State,
    /// The [`Size`] of `argument` if it is an array (it does not change during the call).
    pub(super) argument_size: Size,
    pub(super) base: usize,
    pub(super) program: &'p Program,
    pub(super) meter: Meter,
    pub(super) ops: u64,
    /// When the clock is read next, in operations.
    pub(super) next_clock: u64,
    pub(super) depth: usize,
    /// The value of the `return` under way.
    pub(super) returned: Value,
    /// Where the states pushed onto the sink go ([`super::sink`]), in a streaming call.
    pub(super) sink: Option<&'p mut Sink<'p>>,
    /// The states handed to the sink so far.
    pub(super) delivered: usize,
}

impl Frame<'_> {
    /// Hands `state` to the sink: the state if the sink gives it back.
    #[inline(always)]
    pub(super) fn deliver(&mut self, state: State) -> Run<Option<State>> {
        let Some(sink) = self.sink.as_mut() else {
            return Err(Flow::Bail);
        };
        let (back, used) = sink(state, self.meter.used + self.ops);
        // What the sink ran counts as used before this call's own operations.
        self.meter.used = used.saturating_sub(self.ops);
        self.delivered += 1;
        Ok(back)
    }

    /// Keeps the room of `state` for later copies ([`Program::short`]).
    pub(super) fn keep(&self, state: State) {
        keep(&mut self.program.short.borrow_mut(), state);
    }

    #[inline]
    pub(super) fn slot(&self, slot: usize) -> &Value {
        &self.stack[self.base + slot]
    }

    #[inline]
    pub(super) fn slot_mut(&mut self, slot: usize) -> &mut Value {
        &mut self.stack[self.base + slot]
    }

    /// A copy of the state passed in, with room for `room` more items if it is an array (in a
    /// vector given back by the engine when one of that size is kept).
    pub(super) fn copy_of_argument(&self, room: usize) -> Value {
        let State::Array(items) = self.argument else {
            return Value::from_state(self.argument);
        };
        let kept = (items.len() + room)
            .checked_sub(1)
            .and_then(|i| self.program.short.borrow_mut().get_mut(i)?.pop());
        match kept {
            Some(mut copy) => {
                // The kept vector still holds the numbers of the array it was: overwritten, and
                // the room popped (a number needs no drop, which `truncate` calls anyway).
                while copy.len() > items.len() {
                    copy.pop();
                }
                for (to, from) in copy.iter_mut().zip(items) {
                    match (&mut *to, from) {
                        (State::Int(to), State::Int(from)) => *to = *from,
                        (to, from) => *to = from.copy(),
                    }
                }
                Value::Array(copy, self.argument_size)
            }
            None => Value::from_state_with_room(self.argument, room),
        }
    }

    /// Counts `n` operations, and gives up where the interpreter would stop.
    #[inline]
    pub(super) fn tick(&mut self, n: u64) -> Run<()> {
        self.ops += WEIGHT * n;
        let total = self.meter.used + self.ops;
        if total > self.meter.limit {
            return Err(Flow::Bail);
        }
        if let Some((meter, bound)) = self.meter.memory
            && meter() > bound
        {
            return Err(Flow::Bail);
        }
        if total >= self.next_clock {
            self.next_clock = total + ScriptLimits::CLOCK_EVERY;
            if self.meter.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Flow::Bail);
            }
        }
        Ok(())
    }

    /// Runs function `index`, whose arguments are on the stack from `base`.
    pub(super) fn invoke(&mut self, index: usize, base: usize) -> Run<Value> {
        let program = self.program;
        let Some(function) = &program.functions[index] else {
            return Err(Flow::Bail);
        };
        self.run_function(function, base)
    }

    pub(super) fn run_function(&mut self, function: &Function, base: usize) -> Run<Value> {
        if self.depth >= MAX_CALL_LEVELS {
            return Err(Flow::Bail);
        }
        self.tick(function.operations)?;
        self.stack
            .resize_with(base + function.slots, Value::default);
        let caller = std::mem::replace(&mut self.base, base);
        self.depth += 1;
        let result = (function.body)(self);
        self.depth -= 1;
        self.base = caller;
        self.stack.drain(base..).for_each(discard);
        match result {
            Ok(value) => Ok(value),
            Err(Flow::Return) => Ok(std::mem::take(&mut self.returned)),
            Err(_) => Err(Flow::Bail),
        }
    }
}

pub(super) struct Function {
    /// Local variables, parameters first.
    pub(super) slots: usize,
    /// The operations a call counts at its start: every one of its body outside loops, taken
    /// or not (those in loops count at each turn).
    pub(super) operations: u64,
    pub(super) body: Code,
    /// The functions it calls.
    pub(super) calls: Vec<usize>,
}

/// The compiled functions of a script.
pub(crate) struct Program {
    /// By (name, number of parameters); `None` where a function is outside the subset.
    pub(super) functions: Vec<Option<Function>>,
    /// By the same index, the variant of a function of one parameter that reads its parameter
    /// in the caller's state, where the function never changes it: a call from the engine then
    /// copies no more of the state than the script itself does.
    pub(super) in_place: Vec<Option<Function>>,
    /// By the same index, the variants of a function of one parameter that hand the array
    /// they return over item by item ([`super::sink`]): reading the parameter in place, and
    /// from a copy.
    pub(super) streaming: Vec<(Option<Function>, Option<Function>)>,
    /// By the same index, the functions of the usual `components` shape, answered without
    /// running them ([`EachItem`]).
    pub(super) each_item: Vec<Option<EachItem>>,
    pub(super) index: FxHashMap<(String, usize), usize>,
    /// Why each function outside the subset is, by index.
    pub(super) reasons: FxHashMap<usize, String>,
    /// The locals' stack, kept from call to call (one allocation less per call).
    pub(super) stack: RefCell<Vec<Value>>,
    /// Empty arrays with room, given back by the caller once it has taken the states out of
    /// a returned array ([`Program::recycle`]): `let out = []` starts from one, so the array
    /// of options does not grow from nothing at each call.
    pub(super) spare: RefCell<Vec<Vec<State>>>,
    /// Full vectors of exactly 1 to [`SHORT`] numbers, booleans or characters (by their
    /// length), taken from the arrays the engine is done with ([`Program::take_back`]): a copy
    /// of the state passed in takes one of its size and overwrites its items, without an
    /// allocation (and without dropping the items kept, which need none).
    pub(super) short: RefCell<[Vec<Vec<State>>; SHORT]>,
}

/// The longest arrays kept for reuse ([`Program::short`]), and how many of each length: as
/// many as one call may list (Rhai's bound on an array's items), so that the options of one
/// state given back together are all kept.
const SHORT: usize = 4;
const SHORT_KEPT: usize = 1 << 16;

/// Keeps `state` in `short` if it is an array of one to [`SHORT`] plain items.
#[inline]
fn keep(short: &mut [Vec<Vec<State>>; SHORT], state: State) {
    if let State::Array(items) = state
        && let Some(kept) = items.len().checked_sub(1).and_then(|i| short.get_mut(i))
        && kept.len() < SHORT_KEPT
        && items.iter().all(State::is_plain)
    {
        kept.push(items.into_vec());
    }
}

impl Program {
    /// What the compiled code of function `index`, recognised as the usual `components`,
    /// counts: run on an empty array and on an array of one item.
    pub(super) fn operations_of_each_item(&self, index: usize) -> Option<EachItem> {
        let unlimited = Meter {
            used: 0,
            limit: u64::MAX,
            deadline: None,
            memory: None,
        };
        let (_, none) = self.run(index, &State::Array(Box::new([])), unlimited)?;
        let (_, one) = self.run(index, &State::Array(Box::new([State::Int(0)])), unlimited)?;
        Some(EachItem {
            per_call: none,
            per_item: one.checked_sub(none)?,
        })
    }

    /// Keeps `array`'s room for a later `let out = []` (a few arrays, of a bounded size).
    pub(crate) fn recycle(&self, mut array: Vec<State>) {
        const KEPT: usize = 4;
        const MOST_ITEMS: usize = 1 << 12;
        let mut spare = self.spare.borrow_mut();
        if spare.len() < KEPT && array.capacity() <= MOST_ITEMS {
            array.clear();
            spare.push(array);
        }
    }

    /// Keeps the room of the short arrays among `states` for the copies of later calls
    /// ([`Program::short`]).
    pub(crate) fn take_back(&self, states: impl Iterator<Item = State>) {
        let mut short = self.short.borrow_mut();
        for state in states {
            keep(&mut short, state);
        }
    }

    /// The compiled `fn name(state)`, or why it runs in the interpreter.
    pub(crate) fn entry(&self, name: &str) -> Result<usize, String> {
        let Some(&start) = self.index.get(&(name.to_string(), 1)) else {
            return Err(format!("the script has no `fn {name}(state)`"));
        };
        // Every function it may call must be compiled too.
        let mut seen = vec![false; self.functions.len()];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            let Some(function) = &self.functions[i] else {
                return Err(self.reasons[&i].clone());
            };
            for &callee in &function.calls {
                if !std::mem::replace(&mut seen[callee], true) {
                    stack.push(callee);
                }
            }
        }
        Ok(start)
    }

    /// Whether `fn name(state)` is the usual `components`, answered without running it.
    #[cfg(test)]
    pub(crate) fn makes_each_item_a_component(&self, name: &str) -> bool {
        self.index
            .get(&(name.to_string(), 1))
            .is_some_and(|&i| self.each_item[i].is_some())
    }

    /// Whether the compiled `fn name(state)` has a streaming variant ([`Program::stream`]).
    #[cfg(test)]
    pub(crate) fn streams(&self, name: &str) -> bool {
        self.index
            .get(&(name.to_string(), 1))
            .is_some_and(|&i| self.streaming[i].1.is_some())
    }

    /// Whether the compiled `fn name(state)` reads its state in place.
    #[cfg(test)]
    pub(crate) fn reads_argument_in_place(&self, name: &str) -> bool {
        self.index
            .get(&(name.to_string(), 1))
            .is_some_and(|&i| self.in_place[i].is_some())
    }

    /// Runs function `entry` (from [`Program::entry`]) on `state`: the states of the array it
    /// returns and the operations it took, or `None` where the interpreter must run the call.
    pub(crate) fn call(
        &self,
        entry: usize,
        state: &State,
        meter: Meter,
    ) -> Option<(Vec<State>, u64)> {
        if self.each_item[entry].is_some() {
            let mut parts = self.spare.borrow_mut().pop().unwrap_or_default();
            if let Some(operations) = self.split(entry, state, meter, &mut parts) {
                return Some((parts, operations));
            }
        }
        self.run(entry, state, meter)
    }

    /// Where function `entry` is the usual `components` ([`EachItem`]): makes `parts` the
    /// components of `state` (overwriting what it holds) and gives the operations its code
    /// counts, as [`Program::call`] would, without running the code. `None` (and `parts` left
    /// in any state) where the code must run, past a limit among them, so that it stops where
    /// it would have.
    pub(crate) fn split(
        &self,
        entry: usize,
        state: &State,
        meter: Meter,
        parts: &mut Vec<State>,
    ) -> Option<u64> {
        let operations = self.each_item[entry]?.split(state, parts)?;
        meter.allows(operations).then_some(operations)
    }

    /// Runs the compiled code of function `entry` on `state`, as [`Program::call`].
    pub(super) fn run(
        &self,
        entry: usize,
        state: &State,
        meter: Meter,
    ) -> Option<(Vec<State>, u64)> {
        let in_place = self.in_place[entry].as_ref();
        let copied = self.functions[entry].as_ref()?;
        let (value, frame) = self.run_on(in_place, copied, state, meter, None);
        let operations = frame.ops;
        let Ok(Value::Array(states, size)) = value else {
            return None;
        };
        // The states are searched for one nested too deep only if the bound allows one.
        let shallow = usize::try_from(size.depth).is_ok_and(|depth| depth <= State::MAX_DEPTH);
        (shallow || states.iter().all(|s| within_depth(s, State::MAX_DEPTH)))
            .then_some((states, operations))
    }

    /// Runs the streaming variant of function `entry` on `state` ([`super::sink`]): each
    /// state of the array it returns goes to `sink` as it is pushed, and none is kept.
    pub(crate) fn stream(
        &self,
        entry: usize,
        state: &State,
        meter: Meter,
        sink: &mut Sink<'_>,
    ) -> Streamed {
        let (in_place, copied) = &self.streaming[entry];
        let Some(copied) = copied else {
            return Streamed::Unavailable;
        };
        let (value, frame) = self.run_on(in_place.as_ref(), copied, state, meter, Some(sink));
        match value {
            Ok(Value::Array(..)) => Streamed::Done {
                used: frame.meter.used + frame.ops,
            },
            _ => Streamed::Stopped {
                delivered: frame.delivered,
            },
        }
    }

    /// Runs `in_place` (reading `state` where it is) or `copied` (on a copy of it) from an
    /// empty stack; the stack goes back to the program, and the frame's counts are returned.
    fn run_on<'p>(
        &'p self,
        in_place: Option<&'p Function>,
        copied: &'p Function,
        state: &'p State,
        meter: Meter,
        sink: Option<&'p mut Sink<'p>>,
    ) -> (Run<Value>, Frame<'p>) {
        let mut stack = std::mem::take(&mut *self.stack.borrow_mut());
        stack.clear();
        // A state on the heap is read in place; a number is copied, as reading a variable is
        // cheaper than reading the argument.
        let in_place =
            in_place.filter(|_| !matches!(state, State::Int(_) | State::Bool(_) | State::Char(_)));
        stack.push(match in_place {
            Some(_) => Value::Unit,
            None => Value::from_state(state),
        });
        let mut frame = Frame {
            stack,
            argument: state,
            argument_size: match state {
                State::Array(items) => Size::of_array(items),
                _ => Size::default(),
            },
            base: 0,
            program: self,
            meter,
            ops: 0,
            next_clock: meter.used - meter.used % ScriptLimits::CLOCK_EVERY
                + ScriptLimits::CLOCK_EVERY,
            depth: 0,
            returned: Value::Unit,
            sink,
            delivered: 0,
        };
        let value = frame.run_function(in_place.unwrap_or(copied), 0);
        *self.stack.borrow_mut() = std::mem::take(&mut frame.stack);
        (value, frame)
    }
}
