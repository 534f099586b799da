//! Rendering an [`Analysis`] as text for people (English or Chinese) or as the JSON contract
//! (built by `grundy::json`, which the web API shares).

use std::borrow::Cow;
use std::io::Write;

use clap::ValueEnum;
use grundy::json::{AnalysisJson, Analyzed};
use grundy::report;
use grundy::{Analysis, AnalyzeOptions, Convention, Explain, Lang, Move, Nimber, Outcome};
use serde::Serialize;
use serde_json::Value;

/// Output flags every ruleset shares.
#[derive(clap::Args, Clone, Debug)]
pub struct OutputArgs {
    /// Print one JSON object (game, position, outcome, grundy, winning_moves, winning_move_count).
    #[arg(long)]
    pub json: bool,
    /// Explain the answer step by step, as the textbook proof does.
    #[arg(long)]
    pub explain: bool,
    /// Language of text output and explanations.
    #[arg(long, value_enum, default_value = "en")]
    pub lang: LangArg,
    /// List at most this many winning moves (their total is always given).
    #[arg(long, default_value_t = AnalyzeOptions::DEFAULT_MAX_MOVES, value_name = "N", value_parser = crate::input::count::<usize>)]
    pub max_moves: usize,
}

impl OutputArgs {
    /// The library options these flags ask for.
    pub fn analyze_options(&self) -> AnalyzeOptions {
        AnalyzeOptions {
            max_moves: self.max_moves,
            explain: self.explain,
        }
    }
}

/// `--lang` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum LangArg {
    /// English
    En,
    /// 简体中文
    Zh,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::En => Lang::En,
            LangArg::Zh => Lang::Zh,
        }
    }
}

/// Everything needed to render one analysed position.
pub struct Report<'a, P, S, M> {
    /// The ruleset's command name.
    pub game: &'a str,
    /// The ruleset's name for people.
    pub title: &'a str,
    /// The convention.
    pub play: Convention,
    /// The position as given.
    pub position: &'a P,
    /// How many components (piles, cells, coins) the position has.
    pub components: usize,
    /// The analysis.
    pub analysis: &'a Analysis<S, M>,
    /// The position after a move.
    pub after: &'a dyn Fn(&M) -> P,
    /// The position for people.
    pub show: &'a dyn Fn(&P) -> String,
}

/// A list of numbers separated by spaces.
#[allow(clippy::ptr_arg)] // used as `&dyn Fn(&P) -> String` with P = Vec<u64>
pub fn show_list(values: &Vec<u64>) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes `value` as one line of JSON.
pub fn write_json(out: &mut dyn Write, value: &impl Serialize) -> anyhow::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}

