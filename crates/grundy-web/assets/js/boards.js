// Boards of the playable rulesets, by the kind `GET /api/games` gives (`board`): `draw(target,
// match)` draws the match's position with its moves as buttons.
import { catalog } from './catalog.js';
import { el, parseNumbers } from './dom.js';
import { drawHackenbush, randomDrawing } from './hackenbush.js';
import { t } from './i18n.js';
import { drawPieces, randomPieces } from './pieces.js';

/** Stones drawn in one pile at most; the rest are counted. */
export const MAX_DRAWN = 24;
/** Steps (or twice as many cells) beyond which a board is not drawn: the position is shown as
 * numbers, and moves are typed. */
const MAX_PLACES = 40;

/**
 * Piles of stone buttons: stone j of pile i takes it and those after it. Under Every-SG play a
 * click picks that take for its pile (a second click on the pile's pick drops it), and the
 * button below plays the picks of every pile as one move.
 */
function drawPiles(target, m, piles) {
  // The take each pile's stones mark as hinted: under Every-SG, the hinted move's in that pile.
  const hint = (i) => (m.hinted?.kind === 'every' ? m.hinted.moves : [m.hinted]).find((c) => c?.pile === i);
  const picks = new Map();
  const submit = el('button', { type: 'button', class: 'every-submit', text: t('every_button'), disabled: '' });
  submit.addEventListener('click', () => {
    m.human([...picks].sort((a, b) => a[0] - b[0]).map(([i, take]) => `${i + 1} ${take}`).join('; '));
  });
  piles.forEach((p, i) => {
    const row = el('div', { class: 'row pile', 'data-pile': String(i) },
      el('span', { class: 'label', text: `${t('pile')} ${i + 1}` }));
    const stones = el('span', { class: 'stones' });
    const shown = () => stones.querySelectorAll('.stone').forEach((s, j) => {
      s.classList.toggle('picked', picks.has(i) && j >= p - picks.get(i));
    });
    const h = hint(i);
    if (p <= MAX_DRAWN * 2) {
      for (let j = 0; j < p; j++) {
        const take = p - j;
        const hinted = h && j >= h.to;
        stones.append(el('button', {
          type: 'button', class: hinted ? 'stone hinted' : 'stone',
          'aria-label': t('take_button', take, i + 1),
          'data-move': `${i + 1} ${take}`,
          onclick: m.every
            ? () => {
              if (picks.get(i) === take) picks.delete(i);
              else picks.set(i, take);
              shown();
              submit.disabled = picks.size === 0 || m.over || m.busy;
            }
            : () => m.human(`${i + 1} ${take}`),
        }));
      }
    } else {
      stones.append(el('span', { class: 'more', text: `${p}` }));
    }
    row.append(stones, el('span', { class: 'count', text: String(p) }));
    target.append(row);
  });
  if (m.every) target.append(el('p', { class: 'turn-bar' }, el('span', { class: 'hint', text: t('every_help') }), submit));
}

/**
 * A staircase: the ground, then steps 1, 2, … rising to the right, odd steps coloured. Options:
 * `m` (a match: stones are buttons that carry that stone and those above it down), `marks`
 * (step index → class), `labels` (step index → count text), `hinted` ({from, count}), `ground`
 * (a label for stones just carried to the ground).
 */
export function drawStairs(target, steps, { m = null, marks = {}, labels = {}, hinted = null, ground } = {}) {
  if (steps.length > MAX_PLACES) return tooLarge(target, steps);
  const row = el('div', { class: 'stairs', style: `--steps: ${steps.length}` });
  row.append(el('div', { class: ground ? 'step ground green' : 'step ground' },
    el('span', { class: 'pile-of' }, ground ? el('span', { class: 'landed', text: ground }) : null),
    el('span', { class: 'block', style: '--h: 0' }),
    el('span', { class: 'step-label', text: t('ground') })));
  steps.forEach((a, i) => {
    const odd = i % 2 === 0;
    const col = el('div', {
      class: ['step', odd ? 'odd' : 'even', marks[i] || ''].join(' ').trim(),
      'data-step': String(i + 1),
    });
    const pile = el('span', { class: 'pile-of' });
    const drawn = Math.min(a, MAX_DRAWN);
    for (let j = 0; j < drawn; j++) {
      const count = a - j; // stone j from the bottom: it and those above it
      const isHinted = hinted && hinted.from === i && count <= hinted.count;
      if (m) {
        pile.append(el('button', {
          type: 'button', class: isHinted ? 'stone hinted' : 'stone',
          'aria-label': t('carry_button', count, i + 1),
          'data-move': `${i + 1} ${count}`,
          onclick: () => m.human(`${i + 1} ${count}`),
        }));
      } else {
        pile.append(el('span', { class: 'stone', 'aria-hidden': 'true' }));
      }
    }
    if (a > MAX_DRAWN) pile.append(el('span', { class: 'more', text: `+${a - MAX_DRAWN}` }));
    col.append(pile,
      el('span', { class: 'block', style: `--h: ${i + 1}` }, el('span', { class: 'count', text: labels[i] ?? String(a) })),
      el('span', { class: 'step-label', text: String(i + 1) }));
    row.append(col);
  });
  target.append(row);
}

