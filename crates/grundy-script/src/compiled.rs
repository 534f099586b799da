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
//!
//! A function of one parameter that never changes it is compiled a second time, to read the
//! state the engine passes where it is ([`Operand::Argument`]): a call of `options` on an array
//! or a map copies only what the script copies itself (`let next = heaps`, or where the other
//! compilation would move the parameter), not the whole state first. A few shapes that every `options` has run without a value in between: an integer
//! stored into an element (`next[i] -= take`), a variable's element or property (`piles[i]`,
//! `state.cap`), `push` of an array literal, and `sort`.

use std::cell::RefCell;
use std::time::Instant;

use rhai::{AST, ASTFlags, BinaryExpr, Expr, FlowControl, FnCallExpr, Position, Stmt};
use rustc_hash::FxHashMap;

use crate::{Key, Limits, State, place_of};

/// A value of the compiled code. Arrays and maps hold [`State`]s, the engine's own values, so
/// an array the script returns is handed to the engine as it is, without a conversion; putting
/// `()` or a range into an array gives up.
#[derive(Clone, Debug, Default)]
enum Value {
    /// `()`.
    #[default]
    Unit,
    Int(i64),
    Bool(bool),
    Char(char),
    Str(Box<str>),
    /// The items, and their [`Size`].
    Array(Vec<State>, Size),
    /// The entries sorted by key, as Rhai's maps are, and their [`Size`].
    Map(Vec<(Key, State)>, Size),
    /// `start..end`, or `start..=end` when inclusive.
    Range(i64, i64, bool),
}

/// Why compiled code stopped early.
enum Flow {
    /// Give the call to the interpreter.
    Bail,
    /// `return`: its value waits in [`Frame::returned`]. (A flow without a value keeps a
    /// [`Run<Value>`] as small as a [`Value`], which every compiled node returns.)
    Return,
    Break,
    Continue,
}

type Run<T> = Result<T, Flow>;

