//! Expressions over nimbers: `+` (nim-sum), `*` (nim-product), `/` (product with the inverse),
//! `^N` (power, N an ordinary natural number), `sqrt(x)`, `inv(x)` and parentheses, on natural
//! numbers below 2^64.
//!
//! Precedence as in arithmetic: `^` binds tightest (one per operand: write `(x^2)^3`), then `*`
//! and `/` (left to right), then `+`. Spaces are allowed between tokens.

use crate::parse::Token;

use super::explain::{Explainer, NimberStep};
use super::field::{nim_inv, nim_mul, nim_pow, nim_sqrt};

/// The longest expression read, in bytes.
pub const MAX_EXPRESSION_BYTES: usize = 4096;
/// The deepest nesting of parentheses and function calls.
pub const MAX_DEPTH: usize = 64;

/// A bad expression: what is wrong, the token and its column (bytes, from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExprError {
    /// A number above 2^64 − 1 (an operand or an exponent).
    #[error("column {column}: {token} is larger than 18446744073709551615 (2^64 - 1)")]
    TooLarge {
        /// The number as typed.
        token: Token,
        /// Where it starts.
        column: usize,
    },
    /// A divisor, or the argument of `inv`, that is 0.
    #[error("column {column}: {token} is 0, which has no inverse (division by zero)")]
    DivisionByZero {
        /// The divisor or argument as typed.
        token: Token,
        /// Where it starts.
        column: usize,
    },
    /// A name that is not `sqrt` or `inv`.
    #[error("column {column}: unknown function {token}; the functions are sqrt and inv")]
    UnknownFunction {
        /// The name.
        token: Token,
        /// Where it starts.
        column: usize,
    },
    /// A token where another was needed.
    #[error("column {column}: unexpected {token}, expected {expected}")]
    Unexpected {
        /// The token found.
        token: Token,
        /// Where it starts.
        column: usize,
        /// What could have come there.
        expected: &'static str,
    },
    /// The expression ended where more was needed.
    #[error("column {column}: the expression ends where {expected} was expected")]
    End {
        /// Just after the last byte.
        column: usize,
        /// What could have come there.
        expected: &'static str,
    },
    /// Longer than [`MAX_EXPRESSION_BYTES`].
    #[error("the expression is {length} bytes long, more than the limit of {MAX_EXPRESSION_BYTES}")]
    TooLong {
        /// Its length in bytes.
        length: usize,
    },
    /// Parentheses or calls nested deeper than [`MAX_DEPTH`].
    #[error("column {column}: {token} is nested more than {MAX_DEPTH} deep")]
    TooDeep {
        /// The opening token.
        token: Token,
        /// Where it starts.
        column: usize,
    },
}

/// A parsed expression, with the byte range of each part in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    kind: Kind,
    start: usize,
    end: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Number(u64),
    Sum(Box<Node>, Box<Node>),
    Product(Box<Node>, Box<Node>),
    Quotient(Box<Node>, Box<Node>),
    Power(Box<Node>, u64),
    Sqrt(Box<Node>),
    Inv(Box<Node>),
}

/// The value of `text`.
///
/// # Errors
/// The first problem, with its token and column ([`ExprError`]).
///
/// # Examples
/// ```
/// use grundy::nimber::evaluate;
/// assert_eq!(evaluate("2*2"), Ok(3));
/// assert_eq!(evaluate("(1 + 2) * 4 / 4"), Ok(3));
/// assert_eq!(evaluate("sqrt(3)^2"), Ok(3));
/// assert!(evaluate("1/0").is_err());
/// ```
pub fn evaluate(text: &str) -> Result<u64, ExprError> {
    let node = parse(text)?;
    value(&node, text, &mut None)
}

/// The value of `text` and the steps that compute it: each product by Conway's rules on its
/// operands (at most [`super::MAX_EXPLAINED_PRODUCTS`] in all), the other operations one
/// step each.
///
/// # Errors
/// As [`evaluate`].
pub fn evaluate_explained(text: &str) -> Result<(u64, Vec<NimberStep>), ExprError> {
    let node = parse(text)?;
    let mut explainer = Some(Explainer::default());
    let v = value(&node, text, &mut explainer)?;
    Ok((v, explainer.map(Explainer::finish).unwrap_or_default()))
}

