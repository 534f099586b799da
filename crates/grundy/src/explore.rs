//! The explorer: the values G(n) of a family of positions with one integer parameter n (a heap of
//! n under a subtraction set, Nim with one pile of n beside fixed piles, a user's script), their
//! P-positions, their period, and conjectured formulas checked against them.
//!
//! Any values fit ([`Exploration::new`]). Every ruleset of the registry gives the family of its
//! positions made of fixed numbers and then n ([`crate::ruleset::Ruleset::family`], by default
//! [`crate::ruleset::analysed`]; [`crate::registry::explore`] finds the ruleset); the command
//! line adds scripts' families. The period is searched by [`crate::period::find_best_supported`], plain
//! first and then arithmetic (G(n + p) = G(n) + s); it is proved only where a theorem about the
//! family says how far the values must reach (a [`Certificate`]); otherwise it is reported as
//! evidence.

use serde::Serialize;

use crate::Nimber;
use crate::period::{self, Certificate, Period};

/// What a conjectured formula says about the position for parameter n.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Conjecture {
    /// Its Grundy value.
    Value(u64),
    /// Whether the player to move wins.
    Wins(bool),
}

impl Conjecture {
    /// Whether the claim is true of a position of value `g`.
    pub fn holds_for(self, g: Nimber) -> bool {
        match self {
            Conjecture::Value(v) => v == g.value(),
            Conjecture::Wins(wins) => wins != g.is_zero(),
        }
    }
}

/// The first n where a formula is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Counterexample {
    /// The parameter.
    pub n: u64,
    /// What the formula claims.
    pub claimed: Conjecture,
    /// The true value G(n).
    pub value: Nimber,
}

/// The values of a family from n = 0, with their period if one shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exploration {
    /// G(0), G(1), …
    pub values: Vec<Nimber>,
    /// The smallest period seen (plain if there is one, else arithmetic), and whether it is proved.
    pub period: Option<Period>,
    /// The theorem that can prove a period, if any.
    pub certificate: Certificate,
}

impl Exploration {
    /// Looks for a period in `values` (G from n = 0): plain first, then with a saltus (proved
    /// only under a certificate that allows one, [`Certificate::AllBut`]).
    pub fn new(values: Vec<Nimber>, certificate: Certificate) -> Exploration {
        let data = values_u64(&values);
        let term = |n: usize| data[n];
        let period =
            period::find_best_supported(data.len(), term, certificate, false).or_else(|| {
                period::find_best_supported(data.len(), term, for_saltus(certificate), true)
                    .filter(|p| p.saltus > 0)
            });
        Exploration {
            values,
            period,
            certificate,
        }
    }

    /// How many whole periods the data show after the preperiod: the evidence for the period.
    pub fn periods_seen(&self) -> usize {
        self.period
            .map_or(0, |p| (self.values.len() - p.preperiod) / p.period)
    }

    /// How many values a proof of the period needs (`None` without a theorem).
    pub fn needed_for_proof(&self) -> Option<usize> {
        let p = self.period?;
        let certificate = if p.saltus > 0 {
            for_saltus(self.certificate)
        } else {
            self.certificate
        };
        certificate.needed_len(p.preperiod, p.period)
    }

    /// The n in `from..` with G(n) = 0: the P-positions, where the player to move loses.
    pub fn p_positions(&self, from: u64) -> Vec<u64> {
        (from..self.values.len() as u64)
            .filter(|&n| self.values[n as usize].is_zero())
            .collect()
    }

    /// The first n in `from..` where `claim(n)` is false of G(n), if any; stops at the first
    /// error of `claim`.
    ///
    /// # Errors
    /// The first error of `claim`.
    pub fn check<E>(
        &self,
        from: u64,
        mut claim: impl FnMut(u64) -> Result<Conjecture, E>,
    ) -> Result<Option<Counterexample>, E> {
        for n in from..self.values.len() as u64 {
            let value = self.values[n as usize];
            let claimed = claim(n)?;
            if !claimed.holds_for(value) {
                return Ok(Some(Counterexample { n, claimed, value }));
            }
        }
        Ok(None)
    }
}

/// The certificate as far as it proves periods with a saltus: the window argument of a finite
/// subtraction set or an octal code does not (the mex of values shifted by s is not the mex
/// shifted by s); that of an all-but set does.
fn for_saltus(certificate: Certificate) -> Certificate {
    match certificate {
        Certificate::AllBut { .. } => certificate,
        _ => Certificate::None,
    }
}

fn values_u64(values: &[Nimber]) -> Vec<u64> {
    values.iter().map(|g| g.value()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::engine::Memo;
    use crate::games::nim::Nim;

    /// Subtract 1, 2 or 4.
    struct Take124;
    impl Game for Take124 {
        type Position = u64;
        fn options(&self, n: &u64, out: &mut Vec<u64>) {
            out.extend([1, 2, 4].iter().filter(|&&k| k <= *n).map(|k| n - k));
        }
    }

    #[test]
    fn a_subtraction_game_has_a_proved_period() {
        let mut memo = Memo::new();
        let values: Vec<Nimber> = (0..60)
            .map(|n| memo.grundy(&Take124, &n).unwrap())
            .collect();
        let e = Exploration::new(values, Certificate::Window { max: 4 });
        let p = e.period.unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.proved), (0, 3, 0, true));
        assert_eq!(e.periods_seen(), 20);
        assert_eq!(e.p_positions(50), [51, 54, 57]);
        let never_wrong: Result<_, ()> = e.check(0, |n| Ok(Conjecture::Value(n % 3)));
        assert_eq!(never_wrong, Ok(None));
        let wrong: Result<_, ()> = e.check(0, |n| Ok(Conjecture::Wins(n % 4 != 0)));
        assert_eq!(
            wrong,
            Ok(Some(Counterexample {
                n: 3,
                claimed: Conjecture::Wins(true),
                value: Nimber(0)
            }))
        );
    }

    #[test]
    fn a_saltus_is_proved_only_by_the_all_but_window() {
        let set = crate::games::subtraction::SubtractionSet::all_but(&[2]).unwrap();
        let values: Vec<Nimber> = set.values(60).into_iter().map(Nimber).collect();
        let e = Exploration::new(values.clone(), set.certificate());
        let p = e.period.unwrap();
        assert!(p.saltus > 0 && p.proved, "{p:?}");
        // The same values under a window or octal certificate: the saltus is only seen.
        for certificate in [
            Certificate::Window { max: 5 },
            Certificate::TakeAndBreak { heaps: 2, max: 5 },
        ] {
            let e = Exploration::new(values.clone(), certificate);
            let q = e.period.unwrap();
            assert_eq!((q.period, q.saltus, q.proved), (p.period, p.saltus, false));
            assert_eq!(e.needed_for_proof(), None);
        }
    }

    #[test]
    fn nim_beside_fixed_piles_is_arithmetic_periodic() {
        // G(n) = 5 XOR n: period 8 with saltus 8 from 0.
        let mut memo = Memo::with_components();
        let values: Vec<Nimber> = (0..64)
            .map(|n| memo.grundy(&Nim, &vec![5, n]).unwrap())
            .collect();
        assert!(
            values
                .iter()
                .enumerate()
                .all(|(n, g)| g.value() == 5 ^ n as u64)
        );
        let e = Exploration::new(values, Certificate::None);
        let p = e.period.unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.saltus, p.proved),
            (0, 8, 8, false)
        );
        assert_eq!(e.needed_for_proof(), None);
    }
}
