// The board `fibonacci` (k-multiple dynamic subtraction): one pile of stones, each a button that
// takes it and those after it; the stones past the cap are faded, not buttons. The cap, the most
// this move may take, is shown with the rule that sets it. Its words are its own, in both
// languages.
import { el } from '../dom.js';
import { lang } from '../i18n.js';
import { MAX_DRAWN, tooLarge } from '../sizes.js';

const WORDS = {
  en: {
    take: (n) => `take ${n}`,
    cap: (c, k) => `this move takes 1 to ${c}; the next at most ${k} × this take`,
  },
  zh: {
    take: (n) => `取走 ${n} 个`,
    cap: (c, k) => `本步可取 1 到 ${c} 个；下一步至多取本步的 ${k} 倍`,
  },
};

/**
 * Match `m`'s pile `[pile, cap]` (as typed, `[pile]` before the first move: the cap is the pile
 * less one): stone j takes it and those after it, if that is within the cap.
 */
export function draw(target, m) {
  const [pile, cap = Math.max(pile - 1, 0)] = m.resume.position;
  const k = m.resume.k ?? '2';
  const words = WORDS[lang] ?? WORDS.en;
  if (pile > MAX_DRAWN * 2) return tooLarge(target, `${pile} ${cap}`);
  const hinted = m.hinted?.kind === 'take_capped' ? m.hinted.to : null;
  const stones = el('span', { class: 'stones' });
  for (let j = 0; j < pile; j++) {
    const take = pile - j;
    const cls = hinted !== null && j >= hinted ? 'stone hinted' : 'stone';
    stones.append(take <= cap
      ? el('button', {
        type: 'button', class: cls, 'aria-label': words.take(take),
        'data-move': String(take), onclick: () => m.human(String(take)),
      })
      : el('span', { class: cls, style: 'opacity: 0.35', 'aria-hidden': 'true' }));
  }
  target.append(
    el('div', { class: 'row pile', 'data-pile': '0' }, stones, el('span', { class: 'count', text: String(pile) })),
    el('p', { class: 'cap', text: words.cap(cap, k) }),
  );
}
