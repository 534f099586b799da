// The Stone Game (two ends): piles coloured by the parity of their place, the first player's
// strategy against a greedy opponent move by move, and for odd rows the interval DP table.
import { api } from './api.js';
import { $, el, parseNumbers, randomPiles } from './dom.js';
import { lang, t } from './i18n.js';
import { makeStepper } from './stepper.js';

const stones = { result: null, moves: [], totals: null };
export const stoneSteps = makeStepper('st-step-', 'panel-stones', drawStones);

export async function analyzeStones(keepFrame = false) {
  $('st-error').textContent = '';
  let piles;
  try {
    piles = parseNumbers($('st-piles').value);
  } catch (e) {
    $('st-error').textContent = e.message;
    return;
  }
  try {
    const v = await api('/api/stones', { piles, explain: true, lang, max_moves: 2 });
    stones.result = v;
    const game = v.parity ? v.parity.against_greedy : v.against_greedy;
    stones.moves = game ? game.moves : [];
    stones.totals = game ? game.totals : null;
    stoneSteps.reset(stones.moves.length + 1, keepFrame ? stoneSteps.frame : 0);
  } catch (e) {
    $('st-error').textContent = e.message;
  }
}

function drawStones() {
  const v = stones.result;
  if (!v) return;
  const k = stoneSteps.frame; // moves made
  const made = stones.moves.slice(0, k);
  const taken = new Map(made.map((mv, i) => [mv.pile, i % 2 === 0 ? 'first' : 'second']));
  const cls = (i) => (i % 2 === 0 ? 'odd' : 'even');
  const locked = v.parity ? (v.parity.class === 'odd' ? 0 : 1) : null;

  $('st-legend').replaceChildren(
    el('span', { class: 'key' }, el('span', { class: 'swatch odd' }), ` ${t('class_odd')}` + (v.parity ? ` = ${v.parity.odd_sum}` : '')),
    el('span', { class: 'key' }, el('span', { class: 'swatch even' }), ` ${t('class_even')}` + (v.parity ? ` = ${v.parity.even_sum}` : '')));

  const row = el('div', { class: 'chips' });
  v.position.forEach((p, i) => {
    const by = taken.get(i);
    const last = k > 0 && stones.moves[k - 1].pile === i;
    row.append(el('span', {
      class: ['chip', cls(i), by ? `taken by-${by}` : '', last ? 'last' : '', locked === i % 2 ? 'locked' : ''].join(' ').replace(/\s+/g, ' ').trim(),
      'data-pile': String(i + 1), title: `${t('pile')} ${i + 1}: ${p}`,
    }, el('span', { class: 'value', text: String(p) }), el('span', { class: 'index', text: String(i + 1) })));
  });
  $('st-board').replaceChildren(row);

  // Score chips: what each player has taken so far.
  const trays = ['first', 'second'].map((who, w) => {
    const mine = made.filter((_, i) => i % 2 === w);
    const sum = mine.reduce((s, mv) => s + mv.stones, 0);
    return el('div', { class: `tray ${who}`, 'data-player': who },
      el('span', { class: 'label', text: w === 0 ? t('first_player') : t('second_greedy') }),
      el('span', { class: 'tray-chips' }, ...mine.map((mv) => el('span', { class: `chip small ${cls(mv.pile)}`, text: String(mv.stones) }))),
      el('span', { class: 'total', text: String(sum) }));
  });
  $('st-scores').replaceChildren(...trays);

  // The strategy, the move just made, and at the end the final score.
  const lines = [];
  if (v.parity) {
    lines.push(t('st_lock', v.parity.class === 'odd' ? t('class_odd') : t('class_even'), t(v.parity.end), v.parity.guaranteed.first, v.parity.guaranteed.second));
  } else if (v.position.length > 0) {
    lines.push(t('st_odd', v.position.length));
  }
  if (v.totals) lines.push(t('st_optimal', v.totals.first, v.totals.second));
  $('st-panel').replaceChildren(...lines.map((l) => el('p', { text: l })));
  $('st-panel').hidden = lines.length === 0;
  const mv = stones.moves[k - 1];
  $('st-caption').textContent = mv ? t('st_took', (k - 1) % 2 === 0, t(mv.end), mv.pile + 1, mv.stones) : t('st_start');

  const end = k === stones.moves.length && stones.totals;
  const verdict = $('st-verdict');
  verdict.hidden = !end;
  if (end) {
    const { first, second } = stones.totals;
    const key = first > second ? 'st_first_wins' : first < second ? 'st_second_wins' : 'st_tie';
    verdict.className = `answer ${first > second ? 'win' : first < second ? 'lose' : 'tie'}`;
    verdict.textContent = `${t('st_final', first, second)}${lang === 'zh' ? '：' : ': '}${t(key)}`;
  }

  // The interval DP table, for odd rows (the library gives it up to 8 piles).
  const table = (v.explanation || []).find((s) => s.step === 'table');
  const box = $('st-table');
  box.hidden = Boolean(v.parity) || v.position.length === 0;
  if (!box.hidden) {
    box.replaceChildren(table ? dpTable(table) : el('p', { class: 'hint', text: t('st_table_later', v.position.length) }));
  }
}

function dpTable(step) {
  const n = step.values.length;
  const head = el('tr', {}, el('th', { text: 'i \\ j' }), ...step.values.map((p, j) => el('th', { scope: 'col', class: j % 2 === 0 ? 'odd' : 'even' }, `${j + 1}`, el('small', { text: ` (${p})` }))));
  const rows = step.rows.map((row, i) => el('tr', {},
    el('th', { scope: 'row', text: String(i + 1) }),
    ...Array.from({ length: n }, (_, j) => {
      if (j < i) return el('td', { class: 'blank' });
      const d = row[j - i];
      return el('td', { class: i === 0 && j === n - 1 ? 'answer-cell' : '', text: String(d) });
    })));
  return el('div', {}, el('p', { class: 'hint', text: t('st_table') }),
    el('table', { class: 'dp-table' }, el('thead', {}, head), el('tbody', {}, ...rows)));
}

$('st-form').addEventListener('submit', (e) => { e.preventDefault(); analyzeStones(); });
$('st-random').addEventListener('click', () => { $('st-piles').value = randomPiles().join(' '); analyzeStones(); });
