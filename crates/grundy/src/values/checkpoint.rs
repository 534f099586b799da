//! A sequence as bytes and back, so that a long run can stop and resume exactly.
//!
//! Layout (integers little-endian): the magic `GRUNDYV1`; the code as text (u32 length, UTF-8
//! bytes); the width of a value in bytes (u8: 1, 2 or 4); the number of values (u64); the values;
//! then an FNV-1a 64-bit checksum of everything before it. Only the values are stored: the engine's
//! mask and rare list are rebuilt from them on resume (they set the speed, never the values), so
//! a resumed run gives the same values as an uninterrupted one. Writing the bytes to a file
//! atomically is the caller's job.

use super::{Sequence, TakeAndBreak, Values};

const MAGIC: &[u8; 8] = b"GRUNDYV1";

/// Why bytes are not a checkpoint.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CheckpointError {
    /// The bytes do not start with the magic.
    #[error("not a grundy checkpoint (bad header)")]
    NotACheckpoint,
    /// The bytes end early or the checksum does not match.
    #[error("the checkpoint is damaged: {0}")]
    Damaged(&'static str),
    /// The stored code does not parse.
    #[error("the checkpoint holds a bad code: {0}")]
    BadCode(String),
}

/// FNV-1a, 64 bits.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The size in bytes of a checkpoint of `len` values of `width` bytes each (1, 2 or 4), for a
/// code written in `code_len` bytes: what a caller can check a file's size against before
/// reading it.
pub fn size(len: usize, width: usize, code_len: usize) -> u64 {
    let header = MAGIC.len() + 4 + 1 + 8 + 8;
    (header + code_len) as u64 + len as u64 * width as u64
}

/// The checkpoint of `sequence`.
pub fn to_bytes(sequence: &Sequence) -> Vec<u8> {
    let rules = sequence.rules();
    let code = rules
        .name()
        .map_or_else(|| rules.to_string(), str::to_string);
    let values = sequence.values();
    let capacity = size(values.len(), values.width(), code.len());
    let mut bytes = Vec::with_capacity(usize::try_from(capacity).unwrap_or(0));
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&(code.len() as u32).to_le_bytes());
    bytes.extend_from_slice(code.as_bytes());
    bytes.push(values.width() as u8);
    bytes.extend_from_slice(&(values.len() as u64).to_le_bytes());
    match values {
        Values::U8(v) => bytes.extend_from_slice(v),
        // Every value in two bytes, the narrow part's too.
        Values::U16 { narrow, wide } => narrow
            .iter()
            .map(|&x| u16::from(x))
            .chain(wide.iter().copied())
            .for_each(|x| bytes.extend_from_slice(&x.to_le_bytes())),
        Values::U32(v) => v
            .iter()
            .for_each(|x| bytes.extend_from_slice(&x.to_le_bytes())),
    }
    let sum = checksum(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes
}

