//! Green Hackenbush drawings (`games::hackenbush`): edge lines `u v`, and the inline form
//! `0-1,1-2,2-2` when the bytes are UTF-8.
//!
//! Invariants: a drawing prints in both forms, which parse back to an equal drawing; its value
//! is the mex of the values after each cut of an edge in play (the colon and fusion principles
//! agree with the rules); the winning cuts listed are exactly the cuts that leave value 0, each
//! with the number of edges that fall; the explanation renders in both languages.
#![no_main]

use grundy::games::hackenbush::{self, Bounds, Cut, Drawing};
use grundy::{AnalyzeOptions, Explain, Lang, mex};
use libfuzzer_sys::fuzz_target;

/// Drawings of at most this many edges are read (the rule is checked cut by cut).
const EDGES: usize = 48;

fuzz_target!(|bytes: &[u8]| {
    let bounds = Bounds { max_edges: EDGES };
    let mut drawings = Vec::new();
    if let Ok(d) = Drawing::parse_lines(bytes, bounds) {
        drawings.push(d);
    }
    if let Ok(d) = std::str::from_utf8(bytes).map(|t| Drawing::parse_inline(t, bounds)) {
        drawings.extend(d);
    }
    for drawing in drawings {
        let inline = drawing.to_string();
        assert_eq!(
            Drawing::parse_inline(&inline, bounds),
            Ok(drawing.clone()),
            "{inline}"
        );
        let lines = drawing.to_lines();
        assert_eq!(
            Drawing::parse_lines(lines.as_bytes(), bounds),
            Ok(drawing.clone()),
            "{lines}"
        );

        let options = AnalyzeOptions {
            max_moves: usize::MAX,
            explain: true,
        };
        let analysis = hackenbush::analyze(&drawing, &options);
        assert_eq!(analysis.unexamined, 0, "{inline}");
        let a = analysis.analysis;
        let in_play = drawing.in_play();
        let mut after = Vec::new();
        let mut winning = Vec::new();
        for edge in (0..in_play.len()).filter(|&e| in_play[e]) {
            let next = hackenbush::apply(&drawing, edge);
            let falls = hackenbush::falling(&drawing, edge).len();
            let left = in_play.iter().filter(|&&p| p).count() - 1 - falls;
            assert_eq!(next.edges().len(), left, "{inline} cut {edge}");
            let value = hackenbush::value(&next).value();
            if value == 0 {
                winning.push(Cut {
                    edge,
                    ends: drawing.edges()[edge],
                    falls: falls as u64,
                });
            }
            after.push(value);
        }
        assert_eq!(a.value.unwrap().value(), mex(after), "{inline}");
        assert_eq!(a.winning_moves, winning, "{inline}");
        for step in &a.explanation {
            assert!(!step.text(Lang::En).is_empty() && !step.text(Lang::Zh).is_empty());
        }
    }
});
