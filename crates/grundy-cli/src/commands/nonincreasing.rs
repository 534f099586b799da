//! `grundy nonincreasing`: Nim where each move takes at most what the previous move took.

use std::io::Write;

use anyhow::bail;
use grundy::games::nonincreasing::{self, CappedPiles};
use grundy::{Lang, Play, parse};

use crate::report::{OutputArgs, Report};

/// Nim with a shrinking cap: each move takes at most what the previous move took.
///
/// 2026 ICPC Nanchang: the first move takes 1 to K stones from one
/// pile; every later move takes at least one stone and at most what the previous move took. Who
/// cannot move loses. A move that takes r leaves the cap r (JSON: {"piles": [...], "k": r}).
///
/// Theorem: with x the XOR of the piles, the player to move wins iff x != 0 and lowbit(x) <= K
/// (lowbit(x): the value of the lowest set bit, lowbit(12) = 4). Halving argument: if x is even,
/// whoever first takes an odd number loses, so both take even numbers: the same game on halved
/// piles with cap K/2, until the XOR is odd (the mover wins) or the cap is 0 (the mover loses).
///
/// Examples: `grundy nonincreasing --k 2 3 4 5`, `grundy nonincreasing --k 3 --explain 12`.
#[derive(clap::Args)]
pub struct Args {
    /// The piles (natural numbers up to 2^64-1); read from standard input when none are given.
    #[arg(allow_negative_numbers = true)]
    piles: Vec<String>,
    /// The most the first move may take (at least 1).
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    k: Option<String>,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let Some(token) = args.k else {
        bail!("missing --k K: the most the first move may take");
    };
    let k = match parse::parse_u64(&token) {
        Ok(0) => bail!("bad --k: '0': the first move takes at least 1 stone, so K is at least 1"),
        Ok(k) => k,
        Err(problem) => bail!("bad --k: {} is {problem}", parse::Token::new(&token)),
    };
    let piles = crate::input::numbers(&args.piles, "pile")?;
    let analysis = nonincreasing::analyze(&piles, k, &args.output.analyze_options());
    let lang = Lang::from(args.output.lang);
    let position = CappedPiles { piles, k };
    Report {
        game: "nonincreasing",
        title: lang.pick("Nim with a shrinking cap", "每步不超过上一步的 Nim"),
        play: Play::Normal,
        position: &position,
        components: position.piles.len(),
        analysis: &analysis,
        after: &|change| nonincreasing::play(&position.piles, change),
        show: &|p: &CappedPiles| {
            let piles = crate::report::show_list(&p.piles);
            lang.pick(
                format!("{piles} (k = {})", p.k),
                format!("{piles}（本步至多取 {} 个）", p.k),
            )
        },
    }
    .write(&args.output, out)
}
