// The board `coins` (coins sliding left on a strip), and the strip the Staircase tab draws over
// the staircase of the gaps.
import { el } from '../dom.js';
import { t } from '../i18n.js';
import { MAX_PLACES, tooLarge } from '../sizes.js';

/**
 * Coins on a strip of cells 1, 2, …: each coin labelled with its number (as given), the free
 * cells coloured by the staircase step of their gap (odd steps coloured). With a match `m`, the
 * free cells are buttons that slide the coin to their right onto them.
 */
export function drawStrip(target, cells, { m = null, marks = {}, hinted = null } = {}) {
  const order = cells.map((c, i) => [c, i]).sort((a, b) => a[0] - b[0]);
  const last = order.length ? order[order.length - 1][0] : 0;
  if (last > MAX_PLACES * 2) return tooLarge(target, cells.join(' '));
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

/** Match `m`'s strip, its free cells buttons. */
export function draw(target, m) {
  drawStrip(target, m.resume.position, { m, hinted: m.hinted });
}
