//! The subcommands the registry of rulesets gives (`grundy::registry::RULESETS`): `grundy RULESET`
//! analyses a position and `grundy play RULESET` plays it, both with the same arguments: the
//! ruleset's parameters (a flag each, `--k 3`, or an argument before the position,
//! `grundy octal 0.77 5 7`), `--misere` where the ruleset can be played so, and the position.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::OnceLock;

use clap::error::ErrorKind;
use clap::{Arg, ArgAction, ArgMatches, Args as _, Command, FromArgMatches, Subcommand};
use grundy::registry::{self, Visitor};
use grundy::ruleset::{About, ParamDoc, Playable, Setup};
use grundy::{Convention, Lang};

use crate::report::{OutputArgs, write_json, write_why};

/// A ruleset with its parameters and position as typed.
pub struct Chosen {
    /// The ruleset, convention and parameters.
    pub setup: Setup,
    /// The position's words.
    pub position: Vec<String>,
}

/// What the registry says about a ruleset: its descriptor, and what the game its defaults give
/// can do.
struct Description {
    about: About,
    /// Whether its positions are sums of piles, played under the Every-SG rule too.
    sums: bool,
}

impl Description {
    /// How a position is typed, for the help.
    fn position_en(&self) -> String {
        self.about
            .typed_position
            .map_or_else(|| self.about.part.position_en(), str::to_string)
    }

    /// The position's name in the usage line: its part (`PILE`), or `POSITION` when it is typed
    /// otherwise (a sum's `GAME:PILES` components).
    fn value_name(&self) -> String {
        match self.about.typed_position {
            Some(_) => "POSITION".to_string(),
            None => self.about.part.en().to_uppercase(),
        }
    }

    /// The help's first paragraph without its full stop: the rules in one line.
    fn summary(&self) -> &'static str {
        self.about
            .help
            .split("\n\n")
            .next()
            .unwrap_or_default()
            .trim_end_matches('.')
    }
}

struct Describe;

impl Visitor for Describe {
    type Output = Description;
    fn visit<G: Playable>(self, game: G) -> Description {
        Description {
            about: G::ABOUT,
            sums: game.offers_every(),
        }
    }
}

/// What the registry says about ruleset `name`. Each ruleset is built from its defaults once per
/// process (octal's builds a table of values), however many subcommands ask.
fn describe(name: &str) -> &'static Description {
    static DESCRIPTIONS: OnceLock<Vec<(&'static str, Description)>> = OnceLock::new();
    let all = DESCRIPTIONS.get_or_init(|| {
        registry::RULESETS
            .iter()
            .map(|&name| {
                let setup = Setup {
                    game: name.to_string(),
                    ..Setup::default()
                };
                let description = registry::with_ruleset(&setup, Describe).unwrap_or_else(|e| {
                    panic!("the registry's ruleset {name} must build from its defaults: {e}")
                });
                (name, description)
            })
            .collect()
    });
    all.iter()
        .find(|(n, _)| *n == name)
        .map(|(_, d)| d)
        .unwrap_or_else(|| panic!("{name} is a ruleset of the registry"))
}

/// The subcommand of ruleset `name`: its parameters, `--misere` when it has misère play, and the
/// position; for an analysis the output flags, for a game a position that must be given (a game
/// does not start from standard input, which holds the moves).
fn command(name: &'static str, analysis: bool) -> Command {
    let about = describe(name);
    let mut command = Command::new(name);
    if analysis {
        command = OutputArgs::augment_args(command);
    } else {
        let notation = about.about.notation;
        command = command.after_help(format!(
            "A move is {}: {} (e.g. {}).",
            notation.en, notation.meaning_en, notation.example
        ));
    }
    command = command
        .about(about.summary().to_string())
        .long_about(about.about.help);
    command = add_params(command, about.about.parameters);
    command = command.arg(
        Arg::new("misere")
            .long("misere")
            .action(ArgAction::SetTrue)
            .help(if about.about.conventions.contains(&Convention::Misere) {
                "Misère play: the player who makes the last move loses."
            } else {
                "Misère play: the player who makes the last move loses; decided by the SJ theorem where the position is a sum whose components meet its hypothesis, otherwise by a search of the whole position."
            }),
    );
    if about.sums {
        command = command.arg(
            Arg::new("every")
                .long("every")
                .action(ArgAction::SetTrue)
                .conflicts_with("misere")
                .help("Every-SG: on each turn a move in every pile that can move, the last move winning; decided by the piles' counts (the winner of a pile delays its end, the loser hurries)."),
        );
    }
    let position = if analysis {
        format!(
            "The position: {}; read from standard input when none is given; @FILE reads it from FILE, - from standard input.",
            about.position_en()
        )
    } else {
        format!(
            "The position: {}; @FILE reads it from FILE.",
            about.position_en()
        )
    };
    command.arg(
        Arg::new("position")
            .value_name(about.value_name())
            .num_args(if analysis { 0.. } else { 1.. })
            .required(!analysis)
            .allow_negative_numbers(true)
            .help(position),
    )
}

