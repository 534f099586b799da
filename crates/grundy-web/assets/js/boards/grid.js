// The board `grid`: the cells left to right, the last one the end; stone j of cell i moves it
// and those after it.
import { el } from '../dom.js';
import { t } from '../i18n.js';
import { MAX_DRAWN } from '../sizes.js';

/** Match `m`'s cells, the stones of every cell but the end buttons. */
export function draw(target, m) {
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
}
