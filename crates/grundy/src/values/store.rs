//! The value table G(0), G(1), …, stored as narrow as the values allow.

use std::ops::Range;

/// A Grundy value width: `u8`, `u16` or `u32`.
pub trait Value:
    bytemuck::Pod + Default + Eq + std::ops::BitXor<Output = Self> + Send + Sync + Into<u32> + 'static
{
    /// The largest value this width holds.
    const MAX: u32;
    /// `v` in this width (callers check `v <= MAX`).
    fn narrow(v: u32) -> Self;
}

macro_rules! value {
    ($t:ty) => {
        impl Value for $t {
            const MAX: u32 = <$t>::MAX as u32;
            fn narrow(v: u32) -> Self {
                debug_assert!(v <= <Self as Value>::MAX);
                v as $t
            }
        }
    };
}
value!(u8);
value!(u16);
value!(u32);

/// G(0), G(1), … in as few bytes as the values allow: one byte a value while every value is
/// below 256; from the first value above 255 on, two bytes a value (the values before it keep
/// their byte); four bytes a value for all of them once a value is above 65535. It widens by
/// itself, so no value is ever cut short.
///
/// Tables compare equal when they hold the same values split the same way; [`Values::push`]
/// always splits [`Values::U16`] at its first value above 255.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value is below 256.
    U8(Vec<u8>),
    /// Every value is below 65536: G(n) is `narrow[n]` for n below `narrow.len()` and
    /// `wide[n − narrow.len()]` from there.
    U16 {
        /// The first values, each below 256.
        narrow: Vec<u8>,
        /// The values after them.
        wide: Vec<u16>,
    },
    /// Any value.
    U32(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Values::U8(Vec::new())
    }
}

impl FromIterator<u32> for Values {
    fn from_iter<I: IntoIterator<Item = u32>>(values: I) -> Values {
        let mut table = Values::default();
        values.into_iter().for_each(|v| table.push(v));
        table
    }
}

impl Values {
    /// How many values there are.
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16 { narrow, wide } => narrow.len() + wide.len(),
            Values::U32(v) => v.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(n).
    ///
    /// # Panics
    /// If `n >= self.len()`.
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Values::U8(v) => v[n].into(),
            Values::U16 { narrow, wide } => Parts::new(narrow, wide).get(n),
            Values::U32(v) => v[n],
        }
    }

    /// Bytes per value in the widest part: 1, 2 or 4 (every value fits that many bytes).
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16 { .. } => 2,
            Values::U32(_) => 4,
        }
    }

    /// Every value, widened to `u32`.
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }

    /// The values in order.
    pub fn iter(&self) -> Box<dyn Iterator<Item = u32> + '_> {
        match self {
            Values::U8(v) => Box::new(v.iter().map(|&x| u32::from(x))),
            Values::U16 { narrow, wide } => Box::new(
                (narrow.iter().map(|&x| u32::from(x))).chain(wide.iter().map(|&x| u32::from(x))),
            ),
            Values::U32(v) => Box::new(v.iter().copied()),
        }
    }

    /// Appends `value`, widening the table first if it does not fit.
    pub fn push(&mut self, value: u32) {
        self.reserve_value(value);
        match self {
            Values::U8(v) => v.push(value as u8),
            Values::U16 { wide, .. } => wide.push(value as u16),
            Values::U32(v) => v.push(value),
        }
    }

    /// Widens the table so that it can hold `value`: from one byte a value to two, the values
    /// so far stay where they are (no copy); to four, every value is copied.
    pub fn reserve_value(&mut self, value: u32) {
        let width = if value <= u8::MAX.into() {
            1
        } else if value <= u16::MAX.into() {
            2
        } else {
            4
        };
        if width <= self.width() {
            return;
        }
        *self = match (std::mem::take(self), width) {
            (Values::U8(mut narrow), 2) => {
                // Its spare capacity would never be used now.
                narrow.shrink_to_fit();
                Values::U16 {
                    narrow,
                    wide: Vec::new(),
                }
            }
            (old, _) => Values::U32(old.to_vec()),
        };
    }
}

/// A table in two parts, as the engine reads it: G(n) is `narrow[n]` for n below `narrow.len()`
/// and `wide[n − narrow.len()]` from there. One-part tables have an empty `narrow`.
#[derive(Debug)]
pub(super) struct Parts<'a, N, W> {
    narrow: &'a [N],
    wide: &'a [W],
}

// Derived, these would ask N and W to be Copy too.
impl<N, W> Clone for Parts<'_, N, W> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<N, W> Copy for Parts<'_, N, W> {}

impl<'a, N: Value, W: Value> Parts<'a, N, W> {
    /// The table G(0..narrow.len() + wide.len()).
    pub(super) fn new(narrow: &'a [N], wide: &'a [W]) -> Self {
        Parts { narrow, wide }
    }

    /// How many values there are.
    pub(super) fn len(self) -> usize {
        self.narrow.len() + self.wide.len()
    }

    /// Where the wide part starts.
    pub(super) fn boundary(self) -> usize {
        self.narrow.len()
    }

    /// G(n).
    #[inline]
    pub(super) fn get(self, n: usize) -> u32 {
        match n.checked_sub(self.narrow.len()) {
            None => self.narrow[n].into(),
            Some(i) => self.wide[i].into(),
        }
    }

    /// The values G(n) for n in `range`: those in the narrow part, then those in the wide part.
    pub(super) fn range(self, range: Range<usize>) -> (&'a [N], &'a [W]) {
        let w = self.narrow.len();
        let narrow = &self.narrow[range.start.min(w)..range.end.min(w)];
        let wide = &self.wide[range.start.max(w) - w..range.end.max(w) - w];
        (narrow, wide)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widens_without_losing_values() {
        let mut values = Values::default();
        for v in [0, 255, 7] {
            values.push(v);
        }
        assert_eq!(values.width(), 1);
        values.push(256);
        values.push(3);
        assert_eq!(values.width(), 2);
        // The values before the first one above 255 keep their byte.
        assert_eq!(
            values,
            Values::U16 {
                narrow: vec![0, 255, 7],
                wide: vec![256, 3]
            }
        );
        assert_eq!(values.get(2), 7);
        assert_eq!(values.get(3), 256);
        values.push(70_000);
        assert_eq!(values.width(), 4);
        assert_eq!(values.to_vec(), [0, 255, 7, 256, 3, 70_000]);
        let mut direct = Values::U8(vec![1]);
        direct.push(1 << 20);
        assert_eq!(direct.to_vec(), [1, 1 << 20]);
    }

    #[test]
    fn parts_read_across_the_boundary() {
        let (narrow, wide) = ([0u8, 1, 2], [300u16, 4, 5]);
        let parts = Parts::new(&narrow[..], &wide[..]);
        assert_eq!(parts.len(), 6);
        assert_eq!(parts.boundary(), 3);
        let read: Vec<u32> = (0..6).map(|n| parts.get(n)).collect();
        assert_eq!(read, [0, 1, 2, 300, 4, 5]);
        assert_eq!(parts.range(1..5), (&narrow[1..], &wide[..2]));
        assert_eq!(parts.range(0..2), (&narrow[..2], &wide[..0]));
        assert_eq!(parts.range(4..6), (&narrow[3..], &wide[1..]));
    }
}
