//! The value table G(0), G(1), …, stored as narrow as the values allow.

/// A Grundy value width: `u8`, `u16` or `u32`.
pub trait Value:
    Copy + Default + Eq + std::ops::BitXor<Output = Self> + Send + Sync + Into<u32> + 'static
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

/// G(0), G(1), … in the narrowest of 1, 2 or 4 bytes a value that holds every value so far; it
/// widens by itself, so no value is ever cut short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value is below 256.
    U8(Vec<u8>),
    /// Every value is below 65536.
    U16(Vec<u16>),
    /// Any value.
    U32(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Values::U8(Vec::new())
    }
}

impl Values {
    /// How many values there are.
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
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
            Values::U16(v) => v[n].into(),
            Values::U32(v) => v[n],
        }
    }

    /// Bytes per value: 1, 2 or 4.
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
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
            Values::U16(v) => Box::new(v.iter().map(|&x| u32::from(x))),
            Values::U32(v) => Box::new(v.iter().copied()),
        }
    }

    /// Appends `value`, widening the table first if it does not fit.
    pub fn push(&mut self, value: u32) {
        self.reserve_value(value);
        match self {
            Values::U8(v) => v.push(value as u8),
            Values::U16(v) => v.push(value as u16),
            Values::U32(v) => v.push(value),
        }
    }

    /// Widens the table so that it can hold `value`.
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
            (Values::U8(v), 2) => Values::U16(v.into_iter().map(u16::from).collect()),
            (old, _) => Values::U32(old.to_vec()),
        };
    }

    /// Keeps only the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match self {
            Values::U8(v) => v.truncate(len),
            Values::U16(v) => v.truncate(len),
            Values::U32(v) => v.truncate(len),
        }
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
        assert_eq!(values.width(), 2);
        values.push(70_000);
        assert_eq!(values.width(), 4);
        assert_eq!(values.to_vec(), [0, 255, 7, 256, 70_000]);
        let mut direct = Values::U8(vec![1]);
        direct.push(1 << 20);
        assert_eq!(direct.to_vec(), [1, 1 << 20]);
    }
}
