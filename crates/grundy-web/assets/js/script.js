// Script games in the Play tab: the example scripts, and a game started from the editor.
import { api } from './api.js';
import { catalog } from './catalog.js';
import { $, el } from './dom.js';
import { lang } from './i18n.js';

/** The example scripts (from `GET /api/games`) in the picker; the first one in the editor if it is empty. */
export function fillExamples() {
  const examples = catalog.games.find((g) => g.game === 'script')?.examples || [];
  const picker = $('script-example');
  const chosen = picker.value;
  picker.replaceChildren(...examples.map((e) => el('option', { value: e.name, text: e.name })));
  if (chosen) picker.value = chosen;
  if (!$('script-source').value && examples.length) showExample();
}

/** The chosen example's rules and start state, in the editor. */
export function showExample() {
  const example = catalog.games.find((g) => g.game === 'script')?.examples.find((e) => e.name === $('script-example').value);
  if (!example) return;
  $('script-source').value = example.script;
  $('script-state').value = example.state;
}

/** Starts `match` on the script game of the editor (`redraw` draws the match): the rules are
 * checked and the start state listed by the server first; their errors (with line and column)
 * are shown under the editor. With `random`, the server picks the start among the states of the
 * script's `fn start()`. */
export async function newScriptMatch(match, redraw, random = false) {
  const script = $('script-source').value;
  const first = $('play-first').value;
  $('script-error').textContent = '';
  try {
    const request = { game: 'script', script, lang };
    if (!random) request.state = $('script-state').value;
    const a = await api('/api/analyze', request);
    $('script-state').value = a.state;
    await match.start('script', a.resume, false, first, { script, choices: { options: a.options, count: a.option_count } });
  } catch (e) {
    $('script-error').textContent = e.message;
    Object.assign(match, {
      game: 'script', resume: {}, script: null, choices: null, history: [], log: [],
      over: true, finished: null, hinted: null, message: '', failed: false,
    });
    redraw();
  }
}
