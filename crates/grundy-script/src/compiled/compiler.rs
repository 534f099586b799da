//! Rhai's syntax tree compiled to closures: a script's functions ([`Program::compile`]), each
//! one's statements and expressions.

use std::cell::RefCell;

use rhai::{AST, ASTFlags, BinaryExpr, Expr, FlowControl, FnCallExpr, Position, Stmt};
use rustc_hash::FxHashMap;

use super::context::{Check, Compiled, Compiler, Operand, Turns, Unsupported, unsupported};
use super::liveness::{Names, free_names};
use super::operators::{Compare, Op, assigned_integer};
use super::runtime::{Closure, Code, Effect, Frame, Function, Program, Test};
use super::sink::sink_of;
use super::split::makes_each_item_a_component;
use super::typed::{range_bounds, stays_integer};
use super::values::{
    Item, Size, Value, constant_of, contains, copy, discard, length, position, property,
    property_mut, push_item, sort_integers,
};
use super::{Flow, Run};
use crate::{Key, State};

/// How a function is compiled, besides the code every caller runs.
#[derive(Clone, Copy)]
pub(super) struct Variant {
    /// Reads its (single) parameter in the caller's state; fails where the body changes it.
    pub(super) argument_in_place: bool,
    /// Hands the items of the array it returns over as they are pushed ([`super::sink`]);
    /// fails where the body has no such array.
    pub(super) sink: bool,
}

impl Variant {
    /// The code that script functions call, and the engine too where no other variant is.
    pub(super) const CALLED: Variant = Variant {
        argument_in_place: false,
        sink: false,
    };
}

/// Compiles one script function, as `variant` says.
pub(super) fn compile_function(
    def: &rhai::ScriptFuncDef,
    body: &[Stmt],
    index: &FxHashMap<(String, usize), usize>,
    constants: &FxHashMap<String, Value>,
    variant: Variant,
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
        pushes_after: 0,
        stays_integer_after: false,
        sink_name: None,
        sink: None,
    };
    for param in &def.params {
        compiler.declare(param.as_str(), false, false);
    }
    if variant.argument_in_place {
        compiler.argument = Some(0);
    }
    if variant.sink {
        compiler.sink_name = Some(
            sink_of(&def.params, body)
                .ok_or_else(|| Unsupported("no array is only pushed onto and returned".into()))?,
        );
    }
    let body = compiler.body(body)?;
    Ok(Function {
        slots: compiler.slots,
        operations: compiler.operations,
        body,
        calls: compiler.calls,
    })
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
        let each_item_shaped: Vec<bool> = definitions
            .iter()
            .zip(&bodies)
            .map(|(def, body)| match &def.params[..] {
                [param] => split && makes_each_item_a_component(param, body),
                _ => false,
            })
            .collect();
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
                    return (None, None, (None, None));
                }
                let variant = |argument_in_place, sink| {
                    let variant = Variant {
                        argument_in_place,
                        sink,
                    };
                    (def.params.len() == 1)
                        .then(|| compile_function(def, &body, &index, &constants, variant).ok())
                        .flatten()
                };
                match compile_function(def, &body, &index, &constants, Variant::CALLED) {
                    Ok(function) => (
                        Some(function),
                        variant(true, false),
                        (variant(true, true), variant(false, true)),
                    ),
                    Err(Unsupported(reason)) => {
                        reasons.insert(i, reason);
                        (None, None, (None, None))
                    }
                }
            })
            .collect::<Vec<_>>();
        let mut in_place = Vec::with_capacity(functions.len());
        let mut streaming = Vec::with_capacity(functions.len());
        let functions: Vec<_> = functions
            .into_iter()
            .map(|(function, reading_in_place, streams)| {
                in_place.push(reading_in_place);
                streaming.push(streams);
                function
            })
            .collect();
        let mut program = Program {
            each_item: vec![None; functions.len()],
            functions,
            in_place,
            streaming,
            index,
            reasons,
            stack: RefCell::new(Vec::new()),
            spare: RefCell::new(Vec::new()),
            short: RefCell::new(Default::default()),
        };
        for (i, shaped) in each_item_shaped.into_iter().enumerate() {
            if shaped {
                program.each_item[i] = program.operations_of_each_item(i);
            }
        }
        program
    }
}

