// The Nim board: the explanation steps of the analysis, one frame each (the binary step gives one
// frame per pile, as the running XOR fills).
import { api } from './api.js';
import { $, el, answerBar, parseNumbers, randomPiles } from './dom.js';
import { lang, t } from './i18n.js';
import { MAX_DRAWN } from './sizes.js';
import { makeStepper } from './stepper.js';

/** The Nim board: its analysis, its frames, and its requests (`asked`: the latest one's number;
 * `waiting`: how many are in flight, shown as `aria-busy` on the board). */
const board = { analysis: null, frames: [], asked: 0, waiting: 0 };
export const nimSteps = makeStepper('step-', 'panel-nim', drawBoard);

const binary = (n, width) => n.toString(2).padStart(width, '0');
/** 2 to the power k, written with superscript digits (2⁰, 2¹, …): the place of bit k. */
const place = (k) => `2${[...String(k)].map((d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[d]).join('')}`;

/** A row of stones: `count` stones, those from `keep` on drawn as taken. */
function stoneRow(count, keep = count) {
  const row = el('span', { class: 'stones', 'aria-hidden': 'true' });
  for (let j = 0; j < Math.min(count, MAX_DRAWN); j++) {
    row.append(el('span', { class: j < keep ? 'stone' : 'stone taken' }));
  }
  if (count > MAX_DRAWN) row.append(el('span', { class: 'more', text: `+${count - MAX_DRAWN}` }));
  return row;
}

function framesOf(analysis) {
  const steps = analysis.explanation || [];
  const bin = steps.find((s) => s.step === 'binary');
  const lines = bin.text.split('\n');
  const frames = [{ kind: 'piles', upto: -1, caption: lines[0] }];
  bin.piles.forEach((_, i) => frames.push({ kind: 'xor', upto: i, caption: `${lines[0]}\n${(lines[i + 1] || '').trim()}` }));
  for (const s of steps) {
    if (s.step !== 'binary') frames.push({ kind: s.step, step: s, upto: bin.piles.length - 1, caption: s.text });
  }
  return frames;
}

export async function analyzeBoard(keepFrame = false) {
  $('nim-error').textContent = '';
  $('nim-piles').removeAttribute('aria-invalid');
  let piles;
  try {
    piles = parseNumbers($('nim-piles').value);
  } catch (e) {
    // The answer shown is of other piles: it goes until the piles are fixed.
    $('nim-error').textContent = e.message;
    $('nim-piles').setAttribute('aria-invalid', 'true');
    $('answer-bar').hidden = true;
    $('nim-todo').textContent = '';
    return;
  }
  const asked = ++board.asked;
  board.waiting += 1;
  $('nim-board').setAttribute('aria-busy', 'true');
  try {
    const analysis = await api('/api/analyze', {
      game: 'nim', position: piles, misere: $('nim-misere').checked,
      explain: true, lang, max_moves: 1,
    });
    // An answer to an earlier request that arrives late is not shown over a newer one.
    if (asked !== board.asked) return;
    board.analysis = analysis;
    board.frames = framesOf(analysis);
    nimSteps.reset(board.frames.length, keepFrame ? nimSteps.frame : 0);
  } catch (e) {
    if (asked === board.asked) $('nim-error').textContent = e.message;
  } finally {
    board.waiting -= 1;
    if (!board.waiting) $('nim-board').removeAttribute('aria-busy');
  }
}

