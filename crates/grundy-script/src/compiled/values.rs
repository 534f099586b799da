//! The values of compiled code, their sizes as Rhai bounds them, and how they are read.

use rhai::Expr;

use super::{Flow, Run};
use crate::{Key, State};

/// A value of the compiled code. Arrays and maps hold [`State`]s, the engine's own values, so
/// an array the script returns is handed to the engine as it is, without a conversion; putting
/// `()` or a range into an array gives up.
#[derive(Clone, Debug, Default)]
pub(super) enum Value {
    /// `()`.
    #[default]
    Unit,
    Int(i64),
    Bool(bool),
    Char(char),
    Str(Box<str>),
    /// The items, and their [`Size`].
    Array(Vec<State>, Size),
    /// The entries sorted by key, as Rhai's maps are, and their [`Size`].
    Map(Vec<(Key, State)>, Size),
    /// `start..end`, or `start..=end` when inclusive.
    Range(i64, i64, bool),
}

/// Rhai's bounds on the data of one value, as the sandbox sets them: items of arrays, entries of
/// maps, bytes of strings, nested ones included.
pub(super) const MAX_ARRAY: u32 = 1 << 16;

pub(super) const MAX_MAP: u32 = 1 << 16;

pub(super) const MAX_STRING: u32 = 1 << 20;

/// A length as a [`Size`] counts it (saturating: anything that large is past the bounds).
pub(super) fn length_u32(length: usize) -> u32 {
    u32::try_from(length).unwrap_or(u32::MAX)
}

/// Rhai's measure of an array's or a map's data, nested values included (`calc_data_sizes` in
/// Rhai): items of arrays, entries of maps, bytes of strings. Arrays and maps carry theirs, so
/// that a value growing past Rhai's bounds is caught where it grows, as the interpreter does.
/// They also carry how deeply their items nest, at most, so that what `options` returns is
/// searched for a state nested too deep only when it may hold one.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Size {
    pub(super) arrays: u32,
    pub(super) maps: u32,
    pub(super) bytes: u32,
    /// A bound on how deeply the items nest: 0 when none is an array or a map, and an item
    /// that is one counts one more than its own items (removing an item leaves the bound).
    pub(super) depth: u32,
}

impl Size {
    pub(super) fn of_array(items: &[State]) -> Size {
        let places = Size {
            arrays: length_u32(items.len()),
            ..Size::default()
        };
        items
            .iter()
            .filter(|item| !item.is_plain())
            .fold(places, |size, item| size.plus(Size::of_contents(item)))
    }

    pub(super) fn of_map(entries: &[(Key, State)]) -> Size {
        let places = Size {
            maps: length_u32(entries.len()),
            ..Size::default()
        };
        entries
            .iter()
            .filter(|(_, v)| !v.is_plain())
            .fold(places, |size, (_, v)| size.plus(Size::of_contents(v)))
    }

    /// What `state` adds to the array (`in_array`) or the map that holds it.
    pub(super) fn of_item(state: &State, in_array: bool) -> Size {
        Size::of_contents(state).plus(Size::one(in_array))
    }

    /// What `state` adds besides its own place in an array or a map: nothing for a number, a
    /// boolean or a character (see [`State::is_plain`]).
    fn of_contents(state: &State) -> Size {
        match state {
            State::Array(items) => Size::of_array(items).nested(),
            State::Map(entries) => Size::of_map(entries).nested(),
            State::Str(s) => Size {
                bytes: length_u32(s.len()),
                ..Size::default()
            },
            State::Int(_) | State::Bool(_) | State::Char(_) => Size::default(),
        }
    }

    /// One item of an array, or one entry of a map.
    pub(super) fn one(in_array: bool) -> Size {
        Size {
            arrays: u32::from(in_array),
            maps: u32::from(!in_array),
            ..Size::default()
        }
    }

    /// The size of an array or a map holding items of this size, as an item itself.
    pub(super) fn nested(self) -> Size {
        Size {
            depth: self.depth.saturating_add(1),
            ..self
        }
    }