fn value(node: &Node, text: &str, steps: &mut Option<Explainer>) -> Result<u64, ExprError> {
    let zero = |n: &Node| ExprError::DivisionByZero {
        token: Token::new(text[n.start..n.end].trim()),
        column: n.start + 1,
    };
    Ok(match &node.kind {
        Kind::Number(n) => *n,
        Kind::Sum(a, b) => {
            let (x, y) = (value(a, text, steps)?, value(b, text, steps)?);
            if let Some(e) = steps {
                e.sum(x, y);
            }
            x ^ y
        }
        Kind::Product(a, b) => {
            let (x, y) = (value(a, text, steps)?, value(b, text, steps)?);
            if let Some(e) = steps {
                e.product(x, y);
            }
            nim_mul(x, y)
        }
        Kind::Quotient(a, b) => {
            let (x, y) = (value(a, text, steps)?, value(b, text, steps)?);
            let inverse = nim_inv(y).ok_or_else(|| zero(b))?;
            if let Some(e) = steps {
                e.inverse(y, inverse);
                e.product(x, inverse);
            }
            nim_mul(x, inverse)
        }
        Kind::Power(a, n) => {
            let x = value(a, text, steps)?;
            let p = nim_pow(x, *n);
            if let Some(e) = steps {
                e.power(x, *n, p);
            }
            p
        }
        Kind::Sqrt(a) => {
            let x = value(a, text, steps)?;
            let root = nim_sqrt(x);
            if let Some(e) = steps {
                e.sqrt(x, root);
            }
            root
        }
        Kind::Inv(a) => {
            let x = value(a, text, steps)?;
            let inverse = nim_inv(x).ok_or_else(|| zero(a))?;
            if let Some(e) = steps {
                e.inverse(x, inverse);
            }
            inverse
        }
    })
}

/// The tokens of the grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Number,
    Name,
    Plus,
    Times,
    Divide,
    Caret,
    Open,
    Close,
    Other,
}

struct Parser<'a> {
    text: &'a str,
    at: usize,
    depth: usize,
}

fn parse(text: &str) -> Result<Node, ExprError> {
    if text.len() > MAX_EXPRESSION_BYTES {
        return Err(ExprError::TooLong { length: text.len() });
    }
    let mut p = Parser {
        text,
        at: 0,
        depth: 0,
    };
    let node = p.sum()?;
    match p.peek() {
        None => Ok(node),
        Some((_, start, end)) => Err(p.unexpected(start, end, "an operator (+ * / ^)")),
    }
}

