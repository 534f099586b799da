//! States of a script game: integers, booleans, characters, strings, and arrays and maps of them.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use rhai::{Array, Dynamic, Map};

/// The name of a map's entry, shared: copying a map counts its names once more instead of
/// copying them.
pub type Key = Arc<str>;

/// A state of a script game, hashable so the engine can remember it.
///
/// Maps keep their keys sorted, so two maps with the same entries are the same state.
#[derive(Clone, Debug, PartialOrd, Ord)]
pub enum State {
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// A character.
    Char(char),
    /// A string.
    Str(Box<str>),
    /// An array of states.
    Array(Box<[State]>),
    /// A map from names to states, sorted by name.
    Map(Box<[(Key, State)]>),
}

impl State {
    /// Converts a script value; a value that cannot be a state gives its type name (or says
    /// that it is nested deeper than [`State::MAX_DEPTH`]).
    pub fn from_dynamic(value: Dynamic) -> Result<State, &'static str> {
        Self::from_dynamic_at(value, 0)
    }

    /// How deeply arrays and maps may nest in a state (deeper ones are refused rather than
    /// risking the stack in the recursive hashing and comparing of states).
    pub const MAX_DEPTH: usize = 64;

    fn from_dynamic_at(value: Dynamic, depth: usize) -> Result<State, &'static str> {
        if depth > Self::MAX_DEPTH {
            return Err("a value nested more than 64 deep");
        }
        // The `is_*` tests first: a failed `as_int` builds an error with the type's name, which
        // cost more than the whole conversion of an array of two integers.
        if value.is_int() {
            Ok(State::Int(value.as_int().unwrap_or_default()))
        } else if value.is_array() {
            let array = value.into_array().unwrap_or_default();
            // Sized up front: collecting through a Result grows the vector and then shrinks it.
            let mut items = Vec::with_capacity(array.len());
            for item in array {
                items.push(State::from_dynamic_at(item, depth + 1)?);
            }
            Ok(State::Array(items.into_boxed_slice()))
        } else if value.is_bool() {
            Ok(State::Bool(value.as_bool().unwrap_or_default()))
        } else if value.is_char() {
            Ok(State::Char(value.as_char().unwrap_or_default()))
        } else if value.is_string() {
            Ok(State::Str(value.into_string().unwrap_or_default().into()))
        } else if value.is_map() {
            // Rhai maps are ordered by key already.
            let map = value.cast::<Map>();
            let entries: Result<Vec<(Key, State)>, _> = map
                .into_iter()
                .map(|(k, v)| {
                    State::from_dynamic_at(v, depth + 1).map(|s| (Key::from(k.as_str()), s))
                })
                .collect();
            Ok(State::Map(entries?.into()))
        } else {
            Err(value.type_name())
        }
    }

    /// The state as a script value.
    pub fn to_dynamic(&self) -> Dynamic {
        match self {
            State::Int(n) => Dynamic::from_int(*n),
            State::Bool(b) => Dynamic::from_bool(*b),
            State::Char(c) => Dynamic::from_char(*c),
            State::Str(s) => Dynamic::from(s.to_string()),
            State::Array(items) => {
                Dynamic::from_array(items.iter().map(State::to_dynamic).collect::<Array>())
            }
            State::Map(entries) => Dynamic::from_map(
                entries
                    .iter()
                    .map(|(k, v)| (k.as_ref().into(), v.to_dynamic()))
                    .collect::<Map>(),
            ),
        }
    }

    /// The state as JSON: numbers, booleans, strings, arrays and objects.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::{Value, json};
        match self {
            State::Int(n) => json!(n),
            State::Bool(b) => json!(b),
            State::Char(c) => json!(c.to_string()),
            State::Str(s) => json!(s),
            State::Array(items) => Value::Array(items.iter().map(State::to_json).collect()),
            State::Map(entries) => Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_json()))
                    .collect(),
            ),
        }
    }

    /// Whether the state is a number, a boolean or a character: nothing on the heap.
    #[inline]
    pub(crate) fn is_plain(&self) -> bool {
        matches!(self, State::Int(_) | State::Bool(_) | State::Char(_))
    }

    /// A copy, numbers without a call.
    #[inline]
    pub(crate) fn copy(&self) -> State {
        match self {
            State::Int(n) => State::Int(*n),
            other => other.clone(),
        }
    }

    /// The integer, if the state is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            State::Int(n) => Some(*n),
            _ => None,
        }
    }
}