/**
 * Coins on a strip of cells 1, 2, …: each coin labelled with its number (as given), the free
 * cells coloured by the staircase step of their gap (odd steps coloured). With a match `m`, the
 * free cells are buttons that slide the coin to their right onto them.
 */
export function drawStrip(target, cells, { m = null, marks = {}, hinted = null } = {}) {
  const order = cells.map((c, i) => [c, i]).sort((a, b) => a[0] - b[0]);
  const last = order.length ? order[order.length - 1][0] : 0;
  if (last > MAX_PLACES * 2) return tooLarge(target, cells);
  const strip = el('div', { class: 'strip', style: `--cells: ${last}` });
  let k = 0; // index in `order` of the next coin to the right
  for (let c = 1; c <= last; c++) {
    while (order[k][0] < c) k++;
    const [cell, coin] = order[k];
    const step = order.length - k; // the gap before the k-th coin is step n − k
    if (cell === c) {
      strip.append(el('span', {
        class: ['cell', 'has-coin', marks[coin] || ''].join(' ').trim(),
        'aria-label': t('coin_label', coin + 1, c), title: t('coin_label', coin + 1, c),
      }, el('span', { class: 'coin', text: String(coin + 1) }), el('span', { class: 'cell-no', text: String(c) })));
    } else {
      const isHinted = hinted && hinted.coin === coin && hinted.to === c;
      const cls = `cell free ${step % 2 === 1 ? 'odd' : 'even'}${isHinted ? ' hinted' : ''}`;
      const label = el('span', { class: 'cell-no', text: String(c) });
      strip.append(m
        ? el('button', {
          type: 'button', class: cls, 'aria-label': t('slide_button', coin + 1, c),
          'data-move': `${coin + 1} ${c}`, onclick: () => m.human(`${coin + 1} ${c}`),
        }, label)
        : el('span', { class: cls }, label));
    }
  }
  target.append(strip);
}

/**
 * Coins of a coin-turning game: a row, or a grid for a product of rules (`corners`, `A*B`), each
 * coin a button showing H or T. A move is chosen by clicking its coins, then Turn; the coins of a
 * hinted move are marked. Places are numbered as the ruleset's help says (Winning Ways): from 0
 * for twins and mock, from 1 for the other rules, a grid's x by its first rule and y by its second.
 */
function turningPlaces(game, params) {
  const info = catalog.games.find((g) => g.game === game);
  const rule = params.rule ?? info?.params.find((p) => p.name === 'rule')?.default ?? '';
  const first = (r) => (r === 'twins' || r === 'mock' ? 0 : 1);
  const factors = rule === 'corners' ? ['twins', 'twins'] : rule.split(/[*×]/);
  const grid = factors.length === 2;
  return { grid, first: grid ? factors.map(first) : [first(rule), 0] };
}

/** A typed row of H and T (a grid's rows joined by `/`) as the heads coins' places, or null. */
function readTurning(text, game, params) {
  if (!/^[HT/]+$/.test(text.trim())) return null;
  const { grid, first: [fx, fy] } = turningPlaces(game, params);
  return text.trim().split('/').flatMap((row, j) => [...row].flatMap((c, i) => {
    if (c !== 'H') return [];
    return grid ? [fx + i, fy + j] : [fx + i];
  }));
}