/// Adds the parameters `params` to `command`: a flag each (`--k K`), or an argument before the
/// position (`CODE`), with the ruleset's own words for help.
fn add_params(mut command: Command, params: &[ParamDoc]) -> Command {
    for param in params {
        // The default is told, not set: a parameter left out is not given to the ruleset.
        let help = match param.default {
            Some(default) if !param.positional => format!("{} [default: {default}]", param.en),
            _ => param.en.to_string(),
        };
        let arg = Arg::new(param.name)
            .value_name(param.value_name)
            .help(help)
            .allow_hyphen_values(true);
        command = command.arg(if param.positional {
            arg.required(true)
        } else {
            arg.long(param.long_name())
        });
    }
    command
}

/// The parameters of `params` that `matches` holds, by name.
fn params_given(matches: &ArgMatches, params: &[ParamDoc]) -> BTreeMap<String, String> {
    params
        .iter()
        .filter_map(|p| {
            let value = matches.get_one::<String>(p.name)?;
            Some((p.name.to_string(), value.clone()))
        })
        .collect()
}

/// The subcommand of `grundy explore` for ruleset `name`: its parameters, and the fixed numbers of
/// the position before n.
pub fn family_command(name: &'static str) -> Command {
    let about = describe(name);
    let command = Command::new(name).about(format!(
        "{}: the values of its positions FIXED… n",
        about.summary()
    ));
    add_params(command, about.about.parameters).arg(
        Arg::new("fixed")
            .value_name("FIXED")
            .num_args(0..)
            .help(format!(
                "The numbers of the position before n ({}; none: the position is n alone).",
                about.about.part.position_en()
            )),
    )
}

/// The ruleset, its parameters and the fixed numbers that [`family_command`]'s `matches` hold.
pub fn family_chosen(name: &str, matches: &ArgMatches) -> (Setup, Vec<String>) {
    let setup = Setup {
        game: name.to_string(),
        params: params_given(matches, describe(name).about.parameters),
        ..Setup::default()
    };
    let fixed = matches
        .get_many::<String>("fixed")
        .map(|words| words.cloned().collect())
        .unwrap_or_default();
    (setup, fixed)
}

/// One line per ruleset: its name and how a move is written, for `grundy play --help`.
pub fn notations() -> impl Iterator<Item = String> {
    registry::RULESETS.iter().map(|&name| {
        let notation = describe(name).about.notation;
        format!("  {name}: {}, {}", notation.en, notation.meaning_en)
    })
}

impl Chosen {
    fn from_matches(name: &str, matches: &ArgMatches) -> Chosen {
        let params = params_given(matches, describe(name).about.parameters);
        Chosen {
            setup: Setup {
                game: name.to_string(),
                misere: matches.get_flag("misere"),
                every: matches.try_get_one::<bool>("every").ok().flatten() == Some(&true),
                params,
            },
            position: matches
                .get_many::<String>("position")
                .map(|words| words.cloned().collect())
                .unwrap_or_default(),
        }
    }

    /// The ruleset's name and matches of the subcommand `matches` holds.
    fn from_parent(matches: &ArgMatches) -> Result<(Chosen, &ArgMatches), clap::Error> {
        let (name, sub) = matches
            .subcommand()
            .ok_or_else(|| clap::Error::new(ErrorKind::MissingSubcommand))?;
        Ok((Chosen::from_matches(name, sub), sub))
    }
}

/// `grundy RULESET [PARAMETERS] POSITION`: the analysis of a position.
pub struct Analysis {
    chosen: Chosen,
    output: OutputArgs,
}