/// The sequence saved in `bytes`.
///
/// # Errors
/// [`CheckpointError`] if the header, the length or the checksum is wrong, the code is bad, or a
/// value G(n) is above 2n, which no take-and-break game reaches. The checksum finds damage, not
/// a file rewritten on purpose with a new checksum: other values are trusted.
pub fn from_bytes(bytes: &[u8]) -> Result<Sequence, CheckpointError> {
    if !bytes.starts_with(MAGIC) {
        return Err(CheckpointError::NotACheckpoint);
    }
    let (body, sum) = bytes
        .split_last_chunk::<8>()
        .ok_or(CheckpointError::Damaged("too short"))?;
    if checksum(body) != u64::from_le_bytes(*sum) {
        return Err(CheckpointError::Damaged("checksum mismatch"));
    }
    let mut rest = &body[MAGIC.len()..];
    let mut take = |n: usize| -> Result<&[u8], CheckpointError> {
        if rest.len() < n {
            return Err(CheckpointError::Damaged("too short"));
        }
        let (head, tail) = rest.split_at(n);
        rest = tail;
        Ok(head)
    };
    let code_len = u32::from_le_bytes(take(4)?.try_into().unwrap_or_default()) as usize;
    let code = std::str::from_utf8(take(code_len)?)
        .map_err(|_| CheckpointError::BadCode("not UTF-8".into()))?
        .to_string();
    let rules: TakeAndBreak = code
        .parse()
        .map_err(|e: super::CodeError| CheckpointError::BadCode(e.to_string()))?;
    let width = take(1)?[0] as usize;
    let len = u64::from_le_bytes(take(8)?.try_into().unwrap_or_default());
    let len = usize::try_from(len).map_err(|_| CheckpointError::Damaged("too long"))?;
    let raw = take(
        len.checked_mul(width)
            .ok_or(CheckpointError::Damaged("too long"))?,
    )?;
    let values: Values = match width {
        1 => Values::U8(raw.to_vec()),
        // Pushed one by one: the table is then as narrow as the values allow, as if computed.
        2 => raw
            .chunks_exact(2)
            .map(|c| u32::from(u16::from_le_bytes([c[0], c[1]])))
            .collect(),
        4 => raw
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
        _ => return Err(CheckpointError::Damaged("bad value width")),
    };
    if !rest.is_empty() {
        return Err(CheckpointError::Damaged("trailing bytes"));
    }
    // Every move lowers 2·tokens − heaps by at least 1 (it removes a token, or removes none and
    // leaves two heaps or more), so no play from a heap of n is longer than 2n − 1 moves and
    // G(n) ≤ 2n. A larger value was not computed by grundy, and the engine would size its tables
    // by it.
    if values
        .iter()
        .enumerate()
        .any(|(n, v)| u64::from(v) > 2 * n as u64)
    {
        return Err(CheckpointError::Damaged(
            "a value larger than the game allows",
        ));
    }
    Ok(Sequence::with_values(rules, values))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A checkpoint of `code` holding `values` as 4-byte values, with a right checksum.
    fn forged(code: &str, values: &[u32]) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&(code.len() as u32).to_le_bytes());
        bytes.extend_from_slice(code.as_bytes());
        bytes.push(4);
        bytes.extend_from_slice(&(values.len() as u64).to_le_bytes());
        values
            .iter()
            .for_each(|v| bytes.extend_from_slice(&v.to_le_bytes()));
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    #[test]
    fn a_value_no_game_reaches_is_refused_before_sizing_tables_by_it() {
        // A value near 2^32 made the sparse engine shift by 32 bits (a panic), and one near 2^30
        // made it allocate tables of that many entries.
        for huge in [u32::MAX, 1 << 30, 9] {
            let err = from_bytes(&forged("0.77", &[0, 1, 2, 3, huge])).unwrap_err();
            assert_eq!(
                err,
                CheckpointError::Damaged("a value larger than the game allows")
            );
        }
        assert!(from_bytes(&forged("0.77", &[1])).is_err());
        // G(n) = 2n is allowed (the bound is sound, not tight), and loads as it is.
        let edge = from_bytes(&forged("0.77", &[0, 2, 4, 6, 8])).unwrap();
        assert_eq!(edge.values().to_vec(), [0, 2, 4, 6, 8]);
    }

    #[test]
    fn true_values_are_within_the_bound() {
        for code in ["0.77", "4!.0", "4.7", "0.&255;", "8.0"] {
            let rules: TakeAndBreak = code.parse().unwrap();
            let values = super::super::naive::values(&rules, 40);
            assert!(
                values.iter().enumerate().all(|(n, &v)| v as usize <= 2 * n),
                "{code}"
            );
        }
    }

    #[test]
    fn round_trip_and_damage() {
        let mut sequence = Sequence::new("0.6".parse().unwrap());
        sequence.extend_to(3000);
        let bytes = to_bytes(&sequence);
        let back = from_bytes(&bytes).unwrap();
        assert_eq!(back.values(), sequence.values());
        assert_eq!(back.rules(), sequence.rules());
        for i in [0, 9, 20, bytes.len() / 2, bytes.len() - 1] {
            let mut bad = bytes.clone();
            bad[i] ^= 0x10;
            assert!(from_bytes(&bad).is_err(), "flipped byte {i}");
        }
        assert!(from_bytes(&bytes[..bytes.len() - 3]).is_err());
        assert!(matches!(
            from_bytes(b"hello"),
            Err(CheckpointError::NotACheckpoint)
        ));
    }

    #[test]
    fn a_table_in_two_parts_round_trips() {
        // G(n) ≤ 2n, as the loader checks.
        let values: Values = (0..200).map(|n| n % 7).chain([300, 5]).collect();
        let sequence = Sequence::with_values("0.6".parse().unwrap(), values);
        let back = from_bytes(&to_bytes(&sequence)).unwrap();
        assert_eq!(back.values(), sequence.values());
        let Values::U16 { narrow, wide } = back.values() else {
            panic!("two bytes a value from 300 on");
        };
        assert_eq!((narrow.len(), &wide[..]), (200, &[300, 5][..]));
    }

    /// Small checkpoints of each value width, for the damage tests below.
    fn small_checkpoints() -> Vec<Vec<u8>> {
        let mut kayles = Sequence::new("0.77".parse().unwrap());
        kayles.extend_to(200);
        let wide = |width_value: u32| {
            let mut values = crate::values::Values::default();
            for n in 0..40 {
                values.push(n % 7);
            }
            values.push(width_value);
            to_bytes(&Sequence::with_values("0.6".parse().unwrap(), values))
        };
        vec![to_bytes(&kayles), wide(300), wide(70_000)]
    }

    #[test]
    fn size_is_the_length_of_the_bytes() {
        // One checkpoint per width (the wider ones hold values no game reaches: read the header).
        for bytes in small_checkpoints() {
            let code_len = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
            let width = bytes[12 + code_len] as usize;
            let at = 13 + code_len;
            let len = u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap()) as usize;
            assert_eq!(
                bytes.len() as u64,
                size(len, width, code_len),
                "width {width}"
            );
        }
    }

    #[test]
    fn every_truncation_is_refused() {
        for bytes in small_checkpoints() {
            for len in 0..bytes.len() {
                assert!(from_bytes(&bytes[..len]).is_err(), "kept {len} bytes");
            }
            let mut longer = bytes.clone();
            longer.push(0);
            assert!(from_bytes(&longer).is_err(), "one byte more");
        }
    }

    #[test]
    fn every_single_bit_flip_is_refused() {
        for bytes in small_checkpoints() {
            for bit in 0..bytes.len() * 8 {
                let mut bad = bytes.clone();
                bad[bit / 8] ^= 1 << (bit % 8);
                assert!(from_bytes(&bad).is_err(), "flipped bit {bit}");
            }
        }
    }
}
