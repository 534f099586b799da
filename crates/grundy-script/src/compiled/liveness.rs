//! Which read of a variable is its last, so that its value can be moved instead of copied.

use rhai::{Expr, Stmt};
use rustc_hash::FxHashMap;

use super::compiler::{Compiled, Compiler};

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

/// Code that may run after the code being compiled and read the variables it names: the rest
/// of a block, the rest of a statement around a block, or the whole of a loop (which runs
/// again). A loop's turns declare their own variables anew, so a loop only holds back the
/// variables declared before it, those with slots `below` its first.
pub(super) struct Ahead {
    pub(super) names: Names,
    pub(super) below: usize,
}

impl Compiler<'_> {
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
