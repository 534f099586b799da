//! Checkpoint files (`grundy values --checkpoint`), `values::checkpoint`.
//!
//! The first byte picks one of two modes.
//! - Damage: a valid checkpoint of one of a few codes (the second byte picks it, the third its
//!   length) is damaged by the rest of the input, read four bytes at a time as edits (flip bits of
//!   a byte, cut the file, insert a byte, delete a byte). Invariant: the damaged bytes either load
//!   to exactly the saved state (same rules, same values; only when no edit changed a byte) or are
//!   refused; a loaded state resumes to the same values as an uninterrupted run.
//! - Forge: the rest of the input with its checksum fixed, so the reader's checks past the
//!   checksum run. Invariant: the bytes are refused, or load to the values they hold, save to
//!   bytes that load to the same state, and resume without a panic (codes leaving at most two
//!   heaps).
#![no_main]

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use grundy::values::Sequence;
use grundy::values::checkpoint::{from_bytes, to_bytes};
use libfuzzer_sys::fuzz_target;

/// FNV-1a, 64 bits: the checkpoint's checksum, written again from its definition.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Codes with one-byte, two-byte (G(n) = n up to 300) and direct-method values.
fn code(pick: u8) -> String {
    match pick % 7 {
        0 => "0.77".into(),
        1 => "0.137".into(),
        2 => "grundy".into(),
        3 => "4.7".into(),
        4 => "{1,3,4}".into(),
        5 => format!("0.{}", "3".repeat(300)),
        _ => "0.F".into(),
    }
}

/// A valid checkpoint and what it must give back: the saved bytes, the sequence they hold, and the
/// values an uninterrupted run reaches 64 values further.
struct Saved {
    bytes: Vec<u8>,
    sequence: Sequence,
    further: Vec<u32>,
}

thread_local! {
    /// One [`Saved`] per code and length, computed once: the values are the slow part of an
    /// input, and the same few checkpoints are damaged over and over.
    static SAVED: RefCell<HashMap<(u8, u8), Rc<Saved>>> = RefCell::new(HashMap::new());
}

fn saved(pick: u8, len: u8) -> Rc<Saved> {
    let key = (pick % 7, len);
    SAVED.with_borrow_mut(|cache| {
        let made = cache.entry(key).or_insert_with(|| {
            let mut sequence = Sequence::new(code(pick).parse().expect("a valid code"));
            sequence.extend_to(usize::from(len) * 2);
            let mut straight = sequence.clone();
            straight.extend_to(sequence.len() + 64);
            Rc::new(Saved {
                bytes: to_bytes(&sequence),
                sequence,
                further: straight.values().to_vec(),
            })
        });
        Rc::clone(made)
    })
}

fn damage(data: &[u8]) {
    let [pick, len, edits @ ..] = data else {
        return;
    };
    let saved = saved(*pick, *len);
    let mut bytes = saved.bytes.clone();
    for edit in edits.chunks_exact(4) {
        let at = usize::from(u16::from_le_bytes([edit[1], edit[2]])) % (bytes.len() + 1);
        match edit[0] % 4 {
            0 if at < bytes.len() => bytes[at] ^= edit[3],
            1 => bytes.truncate(at),
            2 => bytes.insert(at, edit[3]),
            3 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => {}
        }
    }
    match from_bytes(&bytes) {
        Ok(mut loaded) => {
            assert_eq!(bytes, saved.bytes, "damaged bytes were loaded");
            assert_eq!(loaded.rules(), saved.sequence.rules());
            assert_eq!(loaded.values().to_vec(), saved.sequence.values().to_vec());
            loaded.extend_to(saved.further.len());
            assert_eq!(loaded.values().to_vec(), saved.further);
        }
        Err(e) => assert_ne!(bytes, saved.bytes, "an intact checkpoint was refused: {e}"),
    }
}

fn forge(data: &[u8]) {
    let mut bytes = data.to_vec();
    if bytes.len() >= 8 {
        let body = bytes.len() - 8;
        let sum = fnv1a(&bytes[..body]);
        bytes[body..].copy_from_slice(&sum.to_le_bytes());
    }
    let Ok(mut loaded) = from_bytes(&bytes) else {
        return;
    };
    // The values as stored: after the 8-byte magic, the code's length and text, the width and
    // the count.
    let code_len = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    let width = usize::from(bytes[12 + code_len]);
    let raw = &bytes[21 + code_len..bytes.len() - 8];
    let stored: Vec<u32> = raw
        .chunks_exact(width)
        .map(|c| c.iter().rev().fold(0, |v, &b| v << 8 | u32::from(b)))
        .collect();
    assert_eq!(loaded.values().to_vec(), stored);
    let again = from_bytes(&to_bytes(&loaded)).expect("a saved state loads");
    assert_eq!(again.rules(), loaded.rules());
    assert_eq!(again.values().to_vec(), stored);
    // Resuming by the direct method enumerates every split: only codes that leave at most two
    // heaps resume here, so one input stays fast.
    if loaded.rules().max_heaps() <= 2 {
        let further = loaded.len() + 16;
        loaded.extend_to(further);
    }
}

fuzz_target!(|data: &[u8]| {
    match data.split_first() {
        Some((mode, rest)) if mode % 2 == 0 => damage(rest),
        Some((_, rest)) => forge(rest),
        None => {}
    }
});
