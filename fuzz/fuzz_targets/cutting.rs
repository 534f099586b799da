//! Cutting Game pieces (`games::cutting`): words `WIDTHxHEIGHT` (`2x3 4×4`), checked against the
//! table's limits, and the analysis of small positions.
//!
//! Invariants: no panic; an error is one line; pieces read are read again the same from
//! `WxH` written back; every winning cut listed leaves a position the table values 0 with no
//! strip, or cuts a 1×1.
#![no_main]

use grundy::games::cutting::{self, CuttingTable};
use grundy::{AnalyzeOptions, Outcome};
use libfuzzer_sys::fuzz_target;

/// Sides up to this are analysed (a table of 64 is quick).
const ANALYSED_SIDE: u64 = 64;

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let pieces = match cutting::parse_pieces(text.split_whitespace()) {
        Err(e) => return assert!(!e.to_string().contains('\n'), "{e}"),
        Ok(pieces) => pieces,
    };
    let written: Vec<String> = pieces.iter().map(|[w, h]| format!("{w}x{h}")).collect();
    assert_eq!(
        cutting::parse_pieces(written.iter().map(String::as_str)),
        Ok(pieces.clone())
    );
    if let Err(e) = cutting::check(&pieces) {
        return assert!(!e.to_string().contains('\n'), "{e}");
    }
    if pieces.is_empty() || pieces.iter().flatten().any(|&s| s > ANALYSED_SIDE) {
        return;
    }
    let analysis = cutting::analyze(&pieces, &AnalyzeOptions::default()).expect("checked");
    let table = CuttingTable::for_pieces(&pieces).expect("checked");
    assert_eq!(analysis.outcome, table.outcome(&pieces));
    assert_eq!(
        analysis.outcome == Outcome::N,
        analysis.winning_move_count > 0
    );
    for change in &analysis.winning_moves {
        let next = cutting::apply(&pieces, change);
        let ends = next.contains(&[1, 1]);
        assert!(
            ends || table.outcome(&next) == Outcome::P,
            "{pieces:?} {change:?}"
        );
    }
});