/// Compiled code giving a `T`.
type Closure<T> = Box<dyn Fn(&mut Frame<'_>) -> Run<T>>;
/// A compiled expression or statement.
type Code = Closure<Value>;

/// Rhai's bounds on the data of one value, as the sandbox sets them: items of arrays, entries of
/// maps, bytes of strings, nested ones included.
const MAX_ARRAY: u32 = 1 << 16;
const MAX_MAP: u32 = 1 << 16;
const MAX_STRING: u32 = 1 << 20;

/// A length as a [`Size`] counts it (saturating: anything that large is past the bounds).
fn length_u32(length: usize) -> u32 {
    u32::try_from(length).unwrap_or(u32::MAX)
}

/// Rhai's measure of an array's or a map's data, nested values included (`calc_data_sizes` in
/// Rhai): items of arrays, entries of maps, bytes of strings. Arrays and maps carry theirs, so
/// that a value growing past Rhai's bounds is caught where it grows, as the interpreter does.
/// They also carry how deeply their items nest, at most, so that what `options` returns is
/// searched for a state nested too deep only when it may hold one.
#[derive(Clone, Copy, Debug, Default)]
struct Size {
    arrays: u32,
    maps: u32,
    bytes: u32,
    /// A bound on how deeply the items nest: 0 when none is an array or a map, and an item
    /// that is one counts one more than its own items (removing an item leaves the bound).
    depth: u32,
}

impl Size {
    fn of_array(items: &[State]) -> Size {
        items.iter().fold(Size::default(), |size, item| {
            size.plus(Size::of_item(item, true))
        })
    }

    fn of_map(entries: &[(Key, State)]) -> Size {
        entries.iter().fold(Size::default(), |size, (_, v)| {
            size.plus(Size::of_item(v, false))
        })
    }

    /// What `state` adds to the array (`in_array`) or the map that holds it.
    fn of_item(state: &State, in_array: bool) -> Size {
        let inner = match state {
            State::Array(items) => Size::of_array(items).nested(),
            State::Map(entries) => Size::of_map(entries).nested(),
            State::Str(s) => Size {
                bytes: length_u32(s.len()),
                ..Size::default()
            },
            _ => Size::default(),
        };
        inner.plus(Size::one(in_array))
    }

    /// One item of an array, or one entry of a map.
    fn one(in_array: bool) -> Size {
        Size {
            arrays: u32::from(in_array),
            maps: u32::from(!in_array),
            ..Size::default()
        }
    }

    /// The size of an array or a map holding items of this size, as an item itself.
    fn nested(self) -> Size {
        Size {
            depth: self.depth.saturating_add(1),
            ..self
        }
    }

    fn plus(self, other: Size) -> Size {
        Size {
            arrays: self.arrays.saturating_add(other.arrays),
            maps: self.maps.saturating_add(other.maps),
            bytes: self.bytes.saturating_add(other.bytes),
            depth: self.depth.max(other.depth),
        }
    }

    /// The size once items of size `other` are gone (the depth stays: it is a bound).
    fn minus(self, other: Size) -> Size {
        Size {
            arrays: self.arrays.saturating_sub(other.arrays),
            maps: self.maps.saturating_sub(other.maps),
            bytes: self.bytes.saturating_sub(other.bytes),
            depth: self.depth,
        }
    }

    /// The size, or [`Flow::Bail`] past Rhai's bounds (where the interpreter fails).
    fn bounded(self) -> Run<Size> {
        if self.arrays > MAX_ARRAY || self.maps > MAX_MAP || self.bytes > MAX_STRING {
            Err(Flow::Bail)
        } else {
            Ok(self)
        }
    }
}
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

impl Value {
    /// A copy of `state`.
    #[inline]
    fn from_state(state: &State) -> Value {
        match state {
            State::Int(n) => Value::Int(*n),
            State::Array(items) => Value::Array(items.to_vec(), Size::of_array(items)),
            other => Value::from_owned_state(other.clone()),
        }
    }

    fn from_owned_state(state: State) -> Value {
        match state {
            State::Int(n) => Value::Int(n),
            State::Bool(b) => Value::Bool(b),
            State::Char(c) => Value::Char(c),
            State::Str(s) => Value::Str(s),
            State::Array(items) => {
                let size = Size::of_array(&items);
                Value::Array(items.into_vec(), size)
            }
            State::Map(entries) => {
                let size = Size::of_map(&entries);
                Value::Map(entries.into_vec(), size)
            }
        }
    }

    /// The state, if the value can be one (else the interpreter says why not), and what it adds
    /// to the array (`in_array`) or the map it goes into.
    fn into_item(self, in_array: bool) -> Run<(State, Size)> {
        let (state, inner) = match self {
            Value::Int(n) => (State::Int(n), Size::default()),
            Value::Bool(b) => (State::Bool(b), Size::default()),
            Value::Char(c) => (State::Char(c), Size::default()),
            Value::Str(s) => {
                let bytes = length_u32(s.len());
                let size = Size {
                    bytes,
                    ..Size::default()
                };
                (State::Str(s), size)
            }
            Value::Array(items, size) => (State::Array(items.into_boxed_slice()), size.nested()),
            Value::Map(entries, size) => (State::Map(entries.into_boxed_slice()), size.nested()),
            Value::Unit | Value::Range(..) => return Err(Flow::Bail),
        };
        Ok((state, inner.plus(Size::one(in_array))))
    }

    /// A constant of the script (the optimizer folds array and map literals into these).
    fn from_dynamic(value: &rhai::Dynamic) -> Option<Value> {
        if value.is_unit() {
            return Some(Value::Unit);
        }
        if let Some(r) = value.clone().try_cast::<std::ops::Range<i64>>() {
            return Some(Value::Range(r.start, r.end, false));
        }
        if let Some(r) = value.clone().try_cast::<std::ops::RangeInclusive<i64>>() {
            return Some(Value::Range(*r.start(), *r.end(), true));
        }
        State::from_dynamic(value.clone())
            .ok()
            .map(Value::from_owned_state)
    }

    fn int(&self) -> Run<i64> {
        match self {
            Value::Int(n) => Ok(*n),
            _ => Err(Flow::Bail),
        }
    }

    fn bool(&self) -> Run<bool> {
        match self {
            Value::Bool(b) => Ok(*b),
            _ => Err(Flow::Bail),
        }
    }
}

/// Whether nothing inside `state` lies more than `depth` levels below it (as a state's values
/// must lie at most [`State::MAX_DEPTH`] below it, the rule of [`State::from_dynamic`]).
fn within_depth(state: &State, depth: usize) -> bool {
    let below = |s: &State| depth > 0 && within_depth(s, depth - 1);
    match state {
        State::Array(items) => items.iter().all(below),
        State::Map(entries) => entries.iter().all(|(_, s)| below(s)),
        _ => true,
    }
}

/// A value seen without a copy: a [`Value`] or a [`State`] inside an array or map.
#[derive(Clone, Copy)]
enum Item<'a> {
    Int(i64),
    Bool(bool),
    Char(char),
    Str(&'a str),
    Array(&'a [State]),
    Map(&'a [(Key, State)]),
    /// `()` or a range.
    Other(&'a Value),
}

impl<'a> Item<'a> {
    fn of_value(value: &'a Value) -> Item<'a> {
        match value {
            Value::Int(n) => Item::Int(*n),
            Value::Bool(b) => Item::Bool(*b),
            Value::Char(c) => Item::Char(*c),
            Value::Str(s) => Item::Str(s),
            Value::Array(items, _) => Item::Array(items),
            Value::Map(entries, _) => Item::Map(entries),
            other => Item::Other(other),
        }
    }

    fn of_state(state: &'a State) -> Item<'a> {
        match state {
            State::Int(n) => Item::Int(*n),
            State::Bool(b) => Item::Bool(*b),
            State::Char(c) => Item::Char(*c),
            State::Str(s) => Item::Str(s),
            State::Array(items) => Item::Array(items),
            State::Map(entries) => Item::Map(entries),
        }
    }

    /// The item as a value of its own.
    fn to_value(self) -> Value {
        match self {
            Item::Int(n) => Value::Int(n),
            Item::Bool(b) => Value::Bool(b),
            Item::Char(c) => Value::Char(c),
            Item::Str(s) => Value::Str(s.into()),
            Item::Array(items) => Value::Array(items.to_vec(), Size::of_array(items)),
            Item::Map(entries) => Value::Map(entries.to_vec(), Size::of_map(entries)),
            Item::Other(value) => value.clone(),
        }
    }
}

/// `a == b` where Rhai's answer is sure: values of the same type, all the way down.
fn equal(a: Item<'_>, b: Item<'_>) -> Run<bool> {
    Ok(match (a, b) {
        (Item::Int(x), Item::Int(y)) => x == y,
        (Item::Bool(x), Item::Bool(y)) => x == y,
        (Item::Char(x), Item::Char(y)) => x == y,
        (Item::Str(x), Item::Str(y)) => x == y,
        (Item::Other(Value::Unit), Item::Other(Value::Unit)) => true,
        (Item::Array(x), Item::Array(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (x, y) in x.iter().zip(y) {
                if !equal(Item::of_state(x), Item::of_state(y))? {
                    return Ok(false);
                }
            }
            true
        }
        (Item::Map(x), Item::Map(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for ((kx, x), (ky, y)) in x.iter().zip(y) {
                if kx != ky || !equal(Item::of_state(x), Item::of_state(y))? {
                    return Ok(false);
                }
            }
            true
        }
        _ => return Err(Flow::Bail),
    })
}

/// The position of index `i` in a sequence of `len` items (negative counts from the end).
fn position(i: i64, len: usize) -> Run<usize> {
    let len = len as i64;
    let at = if i < 0 { i + len } else { i };
    if (0..len).contains(&at) {
        Ok(at as usize)
    } else {
        Err(Flow::Bail)
    }
}

/// Where the entry named `key` is in a map's entries (sorted by name).
fn entry_at(entries: &[(Key, State)], key: &str) -> Run<usize> {
    entries
        .binary_search_by(|(k, _)| (**k).cmp(key))
        .map_err(|_| Flow::Bail)
}

fn property<'v>(entries: &'v [(Key, State)], key: &str) -> Run<&'v State> {
    Ok(&entries[entry_at(entries, key)?].1)
}

fn property_mut<'v>(entries: &'v mut [(Key, State)], key: &str) -> Run<&'v mut State> {
    let at = entry_at(entries, key)?;
    Ok(&mut entries[at].1)
}

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

/// The state of a compiled call: the local variables of the functions running, one stack for
/// all (a call's locals start at `base`), and the counts.
struct Frame<'p> {
    stack: Vec<Value>,
    /// The state the engine passed, read in place by the function's variant that does not
    /// change its parameter ([`Program::in_place`]).
    argument: &'p State,
    base: usize,
    program: &'p Program,
    meter: Meter,
    ops: u64,
    /// When the clock is read next, in operations.
    next_clock: u64,
    depth: usize,
    /// The value of the `return` under way.
    returned: Value,
}

impl Frame<'_> {
    #[inline]
    fn slot(&self, slot: usize) -> &Value {
        &self.stack[self.base + slot]
    }

    #[inline]
    fn slot_mut(&mut self, slot: usize) -> &mut Value {
        &mut self.stack[self.base + slot]
    }

    /// Counts `n` operations, and gives up where the interpreter would stop.
    #[inline]
    fn tick(&mut self, n: u64) -> Run<()> {
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
            self.next_clock = total + Limits::CLOCK_EVERY;
            if self.meter.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Flow::Bail);
            }
        }
        Ok(())
    }

    /// Runs function `index`, whose arguments are on the stack from `base`.
    fn invoke(&mut self, index: usize, base: usize) -> Run<Value> {
        let program = self.program;
        let Some(function) = &program.functions[index] else {
            return Err(Flow::Bail);
        };
        self.run_function(function, base)
    }

    fn run_function(&mut self, function: &Function, base: usize) -> Run<Value> {
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

struct Function {
    /// Local variables, parameters first.
    slots: usize,
    /// The operations a call counts at its start: every one of its body outside loops, taken
    /// or not (those in loops count at each turn).
    operations: u64,
    body: Code,
    /// The functions it calls.
    calls: Vec<usize>,
}

/// The compiled functions of a script.
pub(crate) struct Program {
    /// By (name, number of parameters); `None` where a function is outside the subset.
    functions: Vec<Option<Function>>,
    /// By the same index, the variant of a function of one parameter that reads its parameter
    /// in the caller's state, where the function never changes it: a call from the engine then
    /// copies no more of the state than the script itself does.
    in_place: Vec<Option<Function>>,
    index: FxHashMap<(String, usize), usize>,
    /// Why each function outside the subset is, by index.
    reasons: FxHashMap<usize, String>,
    /// The locals' stack, kept from call to call (one allocation less per call).
    stack: RefCell<Vec<Value>>,
    /// Empty arrays with room, given back by the caller once it has taken the states out of
    /// a returned array ([`Program::recycle`]): `let out = []` starts from one, so the array
    /// of options does not grow from nothing at each call.
    spare: RefCell<Vec<Vec<State>>>,
}

impl Program {
    /// Compiles every script function of `ast` that the subset covers.
    pub(crate) fn compile(ast: &AST) -> Program {
        let definitions: Vec<_> = ast.iter_fn_def().collect();
        let index: FxHashMap<(String, usize), usize> = definitions
            .iter()
            .enumerate()
            .map(|(i, def)| ((def.name.to_string(), def.params.len()), i))
            .collect();
        // Rhai gives no direct access to a function's statements: the walk visits the top-level
        // statements of the script and then those of each function, and a function's are the
        // ones inside the span of its body.
        let mut outermost: Vec<Stmt> = Vec::new();
        ast.walk(&mut |path: &[rhai::ASTNode]| {
            if let [rhai::ASTNode::Stmt(stmt)] = path {
                outermost.push((*stmt).clone());
            }
            true
        });
        let in_functions = outermost.get(ast.statements().len()..).unwrap_or_default();
        let body_of = |def: &rhai::ScriptFuncDef| -> Vec<Stmt> {
            let span = line_and_column(def.body.start_position())
                ..=line_and_column(def.body.end_position());
            in_functions
                .iter()
                .filter(|s| span.contains(&line_and_column(s.position())))
                .cloned()
                .collect()
        };
        let bodies: Vec<Vec<Stmt>> = definitions.iter().map(|def| body_of(def)).collect();
        let constants: FxHashMap<String, Value> = definitions
            .iter()
            .zip(&bodies)
            .filter(|(def, _)| def.params.is_empty())
            .filter_map(|(def, body)| match &body[..] {
                [Stmt::Expr(e)] => constant_of(e).map(|v| (def.name.to_string(), v)),
                _ => None,
            })
            .collect();
        // Every statement must have found its function (a statement without a position would
        // not): otherwise nothing is compiled.
        let split = bodies.iter().map(Vec::len).sum::<usize>() == in_functions.len();
        let mut reasons = FxHashMap::default();
        let functions = definitions
            .iter()
            .zip(bodies)
            .enumerate()
            .map(|(i, (def, body))| {
                if !split {
                    let reason =
                        "the script's functions could not be told apart in its syntax tree";
                    reasons.insert(i, reason.to_string());
                    return (None, None);
                }
                match compile_function(def, &body, &index, &constants, false) {
                    Ok(function) => {
                        let in_place = (def.params.len() == 1)
                            .then(|| compile_function(def, &body, &index, &constants, true).ok())
                            .flatten();
                        (Some(function), in_place)
                    }
                    Err(Unsupported(reason)) => {
                        reasons.insert(i, reason);
                        (None, None)
                    }
                }
            })
            .collect::<Vec<_>>();
        let (functions, in_place) = functions.into_iter().unzip();
        Program {
            functions,
            in_place,
            index,
            reasons,
            stack: RefCell::new(Vec::new()),
            spare: RefCell::new(Vec::new()),
        }
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
        let mut stack = std::mem::take(&mut *self.stack.borrow_mut());
        stack.clear();
        // A state on the heap is read in place; a number is copied, as reading a variable is
        // cheaper than reading the argument.
        let in_place = self.in_place[entry]
            .as_ref()
            .filter(|_| !matches!(state, State::Int(_) | State::Bool(_) | State::Char(_)));
        stack.push(match in_place {
            Some(_) => Value::Unit,
            None => Value::from_state(state),
        });
        let mut frame = Frame {
            stack,
            argument: state,
            base: 0,
            program: self,
            meter,
            ops: 0,
            next_clock: meter.used - meter.used % Limits::CLOCK_EVERY + Limits::CLOCK_EVERY,
            depth: 0,
            returned: Value::Unit,
        };
        let value = match in_place {
            Some(function) => frame.run_function(function, 0),
            None => frame.invoke(entry, 0),
        };
        let operations = frame.ops;
        *self.stack.borrow_mut() = frame.stack;
        let Ok(Value::Array(states, size)) = value else {
            return None;
        };
        // The states are searched for one nested too deep only if the bound allows one.
        let shallow = usize::try_from(size.depth).is_ok_and(|depth| depth <= State::MAX_DEPTH);
        (shallow || states.iter().all(|s| within_depth(s, State::MAX_DEPTH)))
            .then_some((states, operations))
    }
}

/// Compiles one script function; `argument_in_place` compiles the variant that reads its
/// (single) parameter in the caller's state, which fails where the body changes it.
fn compile_function(
    def: &rhai::ScriptFuncDef,
    body: &[Stmt],
    index: &FxHashMap<(String, usize), usize>,
    constants: &FxHashMap<String, Value>,
    argument_in_place: bool,
) -> Compiled<Function> {
    let mut compiler = Compiler {
        index,
        constants,
        operations: 0,
        scope: Vec::new(),
        slots: 0,
        calls: Vec::new(),
        ahead: Vec::new(),
        here: Names::default(),
        argument: None,
    };
    for param in &def.params {
        compiler.declare(param.as_str(), false);
    }
    if argument_in_place {
        compiler.argument = Some(0);
    }
    let body = compiler.body(body)?;
    Ok(Function {
        slots: compiler.slots,
        operations: compiler.operations,
        body,
        calls: compiler.calls,
    })
}

/// The value of a constant expression.
fn constant_of(expr: &Expr) -> Option<Value> {
    match expr {
        Expr::Unit(_) => Some(Value::Unit),
        Expr::IntegerConstant(n, _) => Some(Value::Int(*n)),
        Expr::BoolConstant(b, _) => Some(Value::Bool(*b)),
        Expr::CharConstant(c, _) => Some(Value::Char(*c)),
        Expr::StringConstant(s, _) => Some(Value::Str(s.as_str().into())),
        Expr::DynamicConstant(value, _) => Value::from_dynamic(value),
        _ => None,
    }
}

fn line_and_column(position: Position) -> (usize, usize) {
    (
        position.line().unwrap_or(0),
        position.position().unwrap_or(0),
    )
}

/// Why a function is outside the subset.
struct Unsupported(String);

type Compiled<T> = Result<T, Unsupported>;

fn unsupported(position: Position, what: &str) -> Unsupported {
    Unsupported(format!(
        "{}: {what} is outside the compiled subset",
        place_of(position)
    ))
}

/// A compiled test: an expression that must give a boolean.
type Test = Closure<bool>;

/// An operand of an operator, a call or an index: a variable or a constant is read where it is,
/// without a closure call or a copy.
enum Operand {
    Slot(usize),
    /// A variable read for the last time: its value is moved out rather than copied.
    LastRead(usize),
    /// The parameter of a call from the engine, read in the caller's state
    /// ([`Frame::argument`]): copied only where the code needs a value of its own.
    Argument,
    Const(Value),
    Code(Code),
}

impl Operand {
    /// The operations the interpreter counts for a variable or a constant (the code of other
    /// operands counts its own).
    fn operations(&self) -> u64 {
        u64::from(!matches!(self, Operand::Code(_)))
    }

    /// Runs the operand's code, if it has some: the value that [`Operand::read`] then reads.
    #[inline]
    fn run(&self, f: &mut Frame<'_>) -> Run<Value> {
        match self {
            Operand::Code(code) => code(f),
            Operand::Argument => Ok(Value::from_state(f.argument)),
            _ => Ok(Value::Unit),
        }
    }

    #[inline]
    fn read<'a>(&'a self, f: &'a Frame<'_>, ran: &'a Value) -> &'a Value {
        match self {
            Operand::Slot(slot) | Operand::LastRead(slot) => f.slot(*slot),
            Operand::Const(value) => value,
            Operand::Code(_) | Operand::Argument => ran,
        }
    }

    /// The operand's value, as its own.
    #[inline(always)]
    fn value(&self, f: &mut Frame<'_>) -> Run<Value> {
        match self {
            Operand::Slot(slot) => Ok(copy(f.slot(*slot))),
            Operand::LastRead(slot) => Ok(std::mem::take(f.slot_mut(*slot))),
            Operand::Const(value) => Ok(copy(value)),
            Operand::Code(code) => code(f),
            Operand::Argument => Ok(Value::from_state(f.argument)),
        }
    }

    /// The same operand read in place, for a variable or a constant (`None` for code).
    fn read_only_copy(&self) -> Option<Operand> {
        match self {
            Operand::Slot(slot) | Operand::LastRead(slot) => Some(Operand::Slot(*slot)),
            Operand::Const(value) => Some(Operand::Const(value.clone())),
            Operand::Code(_) | Operand::Argument => None,
        }
    }

    /// The operand read where it is, never moved (for the operators, which only look at it).
    fn in_place(self) -> Operand {
        match self {
            Operand::LastRead(slot) => Operand::Slot(slot),
            other => other,
        }
    }
}

/// How often each variable is named, by name.
type Names = FxHashMap<String, u32>;

/// The variables from outside that `statements` name, counted: a variable the statements
/// declare themselves (`let`, a loop's variables) is not counted after its declaration.
/// Expressions are counted whole, blocks inside them included, which can only count too many.
fn free_names(statements: &[Stmt]) -> Names {
    let mut names = Names::default();
    free_names_of_block(statements, &mut Vec::new(), &mut names);
    names
}

fn free_names_of_block(statements: &[Stmt], bound: &mut Vec<String>, names: &mut Names) {
    let mark = bound.len();
    for statement in statements {
        match statement {
            Stmt::Var(x, ..) => {
                free_names_of_expr(&x.1, bound, names);
                bound.push(x.0.name.to_string());
            }
            Stmt::Block(block) => free_names_of_block(block.statements(), bound, names),
            Stmt::If(flow, _) | Stmt::While(flow, _) | Stmt::Do(flow, ..) => {
                free_names_of_expr(&flow.expr, bound, names);
                free_names_of_block(flow.body.statements(), bound, names);
                free_names_of_block(flow.branch.statements(), bound, names);
            }
            Stmt::For(x, _) => {
                let (variable, counter, flow) = &**x;
                free_names_of_expr(&flow.expr, bound, names);
                let mark = bound.len();
                bound.extend(counter.iter().chain([variable]).map(|v| v.name.to_string()));
                free_names_of_block(flow.body.statements(), bound, names);
                bound.truncate(mark);
            }
            other => {
                other.walk(&mut Vec::new(), &mut |path: &[rhai::ASTNode]| {
                    count_variable(path, bound, names);
                    true
                });
            }
        }
    }
    bound.truncate(mark);
}

fn free_names_of_expr(expr: &Expr, bound: &[String], names: &mut Names) {
    expr.walk(&mut Vec::new(), &mut |path: &[rhai::ASTNode]| {
        count_variable(path, bound, names);
        true
    });
}

/// Counts the node at the end of `path` if it is a variable not `bound` inside.
fn count_variable(path: &[rhai::ASTNode], bound: &[String], names: &mut Names) {
    if let Some(rhai::ASTNode::Expr(Expr::Variable(x, ..))) = path.last()
        && !bound.iter().any(|b| b == x.1.as_str())
    {
        *names.entry(x.1.to_string()).or_default() += 1;
    }
}

/// Code that may run after the code being compiled and read the variables it names: the rest
/// of a block, the rest of a statement around a block, or the whole of a loop (which runs
/// again). A loop's turns declare their own variables anew, so a loop only holds back the
/// variables declared before it, those with slots `below` its first.
struct Ahead {
    names: Names,
    below: usize,
}

/// Drops a value: one without anything on the heap without a call (the compiler does not
/// know which kind a value is, and calls the whole drop for each).
#[inline]
fn discard(value: Value) {
    if matches!(
        value,
        Value::Unit | Value::Int(_) | Value::Bool(_) | Value::Char(_) | Value::Range(..)
    ) {
        std::mem::forget(value);
    } else {
        drop(value);
    }
}

/// The swaps that sort `keys` (none if they are sorted already), or `None` if two are equal.
fn swaps_sorting(keys: &[&Key]) -> Option<Vec<(usize, usize)>> {
    let mut sorted = keys.to_vec();
    sorted.sort();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    let mut now = keys.to_vec();
    let mut swaps = Vec::new();
    for (at, key) in sorted.iter().enumerate() {
        let from = now.iter().position(|k| k == key)?;
        if from != at {
            now.swap(at, from);
            swaps.push((at, from));
        }
    }
    Some(swaps)
}

/// The items of an array literal, evaluated in order, and their size.
fn array_of(items: &[Operand], f: &mut Frame<'_>) -> Run<(Vec<State>, Size)> {
    let mut array = Vec::with_capacity(items.len());
    let mut size = Size::default();
    for item in items {
        let (state, added) = item.value(f)?.into_item(true)?;
        array.push(state);
        size = size.plus(added);
    }
    Ok((array, size.bounded()?))
}

/// What `old op= new` stores on integers (`= new` without an operator).
#[inline(always)]
fn assigned_integer(op: Option<Op>, old: i64, new: i64) -> Run<i64> {
    match op {
        None => Ok(new),
        Some(op) => op.on_integers(old, new),
    }
}

/// Sorts an array of integers (Rhai sorts no array that mixes types: give up on any other).
fn sort_integers(items: &mut [State]) -> Run<()> {
    if items.iter().any(|item| !matches!(item, State::Int(_))) {
        return Err(Flow::Bail);
    }
    items.sort_unstable_by_key(|item| match item {
        State::Int(n) => *n,
        _ => 0,
    });
    Ok(())
}

/// Pushes `item`. A short full array grows by one only: most become states, whose boxed
/// items must fit exactly, and a vector grown to the usual four would be shrunk again then.
#[inline]
fn push_item(items: &mut Vec<State>, item: State) {
    if items.len() == items.capacity() && items.len() < 4 {
        items.reserve_exact(1);
    }
    items.push(item);
}

/// A copy of a value, integers without a call.
#[inline]
fn copy(value: &Value) -> Value {
    match value {
        Value::Int(n) => Value::Int(*n),
        other => other.clone(),
    }
}

/// When a loop tests its condition.
#[derive(Clone, Copy)]
enum Check {
    /// Before each turn (`while`); `loop` has none.
    Before { forever: bool },
    /// After each turn (`do`): the loop ends when the condition is `until`.
    After { until: bool },
}

/// A place an assignment writes to.
enum Target {
    Variable(usize),
    Element(usize, Operand),
    Property(usize, Box<str>),
}

/// A step along a chain such as `state.piles[i].len()`.
enum Access {
    Index(Operand),
    Property(Box<str>),
    Len,
    IsEmpty,
    Contains(Operand),
}

impl Access {
    fn operand(&self) -> Option<&Operand> {
        match self {
            Access::Index(key) | Access::Contains(key) => Some(key),
            _ => None,
        }
    }

    /// The key, read where it is (`()` for a step without one); for a key that is a variable
    /// or a constant only.
    fn key_in_place<'a>(&'a self, f: &'a Frame<'_>) -> &'a Value {
        self.operand()
            .map_or(&Value::Unit, |key| key.read(f, &Value::Unit))
    }
}

