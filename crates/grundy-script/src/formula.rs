//! Conjectured formulas in n, tested by the explorer: `n % 3`, `if n % 4 == 3 { n + 1 } else { n }`.

use grundy::explore::Conjecture;
use rhai::{AST, Dynamic, Engine, Scope};

use crate::error::{ScriptError, place_of, runtime_error};
use crate::limits::{Budget, ScriptLimits, sandbox};

/// A Rhai expression (or block) in the variable `n`, compiled once.
pub struct Formula {
    engine: Engine,
    ast: AST,
    budget: Budget,
}

impl Formula {
    /// Compiles `text`; the step budget and the time limit (counted from now) are shared by all
    /// its evaluations.
    ///
    /// # Errors
    /// [`ScriptError::Syntax`] with the column in `text`.
    pub fn compile(text: &str, limits: ScriptLimits) -> Result<Formula, ScriptError> {
        let budget = Budget::new(&limits);
        let engine = sandbox(&budget);
        let scope = Scope::new();
        let ast = engine
            .compile_with_scope(&scope, text)
            .map_err(|e| ScriptError::Syntax {
                place: place_of(e.1),
                reason: e.0.to_string(),
            })?;
        Ok(Formula {
            engine,
            ast,
            budget,
        })
    }

    /// The formula's claim for `n`: an integer is a Grundy value; a boolean (true: the player to
    /// move wins), "N" or "P" an outcome.
    ///
    /// # Errors
    /// A runtime error, or a result that is not a natural number, a boolean, "N" or "P".
    pub fn eval(&self, n: i64) -> Result<Conjecture, ScriptError> {
        let mut scope = Scope::new();
        scope.push_constant("n", n);
        let result = self
            .engine
            .eval_ast_with_scope::<Dynamic>(&mut scope, &self.ast);
        self.budget.settle();
        let start = grundy::parse::Place::Line { line: 1, column: 1 };
        let value = result.map_err(|e| runtime_error(&e, &self.budget, start))?;
        let bad = |what: String| ScriptError::Runtime {
            place: grundy::parse::Place::Line { line: 1, column: 1 },
            reason: format!(
                "for n = {n} the formula gives {what}; it must give a Grundy value (a natural number), a boolean (true: the player to move wins) or \"N\" / \"P\""
            ),
        };
        if let Ok(v) = value.as_int() {
            return u64::try_from(v)
                .map(Conjecture::Value)
                .map_err(|_| bad(v.to_string()));
        }
        if let Ok(b) = value.as_bool() {
            return Ok(Conjecture::Wins(b));
        }
        if value.is_string() {
            let s = value.into_string().unwrap_or_default();
            return match s.as_str() {
                "N" => Ok(Conjecture::Wins(true)),
                "P" => Ok(Conjecture::Wins(false)),
                _ => Err(bad(format!("{s:?}"))),
            };
        }
        Err(bad(format!("a {}", value.type_name())))
    }
}