impl FromArgMatches for Analysis {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let (chosen, sub) = Chosen::from_parent(matches)?;
        Ok(Analysis {
            chosen,
            output: OutputArgs::from_arg_matches(sub)?,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Analysis::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for Analysis {
    fn augment_subcommands(command: Command) -> Command {
        command.subcommands(
            registry::RULESETS
                .iter()
                .map(|&name| self::command(name, true)),
        )
    }

    fn augment_subcommands_for_update(command: Command) -> Command {
        Analysis::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        registry::RULESETS.contains(&name)
    }
}

/// `grundy play RULESET [PARAMETERS] POSITION`: a ruleset chosen for a game.
pub struct Game(pub Chosen);

impl FromArgMatches for Game {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(Game(Chosen::from_parent(matches)?.0))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Game::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for Game {
    fn augment_subcommands(command: Command) -> Command {
        command.subcommands(
            registry::RULESETS
                .iter()
                .map(|&name| self::command(name, false)),
        )
    }

    fn augment_subcommands_for_update(command: Command) -> Command {
        Game::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        registry::RULESETS.contains(&name)
    }
}

pub fn run(args: Analysis, out: &mut dyn Write) -> anyhow::Result<()> {
    analyse(&args.chosen.setup, &args.chosen.position, &args.output, out)
}

/// The analysis of the position `words` of the game `setup` asks for, written to `out`.
pub fn analyse(
    setup: &Setup,
    words: &[String],
    output: &OutputArgs,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let about = describe(&setup.game);
    // A position typed as text of its own (a sum's components) is read whole from standard input.
    let stdin = ["-".to_string()];
    let typed = if words.is_empty() && about.about.typed_position.is_some() {
        crate::input::tell_when_typing("the position");
        &stdin[..]
    } else {
        words
    };
    let (setup, read) = match crate::input::read_position(setup, typed, true)? {
        Some((setup, numbers)) => {
            crate::input::check_count(numbers.len(), about.about.part.en())?;
            (setup, Some(numbers))
        }
        None => (setup.clone(), None),
    };
    registry::with_ruleset(
        &setup,
        Analyze {
            words,
            read,
            output,
            out,
        },
    )?
}

/// The analysis of one position, whatever the ruleset; or the listing its parameters ask for.
struct Analyze<'a> {
    /// The position as typed.
    words: &'a [String],
    /// Its numbers, when they were read from words other than numbers or from a file
    /// ([`crate::input::read_position`]).
    read: Option<Vec<u64>>,
    output: &'a OutputArgs,
    out: &'a mut dyn Write,
}

impl Visitor for Analyze<'_> {
    type Output = anyhow::Result<()>;

    fn visit<G: Playable>(self, game: G) -> anyhow::Result<()> {
        let lang = Lang::from(self.output.lang);
        if let Some(listing) = game.listing(lang)? {
            if !self.words.is_empty() {
                anyhow::bail!(
                    "{} lists values instead of analysing a position; it takes no {}s",
                    G::ABOUT.name,
                    G::ABOUT.part.en()
                );
            }
            if self.output.json {
                return write_json(self.out, &listing.json);
            }
            self.out.write_all(listing.text.as_bytes())?;
            return Ok(());
        }
        let numbers = match self.read {
            Some(numbers) => numbers,
            None => crate::input::numbers(self.words, G::ABOUT.part.en())?,
        };
        let position = game.position(numbers)?;
        let analysis = game.analyze(&position, &self.output.analyze_options())?;
        if self.output.json {
            let json = grundy::json::playable(&game, &position, &analysis, lang, false);
            return write_json(self.out, &json);
        }
        let text = grundy::report::playable(&game, &position, &analysis, lang);
        self.out.write_all(text.as_bytes())?;
        if self.output.explain {
            write_why(self.out, lang, &analysis.explanation)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The arguments of a subcommand, but for the output flags every analysis adds.
    fn arguments(command: &Command) -> Vec<(String, Option<String>, bool)> {
        let output = OutputArgs::augment_args(Command::new("output"));
        let output: Vec<&str> = output
            .get_arguments()
            .map(|a| a.get_id().as_str())
            .collect();
        let mut args: Vec<(String, Option<String>, bool)> = command
            .get_arguments()
            .filter(|a| !output.contains(&a.get_id().as_str()))
            .map(|a| {
                (
                    a.get_id().to_string(),
                    a.get_long().map(str::to_string),
                    a.is_hide_set(),
                )
            })
            .collect();
        args.sort();
        args
    }

    #[test]
    fn play_takes_the_arguments_the_analysis_takes() {
        for &name in registry::RULESETS {
            let analysis = command(name, true);
            let play = command(name, false);
            assert_eq!(arguments(&analysis), arguments(&play), "{name}");
            assert!(arguments(&play).iter().any(|(id, ..)| id == "position"));
        }
    }
}