/// The methods that change an array (its items and their size), with their (at most two)
/// arguments.
type Method = fn(&mut Vec<State>, &mut Size, Value, Value) -> Run<Value>;

struct Compiler<'a> {
    index: &'a FxHashMap<(String, usize), usize>,
    /// The functions without parameters whose body is a constant, by name.
    constants: &'a FxHashMap<String, Value>,
    /// The operations compiled so far that run once per call of the function (those in a loop's
    /// body are charged at each turn instead).
    operations: u64,
    /// Variables in scope: name, slot, constant.
    scope: Vec<(String, usize, bool)>,
    slots: usize,
    calls: Vec<usize>,
    /// What may run after the code being compiled, innermost last.
    ahead: Vec<Ahead>,
    /// The variables named in the innermost statement being compiled.
    here: Names,
    /// The slot of the parameter read in the caller's state ([`Operand::Argument`]), if any.
    argument: Option<usize>,
}

impl Compiler<'_> {
    /// The operations compiled since `before` (a loop's condition and body), which the loop
    /// charges at each turn, plus one for the turn, taken out of the count charged once per call.
    fn turn_operations(&mut self, before: u64) -> u64 {
        let each_turn = self.operations - before + 1;
        self.operations = before;
        each_turn
    }

    fn declare(&mut self, name: &str, constant: bool) -> usize {
        let slot = self.slots;
        self.slots += 1;
        self.scope.push((name.to_string(), slot, constant));
        slot
    }

    fn variable(&self, expr: &Expr) -> Compiled<(usize, bool)> {
        let Expr::Variable(x, _, position) = expr else {
            return Err(unsupported(expr.position(), "this expression"));
        };
        let name = x.1.as_str();
        self.scope
            .iter()
            .rev()
            .find(|(n, ..)| n == name)
            .map(|&(_, slot, constant)| (slot, constant))
            .ok_or_else(|| unsupported(*position, &format!("the variable `{name}` from outside")))
    }

    fn writable(&self, variable: &Expr) -> Compiled<usize> {
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

    fn operand(&mut self, expr: &Expr) -> Compiled<Operand> {
        if let Some(value) = self.constant_call(expr).or_else(|| constant_of(expr)) {
            return Ok(Operand::Const(value));
        }
        Ok(match expr {
            Expr::Variable(x, ..) => {
                let (slot, _) = self.variable(expr)?;
                if self.argument == Some(slot) {
                    Operand::Argument
                } else if self.is_last_read(x.1.as_str(), slot) {
                    Operand::LastRead(slot)
                } else {
                    Operand::Slot(slot)
                }
            }
            other => Operand::Code(self.expr(other)?),
        })
    }

    /// Whether the variable `name` in `slot` is read here for the last time: named once in its
    /// statement, and not in any code that may run after it.
    fn is_last_read(&self, name: &str, slot: usize) -> bool {
        self.here.get(name) == Some(&1)
            && !self
                .ahead
                .iter()
                .any(|later| slot < later.below && later.names.contains_key(name))
    }

    /// Compiles `code` with `names` (read by code that runs after it, from variables with
    /// slots below `below`) held back from moving.
    fn with_ahead<T>(
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

    /// The value of a call of a script function without parameters whose body is a constant
    /// (`fn moves() { [1, 2, 4] }`, the way a script writes a constant): the call is the
    /// constant, read where it is.
    fn constant_call(&self, expr: &Expr) -> Option<Value> {
        match expr {
            Expr::FnCall(call, _) if call.op_token.is_none() && call.args.is_empty() => {
                self.constants.get(call.name.as_str()).cloned()
            }
            _ => None,
        }
    }

    /// The items of an array literal (see [`array_of`]).
    fn array_literal(&mut self, items: &[Expr]) -> Compiled<Vec<Operand>> {
        let items = self.operands(items)?;
        self.operations += 1 + items.iter().map(Operand::operations).sum::<u64>();
        Ok(items)
    }

    fn operands(&mut self, exprs: &[Expr]) -> Compiled<Vec<Operand>> {
        exprs.iter().map(|e| self.operand(e)).collect()
    }

    /// A function's body: its last expression, or a `return` of a variable, hands the variable
    /// over instead of copying it (the function's locals end there).
    fn body(&mut self, statements: &[Stmt]) -> Compiled<Code> {
        if let Some((Stmt::Expr(last), rest)) = statements.split_last()
            && let Expr::Variable(x, ..) = &**last
        {
            let returned = Names::from_iter([(x.1.to_string(), 1)]);
            let mut codes = self.with_ahead(returned, usize::MAX, |c| c.statements(rest))?;
            codes.push(self.take(last)?);
            return Ok(sequence(codes));
        }
        let codes = self.statements(statements)?;
        Ok(sequence(codes))
    }

    fn take(&mut self, variable: &Expr) -> Compiled<Code> {
        let (slot, _) = self.variable(variable)?;
        self.operations += 1;
        if self.argument == Some(slot) {
            return Ok(Box::new(|f| Ok(Value::from_state(f.argument))));
        }
        Ok(Box::new(move |f| Ok(std::mem::take(f.slot_mut(slot)))))
    }

    fn statements(&mut self, statements: &[Stmt]) -> Compiled<Vec<Code>> {
        let mut codes = Vec::with_capacity(statements.len());
        for (i, statement) in statements.iter().enumerate() {
            let later = free_names(&statements[i + 1..]);
            let outer = std::mem::replace(&mut self.here, free_names(&statements[i..=i]));
            let code = self.with_ahead(later, usize::MAX, |c| c.stmt(statement));
            self.here = outer;
            codes.push(code?);
        }
        Ok(codes)
    }

    /// A block inside an expression or a statement: the rest of the statement may read what
    /// the block reads.
    fn block(&mut self, statements: &[Stmt]) -> Compiled<Code> {
        let around = self.here.clone();
        self.with_ahead(around, usize::MAX, |c| c.branch(statements))
    }

    /// A block with its own scope, after which nothing of its statement runs (the body of an
    /// `if`, a plain `{ … }`, a loop's body); its value is that of its last statement.
    fn branch(&mut self, statements: &[Stmt]) -> Compiled<Code> {
        let mark = self.scope.len();
        let codes = self.statements(statements);
        self.scope.truncate(mark);
        Ok(sequence(codes?))
    }

    fn stmt(&mut self, stmt: &Stmt) -> Compiled<Code> {
        match stmt {
            Stmt::Noop(_) => Ok(Box::new(|_| Ok(Value::Unit))),
            Stmt::Expr(expr) => self.expr(expr),
            Stmt::Block(block) => self.branch(block.statements()),
            Stmt::FnCall(call, position) => self.call(call, *position),
            Stmt::Var(x, flags, position) => {
                let (ident, init, _) = &**x;
                if flags.contains(ASTFlags::EXPORTED) {
                    return Err(unsupported(*position, "`export`"));
                }
                let init = self.operand(init)?;
                let slot = self.declare(ident.name.as_str(), flags.contains(ASTFlags::CONSTANT));
                self.operations += 1 + init.operations();
                if let Operand::Const(Value::Array(items, _)) = &init
                    && items.is_empty()
                {
                    // `let out = []`: an array with room, if the caller gave one back.
                    return Ok(Box::new(move |f| {
                        let room = f.program.spare.borrow_mut().pop().unwrap_or_default();
                        let array = Value::Array(room, Size::default());
                        discard(std::mem::replace(f.slot_mut(slot), array));
                        Ok(Value::Unit)
                    }));
                }
                Ok(Box::new(move |f| {
                    let value = init.value(f)?;
                    discard(std::mem::replace(f.slot_mut(slot), value));
                    Ok(Value::Unit)
                }))
            }
            Stmt::Assignment(x) => {
                let (assign, BinaryExpr { lhs, rhs }) = &**x;
                let op = match assign.get_op_assignment_info() {
                    None => None,
                    Some((.., op_syntax)) => Some(Op::named(op_syntax).ok_or_else(|| {
                        unsupported(assign.position(), &format!("`{op_syntax}=`"))
                    })?),
                };
                self.assignment(lhs, rhs, op)
            }
            Stmt::If(flow, _) => {
                let FlowControl { expr, body, branch } = &**flow;
                self.operations += 1;
                let condition = self.condition(expr)?;
                let body = self.branch(body.statements())?;
                if branch.statements().is_empty() {
                    // No `else`: nothing to call when the condition is false.
                    return Ok(Box::new(move |f| {
                        if condition(f)? {
                            body(f)
                        } else {
                            Ok(Value::Unit)
                        }
                    }));
                }
                let branch = self.branch(branch.statements())?;
                Ok(Box::new(
                    move |f| {
                        if condition(f)? { body(f) } else { branch(f) }
                    },
                ))
            }
            Stmt::For(x, _) => self.for_loop(x),
            Stmt::While(flow, _) => {
                let forever = matches!(flow.expr, Expr::Unit(_));
                self.conditional_loop(flow, Check::Before { forever })
            }
            Stmt::Do(flow, flags, _) => {
                let until = flags.contains(ASTFlags::NEGATED);
                self.conditional_loop(flow, Check::After { until })
            }
            Stmt::BreakLoop(None, flags, _) => {
                let flow = if flags.contains(ASTFlags::BREAK) {
                    || Flow::Break
                } else {
                    || Flow::Continue
                };
                self.operations += 1;
                Ok(Box::new(move |_| Err(flow())))
            }
            Stmt::Return(value, flags, position) => {
                if flags.contains(ASTFlags::BREAK) {
                    return Err(unsupported(*position, "`throw`"));
                }
                let value = match value {
                    None => Box::new(|_: &mut Frame<'_>| Ok(Value::Unit)),
                    Some(v) if matches!(**v, Expr::Variable(..)) => self.take(v)?,
                    Some(v) => self.expr(v)?,
                };
                self.operations += 1;
                Ok(Box::new(move |f| {
                    f.returned = value(f)?;
                    Err(Flow::Return)
                }))
            }
            other => Err(unsupported(other.position(), "this statement")),
        }
    }

    /// `while` and `loop` (the condition before each turn), `do` (after it).
    fn conditional_loop(&mut self, flow: &FlowControl, check: Check) -> Compiled<Code> {
        self.operations += 1;
        let before = self.operations;
        // The condition and the body run again at each turn.
        let (condition, body) = self.with_ahead(self.here.clone(), self.slots, |c| {
            Ok((c.condition(&flow.expr)?, c.branch(flow.body.statements())?))
        })?;
        let each_turn = self.turn_operations(before);
        Ok(Box::new(move |f| {
            loop {
                f.tick(each_turn)?;
                let done = match check {
                    Check::Before { forever } => (!forever && !condition(f)?) || turn(body(f))?,
                    Check::After { until } => turn(body(f))? || condition(f)? == until,
                };
                if done {
                    break;
                }
            }
            Ok(Value::Unit)
        }))
    }

    fn for_loop(&mut self, x: &(rhai::Ident, Option<rhai::Ident>, FlowControl)) -> Compiled<Code> {
        let (variable, counter, flow) = x;
        self.operations += 1;
        let over = self.operand(&flow.expr)?;
        let mark = self.scope.len();
        let mark_slots = self.slots;
        let slot = self.declare(variable.name.as_str(), false);
        let counter = counter
            .as_ref()
            .map(|c| self.declare(c.name.as_str(), false));
        let before = self.operations;
        // The body runs again at each turn; the variables declared before the loop keep what
        // it read.
        let body = self.with_ahead(self.here.clone(), mark_slots, |c| {
            c.branch(flow.body.statements())
        });
        let each_turn = self.turn_operations(before);
        self.scope.truncate(mark);
        let body = body?;
        Ok(Box::new(move |f| {
            let each = |f: &mut Frame<'_>, n: usize, item: Value| -> Run<bool> {
                f.tick(each_turn)?;
                discard(std::mem::replace(f.slot_mut(slot), item));
                if let Some(counter) = counter {
                    *f.slot_mut(counter) = Value::Int(n as i64);
                }
                turn(body(f))
            };
            // A constant array, or the argument's, is read where it is.
            let items = match &over {
                Operand::Const(Value::Array(items, _)) => Some(&items[..]),
                Operand::Argument => match f.argument {
                    State::Array(items) => Some(&items[..]),
                    _ => None,
                },
                _ => None,
            };
            if let Some(items) = items {
                for (n, item) in items.iter().enumerate() {
                    if each(f, n, Value::from_state(item))? {
                        break;
                    }
                }
                return Ok(Value::Unit);
            }
            match over.value(f)? {
                Value::Range(start, end, inclusive) => {
                    let mut n = 0;
                    let mut i = start;
                    while i < end || (inclusive && i == end) {
                        if each(f, n, Value::Int(i))? || i == i64::MAX {
                            break;
                        }
                        i += 1;
                        n += 1;
                    }
                }
                Value::Array(items, _) => {
                    for (n, item) in items.into_iter().enumerate() {
                        if each(f, n, Value::from_owned_state(item))? {
                            break;
                        }
                    }
                }
                _ => return Err(Flow::Bail),
            }
            Ok(Value::Unit)
        }))
    }

    fn assignment(&mut self, lhs: &Expr, rhs: &Expr, op: Option<Op>) -> Compiled<Code> {
        let rhs = self.operand(rhs)?;
        let target = match lhs {
            Expr::Variable(..) => Target::Variable(self.writable(lhs)?),
            Expr::Index(x, flags, _) if *flags == ASTFlags::BREAK => {
                let slot = self.writable(&x.lhs)?;
                Target::Element(slot, self.operand(&x.rhs)?)
            }
            Expr::Dot(x, flags, _) if *flags == ASTFlags::NONE => match &x.rhs {
                Expr::Property(p, _) => {
                    Target::Property(self.writable(&x.lhs)?, p.2.as_str().into())
                }
                other => return Err(unsupported(other.position(), "this assignment")),
            },
            other => return Err(unsupported(other.position(), "this assignment")),
        };
        // An element or a property of a map is a state; the size of what holds it changes.
        let store = move |place: &mut State, size: &mut Size, value: Value, in_array: bool| {
            // An integer over an integer (the common `next[i] -= take`): the size stays. (An
            // operator giving something else, a range, gives up below as it does here.)
            if let State::Int(old) = place
                && let Value::Int(new) = value
            {
                *old = assigned_integer(op, *old, new)?;
                discard(value);
                return Ok(());
            }
            let value = match op {
                None => value,
                Some(op) => op.apply(&Value::from_state(place), &value)?,
            };
            let (new, added) = value.into_item(in_array)?;
            let removed = Size::of_item(place, in_array);
            *size = size.minus(removed).plus(added).bounded()?;
            *place = new;
            Ok::<(), Flow>(())
        };
        self.operations += 1 + rhs.operations();
        // `next[i] -= take` with integers in variables or constants: read and written in
        // place, else the general way below.
        let in_place = match &target {
            Target::Element(slot, key) => key
                .read_only_copy()
                .zip(rhs.read_only_copy())
                .map(|(key, value)| (*slot, key, value)),
            _ => None,
        };
        let general: Code = Box::new(move |f| {
            let value = rhs.value(f)?;
            match &target {
                Target::Variable(slot) => {
                    let place = f.slot_mut(*slot);
                    let new = match op {
                        None => value,
                        Some(op) => {
                            let new = op.apply(place, &value)?;
                            discard(value);
                            new
                        }
                    };
                    discard(std::mem::replace(place, new));
                }
                Target::Element(slot, key) => {
                    let ran = key.run(f)?;
                    let key = key.read(f, &ran).int()?;
                    discard(ran);
                    let Value::Array(items, size) = f.slot_mut(*slot) else {
                        return Err(Flow::Bail);
                    };
                    let at = position(key, items.len())?;
                    store(&mut items[at], size, value, true)?;
                }
                Target::Property(slot, name) => {
                    let Value::Map(entries, size) = f.slot_mut(*slot) else {
                        return Err(Flow::Bail);
                    };
                    store(property_mut(entries, name)?, size, value, false)?;
                }
            }
            Ok(Value::Unit)
        });
        let Some((slot, key, value)) = in_place else {
            return Ok(general);
        };
        Ok(Box::new(move |f| {
            if let Value::Int(new) = *value.read(f, &Value::Unit)
                && let Value::Int(at) = *key.read(f, &Value::Unit)
                && let Value::Array(items, _) = f.slot_mut(slot)
                && let Ok(at) = position(at, items.len())
                && let State::Int(old) = &mut items[at]
            {
                *old = assigned_integer(op, *old, new)?;
                return Ok(Value::Unit);
            }
            general(f)
        }))
    }

    fn expr(&mut self, expr: &Expr) -> Compiled<Code> {
        if let Some(value) = constant_of(expr) {
            self.operations += 1;
            return Ok(Box::new(move |_| Ok(copy(&value))));
        }
        match expr {
            Expr::DynamicConstant(_, position) => {
                Err(unsupported(*position, "a constant of this type"))
            }
            Expr::Array(items, _) => {
                let items = self.array_literal(items)?;
                Ok(Box::new(move |f| {
                    let (array, size) = array_of(&items, f)?;
                    Ok(Value::Array(array, size))
                }))
            }
            Expr::Map(x, position) => {
                let mut entries: Vec<(Key, Operand)> = Vec::with_capacity(x.0.len());
                for (ident, value) in &x.0 {
                    entries.push((ident.name.as_str().into(), self.operand(value)?));
                }
                let keys: Vec<&Key> = entries.iter().map(|(key, _)| key).collect();
                let Some(swaps) = swaps_sorting(&keys) else {
                    return Err(unsupported(*position, "a map with a repeated key"));
                };
                self.operations += 1 + entries.iter().map(|(_, v)| v.operations()).sum::<u64>();
                // Evaluated in the script's order, then put in the order of the keys, as a
                // map is, by the swaps found here.
                Ok(Box::new(move |f| {
                    let mut map: Vec<(Key, State)> = Vec::with_capacity(entries.len());
                    let mut size = Size::default();
                    for (key, value) in &entries {
                        let (value, added) = value.value(f)?.into_item(false)?;
                        map.push((key.clone(), value));
                        size = size.plus(added);
                    }
                    for &(a, b) in &swaps {
                        map.swap(a, b);
                    }
                    Ok(Value::Map(map, size.bounded()?))
                }))
            }
            Expr::Variable(..) => {
                let (slot, _) = self.variable(expr)?;
                self.operations += 1;
                if self.argument == Some(slot) {
                    return Ok(Box::new(|f| Ok(Value::from_state(f.argument))));
                }
                Ok(Box::new(move |f| Ok(copy(f.slot(slot)))))
            }
            Expr::Stmt(block) => self.block(block.statements()),
            Expr::FnCall(call, position) => self.call(call, *position),
            Expr::Dot(..) | Expr::Index(..) => self.chain(expr),
            Expr::And(..) | Expr::Or(..) => {
                let test = self.condition(expr)?;
                Ok(Box::new(move |f| test(f).map(Value::Bool)))
            }
            other => Err(unsupported(other.position(), "this expression")),
        }
    }

    /// An expression that must be a boolean (of `if`, `while`, `&&`...), compiled to give the
    /// boolean itself: comparisons and `&&`/`||` chains without a [`Value`] in between.
    fn condition(&mut self, expr: &Expr) -> Compiled<Test> {
        if let Expr::FnCall(call, _) = expr
            && let Some(test) = self.comparison(call)?
        {
            return Ok(test);
        }
        match expr {
            Expr::And(operands, _) | Expr::Or(operands, _) => {
                // `&&` stops at the first false, `||` at the first true.
                let stop_at = matches!(expr, Expr::Or(..));
                let tests: Vec<Test> = operands
                    .iter()
                    .map(|e| self.condition(e))
                    .collect::<Compiled<_>>()?;
                self.operations += 1;
                Ok(Box::new(move |f| {
                    for test in &tests {
                        if test(f)? == stop_at {
                            return Ok(stop_at);
                        }
                    }
                    Ok(!stop_at)
                }))
            }
            other => {
                let code = self.expr(other)?;
                Ok(Box::new(move |f| code(f)?.bool()))
            }
        }
    }

    /// `a < b` and the other comparisons, as a test; `None` for any other call.
    fn comparison(&mut self, call: &FnCallExpr) -> Compiled<Option<Test>> {
        let Some(compare) = Compare::named(call.name.as_str()) else {
            return Ok(None);
        };
        let [a, b] = &call.args[..] else {
            return Ok(None);
        };
        if call.op_token.is_none() {
            return Ok(None);
        }
        let (a, b) = (self.operand(a)?, self.operand(b)?);
        self.operations += 1 + a.operations() + b.operations();
        Ok(Some(pair(a, b, move |x, y| compare.apply(x, y))))
    }

    fn call(&mut self, call: &FnCallExpr, position: Position) -> Compiled<Code> {
        let name = call.name.as_str();
        if call.capture_parent_scope {
            return Err(unsupported(position, &format!("`{name}!`")));
        }
        if call.op_token.is_none()
            && let Some(&index) = self.index.get(&(name.to_string(), call.args.len()))
        {
            let args = self.operands(&call.args)?;
            self.calls.push(index);
            self.operations += 1 + args.iter().map(Operand::operations).sum::<u64>();
            return Ok(Box::new(move |f| {
                let base = f.stack.len();
                for arg in &args {
                    let value = arg.value(f)?;
                    f.stack.push(value);
                }
                f.invoke(index, base)
            }));
        }
        let outside = || {
            let count = call.args.len();
            let plural = if count == 1 { "" } else { "s" };
            unsupported(position, &format!("`{name}` with {count} argument{plural}"))
        };
        if let Some(test) = self.comparison(call)? {
            return Ok(Box::new(move |f| test(f).map(Value::Bool)));
        }
        let mut args = self.operands(&call.args)?;
        self.operations += 1 + args.iter().map(Operand::operations).sum::<u64>();
        match args.len() {
            1 => {
                let unary: fn(&Value) -> Run<Value> = match name {
                    "-" => |v| v.int()?.checked_neg().map(Value::Int).ok_or(Flow::Bail),
                    "+" => |v| v.int().map(Value::Int),
                    "!" => |v| Ok(Value::Bool(!v.bool()?)),
                    "abs" => |v| v.int()?.checked_abs().map(Value::Int).ok_or(Flow::Bail),
                    "len" => |v| length(Item::of_value(v)).map(|n| Value::Int(n as i64)),
                    "is_empty" => |v| length(Item::of_value(v)).map(|n| Value::Bool(n == 0)),
                    _ => return Err(outside()),
                };
                let arg = args.remove(0);
                Ok(Box::new(move |f| {
                    let ran = arg.run(f)?;
                    let value = unary(arg.read(f, &ran));
                    discard(ran);
                    value
                }))
            }
            2 => {
                let op = Op::named(name).ok_or_else(outside)?;
                let (a, b) = (args.remove(0), args.remove(0));
                Ok(pair(a, b, move |x, y| op.apply(x, y)))
            }
            _ => Err(outside()),
        }
    }

    /// Reads a chain such as `piles[i]`, `state.cap` or `state.piles.len()`. The keys and
    /// arguments are evaluated first (as Rhai does), then the chain is walked without copying
    /// what it passes through.
    fn chain(&mut self, expr: &Expr) -> Compiled<Code> {
        if let Expr::Dot(x, flags, _) = expr
            && *flags == ASTFlags::NONE
            && let Expr::MethodCall(call, position) = &x.rhs
            && let Expr::Variable(..) = x.lhs
            && let Some(code) = self.method_on_variable(&x.lhs, call, *position)?
        {
            return Ok(code);
        }
        let (base, steps) = match expr {
            Expr::Dot(x, flags, _) | Expr::Index(x, flags, _) => {
                let mut steps = Vec::new();
                self.steps(expr, *flags, &x.rhs, &mut steps)?;
                (self.operand(&x.lhs)?, steps)
            }
            other => return Err(unsupported(other.position(), "this expression")),
        };
        self.operations += 1
            + base.operations()
            + steps
                .iter()
                .filter_map(Access::operand)
                .map(Operand::operations)
                .sum::<u64>();
        if steps.len() == 1 {
            // One step, the usual case: no list of keys.
            let step = steps
                .into_iter()
                .next()
                .ok_or_else(|| unsupported(expr.position(), "this chain"))?;
            // A variable's element or property (`piles[i]`, `state.cap`), by a variable or a
            // constant: read where it is, with no code to run.
            if !matches!(step.operand(), Some(Operand::Code(_) | Operand::Argument)) {
                match base {
                    Operand::Slot(slot) | Operand::LastRead(slot) => {
                        return Ok(Box::new(move |f| {
                            let item = Item::of_value(f.slot(slot));
                            Ok(access(item, &step, step.key_in_place(f))?.to_value())
                        }));
                    }
                    Operand::Argument => {
                        return Ok(Box::new(move |f| {
                            let item = Item::of_state(f.argument);
                            Ok(access(item, &step, step.key_in_place(f))?.to_value())
                        }));
                    }
                    _ => {}
                }
            }
            return Ok(Box::new(move |f| {
                let key = match step.operand() {
                    Some(key) => key.run(f)?,
                    None => Value::Unit,
                };
                let ran = base.run(f)?;
                let read = step.operand().map_or(&key, |k| k.read(f, &key));
                let value = access(Item::of_value(base.read(f, &ran)), &step, read)?.to_value();
                discard(key);
                discard(ran);
                Ok(value)
            }));
        }
        Ok(Box::new(move |f| {
            let mut keys = Vec::with_capacity(steps.len());
            for step in &steps {
                keys.push(match step.operand() {
                    Some(key) => key.value(f)?,
                    None => Value::Unit,
                });
            }
            let ran = base.run(f)?;
            let mut item = Item::of_value(base.read(f, &ran));
            for (step, key) in steps.iter().zip(&keys) {
                item = access(item, step, key)?;
            }
            Ok(item.to_value())
        }))
    }

    /// The steps after the base of a chain node (`kind` is the node, `rhs` its right side).
    fn steps(
        &mut self,
        kind: &Expr,
        flags: ASTFlags,
        rhs: &Expr,
        out: &mut Vec<Access>,
    ) -> Compiled<()> {
        if flags.contains(ASTFlags::NEGATED) {
            return Err(unsupported(kind.position(), "`?.` and `?[`"));
        }
        let is_index = matches!(kind, Expr::Index(..));
        let terminal = if is_index {
            flags.contains(ASTFlags::BREAK)
        } else {
            !matches!(rhs, Expr::Dot(..) | Expr::Index(..))
        };
        if terminal {
            out.push(self.step(is_index, rhs)?);
            return Ok(());
        }
        match rhs {
            Expr::Dot(x, next_flags, _) | Expr::Index(x, next_flags, _) => {
                out.push(self.step(is_index, &x.lhs)?);
                self.steps(rhs, *next_flags, &x.rhs, out)
            }
            other => Err(unsupported(other.position(), "this chain")),
        }
    }

    fn step(&mut self, is_index: bool, expr: &Expr) -> Compiled<Access> {
        if is_index {
            return Ok(Access::Index(self.operand(expr)?));
        }
        match expr {
            Expr::Property(p, _) => Ok(Access::Property(p.2.as_str().into())),
            Expr::MethodCall(call, position) => match (call.name.as_str(), call.args.len()) {
                ("len", 0) => Ok(Access::Len),
                ("is_empty", 0) => Ok(Access::IsEmpty),
                ("contains", 1) => Ok(Access::Contains(self.operand(&call.args[0])?)),
                (name, _) => Err(unsupported(*position, &format!("the method `{name}` here"))),
            },
            other => Err(unsupported(other.position(), "this chain")),
        }
    }

    /// `v.push(x)` and the other methods that change an array in a variable; `None` for the
    /// methods that only read (the general chain handles those).
    fn method_on_variable(
        &mut self,
        variable: &Expr,
        call: &FnCallExpr,
        position: Position,
    ) -> Compiled<Option<Code>> {
        let name = call.name.as_str();
        if matches!(name, "len" | "is_empty" | "contains") {
            return Ok(None);
        }
        let slot = self.writable(variable)?;
        if let ("push", [Expr::Array(items, _)]) = (name, &call.args[..]) {
            // `parts.push([h])`: the new array goes in as a state, never a value.
            let items = self.array_literal(items)?;
            self.operations += 1;
            return Ok(Some(Box::new(move |f| {
                let (array, inner) = array_of(&items, f)?;
                let Value::Array(target, size) = f.slot_mut(slot) else {
                    return Err(Flow::Bail);
                };
                *size = size.plus(inner.nested().plus(Size::one(true))).bounded()?;
                push_item(target, State::Array(array.into_boxed_slice()));
                Ok(Value::Unit)
            })));
        }
        if let ("push", [item]) = (name, &call.args[..]) {
            // The method of every `options`, with one argument and nothing to give back.
            let item = self.operand(item)?;
            self.operations += 1 + item.operations();
            return Ok(Some(Box::new(move |f| {
                let (state, added) = item.value(f)?.into_item(true)?;
                let Value::Array(items, size) = f.slot_mut(slot) else {
                    return Err(Flow::Bail);
                };
                *size = size.plus(added).bounded()?;
                push_item(items, state);
                Ok(Value::Unit)
            })));
        }
        let method: Method = match (name, call.args.len()) {
            ("pop", 0) => |items, size, _, _| {
                Ok(match items.pop() {
                    Some(last) => {
                        *size = size.minus(Size::of_item(&last, true));
                        Value::from_owned_state(last)
                    }
                    None => Value::Unit,
                })
            },
            ("insert", 2) => |items, size, at, item| {
                let at = at.int()?;
                if !(0..items.len() as i64).contains(&at) {
                    return Err(Flow::Bail);
                }
                let (state, added) = item.into_item(true)?;
                *size = size.plus(added).bounded()?;
                items.insert(at as usize, state);
                Ok(Value::Unit)
            },
            ("remove", 1) => |items, size, at, _| {
                let at = at.int()?;
                if !(0..items.len() as i64).contains(&at) {
                    return Err(Flow::Bail);
                }
                let removed = items.remove(at as usize);
                *size = size.minus(Size::of_item(&removed, true));
                Ok(Value::from_owned_state(removed))
            },
            ("sort", 0) => {
                // Every state's `options` may sort: no arguments to evaluate.
                self.operations += 1;
                return Ok(Some(Box::new(move |f| {
                    let Value::Array(items, _) = f.slot_mut(slot) else {
                        return Err(Flow::Bail);
                    };
                    sort_integers(items)?;
                    Ok(Value::Unit)
                })));
            }
            ("reverse", 0) => |items, _, _, _| {
                items.reverse();
                Ok(Value::Unit)
            },
            ("clear", 0) => |items, size, _, _| {
                items.clear();
                *size = Size::default();
                Ok(Value::Unit)
            },
            _ => return Err(unsupported(position, &format!("the method `{name}`"))),
        };
        let mut args = self.operands(&call.args)?.into_iter();
        let (first, second) = (args.next(), args.next());
        self.operations += 1 + first
            .iter()
            .chain(&second)
            .map(Operand::operations)
            .sum::<u64>();
        Ok(Some(Box::new(move |f| {
            let mut value = |arg: &Option<Operand>| match arg {
                Some(arg) => arg.value(f),
                None => Ok(Value::Unit),
            };
            let (a, b) = (value(&first)?, value(&second)?);
            let Value::Array(items, size) = f.slot_mut(slot) else {
                return Err(Flow::Bail);
            };
            method(items, size, a, b)
        })))
    }
}

/// `op` of two operands, compiled for where they are: two variables or a variable and a
/// constant (the usual `k <= n`, `n - k`) are read in place, with no code to run, and code next
/// to a variable or a constant (`n % x == 0`) is the one closure run.
fn pair<T: 'static>(
    a: Operand,
    b: Operand,
    op: impl Fn(&Value, &Value) -> Run<T> + 'static,
) -> Closure<T> {
    match (a.in_place(), b.in_place()) {
        (Operand::Slot(x), Operand::Slot(y)) => Box::new(move |f| op(f.slot(x), f.slot(y))),
        (Operand::Slot(x), Operand::Const(c)) => Box::new(move |f| op(f.slot(x), &c)),
        (Operand::Const(c), Operand::Slot(y)) => Box::new(move |f| op(&c, f.slot(y))),
        // Code and a variable or a constant (`n % x == 0`): one closure to run, the other
        // operand read in place.
        (Operand::Code(code), Operand::Const(c)) => Box::new(move |f| {
            let ran = code(f)?;
            let result = op(&ran, &c);
            discard(ran);
            result
        }),
        (Operand::Code(code), Operand::Slot(y)) => Box::new(move |f| {
            let ran = code(f)?;
            let result = op(&ran, f.slot(y));
            discard(ran);
            result
        }),
        (Operand::Slot(x), Operand::Code(code)) => Box::new(move |f| {
            let ran = code(f)?;
            let result = op(f.slot(x), &ran);
            discard(ran);
            result
        }),
        (Operand::Code(a), Operand::Code(b)) => Box::new(move |f| {
            let ran_a = a(f)?;
            let ran_b = b(f)?;
            let result = op(&ran_a, &ran_b);
            discard(ran_a);
            discard(ran_b);
            result
        }),
        (a, b) => Box::new(move |f| {
            let ran_a = a.run(f)?;
            let ran_b = b.run(f)?;
            let result = op(a.read(f, &ran_a), b.read(f, &ran_b));
            discard(ran_a);
            discard(ran_b);
            result
        }),
    }
}