impl Parser<'_> {
    /// The next token (its kind and byte range) after spaces, without taking it.
    fn peek(&mut self) -> Option<(Tok, usize, usize)> {
        let bytes = self.text.as_bytes();
        while self.at < bytes.len() && bytes[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        let start = self.at;
        let first = *bytes.get(start)?;
        let run = |test: fn(u8) -> bool| {
            start
                + bytes[start..]
                    .iter()
                    .position(|&b| !test(b))
                    .unwrap_or(bytes.len() - start)
        };
        let (tok, end) = match first {
            b'0'..=b'9' => (Tok::Number, run(|b| b.is_ascii_alphanumeric() || b == b'_')),
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                (Tok::Name, run(|b| b.is_ascii_alphanumeric() || b == b'_'))
            }
            b'+' => (Tok::Plus, start + 1),
            b'*' => (Tok::Times, start + 1),
            b'/' => (Tok::Divide, start + 1),
            b'^' => (Tok::Caret, start + 1),
            b'(' => (Tok::Open, start + 1),
            b')' => (Tok::Close, start + 1),
            _ => {
                // One character, whole.
                let len = self.text[start..].chars().next().map_or(1, char::len_utf8);
                (Tok::Other, start + len)
            }
        };
        Some((tok, start, end))
    }

    fn unexpected(&self, start: usize, end: usize, expected: &'static str) -> ExprError {
        ExprError::Unexpected {
            token: Token::new(&self.text[start..end]),
            column: start + 1,
            expected,
        }
    }

    /// sum := product ('+' product)*
    fn sum(&mut self) -> Result<Node, ExprError> {
        let mut left = self.product()?;
        while let Some((Tok::Plus, _, end)) = self.peek() {
            self.at = end;
            let right = self.product()?;
            left = joined(left, right, Kind::Sum);
        }
        Ok(left)
    }

    /// product := power (('*' | '/') power)*
    fn product(&mut self) -> Result<Node, ExprError> {
        let mut left = self.power()?;
        loop {
            let kind: fn(Box<Node>, Box<Node>) -> Kind = match self.peek() {
                Some((Tok::Times, ..)) => Kind::Product,
                Some((Tok::Divide, ..)) => Kind::Quotient,
                _ => return Ok(left),
            };
            self.at += 1;
            let right = self.power()?;
            left = joined(left, right, kind);
        }
    }

    /// power := atom ('^' NUMBER)?
    fn power(&mut self) -> Result<Node, ExprError> {
        let base = self.atom()?;
        let Some((Tok::Caret, _, end)) = self.peek() else {
            return Ok(base);
        };
        self.at = end;
        const EXPONENT: &str = "an exponent (a natural number)";
        match self.peek() {
            Some((Tok::Number, start, end)) => {
                self.at = end;
                let n = self.number(start, end, EXPONENT)?;
                if let Some((Tok::Caret, s, e)) = self.peek() {
                    return Err(self.unexpected(
                        s,
                        e,
                        "'+', '*' or '/' (one ^ per operand: write (x^a)^b)",
                    ));
                }
                let begin = base.start;
                Ok(Node {
                    kind: Kind::Power(Box::new(base), n),
                    start: begin,
                    end,
                })
            }
            Some((_, start, end)) => Err(self.unexpected(start, end, EXPONENT)),
            None => Err(self.end(EXPONENT)),
        }
    }

    /// atom := NUMBER | '(' sum ')' | NAME '(' sum ')'
    fn atom(&mut self) -> Result<Node, ExprError> {
        const OPERAND: &str = "a number, '(' or a function (sqrt, inv)";
        let Some((tok, start, end)) = self.peek() else {
            return Err(self.end(OPERAND));
        };
        match tok {
            Tok::Number => {
                self.at = end;
                Ok(Node {
                    kind: Kind::Number(self.number(start, end, OPERAND)?),
                    start,
                    end,
                })
            }
            Tok::Open => {
                self.at = end;
                let inner = self.nested(start, end)?;
                Ok(Node {
                    start,
                    end: self.at,
                    ..inner
                })
            }
            Tok::Name => {
                let function: fn(Box<Node>) -> Kind = match &self.text[start..end] {
                    "sqrt" => Kind::Sqrt,
                    "inv" => Kind::Inv,
                    _ => {
                        return Err(ExprError::UnknownFunction {
                            token: Token::new(&self.text[start..end]),
                            column: start + 1,
                        });
                    }
                };
                self.at = end;
                match self.peek() {
                    Some((Tok::Open, open_start, open_end)) => {
                        self.at = open_end;
                        let inner = self.nested(open_start, open_end)?;
                        Ok(Node {
                            kind: function(Box::new(inner)),
                            start,
                            end: self.at,
                        })
                    }
                    Some((_, s, e)) => Err(self.unexpected(s, e, "'(' after the function's name")),
                    None => Err(self.end("'(' after the function's name")),
                }
            }
            _ => Err(self.unexpected(start, end, OPERAND)),
        }
    }

    /// The sum inside parentheses opened at `start..end`, and the closing one.
    fn nested(&mut self, start: usize, end: usize) -> Result<Node, ExprError> {
        if self.depth == MAX_DEPTH {
            return Err(ExprError::TooDeep {
                token: Token::new(&self.text[start..end]),
                column: start + 1,
            });
        }
        self.depth += 1;
        let inner = self.sum()?;
        self.depth -= 1;
        match self.peek() {
            Some((Tok::Close, _, close_end)) => {
                self.at = close_end;
                Ok(inner)
            }
            Some((_, s, e)) => Err(self.unexpected(s, e, "')' or an operator (+ * / ^)")),
            None => Err(self.end("')'")),
        }
    }

    fn number(&self, start: usize, end: usize, expected: &'static str) -> Result<u64, ExprError> {
        let token = &self.text[start..end];
        if !token.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.unexpected(start, end, expected));
        }
        crate::parse::parse_u64(token).map_err(|_| ExprError::TooLarge {
            token: Token::new(token),
            column: start + 1,
        })
    }

    fn end(&self, expected: &'static str) -> ExprError {
        ExprError::End {
            column: self.text.len() + 1,
            expected,
        }
    }
}