impl<P: Serialize + Clone, S: Explain + Serialize, M: Move> Report<'_, P, S, M> {
    /// Writes the report as text or JSON, as the flags ask.
    pub fn write(&self, args: &OutputArgs, out: &mut dyn Write) -> anyhow::Result<()> {
        self.write_with(args, Vec::new(), &[], out)
    }

    /// Like [`Report::write`], with the ruleset's own fields added to the JSON object (after the
    /// contract's fields, from the library: see `grundy::ruleset::Presentation::json_fields`) and note
    /// lines after the text.
    pub fn write_with(
        &self,
        args: &OutputArgs,
        fields: Vec<(&'static str, Value)>,
        notes: &[String],
        out: &mut dyn Write,
    ) -> anyhow::Result<()> {
        let lang = Lang::from(args.lang);
        if args.json {
            write_json(out, &self.json(lang, fields))?;
        } else {
            self.text(lang, out)?;
            for note in notes {
                writeln!(out, "{note}")?;
            }
            if args.explain {
                write_why(out, lang, &self.analysis.explanation)?;
            }
        }
        Ok(())
    }

    /// The JSON object of the contract, with `fields` after it.
    pub fn json(
        &self,
        lang: Lang,
        fields: Vec<(&'static str, Value)>,
    ) -> AnalysisJson<'_, Cow<'_, P>, S, M, Nimber> {
        Analyzed {
            game: self.game,
            play: self.play,
            position: Cow::Borrowed(self.position),
            components: self.components,
            analysis: self.analysis,
            after: &|change| Cow::Owned((self.after)(change)),
            notation: None,
            fields,
        }
        .json(lang)
    }

    fn text(&self, lang: Lang, out: &mut dyn Write) -> anyhow::Result<()> {
        let text = report::analysis_text(
            lang,
            self.title,
            self.position,
            self.components,
            self.analysis,
            self.after,
            self.show,
        );
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}

/// The explanation steps, numbered, under a "Why:" heading, each wrapped to a terminal's width.
pub fn write_why<S: Explain>(out: &mut dyn Write, lang: Lang, steps: &[S]) -> anyhow::Result<()> {
    writeln!(out, "\n{}", report::why_heading(lang))?;
    for step in report::numbered_steps(lang, steps) {
        writeln!(out, "{}", fit(&step))?;
    }
    Ok(())
}

/// `text` wrapped to the terminal's width when standard output is a terminal, its later lines
/// indented under the first word ("1. ", "why: "); as it is otherwise, so that piped output
/// keeps one line per step.
pub fn fit(text: &str) -> String {
    match terminal_size::terminal_size_of(std::io::stdout()) {
        Some((terminal_size::Width(width), _)) => wrap_to(text, usize::from(width)),
        None => text.to_string(),
    }
}

/// Lines of `text` wrapped to at most `width` columns (CJK characters take two). The first line
/// goes on under its first word ("1. "); a later line (a row of a table) under its own start.
fn wrap_to(text: &str, width: usize) -> String {
    text.split('\n')
        .enumerate()
        .map(|(i, line)| {
            let indent = if i == 0 {
                line.find(' ').map_or(0, |at| at + 1)
            } else {
                line.len() - line.trim_start().len()
            };
            let pad = " ".repeat(indent.min(width / 3));
            textwrap::fill(line, textwrap::Options::new(width).subsequent_indent(&pad))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Writes [`report::verdict`]: the verdict line and the winning moves.
pub fn write_verdict(
    out: &mut dyn Write,
    lang: Lang,
    outcome: Outcome,
    value: &str,
    moves: &[(String, Option<String>)],
    count: u64,
) -> anyhow::Result<()> {
    out.write_all(report::verdict(lang, outcome, value, moves, count).as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_wrap_under_their_first_word() {
        let step = "4. Pile 2 has p = 2. p XOR x = 1: XOR with x clears bit 1 of p and only changes lower bits, so 1 < 2.";
        let wrapped = wrap_to(step, 40);
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(lines.len() > 2, "{wrapped}");
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{wrapped}");
        assert!(
            lines[1..]
                .iter()
                .all(|l| l.starts_with("   ") && !l.starts_with("    "))
        );
        // Rows of a table stay as they are, and go on under their own start.
        let table = "1. Write each pile in binary:\n  pile  1:   1 = 01   running XOR 1";
        assert_eq!(wrap_to(table, 80), table);
        let rows = wrap_to(&format!("1. x\n  {}", "word ".repeat(20)), 30);
        assert!(
            rows.lines().skip(1).all(|l| l.starts_with("  word")),
            "{rows}"
        );
        assert_eq!(
            wrapped.split_whitespace().collect::<Vec<_>>(),
            step.split_whitespace().collect::<Vec<_>>()
        );
        // Chinese has no spaces: it is cut by width, two columns a character.
        let zh = format!("理由：{}", "所有堆的异或和变为零".repeat(10));
        let wrapped = wrap_to(&zh, 30);
        assert!(wrapped.lines().count() > 3, "{wrapped}");
        assert!(
            wrapped
                .lines()
                .all(|l| textwrap::core::display_width(l) <= 30),
            "{wrapped}"
        );
    }
}