/// Runs statements in order; the value is the last one's (`()` for none).
fn sequence(mut codes: Vec<Code>) -> Code {
    match codes.len() {
        0 => Box::new(|_| Ok(Value::Unit)),
        1 => codes.pop().unwrap_or_else(|| Box::new(|_| Ok(Value::Unit))),
        _ => Box::new(move |f| {
            let (last, first) = codes.split_last().ok_or(Flow::Bail)?;
            for code in first {
                discard(code(f)?);
            }
            last(f)
        }),
    }
}

/// One turn of a loop's body: whether the loop stops (`break`); other flows go on up.
fn turn(result: Run<Value>) -> Run<bool> {
    match result {
        Ok(value) => {
            discard(value);
            Ok(false)
        }
        Err(Flow::Continue) => Ok(false),
        Err(Flow::Break) => Ok(true),
        Err(other) => Err(other),
    }
}

fn length(item: Item<'_>) -> Run<usize> {
    match item {
        Item::Array(items) => Ok(items.len()),
        Item::Map(entries) => Ok(entries.len()),
        _ => Err(Flow::Bail),
    }
}

fn contains(container: Item<'_>, item: Item<'_>) -> Run<bool> {
    match (container, item) {
        (Item::Array(items), _) => {
            for x in items {
                if equal(Item::of_state(x), item)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        (Item::Other(&Value::Range(start, end, inclusive)), Item::Int(n)) => {
            Ok(start <= n && (n < end || (inclusive && n == end)))
        }
        (Item::Map(entries), Item::Str(key)) => Ok(property(entries, key).is_ok()),
        _ => Err(Flow::Bail),
    }
}

fn access<'v>(item: Item<'v>, step: &Access, key: &Value) -> Run<Item<'v>> {
    Ok(match (step, item) {
        (Access::Index(_), Item::Array(items)) => {
            Item::of_state(&items[position(key.int()?, items.len())?])
        }
        (Access::Index(_), Item::Map(entries)) => match key {
            Value::Str(k) => Item::of_state(property(entries, k)?),
            _ => return Err(Flow::Bail),
        },
        (Access::Property(name), Item::Map(entries)) => Item::of_state(property(entries, name)?),
        (Access::Len, _) => Item::Int(length(item)? as i64),
        (Access::IsEmpty, _) => Item::Bool(length(item)? == 0),
        (Access::Contains(_), _) => Item::Bool(contains(item, Item::of_value(key))?),
        _ => return Err(Flow::Bail),
    })
}

