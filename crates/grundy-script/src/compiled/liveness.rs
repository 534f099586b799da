//! The variables that code names, counted: how the compiler tells which read of a variable is
//! its last ([`Compiler::is_last_read`](super::context::Compiler::is_last_read)), so that its
//! value can be moved instead of copied.

use rhai::{Expr, Stmt};
use rustc_hash::FxHashMap;

/// How often each variable is named, by name.
pub(super) type Names = FxHashMap<String, u32>;

/// The variables from outside that `statements` name, counted: a variable the statements
/// declare themselves (`let`, a loop's variables) is not counted after its declaration.
/// Expressions are counted whole, blocks inside them included, which can only count too many.
pub(super) fn free_names(statements: &[Stmt]) -> Names {
    let mut names = Names::default();
    free_names_of_block(statements, &mut Vec::new(), &mut names);
    names
}

pub(super) fn free_names_of_block(statements: &[Stmt], bound: &mut Vec<String>, names: &mut Names) {
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

pub(super) fn free_names_of_expr(expr: &Expr, bound: &[String], names: &mut Names) {
    expr.walk(&mut Vec::new(), &mut |path: &[rhai::ASTNode]| {
        count_variable(path, bound, names);
        true
    });
}

/// Counts the node at the end of `path` if it is a variable not `bound` inside.
pub(super) fn count_variable(path: &[rhai::ASTNode], bound: &[String], names: &mut Names) {
    if let Some(rhai::ASTNode::Expr(Expr::Variable(x, ..))) = path.last()
        && !bound.iter().any(|b| b == x.1.as_str())
    {
        *names.entry(x.1.to_string()).or_default() += 1;
    }
}
