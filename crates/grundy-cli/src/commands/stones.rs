//! `grundy stones`: the stone games of the interview problems (LeetCode 877, 1140, 1690, 1510, 292).

use std::io::Write;

use grundy::games::nim;
use grundy::games::stones::ends;
use grundy::games::stones::squares::{self, Values};
use grundy::games::stones::{ScoreMove, ScoreOptions, Winner, seven, two};
use grundy::games::subtraction::{self, SubtractionSet, SubtractionValues};
use grundy::{AnalyzeOptions, Convention, Explain, Lang};
use serde::Serialize;

use grundy::json::{self, Scored};

use crate::report::{self, OutputArgs, Report};

/// Stone games from the interview problems: who wins, the best move, and why.
///
/// Three are scoring games (the larger total wins): `ends` (LeetCode 877), `two` (Stone Game II,
/// 1140) and `seven` (Stone Game VII, 1690). Two are impartial games (who cannot move loses):
/// `squares` (Stone Game IV, 1510) and `nim` (the Nim Game, 292).
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    game: Game,
}

#[derive(clap::Subcommand)]
enum Game {
    /// LeetCode 877: take a whole pile from either end of a row; the larger total wins.
    ///
    /// With an even number of piles the first player never loses: numbering the piles 1..n, taking
    /// pile 1 leaves two even-numbered ends, so she can take every odd-numbered pile (or, taking
    /// pile n first, every even-numbered one) and locks the class with the larger sum. For any
    /// number of piles the interval DP d[i][j] = max(p_i − d[i+1][j], p_j − d[i][j−1]) gives the
    /// best difference in O(n²) time and O(n) memory.
    ///
    /// Examples: `grundy stones ends 5 3 4 5`, `grundy stones ends --explain --lang zh 3 7 2 3`.
    Ends(RowArgs),
    /// LeetCode 1140, Stone Game II: take the first X piles, 1 ≤ X ≤ 2M, then M = max(M, X).
    ///
    /// f(i, M), the most the player to move can lead by with piles i.. left, is their sum when
    /// 2M reaches the piles left, and otherwise max over X of (the next X piles) − f(i + X,
    /// max(M, X)). O(n³) time, O(n²) memory, up to 1000 piles. The first player's total (the
    /// LeetCode answer) is (S + f(0, 1))/2.
    ///
    /// Example: `grundy stones two 2 7 9 4 4` (the first player gets 10).
    Two(RowArgs),
    /// LeetCode 1690, Stone Game VII: remove the stone at either end and score the sum of the rest.
    ///
    /// With s(i, j) the sum of stones i..j: d[i][j] = max(s(i+1, j) − d[i+1][j], s(i, j−1) −
    /// d[i][j−1]), d[i][i] = 0; O(n²) time and O(n) memory. Only the difference is fixed: the
    /// totals shown are those of one optimal line.
    ///
    /// Example: `grundy stones seven 5 3 1 4 2` (the difference is 6).
    Seven(RowArgs),
    /// LeetCode 1510, Stone Game IV: remove a non-zero square number of stones; who cannot move loses.
    ///
    /// G(n) = mex{G(n − k²)}: the P-positions (G = 0) are 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, …
    /// with no known formula, so the values are tabulated in O(n·√n) up to the largest pile (at
    /// most 1000000). Several piles add by XOR (Sprague–Grundy).
    ///
    /// Examples: `grundy stones squares 7` (lost), `grundy stones squares --explain 17 4`.
    Squares(PileArgs),
    /// LeetCode 292, the Nim Game (the Bash game): remove 1 to M stones; who takes the last wins.
    ///
    /// G(n) = n mod (M + 1): a multiple of M + 1 is lost, since every move leaves a non-multiple
    /// and the opponent answers k with M + 1 − k; otherwise take n mod (M + 1). Several piles add
    /// by XOR. (The same game as the subtraction game with subtraction set {1, …, M}.)
    ///
    /// Examples: `grundy stones nim 4` (lost), `grundy stones nim --max 5 20`.
    Nim(NimArgs),
}