/// A comparison.
#[derive(Clone, Copy)]
enum Compare {
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
    Equal,
    NotEqual,
}

impl Compare {
    fn named(name: &str) -> Option<Compare> {
        Some(match name {
            "<" => Compare::Less,
            "<=" => Compare::LessOrEqual,
            ">" => Compare::Greater,
            ">=" => Compare::GreaterOrEqual,
            "==" => Compare::Equal,
            "!=" => Compare::NotEqual,
            _ => return None,
        })
    }

    #[inline]
    fn apply(self, a: &Value, b: &Value) -> Run<bool> {
        if let (Value::Int(x), Value::Int(y)) = (a, b) {
            return Ok(match self {
                Compare::Less => x < y,
                Compare::LessOrEqual => x <= y,
                Compare::Greater => x > y,
                Compare::GreaterOrEqual => x >= y,
                Compare::Equal => x == y,
                Compare::NotEqual => x != y,
            });
        }
        match self {
            Compare::Equal => equal(Item::of_value(a), Item::of_value(b)),
            Compare::NotEqual => equal(Item::of_value(a), Item::of_value(b)).map(|e| !e),
            _ => Err(Flow::Bail),
        }
    }
}

/// An operator or function of two values (comparisons are [`Compare`]).
#[derive(Clone, Copy)]
enum Op {
    Add,
    Subtract,
    Multiply,
    Divide,
    Remainder,
    Power,
    ShiftLeft,
    ShiftRight,
    Min,
    Max,
    And,
    Or,
    Xor,
    Range,
    RangeInclusive,
    Contains,
}

