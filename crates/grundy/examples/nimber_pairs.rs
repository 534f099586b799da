//! The nim-products of the pairs in a file, the Rust side of `bench/nimber/run.sh`.
//!
//! Usage: `cargo run --release -p grundy --example nimber_pairs FILE`, FILE holding 2n
//! little-endian `u64`, a[0..n) then b[0..n). Prints the XOR of a[i] ⊗ b[i] and the seconds the
//! products took (on one thread, the reading excluded), as `bench/nimber/textbook.c` does.

use grundy::nimber::nim_mul;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: nimber_pairs FILE")?;
    let bytes = std::fs::read(&path)?;
    let numbers: Vec<u64> = bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("chunks of 8 bytes")))
        .collect();
    let (a, b) = numbers.split_at(numbers.len() / 2);
    let start = Instant::now();
    let sum = a.iter().zip(b).fold(0, |s, (&x, &y)| s ^ nim_mul(x, y));
    println!("xor {sum} seconds {:.6}", start.elapsed().as_secs_f64());
    Ok(())
}
