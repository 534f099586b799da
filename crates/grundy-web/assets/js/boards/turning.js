// The board `turning`: the coins of a coin-turning game, a row, or a grid for a product of rules
// (`corners`, `A*B`), each coin a button showing H or T. A move is chosen by clicking its coins,
// then Turn; the coins of a hinted move are marked. A position is typed as its faces (HTTH, a
// grid's rows joined by `/`) or as the places of its heads coins.
import { catalog } from '../catalog.js';
import { el } from '../dom.js';
import { t } from '../i18n.js';
import { MAX_PLACES, tooLarge } from '../sizes.js';

/**
 * How the coins of `game` under `params` are placed: `grid` (a product of two rules) and `first`,
 * the numbers of the first column and row. Places are numbered as the ruleset's help says
 * (Winning Ways): from 0 for twins and mock, from 1 for the other rules, a grid's x by its first
 * rule and y by its second.
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
export function read(text, game, params) {
  if (!/^[HT/]+$/.test(text.trim())) return null;
  const { grid, first: [fx, fy] } = turningPlaces(game, params);
  return text.trim().split('/').flatMap((row, j) => [...row].flatMap((c, i) => {
    if (c !== 'H') return [];
    return grid ? [fx + i, fy + j] : [fx + i];
  }));
}

/** Match `m`'s coins, each a button that picks it for the next Turn. */
export function draw(target, m) {
  const { grid, first: [fx, fy] } = turningPlaces(m.game, m.resume);
  const nums = m.resume.position;
  const heads = grid ? nums.filter((_, i) => i % 2 === 0).map((x, i) => [x, nums[2 * i + 1]]) : nums.map((x) => [x, fy]);
  const key = (x, y) => (grid ? `${x},${y}` : String(x));
  // The board keeps the size it started with (coins past the last heads coin stay drawn).
  const need = heads.reduce(([w, h], [x, y]) => [Math.max(w, x - fx + 1), Math.max(h, y - fy + 1)], [1, 1]);
  const size = m.log.length === 0 || !m.turnSize ? need : need.map((n, i) => Math.max(n, m.turnSize[i]));
  m.turnSize = size;
  if (size[0] * size[1] > MAX_PLACES * 4) return tooLarge(target, nums.join(' '));
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