/// Item by item, numbers in an array compared without a call (the engine's table compares
/// every option it finds).
impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        match (self, other) {
            (State::Int(a), State::Int(b)) => a == b,
            (State::Array(a), State::Array(b)) => {
                a.len() == b.len()
                    && a.iter().zip(b.iter()).all(|pair| match pair {
                        (State::Int(x), State::Int(y)) => x == y,
                        (x, y) => x == y,
                    })
            }
            (State::Bool(a), State::Bool(b)) => a == b,
            (State::Char(a), State::Char(b)) => a == b,
            (State::Str(a), State::Str(b)) => a == b,
            (State::Map(a), State::Map(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for State {}

/// Few words per state, as the engine's table hashes every option: an integer is its value, an
/// array its length (with a tag) and its items, integers among them without a call. (Equal
/// states hash alike; states of different kinds may collide, which only costs a comparison.)
impl Hash for State {
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        const ARRAY: u64 = 1 << 62;
        match self {
            State::Int(n) => hasher.write_i64(*n),
            State::Array(items) => {
                hasher.write_u64(ARRAY ^ items.len() as u64);
                for item in items {
                    match item {
                        State::Int(n) => hasher.write_i64(*n),
                        other => other.hash(hasher),
                    }
                }
            }
            State::Bool(b) => (1u8, b).hash(hasher),
            State::Char(c) => (2u8, c).hash(hasher),
            State::Str(s) => (3u8, s).hash(hasher),
            State::Map(entries) => (4u8, entries).hash(hasher),
        }
    }
}

/// As [`State::to_json`].
impl serde::Serialize for State {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(serializer)
    }
}

/// Written as in a script: `5`, `[3, 4]`, `#{x: 1, y: 2}`, `"a"`.
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            State::Int(n) => write!(f, "{n}"),
            State::Bool(b) => write!(f, "{b}"),
            State::Char(c) => write!(f, "'{c}'"),
            State::Str(s) => write!(f, "{s:?}"),
            State::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
            State::Map(entries) => {
                f.write_str("#{")?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k}: {v}")?;
                }
                f.write_str("}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::hash::BuildHasher;

    /// A small random state: few values of each kind, so that equal ones are frequent.
    fn random_state(rng: &mut ChaCha8Rng, depth: u32) -> State {
        let kinds = if depth == 0 { 4 } else { 6 };
        match rng.random_range(0..kinds) {
            0 => State::Int(rng.random_range(-1..2)),
            1 => State::Bool(rng.random()),
            2 => State::Char(if rng.random() { 'a' } else { 'b' }),
            3 => State::Str(if rng.random() { "a" } else { "ab" }.into()),
            4 => {
                let len = rng.random_range(0..3);
                State::Array((0..len).map(|_| random_state(rng, depth - 1)).collect())
            }
            _ => {
                let mut entries: Vec<(Key, State)> = Vec::new();
                for key in ["x", "y"] {
                    if rng.random() {
                        entries.push((key.into(), random_state(rng, depth - 1)));
                    }
                }
                State::Map(entries.into())
            }
        }
    }

    /// Equality agrees with the order, and equal states hash alike, on pairs of random states.
    #[test]
    fn equality_agrees_with_order_and_hashing() {
        let mut rng = ChaCha8Rng::seed_from_u64(22);
        let hasher = rustc_hash::FxBuildHasher;
        let mut equal_pairs = 0;
        for _ in 0..20_000 {
            let a = random_state(&mut rng, 2);
            let b = random_state(&mut rng, 2);
            assert_eq!(a == b, a.cmp(&b).is_eq(), "{a} and {b}");
            assert_eq!(a == b, a.to_string() == b.to_string(), "{a} and {b}");
            if a == b {
                equal_pairs += 1;
                assert_eq!(hasher.hash_one(&a), hasher.hash_one(&b), "{a}");
            }
            assert!(a == a.clone());
        }
        assert!(equal_pairs > 1000, "{equal_pairs}");
    }

    #[test]
    fn round_trips_through_script_values() {
        let engine = rhai::Engine::new();
        for source in ["5", "[3, [4, true]]", "#{y: 2, x: [1]}", "\"ab\"", "'c'"] {
            let value: Dynamic = engine.eval(source).unwrap();
            let state = State::from_dynamic(value).unwrap();
            let back = State::from_dynamic(state.to_dynamic()).unwrap();
            assert_eq!(back, state, "{source}");
        }
        let map = State::from_dynamic(engine.eval("#{y: 2, x: [1]}").unwrap()).unwrap();
        assert_eq!(map.to_string(), "#{x: [1], y: 2}");
        assert_eq!(map.to_json(), serde_json::json!({"x": [1], "y": 2}));
        assert_eq!(
            State::from_dynamic(engine.eval("[1, 2.5]").unwrap()),
            Err("f64")
        );
    }
}
