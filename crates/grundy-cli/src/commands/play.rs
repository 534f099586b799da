//! `grundy play`: a game against the computer, line by line.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::mpsc;

use anyhow::Context;
use clap::ValueEnum;
use grundy::play::{Search, computer_move};
use grundy::registry::{self, Visitor};
use grundy::ruleset::{Playable, Setup};
use grundy::{AnalyzeOptions, Convention, Explain, Lang, Move};
use grundy_script::play::ScriptPlay;
use grundy_script::{Script, ScriptLimits, Start};

use crate::commands::ruleset;
use crate::commands::script::{MemoryArg, load, on_script_stack_alongside};
use crate::report::{self, LangArg};

/// Play against a perfect opponent: every ruleset of `grundy`, and games written as scripts.
#[derive(clap::Args)]
#[command(long_about = long_help())]
pub struct Args {
    #[command(subcommand)]
    game: Chosen,
    /// Who moves first.
    #[arg(long, value_enum, default_value = "me", global = true)]
    first: First,
    /// Language of the game's text.
    #[arg(long, value_enum, default_value = "en", global = true)]
    lang: LangArg,
    /// A parameter as NAME=VALUE (the same as the ruleset's flag: `--param k=3` is `--k 3`).
    #[arg(long = "param", value_name = "NAME=VALUE", global = true, hide = true)]
    params: Vec<String>,
}

/// The game to play: a ruleset of the registry, or a script.
#[derive(clap::Subcommand)]
enum Chosen {
    #[command(flatten)]
    Ruleset(ruleset::Game),
    /// A game written as a script: `grundy play script FILE STATE`.
    Script(ScriptArgs),
}

/// `grundy play script FILE STATE`.
#[derive(clap::Args)]
struct ScriptArgs {
    /// The script file, then the start state as the script writes states (`6`, `[2, 3]`).
    #[arg(required = true, allow_negative_numbers = true)]
    words: Vec<String>,
    /// The most states the game may have (all are listed before it starts, one call of the
    /// script's options() each).
    #[arg(long, default_value_t = SCRIPT_STATES, value_name = "N", value_parser = crate::input::count::<usize>)]
    max_states: usize,
    #[command(flatten)]
    memory: MemoryArg,
}

/// `grundy play --help`: the rulesets and their moves, from the registry, then how a game goes.
fn long_help() -> String {
    let mut text = String::from(
        "Play against a perfect opponent. `grundy play RULESET` takes the same parameters and \
position as `grundy RULESET` (see `grundy RULESET --help` for the rules and the theorem); \
`grundy play script FILE STATE` plays a game written as a script.\n\n\
The game shows the position and asks for your move in the ruleset's notation:\n",
    );
    for line in ruleset::notations() {
        text.push_str(&line);
        text.push('\n');
    }
    text.push_str(
        "  script: STATE, the state after your move as the script writes it (`6`, `[2, 3]`)\n\n\
A bad move, or a line longer than 65536 bytes, gets a one-line reason and the prompt again. \
Commands: `hint` (the winning move and why, or that every move loses), `undo` (back to your \
previous turn), `explain` (the whole proof for the position), `help`, `quit`. End of input \
ends the game.\n\n\
The computer plays perfectly. Where the engine can search the whole game from the position \
(for nim: about (p1+1)(p2+1)... positions times the stones, within two million) it wins as \
fast as possible and, from a lost position, loses as slowly as possible (remoteness). Above \
that it plays the closed form's winning move that leaves the least game (for nim the fewest \
stones), and from a lost position moves a single stone (or coin): it never throws away a win. \
A script game is listed state by state before it starts (at most --max-states states, no \
cycles); the engine's values over that list answer hints, and its remoteness the computer.\n\n\
Examples: `grundy play nim 3 4 5`, `grundy play nim --misere --first computer 1 2 3`, \
`grundy play staircase 3 0 2`, `grundy play coins 1 5 6`, \
`grundy play nonincreasing --k 3 3 4 5`, `grundy play subtraction --set 1,3,4 7 9`, \
`grundy play wythoff 4 9`, `grundy play lasker 2 5 7`, `grundy play octal 0.07 9 14`, \
`grundy play script examples/scripts/queen.rhai '[3, 5]'`.",
    );
    text
}

/// The default bound on the states of a script game: listing them calls the script once per
/// state, which takes seconds for this many.
const SCRIPT_STATES: usize = 100_000;

