//! `grundy nimber`: nimber arithmetic (an expression's value, its computation by Conway's rules)
//! and the nim-multiplication table.

use std::io::Write;
use std::path::PathBuf;

use grundy::Lang;
use grundy::nimber;

use crate::report::{self, LangArg};

/// Nimber arithmetic: nim-sums, nim-products, inverses, powers and square roots below 2^64.
///
/// The nimbers are the whole numbers 0 to 2^64 − 1 with two operations that make them a field:
/// the nim-sum a + b is XOR (binary addition without carries) and the nim-product a * b is
/// Conway's, fixed by two rules for the Fermat 2-powers F = 2, 4, 16, 256, 65536, 2^32 (F =
/// 2^(2^k)):
///
///   F * x = F·x (the ordinary product) for x < F,   F * F = 3F/2.
///
/// Every other product follows by splitting each operand in halves at F (a = a1·F + a0) and
/// multiplying out: 2 * 2 = 3, 4 * 4 = 6, 16 * 16 = 24, 3 * 5 = 15. Every nimber but 0 has an
/// inverse, every nimber has one square root. Coin-turning games in two dimensions are valued by
/// nim-products (the Tartan theorem).
///
/// The expression (quote it: the shell expands `*`) may use `+` (nim-sum), `*` (nim-product), `/`
/// (product with the inverse), `^N` (power, N an ordinary whole number), `sqrt(x)`, `inv(x)` and
/// parentheses; `^` binds tightest, then `*` and `/`, then `+`. At most 4096 bytes.
///
/// Examples: `grundy nimber '2*2'` (3), `grundy nimber --explain '16*17'`,
/// `grundy nimber --explain --lang zh '3*5'`, `grundy nimber '(7 + 9) / 5'`,
/// `grundy nimber --json '4294967296 * 4294967296'`, `grundy nimber --table 16 --plot table.png`.
#[derive(clap::Args)]
pub struct Args {
    /// The expression; several words are joined by spaces.
    #[arg(required_unless_present = "table")]
    expression: Vec<String>,
    /// Print the multiplication table of 0..N−1 instead (N at most 256; the nimbers below 256
    /// are a field of their own, so every entry is below 256).
    #[arg(long, value_name = "N", conflicts_with = "expression", value_parser = clap::value_parser!(u16).range(1..=256))]
    table: Option<u16>,
    /// With --table: also draw it as a grid coloured by value, to FILE (.svg or .png).
    #[arg(long, value_name = "FILE", requires = "table")]
    plot: Option<PathBuf>,
    /// Print one JSON object: {"expression", "value"} (with --explain, "explanation": the steps
    /// with their numbers and text); with --table, {"n", "table"}.
    #[arg(long)]
    json: bool,
    /// Show the computation step by step: each product by Conway's rules on its operands (the
    /// Fermat 2-power it splits at, the halves, the recombination), then the half products.
    #[arg(long, conflicts_with = "table")]
    explain: bool,
    /// Language of the explanation.
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let lang = Lang::from(args.lang);
    if let Some(n) = args.table {
        return table(n, &args, out);
    }
    let expression = args.expression.join(" ");
    let (value, steps) = if args.explain {
        nimber::evaluate_explained(&expression)?
    } else {
        (nimber::evaluate(&expression)?, Vec::new())
    };
    if args.json {
        let steps = args.explain.then_some(steps.as_slice());
        let json = grundy::json::nimber_value(expression.trim(), value, steps, lang);
        return report::write_json(out, &json);
    }
    writeln!(out, "{} = {value}", expression.trim())?;
    if args.explain {
        report::write_why(out, lang, &steps)?;
    }
    Ok(())
}

fn table(n: u16, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let rows: Vec<Vec<u64>> = (0..u64::from(n))
        .map(|a| (0..u64::from(n)).map(|b| nimber::nim_mul(a, b)).collect())
        .collect();
    if let Some(path) = &args.plot {
        let title = format!("nim-products a ⊗ b, a, b = 0..{}", n - 1);
        crate::plot::draw_grid(path, &title, &rows)?;
    }
    if args.json {
        return report::write_json(out, &grundy::json::nimber_table(n, rows));
    }
    let width = (u64::from(n) - 1).max(rows.iter().flatten().copied().max().unwrap_or(0));
    let w = width.to_string().len();
    write!(out, "{:>w$} |", "⊗")?;
    for b in 0..n {
        write!(out, " {b:>w$}")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "{}-+{}",
        "-".repeat(w),
        "-".repeat((w + 1) * usize::from(n))
    )?;
    for (a, row) in rows.iter().enumerate() {
        write!(out, "{a:>w$} |")?;
        for v in row {
            write!(out, " {v:>w$}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}
