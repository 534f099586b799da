//! An analysis drawn as HTML for a notebook (`Analysis._repr_html_`), with inline styles only: a
//! notebook loads no stylesheet of ours.
//!
//! Every ruleset gets its title, position and the answer bar (outcome, Grundy value, the first
//! winning move). A ruleset whose explanation writes the piles in binary (Nim) also gets the
//! playground's table: each pile in binary, the running XOR, the highest set bit of the total
//! marked and the pile the winning move changes in green.

use std::fmt::Write as _;

use grundy::ruleset::Playable;
use grundy::{Analysis, GameValue, Lang, Move, Outcome};
use serde_json::Value;

const WIN: &str = "#1a7f37";
const LOSE: &str = "#b42318";
const MARK: &str = "#fff3bf";
const MOVED: &str = "#d3f9d8";

/// `text` with the characters HTML gives a meaning escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// The HTML of `analysis` of `position`; its explanation must have been built.
pub fn analysis<G: Playable>(
    game: &G,
    position: &G::Position,
    analysis: &Analysis<G::Step, G::Move, G::Value>,
) -> String {
    let mut html = String::from("<div style=\"font-family: sans-serif; max-width: 48em\">");
    let components = game.components(position);
    let shown = if components <= grundy::json::MOVE_POSITION_LIMIT {
        game.show(position, Lang::En)
    } else {
        format!("{components} {}s", G::ABOUT.part.en())
    };
    let _ = write!(
        html,
        "<div><b>{}</b>: {}</div>",
        escape(&game.title(Lang::En)),
        escape(&shown)
    );
    let steps = serde_json::to_value(&analysis.explanation).unwrap_or(Value::Null);
    let step = |kind: &str| {
        steps
            .as_array()
            .and_then(|all| all.iter().find(|s| s["step"] == kind))
    };
    if let Some(binary) = step("binary") {
        binary_table(&mut html, binary, step("highest_bit"), step("move"));
    }
    answer_bar(&mut html, analysis, game);
    html.push_str("</div>");
    html
}

/// The piles in binary with the running XOR: the explanation's `binary` step, the bit of its
/// `highest_bit` step marked, the pile of its `move` step shown after the move.
fn binary_table(html: &mut String, binary: &Value, high: Option<&Value>, moved: Option<&Value>) {
    let numbers = |field: &str| -> Vec<u64> {
        binary[field]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_default()
    };
    let piles = numbers("piles");
    let running = numbers("running_xor");
    let width = binary["width"].as_u64().unwrap_or(1) as usize;
    let bit = high.and_then(|h| h["bit"].as_u64()).map(|b| b as usize);
    let marked_piles: Vec<u64> = high
        .and_then(|h| h["piles"].as_array())
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    let moved = moved.and_then(|m| Some((m["pile"].as_u64()?, m["after"].as_u64()?)));

    let cell = "padding: 0.1em 0.5em; text-align: right";
    let digits = |html: &mut String, value: Option<u64>, background: &str| {
        let text = value.map_or_else(|| " ".repeat(width), |v| format!("{v:0width$b}"));
        for (i, digit) in text.chars().enumerate() {
            let place = width - 1 - i;
            let shade = if Some(place) == bit { MARK } else { background };
            let _ = write!(
                html,
                "<td style=\"font-family: monospace; padding: 0 0.2em; background: {shade}\">{digit}</td>"
            );
        }
    };
    html.push_str("<table style=\"border-collapse: collapse; margin: 0.5em 0\"><tr>");
    let _ = write!(
        html,
        "<th style=\"{cell}\">pile</th><th style=\"{cell}\">stones</th>"
    );
    for place in (0..width).rev() {
        let _ = write!(
            html,
            "<th style=\"font-weight: normal; font-size: 70%; padding: 0 0.2em\">2<sup>{place}</sup></th>"
        );
    }
    let _ = write!(html, "<th style=\"{cell}\">running XOR</th></tr>");
    for (i, (&pile, &xor)) in piles.iter().zip(&running).enumerate() {
        let after = moved
            .filter(|&(p, _)| p == i as u64)
            .map(|(_, after)| after);
        let background = match after {
            Some(_) => MOVED,
            None if marked_piles.contains(&(i as u64)) => MARK,
            None => "transparent",
        };
        let count = match after {
            Some(after) => format!("{pile} → {after}"),
            None => pile.to_string(),
        };
        let _ = write!(
            html,
            "<tr style=\"background: {background}\"><td style=\"{cell}\">{}</td><td style=\"{cell}\">{count}</td>",
            i + 1
        );
        digits(html, Some(after.unwrap_or(pile)), background);
        let _ = write!(html, "<td style=\"{cell}\">{xor}</td></tr>");
    }
    let total = running.last().copied().unwrap_or(0);
    let _ = write!(
        html,
        "<tr style=\"border-top: 2px solid #444\"><td style=\"{cell}\"><b>XOR</b></td><td style=\"{cell}\">{total}</td>"
    );
    digits(html, Some(total), "transparent");
    html.push_str("<td></td></tr></table>");
    if let Some(omitted) = binary["omitted"].as_u64().filter(|&n| n > 0) {
        let _ = write!(html, "<div>… and {omitted} more piles</div>");
    }
}

/// The answer: who wins, the Grundy value, the first winning move.
fn answer_bar<G: Playable>(
    html: &mut String,
    analysis: &Analysis<G::Step, G::Move, G::Value>,
    game: &G,
) {
    let (color, verdict) = match analysis.outcome {
        Outcome::N => (WIN, "First player wins (N-position)"),
        Outcome::P => (LOSE, "First player loses (P-position)"),
        Outcome::D => ("#555", "Draw: neither player can force a win"),
        Outcome::L => ("#555", "Left wins whoever starts (L-position)"),
        Outcome::R => ("#555", "Right wins whoever starts (R-position)"),
    };
    let value = analysis
        .value
        .as_ref()
        .map(|v| match v.nimber() {
            Some(g) => format!(" · Grundy value {}", g.value()),
            None => format!(" · {} {v}", G::Value::name(Lang::En)),
        })
        .unwrap_or_default();
    let _ = write!(
        html,
        "<div style=\"background: {color}; color: white; padding: 0.4em 0.8em; border-radius: 0.3em\"><b>{verdict}</b>{value}"
    );
    match analysis.winning_moves.first() {
        Some(change) => {
            let more = analysis.winning_move_count - 1;
            let others = if more > 0 {
                format!(" ({more} other winning moves)")
            } else {
                String::new()
            };
            let _ = write!(
                html,
                "<br>Winning move: {} <code style=\"color: white\">{}</code>{others}",
                escape(&change.describe(Lang::En)),
                escape(&game.write_move(change))
            );
        }
        None if analysis.outcome == Outcome::P => {
            html.push_str("<br>Every move leaves the opponent a winning position.");
        }
        None => {}
    }
    html.push_str("</div>");
}