    pub(super) fn plus(self, other: Size) -> Size {
        Size {
            arrays: self.arrays.saturating_add(other.arrays),
            maps: self.maps.saturating_add(other.maps),
            bytes: self.bytes.saturating_add(other.bytes),
            depth: self.depth.max(other.depth),
        }
    }

    /// The size once items of size `other` are gone (the depth stays: it is a bound).
    pub(super) fn minus(self, other: Size) -> Size {
        Size {
            arrays: self.arrays.saturating_sub(other.arrays),
            maps: self.maps.saturating_sub(other.maps),
            bytes: self.bytes.saturating_sub(other.bytes),
            depth: self.depth,
        }
    }

    /// The size, or [`Flow::Bail`] past Rhai's bounds (where the interpreter fails).
    pub(super) fn bounded(self) -> Run<Size> {
        if self.arrays > MAX_ARRAY || self.maps > MAX_MAP || self.bytes > MAX_STRING {
            Err(Flow::Bail)
        } else {
            Ok(self)
        }
    }
}

impl Value {
    /// A copy of `state`.
    #[inline]
    pub(super) fn from_state(state: &State) -> Value {
        match state {
            State::Int(n) => Value::Int(*n),
            State::Array(items) => Value::Array(items.to_vec(), Size::of_array(items)),
            other => Value::from_owned_state(other.clone()),
        }
    }

    /// A copy of `state` with room for `room` more items if it is an array, for the pushes
    /// that follow the copy in its block (`let next = heaps; … next.push(h - a)`).
    pub(super) fn from_state_with_room(state: &State, room: usize) -> Value {
        match state {
            State::Array(items) => Value::Array(with_room(items, room), Size::of_array(items)),
            other => Value::from_state(other),
        }
    }

    /// As [`Value::from_state_with_room`], for a value.
    pub(super) fn copy_with_room(&self, room: usize) -> Value {
        match self {
            Value::Array(items, size) => Value::Array(with_room(items, room), *size),
            other => copy(other),
        }
    }

    pub(super) fn from_owned_state(state: State) -> Value {
        match state {
            State::Int(n) => Value::Int(n),
            State::Bool(b) => Value::Bool(b),
            State::Char(c) => Value::Char(c),
            State::Str(s) => Value::Str(s),
            State::Array(items) => {
                let size = Size::of_array(&items);
                Value::Array(items.into_vec(), size)
            }
            State::Map(entries) => {
                let size = Size::of_map(&entries);
                Value::Map(entries.into_vec(), size)
            }
        }
    }

    /// The state, if the value can be one (else the interpreter says why not), and what it adds
    /// to the array (`in_array`) or the map it goes into.
    pub(super) fn into_item(self, in_array: bool) -> Run<(State, Size)> {
        let (state, inner) = match self {
            Value::Int(n) => (State::Int(n), Size::default()),
            Value::Bool(b) => (State::Bool(b), Size::default()),
            Value::Char(c) => (State::Char(c), Size::default()),
            Value::Str(s) => {
                let bytes = length_u32(s.len());
                let size = Size {
                    bytes,
                    ..Size::default()
                };
                (State::Str(s), size)
            }
            Value::Array(items, size) => (State::Array(items.into_boxed_slice()), size.nested()),
            Value::Map(entries, size) => (State::Map(entries.into_boxed_slice()), size.nested()),
            Value::Unit | Value::Range(..) => return Err(Flow::Bail),
        };
        Ok((state, inner.plus(Size::one(in_array))))
    }

    /// A constant of the script (the optimizer folds array and map literals into these).
    pub(super) fn from_dynamic(value: &rhai::Dynamic) -> Option<Value> {
        if value.is_unit() {
            return Some(Value::Unit);
        }
        if let Some(r) = value.clone().try_cast::<std::ops::Range<i64>>() {
            return Some(Value::Range(r.start, r.end, false));
        }
        if let Some(r) = value.clone().try_cast::<std::ops::RangeInclusive<i64>>() {
            return Some(Value::Range(*r.start(), *r.end(), true));
        }
        State::from_dynamic(value.clone())
            .ok()
            .map(Value::from_owned_state)
    }