/// A row of piles for a scoring game.
#[derive(clap::Args)]
struct RowArgs {
    /// The piles (or stone values), left to right, natural numbers up to 2^64-1; read from
    /// standard input when none are given.
    #[arg(allow_negative_numbers = true)]
    piles: Vec<String>,
    /// Skip the play-outs, keeping the interval DP at O(n) memory (they keep n(n+1)/2 bits, and
    /// are skipped anyway above 20000 piles).
    #[arg(long)]
    no_playout: bool,
    #[command(flatten)]
    output: OutputArgs,
}

/// Piles of an impartial game.
#[derive(clap::Args)]
struct PileArgs {
    /// The piles (natural numbers); read from standard input when none are given.
    #[arg(allow_negative_numbers = true)]
    piles: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

/// Piles of the Bash game and its largest take.
#[derive(clap::Args)]
struct NimArgs {
    /// The piles (natural numbers up to 2^64-1); read from standard input when none are given.
    #[arg(allow_negative_numbers = true)]
    piles: Vec<String>,
    /// The most stones one move may take (M ≥ 1).
    #[arg(long, default_value_t = 3, value_name = "M", value_parser = crate::input::count::<u64>)]
    max: u64,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    match args.game {
        Game::Ends(a) => {
            let piles = crate::input::numbers(&a.piles, "pile")?;
            let analysis = ends::analyze(&piles, &a.score_options());
            ScoreView {
                scored: json::ends(&piles, &analysis),
                title: (
                    "Stone Game (a pile from either end)",
                    "石子游戏（从两端取一整堆）",
                ),
                totals_along_a_line: false,
                first_total: false,
            }
            .write(&a.output, out)
        }
        Game::Two(a) => {
            let piles = crate::input::numbers(&a.piles, "pile")?;
            let analysis = two::analyze(&piles, &a.score_options())?;
            ScoreView {
                scored: Scored {
                    game: "stones two",
                    position: &piles,
                    analysis: &analysis,
                    after: |piles, m| &piles[m.count..],
                    parity: None,
                    parity_against_greedy: None,
                },
                title: (
                    "Stone Game II (the first X ≤ 2M piles)",
                    "石子游戏 II（取前 X ≤ 2M 堆）",
                ),
                totals_along_a_line: false,
                first_total: true,
            }
            .write(&a.output, out)
        }
        Game::Seven(a) => {
            let stones = crate::input::numbers(&a.piles, "stone")?;
            let analysis = seven::analyze(&stones, &a.score_options())?;
            ScoreView {
                scored: Scored {
                    game: "stones seven",
                    position: &stones,
                    analysis: &analysis,
                    after: |stones, m| ends::rest(stones, m.end),
                    parity: None,
                    parity_against_greedy: None,
                },
                title: (
                    "Stone Game VII (remove an end stone, score the rest)",
                    "石子游戏 VII（移除一端石子，得剩余之和）",
                ),
                totals_along_a_line: true,
                first_total: false,
            }
            .write(&a.output, out)
        }
        Game::Squares(a) => {
            let piles = crate::input::numbers(&a.piles, "pile")?;
            let values = Values::for_piles(&piles)?;
            let analysis = squares::analyze(&piles, &values, &analyze_options(&a.output));
            let p_positions: Vec<u64> = values.p_positions().collect();
            let report = Report {
                game: "stones squares",
                title: Lang::from(a.output.lang).pick(
                    "Stone Game IV (take a square number)",
                    "石子游戏 IV（取平方数个）",
                ),
                play: Convention::Normal,
                position: &piles,
                components: piles.len(),
                analysis: &analysis,
                after: &|change| nim::apply(&piles, change),
                show: &crate::report::show_list,
            };
            let lang = Lang::from(a.output.lang);
            if a.output.json {
                let fields = vec![("p_positions", serde_json::json!(p_positions))];
                return crate::report::write_json(out, &report.json(lang, fields));
            }
            let without_why = OutputArgs {
                explain: false,
                ..a.output.clone()
            };
            report.write(&without_why, out)?;
            writeln!(
                out,
                "{}",
                lang.pick(
                    format!("P-positions up to {}: ", values.max()),
                    format!("{} 以内的必败态：", values.max()),
                ) + shown_list(&p_positions, lang).as_str()
            )?;
            if a.output.explain {
                report::write_why(out, lang, &analysis.explanation)?;
            }
            Ok(())
        }
        Game::Nim(a) => {
            // LeetCode 292 is the subtraction game 1..M: one ruleset answers both.
            let set = SubtractionSet::up_to(a.max).map_err(|_| {
                anyhow::anyhow!("bad --max: '{}': a move takes at least one stone", a.max)
            })?;
            let sequence = set.sequence(SubtractionSet::DEFAULT_LIMIT);
            write_piles("stones nim", &set, &sequence, &a.piles, &a.output, out)
        }
    }
}

/// Analyses piles of the subtraction game of `set` and writes the report under the name `game`
/// (LeetCode 292 is the set 1..M under another name).
fn write_piles(
    game: &str,
    set: &SubtractionSet,
    sequence: &SubtractionValues,
    piles: &[String],
    output: &OutputArgs,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let piles = crate::input::numbers(piles, "pile")?;
    let options = AnalyzeOptions {
        max_moves: output.max_moves,
        explain: output.explain,
    };
    let analysis = subtraction::analyze(sequence, &piles, &options)?;
    let title = subtraction::title(set, Lang::from(output.lang));
    Report {
        game,
        title: &title,
        play: Convention::Normal,
        position: &piles,
        components: piles.len(),
        analysis: &analysis,
        after: &|change| nim::apply(&piles, change),
        show: &crate::report::show_list,
    }
    .write_with(output, subtraction::json_fields(sequence), &[], out)
}

impl RowArgs {
    fn score_options(&self) -> ScoreOptions {
        ScoreOptions {
            explain: self.output.explain,
            playout: !self.no_playout,
        }
    }
}

fn analyze_options(output: &OutputArgs) -> AnalyzeOptions {
    AnalyzeOptions {
        max_moves: output.max_moves,
        explain: output.explain,
    }
}

/// Lists in text output show at most this many numbers or moves.
const SHOWN: usize = 30;

fn shown_list<T: ToString>(items: &[T], lang: Lang) -> String {
    let mut text = items
        .iter()
        .take(SHOWN)
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if items.len() > SHOWN {
        text += &lang.pick(
            format!(", … ({} in all)", items.len()),
            format!("，……（共 {} 个）", items.len()),
        );
    }
    text
}

/// A scoring game's analysis, ready to be written as text or JSON.
struct ScoreView<'a, M, S> {
    /// What the JSON is made of (shared with the API).
    scored: Scored<'a, M, S>,
    /// The title in English and Chinese.
    title: (&'a str, &'a str),
    /// The totals depend on the line of play (Stone Game VII), not only on the difference.
    totals_along_a_line: bool,
    /// Show the first player's total as LeetCode 1140's answer.
    first_total: bool,
}

