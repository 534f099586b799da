//! The JSON of a Grundy value sequence: `grundy values --json` and `POST /api/values`.

use serde::Serialize;

use crate::values::{Found, Method, Sequence, Stats, Values};

/// Rare positions listed in the JSON of a value sequence at most (`rare_count` is always whole).
pub const RARE_LISTED: usize = 1000;

/// What the JSON of a value sequence is made of.
pub struct ValuesReport<'a> {
    /// The game as typed (the code when empty).
    pub game: &'a str,
    /// The sequence, at least `len` values long.
    pub sequence: &'a Sequence,
    /// How many values to give: G(0..len).
    pub len: usize,
    /// The period of G(0..len) ([`Sequence::period_in`]).
    pub period: Option<Found>,
    /// Seconds spent computing.
    pub seconds: f64,
    /// With `--find-period`: whether the limit was reached without a proved period.
    pub limit_reached: Option<bool>,
}

/// The first `.1` values of `.0`, as a JSON array written value by value: 2^24 of them built
/// as a tree first would take half a gigabyte.
struct Listed<'a>(&'a Values, usize);

impl Serialize for Listed<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().take(self.1))
    }
}

/// The JSON object of [`ValuesReport`].
#[derive(Serialize)]
struct ValuesJson<'a> {
    game: String,
    code: String,
    values: Listed<'a>,
    period: Option<PeriodJson>,
    limit_reached: Option<bool>,
    stats: StatsJson,
}

#[derive(Serialize)]
struct PeriodJson {
    preperiod: usize,
    period: usize,
    saltus: u64,
    proved: bool,
    theorem: Option<&'static str>,
}

#[derive(Serialize)]
struct StatsJson {
    count: usize,
    max: MaxJson,
    counts: Vec<u64>,
    method: &'static str,
    mask: u32,
    rare_count: usize,
    rare: Vec<[u64; 2]>,
    seconds: f64,
    values_per_second: Option<f64>,
}

#[derive(Serialize)]
struct MaxJson {
    value: u32,
    first_n: usize,
}

impl ValuesReport<'_> {
    fn object(&self) -> ValuesJson<'_> {
        let values = self.sequence.values();
        let stats = Stats::of_first(values, self.len);
        let (mask, rare) = self.sequence.rare().unwrap_or((0, &[]));
        let rare = &rare[..rare.partition_point(|&n| (n as usize) < self.len)];
        let code = self.sequence.rules().to_string();
        ValuesJson {
            game: if self.game.is_empty() {
                code.clone()
            } else {
                self.game.to_string()
            },
            code,
            values: Listed(values, self.len),
            period: self.period.map(|f| PeriodJson {
                preperiod: f.period.preperiod,
                period: f.period.period,
                saltus: f.period.saltus,
                proved: f.period.proved,
                theorem: f.theorem,
            }),
            limit_reached: self.limit_reached,
            stats: StatsJson {
                count: self.len,
                max: MaxJson {
                    value: stats.max.0,
                    first_n: stats.max.1,
                },
                counts: stats.counts,
                method: match self.sequence.method() {
                    Method::Sparse => "sparse",
                    Method::Direct => "direct",
                },
                mask,
                rare_count: rare.len(),
                rare: rare
                    .iter()
                    .take(RARE_LISTED)
                    .map(|&n| [u64::from(n), u64::from(values.get(n as usize))])
                    .collect(),
                seconds: self.seconds,
                values_per_second: (self.seconds > 0.0).then(|| self.len as f64 / self.seconds),
            },
        }
    }
}

/// The JSON object: `game`, `code`, `values`, `period` (`preperiod`, `period`, `saltus`,
/// `proved`, `theorem`; null when none is seen), `limit_reached`, and `stats` (`count`, `max`,
/// `counts`, `method`, `mask`, `rare_count`, `rare` (at most [`RARE_LISTED`] pairs `[n, G(n)]`),
/// `seconds`, `values_per_second`).
impl Serialize for ValuesReport<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.object().serialize(serializer)
    }
}
