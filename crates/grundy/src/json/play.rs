//! The JSON of playing a ruleset: a ruleset as `GET /api/games` lists it, and the answer to a
//! move (`POST /api/move`, `POST /api/computer`).

use serde::Serialize;

use crate::ruleset::{EVERY_NOTATION, Notation, ParamDoc, Playable, Resume};
use crate::{Convention, Lang, Move};

/// A ruleset as the API lists it: `game`, `title` (`en`, `zh`), `notation`, `params` (each
/// with `name`, `value_name`, `en`, `zh`, `default`, `positional`), `conventions`, `every`
/// (whether a request may ask for Every-SG play), `every_notation` (how a move of that play is
/// written, for those rulesets only) and `board`.
#[derive(Serialize)]
pub struct RulesetJson {
    game: &'static str,
    title: Titles,
    notation: Notation,
    params: &'static [ParamDoc],
    conventions: &'static [Convention],
    every: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    every_notation: Option<Notation>,
    board: &'static str,
}

/// A text in both languages.
#[derive(Serialize)]
struct Titles {
    en: String,
    zh: String,
}

impl RulesetJson {
    /// The listing of `game`.
    pub fn of<G: Playable>(game: &G) -> RulesetJson {
        RulesetJson {
            game: G::ABOUT.name,
            title: Titles {
                en: game.title(Lang::En),
                zh: game.title(Lang::Zh),
            },
            notation: G::ABOUT.notation,
            params: G::ABOUT.parameters,
            // Every ruleset is played under both: misère through `ruleset::Misere` where its
            // own analysis decides normal play only.
            conventions: &[Convention::Normal, Convention::Misere],
            every: game.offers_every(),
            every_notation: game.offers_every().then_some(EVERY_NOTATION),
            board: G::ABOUT.board,
        }
    }
}

/// The answer to a move: the position after it (as the ruleset writes it for people, `shown`,
/// and as the `position` and parameters of the next request, `resume`), the move three ways
/// (`change`, `move` in the ruleset's notation, `description`), and whether the game is over.
#[derive(Serialize)]
pub struct MovedJson<'a, P, M> {
    game: &'static str,
    play: Convention,
    position: &'a P,
    shown: String,
    resume: Resume,
    change: &'a M,
    #[serde(rename = "move")]
    text: String,
    description: String,
    over: bool,
}

/// The answer to `change`, which left `after`, in the playable ruleset `game`.
pub fn moved<'a, G: Playable>(
    game: &G,
    after: &'a G::Position,
    change: &'a G::Move,
    lang: Lang,
) -> MovedJson<'a, G::Position, G::Move> {
    MovedJson {
        game: G::ABOUT.name,
        play: game.convention(),
        position: after,
        shown: game.show(after, lang),
        resume: game.resume(after),
        change,
        text: game.write_move(change),
        description: change.describe(lang),
        over: game.is_over(after),
    }
}
