// The board `stairs` (staircase Nim), and the staircase the Staircase tab draws its proof on.
import { el } from '../dom.js';
import { t } from '../i18n.js';
import { MAX_DRAWN, MAX_PLACES, tooLarge } from '../sizes.js';

/**
 * A staircase: the ground, then steps 1, 2, … rising to the right, odd steps coloured. Options:
 * `m` (a match: stones are buttons that carry that stone and those above it down), `marks`
 * (step index → class), `labels` (step index → count text), `hinted` ({from, count}), `ground`
 * (a label for stones just carried to the ground).
 */
export function drawStairs(target, steps, { m = null, marks = {}, labels = {}, hinted = null, ground } = {}) {
  if (steps.length > MAX_PLACES) return tooLarge(target, steps.join(' '));
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

/** Match `m`'s staircase, its stones buttons. */
export function draw(target, m) {
  drawStairs(target, m.resume.position, { m, hinted: m.hinted });
}