pub(super) fn line_and_column(position: Position) -> (usize, usize) {
    (
        position.line().unwrap_or(0),
        position.position().unwrap_or(0),
    )
}

/// (`name.push(x)`), at most four.
fn pushes_onto(name: &str, block: &[Stmt]) -> usize {
    const MOST_ROOM: usize = 4;
    let pushes = block
        .iter()
        .take_while(|s| !matches!(s, Stmt::Var(x, ..) if x.0.name == name))
        .filter(|s| {
            matches!(s, Stmt::Expr(e)
                if matches!(&**e, Expr::Dot(x, flags, _)
                    if *flags == ASTFlags::NONE
                        && matches!(&x.lhs, Expr::Variable(v, ..) if v.1 == name)
                        && matches!(&x.rhs, Expr::MethodCall(call, _) if call.name == "push")))
        })
        .count();
    pushes.min(MOST_ROOM)
}

/// The swaps that sort `keys` (none if they are sorted already), or `None` if two are equal.
pub(super) fn swaps_sorting(keys: &[&Key]) -> Option<Vec<(usize, usize)>> {
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
pub(super) fn array_of(items: &[Operand], f: &mut Frame<'_>) -> Run<(Vec<State>, Size)> {
    let mut array = Vec::with_capacity(items.len());
    let mut size = Size::default();
    for item in items {
        let (state, added) = item.value(f)?.into_item(true)?;
        array.push(state);
        size = size.plus(added);
    }
    Ok((array, size.bounded()?))
}

/// A place an assignment writes to.
pub(super) enum Target {
    Variable(usize),
    Element(usize, Operand),
    Property(usize, Box<str>),
}

/// A step along a chain such as `state.piles[i].len()`.
pub(super) enum Access {
    Index(Operand),
    Property(Box<str>),
    Len,
    IsEmpty,
    Contains(Operand),
}

impl Access {
    pub(super) fn operand(&self) -> Option<&Operand> {
        match self {
            Access::Index(key) | Access::Contains(key) => Some(key),
            _ => None,
        }
    }

    /// The key, read where it is (`()` for a step without one); for a key that is a variable
    /// or a constant only.
    pub(super) fn key_in_place<'a>(&'a self, f: &'a Frame<'_>) -> &'a Value {
        self.operand()
            .map_or(&Value::Unit, |key| key.read(f, &Value::Unit))
    }
}

/// The methods that change an array (its items and their size), with their (at most two)
/// arguments.
pub(super) type Method = fn(&mut Vec<State>, &mut Size, Value, Value) -> Run<Value>;