impl<M: ScoreMove + Serialize, S: Explain + Serialize> ScoreView<'_, M, S> {
    fn write(&self, args: &OutputArgs, out: &mut dyn Write) -> anyhow::Result<()> {
        let lang = Lang::from(args.lang);
        if args.json {
            // Written by the streaming serializer: totals above 2^64 stay exact integers.
            serde_json::to_writer(&mut *out, &self.scored.json(lang, args.max_moves))?;
            writeln!(out)?;
            Ok(())
        } else {
            self.text(lang, args, out)
        }
    }

    fn text(&self, lang: Lang, args: &OutputArgs, out: &mut dyn Write) -> anyhow::Result<()> {
        let Scored {
            position,
            analysis: a,
            after,
            parity,
            parity_against_greedy,
            ..
        } = self.scored;
        let shown = if position.len() <= grundy::report::MOVE_POSITION_LIMIT {
            crate::report::show_list(&position.to_vec())
        } else {
            lang.pick(
                format!("({} piles)", position.len()),
                format!("（共 {} 堆）", position.len()),
            )
        };
        writeln!(out, "{}: {shown}", lang.pick(self.title.0, self.title.1))?;
        let d = a.difference.abs();
        let verdict = match (a.winner, lang) {
            (Winner::First, Lang::En) => format!("first player wins by {d}"),
            (Winner::Second, Lang::En) => format!("second player wins by {d}"),
            (Winner::Tie, Lang::En) => "tie".to_string(),
            (Winner::First, Lang::Zh) => format!("先手胜，领先 {d}"),
            (Winner::Second, Lang::Zh) => format!("后手胜，领先 {d}"),
            (Winner::Tie, Lang::Zh) => "平局".to_string(),
        };
        let totals = match (a.totals, self.totals_along_a_line, lang) {
            (Some(t), false, Lang::En) => {
                format!(": {} to {} under optimal play", t.first, t.second)
            }
            (Some(t), false, Lang::Zh) => format!("：最优策略下 {} 比 {}", t.first, t.second),
            (Some(t), true, Lang::En) => format!(
                " (score difference {}; {} to {} along one optimal line)",
                a.difference, t.first, t.second
            ),
            (Some(t), true, Lang::Zh) => format!(
                "（分差 {}；其中一条最优路线为 {} 比 {}）",
                a.difference, t.first, t.second
            ),
            (None, _, Lang::En) => format!(" (score difference {})", a.difference),
            (None, _, Lang::Zh) => format!("（分差 {}）", a.difference),
        };
        writeln!(out, "{verdict}{totals}")?;
        if let (true, Some(t)) = (self.first_total, a.totals) {
            writeln!(
                out,
                "{}",
                lang.pick(
                    format!("first player's total (the LeetCode answer): {}", t.first),
                    format!("先手最多得到（LeetCode 的答案）：{}", t.first),
                )
            )?;
        }
        if !a.best_moves.is_empty() {
            let count = a.best_moves.len();
            let head = grundy::report::list_heading(
                lang,
                ("best first moves", "最优的第一步"),
                count as u64,
                count.min(args.max_moves) as u64,
            );
            writeln!(out, "{head}")?;
            for m in a.best_moves.iter().take(args.max_moves) {
                let rest = after(position, m);
                if rest.len() <= grundy::report::MOVE_POSITION_LIMIT {
                    writeln!(
                        out,
                        "  {}  =>  {}",
                        m.describe(lang),
                        crate::report::show_list(&rest.to_vec())
                    )?;
                } else {
                    writeln!(out, "  {}", m.describe(lang))?;
                }
            }
        }
        if let Some(p) = parity {
            let sure = p.guaranteed();
            writeln!(
                out,
                "{}",
                lang.pick(
                    format!(
                        "parity strategy: odd-numbered piles sum to {}, even-numbered to {}; take the {} end, then always the end of the same class: at least {} to {}",
                        p.odd_sum,
                        p.even_sum,
                        p.end.name(lang),
                        sure.first,
                        sure.second
                    ),
                    format!(
                        "奇偶策略：奇数号堆共 {}，偶数号堆共 {}；先取{}端，之后总取同一类的那一端：至少 {} 比 {}",
                        p.odd_sum,
                        p.even_sum,
                        p.end.name(lang),
                        sure.first,
                        sure.second
                    ),
                )
            )?;
        }
        for (playout, en, zh) in [
            (a.optimal_play.as_ref(), "optimal play", "双方最优"),
            (
                a.against_greedy.as_ref(),
                "against a greedy opponent",
                "对手贪心时",
            ),
            (
                parity_against_greedy,
                "parity strategy against a greedy opponent",
                "奇偶策略对贪心对手",
            ),
        ] {
            if let Some(p) = playout {
                let moves: Vec<String> = p.moves.iter().map(|m| m.short(lang)).collect();
                writeln!(
                    out,
                    "{}",
                    lang.pick(
                        format!("{en}, {} to {}: ", p.totals.first, p.totals.second),
                        format!("{zh}，{} 比 {}：", p.totals.first, p.totals.second),
                    ) + shown_list(&moves, lang).as_str()
                )?;
            }
        }
        if args.explain {
            report::write_why(out, lang, &a.explanation)?;
        }
        Ok(())
    }
}
