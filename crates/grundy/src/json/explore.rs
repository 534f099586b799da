//! The JSON of the explorer: `grundy explore --json`.

use serde::Serialize;

use crate::Nimber;
use crate::explore::{Counterexample, Exploration};
use crate::period::{Certificate, Period};

/// What the JSON of an explored family is made of.
pub struct ExploreReport<'a> {
    /// The family's title.
    pub family: &'a str,
    /// Its values from n = 0 and their period.
    pub exploration: &'a Exploration,
    /// The first n given.
    pub from: u64,
    /// The end of the range given (exclusive).
    pub to: u64,
    /// A conjectured formula as typed, and the first n of the range where it fails (none: it holds).
    pub check: Option<(&'a str, Option<Counterexample>)>,
}

/// The JSON object: `game` (`"explore"`), `family`, `from`, `to`, `values` (G(n) for n in
/// `from..to`), `p_positions` (the n in `from..to` with G(n) = 0), `period` (`preperiod`,
/// `period`, `saltus`, `proved`, `periods_seen`, `needed_for_proof`; null when none is seen),
/// `certificate` (the theorem that can prove a period: `"window"`, `"all-but window"`,
/// `"take-and-break"` or `"none"`), and with a formula `check` (`formula`, `holds`,
/// `counterexample`: `n`, `claimed`, `value`, or null).
impl Serialize for ExploreReport<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let e = self.exploration;
        ExploreJson {
            game: "explore",
            family: self.family,
            from: self.from,
            to: self.to,
            values: &e.values[self.from as usize..],
            p_positions: e.p_positions(self.from),
            period: e.period.map(|period| PeriodJson {
                period,
                periods_seen: e.periods_seen(),
                needed_for_proof: e.needed_for_proof(),
            }),
            certificate: certificate_name(e.certificate),
            check: self.check.map(|(formula, counterexample)| CheckJson {
                formula,
                holds: counterexample.is_none(),
                counterexample,
            }),
        }
        .serialize(serializer)
    }
}

#[derive(Serialize)]
struct ExploreJson<'a> {
    game: &'static str,
    family: &'a str,
    from: u64,
    to: u64,
    values: &'a [Nimber],
    p_positions: Vec<u64>,
    period: Option<PeriodJson>,
    certificate: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    check: Option<CheckJson<'a>>,
}

#[derive(Serialize)]
struct PeriodJson {
    #[serde(flatten)]
    period: Period,
    periods_seen: usize,
    needed_for_proof: Option<usize>,
}

#[derive(Serialize)]
struct CheckJson<'a> {
    formula: &'a str,
    holds: bool,
    counterexample: Option<Counterexample>,
}

fn certificate_name(c: Certificate) -> &'static str {
    match c {
        Certificate::Window { .. } => "window",
        Certificate::AllBut { .. } => "all-but window",
        Certificate::TakeAndBreak { .. } => "take-and-break",
        Certificate::None => "none",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::Conjecture;
    use crate::games::subtraction::SubtractionSet;

    #[test]
    fn a_family_gives_its_range_period_and_the_first_failure_of_a_formula() {
        let set = SubtractionSet::parse("1,2,4").unwrap();
        let values = set.values(12).into_iter().map(Nimber).collect();
        let exploration = Exploration::new(values, set.certificate());
        let failure = exploration
            .check(2, |n| Ok::<_, ()>(Conjecture::Wins(n % 3 == 0)))
            .unwrap();
        let report = ExploreReport {
            family: "subtraction set 1,2,4",
            exploration: &exploration,
            from: 2,
            to: 12,
            check: Some(("n % 3 == 0", failure)),
        };
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            concat!(
                r#"{"game":"explore","family":"subtraction set 1,2,4","from":2,"to":12,"#,
                r#""values":[2,0,1,2,0,1,2,0,1,2],"p_positions":[3,6,9],"period":{"preperiod":0,"#,
                r#""period":3,"saltus":0,"proved":true,"periods_seen":4,"needed_for_proof":7},"#,
                r#""certificate":"window","check":{"formula":"n % 3 == 0","holds":false,"#,
                r#""counterexample":{"n":2,"claimed":{"wins":false},"value":2}}}"#
            )
        );
    }
}
