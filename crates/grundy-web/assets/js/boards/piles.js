// The board `piles`: piles side by side, every stone a button taking it and those after it; a
// move the rules refuse (over a cap, outside a subtraction set) is answered by the server with
// the reason. Other moves (both piles, splits, breaks) are typed.
import { el } from '../dom.js';
import { t } from '../i18n.js';
import { MAX_DRAWN } from '../sizes.js';

/**
 * Piles of stone buttons: stone j of pile i takes it and those after it. Under Every-SG play a
 * click picks that take for its pile (a second click on the pile's pick drops it), and the
 * button below plays the picks of every pile as one move.
 */
export function draw(target, m) {
  const piles = m.resume.position;
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
