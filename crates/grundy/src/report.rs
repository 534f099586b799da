//! The text report of an analysed position, in English or Chinese: the position, the verdict,
//! the winning moves and the numbered steps of the proof, as `grundy RULESET --explain` prints
//! them (the command line wraps long lines to a terminal's width; this text is unwrapped).

use crate::ruleset::Playable;
use crate::{Analysis, Explain, GameValue, Lang, Move, Outcome};

/// Positions with more components than this are shown as their count, and left out of each
/// listed move (in the text and in the JSON).
pub const MOVE_POSITION_LIMIT: usize = 1000;

/// The position line, the verdict and the winning moves of `analysis`, each move with the
/// position it leaves when the position has at most [`MOVE_POSITION_LIMIT`] components.
pub fn analysis_text<P, S, M: Move, V: GameValue>(
    lang: Lang,
    title: &str,
    position: &P,
    components: usize,
    analysis: &Analysis<S, M, V>,
    after: &dyn Fn(&M) -> P,
    show: &dyn Fn(&P) -> String,
) -> String {
    let shown = if components <= MOVE_POSITION_LIMIT {
        show(position)
    } else {
        lang.pick(
            format!("({components} components)"),
            format!("（共 {components} 个部分）"),
        )
    };
    let value = analysis.value.as_ref().map(|v| {
        let name = V::name(lang);
        lang.pick(format!(", {name} {v}"), format!("，{name} {v}"))
    });
    let moves: Vec<(String, Option<String>)> = analysis
        .winning_moves
        .iter()
        .map(|change| {
            let after = (components <= MOVE_POSITION_LIMIT).then(|| show(&after(change)));
            (change.describe(lang), after)
        })
        .collect();
    format!(
        "{title}: {shown}\n{}",
        verdict(
            lang,
            analysis.outcome,
            &value.unwrap_or_default(),
            &moves,
            analysis.winning_move_count
        )
    )
}

/// [`analysis_text`] of `analysis` of `position` in the playable ruleset `game`, the positions
/// after the moves as the ruleset shows them ([`Presentation::show_after`]), then its note lines
/// ([`Presentation::notes`]).
pub fn playable<G: Playable>(
    game: &G,
    position: &G::Position,
    analysis: &Analysis<G::Step, G::Move, G::Value>,
    lang: Lang,
) -> String {
    /// The position given, or the one after a move.
    enum Shown<'a, P, M> {
        Given(&'a P),
        After(M),
    }
    let mut text = analysis_text(
        lang,
        &game.title(lang),
        &Shown::Given(position),
        game.components(position),
        analysis,
        &|change| Shown::After(change.clone()),
        &|shown| match shown {
            Shown::Given(p) => game.show(p, lang),
            Shown::After(change) => game.show_after(position, change, lang),
        },
    );
    for note in game.notes(position, analysis, lang) {
        text += &note;
        text.push('\n');
    }
    text
}

/// The verdict line (the outcome and `value`, e.g. ", Grundy value *3") and the winning moves,
/// each a description and, where shown, the position after it: the lines every report shares.
pub fn verdict(
    lang: Lang,
    outcome: Outcome,
    value: &str,
    moves: &[(String, Option<String>)],
    count: u64,
) -> String {
    let said = match outcome {
        Outcome::N => lang.pick("first player wins (N-position)", "先手必胜（必胜态，N 态）"),
        Outcome::P => lang.pick(
            "first player loses (P-position)",
            "先手必败（必败态，P 态）",
        ),
        Outcome::D => lang.pick(
            "draw: neither player can force a win",
            "平局：双方都无法强制取胜",
        ),
        Outcome::L => lang.pick(
            "Left wins whoever starts (L-position)",
            "左方必胜（无论谁先走，L 态）",
        ),
        Outcome::R => lang.pick(
            "Right wins whoever starts (R-position)",
            "右方必胜（无论谁先走，R 态）",
        ),
    };
    let mut lines = vec![format!("{said}{value}")];
    if count > 0 {
        let name = ("winning moves", "必胜走法");
        lines.push(list_heading(lang, name, count, moves.len() as u64));
        lines.extend(moves.iter().map(|(description, after)| match after {
            Some(after) => format!("  {description}  =>  {after}"),
            None => format!("  {description}"),
        }));
    } else if outcome == Outcome::P {
        lines.push(
            lang.pick(
                "every move loses against perfect play",
                "无论怎么走，对手都有必胜应对",
            )
            .to_string(),
        );
    }
    lines.iter().map(|line| format!("{line}\n")).collect()
}

/// The line above a list of `listed` of `count` moves named `name` (en, zh): the count alone
/// when none is listed.
pub fn list_heading(lang: Lang, name: (&str, &str), count: u64, listed: u64) -> String {
    let (en, zh) = name;
    match lang {
        Lang::En if listed == 0 => format!("{en}: {count}"),
        Lang::En if listed < count => format!("{en}: {count} in all, the first {listed}:"),
        Lang::En => format!("{en} ({count}):"),
        Lang::Zh if listed == 0 => format!("{zh}：共 {count} 种"),
        Lang::Zh if listed < count => format!("{zh}：共 {count} 种，前 {listed} 种："),
        Lang::Zh => format!("{zh}（{count} 种）："),
    }
}

/// The heading of the explanation, after an empty line.
pub fn why_heading(lang: Lang) -> &'static str {
    lang.pick("Why:", "理由：")
}

/// The steps of an explanation, numbered from 1, one string each (a step may hold a table on
/// lines of its own).
pub fn numbered_steps<S: Explain>(lang: Lang, steps: &[S]) -> Vec<String> {
    steps
        .iter()
        .enumerate()
        .map(|(i, step)| format!("{}. {}", i + 1, step.text(lang)))
        .collect()
}

/// The whole report of `--explain`: [`analysis_text`], then the explanation under its heading.
pub fn explained<S: Explain>(text: String, lang: Lang, steps: &[S]) -> String {
    let mut text = text;
    text += &format!("\n{}\n", why_heading(lang));
    for step in numbered_steps(lang, steps) {
        text += &format!("{step}\n");
    }
    text
}