impl Compiler<'_> {
    pub(super) fn operand(&mut self, expr: &Expr) -> Compiled<Operand> {
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
            Expr::FnCall(call, _) if let Some(int) = self.int_call(call)? => Operand::Integer(int),
            other => Operand::Code(self.expr(other)?),
        })
    }

    /// The items of an array literal (see [`array_of`]).
    pub(super) fn array_literal(&mut self, items: &[Expr]) -> Compiled<Vec<Operand>> {
        let items = self.operands(items)?;
        self.operations += 1 + items.iter().map(Operand::operations).sum::<u64>();
        Ok(items)
    }

    pub(super) fn operands(&mut self, exprs: &[Expr]) -> Compiled<Vec<Operand>> {
        exprs.iter().map(|e| self.operand(e)).collect()
    }

    /// A function's body: its last expression, or a `return` of a variable, hands the variable
    /// over instead of copying it (the function's locals end there).
    pub(super) fn body(&mut self, statements: &[Stmt]) -> Compiled<Code> {
        if let Some((Stmt::Expr(last), rest)) = statements.split_last()
            && let Expr::Variable(x, ..) = &**last
        {
            let returned = Names::from_iter([(x.1.to_string(), 1)]);
            let effects = self.with_ahead(returned, usize::MAX, |c| c.effects(rest))?;
            return Ok(sequence(effects, self.take(last)?));
        }
        self.valued(statements)
    }

    pub(super) fn take(&mut self, variable: &Expr) -> Compiled<Code> {
        let (slot, _) = self.variable(variable)?;
        self.operations += 1;
        if self.argument == Some(slot) {
            return Ok(Box::new(|f| Ok(f.copy_of_argument(0))));
        }
        Ok(Box::new(move |f| Ok(std::mem::take(f.slot_mut(slot)))))
    }

    /// Compiles statement `i` of `block` by `compile`, with what runs after it in the block
    /// held back from moving.
    fn in_block<T>(
        &mut self,
        block: &[Stmt],
        i: usize,
        compile: impl FnOnce(&mut Self, &Stmt) -> Compiled<T>,
    ) -> Compiled<T> {
        let statement = &block[i];
        (self.pushes_after, self.stays_integer_after) = match statement {
            Stmt::Var(x, ..) => {
                let (name, rest) = (x.0.name.as_str(), &block[i + 1..]);
                (pushes_onto(name, rest), stays_integer(self, name, rest))
            }
            _ => (0, false),
        };
        let later = free_names(&block[i + 1..]);
        let outer = std::mem::replace(&mut self.here, free_names(&block[i..=i]));
        let code = self.with_ahead(later, usize::MAX, |c| compile(c, statement));
        self.here = outer;
        code
    }

    /// The statements of a block, each for its effect.
    pub(super) fn effects(&mut self, block: &[Stmt]) -> Compiled<Vec<Effect>> {
        self.effects_before(block, block.len())
    }

    /// The statements of a block before the `end`-th, each for its effect.
    fn effects_before(&mut self, block: &[Stmt], end: usize) -> Compiled<Vec<Effect>> {
        (0..end)
            .map(|i| self.in_block(block, i, Self::effect))
            .collect()
    }

    /// The statements of a block, the last one for its value (`()` for none).
    fn valued(&mut self, block: &[Stmt]) -> Compiled<Code> {
        let Some(last) = block.len().checked_sub(1) else {
            return Ok(Box::new(|_| Ok(Value::Unit)));
        };
        let effects = self.effects_before(block, last)?;
        let value = self.in_block(block, last, Self::stmt)?;
        Ok(sequence(effects, value))
    }

    /// A block inside an expression or a statement: the rest of the statement may read what
    /// the block reads.
    pub(super) fn block(&mut self, statements: &[Stmt]) -> Compiled<Code> {
        let around = self.here.clone();
        self.with_ahead(around, usize::MAX, |c| c.branch(statements))
    }

    /// A block with its own scope, after which nothing of its statement runs (the body of an
    /// `if`, a plain `{ … }`, a loop's body); its value is that of its last statement.
    pub(super) fn branch(&mut self, statements: &[Stmt]) -> Compiled<Code> {
        let mark = self.scope.len();
        let code = self.valued(statements);
        self.scope.truncate(mark);
        code
    }

    /// A block with its own scope, as [`Compiler::branch`], for its effect alone.
    pub(super) fn branch_effect(&mut self, statements: &[Stmt]) -> Compiled<Effect> {
        let mark = self.scope.len();
        let effects = self.effects(statements);
        self.scope.truncate(mark);
        let mut effects = effects?;
        Ok(match effects.len() {
            0 => Box::new(|_| Ok(())),
            1 => effects.remove(0),
            _ => Box::new(move |f| {
                for effect in &effects {
                    effect(f)?;
                }
                Ok(())
            }),
        })
    }

    /// A statement compiled for its value (the last of a block whose value is used).
    pub(super) fn stmt(&mut self, stmt: &Stmt) -> Compiled<Code> {
        match stmt {
            Stmt::Expr(expr) => self.expr(expr),
            Stmt::Block(block) => self.branch(block.statements()),
            Stmt::FnCall(call, position) => self.call(call, *position),
            Stmt::If(flow, _) => self.if_statement(flow, Self::branch, || Value::Unit),
            // The others have no value.
            other => {
                let effect = self.effect(other)?;
                Ok(Box::new(move |f| effect(f).map(|()| Value::Unit)))
            }
        }
    }

    /// A statement compiled for its effect alone: no value is made.
    pub(super) fn effect(&mut self, stmt: &Stmt) -> Compiled<Effect> {
        match stmt {
            Stmt::Noop(_) => Ok(Box::new(|_| Ok(()))),
            Stmt::Block(block) => self.branch_effect(block.statements()),
            Stmt::Expr(expr) if let Some(push) = self.push_statement(expr)? => Ok(push),
            Stmt::Expr(_) | Stmt::FnCall(..) => {
                let code = self.stmt(stmt)?;
                Ok(Box::new(move |f| code(f).map(discard)))
            }
            Stmt::Var(x, flags, position) => {
                let (ident, init, _) = &**x;
                if flags.contains(ASTFlags::EXPORTED) {
                    return Err(unsupported(*position, "`export`"));
                }
                let room = std::mem::take(&mut self.pushes_after);
                let constant = flags.contains(ASTFlags::CONSTANT);
                if std::mem::take(&mut self.stays_integer_after) && self.is_integer(init) {
                    let init = self.int_operand(init)?;
                    let slot = self.declare(ident.name.as_str(), constant, true);
                    self.operations += 1;
                    // The slot holds `()` or the integer of an earlier turn: nothing to drop.
                    return Ok(Box::new(move |f| {
                        *f.slot_mut(slot) = Value::Int(init.get(f)?);
                        Ok(())
                    }));
                }
                let init = self.operand(init)?;
                let slot = self.declare(ident.name.as_str(), constant, false);
                self.operations += 1 + init.operations();
                if self.sink_name.as_deref() == Some(ident.name.as_str()) {
                    // The sink holds no items, only their size.
                    self.sink = Some(slot);
                    return Ok(Box::new(move |f| {
                        let empty = Value::Array(Vec::new(), Size::default());
                        discard(std::mem::replace(f.slot_mut(slot), empty));
                        Ok(())
                    }));
                }
                if let Operand::Const(Value::Array(items, _)) = &init
                    && items.is_empty()
                {
                    // `let out = []`: an array with room, if the caller gave one back.
                    return Ok(Box::new(move |f| {
                        let room = f.program.spare.borrow_mut().pop().unwrap_or_default();
                        let array = Value::Array(room, Size::default());
                        discard(std::mem::replace(f.slot_mut(slot), array));
                        Ok(())
                    }));
                }
                // A copy that pushes follow is made with room for them: no array grows twice.
                match init {
                    Operand::Argument if room > 0 => Ok(Box::new(move |f| {
                        let value = f.copy_of_argument(room);
                        discard(std::mem::replace(f.slot_mut(slot), value));
                        Ok(())
                    })),
                    Operand::Slot(from) if room > 0 => Ok(Box::new(move |f| {
                        let value = f.slot(from).copy_with_room(room);
                        discard(std::mem::replace(f.slot_mut(slot), value));
                        Ok(())
                    })),
                    init => Ok(Box::new(move |f| {
                        let value = init.value(f)?;
                        discard(std::mem::replace(f.slot_mut(slot), value));
                        Ok(())
                    })),
                }
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
            Stmt::If(flow, _) => self.if_statement(flow, Self::branch_effect, || ()),
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

    /// `if`, its blocks compiled by `block` (for their value or their effect); without an
    /// `else`, a false condition gives `otherwise()`, with nothing to call.
    fn if_statement<T: 'static>(
        &mut self,
        flow: &FlowControl,
        block: fn(&mut Self, &[Stmt]) -> Compiled<Closure<T>>,
        otherwise: fn() -> T,
    ) -> Compiled<Closure<T>> {
        let FlowControl { expr, body, branch } = flow;
        self.operations += 1;
        let condition = self.condition(expr)?;
        let body = block(self, body.statements())?;
        if branch.statements().is_empty() {
            return Ok(Box::new(move |f| {
                if condition(f)? {
                    body(f)
                } else {
                    Ok(otherwise())
                }
            }));
        }
        let branch = block(self, branch.statements())?;
        Ok(Box::new(
            move |f| {
                if condition(f)? { body(f) } else { branch(f) }
            },
        ))
    }

    /// `while` and `loop` (the condition before each turn), `do` (after it).
    pub(super) fn conditional_loop(
        &mut self,
        flow: &FlowControl,
        check: Check,
    ) -> Compiled<Effect> {
        self.operations += 1;
        let before = self.operations;
        // The condition and the body run again at each turn.
        let (condition, body) = self.with_ahead(self.here.clone(), self.slots, |c| {
            Ok((
                c.condition(&flow.expr)?,
                c.branch_effect(flow.body.statements())?,
            ))
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
            Ok(())
        }))
    }

    pub(super) fn for_loop(
        &mut self,
        x: &(rhai::Ident, Option<rhai::Ident>, FlowControl),
    ) -> Compiled<Effect> {
        let (variable, counter, flow) = x;
        self.operations += 1;
        if let Some((start, end, inclusive)) = range_bounds(&flow.expr) {
            // `for i in a..b`: the bounds read as integers, no range built.
            let (start, end) = (self.int_operand(start)?, self.int_operand(end)?);
            self.operations += 1;
            let turns = self.loop_turns(variable, counter.as_ref(), flow, true)?;
            if counter.is_none()
                && let Some(copies) = self.copy_loop(variable, flow.body.statements(), &turns)?
            {
                return Ok(Box::new(move |f| {
                    let (start, end) = (start.get(f)?, end.get(f)?);
                    copies.over_range(f, &turns, start, end, inclusive)
                }));
            }
            return Ok(Box::new(move |f| {
                let (start, end) = (start.get(f)?, end.get(f)?);
                turns.over_range(f, start, end, inclusive)
            }));
        }
        let over = self.operand(&flow.expr)?;
        let turns = self.loop_turns(variable, counter.as_ref(), flow, false)?;
        Ok(Box::new(move |f| {
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
                    if turns.turn(f, n, Value::from_state(item))? {
                        break;
                    }
                }
                return Ok(());
            }
            match over.value(f)? {
                Value::Range(start, end, inclusive) => {
                    turns.over_range(f, start, end, inclusive)?
                }
                Value::Array(items, _) => {
                    for (n, item) in items.into_iter().enumerate() {
                        if turns.turn(f, n, Value::from_owned_state(item))? {
                            break;
                        }
                    }
                }
                _ => return Err(Flow::Bail),
            }
            Ok(())
        }))
    }

    /// The variables and the body of a `for` loop (`over_range`: over `a..b`, so that its
    /// variable is typed an integer if nothing assigns it anything else).
    fn loop_turns(
        &mut self,
        variable: &rhai::Ident,
        counter: Option<&rhai::Ident>,
        flow: &FlowControl,
        over_range: bool,
    ) -> Compiled<Turns> {
        let body = flow.body.statements();
        let mark = self.scope.len();
        let mark_slots = self.slots;
        let name = variable.name.as_str();
        let integer = over_range && stays_integer(self, name, body);
        let slot = self.declare(name, false, integer);
        let counter = counter.map(|c| {
            let integer = stays_integer(self, c.name.as_str(), body);
            self.declare(c.name.as_str(), false, integer)
        });
        let before = self.operations;
        // The body runs again at each turn; the variables declared before the loop keep what
        // it read.
        let body = self.with_ahead(self.here.clone(), mark_slots, |c| c.effects(body));
        let each_turn = self.turn_operations(before);
        self.scope.truncate(mark);
        Ok(Turns {
            slot,
            counter,
            each_turn,
            body: body?,
        })
    }

    pub(super) fn assignment(
        &mut self,
        lhs: &Expr,
        rhs: &Expr,
        op: Option<Op>,
    ) -> Compiled<Effect> {
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
        let general: Effect = Box::new(move |f| {
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
            Ok(())
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
                return Ok(());
            }
            general(f)
        }))
    }

    pub(super) fn expr(&mut self, expr: &Expr) -> Compiled<Code> {
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
                    return Ok(Box::new(|f| Ok(f.copy_of_argument(0))));
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
    pub(super) fn condition(&mut self, expr: &Expr) -> Compiled<Test> {
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
    pub(super) fn comparison(&mut self, call: &FnCallExpr) -> Compiled<Option<Test>> {
        let Some(compare) = Compare::named(call.name.as_str()) else {
            return Ok(None);
        };
        let [a, b] = &call.args[..] else {
            return Ok(None);
        };
        if call.op_token.is_none() {
            return Ok(None);
        }
        if let Some(test) = self.int_comparison(compare, a, b)? {
            return Ok(Some(test));
        }
        let (a, b) = (self.operand(a)?, self.operand(b)?);
        self.operations += 1 + a.operations() + b.operations();
        Ok(Some(pair(a, b, move |x, y| compare.apply(x, y))))
    }

    pub(super) fn call(&mut self, call: &FnCallExpr, position: Position) -> Compiled<Code> {
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
        if let Some(int) = self.int_call(call)? {
            return Ok(Box::new(move |f| int(f).map(Value::Int)));
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
    pub(super) fn chain(&mut self, expr: &Expr) -> Compiled<Code> {
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
            if step
                .operand()
                .is_none_or(|key| key.read_only_copy().is_some())
            {
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
    pub(super) fn steps(
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

    pub(super) fn step(&mut self, is_index: bool, expr: &Expr) -> Compiled<Access> {
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

    /// `v.push(x)` as a statement (`None` for any other).
    pub(super) fn push_statement(&mut self, expr: &Expr) -> Compiled<Option<Effect>> {
        match expr {
            Expr::Dot(x, flags, _)
                if *flags == ASTFlags::NONE && matches!(x.lhs, Expr::Variable(..)) =>
            {
                match &x.rhs {
                    Expr::MethodCall(call, position) if call.name == "push" => {
                        self.push(&x.lhs, call, *position).map(Some)
                    }
                    _ => Ok(None),
                }
            }
            _ => Ok(None),
        }
    }

    /// `v.push(x)` (or any method onto the sink, which can only be that).
    fn push(&mut self, variable: &Expr, call: &FnCallExpr, position: Position) -> Compiled<Effect> {
        let slot = self.writable(variable)?;
        if self.sink == Some(slot) {
            return self.push_onto_sink(slot, &call.args, position);
        }
        if let [Expr::Array(items, _)] = &call.args[..] {
            // `parts.push([h])`: the new array goes in as a state, never a value.
            let items = self.array_literal(items)?;
            self.operations += 1;
            return Ok(Box::new(move |f| {
                let (array, inner) = array_of(&items, f)?;
                let Value::Array(target, size) = f.slot_mut(slot) else {
                    return Err(Flow::Bail);
                };
                *size = size.plus(inner.nested().plus(Size::one(true))).bounded()?;
                push_item(target, State::Array(array.into_boxed_slice()));
                Ok(())
            }));
        }
        if let [item] = &call.args[..] {
            // The method of every `options`, with one argument and nothing to give back.
            let item = self.operand(item)?;
            self.operations += 1 + item.operations();
            return Ok(Box::new(move |f| {
                let (state, added) = item.value(f)?.into_item(true)?;
                let Value::Array(items, size) = f.slot_mut(slot) else {
                    return Err(Flow::Bail);
                };
                *size = size.plus(added).bounded()?;
                push_item(items, state);
                Ok(())
            }));
        }
        Err(unsupported(position, "the method `push`"))
    }

    /// `v.push(x)` and the other methods that change an array in a variable; `None` for the
    /// methods that only read (the general chain handles those).
    pub(super) fn method_on_variable(
        &mut self,
        variable: &Expr,
        call: &FnCallExpr,
        position: Position,
    ) -> Compiled<Option<Code>> {
        let name = call.name.as_str();
        if matches!(name, "len" | "is_empty" | "contains") {
            return Ok(None);
        }
        if name == "push" || self.sink == Some(self.writable(variable)?) {
            let push = self.push(variable, call, position)?;
            return Ok(Some(Box::new(move |f| push(f).map(|()| Value::Unit))));
        }
        let slot = self.writable(variable)?;
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
pub(super) fn pair<T: 'static>(
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

/// Runs `effects` in order, then `last`, whose value it is.
pub(super) fn sequence(effects: Vec<Effect>, last: Code) -> Code {
    if effects.is_empty() {
        return last;
    }
    Box::new(move |f| {
        for effect in &effects {
            effect(f)?;
        }
        last(f)
    })
}

/// One turn of a loop's body: whether the loop stops (`break`); other flows go on up.
pub(super) fn turn(result: Run<()>) -> Run<bool> {
    match result {
        Ok(()) => Ok(false),
        Err(Flow::Continue) => Ok(false),
        Err(Flow::Break) => Ok(true),
        Err(other) => Err(other),
    }
}

pub(super) fn access<'v>(item: Item<'v>, step: &Access, key: &Value) -> Run<Item<'v>> {
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
