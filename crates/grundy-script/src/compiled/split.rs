//! The usual `components`, recognised in its syntax tree: each item of an array state is a
//! component of its own.
//!
//! ```rhai
//! fn components(heaps) {
//!     let parts = [];
//!     for h in heaps { parts.push([h]); }
//!     parts
//! }
//! ```
//!
//! Games that split into heaps call it on every option of every state searched, and running
//! it, even compiled, cost more than the engine's work on the option. A function of exactly
//! this shape (any names) is answered without running it: the result is the same, and the
//! operations charged are those its compiled code counts ([`EachItem`]).

use rhai::{ASTFlags, Expr, Stmt};

use super::values::{MAX_ARRAY, Size, Value, constant_of};
use crate::State;

/// What the compiled code of a recognised `components` counts: `per_call` operations, and
/// `per_item` more for each item of the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct EachItem {
    pub(super) per_call: u64,
    pub(super) per_item: u64,
}

impl EachItem {
    /// Makes `parts` the components of `state` and gives the operations they count, or `None`
    /// where the code must run: a state that is not an array (a string is iterated, an integer
    /// fails), or an array whose result would pass Rhai's bound on an array's items. A part of
    /// one item already in `parts` takes the new item in place (no allocation).
    pub(super) fn split(self, state: &State, parts: &mut Vec<State>) -> Option<u64> {
        let State::Array(items) = state else {
            return None;
        };
        // Each item gains an array of its own around it.
        let count = u32::try_from(items.len()).ok()?;
        let plain = items.iter().all(State::is_plain);
        if !plain || count > MAX_ARRAY / 2 {
            let mut size = Size::of_array(items);
            size.arrays = size.arrays.saturating_add(count);
            size.bounded().ok()?;
        }
        // (`truncate` calls the drop of the parts cut off even when there are none.)
        if parts.len() > items.len() {
            parts.truncate(items.len());
        }
        let reused = parts.len();
        for (part, item) in parts.iter_mut().zip(items.iter()) {
            match part {
                State::Array(one) if one.len() == 1 => match (&mut one[0], item) {
                    (State::Int(old), State::Int(new)) => *old = *new,
                    (old, new) => old.clone_from(new),
                },
                other => *other = State::Array(Box::new([item.clone()])),
            }
        }
        parts.extend(
            items[reused..]
                .iter()
                .map(|item| State::Array(Box::new([item.clone()]))),
        );
        Some(self.per_call + self.per_item * u64::from(count))
    }
}

/// Whether the body of `fn NAME(param)` is `let parts = []; for h in param { parts.push([h]); }
/// parts` (the last line may be `return parts;`), with three different names.
pub(super) fn makes_each_item_a_component(param: &str, body: &[Stmt]) -> bool {
    let [
        Stmt::Var(declared, declared_flags, _),
        Stmt::For(each, _),
        last,
    ] = body
    else {
        return false;
    };
    let (parts, init, _) = &**declared;
    let parts = parts.name.as_str();
    let empty = matches!(constant_of(init), Some(Value::Array(items, _)) if items.is_empty());
    if !empty || declared_flags.contains(ASTFlags::EXPORTED) {
        return false;
    }
    let (item, counter, flow) = &**each;
    let item = item.name.as_str();
    if counter.is_some()
        || !is_variable(&flow.expr, param)
        || !flow.branch.statements().is_empty()
        || parts == param
        || item == param
        || item == parts
    {
        return false;
    }
    let [Stmt::Expr(push)] = flow.body.statements() else {
        return false;
    };
    let pushes_item = match &**push {
        Expr::Dot(x, flags, _) if *flags == ASTFlags::NONE => {
            is_variable(&x.lhs, parts)
                && matches!(&x.rhs, Expr::MethodCall(call, _)
                    if call.name == "push"
                        && matches!(&call.args[..], [Expr::Array(one, _)]
                            if matches!(&one[..], [only] if is_variable(only, item))))
        }
        _ => false,
    };
    let returns_parts = match last {
        Stmt::Expr(e) => is_variable(e, parts),
        Stmt::Return(Some(e), flags, _) => {
            !flags.contains(ASTFlags::BREAK) && is_variable(e, parts)
        }
        _ => false,
    };
    pushes_item && returns_parts
}

fn is_variable(expr: &Expr, name: &str) -> bool {
    matches!(expr, Expr::Variable(x, ..) if x.1 == name)
}