impl Op {
    fn named(name: &str) -> Option<Op> {
        Some(match name {
            "+" => Op::Add,
            "-" => Op::Subtract,
            "*" => Op::Multiply,
            "/" => Op::Divide,
            "%" => Op::Remainder,
            "**" => Op::Power,
            "<<" => Op::ShiftLeft,
            ">>" => Op::ShiftRight,
            "min" => Op::Min,
            "max" => Op::Max,
            "&" => Op::And,
            "|" => Op::Or,
            "^" => Op::Xor,
            ".." => Op::Range,
            "..=" => Op::RangeInclusive,
            "contains" => Op::Contains,
            _ => return None,
        })
    }

    /// The result, or [`Flow::Bail`] where Rhai fails (overflow, division by zero) or the
    /// values are of other types.
    #[inline]
    fn apply(self, a: &Value, b: &Value) -> Run<Value> {
        if let (&Value::Int(x), &Value::Int(y)) = (a, b) {
            return match self {
                Op::Range => Ok(Value::Range(x, y, false)),
                Op::RangeInclusive => Ok(Value::Range(x, y, true)),
                _ => self.on_integers(x, y).map(Value::Int),
            };
        }
        match (self, a, b) {
            (Op::And, Value::Bool(x), Value::Bool(y)) => Ok(Value::Bool(x & y)),
            (Op::Or, Value::Bool(x), Value::Bool(y)) => Ok(Value::Bool(x | y)),
            (Op::Xor, Value::Bool(x), Value::Bool(y)) => Ok(Value::Bool(x ^ y)),
            (Op::Contains, ..) => contains(Item::of_value(a), Item::of_value(b)).map(Value::Bool),
            _ => Err(Flow::Bail),
        }
    }

