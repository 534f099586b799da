//! The operators on integers and booleans, and comparisons, as Rhai computes them.

use super::values::{Item, Value, contains, equal};
use super::{Flow, Run};

/// A comparison.
#[derive(Clone, Copy)]
pub(super) enum Compare {
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
    Equal,
    NotEqual,
}

impl Compare {
    pub(super) fn named(name: &str) -> Option<Compare> {
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

    #[inline(always)]
    pub(super) fn on_integers(self, x: i64, y: i64) -> bool {
        match self {
            Compare::Less => x < y,
            Compare::LessOrEqual => x <= y,
            Compare::Greater => x > y,
            Compare::GreaterOrEqual => x >= y,
            Compare::Equal => x == y,
            Compare::NotEqual => x != y,
        }
    }

    #[inline]
    pub(super) fn apply(self, a: &Value, b: &Value) -> Run<bool> {
        if let (&Value::Int(x), &Value::Int(y)) = (a, b) {
            return Ok(self.on_integers(x, y));
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
pub(super) enum Op {
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
    pub(super) fn named(name: &str) -> Option<Op> {
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
    pub(super) fn apply(self, a: &Value, b: &Value) -> Run<Value> {
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
    pub(super) fn on_integers(self, x: i64, y: i64) -> Run<i64> {
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

/// What `old op= new` stores on integers (`= new` without an operator).
#[inline(always)]
pub(super) fn assigned_integer(op: Option<Op>, old: i64, new: i64) -> Run<i64> {
    match op {
        None => Ok(new),
        Some(op) => op.on_integers(old, new),
    }
}

/// `x << y` as Rhai computes it: bits shifted out are lost, a shift by 64 or more gives 0, and
/// a negative shift goes the other way.
pub(super) fn shift_left(x: i64, y: i64) -> i64 {
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
pub(super) fn shift_right(x: i64, y: i64) -> i64 {
    if y < 0 {
        shift_left(x, y.checked_abs().unwrap_or(i64::MAX))
    } else {
        u32::try_from(y)
            .ok()
            .and_then(|s| x.checked_shr(s))
            .unwrap_or(x >> 63)
    }
}