fn joined(left: Node, right: Node, kind: fn(Box<Node>, Box<Node>) -> Kind) -> Node {
    let (start, end) = (left.start, right.end);
    Node {
        kind: kind(Box::new(left), Box::new(right)),
        start,
        end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::field::nim_square;

    #[test]
    fn operators_and_precedence() {
        assert_eq!(evaluate("2*2"), Ok(3));
        assert_eq!(evaluate("2 + 2*2"), Ok(1));
        assert_eq!(evaluate("(2 + 2)*2"), Ok(0));
        assert_eq!(evaluate("3*5"), Ok(15));
        assert_eq!(evaluate("16*16"), Ok(24));
        assert_eq!(evaluate("2^3"), Ok(1));
        assert_eq!(evaluate("2*3^2"), Ok(nim_mul(2, nim_square(3))));
        assert_eq!(evaluate("6/3/2"), Ok(nim_mul(nim_mul(6, 2), 3)));
        assert_eq!(evaluate("inv(2)"), Ok(3));
        assert_eq!(evaluate("sqrt(sqrt(16))^4"), Ok(16));
        assert_eq!(evaluate("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(evaluate(" ( 7 ) "), Ok(7));
    }

    #[test]
    fn quotients_undo_products() {
        for (a, b) in [(5u64, 7u64), (1 << 40, 12345), (u64::MAX, 3)] {
            let text = format!("{a}*{b}/{b}");
            assert_eq!(evaluate(&text), Ok(a), "{text}");
        }
    }

    fn error(text: &str) -> String {
        evaluate(text).unwrap_err().to_string()
    }

    #[test]
    fn errors_name_the_token_and_its_column() {
        assert_eq!(
            error("1 + 18446744073709551616"),
            "column 5: '18446744073709551616' is larger than 18446744073709551615 (2^64 - 1)"
        );
        assert_eq!(
            error("5 / (3 + 3)"),
            "column 5: '(3 + 3)' is 0, which has no inverse (division by zero)"
        );
        assert_eq!(
            error("inv(0)"),
            "column 5: '0' is 0, which has no inverse (division by zero)"
        );
        assert_eq!(
            error("cbrt(8)"),
            "column 1: unknown function 'cbrt'; the functions are sqrt and inv"
        );
        assert_eq!(
            error("2 % 3"),
            "column 3: unexpected '%', expected an operator (+ * / ^)"
        );
        assert_eq!(
            error("2 +"),
            "column 4: the expression ends where a number, '(' or a function (sqrt, inv) was expected"
        );
        assert_eq!(
            error("(1 + 2"),
            "column 7: the expression ends where ')' was expected"
        );
        assert_eq!(
            error("2^x"),
            "column 3: unexpected 'x', expected an exponent (a natural number)"
        );
        assert_eq!(
            error("2^99999999999999999999"),
            "column 3: '99999999999999999999' is larger than 18446744073709551615 (2^64 - 1)"
        );
        assert_eq!(
            error("12ab"),
            "column 1: unexpected '12ab', expected a number, '(' or a function (sqrt, inv)"
        );
        assert_eq!(
            error("sqrt 4"),
            "column 6: unexpected '4', expected '(' after the function's name"
        );
        assert_eq!(
            error("2^2^2"),
            "column 4: unexpected '^', expected '+', '*' or '/' (one ^ per operand: write (x^a)^b)"
        );
        assert!(error("").starts_with("column 1: the expression ends"));
    }

    #[test]
    fn limits() {
        let long = "1+".repeat(MAX_EXPRESSION_BYTES / 2) + "1";
        assert_eq!(
            evaluate(&long),
            Err(ExprError::TooLong { length: long.len() })
        );
        let deep = |n: usize| "(".repeat(n) + "1" + &")".repeat(n);
        assert_eq!(evaluate(&deep(MAX_DEPTH)), Ok(1));
        assert_eq!(
            error(&deep(MAX_DEPTH + 1)),
            format!(
                "column {}: '(' is nested more than {MAX_DEPTH} deep",
                MAX_DEPTH + 1
            )
        );
    }
}
