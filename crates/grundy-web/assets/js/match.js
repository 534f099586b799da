// A game against the computer, whatever the board: the Play tab and the staircase view each
// hold one. `changed()` is called whenever something is to be redrawn.
import { api } from './api.js';
import { $, el } from './dom.js';
import { lang, t } from './i18n.js';

export function makeMatch(changed) {
  const m = {
    game: 'nim', misere: false, every: false, resume: { position: [] }, history: [], log: [],
    over: false, busy: false, hinted: null, message: '', finished: null,
    // A script game's rules, and the options of its position ({options, count}).
    script: null, choices: null,
  };
  m.request = (extra) => ({
    game: m.game, misere: m.misere, ...(m.every ? { every: true } : {}), lang,
    ...(m.script === null ? {} : { script: m.script }), ...m.resume, ...extra,
  });
  /** Keeps the options an answer lists (script games). */
  const choose = (r) => { m.choices = r.options ? { options: r.options, count: r.option_count } : null; };
  /** The game is over after `last` moved: normal play, the last mover wins; misère, loses. */
  const finish = (last) => {
    m.over = true;
    m.finished = (last === 'human') === !m.misere ? 'human' : 'computer';
  };
  m.start = async (game, resume, misere, first, extra = {}) => {
    Object.assign(m, {
      game, resume, misere, every: false, history: [], log: [], over: false, busy: false,
      finished: null, hinted: null, message: '', failed: false, script: null, choices: null, ...extra,
    });
    await changed();
    if (first === 'computer') await m.computer();
  };
  m.computer = async () => {
    m.busy = true;
    await changed();
    try {
      const r = await api('/api/computer', m.request({}));
      m.resume = r.resume;
      choose(r);
      m.log.push({ who: 'computer', description: r.description, shown: r.shown, change: r.change });
      if (r.over) finish('computer');
    } catch (e) {
      m.fail(e);
    }
    m.busy = false;
    await changed();
  };
  m.human = async (text) => {
    if (m.over || m.busy) return;
    m.hinted = null;
    try {
      const r = await api('/api/move', m.request({ move: text }));
      m.history.push({ resume: m.resume, log: m.log.length, choices: m.choices });
      m.resume = r.resume;
      choose(r);
      m.log.push({ who: 'human', description: r.description, shown: r.shown, change: r.change });
      m.message = '';
      m.failed = false;
      if (r.over) {
        finish('human');
        await changed();
      } else {
        await m.computer();
      }
    } catch (e) {
      m.fail(e);
      await changed();
    }
  };
  /** Shows `e` as an error until the next message. */
  m.fail = (e) => {
    m.message = e.message;
    m.failed = true;
  };
  m.undo = async () => {
    m.failed = false;
    const back = m.history.pop();
    if (!back) {
      m.message = t('nothing_to_undo');
    } else {
      m.resume = back.resume;
      m.choices = back.choices;
      m.log.length = back.log;
      Object.assign(m, { over: false, finished: null, hinted: null, message: '' });
    }
    await changed();
  };
  m.hint = async () => {
    m.failed = false;
    try {
      const a = await api('/api/analyze', m.request({ explain: true, max_moves: 1, notation: true }));
      const first = a.winning_moves[0];
      if (a.outcome === 'N' && first) {
        m.hinted = first.change;
        const why = a.explanation[a.explanation.length - 1].text;
        m.message = `${t('hint_move', first.description, first.move)} ${why}`;
      } else {
        m.hinted = null;
        m.message = t('lost_hint');
      }
    } catch (e) {
      m.fail(e);
    }
    await changed();
  };
  return m;
}

/** Draws a match's status, message, notation line and log into the elements `ids` names. */
export function drawMatchText(m, ids, info) {
  $(ids.status).textContent = m.finished
    ? (m.finished === 'human' ? t('you_win') : t('computer_wins'))
    : m.over ? '' : m.busy ? t('thinking') : t('your_turn');
  $(ids.status).className = `status ${m.finished ? (m.finished === 'human' ? 'won' : 'lost') : ''}`;
  $(ids.message).textContent = m.message;
  $(ids.message).className = m.failed ? 'message error' : 'message';
  $(ids.submit).disabled = $(ids.hint).disabled = m.over || m.busy;
  $(ids.undo).disabled = m.busy || m.history.length === 0;
  if (info) {
    const n = m.every ? info.every_notation : info.notation;
    $(ids.notation).textContent = lang === 'zh'
      ? `走法写作「${n.zh}」：${n.meaning_zh}（例如 ${n.example}）`
      : `A move is ${n.en}: ${n.meaning_en} (e.g. ${n.example}).`;
  }
  // A move that names the position it reaches (a script game's "move to 9") is not followed by
  // that position a second time.
  $(ids.log).replaceChildren(...m.log.map((e) => el('li', { class: e.who },
    `${e.who === 'human' ? t('you') : t('computer')}: ${e.description}`
    + (e.description.endsWith(e.shown) ? '' : `  ⇒  ${e.shown}`))));
}

/** Wires a move form, hint and undo buttons to a match. */
export function wireMatch(m, ids) {
  $(ids.form).addEventListener('submit', (e) => { e.preventDefault(); m.human($(ids.input).value); $(ids.input).value = ''; });
  $(ids.hint).addEventListener('click', () => m.hint());
  $(ids.undo).addEventListener('click', () => m.undo());
}