    pub(super) fn int(&self) -> Run<i64> {
        match self {
            Value::Int(n) => Ok(*n),
            _ => Err(Flow::Bail),
        }
    }

    pub(super) fn bool(&self) -> Run<bool> {
        match self {
            Value::Bool(b) => Ok(*b),
            _ => Err(Flow::Bail),
        }
    }
}

/// The value of a constant expression.
pub(super) fn constant_of(expr: &Expr) -> Option<Value> {
    match expr {
        Expr::Unit(_) => Some(Value::Unit),
        Expr::IntegerConstant(n, _) => Some(Value::Int(*n)),
        Expr::BoolConstant(b, _) => Some(Value::Bool(*b)),
        Expr::CharConstant(c, _) => Some(Value::Char(*c)),
        Expr::StringConstant(s, _) => Some(Value::Str(s.as_str().into())),
        Expr::DynamicConstant(value, _) => Value::from_dynamic(value),
        _ => None,
    }
}

/// Whether nothing inside `state` lies more than `depth` levels below it (as a state's values
/// must lie at most [`State::MAX_DEPTH`] below it, the rule of [`State::from_dynamic`]).
pub(super) fn within_depth(state: &State, depth: usize) -> bool {
    let below = |s: &State| depth > 0 && within_depth(s, depth - 1);
    match state {
        State::Array(items) => items.iter().all(below),
        State::Map(entries) => entries.iter().all(|(_, s)| below(s)),
        _ => true,
    }
}