    /// The integer the operator gives on two integers ([`Flow::Bail`] for one that gives
    /// something else, a range, or none).
    #[inline(always)]
    fn on_integers(self, x: i64, y: i64) -> Run<i64> {
        match self {
            Op::Add => x.checked_add(y),
            Op::Subtract => x.checked_sub(y),
            Op::Multiply => x.checked_mul(y),
            Op::Divide => x.checked_div(y),
            Op::Remainder => x.checked_rem(y),
            Op::Power => u32::try_from(y).ok().and_then(|y| x.checked_pow(y)),
            Op::ShiftLeft => Some(shift_left(x, y)),
            Op::ShiftRight => Some(shift_right(x, y)),
            Op::Min => Some(x.min(y)),
            Op::Max => Some(x.max(y)),
            Op::And => Some(x & y),
            Op::Or => Some(x | y),
            Op::Xor => Some(x ^ y),
            Op::Range | Op::RangeInclusive | Op::Contains => None,
        }
        .ok_or(Flow::Bail)
    }
}

/// `x << y` as Rhai computes it: bits shifted out are lost, a shift by 64 or more gives 0, and
/// a negative shift goes the other way.
fn shift_left(x: i64, y: i64) -> i64 {
    if y < 0 {
        shift_right(x, y.checked_abs().unwrap_or(i64::MAX))
    } else {
        u32::try_from(y)
            .ok()
            .and_then(|s| x.checked_shl(s))
            .unwrap_or(0)
    }
}

/// `x >> y` as Rhai computes it: the sign fills the bits shifted in, a shift by 64 or more
/// leaves only the sign (0 or −1), and a negative shift goes the other way.
fn shift_right(x: i64, y: i64) -> i64 {
    if y < 0 {
        shift_left(x, y.checked_abs().unwrap_or(i64::MAX))
    } else {
        u32::try_from(y)
            .ok()
            .and_then(|s| x.checked_shr(s))
            .unwrap_or(x >> 63)
    }
}

#[cfg(test)]
mod tests;
