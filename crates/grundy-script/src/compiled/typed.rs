//! Integers without a [`Value`] in between.
//!
//! In the compiled subset every arithmetic operator (`+ - * / % ** << >>`, `min`, `max`,
//! unary `-`, `abs`) gives an integer or gives up ([`Flow::Bail`]): on anything but two
//! integers the code gives up, and so does an overflow. Such an expression is compiled to an
//! [`IntCode`], one closure giving an `i64`, its operands (constants, variables, nested
//! arithmetic) read as integers, with no `Value` built in between; as an operand of anything
//! else it is run where the operand is read, without a closure around it. A comparison sure
//! to be of integers is a test on two `i64`, and a `for` over `a..b` reads its bounds as
//! integers and builds no range.
//!
//! A local is *typed* an integer where the compiler can see that it always holds one: a `let`
//! of an integer expression, or the variable of a `for` over a range, that is never assigned
//! anything but an integer expression in the rest of its scope ([`stays_integer`]). Its slot
//! still holds a [`Value`] (every other path reads it unchanged), always a [`Value::Int`]:
//! its `let` writes the integer without dropping what the slot held, and the comparisons `==`
//! and `!=` and the operators `& | ^`, which also work on other values, take the integer path
//! only for operands known to be integers this way.
//!
//! The operations counted are those of the general path, expression by expression.

use rhai::{ASTNode, Expr, FnCallExpr, Stmt};

use super::context::{Compiled, Compiler};
use super::operators::{Compare, Op};
use super::runtime::{Frame, IntCode, Test};
use super::values::{Value, constant_of, discard};
use super::{Flow, Run};
use crate::State;

/// An operand that must be an integer.
pub(super) enum IntOperand {
    Const(i64),
    /// A variable: an integer, or the code gives up.
    Slot(usize),
    /// The parameter of a call from the engine, read in the caller's state.
    Argument,
    /// Arithmetic, or any other expression with its value checked to be an integer.
    Code(IntCode),
}

impl IntOperand {
    #[inline(always)]
    pub(super) fn get(&self, f: &mut Frame<'_>) -> Run<i64> {
        match self {
            IntOperand::Const(n) => Ok(*n),
            IntOperand::Slot(slot) => f.slot(*slot).int(),
            IntOperand::Argument => match f.argument {
                State::Int(n) => Ok(*n),
                _ => Err(Flow::Bail),
            },
            IntOperand::Code(code) => code(f),
        }
    }
}

/// `op` on two integer operands: variables and constants (the usual `h - a`, `n % 2`) read
/// where they are, in one closure.
fn binary(op: Op, a: IntOperand, b: IntOperand) -> IntCode {
    match (a, b) {
        (IntOperand::Slot(x), IntOperand::Slot(y)) => {
            Box::new(move |f| op.on_integers(f.slot(x).int()?, f.slot(y).int()?))
        }
        (IntOperand::Slot(x), IntOperand::Const(c)) => {
            Box::new(move |f| op.on_integers(f.slot(x).int()?, c))
        }
        (IntOperand::Const(c), IntOperand::Slot(y)) => {
            Box::new(move |f| op.on_integers(c, f.slot(y).int()?))
        }
        (a, b) => Box::new(move |f| {
            let x = a.get(f)?;
            let y = b.get(f)?;
            op.on_integers(x, y)
        }),
    }
}

/// The operators that give an integer or give up, whatever their operands.
fn always_integer(op: Op) -> bool {
    !matches!(
        op,
        Op::And | Op::Or | Op::Xor | Op::Range | Op::RangeInclusive | Op::Contains
    )
}

/// Whether `op` (`& | ^`) gives an integer when one operand is an integer: on an integer and
/// anything else it gives up.
fn integer_with_an_integer(op: Op) -> bool {
    matches!(op, Op::And | Op::Or | Op::Xor)
}

