//! An array that a function only pushes onto and returns, handed over item by item.
//!
//! ```rhai
//! fn options(heaps) {
//!     let out = [];
//!     for i in 0..heaps.len() { … out.push(next); … }
//!     out
//! }
//! ```
//!
//! When `options` is called by the engine, the array is only ever read as a whole, once the
//! function returns. If its variable is declared once, at the top of the body, by `let out =
//! []`, is named nowhere but as the receiver of `push` (one argument) and as the last
//! statement, and the body has no `return`, then the array's items are exactly the values
//! pushed, in order: a variant of the function compiled with this array as a sink hands each
//! pushed state to the engine as it is pushed ([`super::runtime::Frame::deliver`]), and builds no
//! array.

use rhai::{ASTFlags, ASTNode, Expr, ImmutableString, Position, Stmt};

use super::context::{Compiled, Compiler, unsupported};
use super::runtime::{Effect, Frame};
use super::values::{Size, Value, constant_of, within_depth};
use super::{Flow, Run};
use crate::State;

/// The name of the array that the body only pushes onto and returns, if there is one.
pub(super) fn sink_of(params: &[ImmutableString], body: &[Stmt]) -> Option<String> {
    let (Stmt::Expr(last), rest) = body.split_last()? else {
        return None;
    };
    let Expr::Variable(x, ..) = &**last else {
        return None;
    };
    let name = x.1.as_str();
    if params.iter().any(|p| p == name) {
        return None;
    }
    let declared_empty_at_top = rest.iter().any(|s| {
        matches!(s, Stmt::Var(v, flags, _)
            if v.0.name == name
                && !flags.intersects(ASTFlags::CONSTANT | ASTFlags::EXPORTED)
                && matches!(constant_of(&v.1), Some(Value::Array(items, _)) if items.is_empty()))
    });
    let mut declarations = 0;
    let mut only_pushed = true;
    let mut returns = false;
    for statement in rest {
        statement.walk(&mut Vec::new(), &mut |path: &[ASTNode]| {
            match path.last() {
                Some(ASTNode::Stmt(Stmt::Var(v, ..))) if v.0.name == name => declarations += 1,
                Some(ASTNode::Stmt(Stmt::For(f, _)))
                    if f.0.name == name || f.1.as_ref().is_some_and(|c| c.name == name) =>
                {
                    only_pushed = false;
                }
                Some(ASTNode::Stmt(Stmt::Return(..))) => returns = true,
                Some(ASTNode::Expr(Expr::Variable(v, ..))) if v.1 == name => {
                    only_pushed &= path.len() >= 2 && is_push_onto(&path[path.len() - 2], name);
                }
                _ => {}
            }
            true
        });
    }
    (declared_empty_at_top && declarations == 1 && only_pushed && !returns)
        .then(|| name.to_string())
}

/// Whether `node` is `name.push(x)`.
fn is_push_onto(node: &ASTNode, name: &str) -> bool {
    matches!(node, ASTNode::Expr(expr) if push_of(expr).is_some_and(|(receiver, _)| receiver == name))
}

/// The receiver's name and the item of `receiver.push(item)`.
pub(super) fn push_of(expr: &Expr) -> Option<(&str, &Expr)> {
    let Expr::Dot(x, ASTFlags::NONE, _) = expr else {
        return None;
    };
    let (Expr::Variable(receiver, ..), Expr::MethodCall(call, _)) = (&x.lhs, &x.rhs) else {
        return None;
    };
    match &call.args[..] {
        [item] if call.name == "push" => Some((receiver.1.as_str(), item)),
        _ => None,
    }
}

impl Compiler<'_> {
    /// `out.push(x)` onto the sink: the state goes to the engine, and the sink keeps only the
    /// size the array would have, so that it gives up where the array would grow past Rhai's
    /// bounds.
    pub(super) fn push_onto_sink(
        &mut self,
        slot: usize,
        args: &[Expr],
        position: Position,
    ) -> Compiled<Effect> {
        let [item] = args else {
            return Err(unsupported(position, "this `push`"));
        };
        let item = self.operand(item)?;
        self.operations += 1 + item.operations();
        Ok(Box::new(move |f| {
            let (state, added) = item.value(f)?.into_item(true)?;
            if let Some(back) = hand_over(f, slot, state, added)? {
                f.keep(back);
            }
            Ok(())
        }))
    }
}

/// Pushes `state`, which adds `added` to the array's size, onto the sink in `slot`: the state
/// goes to the engine, which may give it back. Inlined, as [`Frame::deliver`], into the loop
/// that pushes: a call per option cost more than what it runs.
#[inline(always)]
pub(super) fn hand_over(
    f: &mut Frame<'_>,
    slot: usize,
    state: State,
    added: Size,
) -> Run<Option<State>> {
    let Value::Array(_, size) = f.slot_mut(slot) else {
        return Err(Flow::Bail);
    };
    *size = size.plus(added).bounded()?;
    // A state nested too deep is refused, as in an array returned whole.
    let shallow = usize::try_from(added.depth).is_ok_and(|d| d <= State::MAX_DEPTH);
    if !shallow && !within_depth(&state, State::MAX_DEPTH) {
        return Err(Flow::Bail);
    }
    f.deliver(state)
}