/// A value seen without a copy: a [`Value`] or a [`State`] inside an array or map.
#[derive(Clone, Copy)]
pub(super) enum Item<'a> {
    Int(i64),
    Bool(bool),
    Char(char),
    Str(&'a str),
    Array(&'a [State]),
    Map(&'a [(Key, State)]),
    /// `()` or a range.
    Other(&'a Value),
}

impl<'a> Item<'a> {
    pub(super) fn of_value(value: &'a Value) -> Item<'a> {
        match value {
            Value::Int(n) => Item::Int(*n),
            Value::Bool(b) => Item::Bool(*b),
            Value::Char(c) => Item::Char(*c),
            Value::Str(s) => Item::Str(s),
            Value::Array(items, _) => Item::Array(items),
            Value::Map(entries, _) => Item::Map(entries),
            other => Item::Other(other),
        }
    }

    pub(super) fn of_state(state: &'a State) -> Item<'a> {
        match state {
            State::Int(n) => Item::Int(*n),
            State::Bool(b) => Item::Bool(*b),
            State::Char(c) => Item::Char(*c),
            State::Str(s) => Item::Str(s),
            State::Array(items) => Item::Array(items),
            State::Map(entries) => Item::Map(entries),
        }
    }

    /// The item as a value of its own.
    pub(super) fn to_value(self) -> Value {
        match self {
            Item::Int(n) => Value::Int(n),
            Item::Bool(b) => Value::Bool(b),
            Item::Char(c) => Value::Char(c),
            Item::Str(s) => Value::Str(s.into()),
            Item::Array(items) => Value::Array(items.to_vec(), Size::of_array(items)),
            Item::Map(entries) => Value::Map(entries.to_vec(), Size::of_map(entries)),
            Item::Other(value) => value.clone(),
        }
    }
}

/// `a == b` where Rhai's answer is sure: values of the same type, all the way down.
pub(super) fn equal(a: Item<'_>, b: Item<'_>) -> Run<bool> {
    Ok(match (a, b) {
        (Item::Int(x), Item::Int(y)) => x == y,
        (Item::Bool(x), Item::Bool(y)) => x == y,
        (Item::Char(x), Item::Char(y)) => x == y,
        (Item::Str(x), Item::Str(y)) => x == y,
        (Item::Other(Value::Unit), Item::Other(Value::Unit)) => true,
        (Item::Array(x), Item::Array(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (x, y) in x.iter().zip(y) {
                if !equal(Item::of_state(x), Item::of_state(y))? {
                    return Ok(false);
                }
            }
            true
        }
        (Item::Map(x), Item::Map(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for ((kx, x), (ky, y)) in x.iter().zip(y) {
                if kx != ky || !equal(Item::of_state(x), Item::of_state(y))? {
                    return Ok(false);
                }
            }
            true
        }
        _ => return Err(Flow::Bail),
    })
}

/// The position of index `i` in a sequence of `len` items (negative counts from the end).
pub(super) fn position(i: i64, len: usize) -> Run<usize> {
    let len = len as i64;
    let at = if i < 0 { i + len } else { i };
    if (0..len).contains(&at) {
        Ok(at as usize)
    } else {
        Err(Flow::Bail)
    }
}

/// Where the entry named `key` is in a map's entries (sorted by name).
pub(super) fn entry_at(entries: &[(Key, State)], key: &str) -> Run<usize> {
    entries
        .binary_search_by(|(k, _)| (**k).cmp(key))
        .map_err(|_| Flow::Bail)
}

pub(super) fn property<'v>(entries: &'v [(Key, State)], key: &str) -> Run<&'v State> {
    Ok(&entries[entry_at(entries, key)?].1)
}

pub(super) fn property_mut<'v>(entries: &'v mut [(Key, State)], key: &str) -> Run<&'v mut State> {
    let at = entry_at(entries, key)?;
    Ok(&mut entries[at].1)
}

/// Drops a value: one without anything on the heap without a call (the compiler does not
/// know which kind a value is, and calls the whole drop for each).
#[inline]
pub(super) fn discard(value: Value) {
    if matches!(
        value,
        Value::Unit | Value::Int(_) | Value::Bool(_) | Value::Char(_) | Value::Range(..)
    ) {
        std::mem::forget(value);
    } else {
        drop(value);
    }
}

/// Pushes `item`. A short full array grows by one only: most become states, whose boxed
/// items must fit exactly, and a vector grown to the usual four would be shrunk again then.
#[inline]
pub(super) fn push_item(items: &mut Vec<State>, item: State) {
    if items.len() == items.capacity() && items.len() < 4 {
        items.reserve_exact(1);
    }
    items.push(item);
}

/// A copy of `items` with room for `room` more.
fn with_room(items: &[State], room: usize) -> Vec<State> {
    let mut copy = Vec::with_capacity(items.len() + room);
    copy.extend_from_slice(items);
    copy
}

/// A copy of a value, integers without a call.
#[inline]
pub(super) fn copy(value: &Value) -> Value {
    match value {
        Value::Int(n) => Value::Int(*n),
        other => other.clone(),
    }
}

/// Sorts an array of integers (Rhai sorts no array that mixes types: give up on any other).
pub(super) fn sort_integers(items: &mut [State]) -> Run<()> {
    if items.iter().any(|item| !matches!(item, State::Int(_))) {
        return Err(Flow::Bail);
    }
    items.sort_unstable_by_key(|item| match item {
        State::Int(n) => *n,
        _ => 0,
    });
    Ok(())
}

pub(super) fn length(item: Item<'_>) -> Run<usize> {
    match item {
        Item::Array(items) => Ok(items.len()),
        Item::Map(entries) => Ok(entries.len()),
        _ => Err(Flow::Bail),
    }
}

pub(super) fn contains(container: Item<'_>, item: Item<'_>) -> Run<bool> {
    match (container, item) {
        (Item::Array(items), _) => {
            for x in items {
                if equal(Item::of_state(x), item)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        (Item::Other(&Value::Range(start, end, inclusive)), Item::Int(n)) => {
            Ok(start <= n && (n < end || (inclusive && n == end)))
        }
        (Item::Map(entries), Item::Str(key)) => Ok(property(entries, key).is_ok()),
        _ => Err(Flow::Bail),
    }
}
