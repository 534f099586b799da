//! The JSON of a misère quotient, heap by heap: `grundy quotient --json`.

use std::time::Duration;

use serde::Serialize;

use crate::Lang;
use crate::games::octal;
use crate::quotient::{self, Genus, Presentation, Quotient, Report, Step};
use crate::values::TakeAndBreak;

/// What the JSON of a misère quotient is made of.
pub struct QuotientReport<'a> {
    /// The game.
    pub rules: &'a TakeAndBreak,
    /// The quotients heap by heap.
    pub report: &'a Report,
    /// The last quotient computed (the report's).
    pub quotient: &'a Quotient,
    /// Its presentation.
    pub presentation: &'a Presentation,
    /// The genus of heaps 0, 1, … as far as the search got, if asked for.
    pub genus: Option<&'a [Genus]>,
    /// The bound on time the run had, named where it ran out (`--time`).
    pub time: Option<Duration>,
}

impl QuotientReport<'_> {
    /// Why the run stopped short of its last heap, other than a bound on the quotient: out of
    /// time.
    pub fn interrupted(&self) -> Option<String> {
        self.report.interrupted.then(|| {
            format!(
                "stopped at heap {}: out of time (--time {} s)",
                self.quotient.max_heap(),
                self.time.unwrap_or_default().as_secs_f64()
            )
        })
    }
}

/// The JSON object: `game` (`"quotient"`), `code`, `title`, `max_heap`, `order`, `growth` (after
/// each heap: `heap`, `order`, `p_portion`), `stable_from`, `certified`, `certificate`
/// (`theorem`, `preperiod`, `period`, `checked_to`; null when none), `stopped` (why the run
/// stopped short, or null), `generators` (the heap of each), `relations`, `elements` (each in the
/// generators), `p_portion`, `heaps` (the element of each heap from 0), `table` (the
/// multiplication table) and `genus` (null unless asked for; for each heap from 0, null past the
/// search's bound, else `genus`, `normal`, `misere`, `tame`).
impl Serialize for QuotientReport<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (q, presentation, report) = (self.quotient, self.presentation, self.report);
        let order = q.order() as u32;
        let heaps = 0..=q.max_heap();
        QuotientJson {
            game: "quotient",
            code: self.rules.to_string(),
            title: octal::title(self.rules, Lang::En),
            max_heap: q.max_heap(),
            order: q.order(),
            growth: &report.steps,
            stable_from: report.stable_from(),
            certified: report.certificate().is_some(),
            certificate: report.certificate().map(|c| CertificateJson {
                theorem: quotient::THEOREM,
                preperiod: c.preperiod,
                period: c.period,
                checked_to: c.checked_to,
            }),
            stopped: (report.stopped.as_ref().map(ToString::to_string))
                .or_else(|| self.interrupted()),
            generators: &presentation.generators,
            relations: presentation.written_relations(),
            elements: (0..order).map(|x| presentation.element(x)).collect(),
            p_portion: q.p_portion(),
            heaps: heaps.clone().map(|n| q.heap(n)).collect(),
            table: (0..order)
                .map(|x| (0..order).map(|y| q.product(x, y)).collect())
                .collect(),
            genus: self.genus.map(|genus| {
                heaps
                    .map(|n| {
                        genus.get(n).map(|g| GenusJson {
                            genus: g.to_string(),
                            normal: g.normal,
                            misere: &g.misere,
                            tame: g.is_tame(),
                        })
                    })
                    .collect()
            }),
        }
        .serialize(serializer)
    }
}

#[derive(Serialize)]
struct QuotientJson<'a> {
    game: &'static str,
    code: String,
    title: String,
    max_heap: usize,
    order: usize,
    growth: &'a [Step],
    stable_from: Option<usize>,
    certified: bool,
    certificate: Option<CertificateJson>,
    stopped: Option<String>,
    generators: &'a [usize],
    relations: Vec<String>,
    elements: Vec<String>,
    p_portion: Vec<u32>,
    heaps: Vec<u32>,
    table: Vec<Vec<u32>>,
    genus: Option<Vec<Option<GenusJson<'a>>>>,
}

#[derive(Serialize)]
struct CertificateJson {
    theorem: &'static str,
    preperiod: usize,
    period: usize,
    checked_to: usize,
}

#[derive(Serialize)]
struct GenusJson<'a> {
    genus: String,
    normal: u32,
    misere: &'a [u32],
    tame: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quotient::Bounds;

    #[test]
    fn a_quotient_gives_its_presentation_heaps_and_table() {
        let rules: TakeAndBreak = "0.333".parse().unwrap();
        let bounds = Bounds {
            max_heap: 2,
            max_order: quotient::DEFAULT_MAX_ORDER,
            max_memory: quotient::DEFAULT_MAX_MEMORY,
        };
        let report = Report::run(&rules, bounds, false, &mut |_| true);
        let q = report.quotient.as_ref().unwrap();
        let json = QuotientReport {
            rules: &rules,
            report: &report,
            quotient: q,
            presentation: &Presentation::of(q),
            genus: None,
            time: None,
        };
        assert_eq!(
            serde_json::to_string(&json).unwrap(),
            concat!(
                r#"{"game":"quotient","code":"0.333","title":"take-and-break game 0.333","max_heap":2,"#,
                r#""order":6,"growth":[{"heap":1,"order":2,"p_portion":1},{"heap":2,"order":6,"#,
                r#""p_portion":2}],"stable_from":2,"certified":false,"certificate":null,"stopped":null,"#,
                r#""generators":[1,2],"relations":["a² = 1","b³ = b"],"elements":["1","a","b","ab","#,
                r#""b²","ab²"],"p_portion":[1,4],"heaps":[0,1,2],"table":[[0,1,2,3,4,5],[1,0,3,2,5,4],"#,
                r#"[2,3,4,5,2,3],[3,2,5,4,3,2],[4,5,2,3,4,5],[5,4,3,2,5,4]],"genus":null}"#
            )
        );
    }
}
