// The Play tab: a game of any playable ruleset against the computer, on the board its ruleset
// names.
import { catalog } from './catalog.js';
import { $, el, parseNumbers, randomPiles } from './dom.js';
import { lang } from './i18n.js';
import { drawMatchText, makeMatch, wireMatch } from './match.js';
import { fillExamples, newScriptMatch, showExample } from './script.js';

const PLAY_IDS = {
  status: 'play-status', message: 'play-message', submit: 'move-submit', hint: 'play-hint',
  undo: 'play-undo', notation: 'play-notation', log: 'play-log', form: 'move-form', input: 'move-input',
};
export const match = makeMatch(drawMatch);
wireMatch(match, PLAY_IDS);

/** What a board's name may be: the name of its module in `boards/`. */
const BOARD_NAME = /^[a-z_]+$/;
/** The boards by name: the module, null where there is none (a name that is not a board's, a
 * module that did not load or draws nothing), or the promise of one of these while it loads. */
const boards = new Map();

/**
 * The board `name` (each ruleset's `board` in `GET /api/games`): its module `boards/NAME.js`,
 * loaded once, or null where there is none; the promise of it while it loads. A board module
 * exports `draw(target, match)` (the match's position, its moves as buttons) and may export
 * `read(text, game, params)` (a position typed other than as numbers: its numbers, or null) and
 * `random()` (a position dealt, as it is typed).
 */
function loadBoard(name) {
  if (!boards.has(name)) {
    if (typeof name !== 'string' || !BOARD_NAME.test(name)) {
      boards.set(name, null);
    } else {
      boards.set(name, import(`./boards/${name}.js`)
        .then((board) => {
          if (typeof board.draw !== 'function') throw new Error('it exports no draw');
          return board;
        })
        .catch((e) => {
          console.warn(`board ${name}: ${e.message}`);
          return null;
        })
        .then((board) => {
          boards.set(name, board);
          return board;
        }));
    }
  }
  return boards.get(name);
}

/** Draws the Play tab's game: its board (or its position as numbers), status and log. Until its
 * board is loaded, it waits for it (the promise of the drawing). */
export function drawMatch() {
  const info = catalog.games.find((g) => g.game === match.game);
  const board = loadBoard(info?.board);
  if (board instanceof Promise) return board.then(drawMatch);
  const target = $('play-board');
  target.replaceChildren();
  const settings = info ? settingsLine(info, match.resume) : '';
  if (settings) target.append(el('p', { class: 'settings', text: settings }));
  const drawable = info?.board === 'script' ? match.resume.state !== undefined : Array.isArray(match.resume.position);
  if (board && drawable) board.draw(target, match);
  else if (match.resume.position) target.append(el('p', { class: 'position', text: match.resume.position.join(' ') }));
  // A board's buttons wait while the computer thinks and after the end; one the board drew
  // disabled (Turn before a coin is picked) stays so.
  if (match.over || match.busy) target.querySelectorAll('button').forEach((b) => { b.disabled = true; });
  if (info) $('move-input').placeholder = (match.every ? info.every_notation : info.notation).example;
  drawMatchText(match, PLAY_IDS, info);
}

/** The parameters that are rules of the game (Moore's K, a subtraction set): the page's inputs
 * and settings. Bounds of the analysis and alternative spellings are the command line's. */
function rules(info) {
  return info.params.filter((p) => (p.role ?? 'rule') === 'rule');
}

/** The parameters of a game in progress, as its position carries them (`resume`): `k = 2`,
 * the default for one left out, or the parameter's meaning where leaving it out means something
 * of its own (no cap). */
function settingsLine(info, resume) {
  return rules(info).map((p) => {
    const value = resume[p.name] ?? p.default;
    return value === null ? `${p.name}: ${lang === 'zh' ? p.zh : p.en}` : `${p.name} = ${value}`;
  }).join(' · ');
}