function drawTurning(target, m) {
  const { grid, first: [fx, fy] } = turningPlaces(m.game, m.resume);
  const nums = m.resume.position;
  const heads = grid ? nums.filter((_, i) => i % 2 === 0).map((x, i) => [x, nums[2 * i + 1]]) : nums.map((x) => [x, fy]);
  const key = (x, y) => (grid ? `${x},${y}` : String(x));
  // The board keeps the size it started with (coins past the last heads coin stay drawn).
  const need = heads.reduce(([w, h], [x, y]) => [Math.max(w, x - fx + 1), Math.max(h, y - fy + 1)], [1, 1]);
  const size = m.log.length === 0 || !m.turnSize ? need : need.map((n, i) => Math.max(n, m.turnSize[i]));
  m.turnSize = size;
  if (size[0] * size[1] > MAX_PLACES * 4) return tooLarge(target, nums);
  const on = new Set(heads.map(([x, y]) => key(x, y)));
  const hinted = new Set((m.hinted?.places ?? []).map((p) => (grid ? key(p[0], p[1]) : String(p))));
  const picked = new Set();
  const turn = el('button', { type: 'button', class: 'turn-submit', text: t('turn_button'), disabled: '' });
  turn.addEventListener('click', () => {
    const places = [...picked].map((k) => k.split(',').map(Number))
      .sort((a, b) => a[0] - b[0] || (a[1] ?? 0) - (b[1] ?? 0));
    m.human(grid ? places.map((p) => p.join(',')).join(' ') : places.map((p) => p[0]).join(','));
  });
  const board = el('div', { class: 'turning', style: `--cols: ${size[0] + 1}` });
  board.append(el('span'), ...Array.from({ length: size[0] }, (_, i) => el('span', { class: 'cell-no', text: String(fx + i) })));
  for (let j = 0; j < size[1]; j++) {
    const y = fy + j;
    board.append(el('span', { class: 'cell-no', text: grid ? String(y) : '' }));
    for (let i = 0; i < size[0]; i++) {
      const k = key(fx + i, y);
      const face = on.has(k) ? 'H' : 'T';
      const coin = el('button', {
        type: 'button', class: `tcoin ${face === 'H' ? 'heads' : 'tails'}${hinted.has(k) ? ' hinted' : ''}`,
        'aria-label': t(face === 'H' ? 'coin_heads' : 'coin_tails', grid ? `(${k})` : k), 'data-place': k, text: face,
      });
      coin.addEventListener('click', () => {
        if (!picked.delete(k)) picked.add(k);
        coin.classList.toggle('picked', picked.has(k));
        turn.disabled = picked.size === 0 || m.over || m.busy;
      });
      board.append(coin);
    }
  }
  target.append(board, el('p', { class: 'turn-bar' }, el('span', { class: 'hint', text: t('turn_help') }), turn));
}

function tooLarge(target, numbers) {
  target.append(el('p', { class: 'position', text: `${numbers.join(' ')}  (${t('too_large')})` }));
}

export const BOARDS = {
  piles: {
    // Every stone is a button taking it and those after it; a move the rules refuse (over a
    // cap, outside a subtraction set) is answered by the server with the reason. Other moves
    // (both piles, splits, breaks) are typed.
    draw: (target, m) => drawPiles(target, m, m.resume.position),
  },
  stairs: {
    draw: (target, m) => drawStairs(target, m.resume.position, { m, hinted: m.hinted }),
  },
  grid: {
    draw(target, m) {
      // The cells left to right, the last one the end: stone j of cell i moves it and those after it.
      const cells = m.resume.position;
      const row = el('div', { class: 'grid-cells' });
      cells.forEach((a, i) => {
        const cell = el('div', { class: i === cells.length - 1 ? 'gcell end' : 'gcell', 'data-cell': String(i + 1) });
        const pile = el('span', { class: 'stones' });
        for (let j = 0; j < Math.min(a, MAX_DRAWN); j++) {
          const count = a - j;
          const hinted = m.hinted && m.hinted.kind === 'carry' && m.hinted.from === i && count <= m.hinted.count;
          pile.append(i === cells.length - 1
            ? el('span', { class: 'stone', 'aria-hidden': 'true' })
            : el('button', {
              type: 'button', class: hinted ? 'stone hinted' : 'stone', 'aria-label': t('grid_button', count, i + 1),
              'data-move': `${i + 1} ${count}`, onclick: () => m.human(`${i + 1} ${count}`),
            }));
        }
        if (a > MAX_DRAWN) pile.append(el('span', { class: 'more', text: `+${a - MAX_DRAWN}` }));
        cell.append(pile, el('span', { class: 'count', text: String(a) }), el('span', { class: 'cell-no', text: t('cell_n', i + 1) }));
        row.append(cell);
      });
      target.append(row);
    },
  },
  coins: {
    draw: (target, m) => drawStrip(target, m.resume.position, { m, hinted: m.hinted }),
  },
  // `read` turns a typed position other than numbers into them; `random` deals a position.
  // A drawing is typed inline, 0-1,1-2: the ends of each edge in turn.
  hackenbush: {
    draw: drawHackenbush, read: (text) => parseNumbers(text.replace(/-/g, ' ')), random: randomDrawing,
  },
  // Pieces are typed WxH (`4x2 3x3`): their widths and heights are the numbers.
  pieces: { draw: drawPieces, read: (text) => parseNumbers(text.replace(/[x×X]/g, ' ')), random: randomPieces },
  turning: { draw: drawTurning, read: readTurning },
  script: {
    // The state as the script writes it, and its options as buttons: a move is the state after it.
    draw(target, m) {
      target.append(el('p', { class: 'position script-state', text: m.resume.state }));
      const { options, count } = m.choices || { options: [], count: 0 };
      if (!options.length) return;
      target.append(el('p', { class: 'hint', text: t('options_label') }),
        el('div', { class: 'options', role: 'group', 'aria-label': t('options_label') },
          ...options.map((o) => el('button', {
            type: 'button', class: m.hinted && m.hinted.to === o ? 'option hinted' : 'option',
            'data-move': o, text: o, onclick: () => m.human(o),
          }))));
      if (count > options.length) target.append(el('p', { class: 'hint', text: t('more_options', count - options.length) }));
    },
  },
};
