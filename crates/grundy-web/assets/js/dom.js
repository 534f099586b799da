// Page helpers every view shares: elements, numbers typed by the reader, the answer bar.
import { t } from './i18n.js';

/** The element of id `id`. */
export const $ = (id) => document.getElementById(id);
/** A new element: `attrs` are attributes, `class`, `text`, or `on…` listeners. */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}

/** The whole numbers of `text`, or an Error naming the bad token. */
export function parseNumbers(text) {
  const tokens = text.split(/[\s,]+/).filter(Boolean);
  if (tokens.length === 0) throw new Error(t('empty'));
  return tokens.map((tok) => {
    if (!/^\d+$/.test(tok)) throw new Error(t('bad_number', tok));
    const n = Number(tok);
    if (!Number.isSafeInteger(n)) throw new Error(t('too_big', tok));
    return n;
  });
}

/** Three to five piles of 1 to 12 stones. */
export function randomPiles() {
  const count = 3 + Math.floor(Math.random() * 3);
  return Array.from({ length: count }, () => 1 + Math.floor(Math.random() * 12));
}

/** The verdict of each outcome class: the first player wins or loses, a draw (a loopy game),
 * Left or Right wins whoever starts (a partizan game). */
const VERDICTS = { N: 'first_wins', P: 'first_loses', D: 'draw_outcome', L: 'left_wins', R: 'right_wins' };

/**
 * The answer bar of an analysis: its outcome class and its value (`grundy`, a nim-value, or
 * `value`, another kind of value, written as the JSON gives it), shown once `decided`.
 */
export function answerBar(bar, a, decided) {
  bar.hidden = !decided;
  bar.className = `answer ${a.outcome === 'N' ? 'win' : a.outcome === 'P' ? 'lose' : 'tie'}`;
  const value = a.grundy != null ? ` · ${t('grundy', a.grundy)}` : a.value != null ? ` · ${t('value', a.value)}` : '';
  bar.textContent = t(VERDICTS[a.outcome] ?? 'first_loses') + value;
}