function drawBoard() {
  const a = board.analysis;
  if (!a) return;
  const bin = a.explanation.find((s) => s.step === 'binary');
  const seen = board.frames.slice(0, nimSteps.frame + 1);
  const current = board.frames[nimSteps.frame];
  const reached = (kind) => seen.find((f) => f.kind === kind);
  const high = reached('highest_bit')?.step;
  const move = reached('move')?.step;
  const oneBig = reached('misere_one_big')?.step;
  const changed = move ? { pile: move.pile, after: move.after } : oneBig ? { pile: oneBig.pile, after: oneBig.after } : null;
  const width = bin.width;

  // Past 12 binary digits the columns narrow, past 32 (or on a phone) they go under the pile:
  // every pile the page takes (up to 2^53 − 1) stays inside the board.
  const size = width > 32 ? 'grid wide wider' : width > 12 ? 'grid wide' : 'grid';
  const grid = el('div', { class: size, style: `--bits: ${width}` });
  const head = el('div', { class: 'row head' },
    el('span', { class: 'label', text: t('pile') }),
    el('span', { class: 'stones-head', text: t('stones') }),
    el('span', { class: 'count', text: 'n' }));
  const headBits = el('span', { class: 'bits' });
  for (let k = width - 1; k >= 0; k--) {
    // A wide board names every fourth place only: the names would overlap.
    const named = width <= 12 || k % 4 === 0;
    headBits.append(el('span', { class: high && high.bit === k ? 'bit hb' : 'bit', text: named ? place(k) : '' }));
  }
  head.append(headBits);
  grid.append(head);

  bin.piles.forEach((p, i) => {
    const classes = ['row', 'pile'];
    if (current.kind === 'xor' && current.upto === i) classes.push('current');
    if (high && high.piles.includes(i) && !(changed && changed.pile === i)) classes.push('yellow');
    if (changed && changed.pile === i) classes.push('green');
    const shown = changed && changed.pile === i ? changed.after : p;
    const row = el('div', { class: classes.join(' '), 'data-pile': String(i) },
      el('span', { class: 'label', text: `${t('pile')} ${i + 1}` }),
      stoneRow(p, shown),
      el('span', { class: 'count', text: shown === p ? String(p) : `${p} → ${shown}` }));
    const bits = el('span', { class: 'bits', 'aria-label': binary(shown, width) });
    const digits = binary(shown, width);
    for (let k = width - 1; k >= 0; k--) {
      const c = ['bit'];
      if (high && high.bit === k) c.push('hb');
      if (digits[width - 1 - k] === '1') c.push('one');
      bits.append(el('span', { class: c.join(' '), text: digits[width - 1 - k] }));
    }
    row.append(bits);
    grid.append(row);
  });

  // The running XOR row: filled pile by pile.
  const upto = current.upto;
  const value = upto >= 0 ? bin.running_xor[upto] : null;
  const history = bin.running_xor.slice(0, upto + 1).join(' → ');
  const xorRow = el('div', { class: 'row xor', id: 'xor-row' },
    el('span', { class: 'label', text: t('xor') }),
    el('span', { class: 'history', id: 'xor-history', text: history }),
    el('span', { class: 'count', text: value === null ? '' : String(value) }));
  const xorBits = el('span', { class: 'bits' });
  const xd = value === null ? ' '.repeat(width) : binary(value, width);
  for (let k = width - 1; k >= 0; k--) {
    xorBits.append(el('span', { class: high && high.bit === k ? 'bit hb' : 'bit', text: xd[width - 1 - k] }));
  }
  xorRow.append(xorBits);
  grid.append(xorRow);
  const target = $('nim-board');
  target.replaceChildren(grid);
  if (bin.omitted > 0) target.append(el('p', { class: 'hint', text: t('more_piles', bin.omitted) }));

  // The panel of the winning move, or of the mirror strategy.
  const panel = $('nim-panel');
  const lines = [];
  const total = reached('total')?.step;
  if (total && total.total > 0) lines.push(t('panel_total', total.total, total.total.toString(2)));
  if (high) lines.push(t('panel_bit', high.bit, 2 ** high.bit, high.count));
  if (move) lines.push(t('panel_move', move.pile + 1, move.before, move.total, move.after));
  if (oneBig) lines.push(t('panel_one_big', oneBig.pile + 1, oneBig.before, oneBig.after));
  const mirror = reached('mirror')?.step || reached('misere_reply')?.step;
  if (mirror) {
    lines.push(t(mirror.step === 'mirror' ? 'panel_mirror' : 'panel_misere_reply'));
    lines.push(`${t('take', mirror.opponent.pile, mirror.opponent.from, mirror.opponent.to)}  ⇒  ${t('take', mirror.reply.pile, mirror.reply.from, mirror.reply.to)}`);
  }
  panel.replaceChildren(...lines.map((l) => el('p', { text: l })));
  panel.hidden = lines.length === 0;

  // The answer first, with what to do; the proof's steps follow one click at a time.
  answerBar($('answer-bar'), a, true);
  const first = a.winning_moves[0]?.change;
  $('nim-todo').textContent = first ? t('todo_win', t('take', first.pile, first.from, first.to)) : t('todo_lose');
  $('nim-caption').textContent = current.caption;
}
$('nim-form').addEventListener('submit', (e) => { e.preventDefault(); analyzeBoard(); });
$('nim-random').addEventListener('click', () => { $('nim-piles').value = randomPiles().join(' '); analyzeBoard(); });
$('nim-misere').addEventListener('change', () => analyzeBoard());