/** The ruleset picker from the catalog, in the current language. */
export function fillGames() {
  const select = $('play-game');
  const chosen = select.value || match.game;
  const names = catalog.games.map((g) => g.game);
  select.replaceChildren(...catalog.games.map((g) => el('option', { value: g.game, text: g.title[lang] })));
  select.value = names.includes(chosen) ? chosen : 'nim';
  fillExamples();
  fillParams();
}

/** One input per parameter of the chosen ruleset (the shrinking cap's k, the subtraction set),
 * its default as the placeholder; the misère switch where the ruleset has misère play, and the
 * Every-SG switch where its positions are sums of piles. */
function fillParams() {
  const info = catalog.games.find((g) => g.game === $('play-game').value);
  const old = Object.fromEntries([...$('play-params').querySelectorAll('input')].map((i) => [i.name, i.value]));
  $('play-params').replaceChildren(...(info ? rules(info) : []).map((p) => el('label', {},
    el('span', { text: p.name, title: lang === 'zh' ? p.zh : p.en }),
    el('input', {
      name: p.name, value: old[p.name] ?? '', placeholder: p.default ?? '', size: '8', 'aria-label': lang === 'zh' ? p.zh : p.en,
    }))));
  // Its board loads while the game is set up.
  loadBoard(info?.board);
  $('play-misere').disabled = !info?.conventions.includes('misere');
  if ($('play-misere').disabled) $('play-misere').checked = false;
  $('play-every').disabled = !info?.every;
  if ($('play-every').disabled) $('play-every').checked = false;
  // A script game has its rules and start state instead of a position.
  const script = $('play-game').value === 'script';
  $('play-script').hidden = !script;
  $('play-position-label').hidden = script;
  $('play-misere').closest('label').hidden = script;
  $('play-every').closest('label').hidden = script;
  if (!script) $('script-error').textContent = '';
}

/** The catalog's entry of the ruleset chosen. */
const chosen = () => catalog.games.find((g) => g.game === $('play-game').value);

/** A new game of the chosen ruleset from the position and parameters typed, once its board is
 * loaded. */
function newMatch() {
  if ($('play-game').value === 'script') return newScriptMatch(match, drawMatch);
  const game = $('play-game').value || 'nim';
  const board = loadBoard(catalog.games.find((g) => g.game === game)?.board);
  if (board instanceof Promise) return board.then(newMatch);
  const resume = {};
  for (const input of $('play-params').querySelectorAll('input')) {
    if (input.value.trim()) resume[input.name] = input.value.trim();
  }
  const read = board?.read;
  try {
    // A board may read its positions its own way (a drawing inline, pieces as WxH, coins as HTTH).
    const text = $('play-position').value;
    resume.position = read?.(text, game, resume) ?? parseNumbers(text);
  } catch (e) {
    match.fail(e);
    return drawMatch();
  }
  match.start(game, resume, $('play-misere').checked, $('play-first').value, { every: $('play-every').checked });
}

$('play-form').addEventListener('submit', (e) => { e.preventDefault(); newMatch(); });
$('play-game').addEventListener('change', fillParams);
// Misère play and Every-SG play are two rules for the end of a game: one at a time.
$('play-misere').addEventListener('change', () => { if ($('play-misere').checked) $('play-every').checked = false; });
$('play-every').addEventListener('change', () => { if ($('play-every').checked) $('play-misere').checked = false; });
$('script-example').addEventListener('change', showExample);
/** A new game of the chosen ruleset from a position its board deals (random piles where it
 * deals none), once its board is loaded. */
function randomMatch() {
  if ($('play-game').value === 'script') return newScriptMatch(match, drawMatch, true);
  const board = loadBoard(chosen()?.board);
  if (board instanceof Promise) return board.then(randomMatch);
  const random = board?.random;
  $('play-position').value = random ? random() : randomPiles().join(' ');
  return newMatch();
}
$('play-random').addEventListener('click', randomMatch);