/// The longest line read as a move, in bytes, end of line included: a longer one is skipped
/// without being kept, and answered with one line.
const MAX_LINE: usize = 64 << 10;

/// What [`read_line`] found.
enum Line {
    /// A line of at most [`MAX_LINE`] bytes, in the buffer.
    Read,
    /// A longer line, skipped to its end.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line of `input` into `line` (cleared first), keeping at most [`MAX_LINE`] bytes:
/// the rest of a longer line is read and dropped block by block.
fn read_line(input: &mut dyn BufRead, line: &mut Vec<u8>) -> std::io::Result<Line> {
    line.clear();
    let mut too_long = false;
    loop {
        let block = input.fill_buf()?;
        if block.is_empty() {
            return Ok(match (too_long, line.is_empty()) {
                (true, _) => Line::TooLong,
                (false, true) => Line::End,
                (false, false) => Line::Read,
            });
        }
        let (used, ends) = match block.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (block.len(), false),
        };
        if !too_long && line.len() + used <= MAX_LINE {
            line.extend_from_slice(&block[..used]);
        } else {
            too_long = true;
            line.clear();
        }
        input.consume(used);
        if ends {
            return Ok(if too_long { Line::TooLong } else { Line::Read });
        }
    }
}

/// `--first` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You move first.
    Me,
    /// The computer moves first.
    Computer,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let named = args
        .params
        .iter()
        .map(|p| {
            p.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .with_context(|| format!("bad --param '{p}': write NAME=VALUE"))
        })
        .collect::<anyhow::Result<BTreeMap<_, _>>>()?;
    let table = Table {
        first: args.first,
        lang: args.lang.into(),
    };
    match args.game {
        Chosen::Script(script) => {
            ScriptPlay::check(&Setup {
                game: "script".to_string(),
                misere: false,
                every: false,
                params: named,
            })?;
            let limits = ScriptLimits {
                max_states: script.max_states,
                max_memory: script.memory.bytes(),
                ..ScriptLimits::default()
            };
            script_game(&script.words, limits, table, out)
        }
        Chosen::Ruleset(ruleset::Game(mut chosen)) => {
            chosen.setup.params.extend(named);
            let (setup, numbers) =
                match crate::input::read_position(&chosen.setup, &chosen.position, false)? {
                    Some(read) => read,
                    None => (
                        chosen.setup,
                        crate::input::numbers(&chosen.position, "position value")?,
                    ),
                };
            let stdin = std::io::stdin();
            let session = Session {
                numbers,
                table,
                input: &mut stdin.lock(),
                out,
            };
            registry::with_ruleset(&setup, session)?
        }
    }
}

/// How a game is played whatever the ruleset: who starts, in which language.
#[derive(Clone, Copy)]
struct Table {
    first: First,
    lang: Lang,
}

impl Table {
    /// Plays `game` from `start`, reading moves from `input`.
    fn play<G: Playable>(
        self,
        game: G,
        start: G::Position,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> anyhow::Result<()> {
        Game {
            search: Search::new(Search::<G::Position>::DEFAULT_BUDGET),
            game,
            lang: self.lang,
            out,
            history: Vec::new(),
        }
        .run(start, self.first, input)
    }
}

/// `grundy play script FILE STATE...`: the words after the file are the start state. The
/// game runs on the script thread (see [`on_script_stack_alongside`]) and its text is
/// forwarded to `out` here, flush by flush.
fn script_game(
    words: &[String],
    limits: ScriptLimits,
    table: Table,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let Some((file, state)) = words.split_first() else {
        anyhow::bail!("write the script and its start state: grundy play script FILE STATE");
    };
    let state = state.join(" ");
    let (sender, receiver) = mpsc::channel::<Vec<u8>>();
    let game = move || -> anyhow::Result<()> {
        let script = load(Path::new(file), limits)?;
        let example = example_state(&script);
        let suggest = |e: anyhow::Error| match &example {
            Some(example) => anyhow::anyhow!(
                "{e:#}; a state of this script looks like {example} (from its start()): grundy play script {file} '{example}'"
            ),
            None => e,
        };
        if state.is_empty() {
            return Err(suggest(anyhow::anyhow!(
                "write the script and its start state: grundy play script FILE STATE"
            )));
        }
        let start = script
            .parse_state(&state, 1)
            .with_context(|| file.clone())
            .map_err(suggest)?;
        let game = ScriptPlay::new(script, &start)
            .with_context(|| file.clone())
            .map_err(suggest)?;
        let mut forward = Forward {
            sender,
            buffer: Vec::new(),
        };
        table.play(game, start, &mut std::io::stdin().lock(), &mut forward)?;
        forward.flush()?;
        Ok(())
    };
    on_script_stack_alongside(game, || {
        for chunk in receiver {
            out.write_all(&chunk)?;
            out.flush()?;
        }
        Ok(())
    })
}

/// The first state of the script's `start()`, as the script writes states, if it has one.
fn example_state(script: &Script) -> Option<String> {
    match script.start().ok()?? {
        Start::Range(from, to) => (from < to).then(|| from.to_string()),
        Start::States(states) => states.first().map(ToString::to_string),
    }
}

/// Text written on the script thread, sent to the main thread at each flush.
struct Forward {
    sender: mpsc::Sender<Vec<u8>>,
    buffer: Vec<u8>,
}

impl Write for Forward {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.buffer.is_empty() {
            self.sender
                .send(std::mem::take(&mut self.buffer))
                .map_err(|_| std::io::Error::from(std::io::ErrorKind::BrokenPipe))?;
        }
        Ok(())
    }
}