/// Whether `expr` is `a..b` or `a..=b`.
pub(super) fn range_bounds(expr: &Expr) -> Option<(&Expr, &Expr, bool)> {
    match expr {
        Expr::FnCall(call, _) if call.op_token.is_some() => {
            match (call.name.as_str(), &call.args[..]) {
                ("..", [a, b]) => Some((a, b, false)),
                ("..=", [a, b]) => Some((a, b, true)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether the variable `name`, an integer where it is declared, stays one through
/// `statements` (what may run after its declaration, in its scope): every assignment to a
/// variable of that name there (an inner one of the same name included, which can only refuse
/// too often) is an op-assignment (`+=`, `&=`...: on an integer each gives an integer or gives
/// up) or `=` of an expression that is an integer while `name` is one ([`Compiler::is_integer`]
/// with no other variable known). Changing it in place (`x[0] = 1`, `x.push(1)`) gives up on an
/// integer and so changes nothing.
pub(super) fn stays_integer(compiler: &Compiler<'_>, name: &str, statements: &[Stmt]) -> bool {
    let mut stays = true;
    for statement in statements {
        statement.walk(&mut Vec::new(), &mut |path: &[ASTNode]| {
            if let Some(ASTNode::Stmt(Stmt::Assignment(x))) = path.last() {
                let (assign, lhs_rhs) = &**x;
                let plain = assign.get_op_assignment_info().is_none();
                if plain
                    && matches!(&lhs_rhs.lhs, Expr::Variable(v, ..) if v.1 == name)
                    && !compiler.is_integer_given(&lhs_rhs.rhs, &|v| v == name)
                {
                    stays = false;
                }
            }
            stays
        });
    }
    stays
}

impl Compiler<'_> {
    /// Whether `expr` gives an integer or gives up, with the locals typed so far.
    pub(super) fn is_integer(&self, expr: &Expr) -> bool {
        self.is_integer_given(expr, &|name| self.typed_integer(name))
    }

    /// Whether `expr` gives an integer or gives up, where the variables for which `integer`
    /// holds are integers.
    fn is_integer_given(&self, expr: &Expr, integer: &dyn Fn(&str) -> bool) -> bool {
        if let Some(value) = self.constant_call(expr).or_else(|| constant_of(expr)) {
            return matches!(value, Value::Int(_));
        }
        match expr {
            Expr::Variable(x, ..) => integer(x.1.as_str()),
            Expr::FnCall(call, _) => self.call_is_integer(call, integer),
            _ => false,
        }
    }

    fn call_is_integer(&self, call: &FnCallExpr, integer: &dyn Fn(&str) -> bool) -> bool {
        match self.arithmetic(call) {
            Some(Arithmetic::Always) => true,
            Some(Arithmetic::WithAnInteger) => {
                call.args.iter().any(|a| self.is_integer_given(a, integer))
            }
            None => false,
        }
    }

    /// Whether the variable `name` in scope is typed an integer.
    fn typed_integer(&self, name: &str) -> bool {
        self.scope
            .iter()
            .rev()
            .find(|local| local.name == name)
            .is_some_and(|local| local.integer)
    }

    /// Which kind of arithmetic `call` is, if it is an operator or a built-in function on
    /// integers (and not a script function of the same name).
    fn arithmetic(&self, call: &FnCallExpr) -> Option<Arithmetic> {
        let name = call.name.as_str();
        if call.capture_parent_scope
            || (call.op_token.is_none()
                && self
                    .index
                    .contains_key(&(name.to_string(), call.args.len())))
        {
            return None;
        }
        match call.args.len() {
            1 => matches!(name, "-" | "+" | "abs").then_some(Arithmetic::Always),
            2 => {
                let op = Op::named(name)?;
                if always_integer(op) {
                    Some(Arithmetic::Always)
                } else if integer_with_an_integer(op) {
                    Some(Arithmetic::WithAnInteger)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// `call` compiled as an integer, if it gives one or gives up ([`Compiler::is_integer`]).
    pub(super) fn int_call(&mut self, call: &FnCallExpr) -> Compiled<Option<IntCode>> {
        if !self.call_is_integer(call, &|name| self.typed_integer(name)) {
            return Ok(None);
        }
        let name = call.name.as_str();
        let int: IntCode = match &call.args[..] {
            [a] => {
                let a = self.int_operand(a)?;
                match name {
                    "-" => Box::new(move |f| a.get(f)?.checked_neg().ok_or(Flow::Bail)),
                    "abs" => Box::new(move |f| a.get(f)?.checked_abs().ok_or(Flow::Bail)),
                    _ => Box::new(move |f| a.get(f)),
                }
            }
            [a, b] => {
                let Some(op) = Op::named(name) else {
                    return Ok(None);
                };
                binary(op, self.int_operand(a)?, self.int_operand(b)?)
            }
            _ => return Ok(None),
        };
        self.operations += 1;
        Ok(Some(int))
    }

    /// `expr` as an operand that must be an integer; its operations counted as an operand's.
    pub(super) fn int_operand(&mut self, expr: &Expr) -> Compiled<IntOperand> {
        if let Some(value) = self.constant_call(expr).or_else(|| constant_of(expr)) {
            self.operations += 1;
            return Ok(match value {
                Value::Int(n) => IntOperand::Const(n),
                _ => IntOperand::Code(Box::new(|_| Err(Flow::Bail))),
            });
        }
        if let Expr::Variable(..) = expr {
            let (slot, _) = self.variable(expr)?;
            self.operations += 1;
            return Ok(if self.argument == Some(slot) {
                IntOperand::Argument
            } else {
                IntOperand::Slot(slot)
            });
        }
        if let Expr::FnCall(call, _) = expr
            && let Some(int) = self.int_call(call)?
        {
            return Ok(IntOperand::Code(int));
        }
        let code = self.expr(expr)?;
        Ok(IntOperand::Code(Box::new(move |f| match code(f)? {
            Value::Int(n) => Ok(n),
            other => {
                discard(other);
                Err(Flow::Bail)
            }
        })))
    }

    /// A comparison of two integers, as a test, where it is sure to be one: `<`, `<=`, `>`,
    /// `>=` give up on anything else, `==` and `!=` only where both operands are integers.
    pub(super) fn int_comparison(
        &mut self,
        compare: Compare,
        a: &Expr,
        b: &Expr,
    ) -> Compiled<Option<Test>> {
        let ordering = !matches!(compare, Compare::Equal | Compare::NotEqual);
        let integers = self.is_integer(a) && self.is_integer(b);
        if !integers && !(ordering && (self.is_integer(a) || self.is_integer(b))) {
            return Ok(None);
        }
        let (a, b) = (self.int_operand(a)?, self.int_operand(b)?);
        self.operations += 1;
        Ok(Some(Box::new(move |f| {
            let x = a.get(f)?;
            let y = b.get(f)?;
            Ok(compare.on_integers(x, y))
        })))
    }
}

/// How an operator gives an integer.
#[derive(Clone, Copy)]
enum Arithmetic {
    /// Whatever its operands (or it gives up).
    Always,
    /// When one operand is an integer (`& | ^`, which also work on two booleans).
    WithAnInteger,
}