/// One game, whatever the ruleset.
struct Session<'a> {
    numbers: Vec<u64>,
    table: Table,
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
}

impl Visitor for Session<'_> {
    type Output = anyhow::Result<()>;

    fn visit<G: Playable>(self, game: G) -> anyhow::Result<()> {
        let start = game.position(self.numbers)?;
        self.table.play(game, start, self.input, self.out)
    }
}

/// Who made the last move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mover {
    Human,
    Computer,
}

struct Game<'a, G: Playable> {
    game: G,
    search: Search<G::Position>,
    lang: Lang,
    out: &'a mut dyn Write,
    /// The positions at the start of each of the human's turns, for `undo`.
    history: Vec<G::Position>,
}

impl<G: Playable> Game<'_, G> {
    fn run(
        mut self,
        mut position: G::Position,
        first: First,
        input: &mut dyn BufRead,
    ) -> anyhow::Result<()> {
        let lang = self.lang;
        let title = self.game.title(lang);
        let who = match first {
            First::Me => lang.pick("you move first", "你先走"),
            First::Computer => lang.pick("the computer moves first", "电脑先走"),
        };
        writeln!(self.out, "{title}: {who}{}", lang.pick(".", "。"))?;
        self.help()?;
        if first == First::Computer {
            match self.computer(&position)? {
                Some(next) => position = next,
                None => return self.finish(Mover::Human),
            }
        }
        let mut line = Vec::new();
        loop {
            if self.game.is_over(&position) {
                return self.finish(Mover::Computer);
            }
            writeln!(
                self.out,
                "{}{}",
                lang.pick("position: ", "局面："),
                self.game.show(&position, self.lang)
            )?;
            write!(self.out, "{}", lang.pick("your move> ", "你的走法> "))?;
            self.out.flush()?;
            match read_line(input, &mut line).context("cannot read standard input")? {
                Line::End => {
                    writeln!(
                        self.out,
                        "\n{}",
                        lang.pick("end of input: bye.", "输入结束，再见。")
                    )?;
                    return Ok(());
                }
                Line::TooLong => {
                    writeln!(
                        self.out,
                        "{}",
                        match lang {
                            Lang::En => format!("the move is longer than {MAX_LINE} bytes"),
                            Lang::Zh => format!("走法超过 {MAX_LINE} 字节"),
                        }
                    )?;
                    continue;
                }
                Line::Read => {}
            }
            let text = String::from_utf8_lossy(&line);
            match text.trim() {
                "" => {}
                "quit" | "exit" | "q" | "退出" => {
                    writeln!(self.out, "{}", lang.pick("bye.", "再见。"))?;
                    return Ok(());
                }
                "help" | "?" | "帮助" => self.help()?,
                "hint" | "提示" => self.hint(&position)?,
                "explain" | "讲解" => self.explain(&position)?,
                "undo" | "悔棋" => match self.history.pop() {
                    Some(before) => {
                        position = before;
                        writeln!(
                            self.out,
                            "{}",
                            lang.pick(
                                "undone: back to your last turn.",
                                "已悔棋：回到你上一次走之前。"
                            )
                        )?;
                    }
                    None => writeln!(
                        self.out,
                        "{}",
                        lang.pick("nothing to undo.", "没有可以悔的棋。")
                    )?,
                },
                text => match self.game.parse_move(&position, text) {
                    Err(e) => writeln!(self.out, "{}", e.text(lang))?,
                    Ok(change) => {
                        let after = self.game.apply(&position, &change);
                        writeln!(
                            self.out,
                            "{}{}  =>  {}",
                            lang.pick("you: ", "你："),
                            change.describe(lang),
                            self.game.show(&after, self.lang)
                        )?;
                        if self.game.is_over(&after) {
                            return self.finish(Mover::Human);
                        }
                        self.history.push(position);
                        match self.computer(&after)? {
                            Some(next) => position = next,
                            None => return self.finish(Mover::Human),
                        }
                    }
                },
            }
        }
    }

    /// Plays the computer's move from `position`; `None` if the computer cannot move.
    fn computer(&mut self, position: &G::Position) -> anyhow::Result<Option<G::Position>> {
        let lang = self.lang;
        let Some(reply) = computer_move(&self.game, position, &mut self.search) else {
            return Ok(None);
        };
        let after = self.game.apply(position, &reply.change);
        writeln!(
            self.out,
            "{}{}  =>  {}",
            lang.pick("computer: ", "电脑："),
            reply.change.describe(lang),
            self.game.show(&after, self.lang)
        )?;
        Ok(Some(after))
    }

    /// Announces the winner; `last` made the last move.
    fn finish(&mut self, last: Mover) -> anyhow::Result<()> {
        let lang = self.lang;
        let last_mover_wins = self.game.convention() == Convention::Normal;
        let human_wins = (last == Mover::Human) == last_mover_wins;
        let rule = if last_mover_wins {
            lang.pick(
                "no move is left: the player to move loses",
                "已无棋可走：轮到的一方输",
            )
        } else {
            lang.pick(
                "no move is left: the player who made the last move loses",
                "已无棋可走：走最后一步的一方输",
            )
        };
        let verdict = if human_wins {
            lang.pick("you win!", "你赢了！")
        } else {
            lang.pick("the computer wins.", "电脑赢了。")
        };
        writeln!(self.out, "{rule}{}{verdict}", lang.pick("; ", "；"))?;
        Ok(())
    }

    fn help(&mut self) -> anyhow::Result<()> {
        let lang = self.lang;
        writeln!(self.out, "{}", G::ABOUT.notation.text(lang))?;
        writeln!(
            self.out,
            "{}",
            lang.pick(
                "commands: hint, undo, explain, help, quit",
                "命令：提示（hint）、悔棋（undo）、讲解（explain）、帮助（help）、退出（quit）"
            )
        )?;
        Ok(())
    }

    fn hint(&mut self, position: &G::Position) -> anyhow::Result<()> {
        let lang = self.lang;
        let options = AnalyzeOptions {
            max_moves: 1,
            explain: true,
        };
        let analysis = match self.game.analyze(position, &options) {
            Ok(a) => a,
            Err(e) => return Ok(writeln!(self.out, "cannot analyse this position: {e}")?),
        };
        let wins = analysis.outcome.mover_wins(self.game.to_move(position));
        match (wins, analysis.winning_moves.first()) {
            (true, Some(change)) => {
                writeln!(
                    self.out,
                    "{}{} ({} '{}')",
                    lang.pick("hint: ", "提示："),
                    change.describe(lang),
                    lang.pick("type", "输入"),
                    self.game.write_move(change)
                )?;
                if let Some(why) = analysis.explanation.last() {
                    let line = format!("{}{}", lang.pick("why: ", "理由："), why.text(lang));
                    writeln!(self.out, "{}", report::fit(&line))?;
                }
            }
            _ => writeln!(
                self.out,
                "{}",
                lang.pick(
                    "you are in a lost position: any move loses against perfect play",
                    "你处于必败态：对手走法完美时，无论怎么走都会输"
                )
            )?,
        }
        Ok(())
    }

    fn explain(&mut self, position: &G::Position) -> anyhow::Result<()> {
        let options = AnalyzeOptions {
            max_moves: 1,
            explain: true,
        };
        match self.game.analyze(position, &options) {
            Ok(analysis) => {
                for (i, step) in analysis.explanation.iter().enumerate() {
                    let line = format!("{}. {}", i + 1, step.text(self.lang));
                    writeln!(self.out, "{}", report::fit(&line))?;
                }
            }
            Err(e) => writeln!(self.out, "cannot analyse this position: {e}")?,
        }
        Ok(())
    }
}
